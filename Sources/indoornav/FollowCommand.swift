import Foundation
import IndoorCore

enum FollowCommand {
    static let definition = CommandDefinition(
        path: ["follow"],
        synopsis: """
            (--nmea DEVICE [--baud B|auto] | --nmea-tcp HOST:PORT | --gpsd [HOST:PORT] | --gpx FILE|- | --nmea-file FILE|-
             | --sensors FILE --from PLACE)
            [--speed X|max] [--to PLACE [--from PLACE] [--profile P]] [--lang en|fr|de|ru] [--json] [--venue PATH]
            """,
        abstract: "Follow a live or replayed position source on the venue, with guidance to a place.",
        discussion: """
            Follows a position source on the venue. Without --to: where you are (level, space, nearest POI). With
            --to: turn-by-turn guidance from the first fix (or from --from), with off-route detection and reroutes,
            until arrival. Prints a live line per fix, or with --json one JSON object per engine event.

            Why a source fails or disconnects is said once on stderr; a receiver that refuses the connection is
            retried with backoff, one that cannot be opened at all (no such device, permission denied) ends the
            command with status 1, as does a recording with no position fix.
            """,
        groups: [
            OptionGroup(title: "SOURCE (one of)", options: [
                .value("--nmea", "DEVICE", .file, help: "An NMEA 0183 receiver on a serial port. Survives unplugging: it waits "
                       + "for the device to come back; a device that cannot be opened at the start fails at once."),
                .value("--baud", "B", choices: ["auto"] + NMEASerialProvider<ContinuousClock>.supportedBauds.map(String.init),
                       help: "The receiver's speed (4800…115200, or `auto` to hunt; default 9600)."),
                .value("--nmea-tcp", "HOST:PORT", help: "NMEA over TCP (phone apps, networked receivers)."),
                .optionalValue("--gpsd", "HOST:PORT", help: "gpsd's JSON protocol (default localhost:2947)."),
                .value("--gpx", "FILE", .file, help: "A GPX track (- for standard input), replayed."),
                .value("--nmea-file", "FILE", .file, help: "A recorded NMEA log, replayed. `-` reads standard input as it arrives, "
                       + "paced only with --speed: a live stream, as from `gpspipe -r`."),
                .value("--sensors", "FILE", .file, help: "A phone's sensor log (GetSensorData or ILC 2.0), replayed: each step dead-reckoned "
                       + "and matched to the venue, from --from (see `indoornav locate`)."),
                .value("--speed", "X", help: "Replay a file at X times its recorded pace (0.1…100; `max`: as fast as possible)."),
            ]),
            OptionGroup(title: "OPTIONS", options: [
                .value("--to", "PLACE", help: "Guide to this place (a POI, space or opening id, a name, LON,LAT@LEVEL)."),
                .value("--from", "PLACE", help: "Route from this place instead of the first fix (to replay a `simulate --record` session)."),
                .profile,
                .instructionLanguage("Instruction language: en (default), fr, de or ru, reroutes too; names follow it with fallback."),
                .flag("--json", help: "One JSON object per event (started, progress, step_changed, approaching_maneuver, "
                      + "level_changed, off_route, rerouted, arrived, signal_lost, signal_regained, provider_status, located)."),
            ] + OptionDefinition.venueSource),
        ])

