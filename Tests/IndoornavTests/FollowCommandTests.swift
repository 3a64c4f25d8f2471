import Foundation
import IndoorTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `follow` and `simulate` as a user runs them.
@Suite(.enabled(if: TestTier.integration), .serialized, .timeLimit(.minutes(8))) struct FollowCommandTests {
    static let route = ["--from", "Relay", "--to", "Café Müller"]

    /// A session recorded by `simulate`, in a fresh temporary directory.
    static func record(seed: Int) async throws -> String {
        let dir = NSTemporaryDirectory() + "indoornav-follow-" + UUID().uuidString
        let r = try await CLI.run(["simulate"] + route + ["--sessions", "1", "--seed", String(seed), "--detour-rate", "0", "--record", dir])
        #expect(r.status == 0, "\(r.stderr)")
        return dir
    }

    static func events(_ jsonLines: String) -> [String] {
        jsonLines.split(separator: "\n").filter { !$0.contains(#""event":"provider_status""#) }.map(String.init)
    }

    @Test func aRecordedSessionReplaysToTheSameEvents() async throws {
        let dir = try await Self.record(seed: 4)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let recorded = try String(contentsOfFile: dir + "/session-0001.events.jsonl", encoding: .utf8)
        let r = try await CLI.run(["follow", "--nmea-file", dir + "/session-0001.nmea", "--speed", "max", "--json"] + Self.route)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.events(r.stdout) == Self.events(recorded))
        #expect(Self.events(r.stdout).last?.contains(#""event":"arrived""#) == true)
    }

    /// A source that fails for good: the reason once, on stderr, with what failed; stdout carries only the event
    /// stream (`[connecting]`, `[failed]`); exit 1. The same for a recording, a GPX track and a serial device.
    @Test(arguments: [
        (["--nmea-file", "/nonexistent/session.nmea"], "/nonexistent/session.nmea: cannot open: No such file or directory"),
        (["--gpx", "/nonexistent/track.gpx"], "/nonexistent/track.gpx: cannot open: No such file or directory"),
        (["--nmea", "/dev/ttyNOPE"], "/dev/ttyNOPE: cannot open: No such file or directory"),
    ])
    func aSourceThatCannotBeOpenedSaysWhyOnceOnStderr(source: [String], reason: String) async throws {
        let r = try await CLI.run(["follow"] + source)
        #expect(r.status == 1)
        #expect(r.stderr == "indoornav: \(reason)\n", "\(r.stderr)")
        #expect(r.stdout == "[connecting]\n[failed]\n", "\(r.stdout)")
    }

    /// A recording that holds no position fix (here: an empty file) is a failure that says what was read, not a
    /// walk that quietly finished.
    @Test func anEmptyRecordingSaysItHasNoFix() async throws {
        let file = NSTemporaryDirectory() + "indoornav-empty-\(UUID().uuidString).nmea"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try await CLI.run(["follow", "--nmea-file", file])
        #expect(r.status == 1)
        #expect(r.stderr == "indoornav: \(file): no position fix in 0 sentences (0 lines)\n", "\(r.stderr)")
        #expect(r.stdout == "[connecting]\n[streaming]\n[failed]\n", "\(r.stdout)")
    }

    /// A receiver that refuses the connection (nothing on the port: NMEA over TCP, or gpsd) is retried with
    /// backoff, each `disconnected` event carries the reason with the address, and stderr says it once, not at
    /// every attempt.
    @Test(arguments: ["--nmea-tcp", "--gpsd"])
    func aRefusedConnectionSaysWhyOnceAndRetries(option: String) async throws {
        let port = try #require(GPSFake.freeLoopbackPort())
        let (follow, captured) = try CLI.spawn(["follow", option, "127.0.0.1:\(port)", "--json"])
        defer {
            if follow.isRunning {
                kill(follow.processIdentifier, SIGKILL)
                follow.waitUntilExit()
            }
        }
        func disconnections() -> [String] {
            captured.stdout.split(separator: "\n").filter { $0.contains(#""status":"disconnected""#) }.map(String.init)
        }
        // Two attempts, a backoff of 1 s apart.
        try await settleOnRealProcess { disconnections().count >= 2 }
        let reason = "\(option == "--gpsd" ? "gpsd at " : "")127.0.0.1:\(port): cannot connect: Connection refused"
        #expect(disconnections().allSatisfy { $0.contains(#""reason":"\#(reason)""#) }, "\(captured.stdout)")
        #expect(follow.isRunning)
        #expect(captured.stderr == "indoornav: \(reason); retrying (Ctrl-C to stop)\n", "\(captured.stderr)")
    }

    @Test func guidesInFrench() async throws {
        let dir = try await Self.record(seed: 4)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try await CLI.run(["follow", "--nmea-file", dir + "/session-0001.nmea", "--speed", "max", "--json", "--lang", "fr"] + Self.route)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Vous arrivez à Café Müller") && !r.stdout.contains("You reach") && !r.stdout.contains(#""instruction":"Head"#))
    }

    /// The live guidance line is all in the language asked for: the level (by its name in that language, as the
    /// route's legs give it), the distance to the maneuver, what is left, the source's status and the announcements.
    @Test(arguments: [
        ("en", ["[connecting]", "Concourse [0] · ", " left · streaming", "You have arrived."], [String]()),
        ("fr", ["[connexion]", "Hall [0] · Dans ", "· reste ", "· réception", "Vous êtes arrivé."], ["Level", " left", "streaming", "connecting"]),
        ("de", ["[Verbindung]", "Concourse [0] · In ", "· noch ", "· Empfang", "Sie sind angekommen."], ["Level", " left", "streaming", "connecting"]),
        ("ru", ["[подключение]", "Concourse [0] · Через ", "· осталось ", "· приём", "Вы прибыли."], ["Level", " left", "streaming", "connecting"]),
    ])
    func theLiveLineIsInOneLanguage(lang: String, expected: [String], english: [String]) async throws {
        let dir = try await Self.record(seed: 4)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try await CLI.run(["follow", "--nmea-file", dir + "/session-0001.nmea", "--speed", "max", "--lang", lang] + Self.route)
        #expect(r.status == 0, "\(r.stderr)")
        for text in expected { #expect(r.stdout.contains(text), "\(text) not in \(r.stdout)") }
        for word in english { #expect(!r.stdout.contains(word), "\(word) in \(r.stdout)") }
    }

    /// Without a destination, the live line says where the walker is by names, not ids (issue 18: `Level 0 ·
    /// 1725d00d-… · near 08e0288e-…`); the JSON events keep the ids beside the names.
    @Test func freeModeSaysWhereByNames() async throws {
        let dir = try await Self.record(seed: 4)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try await CLI.run(["follow", "--nmea-file", dir + "/session-0001.nmea", "--speed", "max"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Concourse [0] · Relay · streaming"), "\(r.stdout)")
        #expect(r.stdout.contains(" · near "), "\(r.stdout)")
        #expect(r.stdout.firstMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-/) == nil, "an id in \(r.stdout)")
        let json = try await CLI.run(["follow", "--nmea-file", dir + "/session-0001.nmea", "--speed", "max", "--json"])
        let located = try #require(json.stdout.split(separator: "\n").first { $0.contains(#""event":"located""#) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(located.utf8)) as? [String: Any])
        for key in ["space", "space_name", "nearest_poi", "nearest_poi_name"] {
            #expect((object[key] as? String)?.isEmpty == false, "\(key) not in \(located)")
        }
        #expect(object["level_name"] as? String == "Concourse")
    }

    /// Standard input is followed as it arrives, as a live receiver's stream piped in (`gpspipe -r | indoornav
    /// follow --nmea-file - …`): the first epochs are guided before the rest exist, and the walk arrives once
    /// they come.
    @Test func followsStandardInputAsItArrives() async throws {
        let dir = try await Self.record(seed: 5)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let nmea = try String(contentsOfFile: dir + "/session-0001.nmea", encoding: .utf8)
        let lines = nmea.split(whereSeparator: \.isNewline).map { $0 + "\r\n" }
        let firstEpochs = lines.prefix(20).joined(), rest = lines.dropFirst(20).joined()
        // A FIFO, opened by this test only (close-on-exec: no other test's child can hold it open, so its end
        // is the end of input).
        let fifo = dir + "/stdin.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let (follow, captured) = try CLI.spawn(["-c", #"f="$1"; shift; exec "$0" "$@" < "$f""#, CLI.executable.path, fifo,
                                                "follow", "--nmea-file", "-", "--json"] + Self.route,
                                               executable: URL(fileURLWithPath: "/bin/sh"))
        defer { if follow.isRunning { kill(follow.processIdentifier, SIGKILL) } }
        let writer = try #require(await openForWriting(fifo: fifo, readBy: follow))
        func send(_ text: String) {
            _ = try? writer.write(contentsOf: Data(text.utf8))
        }
        send(firstEpochs)
        try await settleOnRealProcess { captured.stdout.contains(#""event":"progress""#) }
        #expect(captured.stdout.contains(#""event":"progress""#) && follow.isRunning, "guided before the input ended")
        #expect(!captured.stdout.contains(#""event":"arrived""#))
        send(rest)
        try? writer.close()
        #expect(await waitForExit(follow, limit: .seconds(60)))
        #expect(follow.terminationStatus == 0, "\(captured.stderr)")
        #expect(Self.events(captured.stdout).last?.contains(#""event":"arrived""#) == true)
    }

    /// A receiver on a serial port: a writer process feeds a pseudo-terminal one epoch a second, and
    /// `follow --nmea DEVICE --json` guides the walk to arrival, with the events of the recording.
    @Test(.enabled(if: PTYPair.available, "socat is installed by tools/setup"))
    func followsALiveReceiverToArrival() async throws {
        let dir = try await Self.record(seed: 6)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let nmea = try String(contentsOfFile: dir + "/session-0001.nmea", encoding: .utf8)
        // One file per epoch (an epoch starts with its GGA).
        var epochs: [String] = []
        // ("\r\n" is one Character in Swift: split on any line break.)
        for line in nmea.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("$GPGGA") || epochs.isEmpty { epochs.append("") }
            epochs[epochs.count - 1] += line + "\r\n"
        }
        #expect(epochs.count > 10)
        let epochDir = dir + "/epochs"
        try FileManager.default.createDirectory(atPath: epochDir, withIntermediateDirectories: true)
        for (k, e) in epochs.enumerated() {
            try Data(e.utf8).write(to: URL(fileURLWithPath: String(format: "%@/%04d.nmea", epochDir, k)))
        }

        let pty = try PTYPair()
        try await pty.start()
        // The receiver: after a second (the follower opens the port), an epoch a second.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", #"sleep 1; for f in "$1"/*.nmea; do cat "$f"; sleep 1; done > "$2""#, "writer", epochDir, pty.writerPath]
        writer.standardInput = FileHandle.nullDevice
        writer.standardOutput = FileHandle.nullDevice
        writer.standardError = FileHandle.nullDevice
        try writer.run()
        defer {
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
        }

        let (follow, captured) = try CLI.spawn(["follow", "--nmea", pty.devicePath, "--baud", "9600", "--json"] + Self.route)
        // A bound on the test: the walk takes about 25 s.
        #expect(await waitForExit(follow, limit: .seconds(epochs.count + 30)))
        #expect(follow.terminationStatus == 0)
        let output = captured.stdout
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains(#""status":"connecting""#) == true)
        #expect(lines.contains { $0.contains(#""status":"streaming""#) })
        #expect(lines.last?.contains(#""event":"arrived""#) == true)
        let recorded = try String(contentsOfFile: dir + "/session-0001.events.jsonl", encoding: .utf8)
        #expect(Self.events(output) == Self.events(recorded))
        await pty.unplug()
    }

    /// `follow --gpsd` on Debian's gpsd fed by gpsfake — at gpsfake's default pace, and at one sentence per 0.2 s
    /// (a cycle of the NEO-M8N log then takes about as long as the 5 s signal timeout) — with gpsd frozen for a
    /// while: the signal is lost and regained on the machine's clock, so each reported gap lies between the
    /// timeout and the time the command ran (never the receiver's clock against the machine's, as the
    /// 2,046,014,364 s it once printed).
    @Test(.enabled(if: GPSFake.available, "gpsd and gpsd-clients are installed by tools/setup"), arguments: [nil, 0.2] as [Double?])
    func gpsdSignalIsLostAndRegainedOnTheMachinesClock(cycle: Double?) async throws {
        let port = try #require(GPSFake.freeLoopbackPort())
        let log = CLI.root.appendingPathComponent("Tests/IndoorLocationTests/Fixtures/gpsd/neo-m8n.log").path
        let gpsfake = try GPSFake.start(port: port, log: log, cycle: cycle)
        defer { GPSFake.stop(gpsfake) }
        let started = ContinuousClock.now
        let (follow, captured) = try CLI.spawn(["follow", "--gpsd", "127.0.0.1:\(port)", "--json"])
        defer {
            if follow.isRunning {
                kill(follow.processIdentifier, SIGKILL)
                follow.waitUntilExit()
            }
        }
        func events(_ name: String) -> [[String: Any]] {
            captured.stdout.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }.filter { $0["event"] as? String == name }
        }
        // gpsd reports fixes (the first locates the user), then goes quiet: lost after the 5 s timeout.
        try await settleOnRealProcess(within: .seconds(120)) { !events("located").isEmpty }
        #expect(!events("located").isEmpty, "no fix from gpsd: \(captured.stdout) \(captured.stderr)")
        // (A slow cycle may already have lost the signal once: the freeze must lose it again.)
        try await settleOnRealProcess(within: .seconds(60)) { events("signal_lost").count == events("signal_regained").count }
        let before = events("signal_lost").count
        GPSFake.pause(gpsfake, true)
        try await settleOnRealProcess(within: .seconds(60)) { events("signal_lost").count > before }
        GPSFake.pause(gpsfake, false)
        try await settleOnRealProcess(within: .seconds(60)) { events("signal_regained").count > before }
        kill(follow.processIdentifier, SIGINT)
        #expect(await waitForExit(follow, limit: .seconds(30)))
        let ran = (ContinuousClock.now - started) / .seconds(1)
        let lost = events("signal_lost").compactMap { $0["after"] as? Double }
        let regained = events("signal_regained").compactMap { $0["after"] as? Double }
        #expect(lost.count > before && regained.count > before, "\(captured.stdout)")
        print("follow --gpsd, gpsfake -c \(cycle.map { String($0) } ?? "default"): lost after \(lost), regained after \(regained), in a run of \(ran) s")
        // (A loss is declared at the 5 s timeout itself, and the JSON gives hundredths: 5.0 is right.)
        for gap in lost + regained { #expect(gap >= 5 && gap < ran, "a gap of \(gap) s in a run of \(ran) s") }
        // Regained after at least as long as it was lost for: the same clock measured both.
        for (l, r) in zip(lost, regained) { #expect(r >= l, "lost after \(l) s, regained after \(r) s") }
    }

    @Test func simulateIsDeterministicAndReportsTheFigures() async throws {
        let args = ["simulate"] + Self.route + ["--sessions", "30", "--seed", "9", "--json"]
        let a = try await CLI.run(args), b = try await CLI.run(args)
        #expect(a.status == 0 && a.stdout == b.stdout)
        let json = try a.json()
        for key in ["sessions", "arrived", "wrong_level_arrivals", "false_off_route_sessions", "reroutes", "detours",
                    "detection_delay_fixes", "matched_error_m"] {
            #expect(json[key] != nil, "\(key)")
        }
        #expect(json["arrived"] as? Int == 30)
    }

    /// simulate's report is in the language asked for: its labels, the plural of each count, the decimal mark.
    @Test(arguments: [
        ("en", ["sessions                 1 (", "1 for 1 real detour (", "matched position error   median "], [String]()),
        ("fr", ["sessions ", "1 pour 1 détour réel (", "erreur de position recalée médiane ", ",0\u{A0}%"], ["arrived", "reroutes", "median"]),
        ("de", ["Sitzungen ", "1 für 1 echten Umweg (", "Fehler der abgeglichenen Position Median ", ",0\u{A0}%"], ["arrived", "reroutes", "median"]),
        ("ru", ["сеансы ", "1 на 1 реальный обход (", "ошибка сопоставленной позиции медиана ", "0 сеансов"], ["arrived", "reroutes", "median", "sessions"]),
    ])
    func simulateReportsInTheLanguageAsked(lang: String, expected: [String], english: [String]) async throws {
        let r = try await CLI.run(["simulate"] + Self.route + ["--sessions", "1", "--seed", "9", "--detour-rate", "1", "--lang", lang])
        #expect(r.status == 0, "\(r.stderr)")
        for text in expected { #expect(r.stdout.contains(text), "\(text) not in \(r.stdout)") }
        for word in english { #expect(!r.stdout.contains(word), "\(word) in \(r.stdout)") }
    }

    @Test func simulateDrawsAFramePerFix() async throws {
        let dir = NSTemporaryDirectory() + "indoornav-frames-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try await CLI.run(["simulate"] + Self.route + ["--sessions", "1", "--seed", "2", "--frames", dir, "--size", "320x240", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let fixes = try #require(try r.json()["fixes"] as? Int)
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }
        #expect(frames.count == fixes && fixes > 10)
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/frame-0001.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(r.stderr.contains("wrote \(fixes) frames"))
    }

    @Test func followNeedsOneSource() async throws {
        let r = try await CLI.run(["follow", "--to", "Relay"])
        #expect(r.status == 2 && r.stderr.contains("missing a source"))
        let bad = try await CLI.run(["follow", "--nmea-file", "/no/such.nmea", "--speed", "max"])
        #expect(bad.status == 1 && bad.stderr.contains("/no/such.nmea"))
    }
}
