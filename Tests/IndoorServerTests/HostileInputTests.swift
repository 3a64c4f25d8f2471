import Foundation
import IndoorServer
import IndoorTestSupport
import Testing

/// Hostile clients, each answered with the right 4xx, while a well-behaved client keeps getting correct answers.
@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct HostileInputTests {
    let server: TestServer
    static let wellBehaved = "/v1/venues/transit-hub/search?q=cafe&limit=1"

    init() throws {
        server = try #require(TestServer.shared, "the test server starts on the sample venue")
    }

    /// A well-behaved request, after each hostile one: the same answer as ever.
    func stillServes() throws {
        let r = try server.get(Self.wellBehaved)
        #expect(r.status == 200)
        #expect(r.text.contains("Café Müller"))
    }

    @Test(arguments: [
        ("/v1/venues/transit-hub/search?q=%zz", 400),
        ("/v1/venues/transit-hub/search?q=%4", 400),
        ("/v1/venues/transit-hub/search?q=caf%", 400),
        ("/v1/venues/transit-hub/search?q=%C3%28", 400),
        ("/v1/venues/transit-hub/search?q=%FF%FE", 400),
        ("/v1/venues/transit-hub/search?q=%ED%A0%80", 400),
        ("/v1/venues/transit-hub/search?q=a%00b", 400),
        ("/v1/venues/transit-hub/search?%C3=x", 400),
        ("/v1/venues/%C3%28", 400),
        ("/v1/venues/transit-hub/search?q=caf\u{E9}", 400),
        ("/v1/venues/..", 400),
        ("/v1/venues/../../etc/passwd", 400),
        ("/v1/venues/transit-hub/levels/..%2f..%2f", 400),
        ("/v1/venues/%2e%2e%2fetc%2fpasswd", 400),
        ("/v1/venues/%2e%2e/health", 400),
        ("/v1/venues/%2E%2E", 400),
        ("/./health", 400),
        ("/v1/venues/transit-hub%2froute", 400),
        ("http://127.0.0.1/health", 400),
        ("*", 400),
    ])
    func malformedTargetsAre400(target: String, status: Int) throws {
        let r = try server.get(target)
        #expect(r.status == status, "\(target): \(r.text)")
        #expect(r.errorCode == "bad_request")
        try stillServes()
    }

    @Test func aURLOverTheLimitIs414() throws {
        let long = try server.get("/v1/venues/transit-hub/search?q=" + String(repeating: "a", count: 9000))
        #expect(long.status == 414)
        #expect(long.errorCode == "uri_too_long")
        try stillServes()
    }

    @Test func aTenMegabyteURLIsRefused() throws {
        let huge = Array("GET /v1/venues/transit-hub/search?q=".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 10 << 20)
            + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        let answer = RawHTTP.responses(try RawHTTP.exchange(port: server.port, huge)).first
        // Past the header memory the HTTP layer refuses it itself (414), before the request reaches the service.
        #expect(answer?.status == 414)
        try stillServes()
    }

    @Test func tenThousandParametersAreRefused() throws {
        let many = (0..<10_000).map { "p\($0)=1" }.joined(separator: "&")
        let r = try server.get("/v1/venues/transit-hub/search?q=cafe&" + many)
        #expect(r.status == 414)
        try stillServes()
        // Under the URL limit, too many parameters are still too many.
        let r2 = try server.get("/v1/venues/transit-hub/search?" + Array(repeating: "q=a", count: 100).joined(separator: "&"))
        #expect(r2.status == 400)
        #expect(r2.text.contains("more than 64 parameters"))
        try stillServes()
    }

    @Test func headersOverTheLimitAreRefused() throws {
        let r = try server.get("/health", headers: ["X-Padding": String(repeating: "b", count: 40_000)])
        #expect(r.status == 431)
        try stillServes()
    }

    @Test func aBodyOverTheLimitIs413() throws {
        let r = try RawHTTP.request(port: server.port, "/health", method: "POST",
                                    headers: ["Content-Length": "10000000"])
        #expect(r.status == 413)
        #expect(r.errorCode == "body_too_large")
        let small = try RawHTTP.request(port: server.port, "/health", headers: ["Content-Length": "5"], body: Data("hello".utf8))
        #expect(small.status == 400)
        try stillServes()
    }

    @Test func twoThousandIdleConnectionsDoNotStopOthers() throws {
        var held: [Int32] = []
        defer { held.forEach { close($0) } }
        for _ in 0..<2000 {
            held.append(try RawHTTP.connected(port: server.port))
        }
        #expect(held.count == 2000, "the test process may open 2,000 sockets (ulimit -n)")
        try stillServes()
    }

    /// A client that sends its request a byte at a time is never silent long enough for the silence timeout: it is
    /// closed once its request has taken longer than `ServerLimits.requestSeconds`, and others are served meanwhile;
    /// an answer that lasts (an event stream) is not the client's time.
    @Test func aClientSendingItsRequestAByteAtATimeIsClosedPastTheBound() throws {
        let bounded = try TestServer()
        let id = try SessionHTTP.open(bounded.port)
        let follower = try SSEClient(port: bounded.port, "/v1/sessions/\(id)/events")
        follower.read { !$0.isEmpty }
        let slow = try RawHTTP.connected(port: bounded.port)
        defer { close(slow) }
        for byte in Array("GET /v1/venues HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaa".utf8) {
            var b = byte
            #expect(send(slow, &b, 1, Int32(MSG_NOSIGNAL)) == 1)
        }
        #expect(try bounded.get("/v1/venues").status == 200)
        // 29 s on, no request is overdue; 31 s on, the slow one is, and its client sees the connection end.
        #expect(bounded.server.closeSlowClients(at: HTTPServer.now() + 29) == 0)
        let end = Self.closedAsOverdue(slow, by: bounded)
        #expect(end.ended, "the slow client's connection is still open")
        #expect(end.received.isEmpty, "the server answered a request it never had: \(String(decoding: end.received, as: UTF8.self))")
        #expect(try bounded.get("/v1/venues").status == 200)
        // Its access-log line says why it ended (with its request line when the worker had read it; on a loaded
        // machine it may not have, as the clock was moved on at once).
        #expect(Self.logSaysTooSlow(bounded), "no access-log line says why: \(bounded.log.lines.withLock { $0 })")
        // The event stream, answered long ago, is still followed.
        let walk = try Walk.make()
        let posted = try SessionHTTP.fixes(bounded.port, id, Array(walk.fixes.prefix(5)))
        #expect(posted.status == 200)
        let live = follower.read { $0.filter { $0.id != nil }.count >= posted.events.count }.compactMap(\.data)
        #expect(live == posted.events)
        let metrics = try bounded.get("/metrics").text
        let closed = metrics.split(separator: "\n").first { $0.hasPrefix("indoornav_http_slow_clients_closed_total ") }
        #expect(closed.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0 >= 1, "\(closed ?? "no counter")")
    }

    /// Asks `bounded`'s deadline check with a clock 31 s on (as the server asks it every second, rather than
    /// waiting 30 s) until the connection of `socket` ends, for 5 s at most (once its worker has accepted it).
    /// - Returns: whether it ended, and what the server sent on it first.
    static func closedAsOverdue(_ socket: Int32, by bounded: TestServer) -> (ended: Bool, received: [UInt8]) {
        for _ in 0..<100 {
            bounded.server.closeSlowClients(at: HTTPServer.now() + 31)
            var p = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 50) == 1 else { continue }
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            return (true, Array(buffer.prefix(max(n, 0))))
        }
        return (false, [])
    }

    /// Whether an access-log line of `bounded` says `request_too_slow`, within 10 s (once the worker owning the
    /// connection has closed it: it may wait its turn on a loaded machine).
    static func logSaysTooSlow(_ bounded: TestServer) -> Bool {
        for _ in 0..<1000 {
            if bounded.log.lines.withLock({ $0.contains { $0.contains("\"request_too_slow\"") } }) { return true }
            usleep(10_000)
        }
        return false
    }

    /// Kind: a client too slow to send even its request line (two bytes, then nothing but keep-alives). There is
    /// no request to log, but the connection closed for it still gets its access-log line, saying why.
    @Test func aClientTooSlowForItsRequestLineIsLoggedWhenClosed() throws {
        let bounded = try TestServer()
        let slow = try RawHTTP.connected(port: bounded.port)
        defer { close(slow) }
        var bytes = Array("GE".utf8)
        #expect(send(slow, &bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count)
        let end = Self.closedAsOverdue(slow, by: bounded)
        #expect(end.ended && end.received.isEmpty, "the slow client's connection is still open")
        #expect(Self.logSaysTooSlow(bounded), "no access-log line says why: \(bounded.log.lines.withLock { $0 })")
    }

    @Test func connectionsOverTheBoundAre429() throws {
        let bounded = try TestServer(limits: ServerLimits(maxConnections: 2))
        // Two idle connections take the bound.
        var held: [Int32] = []
        defer { held.forEach { close($0) } }
        for _ in 0..<2 {
            held.append(try RawHTTP.connected(port: bounded.port))
        }
        // The server counts a connection once its worker has accepted it: wait (bounded) for both.
        var r = try bounded.get("/health")
        for _ in 0..<100 where r.status != 429 {
            usleep(10_000)
            r = try bounded.get("/health")
        }
        #expect(r.status == 429)
        #expect(r.errorCode == "too_many_connections")
        #expect(r.headers["connection"] == "close")
        held.forEach { close($0) }
        held = []
        var after = try bounded.get("/health")
        for _ in 0..<100 where after.status != 200 {
            usleep(10_000)
            after = try bounded.get("/health")
        }
        #expect(after.status == 200)
    }
}
