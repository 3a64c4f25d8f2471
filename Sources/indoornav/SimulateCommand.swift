import Foundation
import IndoorCore

enum SimulateCommand {
    static let definition = CommandDefinition(
        path: ["simulate"],
        synopsis: """
            --from PLACE --to PLACE [--sessions N] [--seed S] [--noise M] [--heading-noise DEG]
            [--detour-rate R] [--profile P] [--record DIR] [--frames DIR [--size WxH]] [--force] [--json] [--venue PATH]
            """,
        abstract: "Run simulated navigation sessions through the engine and report how it did.",
        discussion: """
            Walks simulated people along the itinerary and follows each through the real navigation engine: their
            receiver writes NMEA with noise, dropouts and wrong levels near stairs, which is decoded like a live one.
            Prints what the engine did, measured against the truth: arrivals, wrong-level arrivals, reroutes per real
            detour, off-route detection delay, false off-route alarms, and the matched position error.
            """,
        groups: [OptionGroup(title: "OPTIONS", options: [
            .value("--from", "PLACE", help: "Where the walkers start (required)."),
            .value("--to", "PLACE", help: "Where they go (required)."),
            .value("--sessions", "N", help: "How many sessions (default 100), run on every core."),
            .value("--seed", "S", help: "The seed every random choice comes from (default 1): same seed, same report."),
            .value("--noise", "M", help: "Position noise, metres, 1σ per axis (default 3)."),
            .value("--heading-noise", "DEG", help: "Compass noise, degrees (default 5)."),
            .value("--detour-rate", "R", help: "Per turn, the chance the walker misses it and walks on 15–30 m, along the corridor and never through a wall (default 0.2)."),
            .profile,
            .instructionLanguage("The language of the itinerary and of the report: en (default), fr, de or ru."),
            .value("--record", "DIR", .directory, help: "Write each session's NMEA (session-0001.nmea), engine events "
                   + "(session-0001.events.jsonl) and what the walker's phone sensed (session-0001.sensors.txt: GetSensorData "
                   + "accelerometer, gyroscope, magnetometer with disturbance zones and barometer with weather drift, "
                   + "floors 4 m apart, and a POSI truth line a second); replay with "
                   + "`indoornav follow --nmea-file DIR/session-0001.nmea --speed max --from … --to … --json` or "
                   + "`indoornav locate --sensors DIR/session-0001.sensors.txt --start … --venue …`."),
            .value("--frames", "DIR", .directory, help: "Also draw the first session, a PNG per fix (frame-0001.png…): the level "
                   + "the engine places the user on, the route it follows, the puck with its accuracy and heading, the camera "
                   + "following with the heading."),
            .value("--size", "WxH", help: "Frame size in pixels (default 800x600)."),
            .flag("--force", help: "Replace recordings or frames already in DIR (kept otherwise). Files are written whole "
                  + "(a temporary file, then a rename)."),
            .flag("--json", help: "The report as JSON."),
        ] + OptionDefinition.venueSource)],
        epilogue: """
            Ctrl-C (or SIGTERM, or SIGHUP) stops at the sessions already finished: their report and recordings are
            written, and the exit status is 130 (143, 129).
            """)

