import Foundation
import IndoorCore
import Synchronization

/// Options every command shares.
struct CommonOptions {
    /// Where the venue comes from: `--venue PATH` (an IMDF folder or archive or an OSM file; the embedded sample
    /// venue without it), `--venue-name NAME` or `--bbox W,S,E,N` to pick one out of an OSM extract, `--strict`.
    var source = VenueSource()
    var json = false
    var verbose = false
    var language: String?

    init(_ args: inout Arguments) throws(UsageError) {
        source.path = try args.option("--venue")
        source.strict = args.flag("--strict")
        let name = try args.option("--venue-name")
        let box = try args.option("--bbox")
        if name != nil, box != nil { throw UsageError("--venue-name and --bbox pick a venue two ways: give one", command: args.command) }
        if let name { source.selection = .named(name) }
        if let box {
            let parts = box.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, let w = parts[0], let s = parts[1], let e = parts[2], let n = parts[3], w < e, s < n,
                  abs(s) <= 90, abs(n) <= 90, abs(w) <= 180, abs(e) <= 180 else {
                throw UsageError("--bbox \(box): expected WEST,SOUTH,EAST,NORTH in degrees (e.g. 8.627,49.871,8.632,49.876)", command: args.command)
            }
            source.selection = .boundingBox(BoundingBox(minX: w, minY: s, maxX: e, maxY: n))
        }
        if source.selection != nil, source.path == nil {
            throw UsageError("--venue-name and --bbox need --venue FILE (an OSM extract)", command: args.command)
        }
        json = args.flag("--json")
        verbose = args.flag("--verbose") || args.flag("-v")
        language = try args.option("--lang")
    }

    /// The languages to show names in, best first (names fall back to English, then any).
    var languages: [String] { PreparedVenue.nameLanguages(for: language) }

    /// The venue as routed, prepared. A venue with a file that did not load is still used (what loaded may be all
    /// a command needs), but that file's error is said first, on stderr, and a failure after it is tied to it
    /// (``IncompleteVenue``): a truncated `unit.geojson` is the reason `route` finds no place, and says so.
    func prepareVenue() throws(VenueError) -> PreparedVenue {
        let venue = try PreparedVenue(loading: source)
        IncompleteVenue.warn(venue.venue, name: source.name, prefix: "indoornav")
        return venue
    }
}

/// Whether the venue a command uses did not load completely (a file of it failed): a failure after that is most
/// likely its consequence, and is said to be.
enum IncompleteVenue {
    static let loaded = Atomic<Bool>(false)

    /// Says on stderr, once per file, that a file of `venue` did not load, and remembers it for ``note``.
    static func warn(_ venue: Venue, name: String, prefix: String) {
        for failure in venue.issues where failure.isFileFailure {
            let place = (failure.file ?? "") + (failure.line.map { ":\($0)" } ?? "")
            Output.error("\(prefix): warning: \(name) did not load completely: \(place): \(failure.message); "
                         + "its features are missing (`indoornav venue validate` lists what follows from it)")
            loaded.store(true, ordering: .relaxed)
        }
    }

    /// What a failure or an empty result adds: nothing, or that the venue is incomplete.
    static var note: String {
        loaded.load(ordering: .relaxed) ? " (the venue did not load completely: see the warning above)" : ""
    }
}

