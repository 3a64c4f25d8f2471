import Foundation
import IndoorGeometry
import IndoorRouting
import IndoorSampleVenue
import IndoorVenue

/// Options every command shares.
struct CommonOptions {
    /// An IMDF folder or archive or an OSM file; `nil` for the embedded sample venue.
    var venuePath: String?
    /// The venue to pick out of an OSM extract: `--venue-name NAME` or `--bbox W,S,E,N`.
    var selection: VenueSelection?
    var json = false
    var verbose = false
    var language: String?
    /// Only what the data draws: no implicit corridors, inferred entrances or carved overlaps.
    var strict = false

    init(_ args: inout Arguments) throws(UsageError) {
        venuePath = try args.option("--venue")
        strict = args.flag("--strict")
        let name = try args.option("--venue-name")
        let box = try args.option("--bbox")
        if name != nil, box != nil { throw UsageError("--venue-name and --bbox pick a venue two ways: give one", command: args.command) }
        if let name { selection = .named(name) }
        if let box {
            let parts = box.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, let w = parts[0], let s = parts[1], let e = parts[2], let n = parts[3], w < e, s < n,
                  abs(s) <= 90, abs(n) <= 90, abs(w) <= 180, abs(e) <= 180 else {
                throw UsageError("--bbox \(box): expected WEST,SOUTH,EAST,NORTH in degrees (e.g. 8.627,49.871,8.632,49.876)", command: args.command)
            }
            selection = .boundingBox(BoundingBox(minX: w, minY: s, maxX: e, maxY: n))
        }
        if selection != nil, venuePath == nil { throw UsageError("--venue-name and --bbox need --venue FILE (an OSM extract)", command: args.command) }
        json = args.flag("--json")
        verbose = args.flag("--verbose") || args.flag("-v")
        language = try args.option("--lang")
    }

    var venueName: String { venuePath ?? SampleVenue.name }

    /// The languages to show names in, best first (names fall back to English, then any).
    var languages: [String] { language.map { [$0, "en"] } ?? ["en"] }

    /// The level `--level` names: an ordinal (`0`, `-1`, `0.5`) or a level id.
    static func level(_ text: String, in venue: Venue) throws(PlaceError) -> Level {
        guard let level = venue.levels(named: text).first else {
            throw .unknownLevel(text: text, available: venue.levels.map(\.ordinalText))
        }
        return level
    }

    /// The venue with what its data leaves implicit inferred (``Venue/inferringPassages()``), or as drawn with
    /// `--strict`.
    func loadVenue() throws(VenueError) -> Venue {
        let venue = try loadDrawnVenue()
        return strict ? venue : venue.inferringPassages()
    }

    /// The venue exactly as its data draws it.
    func loadDrawnVenue() throws(VenueError) -> Venue {
        if let venuePath { try VenueLoader.load(path: venuePath, selection: selection) } else { try SampleVenue.load() }
    }
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

enum VenueCommands {
    static let help = """
        USAGE: indoornav venue <info|validate> [--venue PATH [--venue-name NAME|--bbox W,S,E,N]] [--json] [--lang LANG] [--verbose]
                                               [--strict]

        SUBCOMMANDS:
          info        Summarise the venue: buildings, levels with their ordinals and counts, extent.
          validate    Report every problem with its feature id and a severity; exit 1 if there is an error.

        OPTIONS:
          --venue PATH   An IMDF folder, an IMDF archive (.zip/.imdf) or an OSM file (.osm, .osm.pbf).
                         Default: the embedded sample venue (\(SampleVenue.name)).
          --venue-name NAME  Pick one venue out of an OSM extract: the station (stop area), building or mall
                         of that name (case and accents ignored), with a 30 m margin.
          --bbox W,S,E,N Pick what lies in this box of an OSM extract (degrees).
          --json         Machine-readable output.
          --lang LANG    Display language for names (default: English, then the venue's first language).
          --verbose, -v  Also print timings, the loader's notes and what was inferred (venue info); with
                         --json, every POI as "places": [{id, name, ref, kind, category, level}].
          --strict       Only what the data draws: no implicit corridors, inferred entrances of rooms
                         without openings, or overlapping units carved out of each other.
        """

    static func run(_ words: [String]) throws -> ExitStatus {
        var args = Arguments(words, command: "indoornav venue")
        if args.wantsHelp() {
            Output.line(help)
            return .success
        }
        guard let sub = args.positional() else { throw UsageError("missing subcommand (info or validate)", command: args.command) }
        switch sub {
        case "info": return try info(&args)
        case "validate": return try validate(&args)
        default: throw UsageError("unknown subcommand \(sub) (expected info or validate)", command: args.command)
        }
    }

