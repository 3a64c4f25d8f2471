import Foundation
import IndoorCore

enum SearchCommand {
    static let definition = CommandDefinition(
        path: ["search"],
        synopsis: "QUERY [--near PLACE] [--level L] [--category C] [--limit N] [--lang LANG] [--json] [--venue PATH]",
        abstract: "Find POIs by name, room number or category (typo-tolerant, any language).",
        discussion: """
            Finds POIs, rooms, amenities, elevators, escalators, stairs and entrances by name, room number or category,
            in any language the venue has, and by everyday words in English, French, German and Russian ("tickets",
            "Fahrkarten", "lunch", "gift shop", "ladies room", "Aufzug"); typos and unfinished words are tolerated. A
            whole name ranks first (a room number with its separators: R0-1-1-5 before R0-0-1-5; "mc donalds" for
            McDonald's). `category:X` as the query lists every POI of category X (nearest first with --near).
            """,
        operand: .init(name: "QUERY", kind: .other),
        groups: [OptionGroup(title: "OPTIONS", options: [
            .value("--near", "PLACE", help: "Rank equally relevant results by walking distance from PLACE (an id, a name or "
                   + "LON,LAT@LEVEL), on the routing graph; unreachable results come last."),
            .value("--level", "L", help: "Only results on level L (an ordinal such as 0 or -1, or a level id)."),
            .value("--category", "C", help: "Only results of category C (or a synonym: toilet, lift, cafe…)."),
            .value("--limit", "N", help: "At most N results (default 10)."),
            .value("--lang", "LANG", help: "Display language for names."),
            .flag("--json", help: #"{"query", "results": [{id, name, category, level, coordinate, score, distance}]} "#
                  + "(distance: metres walked, with --near)."),
        ] + OptionDefinition.venueSource)])

    static func run(_ words: [String]) throws -> ExitStatus {
        guard var args = try definition.arguments(words) else { return .success }
        let options = try CommonOptions(&args)
        let nearText = try args.option("--near")
        let levelText = try args.option("--level")
        let category = try args.option("--category")
        let limitText = try args.option("--limit")
        guard let text = args.positional() else { throw args.missing("QUERY") }
        try args.finish()
        var request = SearchRequest(query: text, near: nearText, level: levelText, category: category, language: options.language)
        if let limitText {
            guard let limit = Int(limitText), limit > 0 else {
                throw UsageError("--limit takes a positive whole number, not \(limitText)", command: args.command)
            }
            request.limit = limit
        }
        let venue = try options.prepareVenue()
        let hits: [SearchHit]
        do {
            hits = try venue.search(request)
        } catch let error as RequestError {
            throw UsageError(error.field == .query ? "QUERY \(error.reason)" : "--\(error.field.rawValue) \(error.reason)", command: args.command)
        }
        let languages = options.languages
        if options.json {
            Output.json(SearchResponse(query: text, hits: hits, languages: languages))
            return .success
        }
        if hits.isEmpty {
            Output.error("no result for \"\(text)\"\(IncompleteVenue.note)")
            return .success
        }
        for (i, hit) in hits.enumerated() {
            let poi = hit.poi
            let name = poi.displayName(for: languages)
            let level = hit.level.map { $0.displayName(for: languages) } ?? poi.levelID
            var line = "\(i + 1). \(name)"
            if let ref = poi.ref, !name.contains(ref) { line += " (\(ref))" }
            line += " — \(poi.category), \(hit.building.map { "\($0), " } ?? "")\(level)\(hit.result.levelOrdinal.map { " [\($0.formatted(.number))]" } ?? "")"
            if let d = hit.result.distance { line += ", \(InstructionLanguage(tag: options.language).distance(d))" }
            Output.line(line + "  \(poi.id)")
        }
        return .success
    }
}
