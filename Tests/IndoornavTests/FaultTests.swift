import Foundation
import IndoorTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Signals, broken pipes, full disks and files in the way, as the CLI meets them.
@Suite(.enabled(if: TestTier.integration), .serialized, .timeLimit(.minutes(8))) struct FaultTests {
    static let route = ["--from", "Relay", "--to", "Café Müller"]

    /// CPU seconds a process has used (utime + stime from /proc).
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let u = Double(fields[11]), let s = Double(fields[12]) else { return 0 }
        return (u + s) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func temporaryDirectory() -> String {
        NSTemporaryDirectory() + "indoornav-faults-" + UUID().uuidString
    }

    /// Ctrl-C while following a replay: exit 130, and what was printed is whole JSON lines.
    @Test(.enabled(if: !isIgnoredHere(SIGINT), "the tests run with SIGINT ignored, as their children then are"))
    func sigintStopsFollowWithWholeLines() async throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try await CLI.run(["simulate"] + Self.route + ["--sessions", "1", "--detour-rate", "0", "--record", dir])
        #expect(r.status == 0)
        // At the recorded pace (a fix a second), the walk takes about 20 s: interrupted once it has started.
        let (p, output) = try CLI.spawn(["follow", "--nmea-file", dir + "/session-0001.nmea", "--json"] + Self.route)
        try await settleOnRealProcess { output.stdout.contains(#""event":"progress""#) }
        kill(p.processIdentifier, SIGINT)
        await waitForExit(p)
        #expect(p.terminationReason == .exit && p.terminationStatus == 130,
                "status \(p.terminationStatus) \(p.terminationReason == .exit ? "exit" : "signal"); stderr: \(output.stderr); stdout: \(output.stdout.prefix(300))")
        let text = output.stdout
        #expect(text.hasSuffix("\n"))
        for line in text.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
        }
    }

    /// SIGTERM or SIGHUP during a long simulation: the finished sessions are reported, exit 143 or 129.
    @Test(arguments: ([(SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)]).filter { !isIgnoredHere($0.0) })
    func aSignalReportsTheFinishedSessions(signal: Int32, status: Int32) async throws {
        let (p, captured) = try CLI.spawn(["simulate"] + Self.route + ["--sessions", "100000", "--json"])
        // Once it has worked for a while (past loading the venue, into the sessions), stop it.
        try await settleOnRealProcess { Self.cpuSeconds(p.processIdentifier) > 3 }
        kill(p.processIdentifier, signal)
        await waitForExit(p)
        let output = captured.stdoutData
        let errors = captured.stderr
        #expect(p.terminationReason == .exit && p.terminationStatus == status)
        let json = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        let sessions = try #require(json["sessions"] as? Int)
        #expect(sessions < 100_000 && json["arrived"] as? Int == sessions)
        #expect(errors.contains("interrupted after \(sessions) of 100000 sessions"))
    }

    /// Under `nohup` (SIGHUP ignored when it starts) a hang-up changes nothing; SIGTERM still stops it.
    @Test(.enabled(if: !isIgnoredHere(SIGTERM), "the tests run with SIGTERM ignored, as their children then are"))
    func aHangUpIgnoredAtTheStartStaysIgnored() async throws {
        let (p, captured) = try CLI.spawn(["-c", #"trap '' HUP; exec "$0" "$@""#, CLI.executable.path, "simulate"]
            + Self.route + ["--sessions", "100000", "--json"], executable: URL(fileURLWithPath: "/bin/sh"))
        try await settleOnRealProcess { Self.cpuSeconds(p.processIdentifier) > 3 }
        kill(p.processIdentifier, SIGHUP)
        let before = Self.cpuSeconds(p.processIdentifier)
        try await settleOnRealProcess { Self.cpuSeconds(p.processIdentifier) > before + 1 || !p.isRunning }
        #expect(p.isRunning, "\(captured.stderr)")
        kill(p.processIdentifier, SIGTERM)
        await waitForExit(p)
        #expect(p.terminationReason == .exit && p.terminationStatus == 143)
    }

    /// Piped into `head`: the pipe closes, the command ends quietly — no message, no crash report — even with
    /// SIGPIPE ignored (as a parent may leave it), where the write fails with EPIPE instead of a signal.
    @Test func aClosedPipeEndsQuietly() async throws {
        let logs = CLI.root.appendingPathComponent("Tests/IndoorLocationTests/Fixtures/gpsd").path
        let sh = Process()
        sh.executableURL = URL(fileURLWithPath: "/bin/sh")
        let errFile = NSTemporaryDirectory() + "indoornav-pipe-\(UUID().uuidString).err"
        let outFile = errFile + ".out"
        defer {
            try? FileManager.default.removeItem(atPath: errFile)
            try? FileManager.default.removeItem(atPath: outFile)
        }
        sh.arguments = ["-c", #"trap '' PIPE; for i in 1 2 3 4 5 6 7 8; do cat "$1"/*.log 2>/dev/null; done | "$2" nmea decode - 2>"$3" | head -n 1 >"$4""#,
                        "sh", logs, CLI.executable.path, errFile, outFile]
        try sh.run()
        await waitForExit(sh)
        let first = (try? String(contentsOfFile: outFile, encoding: .utf8)) ?? ""
        #expect(first.hasPrefix("{") && first.split(separator: "\n").count == 1)
        let errors = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
        #expect(!errors.contains("Fatal") && !errors.contains("rror") && !errors.contains("Backtrace"), "\(errors)")
    }

    /// Standard streams closed by the caller: `-` says standard input is closed (not reading whatever file took
    /// its number), a result with no standard output fails, and a command that writes only files still works.
    @Test func closedStandardStreamsAreSaidNotMisused() async throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        func run(_ script: String, _ arguments: [String]) async throws -> (Int32, String) {
            let (p, output) = try CLI.spawn(["-c", script, CLI.executable.path] + arguments, executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(await waitForExit(p))
            return (p.terminationStatus, output.stderr)
        }
        let noInput = try await run(#"exec "$0" "$@" <&-"#, ["follow", "--nmea-file", "-", "--to", "Relay"])
        #expect(noInput.0 == 2 && noInput.1.contains("- reads standard input, which is closed"), "\(noInput.1)")
        let noOutput = try await run(#"exec "$0" "$@" >&-"#, ["route", "--from", "Relay", "--to", "Café Müller"])
        #expect(noOutput.0 == 1 && noOutput.1.contains("standard output is closed"), "\(noOutput.1)")
        let png = dir + "/level.png"
        let render = try await run(#"exec "$0" "$@" >&-"#, ["render", "-o", png])
        #expect(render.0 == 0, "\(render.1)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: png)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// Recordings and frames are never overwritten unless asked, and a file in place of the directory is refused.
    @Test func recordingsAreNotOverwrittenUnlessAsked() async throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["simulate"] + Self.route + ["--sessions", "1", "--record", dir]
        #expect(try await CLI.run(args).status == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: dir + "/session-0001.nmea"))
        let again = try await CLI.run(args + ["--seed", "2"])
        #expect(again.status == 1 && again.stderr.contains("use --force"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/session-0001.nmea")) == first)
        #expect(try await CLI.run(args + ["--seed", "2", "--force"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/session-0001.nmea")) != first)
        let file = dir + "/session-0001.nmea"
        let onFile = try await CLI.run(["simulate"] + Self.route + ["--sessions", "1", "--record", file])
        #expect(onFile.status == 1 && onFile.stderr.contains("is a file"))
    }

    /// The disk fills while recording (a file size limit, SIGXFSZ ignored, as a full disk's ENOSPC): a clear error,
    /// exit 1, and no half-written session file.
    @Test func aFullDiskLeavesNoHalfFile() async throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Files of at most 2 KiB: a session's NMEA does not fit.
        let (sh, captured) = try CLI.spawn(["-c", #"trap '' XFSZ; ulimit -f 2; exec "$0" "$@""#, CLI.executable.path, "simulate"]
            + Self.route + ["--sessions", "3", "--record", dir], executable: URL(fileURLWithPath: "/bin/sh"))
        await waitForExit(sh)
        let errors = captured.stderr
        #expect(sh.terminationStatus == 1)
        #expect(errors.contains("cannot write the recordings"), "\(errors)")
        // Nothing half-written is left: no session file, no temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".nmea") || $0.hasPrefix(".") }.isEmpty)
    }

    /// A GPX stream of 1 GiB (through a pipe, never on disk) read by the release binary in bounded memory.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: CLI.root.appendingPathComponent(".build/release/indoornav").path),
                   "tools/setup builds the release binary"))
    func aGigabyteOfGPXIsStreamedInBoundedMemory() async throws {
        let fifo = NSTemporaryDirectory() + "indoornav-gib-\(UUID().uuidString).gpx"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let point = "<trkpt lat=\"48.85\" lon=\"2.35\"><ele>35.0</ele><time>2024-03-15T06:30:00Z</time></trkpt>\n"
        let chunk = Data(String(repeating: point, count: (1 << 20) / point.utf8.count).utf8)
        let (p, captured) = try CLI.spawn(["gpx", "info", fifo, "--json", "--verbose"],
                                          executable: CLI.root.appendingPathComponent(".build/release/indoornav"))
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        writeOnAThread(to: try #require(await openForWriting(fifo: fifo, readBy: p))) { write in
            guard write(Data("<gpx version='1.1'><trk><trkseg>\n".utf8)) else { return }
            for _ in 0..<1024 where !write(chunk) { return }
            _ = write(Data("</trkseg></trk></gpx>\n".utf8))
        }
        await waitForExit(p)
        let json = try JSONSerialization.jsonObject(with: captured.stdoutData) as? [String: Any]
        let errors = captured.stderr
        #expect(json?["track_points"] as? Int == 1024 * ((1 << 20) / point.utf8.count))
        let peak = errors.split(separator: " ").firstIndex(of: "memory").flatMap { i in Int(errors.split(separator: " ")[i + 1]) }
        #expect((peak ?? .max) < 100, "\(errors)")
    }
}
