import Foundation
import IndoorCore
import IndoorServer
import IndoorTestSupport
import Synchronization
import Testing

/// A fix as a client posts it (nil members are left out).
struct PostedFix: Encodable {
    let lat: Double
    let lon: Double
    let level: Double?
    let accuracy: Double?
    let time: Double?
    let heading: Double?
    let speed: Double?
}

/// The simulated walk from Café Müller to Page Blanche Bookshop: the fixes the engine was given, as a client posts
/// them, and its events as `follow --json` prints them.
enum Walk {
    static let from = "Café Müller"
    static let to = "Page Blanche Bookshop"

    static func make() throws -> (fixes: [PostedFix], events: [String]) {
        let venue = try #require(TestServer.sampleVenue)
        let plan = try venue.prepared.route(RouteRequest(from: from, to: to))
        let result = venue.prepared.simulator(for: plan, seed: 7).run(session: 0, record: true)
        #expect(result.arrived)
        let fixes = result.frames.map { f in
            PostedFix(lat: f.fix.coordinate.latitude, lon: f.fix.coordinate.longitude, level: f.fix.levelOrdinal,
                      accuracy: f.fix.horizontalAccuracy, time: f.fix.timestamp?.timeIntervalSince1970, heading: f.fix.course, speed: f.fix.speed)
        }
        return (fixes, result.events.map { $0.event.jsonLine(track: $0.track) })
    }
}

/// HTTP helpers for the session endpoints.
enum SessionHTTP {
    static func post(_ port: Int, _ target: String, _ body: Data) throws -> RawHTTP.Response {
        try RawHTTP.request(port: port, target, method: "POST", headers: ["Content-Type": "application/json", "Content-Length": "\(body.count)"],
                            body: body)
    }

    static func post(_ port: Int, _ target: String, json: some Encodable) throws -> RawHTTP.Response {
        try post(port, target, try JSONEncoder().encode(json))
    }

    static func object(_ r: RawHTTP.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: r.body) as? [String: Any], "\(r.status): \(r.text.prefix(300))")
    }

    /// Opens a session from Café Müller to Page Blanche Bookshop; its id.
    static func open(_ port: Int) throws -> String {
        let r = try post(port, "/v1/venues/transit-hub/sessions", json: ["from": Walk.from, "to": Walk.to])
        #expect(r.status == 201, "\(r.text.prefix(300))")
        return try #require(try object(r)["id"] as? String)
    }

    /// Posts fixes; the events of the answer as JSON lines (sorted keys, compact: `follow --json`'s form).
    static func fixes(_ port: Int, _ id: String, _ fixes: [PostedFix]) throws -> (status: Int, events: [String], answer: RawHTTP.Response) {
        let r = try post(port, "/v1/sessions/\(id)/fixes", json: fixes)
        guard r.status == 200 else { return (r.status, [], r) }
        let value = try JSONParser().parse(r.body).value
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = try (value["events"]?.arrayValue ?? []).map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        return (r.status, lines, r)
    }
}

/// A Server-Sent Events client on a raw socket: it reads the chunked stream and splits it into events.
final class SSEClient {
    struct Event: Equatable {
        var id: Int?
        var event: String?
        var data: String?
        var comment: String?
    }

    let fd: Int32
    private var raw: [UInt8] = []
    private var decoded: [UInt8] = []
    private(set) var status = 0
    private(set) var headers: [String: String] = [:]
    private(set) var closed = false
    private(set) var finished = false
    private var headDone = false

