import Foundation
import IndoorGeometry
import IndoorRouting
import IndoorSearch
import IndoorVenue

enum SearchCommand {
    static let help = """
        USAGE: indoornav search QUERY [--near PLACE] [--level L] [--category C] [--limit N] [--lang LANG] [--json] [--venue PATH]

        Finds POIs, rooms, amenities, elevators, escalators, stairs and entrances by name, room number or category,
        in any language the venue has, and by everyday words in English, French, German and Russian ("tickets",
        "Fahrkarten", "lunch", "gift shop", "ladies room", "Aufzug"); typos and unfinished words are tolerated. A
        whole name ranks first (a room number with its separators: R0-1-1-5 before R0-0-1-5; "mc donalds" for
        McDonald's). `category:X` as the query lists every POI of category X (nearest first with --near).

        OPTIONS:
          --near PLACE    Rank equally relevant results by walking distance from PLACE (an id, a name or
                          LON,LAT@LEVEL), on the routing graph; unreachable results come last.
          --level L       Only results on level L (an ordinal such as 0 or -1, or a level id).
          --category C    Only results of category C (or a synonym: toilet, lift, cafe…).
          --limit N       At most N results (default 10).
          --lang LANG     Display language for names.
          --json          {"query", "results": [{id, name, category, level, coordinate, score, distance}]}
                          (distance: metres walked, with --near).
          --venue PATH    An IMDF folder or archive, or an OSM file (.osm, .osm.pbf; default: the embedded sample venue).
          --venue-name NAME
                          Pick a station, building or mall by name out of an OSM extract.
          --bbox W,S,E,N  Pick what lies in a box (degrees) out of an OSM extract.
          --strict        Only what the venue data draws: no inferred corridors or entrances.
        """

    static func run(_ words: [String]) throws -> ExitStatus {
        var args = Arguments(words, command: "indoornav search")
        if args.wantsHelp() {
            Output.line(help)
            return .success
        }
        let options = try CommonOptions(&args)
        let nearText = try args.option("--near")
        let levelText = try args.option("--level")
        let category = try args.option("--category")
        let limitText = try args.option("--limit")
        guard let text = args.positional() else { throw UsageError("missing QUERY", command: args.command) }
        try args.finish()
        var query = SearchQuery(text)
        if let limitText {
            guard let limit = Int(limitText), limit > 0 else {
                throw UsageError("--limit takes a positive whole number, not \(limitText)", command: args.command)
            }
            query.limit = limit
        }
        query.category = category

        let venue = try options.loadVenue()
        let index = SearchIndex(venue: venue)
        if let levelText { query.levelIDs = [try CommonOptions.level(levelText, in: venue).id] }
        if let nearText {
            let place = try index.place(nearText)
            query.near = (place.coordinate, place.levelID)
        }
        var walking: ((POI) -> Double?)?
        if let near = query.near, let from = try? venue.frame.project(near.coordinate) {
            // Rank by walking distance on the routing graph.
            let router = Router(graph: NavigationGraph(venue: venue))
            let start = RouteEnd(point: from, levelID: near.levelID, label: "here")
            walking = { poi in
                guard let to = try? venue.frame.project(poi.coordinate) else { return nil }
                return try? router.route(from: start, to: RouteEnd(point: to, levelID: poi.levelID, label: "there")).distance
            }
        }
        let results = index.search(query, walkingDistance: walking)
        let languages = options.languages
        let levels = Dictionary(venue.levels.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if options.json {
            Output.json(.object([
                "query": .string(text),
                "results": .array(results.map { r in
                    var o: [String: JSONValue] = [
                        "id": .string(r.poi.id),
                        "name": .string(r.poi.displayName(for: languages)),
                        "category": .string(r.poi.category),
                        "kind": .string(r.poi.kind.rawValue),
                        "level": .number(r.levelOrdinal),
                        "coordinate": .array([.number(r.poi.coordinate.longitude), .number(r.poi.coordinate.latitude)]),
                        "score": .number((r.score * 1000).rounded() / 1000),
                    ]
                    if let ref = r.poi.ref { o["ref"] = .string(ref) }
                    if let d = r.distance { o["distance"] = .number((d * 10).rounded() / 10) }
                    return .object(o)
                }),
            ]))
            return .success
        }
        if results.isEmpty {
            Output.error("no result for \"\(text)\"")
            return .success
        }
        for (i, r) in results.enumerated() {
            let name = r.poi.displayName(for: languages)
            let level = levels[r.poi.levelID].map { $0.name.resolved(for: languages) ?? $0.ordinalText } ?? r.poi.levelID
            var line = "\(i + 1). \(name)"
            if let ref = r.poi.ref, !name.contains(ref) { line += " (\(ref))" }
            line += " — \(r.poi.category), \(level) [\(r.levelOrdinal.formatted(.number))]"
            if let d = r.distance { line += String(format: ", %.0f m", d) }
            Output.line(line + "  \(r.poi.id)")
        }
        return .success
    }
}