    static func run(_ words: [String]) throws -> ExitStatus {
        guard var args = try definition.arguments(words) else { return .success }
        let options = try CommonOptions(&args)
        let (given, live) = try source(&args)
        let toText = try args.option("--to")
        let fromText = try args.option("--from")
        let profile = try RouteCommand.profileOption(&args)
        try args.finish()
        if fromText != nil, toText == nil { throw UsageError("--from needs --to", command: args.command) }

        let venue = try options.prepareVenue()
        let provider: any LocationProvider
        switch given {
        case .provider(let p): provider = p
        case .sensors(let sensors):
            // A phone has no position of its own indoors: the walk starts where --from says.
            guard let fromText else { throw UsageError("--sensors needs --from PLACE, where the walk starts (and --to)", command: args.command) }
            let start = try venue.place(fromText, languages: PreparedVenue.nameLanguages(for: options.language))
            provider = SensorLogProvider(path: sensors.path, graph: venue.graph, levelID: start.levelID,
                                         start: try venue.venue.frame.project(start.coordinate), pace: sensors.pace, clock: ContinuousClock())
        }
        let core = try venue.navigation(GuidanceRequest(to: toText, from: fromText, profile: profile, language: options.language))
        let engine = NavigationEngine(core: core)
        let json = options.json
        let guided = toText != nil
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            var display = LiveDisplay(language: InstructionLanguage(tag: options.language), venue: venue.venue, languages: options.languages)
            var report = SourceReport()
            do {
                // A live receiver also gets a ticker, so a silent one is reported lost after 5 s.
                let stream = live ? engine.events(from: provider, ticking: ContinuousClock(), now: { monotonicSeconds() })
                                  : engine.events(from: provider)
                for try await update in stream {
                    let event = update.event
                    if json { Output.line(event.jsonLine(track: update.track, in: display.language, names: options.languages)) }
                    else { display.show(event, on: update.track) }
                    if case .providerStatus(let status) = event, let note = report.note(status) { Output.error(note) }
                    if case .arrived = event { outcome.arrived = true }
                }
            } catch {
                outcome.error = error.localizedDescription
            }
            done.signal()
        }
        // Ctrl-C, SIGTERM or SIGHUP: stop following; every event printed so far is a whole line.
        Interruption.install { _ in task.cancel() }
        done.wait()
        if let status = Interruption.status { return status }
        if let error = outcome.error {
            Output.error("indoornav: \(error)")
            return .failure
        }
        if guided && !outcome.arrived {
            Output.error("indoornav: the source ended before arriving at \(toText ?? "the destination")")
            return .failure
        }
        return .success
    }

    /// What the user is told on stderr about a live source: why it is disconnected, once for each new reason —
    /// a receiver that keeps refusing says so once, not at every retry — and that it is retried. A reason is told
    /// again only after the source has streamed in between. (A source that fails for good throws, and its error is
    /// the command's one message.)
    struct SourceReport {
        private var told: String?

        /// The line to print for `status`, if any.
        mutating func note(_ status: ProviderStatus) -> String? {
            switch status {
            case .disconnected(let reason):
                guard reason != told else { return nil }
                told = reason
                return "indoornav: \(reason); retrying (Ctrl-C to stop)"
            case .streaming:
                told = nil
                return nil
            case .connecting, .stalled, .finished, .failed:
                return nil
            }
        }
    }

    final class Outcome: @unchecked Sendable {
        // (@unchecked: written by the one task, read after it signalled.)
        var arrived = false
        var error: String?
    }

    /// A provider, or a sensor log whose provider is made later.
    enum Either {
        case provider(any LocationProvider)
        case sensors(SensorSource)
    }

    /// A phone's sensor log to follow: its path and pace; its provider is made once the venue and start are known.
    struct SensorSource {
        let path: String
        let pace: ReplayProvider<ContinuousClock>.Pace
    }

    /// The provider the options name (or the sensor log, whose provider needs the venue), and whether it is live (a
    /// receiver or a stream, not a file).
    static func source(_ args: inout Arguments) throws(UsageError) -> (Either, Bool) {
        let speedText = try args.option("--speed")
        let pace: ReplayProvider<ContinuousClock>.Pace
        switch speedText {
        case nil: pace = .recorded(factor: 1)
        case "max": pace = .asFastAsPossible
        case let text?:
            guard let x = Double(text), (0.1...100).contains(x) else {
                throw UsageError("--speed \(text): expected 0.1…100 or max", command: args.command)
            }
            pace = .recorded(factor: x)
        }
        let baudText = try args.option("--baud")
        var sources: [any LocationProvider] = []
        if let device = try args.option("--nmea") {
            var baud: Int? = 9600
            if let baudText {
                if baudText == "auto" { baud = nil } else {
                    guard let b = Int(baudText), NMEASerialProvider<ContinuousClock>.supportedBauds.contains(b) else {
                        throw UsageError("--baud \(baudText): expected one of \(NMEASerialProvider<ContinuousClock>.supportedBauds.map(String.init).joined(separator: ", ")) or auto", command: args.command)
                    }
                    baud = b
                }
            }
            sources.append(NMEASerialProvider(path: device, baud: baud, clock: ContinuousClock()))
        }
        if let address = try args.option("--nmea-tcp") {
            let (host, port) = try hostPort(address, defaultPort: nil, command: args.command)
            sources.append(NMEATCPProvider(host: host, port: port, clock: ContinuousClock()))
        }
        if let address = args.optionalValue("--gpsd") {
            // An optional HOST[:PORT] right after it.
            let (host, port) = address.isEmpty ? ("localhost", 2947) : try hostPort(address, defaultPort: 2947, command: args.command)
            sources.append(GPSDProvider(host: host, port: port, clock: ContinuousClock()))
        }
        if let given = try args.option("--gpx") {
            let file = try StandardStreams.input(given, command: args.command)
            sources.append(ReplayProvider(path: file, format: .gpx(speed: 1.4), pace: pace, clock: ContinuousClock()))
        }
        var live = false
        if let given = try args.option("--nmea-file") {
            let file = try StandardStreams.input(given, command: args.command)
            // Standard input goes at the pace it comes, and a pipe or terminal is watched like a receiver.
            let isStdin = file == "-"
            sources.append(ReplayProvider(path: file, format: .nmea(lenient: false),
                                          pace: isStdin && speedText == nil ? .asFastAsPossible : pace, clock: ContinuousClock()))
            live = isStdin && !StandardStreams.inputIsAFile()
        }
        let sensors = try args.option("--sensors").map { given throws(UsageError) in
            SensorSource(path: try StandardStreams.input(given, command: args.command), pace: pace)
        }
        if let sensors {
            guard sources.isEmpty else { throw UsageError("give one source only", command: args.command) }
            return (.sensors(sensors), false)
        }
        guard sources.count == 1, let provider = sources.first else {
            throw UsageError(sources.isEmpty ? "missing a source: --nmea, --nmea-tcp, --gpsd, --gpx, --nmea-file or --sensors" : "give one source only", command: args.command)
        }
        return (.provider(provider), live || !(provider is ReplayProvider<ContinuousClock>))
    }


    static func hostPort(_ text: String, defaultPort: UInt16?, command: String) throws(UsageError) -> (String, UInt16) {
        if let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) {
            return (String(text[..<colon]), port)
        }
        guard let defaultPort, !text.isEmpty else { throw UsageError("\(text): expected HOST:PORT", command: command) }
        return (text, defaultPort)
    }
}