    init(port: Int, _ path: String, lastEventID: String? = nil) throws {
        fd = try RawHTTP.connected(port: port)
        var tv = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        if let lastEventID { head += "Last-Event-ID: \(lastEventID)\r\n" }
        let bytes = Array((head + "\r\n").utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    deinit { close(fd) }

    /// The events received so far.
    var events: [Event] {
        let text = String(decoding: decoded, as: UTF8.self)
        var out: [Event] = []
        for block in text.components(separatedBy: "\n\n").dropLast() where !block.isEmpty {
            var e = Event()
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("id: ") { e.id = Int(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { e.event = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { e.data = String(line.dropFirst(6)) }
                if line.hasPrefix(": ") { e.comment = String(line.dropFirst(2)) }
            }
            out.append(e)
        }
        return out
    }

    /// Reads until `condition` holds of the events, the stream ends, or 10 s pass without a byte.
    @discardableResult
    func read(until condition: ([Event]) -> Bool) -> [Event] {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while !condition(events), !finished, !closed {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 {
                closed = true
                break
            }
            raw += buffer[0..<n]
            parse()
        }
        return events
    }

    private func parse() {
        if !headDone {
            guard let end = raw.firstRange(of: Array("\r\n\r\n".utf8)) else { return }
            let lines = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            raw.removeSubrange(..<end.upperBound)
            headDone = true
        }
        guard headers["transfer-encoding"] == "chunked" else {
            decoded += raw
            raw.removeAll()
            return
        }
        while let lineEnd = raw.firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: raw[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText, radix: 16) else { return }
            if size == 0 {
                finished = true
                return
            }
            guard raw.count >= lineEnd.upperBound + size + 2 else { return }
            decoded += raw[lineEnd.upperBound..<lineEnd.upperBound + size]
            raw.removeSubrange(..<(lineEnd.upperBound + size + 2))
        }
    }
}

/// Navigation sessions over HTTP: a simulated walk posted fix by fix, its events streamed, expiry on a manual clock,
/// the bounds, and the errors.
@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct SessionTests {
    /// The server the error tests share: sessions opened as fast as they like.
    static let server = try? TestServer(sessions: NavigationSessions(replicaID: "test", limits: SessionLimits(creationBurst: 100_000),
                                                                     clock: ManualClock()))

    @Test func aWalkIsGuidedToArrivalAndItsEventsAreStreamedWithIDs() async throws {
        let server = try TestServer(sessions: NavigationSessions(replicaID: "r1", clock: ManualClock()))
        let port = server.port
        let created = try SessionHTTP.post(port, "/v1/venues/transit-hub/sessions", json: ["from": Walk.from, "to": Walk.to, "lang": "en"])
        #expect(created.status == 201)
        let body = try SessionHTTP.object(created)
        let id = try #require(body["id"] as? String)
        #expect(id.hasPrefix("r1-") && id.count == 3 + 32)
        #expect(created.headers["location"] == "/v1/sessions/\(id)")
        #expect(body["events"] as? String == "/v1/sessions/\(id)/events")
        // The route is the route endpoint's.
        let route = try SessionHTTP.object(try RawHTTP.request(port: port, "/v1/venues/transit-hub/route?from=Caf%C3%A9%20M%C3%BCller&to=Page%20Blanche%20Bookshop"))
        #expect((body["route"] as? NSDictionary) == (route as NSDictionary))

        let walk = try Walk.make()
        var lines: [String] = []
        var last: [String: Any] = [:]
        for start in stride(from: 0, to: walk.fixes.count, by: 40) {
            let answer = try SessionHTTP.fixes(port, id, Array(walk.fixes[start..<min(start + 40, walk.fixes.count)]))
            #expect(answer.status == 200, "\(answer.answer.text.prefix(300))")
            lines += answer.events
            last = try SessionHTTP.object(answer.answer)
        }
        // The same events as the engine gave the simulator, in follow --json's form; the last is the arrival.
        #expect(lines == walk.events)
        #expect(lines.last?.contains("\"event\":\"arrived\"") == true)
        #expect(last["arrived"] as? Bool == true)
        #expect(last["last_event_id"] as? Int == lines.count)

        // A follower that joins later gets the backlog, with ids.
        let follower = try SSEClient(port: port, "/v1/sessions/\(id)/events")
        let streamed = follower.read { $0.contains { $0.id == lines.count } }.filter { $0.id != nil }
        #expect(follower.status == 200)
        #expect(follower.headers["content-type"] == "text/event-stream; charset=utf-8")
        #expect(streamed.map(\.id) == Array(1...lines.count))
        #expect(streamed.map(\.data) == lines)
        // Last-Event-ID resumes after it.
        let resumed = try SSEClient(port: port, "/v1/sessions/\(id)/events", lastEventID: "\(lines.count - 3)")
        let rest = resumed.read { $0.contains { $0.id == lines.count } }.filter { $0.id != nil }
        #expect(rest.map(\.id) == [lines.count - 2, lines.count - 1, lines.count])
        #expect(rest.map(\.data) == Array(lines.suffix(3)))

        // Deleted: 204, followers get an end event and their streams end; the id is then 404 as deleted.
        let deleted = try RawHTTP.request(port: port, "/v1/sessions/\(id)", method: "DELETE")
        #expect(deleted.status == 204)
        let end = follower.read { $0.contains { $0.event == "end" } }.last
        #expect(end?.data == #"{"reason":"deleted"}"#)
        follower.read { _ in false }
        #expect(follower.finished)
        let gone = try SessionHTTP.fixes(port, id, [walk.fixes[0]])
        #expect(gone.status == 404)
        #expect(gone.answer.errorCode == "session_deleted")
        #expect(try RawHTTP.request(port: port, "/v1/sessions/\(id)", method: "DELETE").errorCode == "session_deleted")
        // The ended stream is counted when MHD reports it complete, and its length is left out of the latencies.
        var metrics = ""
        try await settleOnRealProcess {
            metrics = (try? RawHTTP.request(port: port, "/metrics").text) ?? ""
            return metrics.contains("indoornav_http_requests_total{endpoint=\"session_events\",status=\"200\"} 2\n")
        }
        #expect(!metrics.contains("duration_seconds_count{endpoint=\"session_events\"}"))
        // Both followers were ended with the session, and are gone.
        #expect(metrics.contains("indoornav_sse_followers 0\n"))
        #expect(metrics.contains("indoornav_sessions_deleted_total 1\n"))
    }

    @Test func aFollowerGetsEventsLiveAndKeepAlivesOnTheClock() throws {
        let clock = ManualClock()
        let sessions = NavigationSessions(replicaID: "live", clock: clock)
        let server = try TestServer(sessions: sessions)
        let id = try SessionHTTP.open(server.port)
        let follower = try SSEClient(port: server.port, "/v1/sessions/\(id)/events")
        follower.read { !$0.isEmpty }
        #expect(follower.status == 200)
        let walk = try Walk.make()
        let first = try SessionHTTP.fixes(server.port, id, Array(walk.fixes.prefix(10)))
        #expect(first.status == 200)
        #expect(!first.events.isEmpty)
        let live = follower.read { $0.filter { $0.id != nil }.count >= first.events.count }.compactMap(\.data)
        #expect(live == first.events)
        // Quiet for the keep-alive interval on the session clock: a comment keeps the connection open.
        clock.advance(by: .seconds(11))
        sessions.sweep()
        let comments = follower.read { $0.contains { $0.comment == "keep-alive" } }
        #expect(comments.contains { $0.comment == "keep-alive" })
        let metrics = try RawHTTP.request(port: server.port, "/metrics").text
        #expect(metrics.contains("indoornav_sse_followers 1\n"))
        #expect(metrics.contains("indoornav_sessions 1\n"))
        #expect(metrics.contains("indoornav_sessions_created_total 1\n"))
    }

    @Test func aFollowerPastTheBacklogIsToldWhatWasLost() throws {
        var limits = SessionLimits()
        limits.backlog = 5
        let server = try TestServer(sessions: NavigationSessions(replicaID: "small", limits: limits, clock: ManualClock()))
        let id = try SessionHTTP.open(server.port)
        let walk = try Walk.make()
        let posted = try SessionHTTP.fixes(server.port, id, Array(walk.fixes.prefix(20)))
        let count = posted.events.count
        #expect(count > 5)
        let follower = try SSEClient(port: server.port, "/v1/sessions/\(id)/events", lastEventID: "0")
        let events = follower.read { $0.contains { $0.id == count } }
        #expect(events.contains { $0.comment == "\(count - 5) earlier events are no longer kept" })
        #expect(events.compactMap(\.id) == Array(count - 4...count))
        #expect(events.compactMap(\.data) == Array(posted.events.suffix(5)))
    }

    @Test func aShutdownEndsTheStreamsAndDoesNotWaitForThem() throws {
        let server = try TestServer(sessions: NavigationSessions(replicaID: "stop", clock: ManualClock()))
        let id = try SessionHTTP.open(server.port)
        let follower = try SSEClient(port: server.port, "/v1/sessions/\(id)/events")
        follower.read { !$0.isEmpty }
        // Nothing left in flight: the stream ended at once rather than holding the drain for its 10 s.
        #expect(server.server.shutdown() == 0)
        let end = follower.read { $0.contains { $0.event == "end" } }.last
        #expect(end?.data == #"{"reason":"shutdown"}"#)
    }

    @Test func idleSessionsExpireOnTheInjectedClock() throws {
        let clock = ManualClock()
        var limits = SessionLimits()
        limits.idleSeconds = 60
        let sessions = NavigationSessions(replicaID: "exp", limits: limits, clock: clock)
        let server = try TestServer(sessions: sessions)
        let port = server.port
        let walk = try Walk.make()
        let a = try SessionHTTP.open(port)
        let b = try SessionHTTP.open(port)
        let follower = try SSEClient(port: port, "/v1/sessions/\(b)/events")
        follower.read { !$0.isEmpty }
        clock.advance(by: .seconds(59))
        #expect(try SessionHTTP.fixes(port, a, [walk.fixes[0]]).status == 200)
        clock.advance(by: .seconds(2))
        #expect(sessions.sweep() == 1)
        // B's follower is told, and B is 404 as expired.
        let end = follower.read { $0.contains { $0.event == "end" } }.last
        #expect(end?.data == #"{"reason":"expired"}"#)
        let expired = try SessionHTTP.fixes(port, b, [walk.fixes[0]])
        #expect(expired.status == 404)
        #expect(expired.answer.errorCode == "session_expired")
        #expect(expired.answer.text.contains("expired after 60 s"))
        // A expires when looked up past its idle time, even before a sweep.
        clock.advance(by: .seconds(60))
        let late = try SessionHTTP.fixes(port, a, [walk.fixes[1]])
        #expect(late.answer.errorCode == "session_expired")
        let metrics = try RawHTTP.request(port: port, "/metrics").text
        #expect(metrics.contains("indoornav_sessions_expired_total 2\n"))
        #expect(metrics.contains("indoornav_sessions 0\n"))
    }

    @Test func aFloodOfCreationsIs429WhileAWellBehavedClientIsServed() async throws {
        var limits = SessionLimits()
        limits.maxSessions = 4
        limits.creationBurst = 6
        limits.maxFollowersPerSession = 2
        let server = try TestServer(sessions: NavigationSessions(replicaID: "flood", limits: limits, clock: ManualClock()))
        let port = server.port
        let id = try SessionHTTP.open(port)
        let walk = try Walk.make()
        let statuses = Mutex<[String: Int]>([:])
        let retryAfter = Atomic<Int>(0)
        let flood = Thread {
            for _ in 0..<150 {
                guard let r = try? SessionHTTP.post(port, "/v1/venues/transit-hub/sessions", json: ["to": Walk.to]) else { continue }
                statuses.withLock { $0[r.errorCode ?? "\(r.status)", default: 0] += 1 }
                if r.status == 429, r.headers["retry-after"] != nil { retryAfter.add(1, ordering: .relaxed) }
            }
        }
        flood.start()
        // The well-behaved client: its fixes and a route, answered all through the flood.
        for fix in walk.fixes.prefix(30) {
            #expect(try SessionHTTP.fixes(port, id, [fix]).status == 200)
            #expect(try RawHTTP.request(port: port, "/health").status == 200)
        }
        try await settleOnRealProcess { statuses.withLock { $0.values.reduce(0, +) } == 150 }
        let counted = statuses.withLock { $0 }
        // 6 tokens: the well-behaved client's session took one; three more fill the replica, two are refused as
        // full, and the rest as too fast.
        #expect(counted == ["201": 3, "too_many_sessions": 2, "rate_limited": 145])
        #expect(retryAfter.load(ordering: .relaxed) == 147)
        // Followers are bounded per session.
        let one = try SSEClient(port: port, "/v1/sessions/\(id)/events")
        let two = try SSEClient(port: port, "/v1/sessions/\(id)/events")
        one.read { !$0.isEmpty }
        two.read { !$0.isEmpty }
        let three = try RawHTTP.request(port: port, "/v1/sessions/\(id)/events")
        #expect(three.status == 429)
        #expect(three.errorCode == "too_many_followers")
        let metrics = try RawHTTP.request(port: port, "/metrics").text
        #expect(metrics.contains("indoornav_sessions_refused_total 147\n"))
    }

    @Test func theCreationRateIsPerClientAddress() throws {
        var limits = SessionLimits()
        limits.creationBurst = 2
        let service = IndoorService(sessions: NavigationSessions(replicaID: "rate", limits: limits, clock: ManualClock()))
        service.add(try #require(TestServer.sampleVenue))
        service.markReady()
        func open(_ address: String) -> HTTPResponse {
            service.respond(to: HTTPRequest(method: "POST", target: Array("/v1/venues/transit-hub/sessions".utf8), contentLength: 2,
                                            body: Data("{}".utf8), clientAddress: address))
        }
        #expect(open("10.0.0.1").status == 201)
        #expect(open("10.0.0.1").status == 201)
        let refused = open("10.0.0.1")
        #expect(refused.status == 429)
        #expect(refused.errorCode == "rate_limited")
        #expect(open("10.0.0.2").status == 201)
        #expect(service.sessions.counts.active == 3)
    }

    /// Behind a trusted proxy (`serve --trust-proxy`), the bound is per visitor `X-Forwarded-For` names; from
    /// anyone else the header is ignored.
    @Test func behindATrustedProxyTheRateIsPerForwardedVisitor() throws {
        var limits = SessionLimits()
        limits.creationBurst = 1
        for trusted in [true, false] {
            let server = try TestServer(sessions: NavigationSessions(replicaID: "proxied", limits: limits, clock: ManualClock()),
                                        trustedProxies: trusted ? ["127.0.0.1"] : [])
            func open(_ visitor: String) throws -> Int {
                try RawHTTP.request(port: server.port, "/v1/venues/transit-hub/sessions", method: "POST",
                                    headers: ["Content-Type": "application/json", "X-Forwarded-For": visitor], body: Data("{}".utf8)).status
            }
            #expect(try open("203.0.113.1") == 201)
            #expect(try open("203.0.113.2") == (trusted ? 201 : 429))
            #expect(try open("203.0.113.1") == 429)
        }
    }

    @Test func sessionIDsSayWhichReplicaHoldsThem() throws {
        let server = try TestServer(sessions: NavigationSessions(replicaID: "alpha", clock: ManualClock()))
        let other = "beta-" + String(repeating: "0", count: 32)
        let r = try SessionHTTP.post(server.port, "/v1/sessions/\(other)/fixes", json: [PostedFix(lat: 48.85, lon: 2.35, level: 0, accuracy: 3, time: nil, heading: nil, speed: nil)])
        #expect(r.status == 404)
        #expect(r.errorCode == "session_elsewhere")
        #expect(r.text.contains("held by replica beta"))
        #expect(r.text.contains("open a new one"))
        let ours = try RawHTTP.request(port: server.port, "/v1/sessions/alpha-" + String(repeating: "f", count: 32) + "/events")
        #expect(ours.errorCode == "unknown_session")
        #expect(NavigationSessions.replicaID("eu-west-1") == "eu-west-1")
        #expect(NavigationSessions.replicaID("Bad_ID") == nil)
        #expect(NavigationSessions.replicaID(NavigationSessions.defaultReplicaID()) != nil)
    }

    static let sessionErrors: [(String, String, String, Int, String)] = [
        ("POST", "/v1/venues/transit-hub/sessions", "{", 400, "bad_request"),
        ("POST", "/v1/venues/transit-hub/sessions", #"{"to": 5}"#, 400, "bad_request"),
        ("POST", "/v1/venues/transit-hub/sessions", #"{"from": "Relay"}"#, 400, "bad_request"),
        ("POST", "/v1/venues/transit-hub/sessions", #"{"from": "Relay", "to": "Café Müller", "colour": "red"}"#, 400, "bad_request"),
        ("POST", "/v1/venues/transit-hub/sessions", #"{"to": "Café Müller", "profile": "flying"}"#, 400, "bad_request"),
        ("POST", "/v1/venues/transit-hub/sessions", #"{"to": "Café Müller", "lang": "<script>"}"#, 400, "bad_request"),
        ("POST", "/v1/venues/transit-hub/sessions", #"{"from": "Relay", "to": "xyzzy plugh"}"#, 400, "bad_place"),
        ("POST", "/v1/venues/transit-hub/sessions", "[[[[[[[[[[1]]]]]]]]]]", 400, "bad_request"),
        ("POST", "/v1/venues/transit-hub/sessions", #"{"from": "Relay", "to": "2.36,48.86@0"}"#, 422, "no_route"),
        ("POST", "/v1/venues/nowhere/sessions", "{}", 404, "unknown_venue"),
        ("GET", "/v1/venues/transit-hub/sessions", "", 405, "method_not_allowed"),
        ("PUT", "/v1/sessions/test-00000000000000000000000000000000", "", 405, "method_not_allowed"),
        ("POST", "/v1/sessions/nope/fixes", #"{"lat": 48.85, "lon": 2.35}"#, 404, "unknown_session"),
        ("DELETE", "/v1/sessions/nope", "", 404, "unknown_session"),
        ("GET", "/v1/sessions/nope/events", "", 404, "unknown_session"),
        ("GET", "/v1/sessions/nope/events?x=1", "", 400, "bad_request"),
    ]

    @Test(arguments: sessionErrors)
    func errorsAreJSONWithTheirStatus(method: String, target: String, body: String, status: Int, code: String) throws {
        let server = try #require(Self.server)
        let data = Data(body.utf8)
        let r = try RawHTTP.request(port: server.port, target, method: method,
                                    headers: data.isEmpty ? [:] : ["Content-Length": "\(data.count)"], body: data)
        #expect(r.status == status, "\(r.text.prefix(300))")
        #expect(r.errorCode == code, "\(r.text.prefix(300))")
        #expect(r.headers["content-type"] == "application/json")
    }

    static let badFixes: [String] = [
        "[]", "3", #"{"lat": 100, "lon": 0}"#, #"{"lat": 1}"#, #"{"lat": 1, "lon": 2, "altitude": 3}"#, #"{"lat": "1", "lon": 2}"#,
        #"{"lat": 1, "lon": 2, "time": "yesterday"}"#, #"{"lat": 1, "lon": 2, "time": -5}"#, #"{"lat": 1, "lon": 2, "heading": 400}"#,
        #"{"lat": 1, "lon": 2, "speed": -1}"#, #"[{"lat": 1, "lon": 2}, 7]"#, "",
        "[" + Array(repeating: #"{"lat":1,"lon":2}"#, count: 300).joined(separator: ",") + "]",
    ]

    @Test(arguments: badFixes)
    func badFixesAre400(body: String) throws {
        let server = try #require(Self.server)
        let id = try SessionHTTP.open(server.port)
        let r = try SessionHTTP.post(server.port, "/v1/sessions/\(id)/fixes", Data(body.utf8))
        #expect(r.status == 400, "\(body.prefix(60)): \(r.text.prefix(300))")
        #expect(r.errorCode == "bad_request")
        #expect(try RawHTTP.request(port: server.port, "/v1/sessions/\(id)", method: "DELETE").status == 204)
    }

    @Test func aBodyOverTheLimitIs413AndABadLastEventIDIs400() throws {
        let server = try #require(Self.server)
        let id = try SessionHTTP.open(server.port)
        let big = Data(repeating: 0x20, count: (64 << 10) + 1)
        #expect(try SessionHTTP.post(server.port, "/v1/sessions/\(id)/fixes", big).status == 413)
        let r = try RawHTTP.request(port: server.port, "/v1/sessions/\(id)/events", headers: ["Last-Event-ID": "abc"])
        #expect(r.status == 400)
        #expect(r.errorCode == "bad_request")
        #expect(try RawHTTP.request(port: server.port, "/v1/sessions/\(id)", method: "DELETE").status == 204)
    }

    @Test func fixTimesAreUnixSecondsOrRFC3339() throws {
        let a = try FixBody.parse(Data(#"{"lat": 48.85, "lon": 2.35, "time": "2026-01-01T10:00:00Z", "heading": 360}"#.utf8), maxFixes: 4)
        let b = try FixBody.parse(Data(#"[{"lat": 48.85, "lon": 2.35, "time": 1767261600.5, "level": -1, "accuracy": 4, "speed": 1.2}]"#.utf8), maxFixes: 4)
        #expect(a.first?.timestamp == Date(timeIntervalSince1970: 1_767_261_600))
        #expect(a.first?.course == 0)
        #expect(b.first?.timestamp == Date(timeIntervalSince1970: 1_767_261_600.5))
        #expect(b.first?.levelOrdinal == -1)
        #expect(b.first?.horizontalAccuracy == 4)
        #expect(b.first?.speed == 1.2)
        #expect(try SessionRequestBody.parse(Data()) == GuidanceRequest())
        #expect(try SessionRequestBody.parse(Data(#"{"to": "Relay", "profile": "accessible", "lang": "fr"}"#.utf8))
                == GuidanceRequest(to: "Relay", profile: .accessible, language: "fr"))
    }
}
