import Foundation
import IndoorTestSupport
import Testing

/// `indoornav serve` as a user runs it: it listens, says when it is ready, and exits 0 on SIGTERM once drained.
@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct ServeCommandTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func servesThenStopsGracefullyOnASignal(signal: Int32) async throws {
        let errPath = NSTemporaryDirectory() + "indoornav-serve-err-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errPath) }
        let process = Process()
        process.executableURL = BuiltProduct.executable("indoornav")
        process.arguments = ["serve", "--listen", "127.0.0.1:0", "--threads", "1"]
        process.currentDirectoryURL = BuiltProduct.root
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try process.run()
        defer { if process.isRunning { process.interrupt() } }
        func stderr() -> String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }
        try await settleOnRealProcess { stderr().contains("ready as /v1/venues/transit-hub") || !process.isRunning }
        let text = stderr()
        let port = try #require(text.firstRange(of: "http://127.0.0.1:").map { Int(text[$0.upperBound...].prefix { $0.isNumber }) } ?? nil)
        let ready = try RawHTTP.request(port: port, "/ready")
        #expect(ready.status == 200)
        let search = try RawHTTP.request(port: port, "/v1/venues/transit-hub/search?q=cafe&limit=1")
        #expect(search.status == 200)
        kill(process.processIdentifier, signal)
        try await settleOnRealProcess { !process.isRunning }
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(stderr().contains("indoornav serve: stopped"))
        // The request's access-log line went to stderr too.
        #expect(stderr().contains("\"endpoint\":\"search\""))
    }

    @Test func badOptionsAreUsageErrors() async throws {
        for arguments in [["serve", "--listen", "localhost"], ["serve", "--threads", "0"],
                          ["serve", "--venue", "a/x.osm", "--venue", "b/x.osm.pbf"], ["serve", "--replica-id", "Bad_ID"],
                          ["serve", "--replica-id", "-a"], ["serve", "--session-idle", "0"], ["serve", "--max-sessions", "x"]] {
            let r = try await CLI.output(arguments)
            #expect(r.status == 2, "\(arguments)")
        }
        let help = try await CLI.output(["serve", "--help"])
        #expect(help.status == 0)
        #expect(String(decoding: help.stdout, as: UTF8.self).contains("/v1/venues/{venue}/route"))
        #expect(String(decoding: help.stdout, as: UTF8.self).contains("--replica-id ID"))
        #expect(String(decoding: help.stdout, as: UTF8.self).contains("GET    /v1/sessions/{id}/events"))
    }
}
