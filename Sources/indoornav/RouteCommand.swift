import Foundation
import IndoorGeometry
import IndoorRouting
import IndoorSearch
import IndoorVenue

enum RouteCommand {
    static let help = """
        USAGE: indoornav route --from PLACE --to PLACE [--via PLACE]... [--profile P] [--avoid ID]... [--non-public]
                               [--format text|json|geojson] [--lang en|fr] [--render FILE [--force]] [--venue PATH]

        Computes the itinerary a person would walk: around corners, through doors, up and down stairs, elevators
        and escalators, with turn-by-turn instructions.

        PLACE is a POI, space, opening or connector-stop id, a name (the best search result: a whole name wins, then
        the nearest of equally good ones; when several tie, a note on stderr says which was taken and the ids of the
        others), LON,LAT@LEVEL (LEVEL an ordinal such as 0, -1, 0.5, or a level id), or category:C for the nearest
        POI of category C by walking time. Elevators, escalators, stairs and entrances are places too ("Elevator B",
        "Aufzug", "main entrance").

        OPTIONS:
          --via PLACE       Stop here on the way (repeatable, in order).
          --profile P       default | accessible (no stairs or escalators) | avoid-elevators | avoid-escalators.
          --avoid ID        A space, opening or connector id that is closed (repeatable).
          --non-public      Allow crossing staff-only and restricted areas.
          --format F        text (default), json, or geojson (RFC 7946, a LineString per leg and a Point per step).
          --lang L          Instruction language: en (default), fr, de or ru; names follow it with fallback.
          --render FILE     Also draw the itinerary (.png, .svg or .pdf): one panel per level it visits.
          --force           Overwrite FILE if it exists.
          --venue PATH      An IMDF folder or archive, or an OSM file (.osm, .osm.pbf; default: the embedded sample venue).
          --venue-name NAME
                            Pick a station, building or mall by name out of an OSM extract.
          --bbox W,S,E,N    Pick what lies in a box (degrees) out of an OSM extract.
          --strict          Only what the venue data draws: no inferred corridors or entrances.
        """

    static func run(_ words: [String]) throws -> ExitStatus {
        var args = Arguments(words, command: "indoornav route")
        if args.wantsHelp() {
            Output.line(help)
            return .success
        }
        var options = try CommonOptions(&args)
        guard let fromText = try args.option("--from") else { throw UsageError("missing --from PLACE", command: args.command) }
        guard let toText = try args.option("--to") else { throw UsageError("missing --to PLACE", command: args.command) }
        var vias: [String] = []
        while let v = try args.option("--via", first: true) { vias.append(v) }
        var avoid: Set<String> = []
        while let a = try args.option("--avoid", first: true) { avoid.insert(a) }
        let profile = try profileOption(&args)
        let nonPublic = args.flag("--non-public")
        let renderPath = try args.option("--render")
        let force = args.flag("--force")
        let format = try args.option("--format") ?? (options.json ? "json" : "text")
        guard ["text", "json", "geojson"].contains(format) else {
            throw UsageError("unknown format \(format) (text, json, geojson)", command: args.command)
        }
        try args.finish()
        if options.language == nil { options.language = "en" }
        let language = InstructionLanguage(tag: options.language)

        let venue = try options.loadVenue()
        let known = Set(venue.spaces.map(\.id) + venue.openings.map(\.id) + venue.connectors.map(\.id))
        if let unknown = avoid.sorted().first(where: { !known.contains($0) }) {
            throw UsageError("--avoid \(unknown) names no space, opening or connector of this venue", command: "indoornav route")
        }
        let routing = RoutingOptions(profile: profile, closed: avoid, includeNonPublic: nonPublic)
        let plan = try plan(venue: venue, from: fromText, vias: vias, to: toText, options: routing,
                            language: language, languages: options.languages)
        let (itinerary, fromName, toName) = (plan.itinerary, plan.origin, plan.destination.end.label)
        switch format {
        case "json": Output.json(RouteOutput.json(itinerary, from: fromName, to: toName))
        case "geojson": Output.json(RouteOutput.geoJSON(itinerary))
        default:
            RouteOutput.text(itinerary, from: fromName, to: toName, venue: venue, languages: options.languages, language: language)
            // A place on a level with no walkable space is reached on the nearest floor that has one: say so.
            for (name, asked, reached) in [(fromName, plan.originLevelID, itinerary.legs.first?.levelID),
                                           (toName, plan.destination.end.levelID, itinerary.legs.last?.levelID)] {
                guard let reached, let a = venue.level(id: asked), let r = venue.level(id: reached), a.ordinal != r.ordinal else { continue }
                Output.line("(\(name) is on level \(a.ordinalText), which has no walkable space mapped: the route goes to level \(r.ordinalText), \(r.ordinal < a.ordinal ? "below" : "above") it)")
            }
        }
        if let renderPath {
            try RenderCommand.renderItinerary(itinerary, venue: venue, to: renderPath, size: (1200, 900), style: .light,
                                              languages: options.languages, force: force)
            Output.error("wrote \(renderPath)")
        }
        return .success
    }