    static func info(_ args: inout Arguments) throws -> ExitStatus {
        let options = try CommonOptions(&args)
        try args.finish()
        let t0 = monotonicSeconds()
        // The counts are the data's; what routing infers from it is summed up apart (with --verbose).
        let venue = try options.loadDrawnVenue()
        let t1 = monotonicSeconds()
        _ = VenueSpatialIndex(venue)
        let t2 = monotonicSeconds()
        let languages = options.languages
        let rows = venue.levels.map { level in
            (level: level, spaces: venue.spaces(on: level.id).count, openings: venue.openings(on: level.id).count,
             pois: venue.pois(on: level.id).count)
        }
        let extent = venue.extent
        if options.json {
            var object: [String: JSONValue] = [
                "id": .string(venue.id),
                "name": .string(venue.name.resolved(for: languages) ?? ""),
                "format": .string(venue.sourceFormat),
                "buildings": .number(Double(venue.buildings.count)),
                "levels": .array(rows.map { r in
                    .object([
                        "id": .string(r.level.id), "ordinal": .number(r.level.ordinal),
                        "name": .string(r.level.name.resolved(for: languages) ?? r.level.ordinalText),
                        "spaces": .number(Double(r.spaces)), "openings": .number(Double(r.openings)),
                        "pois": .number(Double(r.pois)),
                    ])
                }),
                "spaces": .number(Double(venue.spaces.count)),
                "openings": .number(Double(venue.openings.count)),
                "pois": .number(Double(venue.pois.count)),
                "connectors": .number(Double(venue.connectors.count)),
                "obstacles": .number(Double(venue.obstacles.count)),
                "issues": .object(Dictionary(grouping: venue.issues, by: \.severity.rawValue).mapValues { .number(Double($0.count)) }),
            ]
            if let e = extent {
                object["extent"] = .array([.number(e.minX), .number(e.minY), .number(e.maxX), .number(e.maxY)])
            }
            if options.verbose {
                object["load_seconds"] = .number(t1 - t0)
                object["index_seconds"] = .number(t2 - t1)
                object["inference"] = inferenceJSON(options.strict ? InferenceReport() : venue.inferringPassages().inference)
                object["places"] = .array(venue.pois.map { p in
                    var o: [String: JSONValue] = ["id": .string(p.id), "kind": .string(p.kind.rawValue), "category": .string(p.category),
                                                  "level": .string(p.levelID)]
                    if let name = p.name.resolved(for: languages) { o["name"] = .string(name) }
                    if let ref = p.ref { o["ref"] = .string(ref) }
                    return .object(o)
                })
            }
            Output.json(.object(object))
            return .success
        }
        Output.line("\(venue.name.resolved(for: languages) ?? venue.id) (\(venue.sourceFormat), \(options.venueName))")
        if let address = venue.address?.formatted, !address.isEmpty { Output.line(address) }
        Output.line("\(venue.buildings.count) building\(venue.buildings.count == 1 ? "" : "s"), \(venue.levels.count) levels, "
            + "\(venue.spaces.count) spaces, \(venue.openings.count) openings, \(venue.pois.count) POIs, "
            + "\(venue.connectors.count) connectors, \(venue.obstacles.count) obstacles")
        Output.line("")
        let nameWidth = max(5, rows.map { ($0.level.name.resolved(for: languages) ?? "").count }.max() ?? 5)
        Output.line("ordinal  " + "level".padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  spaces  openings   POIs  id")
        for r in rows {
            let name = (r.level.name.resolved(for: languages) ?? "").padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            Output.line(pad(r.level.ordinalText, 7) + "  " + name + "  " + pad(String(r.spaces), 6) + "  "
                + pad(String(r.openings), 8) + "  " + pad(String(r.pois), 5) + "  " + r.level.id)
        }
        if let e = extent, let corners = try? venue.frame.project([
            Coordinate(x: e.minX, y: e.center.y), Coordinate(x: e.maxX, y: e.center.y),
            Coordinate(x: e.center.x, y: e.minY), Coordinate(x: e.center.x, y: e.maxY),
        ]) {
            Output.line("")
            Output.line(String(format: "extent: %.6f,%.6f – %.6f,%.6f (%.0f m × %.0f m)", e.minX, e.minY, e.maxX, e.maxY,
                               corners[1].x - corners[0].x, corners[3].y - corners[2].y))
        }
        let counts = Dictionary(grouping: venue.issues, by: \.severity)
        if !venue.issues.isEmpty {
            Output.line("loader notes: \(counts[.error]?.count ?? 0) errors, \(counts[.warning]?.count ?? 0) warnings, "
                + "\(counts[.info]?.count ?? 0) notes (see `indoornav venue validate`)")
        }
        if options.verbose {
            if options.strict {
                Output.line("inferred: nothing (--strict: only what the data draws)")
            } else {
                printInference(venue.inferringPassages(), languages: languages)
            }
            for issue in venue.issues { Output.line("  " + issue.description) }
            Output.line(String(format: "loaded in %.1f ms, spatial index built in %.1f ms", (t1 - t0) * 1000, (t2 - t1) * 1000))
        }
        return .success
    }

    static func validate(_ args: inout Arguments) throws -> ExitStatus {
        let options = try CommonOptions(&args)
        try args.finish()
        let venue: Venue
        do {
            venue = try options.loadDrawnVenue()
        } catch {
            // A path that is not a venue at all is still a validation result: what was found, and one error.
            var issues: [VenueIssue] = []
            if case .noLevels(_, let found) = error { issues = found }
            issues.append(VenueIssue(.error, "not-a-venue", error.localizedDescription))
            report(issues, options: options)
            return .failure
        }
        // The data as drawn is validated; what routing infers from it is reported beside (notes), and reachability
        // is judged on the venue as routed.
        let routed = options.strict ? venue : venue.inferringPassages()
        var issues = VenueValidator().validate(venue) + routed.issues.filter { $0.severity == .info && !venue.issues.contains($0) }
        // What only the routing graph can tell: spaces no route reaches from the rest of their building.
        let graph = NavigationGraph(venue: routed)
        for s in graph.unreachableSpaces() {
            let space = routed.spaces[s]
            issues.append(VenueIssue(.warning, "unreachable", featureID: space.id,
                "no route reaches this \(space.category) space from the rest of its building (no opening or connector leads in)"))
        }
        report(issues, options: options)
        return issues.contains { $0.severity == .error } ? .failure : .success
    }

    private static func report(_ issues: [VenueIssue], options: CommonOptions) {
        let counts = Dictionary(grouping: issues, by: \.severity).mapValues(\.count)
        if options.json {
            Output.json(.object([
                "venue": .string(options.venueName),
                "valid": .bool(counts[.error] == nil),
                "errors": .number(Double(counts[.error] ?? 0)),
                "warnings": .number(Double(counts[.warning] ?? 0)),
                "issues": .array(issues.map { i in
                    var o: [String: JSONValue] = ["severity": .string(i.severity.rawValue), "code": .string(i.code), "message": .string(i.message)]
                    if let f = i.file { o["file"] = .string(f) }
                    if let id = i.featureID { o["feature_id"] = .string(id) }
                    if let l = i.line { o["line"] = .number(Double(l)) }
                    return .object(o)
                }),
            ]))
            return
        }
        for issue in issues { Output.line(issue.description) }
        Output.line("\(options.venueName): \(counts[.error] ?? 0) errors, \(counts[.warning] ?? 0) warnings, \(counts[.info] ?? 0) notes")
    }

    static func inferenceJSON(_ report: InferenceReport) -> JSONValue {
        .object([
            "levels": .array(report.levels.map { l in
                .object([
                    "level_id": .string(l.levelID),
                    "implicit_corridors": .number(Double(l.implicitCorridors)),
                    "implicit_corridor_area": .number((l.implicitCorridorArea * 10).rounded() / 10),
                    "inferred_openings": .number(Double(l.inferredOpenings)),
                    "carved_overlaps": .number(Double(l.carvedOverlaps)),
                ])
            }),
            "shared_floors": .array(report.sharedFloors.map { .array($0.map { .string($0) }) }),
        ])
    }

    /// What routing infers beyond the data, level by level (`venue info -v`).
    private static func printInference(_ venue: Venue, languages: [String]) {
        let report = venue.inference
        guard !report.isEmpty else {
            Output.line("inferred: nothing (the data draws every passage)")
            return
        }
        Output.line("inferred (--strict turns this off):")
        for l in report.levels {
            let level = venue.level(id: l.levelID)
            let name = level.map { "\($0.ordinalText) \($0.name.resolved(for: languages) ?? "")" } ?? l.levelID
            var parts: [String] = []
            if l.implicitCorridors > 0 {
                parts.append(String(format: "%.0f m² of implicit corridor in %d piece%@", l.implicitCorridorArea, l.implicitCorridors,
                                    l.implicitCorridors == 1 ? "" : "s"))
            }
            if l.inferredOpenings > 0 { parts.append("\(l.inferredOpenings) inferred entrance\(l.inferredOpenings == 1 ? "" : "s")") }
            if l.carvedOverlaps > 0 { parts.append("\(l.carvedOverlaps) overlap\(l.carvedOverlaps == 1 ? "" : "s") carved") }
            Output.line("  level \(name): " + parts.joined(separator: ", "))
        }
        for group in report.sharedFloors {
            Output.line("  one floor: levels \(group.joined(separator: ", ")) share an ordinal")
        }
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - s.count)) + s
    }
}
