import Foundation
import IndoorCore

enum LocateCommand {
    static let definition = CommandDefinition(
        path: ["locate"],
        synopsis: "--sensors FILE|- [--format getsensordata|ilc] --start PLACE|LON,LAT@LEVEL [--heading DEG] [--particles N] [--seed S] [--floor-height M] [--fix TIME,LON,LAT]... [--json] [--venue PATH]",
        abstract: "Locate a walker from a phone's sensor log: dead reckoning, matched to the venue when one is given.",
        discussion: """
            Reads a phone's sensor log (the GetSensorData format of the IPIN competitions, or the Indoor Location
            Competition 2.0 format; detected unless --format says) and prints where the walker was after every step:
            steps from the accelerometer (Weinberg's length), the heading from the gyroscope and the tilt-compensated
            magnetometer (World Magnetic Model declination). With --venue, each step is matched to the venue by a
            seeded particle filter: no step goes through a wall or into a shop but by its door. Without --venue, it is
            dead reckoning alone, from --start. Floors change with the barometer (a climb past 0.6 of a floor height,
            told from the weather's slow drift), on a venue only through its stairs, lifts, escalators and ramps.
            Satellite fixes in the log that say they are within 10 m are taken as absolute fixes. Lines of the log
            that cannot be used are counted by reason on stderr.
            """,
        operand: nil,
        groups: [OptionGroup(title: "OPTIONS", options: [
            .value("--sensors", "FILE", .file, help: "The sensor log (- for standard input)."),
            .value("--format", "F", choices: ["getsensordata", "ilc"], help: "The log's format (default: detected from its first lines)."),
            .value("--start", "PLACE", help: "Where the walk starts: with --venue, a place (id or name) or LON,LAT@LEVEL; without, "
                   + "LON,LAT[@ORDINAL]."),
            .value("--heading", "DEG", help: "The heading at the start, degrees clockwise from north (default: the magnetometer's)."),
            .value("--particles", "N", help: "Particles of the map matching (default 1000)."),
            .value("--seed", "S", help: "The map matching's random seed (default 1): the same log and seed give the same track."),
            .value("--floor-height", "M", help: "The height between the venue's floors, metres (default 4): the barometer's floor step."),
            .value("--fix", "TIME,LON,LAT", repeatable: true, help: "Where the walker was at TIME on the log's clock (a tap on the map), "
                   + "within 2 m: the walk is taken there (repeatable)."),
            .flag("--json", help: #"One JSON object a step: {"time", "lon", "lat", "level", "space", "accuracy"}, time on the log's own "#
                  + "clock (GetSensorData: seconds; ILC: Unix milliseconds), level the ordinal, space the id or null."),
        ] + OptionDefinition.venueSource)])