    /// `--profile P` (default when absent).
    static func profileOption(_ args: inout Arguments) throws(UsageError) -> RoutingOptions.Profile {
        let text = try args.option("--profile") ?? "default"
        guard let profile = RoutingOptions.Profile(rawValue: text) else {
            throw UsageError("unknown profile \(text) (default, accessible, avoid-elevators, avoid-escalators)", command: args.command)
        }
        return profile
    }

    /// An itinerary through named places: the start's name, and the stop it ends at (where a reroute goes).
    struct Plan {
        let itinerary: Itinerary
        let origin: String
        let originLevelID: String
        let destination: Waypoint
    }

    /// Resolves the places and routes through them; `to` may be `category:C` (the nearest by walking time).
    static func plan(venue: Venue, graph: NavigationGraph? = nil, from fromText: String, vias: [String] = [], to toText: String,
                     options routing: RoutingOptions, language: InstructionLanguage, languages: [String]) throws -> Plan {
        let index = SearchIndex(venue: venue)
        let router = Router(graph: graph ?? NavigationGraph(venue: venue))
        // Each name is resolved near the stop before it ("Women's restroom" is the one on the way, not any one).
        var stops = [try Waypoint(resolving: fromText, in: index, languages: languages)]
        noteTies(fromText, in: index, after: nil, languages: languages)
        for v in vias {
            noteTies(v, in: index, after: stops.last, languages: languages)
            stops.append(try Waypoint(resolving: v, in: index, languages: languages, after: stops.last))
        }
        if toText.hasPrefix("category:") {
            let (itinerary, destination) = try nearest(category: String(toText.dropFirst("category:".count)), stops: stops,
                                                       index: index, router: router, options: routing, language: language,
                                                       languages: languages)
            return Plan(itinerary: itinerary, origin: stops[0].end.label, originLevelID: stops[0].end.levelID, destination: destination)
        }
        noteTies(toText, in: index, after: stops.last, languages: languages)
        let destination = try Waypoint(resolving: toText, in: index, languages: languages, after: stops.last)
        let itinerary = try router.itinerary(through: stops + [destination], options: routing, language: language, names: languages)
        return Plan(itinerary: itinerary, origin: stops[0].end.label, originLevelID: stops[0].end.levelID, destination: destination)
    }

    /// When several places match a name equally well, says on stderr which one was taken (the nearest to the stop
    /// before it) and how to name each other one: by its id, which always names one place.
    static func noteTies(_ text: String, in index: SearchIndex, after previous: Waypoint?, languages: [String]) {
        let venue = index.venue
        let near = previous.flatMap { p in (try? venue.frame.unproject(p.end.point)).map { ($0, p.end.levelID) } }
        guard let resolution = try? index.resolve(text, near: near), case .poi(let taken) = resolution.place,
              !resolution.alternatives.isEmpty else { return }
        func described(_ poi: POI) -> String {
            let level = venue.level(id: poi.levelID)
            let levelName = level.map { ($0.name.resolved(for: languages) ?? "Level \($0.ordinalText)") + " [\($0.ordinalText)]" } ?? poi.levelID
            return "\(poi.displayName(for: languages)) on \(levelName)"
        }
        let how = near == nil ? "" : " (the nearest to the stop before it)"
        Output.error("note: \"\(text)\" matches \(resolution.alternatives.count + 1)\(resolution.alternatives.count >= 3 ? " or more" : "") places equally well; "
                     + "took \(described(taken)), id \(taken.id)\(how). To go to another, name it by its id:")
        for other in resolution.alternatives { Output.error("  \(described(other.poi)): \(other.poi.id)") }
    }

    /// The nearest POI of a category by walking time: the ten nearest in a straight line are routed to, the
    /// quickest wins (a straight line is a lower bound of a walk, so the quickest is almost always among them).
    static func nearest(category: String, stops: [Waypoint], index: SearchIndex, router: Router, options: RoutingOptions,
                        language: InstructionLanguage, languages: [String]) throws -> (Itinerary, Waypoint) {
        guard let last = stops.last else { throw UsageError("missing --from", command: "indoornav route") }
        var query = SearchQuery("", limit: 10)
        query.category = category
        query.near = ((try? index.venue.frame.unproject(last.end.point)) ?? last.end.point, last.end.levelID)
        let candidates = index.search(query)
        guard !candidates.isEmpty else { throw PlaceError.notFound(text: "category:\(category)", suggestions: []) }
        var best: (itinerary: Itinerary, destination: Waypoint)?
        var firstError: (any Error)?
        for c in candidates {
            let poi = c.poi
            guard let point = try? index.venue.frame.project(poi.coordinate) else { continue }
            let target = Waypoint(end: RouteEnd(point: point, levelID: poi.levelID, label: poi.name.resolved(for: languages) ?? poi.category))
            do {
                let it = try router.itinerary(through: stops + [target], options: options, language: language, names: languages)
                if it.duration < best?.itinerary.duration ?? .infinity { best = (it, target) }
            } catch {
                firstError = firstError ?? error
            }
        }
        if let best { return best }
        throw firstError ?? PlaceError.notFound(text: "category:\(category)", suggestions: [])
    }
}