extension OptionDefinition {
    /// Where the venue comes from, as ``CommonOptions`` reads it.
    static let venueSource: [OptionDefinition] = [
        .value("--venue", "PATH", .file, help: "An IMDF folder, an IMDF archive (.zip/.imdf) or an OSM file (.osm, .osm.pbf, or .geojson exported from OSM). "
               + "Default: the embedded sample venue (\(VenueSource.sample.name))."),
        .value("--venue-name", "NAME", help: "Pick one venue out of an OSM extract: the station (stop area), building or mall of that "
               + "name (case and accents ignored), with a 30 m margin."),
        .value("--bbox", "W,S,E,N", help: "Pick what lies in this box of an OSM extract (degrees)."),
        .flag("--strict", help: "Only what the data draws: no implicit corridors, inferred entrances of rooms without openings, or "
              + "overlapping units carved out of each other."),
    ]
    static let json = flag("--json", help: "Machine-readable output.")
    static let language = value("--lang", "LANG", help: "Display language for names (default: English, then the venue's first language).")
    /// An instruction language: the ones itineraries are written in.
    static func instructionLanguage(_ help: String) -> OptionDefinition {
        value("--lang", "L", choices: ["en", "fr", "de", "ru"], help: help)
    }
    static let profile = value("--profile", "P", choices: ["default", "accessible", "avoid-elevators", "avoid-escalators"],
                               help: "default | accessible (no stairs or escalators) | avoid-elevators | avoid-escalators.")
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

enum VenueCommands {
    static let definition = CommandDefinition.group("venue", abstract: "Summarise or check a venue.", [
            CommandDefinition(
                path: ["venue", "info"],
                synopsis: "[--venue PATH [--venue-name NAME|--bbox W,S,E,N]] [--json] [--lang LANG] [--verbose] [--strict]",
                abstract: "Summarise a venue (buildings, levels, counts, extent).",
                discussion: "Summarises the venue: buildings, levels with their ordinals and counts, extent.",
                groups: [OptionGroup(title: "OPTIONS", options: [
                    .json, .language,
                    .flag("--verbose", "-v", help: "Also print timings, the loader's notes and what was inferred; with --json, every POI as "
                          + "\"places\": [{id, name, ref, kind, category, level}]."),
                ] + OptionDefinition.venueSource)]),
            CommandDefinition(
                path: ["venue", "validate"], synopsis: "[--venue PATH [--venue-name NAME|--bbox W,S,E,N]] [--json] [--strict]",
                abstract: "Check a venue and report every problem by feature id.",
                discussion: "Reports every problem with its feature id and a severity; exits 1 if there is an error.",
                groups: [OptionGroup(title: "OPTIONS", options: [.json] + OptionDefinition.venueSource)]),
            CommandDefinition(
                path: ["venue", "places"], synopsis: "[--venue PATH [--venue-name NAME|--bbox W,S,E,N]] [--json] [--lang LANG] [--strict]",
                abstract: "List every place a route or search can name, with its id.",
                discussion: "Lists the venue's POIs, connector stops (CONNECTOR@LEVEL) and named entrances by floor, each with the id "
                    + "that names it in --from, --to and --near; with --json, {venue, places: [{id, name, ref, kind, category, "
                    + "level_id, level, level_name, building}]}; building names the building on a campus of several.",
                groups: [OptionGroup(title: "OPTIONS", options: [.json, .language] + OptionDefinition.venueSource)]),
            CommandDefinition(
                path: ["venue", "export"], synopsis: "--format geojson [--venue PATH [--venue-name NAME|--bbox W,S,E,N]] [--lang LANG] [--strict]",
                abstract: "Write the whole venue as GeoJSON for GIS tools.",
                discussion: "Writes one RFC 7946 FeatureCollection to stdout: a `level` feature per level, then every space, opening, "
                    + "obstacle, connector stop and POI, each with `id`, `feature` (what it is), `level` (ordinal), `level_id`, "
                    + "`category` and `name` where it has them; where two walkways or outdoor areas meet with no wall, an "
                    + "`opening` of category `open_plan` along their shared edge. GDAL reads it (`ogrinfo`, QGIS).",
                groups: [OptionGroup(title: "OPTIONS", options: [
                    .value("--format", "F", choices: ["geojson"], help: "geojson (RFC 7946), the one format there is."),
                    .language,
                ] + OptionDefinition.venueSource)]),
    ])

    static func run(_ words: [String]) throws -> ExitStatus {
        guard var args = try definition.arguments(words) else { return .success }
        switch args.definition.path.last {
        case "info": return try info(&args)
        case "places": return try places(&args)
        case "export": return try export(&args)
        default: return try validate(&args)
        }
    }

    static func places(_ args: inout Arguments) throws -> ExitStatus {
        let options = try CommonOptions(&args)
        try args.finish()
        let list = VenuePlaces(try options.prepareVenue(), languages: options.languages)
        if options.json {
            Output.json(list)
            return .success
        }
        // On a campus the floor says which building: "Main academic building · Level 1".
        func floor(_ p: VenuePlaces.Entry) -> String { p.building.map { "\($0) · \(p.levelName)" } ?? p.levelName }
        let levelWidth = max(5, list.places.map { floor($0).count }.max() ?? 5)
        let nameWidth = min(40, max(4, list.places.map { ($0.name ?? "").count }.max() ?? 4))
        Output.line(column("level", levelWidth) + "  " + column("kind", 9) + "  " + column("name", nameWidth) + "  id")
        for p in list.places {
            Output.line(column(floor(p), levelWidth) + "  " + column(p.kind, 9) + "  " + column(p.name ?? "—", nameWidth) + "  " + p.id)
        }
        Output.error("\(counted(list.places.count, "place")) in \(list.venue)")
        return .success
    }