    static func run(_ words: [String]) throws -> ExitStatus {
        guard var args = try definition.arguments(words) else { return .success }
        let options = try CommonOptions(&args)
        guard let fromText = try args.option("--from") else { throw args.missing("--from PLACE") }
        guard let toText = try args.option("--to") else { throw args.missing("--to PLACE") }
        let sessions = try number(&args, "--sessions", default: 100, in: 1...1_000_000)
        let seed = UInt64(try number(&args, "--seed", default: 1, in: 0...Double(UInt32.max)))
        var walker = WalkerConfiguration()
        walker.noise = try number(&args, "--noise", default: 3, in: 0...100)
        walker.headingNoise = try number(&args, "--heading-noise", default: 5, in: 0...180)
        walker.detourRate = try number(&args, "--detour-rate", default: 0.2, in: 0...1)
        let profile = try RouteCommand.profileOption(&args)
        let record = try args.option("--record")
        let frames = try args.option("--frames")
        let size = try RenderCommand.size(try args.option("--size") ?? "800x600", command: args.command)
        let force = args.flag("--force")
        try args.finish()
        Interruption.install()
        // Refuse before any work, not after.
        if let record { try checkDirectory(record, first: "session-0001.nmea", force: force) }
        if let frames { try checkDirectory(frames, first: "frame-0001.png", force: force) }

        let venue = try options.prepareVenue()
        let plan = try venue.route(RouteRequest(from: fromText, to: toText, profile: profile, language: options.language))
        RouteCommand.printNotes(plan.notes, to: .error)
        let simulator = venue.simulator(for: plan, walker: walker, profile: profile, seed: seed)
        let results = runAll(simulator, sessions: Int(sessions), record: record != nil)
        if let record { try write(results, to: record) }
        if let status = Interruption.status {
            let report = SimulationReport(results)
            Output.error("indoornav simulate: interrupted after \(results.count) of \(counted(Int(sessions), "session")); the report covers those")
            if options.json { Output.json(report.json) } else { Output.line(report.text(in: InstructionLanguage(tag: options.language))) }
            return status
        }
        if let frames {
            let first = simulator.run(session: 0, record: true)
            let start = monotonicSeconds()
            try drawFrames(first, venue: venue, to: frames, size: size, languages: options.languages)
            Output.error(String(format: "wrote %@ to %@ in %.2f s", counted(first.frames.count, "frame"), frames, monotonicSeconds() - start))
            if let status = Interruption.status { return status }
        }
        let report = SimulationReport(results)
        if options.json { Output.json(report.json) } else { Output.line(report.text(in: InstructionLanguage(tag: options.language))) }
        return .success
    }

    /// A number option within a range.
    static func number(_ args: inout Arguments, _ name: String, default value: Double, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        guard let text = try args.option(name) else { return value }
        guard let x = Double(text), range.contains(x) else {
            throw UsageError("\(name) \(text): expected a number in \(range.lowerBound)…\(range.upperBound)", command: args.command)
        }
        return x
    }

    /// Every session, on every core; results in session order (so the report does not depend on scheduling).
    static func runAll(_ simulator: SessionSimulator, sessions: Int, record: Bool) -> [SessionResult] {
        let showProgress = isatty(2) != 0 && sessions >= 20
        let results = simulator.run(sessions: sessions, record: record, sensors: record, shouldStop: { Interruption.signal != nil }) { n in
            if showProgress { progressBar(n, of: sessions) }
        }
        if showProgress { Output.error("") }
        return results
    }

    static func progressBar(_ done: Int, of total: Int) {
        let width = 40
        let filled = width * done / max(total, 1)
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        try? FileHandle.standardError.write(contentsOf: Data("\r[\(bar)] \(done)/\(total) sessions".utf8))
    }

    static func write(_ results: [SessionResult], to directory: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for r in results {
                let name = String(format: "%@/session-%04d", directory, r.index + 1)
                try Data(r.nmea.utf8).write(to: URL(fileURLWithPath: name + ".nmea"), options: .atomic)
                let lines = r.events.map { $0.event.jsonLine(track: $0.track) }.joined(separator: "\n") + (r.events.isEmpty ? "" : "\n")
                try Data(lines.utf8).write(to: URL(fileURLWithPath: name + ".events.jsonl"), options: .atomic)
                try Data(r.sensors.utf8).write(to: URL(fileURLWithPath: name + ".sensors.txt"), options: .atomic)
            }
        } catch {
            throw RecordError(message: "cannot write the recordings to \(directory): \(error.localizedDescription)")
        }
    }

    /// A directory to write into: refused when it is a file, or holds an earlier run's output (unless `force`).
    static func checkDirectory(_ path: String, first: String, force: Bool) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw RecordError(message: "\(path) is a file, not a directory")
        }
        if !force, FileManager.default.fileExists(atPath: path + "/" + first) {
            throw RecordError(message: "\(path) already holds \(first) (use --force to replace it)")
        }
    }

    /// A PNG per fix of a session: the camera follows the matched position with the heading, as a phone would.
    static func drawFrames(_ session: SessionResult, venue: PreparedVenue, to directory: String, size: (Int, Int),
                           languages: [String]) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw RecordError(message: "cannot create \(directory): \(error.localizedDescription)")
        }
        try venue.drawFrames(of: session, width: size.0, height: size.1, languages: languages, while: { Interruption.signal == nil }) { k, map in
            try map.write(to: String(format: "%@/frame-%04d.png", directory, k + 1))
        }
    }

    struct RecordError: Error, LocalizedError {
        let message: String
        var errorDescription: String? { message }
    }
}