    static func run(_ words: [String]) throws -> ExitStatus {
        guard var args = try definition.arguments(words) else { return .success }
        let options = try CommonOptions(&args)
        guard let given = try args.option("--sensors") else { throw args.missing("--sensors FILE") }
        let formatText = try args.option("--format")
        guard let startText = try args.option("--start") else { throw args.missing("--start PLACE") }
        let headingText = try args.option("--heading")
        let particlesText = try args.option("--particles")
        let seedText = try args.option("--seed")
        let floorHeightText = try args.option("--floor-height")
        var fixTexts: [String] = []
        while let v = try args.option("--fix", first: true) { fixTexts.append(v) }
        try args.finish()
        let heading = try headingText.map { text throws(UsageError) -> Double in
            guard let d = Double(text), d.isFinite else { throw UsageError("--heading takes degrees, not \(text)", command: args.command) }
            return d * .pi / 180
        }
        guard let particles = Int(particlesText ?? "1000"), (1...100_000).contains(particles) else {
            throw UsageError("--particles takes a whole number from 1 to 100000, not \(particlesText ?? "")", command: args.command)
        }
        guard let seed = UInt64(seedText ?? "1") else { throw UsageError("--seed takes a whole number, not \(seedText ?? "")", command: args.command) }
        guard let floorHeight = Double(floorHeightText ?? "4"), (1.5...20).contains(floorHeight) else {
            throw UsageError("--floor-height takes metres from 1.5 to 20, not \(floorHeightText ?? "")", command: args.command)
        }
        // Fixes the walker gave, on the log's clock, in time order.
        var fixes = try fixTexts.map { text throws(UsageError) -> (time: Double, place: GeoCoordinate) in
            let parts = text.split(separator: ",", maxSplits: 1)
            guard parts.count == 2, let t = Double(parts[0]), t.isFinite, let (c, _) = Self.coordinate(String(parts[1])) else {
                throw UsageError("--fix takes TIME,LON,LAT (e.g. 12.5,2.3497,48.8499), not \(text)", command: args.command)
            }
            return (t, c)
        }.sorted { $0.time < $1.time }[...]
        let path = try StandardStreams.input(given, command: args.command)
        let log = try SensorLog.read(path: path, format: formatText.flatMap(SensorLogFormat.init(rawValue:)))
        let scale = log.format.unitsPerSecond

        var locatorOptions = SensorLocatorOptions()
        locatorOptions.heading = heading
        locatorOptions.particles = particles
        locatorOptions.seed = seed
        locatorOptions.floorHeight = floorHeight
        let year = SensorLocator.year(of: log, today: Date())

        // Where the walk starts, on which level, and what turns metres into places.
        var locator: SensorLocator
        let prepared = options.source.path == nil ? nil : try options.prepareVenue()
        if let venue = prepared {
            let place = try venue.place(startText)
            guard venue.venue.level(id: place.levelID) != nil else { throw PlaceError.notFound(text: startText, suggestions: []) }
            locator = try SensorLocator(graph: venue.graph, levelID: place.levelID, start: try venue.venue.frame.project(place.coordinate),
                                        year: year, options: locatorOptions)
        } else {
            guard let (c, level) = Self.coordinate(startText) else {
                throw UsageError("without --venue, --start takes LON,LAT[@ORDINAL] (e.g. 2.3497,48.8499@0), not \(startText)", command: args.command)
            }
            locator = try SensorLocator(start: c, ordinal: level, year: year, options: locatorOptions)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // People read a space by its name, or its kind when it has none; the id stays in the JSON.
        let spaceNames = Dictionary((prepared?.venue.spaces ?? []).map { ($0.id, $0.name.resolved() ?? $0.category) }, uniquingKeysWith: { first, _ in first })
        for sample in log.samples {
            while let fix = fixes.first, fix.time / scale <= sample.time {
                locator.fix(try locator.frame.project(fix.place), accuracy: 2)
                fixes.removeFirst()
            }
            guard let step = locator.add(sample) else { continue }
            let at = try locator.frame.unproject(step.point)
            let time = step.time * scale
            let timeText = log.format == .ilc ? String(format: "%.0f", time) : String(format: "%.3f", time)
            if options.json {
                let spaceText = try step.spaceID.map { String(decoding: try encoder.encode($0), as: UTF8.self) } ?? "null"
                Output.line(#"{"time":\#(timeText),"lon":\#(String(format: "%.7f", at.longitude)),"lat":\#(String(format: "%.7f", at.latitude)),"level":\#(Level.text(ordinal: step.ordinal)),"space":\#(spaceText),"accuracy":\#(String(format: "%.1f", step.accuracy))}"#)
            } else {
                Output.line(String(format: "%@  %.7f,%.7f@%@  ±%.1f m%@", timeText, at.longitude, at.latitude, Level.text(ordinal: step.ordinal),
                                   step.accuracy, step.spaceID.map { "  " + (spaceNames[$0] ?? $0) } ?? ""))
            }
        }
        let skipped = log.skipped.sorted { $0.key.rawValue < $1.key.rawValue }
        if !skipped.isEmpty {
            Output.error("\(path): \(log.samples.count) readings; lines not used: "
                         + skipped.map { "\($0.value) \($0.key.rawValue) (first on line \(log.firstSkipped[$0.key] ?? 0))" }.joined(separator: ", "))
        }
        return .success
    }

    /// `LON,LAT[@ORDINAL]`, degrees and a level ordinal (0 when not given).
    static func coordinate(_ text: String) -> (GeoCoordinate, Double)? {
        let parts = text.split(separator: "@", maxSplits: 1)
        let numbers = parts[0].split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 2, let lon = numbers[0], let lat = numbers[1], abs(lon) <= 180, abs(lat) <= 90 else { return nil }
        let ordinal = parts.count > 1 ? Double(parts[1]) : 0
        guard let ordinal, ordinal.isFinite else { return nil }
        return (GeoCoordinate(longitude: lon, latitude: lat), ordinal)
    }
}