    static func export(_ args: inout Arguments) throws -> ExitStatus {
        let format = try args.option("--format")
        let options = try CommonOptions(&args)
        try args.finish()
        guard let format else { throw UsageError("venue export needs --format geojson", command: args.command) }
        guard format == "geojson" else { throw UsageError("unknown format \(format) (geojson)", command: args.command) }
        Output.json(try options.prepareVenue().venueFeatures(languages: options.languages).json)
        return .success
    }

    static func info(_ args: inout Arguments) throws -> ExitStatus {
        let options = try CommonOptions(&args)
        try args.finish()
        let t0 = monotonicSeconds()
        // The counts are the data's; what routing infers from it is summed up apart (with --verbose).
        let venue = try options.source.loadDrawn()
        let t1 = monotonicSeconds()
        _ = VenueSpatialIndex(venue)
        let t2 = monotonicSeconds()
        let languages = options.languages
        // The counts of problems are validation's, as `venue validate` reports them: one source for both.
        let validation = ValidationReport(validating: venue, named: options.source.name, strict: options.source.strict)
        var info = VenueInfo(venue, languages: languages, validation: validation)
        if options.json {
            if options.verbose {
                info.loadSeconds = t1 - t0
                info.indexSeconds = t2 - t1
                info.inference = VenueInfo.InferenceSummary(options.source.strict ? InferenceReport() : venue.inferringPassages().inference)
                info.places = VenueInfo.places(of: venue, languages: languages)
            }
            Output.json(info)
            return .success
        }
        Output.line("\(venue.name.resolved(for: languages) ?? venue.id) (\(venue.sourceFormat), \(options.source.name))")
        if let address = venue.address?.formatted, !address.isEmpty { Output.line(address) }
        Output.line("\(counted(info.buildings, "building")), \(counted(info.levels.count, "level")), "
            + "\(counted(info.spaces, "space")), \(counted(info.openings, "opening")), \(counted(info.pois, "POI")), "
            + "\(counted(info.connectors, "connector")), \(counted(info.obstacles, "obstacle"))")
        Output.line("")
        let nameWidth = max(5, venue.levels.map { $0.displayName(for: languages).count }.max() ?? 5)
        Output.line("ordinal  " + column("level", nameWidth) + "  spaces  openings   POIs  id")
        for (level, row) in zip(venue.levels, info.levels) {
            let name = column(level.displayName(for: languages), nameWidth)
            Output.line(pad(level.ordinalText, 7) + "  " + name + "  " + pad(String(row.spaces), 6) + "  "
                + pad(String(row.openings), 8) + "  " + pad(String(row.pois), 5) + "  " + level.id)
        }
        if let e = info.extent, e.count == 4, let size = info.extentMetres {
            Output.line("")
            Output.line(String(format: "extent: %.6f,%.6f – %.6f,%.6f (%.0f m × %.0f m)", e[0], e[1], e[2], e[3], size.width, size.height))
        }
        Output.line("validation: \(counted(validation.errors, "error")), \(counted(validation.warnings, "warning")), "
            + "\(counted(validation.notes, "note"))\(validation.issues.isEmpty ? "" : " (see `indoornav venue validate`)")")
        if options.verbose {
            if options.source.strict {
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
        let report = ValidationReport(validating: options.source)
        if options.json {
            Output.json(report)
        } else {
            for issue in report.issues { Output.line(issue.description) }
            Output.line("\(report.venue): \(counted(report.errors, "error")), \(counted(report.warnings, "warning")), \(counted(report.notes, "note"))")
        }
        return report.valid ? .success : .failure
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
            let name = level.map { "\($0.ordinalText) \($0.displayName(for: languages))" } ?? l.levelID
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
        if let grounds = report.grounds {
            let ordinal = venue.level(id: grounds.levelID)?.ordinalText ?? "?"
            Output.line(String(format: "  grounds: %.0f m² around the buildings, on ordinal %@ (level %@), %@ onto them",
                               grounds.area, ordinal, grounds.levelID, counted(grounds.entrances.count, "building entrance")))
            let inferred = grounds.inferredEntrances
            if !inferred.isEmpty {
                Output.line("  \(counted(inferred.count, "inferred building entrance")): "
                    + inferred.map { "building \($0.buildingID) (\($0.openingID))" }.joined(separator: ", "))
            }
        }
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - s.count)) + s
    }

    /// `s` left-aligned in a column `width` wide; a longer `s` is written whole (a name is never cut).
    private static func column(_ s: String, _ width: Int) -> String {
        s + String(repeating: " ", count: max(0, width - s.count))
    }
}
