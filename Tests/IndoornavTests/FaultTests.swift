import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Signals, broken pipes, full disks and files in the way, as the CLI meets them.
@Suite(.serialized) struct FaultTests {
    static let route = ["--from", "Relay", "--to", "Café Müller"]

    /// Starts the binary; returns the process and its stdout/stderr pipes.
    static func start(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let p = Process()
        p.executableURL = CLI.executable
        p.arguments = arguments
        p.currentDirectoryURL = CLI.root
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        return (p, out, err)
    }

    static func temporaryDirectory() -> String {
        NSTemporaryDirectory() + "indoornav-faults-" + UUID().uuidString
    }

    /// Ctrl-C while following a replay: exit 130, and what was printed is whole JSON lines.
    @Test func sigintStopsFollowWithWholeLines() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.run(["simulate"] + Self.route + ["--sessions", "1", "--detour-rate", "0", "--record", dir])
        #expect(r.status == 0)
        // At the recorded pace (a fix a second), the walk takes about 20 s: interrupted once it has started.
        let (p, out, _) = try Self.start(["follow", "--nmea-file", dir + "/session-0001.nmea", "--json"] + Self.route)
        var output = Data()
        let handle = out.fileHandleForReading
        while !String(decoding: output, as: UTF8.self).contains(#""event":"progress""#) {
            let data = handle.availableData
            if data.isEmpty { break }
            output += data
        }
        kill(p.processIdentifier, SIGINT)
        output += handle.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 130)
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        for line in text.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
        }
    }

    /// SIGTERM during a long simulation: the finished sessions are reported, exit 143.
    @Test func sigtermReportsTheFinishedSessions() throws {
        let (p, out, err) = try Self.start(["simulate"] + Self.route + ["--sessions", "100000", "--json"])
        // Wait until sessions are running (the venue loaded), then stop it.
        Thread.sleep(forTimeInterval: 0.5)
        var waited = 0.0
        while waited < 20 {
            Thread.sleep(forTimeInterval: 0.5)
            waited += 0.5
            if waited >= 2 { break }
        }
        kill(p.processIdentifier, SIGTERM)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 143)
        let json = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        let sessions = try #require(json["sessions"] as? Int)
        #expect(sessions < 100_000 && json["arrived"] as? Int == sessions)
        #expect(errors.contains("interrupted after \(sessions) of 100000 sessions"))
    }

    /// Piped into `head`: the pipe closes, the command ends quietly (SIGPIPE, no message, no crash report).
    @Test func aClosedPipeEndsQuietly() throws {
        let logs = CLI.root.appendingPathComponent("Tests/IndoorLocationTests/Fixtures/gpsd").path
        let sh = Process()
        sh.executableURL = URL(fileURLWithPath: "/bin/sh")
        let errFile = NSTemporaryDirectory() + "indoornav-pipe-\(UUID().uuidString).err"
        defer { try? FileManager.default.removeItem(atPath: errFile) }
        sh.arguments = ["-c", #"for i in 1 2 3 4 5 6 7 8; do cat "$1"/*.log; done | "$2" nmea decode - 2>"$3" | head -n 1"#,
                        "sh", logs, CLI.executable.path, errFile]
        let out = Pipe()
        sh.standardOutput = out
        try sh.run()
        let first = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sh.waitUntilExit()
        #expect(first.hasPrefix("{") && first.split(separator: "\n").count == 1)
        let errors = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
        #expect(!errors.contains("Fatal") && !errors.contains("rror") && !errors.contains("Backtrace"), "\(errors)")
    }

    /// Recordings and frames are never overwritten unless asked, and a file in place of the directory is refused.
    @Test func recordingsAreNotOverwrittenUnlessAsked() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["simulate"] + Self.route + ["--sessions", "1", "--record", dir]
        #expect(try CLI.run(args).status == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: dir + "/session-0001.nmea"))
        let again = try CLI.run(args + ["--seed", "2"])
        #expect(again.status == 1 && again.stderr.contains("use --force"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/session-0001.nmea")) == first)
        #expect(try CLI.run(args + ["--seed", "2", "--force"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/session-0001.nmea")) != first)
        let file = dir + "/session-0001.nmea"
        let onFile = try CLI.run(["simulate"] + Self.route + ["--sessions", "1", "--record", file])
        #expect(onFile.status == 1 && onFile.stderr.contains("is a file"))
    }

    /// The disk fills while recording (a file size limit, SIGXFSZ ignored, as a full disk's ENOSPC): a clear error,
    /// exit 1, and no half-written session file.
    @Test func aFullDiskLeavesNoHalfFile() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sh = Process()
        sh.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Files of at most 2 KiB: a session's NMEA does not fit.
        sh.arguments = ["-c", #"trap '' XFSZ; ulimit -f 2; exec "$0" "$@""#, CLI.executable.path, "simulate"] + Self.route
            + ["--sessions", "3", "--record", dir]
        sh.currentDirectoryURL = CLI.root
        let err = Pipe()
        sh.standardError = err
        sh.standardOutput = FileHandle.nullDevice
        try sh.run()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sh.waitUntilExit()
        #expect(sh.terminationStatus == 1)
        #expect(errors.contains("cannot write the recordings"), "\(errors)")
        // Nothing half-written is left: no session file, no temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".nmea") || $0.hasPrefix(".") }.isEmpty)
    }

    /// A GPX stream of 1 GiB (through a pipe, never on disk) read by the release binary in bounded memory.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: CLI.root.appendingPathComponent(".build/release/indoornav").path),
                   "tools/setup builds the release binary"))
    func aGigabyteOfGPXIsStreamedInBoundedMemory() throws {
        let fifo = NSTemporaryDirectory() + "indoornav-gib-\(UUID().uuidString).gpx"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let point = "<trkpt lat=\"48.85\" lon=\"2.35\"><ele>35.0</ele><time>2024-03-15T06:30:00Z</time></trkpt>\n"
        let chunk = Data(String(repeating: point, count: (1 << 20) / point.utf8.count).utf8)
        let writer = Thread {
            guard let h = FileHandle(forWritingAtPath: fifo) else { return }
            h.write(Data("<gpx version='1.1'><trk><trkseg>\n".utf8))
            for _ in 0..<1024 { h.write(chunk) }
            h.write(Data("</trkseg></trk></gpx>\n".utf8))
            try? h.close()
        }
        writer.start()
        let p = Process()
        p.executableURL = CLI.root.appendingPathComponent(".build/release/indoornav")
        p.arguments = ["gpx", "info", fifo, "--json", "--verbose"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let json = try JSONSerialization.jsonObject(with: out.fileHandleForReading.readDataToEndOfFile()) as? [String: Any]
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(json?["track_points"] as? Int == 1024 * ((1 << 20) / point.utf8.count))
        let peak = errors.split(separator: " ").firstIndex(of: "memory").flatMap { i in Int(errors.split(separator: " ")[i + 1]) }
        #expect((peak ?? .max) < 100, "\(errors)")
    }
}