/// The live line on a terminal: level, instruction, distance left, provider status, every word in the guidance
/// language. Statuses are shown by name only (`[disconnected]`, `[failed]`): why is said once on stderr.
struct LiveDisplay {
    let language: InstructionLanguage
    /// The languages of the venue's names, best first.
    let names: [String]
    /// The names of the levels at each ordinal, as the route's legs give them ("Concourse"; "Level 2 / Level 1"
    /// where buildings of a campus name one floor differently).
    let levelNames: [Double: String]
    var status = ProviderStatus.connecting
    var lastLine = ""

    init(language: InstructionLanguage, venue: Venue, languages: [String]) {
        self.language = language
        names = languages
        // Named levels only: a floor with none is said by its ordinal in the guidance language.
        let named = Dictionary(grouping: venue.levels.filter { $0.name.resolved(for: languages) != nil }, by: \.ordinal)
        levelNames = named.mapValues { venue.names(of: $0, languages: languages) }
    }

    /// A level as the line shows it: "Concourse [0]", else "Level 0" in the guidance language.
    func level(_ ordinal: Double) -> String {
        levelNames[ordinal].map { "\($0) [\(Level.text(ordinal: ordinal))]" } ?? language.level(Level.text(ordinal: ordinal))
    }

    mutating func show(_ event: NavigationEvent, on track: RouteTrack?) {
        var line: String?
        let state = status.word(in: language)
        switch event {
        case .providerStatus(let s):
            // Retrying a source that is away: no new line for each attempt (the reason is on stderr, once).
            if case .connecting = s, case .disconnected = status { return }
            status = s
            line = "[\(s.word(in: language))]"
        case .progress(let p), .started(let p):
            let ahead = track.map { $0.instructionAhead(p, in: language, names: names) } ?? ""
            line = [level(p.levelOrdinal), language.instruction(ahead, in: p.distanceToManeuver),
                    language.remaining(distance: p.distanceRemaining, duration: p.durationRemaining), state].joined(separator: " · ")
        case .located(let f):
            // Names, as the route's legs give them ("Concourse [0]"); ids are in the JSON events.
            let ordinal = f.levelOrdinal.map(Level.text(ordinal:))
            let levelName = f.levelName.map { $0.text(in: language, names: names) }
            let level = levelName.map { name in ordinal.map { "\(name) [\($0)]" } ?? name } ?? language.level(ordinal ?? "?")
            line = language.text(.located(level: level, space: f.spaceName.map { $0.text(in: language, names: names) }, outside: f.spaceID == nil,
                                          near: f.nearestPOIName.map { $0.text(in: language, names: names) })) + " · \(state)"
        case .offRoute: line = language.text(.offRoute)
        case .rerouted(let d, _): line = language.text(.rerouted(distance: d))
        case .rerouteFailed(let reason): line = language.text(.noRoute(reason: "\(reason)"))
        case .arrived: line = language.text(.arrived)
        case .levelChanged(_, let to):
            line = language.text(.levelChanged(to: Level.text(ordinal: to) + (levelNames[to].map { " (\($0))" } ?? "")))
        case .signalLost: line = language.text(.signalLost)
        case .signalRegained: line = language.text(.signalBack)
        case .stepChanged, .approachingManeuver: line = nil
        }
        guard let line, line != lastLine else { return }
        lastLine = line
        Output.line(line)
    }
}