enum RouteOutput {
    static func minutes(_ seconds: Double) -> String {
        seconds < 60 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds / 60).rounded())) min"
    }

    static func text(_ it: Itinerary, from: String, to: String, venue: Venue, languages: [String], language: InstructionLanguage = .en) {
        Output.line("\(from) → \(to): \(Int(it.distance.rounded())) m, about \(minutes(it.duration))")
        if it.startSnap > 1 || it.endSnap > 1 {
            Output.line(String(format: "(start moved %.1f m and destination %.1f m onto walkable space)", it.startSnap, it.endSnap))
        }
        var n = 0
        for leg in it.legs {
            let level = venue.level(id: leg.levelID)
            let name = level.map { $0.name.resolved(for: languages) ?? "Level \($0.ordinalText)" } ?? leg.levelID
            Output.line("")
            Output.line("\(name) [\(level?.ordinalText ?? "?")] — \(Int(leg.distance.rounded())) m, \(minutes(leg.duration))")
            for step in leg.steps {
                n += 1
                var line = "  \(n). \(step.instruction)"
                // Rounded as people say distances, written as the instruction language writes them.
                if step.distance >= 0.5 { line += " — \(language.distance(step.distance))" }
                Output.line(line)
            }
        }
    }

    static func number(_ x: Double, _ digits: Double = 10) -> JSONValue { .number((x * digits).rounded() / digits) }

    static func stepJSON(_ s: ItineraryStep) -> JSONValue {
        var o: [String: JSONValue] = [
            "maneuver": .string(s.maneuver.type),
            "instruction": .string(s.instruction),
            "distance": number(s.distance),
            "duration": number(s.duration),
            "level": .number(s.levelOrdinal),
            "location": .array([.number(s.location.longitude), .number(s.location.latitude)]),
        ]
        for (k, v) in maneuverFields(s) { o[k] = v }
        if let l = s.landmark { o["landmark"] = .string(l) }
        return .object(o)
    }

    /// The structured maneuver beyond its type: modifier, the turn right after it (`then`), the room a walk starts
    /// by leaving, a connector's name, whether the destination is through a door, and an inferred entrance passed.
    static func maneuverFields(_ s: ItineraryStep) -> [String: JSONValue] {
        var o: [String: JSONValue] = [:]
        if let m = s.maneuver.modifier { o["modifier"] = .string(m) }
        if let t = s.then { o["then"] = .string(t.rawValue) }
        switch s.maneuver {
        case .depart(_, let leaving?): o["leaving"] = .string(leaving)
        case .connector(_, _, _, _, let name?): o["connector"] = .string(name)
        case .arrive(_, _, true): o["through_door"] = .bool(true)
        default: break
        }
        if s.throughInferredOpening { o["inferred"] = .bool(true) }
        return o
    }

    static func json(_ it: Itinerary, from: String, to: String) -> JSONValue {
        .object([
            "from": .string(from),
            "to": .string(to),
            "distance": number(it.distance),
            "duration": number(it.duration),
            "legs": .array(it.legs.map { leg in
                .object([
                    "level": .number(leg.levelOrdinal),
                    "level_id": .string(leg.levelID),
                    "distance": number(leg.distance),
                    "duration": number(leg.duration),
                    "costs": .object([
                        "walking": number(leg.costs.walking), "doors": number(leg.costs.doors),
                        "stairs": number(leg.costs.stairs), "elevator": number(leg.costs.elevator),
                        "escalator": number(leg.costs.escalator), "ramp": number(leg.costs.ramp),
                    ]),
                    "steps": .array(leg.steps.map(stepJSON)),
                ])
            }),
        ])
    }

    /// RFC 7946: a LineString Feature per leg and a Point Feature per step, positions [lon, lat].
    static func geoJSON(_ it: Itinerary) -> JSONValue {
        var features: [Feature] = []
        for (k, leg) in it.legs.enumerated() {
            var line: [Coordinate] = []
            for step in leg.steps {
                for c in step.polyline where line.last != c { line.append(c) }
            }
            if line.count >= 2, let l = try? LineString(line) {
                features.append(Feature(geometry: .lineString(l), properties: [
                    "leg": .number(Double(k)), "level": .number(leg.levelOrdinal),
                    "distance": number(leg.distance), "duration": number(leg.duration),
                ]))
            }
            for step in leg.steps {
                var props: [String: JSONValue] = [
                    "leg": .number(Double(k)), "level": .number(step.levelOrdinal), "maneuver": .string(step.maneuver.type),
                    "instruction": .string(step.instruction), "distance": number(step.distance), "duration": number(step.duration),
                ]
                for (k, v) in maneuverFields(step) { props[k] = v }
                features.append(Feature(geometry: .point(step.location), properties: props))
            }
        }
        return FeatureCollection(features: features).json
    }
}
