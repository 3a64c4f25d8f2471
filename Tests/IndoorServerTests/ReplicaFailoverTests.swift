import Foundation
import IndoorTestSupport
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Debian's `nginx`, when it is installed (`tools/setup` installs it; it lives in `/usr/sbin`, which a user's `PATH`
/// may lack).
enum Nginx {
    static let path: String? = {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"]
        return dirs.map { $0 + "/nginx" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The shipped `deploy/nginx/indoornav.conf`, with the test's replicas, port and paths in place of its own.
    static func configuration(listen: Int, replicaA: Int, replicaB: Int, prefix: String) throws -> String {
        var text = try String(contentsOf: BuiltProduct.root.appendingPathComponent("deploy/nginx/indoornav.conf"), encoding: .utf8)
        for (shipped, ours) in [("listen 127.0.0.1:8080;", "listen 127.0.0.1:\(listen);"), ("127.0.0.1:8081", "127.0.0.1:\(replicaA)"),
                                ("127.0.0.1:8082", "127.0.0.1:\(replicaB)"), ("/var/log/nginx/", prefix + "/"),
                                ("/run/indoornav-nginx.pid", prefix + "/nginx.pid")] {
            // A shipped file that no longer has what the test replaces fails here, not by testing something else.
            #expect(text.contains(shipped), "deploy/nginx/indoornav.conf has no \(shipped)")
            text = text.replacingOccurrences(of: shipped, with: ours)
        }
        return text
    }
}

/// The real processes of one test, killed with their process groups however the test ends.
final class RealProcesses: Sendable {
    private let started = Mutex<[Process]>([])
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "indoornav-failover-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Starts `executable` with `arguments`, its standard error to `name` in the directory.
    func start(_ executable: URL, _ arguments: [String], stderr name: String) throws -> Process {
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = BuiltProduct.root
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: path)
        try process.run()
        started.withLock { $0.append(process) }
        return process
    }

    /// What `name` holds so far.
    func text(_ name: String) -> String {
        (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? ""
    }

    /// Kills every process still running, with its group (nginx's workers are in its master's), and removes the
    /// directory.
    func killAll() {
        for process in started.withLock({ $0 }) where process.isRunning {
            kill(-process.processIdentifier, SIGKILL)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Issue 16's deployment, as shipped: two `indoornav serve` replicas behind nginx with `deploy/nginx/indoornav.conf`,
/// a bounded mixed load from a few clients, and one replica killed in the middle of it.
@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct ReplicaFailoverTests {
    /// One request of the load, and what came back.
    struct Outcome: Sendable {
        enum Kind: String, Sendable { case route, search, info, level, fixes }
        let kind: Kind
        let target: String
        /// The replica holding the session, for fixes.
        let replica: String?
        /// Whether it was sent once replica `a` was dead (its port refused connections).
        let afterKill: Bool
        let status: Int
        let code: String?
        let body: Data
    }

    /// What the load's client threads share.
    final class Load: Sendable {
        let outcomes = Mutex<[Outcome]>([])
        /// Requests started.
        let started = Atomic(0)
        /// Set once replica a is dead.
        let killed = Atomic(false)
        /// Clients done.
        let finished = Atomic(0)
    }

    static let stateless: [(Outcome.Kind, String)] = [
        (.route, "/v1/venues/transit-hub/route?from=Relay&to=Page%20Blanche%20Bookshop"),
        (.search, "/v1/venues/transit-hub/search?q=cafe&limit=3"),
        (.info, "/v1/venues/transit-hub"),
        (.level, "/v1/venues/transit-hub/levels/0"),
    ]

    @Test(.enabled(if: Nginx.path != nil, "nginx is not installed (tools/setup installs Debian's nginx-light)"))
    func aKilledReplicaLosesOnlyItsOwnSessions() async throws {
        let nginxPath = try #require(Nginx.path)
        let processes = try RealProcesses()
        defer { processes.killAll() }
        ignoreBrokenPipes()

        // Two replicas, a and b, each on a port of its choosing.
        var ports: [String: Int] = [:]
        var replicas: [String: Process] = [:]
        for id in ["a", "b"] {
            replicas[id] = try processes.start(BuiltProduct.executable("indoornav"),
                                               ["serve", "--listen", "127.0.0.1:0", "--threads", "2", "--replica-id", id], stderr: "replica-\(id).log")
        }
        for id in ["a", "b"] {
            let process = try #require(replicas[id])
            try await settleOnRealProcess { processes.text("replica-\(id).log").contains("ready as /v1/venues/transit-hub") || !process.isRunning }
            let log = processes.text("replica-\(id).log")
            let port: Int? = log.firstRange(of: "http://127.0.0.1:").map { Int(log[$0.upperBound...].prefix { $0.isNumber }) } ?? nil
            let found = try #require(port, "replica \(id) did not start: \(log)")
            ports[id] = found
        }
        let portA = try #require(ports["a"]), portB = try #require(ports["b"])

        // nginx, with the shipped configuration.
        let listen = try Self.freeLoopbackPort()
        let configuration = processes.directory + "/nginx.conf"
        try Nginx.configuration(listen: listen, replicaA: portA, replicaB: portB, prefix: processes.directory)
            .write(toFile: configuration, atomically: true, encoding: .utf8)
        let nginx = try processes.start(URL(fileURLWithPath: nginxPath),
                                        ["-p", processes.directory, "-e", processes.directory + "/nginx-startup.log", "-c", configuration,
                                         "-g", "daemon off;"], stderr: "nginx.stderr")
        let up = await waitOnRealProcess(for: .seconds(30)) {
            (try? RawHTTP.request(port: listen, "/health"))?.status == 200 || !nginx.isRunning
        }
        try #require(up && nginx.isRunning,
                     "nginx did not start: \(processes.text("nginx-startup.log")) \(processes.text("indoornav-error.log")) \(processes.text("nginx.stderr"))")

        // The right answers, from replica b directly: every replica gives the same bytes.
        var expected: [String: Data] = [:]
        for (_, target) in Self.stateless {
            let direct = try RawHTTP.request(port: portB, target)
            try #require(direct.status == 200, "\(target): \(direct.text.prefix(300))")
            expected[target] = direct.body
        }
        let route = try SessionHTTP.object(try RawHTTP.request(port: portB, Self.stateless[0].1))
        try #require(((route["legs"] as? [Any])?.count ?? 0) > 0, "the route has no legs")

        // Sessions opened through nginx land on both replicas.
        var sessions: [String: [String]] = ["a": [], "b": []]
        for _ in 0..<24 where sessions.values.contains(where: { $0.count < 3 }) {
            let id = try SessionHTTP.open(listen)
            let replica = String(id.prefix { $0 != "-" })
            try #require(sessions[replica] != nil, "session \(id) of an unknown replica")
            sessions[replica, default: []].append(id)
        }
        try #require(sessions.values.allSatisfy { $0.count >= 3 }, "sessions by replica: \(sessions.mapValues(\.count))")

        // The load: 200 requests from 4 clients, a third of them fixes to the client's own sessions (each
        // session's fixes in the walk's order), the rest stateless; replica a is killed when the 100th starts.
        let walk = try Walk.make().fixes
        let all = sessions["a", default: []] + sessions["b", default: []]
        let clients = 4, total = 200, killAt = 100
        let load = Load()
        let replicaA = try #require(replicas["a"]).processIdentifier
        for client in 0..<clients {
            let owned = all.enumerated().filter { $0.offset % clients == client }.map(\.element)
            let thread = Thread {
                var fixesSent: [String: Int] = [:]
                for i in stride(from: client, to: total, by: clients) {
                    if load.started.add(1, ordering: .relaxed).newValue == killAt {
                        kill(replicaA, SIGKILL)
                        // Dead once its port refuses connections.
                        for _ in 0..<10_000 {
                            guard let fd = try? RawHTTP.connected(port: portA) else { break }
                            close(fd)
                            usleep(1000)
                        }
                        load.killed.store(true, ordering: .releasing)
                    }
                    let afterKill = load.killed.load(ordering: .acquiring)
                    let outcome: Outcome
                    if i % 3 == 2, !owned.isEmpty {
                        let id = owned[(i / clients) % owned.count]
                        let n = fixesSent[id, default: 0]
                        fixesSent[id] = n + 1
                        let target = "/v1/sessions/\(id)/fixes"
                        let r = try? SessionHTTP.post(listen, target, json: [walk[n % walk.count]])
                        outcome = Outcome(kind: .fixes, target: target, replica: String(id.prefix { $0 != "-" }), afterKill: afterKill,
                                          status: r?.status ?? 0, code: r?.errorCode, body: r?.body ?? Data())
                    } else {
                        let (kind, target) = Self.stateless[i % Self.stateless.count]
                        let r = try? RawHTTP.request(port: listen, target)
                        outcome = Outcome(kind: kind, target: target, replica: nil, afterKill: afterKill, status: r?.status ?? 0,
                                          code: r?.errorCode, body: r?.body ?? Data())
                    }
                    load.outcomes.withLock { $0.append(outcome) }
                }
                load.finished.add(1, ordering: .releasing)
            }
            thread.start()
        }
        try await settleOnRealProcess { load.finished.load(ordering: .acquiring) == clients }
        let results = load.outcomes.withLock { $0 }
        #expect(results.count == total)
        #expect(!(replicas["a"]?.isRunning ?? true), "replica a was not killed")

        var failures: [String] = []
        func fail(_ o: Outcome, _ why: String) {
            failures.append("\(o.kind.rawValue) \(o.target) (after the kill: \(o.afterKill)): \(why): \(o.status) \(String(decoding: o.body.prefix(300), as: UTF8.self))")
        }
        for o in results {
            switch o.replica {
            case nil:
                if o.status != 200 || o.body != expected[o.target] { fail(o, "a stateless request failed or was answered wrongly") }
            case "b"?:
                if o.status != 200 { fail(o, "a fix to a session of the surviving replica was lost") }
            default:
                // In flight when a died, a fix may have been taken (200) or not (404); once a is dead, never taken.
                let elsewhere = o.status == 404 && o.code == "session_elsewhere"
                let text = String(decoding: o.body, as: UTF8.self)
                if elsewhere, !(text.contains("held by replica a") && text.contains("open a new one")) { fail(o, "the 404 does not say why") }
                if o.afterKill ? !elsewhere : !(o.status == 200 || elsewhere) { fail(o, "a fix to the killed replica's session was not told where it went") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
        // Each kind of request was seen after the kill, and before it.
        for afterKill in [false, true] {
            let seen = results.filter { $0.afterKill == afterKill }
            #expect(seen.contains { $0.replica == nil } && seen.contains { $0.replica == "a" } && seen.contains { $0.replica == "b" },
                    "after the kill: \(afterKill): \(seen.count) requests")
        }

        // The rest of a session's life through nginx: b's events stream as they come; a's sessions are gone.
        let b = try #require(sessions["b"]?.first), a = try #require(sessions["a"]?.first)
        let stream = try SSEClient(port: listen, "/v1/sessions/\(b)/events")
        let events = stream.read { $0.contains { $0.id != nil } }
        #expect(stream.status == 200)
        #expect(stream.headers["content-type"]?.hasPrefix("text/event-stream") == true)
        #expect(events.first { $0.id != nil }?.id == 1)
        for target in ["/v1/sessions/\(a)/events", "/v1/sessions/\(a)"] {
            let r = try RawHTTP.request(port: listen, target, method: target.hasSuffix("events") ? "GET" : "DELETE")
            #expect(r.status == 404 && r.errorCode == "session_elsewhere", "\(target): \(r.status) \(r.text.prefix(300))")
        }
        #expect(try RawHTTP.request(port: listen, "/v1/sessions/\(b)", method: "DELETE").status == 204)

        kill(nginx.processIdentifier, SIGTERM)
        #expect(await waitForExit(nginx, limit: .seconds(20)))
        if let replicaB = replicas["b"] {
            kill(replicaB.processIdentifier, SIGTERM)
            #expect(await waitForExit(replicaB, limit: .seconds(30)))
        }
    }

    /// A loopback port nothing listens on now (the kernel's pick; a race with another binder is possible, and
    /// would fail the test with nginx's message).
    static func freeLoopbackPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawHTTP.Failure(description: "socket: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw RawHTTP.Failure(description: "bind: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
