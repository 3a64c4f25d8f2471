import Foundation
import IndoorCore
import Synchronization

/// The bounds of navigation sessions: how many, for how long, how fast a client may open them, and how many
/// followers may watch their events.
public struct SessionLimits: Hashable, Sendable {
    /// Sessions held at once; one more is answered 429 (`too_many_sessions`).
    public var maxSessions: Int
    /// Seconds without a request (creation, fixes) after which a session expires.
    public var idleSeconds: Double
    /// Events a session keeps for `Last-Event-ID` to resume from (the oldest go first).
    public var backlog: Int
    /// Event-stream followers of one session at once; one more is answered 429 (`too_many_followers`).
    public var maxFollowersPerSession: Int
    /// Event-stream followers of every session together.
    public var maxFollowers: Int
    /// Fixes one `POST …/fixes` may carry.
    public var maxFixesPerRequest: Int
    /// Sessions a client address may open in a burst (a token bucket's size): one more is answered 429
    /// (`rate_limited`) until the bucket refills.
    public var creationBurst: Int
    /// Sessions a client address may open per second, once its burst is spent.
    public var creationsPerSecond: Double
    /// Client addresses whose buckets are kept (a full bucket is forgotten first: it is the same as a new one).
    public var trackedClients: Int
    /// Seconds between keep-alive comments on an idle event stream (below the connection timeout, so a quiet
    /// stream stays open and a gone follower is found).
    public var keepAliveSeconds: Double
    /// Ended sessions remembered, so a 404 can say that one expired or was deleted rather than never existed.
    public var rememberedEnds: Int

    /// The defaults: 10,000 sessions expiring after 10 min idle, 256 events of backlog, 8 followers per session and
    /// 512 in all, 256 fixes per request, 20 sessions per client at once then 1 per second (4,096 clients kept),
    /// keep-alive every 10 s, 4,096 ended sessions remembered.
    public init(maxSessions: Int = 10_000, idleSeconds: Double = 600, backlog: Int = 256, maxFollowersPerSession: Int = 8,
                maxFollowers: Int = 512, maxFixesPerRequest: Int = 256, creationBurst: Int = 20, creationsPerSecond: Double = 1,
                trackedClients: Int = 4096, keepAliveSeconds: Double = 10, rememberedEnds: Int = 4096) {
        self.maxSessions = maxSessions
        self.idleSeconds = idleSeconds
        self.backlog = backlog
        self.maxFollowersPerSession = maxFollowersPerSession
        self.maxFollowers = maxFollowers
        self.maxFixesPerRequest = maxFixesPerRequest
        self.creationBurst = creationBurst
        self.creationsPerSecond = creationsPerSecond
        self.trackedClients = trackedClients
        self.keepAliveSeconds = keepAliveSeconds
        self.rememberedEnds = rememberedEnds
    }
}

/// What the sessions have done, for `/metrics`.
public struct SessionCounts: Hashable, Sendable {
    /// Sessions held now.
    public var active = 0
    /// Sessions opened since the start.
    public var created = 0
    /// Sessions that expired, idle, since the start.
    public var expired = 0
    /// Sessions deleted by their clients since the start.
    public var deleted = 0
    /// Creations refused (429) since the start: too many sessions, or a client too fast.
    public var refused = 0
    /// Event-stream followers now.
    public var followers = 0
}

/// The navigation sessions of one replica: each a `NavigationCore` fed by the fixes a client posts, its events kept
/// in a bounded backlog and streamed to followers (``EventStream``). Sessions are bounded in number, expire when
/// idle, and are opened at a bounded rate per client address. Time comes from an injected clock: ``sweep()``
/// expires idle sessions and sends keep-alives (the HTTP server calls it every second; a test advances its clock and
/// calls it).
///
/// A session id is `REPLICA-TOKEN`: the replica's id (``replicaID``), then 32 hex digits of a random 128-bit token,
/// so a load balancer can route on the prefix and a replica can tell a session held by another.
public final class NavigationSessions: Sendable {
    /// The prefix of every session id this replica gives out.
    public let replicaID: String
    /// The bounds in force.
    public let limits: SessionLimits
    /// Seconds on the injected clock.
    let now: @Sendable () -> Double
    private let state = Mutex(State())

    private struct State {
        var sessions: [String: Session] = [:]
        var ends: [String: SessionEnd] = [:]
        var endOrder: [String] = []
        var buckets: [String: (tokens: Double, at: Double)] = [:]
        var counts = SessionCounts()
        /// Set by ``endStreams()``: no stream starts after it (a parked one would outlive the server).
        var streamsClosed = false
    }

    /// Sessions on `clock` (a `ContinuousClock` in service, a manual one in tests).
    /// - Parameters:
    ///   - replicaID: the prefix of session ids (see ``replicaID(_:)``); by default from the host name.
    ///   - limits: the bounds.
    ///   - clock: what idle time and creation rates are measured on.
    public init<C: Clock>(replicaID: String = NavigationSessions.defaultReplicaID(), limits: SessionLimits = SessionLimits(),
                          clock: C) where C.Duration == Duration {
        self.replicaID = replicaID
        self.limits = limits
        let start = clock.now
        now = {
            let d = start.duration(to: clock.now).components
            return Double(d.seconds) + Double(d.attoseconds) * 1e-18
        }
    }

    /// Sessions on the continuous clock, with the host's replica id and the default bounds.
    public convenience init() {
        self.init(clock: ContinuousClock())
    }

    /// `text` as a replica id, when it is one: 1 to 32 lowercase ASCII letters, digits and hyphens, not starting or
    /// ending with a hyphen.
    public static func replicaID(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard (1...32).contains(bytes.count), bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-"),
              bytes.allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) })
        else { return nil }
        return text
    }

    /// The host name made a replica id (lowercased, other characters dropped, cut to 32), or `r` and 8 random hex
    /// digits when nothing is left of it.
    public static func defaultReplicaID() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let host = gethostname(&buffer, buffer.count) == 0 ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        var id = String(host.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            .map(Character.init).prefix(32))
        while id.hasPrefix("-") { id.removeFirst() }
        while id.hasSuffix("-") { id.removeLast() }
        if let valid = replicaID(id) { return valid }
        var random = SystemRandomNumberGenerator()
        return "r" + hex(random.next() as UInt64).prefix(8)
    }

    static func hex(_ x: UInt64) -> String {
        let digits = String(x, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// What the sessions have done.
    public var counts: SessionCounts {
        state.withLock { s in
            var c = s.counts
            c.active = s.sessions.count
            return c
        }
    }

    // MARK: Creating

    /// Opens a session: the client's creation rate and the number of sessions are checked first (cheap refusals),
    /// then the route is computed (outside every lock).
    /// - Parameters:
    ///   - request: where to guide.
    ///   - venue: the venue it runs on.
    ///   - client: the client's address, for its creation rate (nil: one shared bucket).
    /// - Returns: the session and its route (nil when it starts from the first fix, or in free mode).
    /// - Throws: ``APIError`` 429 when full or too fast, 400 for a bad place, 422 for no route.
    func open(_ request: GuidanceRequest, on venue: ServedVenue, client: String?) throws(APIError) -> (Session, RoutePlan?) {
        let t = now()
        try admit(client: client ?? "-", at: t)
        let core: NavigationCore
        var plan: RoutePlan?
        do {
            if let from = request.from, let to = request.to {
                let made = try venue.prepared.route(RouteRequest(from: from, to: to, profile: request.profile, language: request.language))
                plan = made
                core = venue.prepared.navigation(following: made, profile: request.profile)
            } else {
                core = try venue.prepared.navigation(request)
            }
        } catch {
            throw APIError.from(error)
        }
        let session = Session(id: "\(replicaID)-\(Self.token())", venueID: venue.id, core: core,
                              language: InstructionLanguage(tag: request.language),
                              names: PreparedVenue.nameLanguages(for: request.language), at: t)
        try state.withLock { s throws(APIError) in
            guard s.sessions.count < limits.maxSessions else {
                s.counts.refused += 1
                throw Self.full(limits.maxSessions)
            }
            s.sessions[session.id] = session
            s.counts.created += 1
        }
        return (session, plan)
    }

    /// A random 128-bit token, in hex.
    static func token() -> String {
        var random = SystemRandomNumberGenerator()
        return hex(random.next()) + hex(random.next())
    }

    static func full(_ n: Int) -> APIError {
        APIError(status: 429, code: "too_many_sessions", message: "this replica holds \(n) sessions: try again later", retryAfter: 5)
    }

    /// Takes a token from the client's bucket, and checks there is room (expiring idle sessions to make some).
    private func admit(client: String, at t: Double) throws(APIError) {
        var expired: [Session] = []
        defer { for session in expired { session.end(.expired(idleSeconds: limits.idleSeconds)) } }
        try state.withLock { s throws(APIError) in
            let burst = Double(limits.creationBurst)
            var bucket = s.buckets[client] ?? (burst, t)
            bucket.tokens = min(burst, bucket.tokens + max(t - bucket.at, 0) * limits.creationsPerSecond)
            bucket.at = t
            guard bucket.tokens >= 1 else {
                s.buckets[client] = bucket
                s.counts.refused += 1
                let wait = Int(((1 - bucket.tokens) / max(limits.creationsPerSecond, 1e-9)).rounded(.up))
                throw APIError(status: 429, code: "rate_limited",
                               message: "this address opened sessions faster than \(limits.creationBurst) at once and then \(limits.creationsPerSecond) a second: try again in \(wait) s",
                               retryAfter: max(wait, 1))
            }
            bucket.tokens -= 1
            s.buckets[client] = bucket
            if s.buckets.count > limits.trackedClients {
                // Full buckets are the same as new ones: forget those first; then the stalest.
                s.buckets = s.buckets.filter { min(burst, $0.value.tokens + (t - $0.value.at) * limits.creationsPerSecond) < burst }
                while s.buckets.count > limits.trackedClients, let stalest = s.buckets.min(by: { $0.value.at < $1.value.at })?.key {
                    s.buckets[stalest] = nil
                }
            }
            if s.sessions.count >= limits.maxSessions { expired = Self.expire(&s, at: t, limits: limits) }
            guard s.sessions.count < limits.maxSessions else {
                s.counts.refused += 1
                throw Self.full(limits.maxSessions)
            }
        }
    }

    // MARK: Using

    /// The session `id`, if this replica holds it and it has not expired.
    /// - Throws: ``APIError`` 404: `session_elsewhere` (another replica's prefix), `session_expired`, `session_deleted`
    ///   or `unknown_session`.
    func session(_ id: String) throws(APIError) -> Session {
        let t = now()
        var expired: Session?
        defer { expired?.end(.expired(idleSeconds: limits.idleSeconds)) }
        return try state.withLock { s throws(APIError) -> Session in
            if let session = s.sessions[id] {
                guard session.lastActive + limits.idleSeconds <= t else { return session }
                s.sessions[id] = nil
                s.counts.expired += 1
                Self.remember(&s, id, .expired(idleSeconds: limits.idleSeconds), limits: limits)
                expired = session
            }
            throw lookupError(id, ended: s.ends[id])
        }
    }

    private func lookupError(_ id: String, ended: SessionEnd?) -> APIError {
        let shown = String(id.prefix(80))
        switch ended {
        case .expired(let seconds)?:
            return APIError(status: 404, code: "session_expired", message: "session \(shown) expired after \(Int(seconds)) s without a request")
        case .deleted?:
            return APIError(status: 404, code: "session_deleted", message: "session \(shown) was deleted")
        case nil: break
        }
        if let dash = id.lastIndex(of: "-"), id.distance(from: dash, to: id.endIndex) == 33,
           let replica = Self.replicaID(String(id[..<dash])), replica != replicaID {
            return APIError(status: 404, code: "session_elsewhere",
                            message: "session \(shown) is held by replica \(replica), not by this one (\(replicaID)): "
                                + "either replica \(replica) is down and the session ended with it (open a new one: POST /v1/venues/{venue}/sessions), "
                                + "or a load balancer did not route the request by the id's prefix")
        }
        return APIError(status: 404, code: "unknown_session", message: "no session \(shown) is held here")
    }

    /// Feeds `fixes` to session `id`'s navigation core, in order.
    /// - Returns: the events they caused, and the id of the last event of the session.
    /// - Throws: ``APIError`` 404 when the session is not held (see ``session(_:)``).
    func post(_ fixes: [Location], to id: String) throws(APIError) -> FixesAnswer {
        let session = try self.session(id)
        guard let answer = session.take(fixes, at: now(), backlog: limits.backlog) else { throw lookupError(id, ended: state.withLock { $0.ends[id] }) }
        return answer
    }

    /// Deletes session `id`: its followers get an `end` event and their streams close.
    /// - Throws: ``APIError`` 404 when the session is not held.
    func delete(_ id: String) throws(APIError) {
        let session = try self.session(id)
        state.withLock { s in
            guard s.sessions.removeValue(forKey: id) != nil else { return }
            s.counts.deleted += 1
            Self.remember(&s, id, .deleted, limits: limits)
        }
        session.end(.deleted)
    }

    /// A follower of session `id`'s events, from the event after `lastEventID` (the whole backlog when nil).
    /// - Throws: ``APIError`` 400 for a `Last-Event-ID` that is not a whole number, 404 when the session is not
    ///   held, 429 when it or the replica has as many followers as allowed, 503 once the streams are closed.
    func follow(_ id: String, lastEventID: String?) throws(APIError) -> EventStream {
        var cursor = 0
        if let text = lastEventID?.trimmingCharacters(in: .whitespaces) {
            guard let n = Int(text), (0...Int(Int32.max)).contains(n) else {
                throw APIError(status: 400, code: "bad_request", message: "Last-Event-ID: the id of an event (a whole number), not \(text.prefix(40))")
            }
            cursor = n
        }
        let session = try self.session(id)
        let stream = EventStream(session: session, sessions: self, cursor: cursor, at: now())
        try state.withLock { s throws(APIError) in
            guard !s.streamsClosed else { throw APIError(status: 503, code: "not_ready", message: "shutting down") }
            guard s.counts.followers < limits.maxFollowers else {
                throw APIError(status: 429, code: "too_many_followers", message: "this replica streams to \(limits.maxFollowers) followers already", retryAfter: 5)
            }
            guard session.add(stream, max: limits.maxFollowersPerSession) else {
                throw APIError(status: 429, code: "too_many_followers",
                               message: "session \(id.prefix(80)) has \(limits.maxFollowersPerSession) followers already", retryAfter: 5)
            }
            s.counts.followers += 1
        }
        return stream
    }

    /// A follower is gone (its connection closed).
    func remove(_ stream: EventStream) {
        if stream.session.remove(stream) { state.withLock { $0.counts.followers -= 1 } }
    }

    // MARK: Time

    /// Expires the sessions idle for ``SessionLimits/idleSeconds`` (their followers get an `end` event) and sends a
    /// keep-alive comment on each stream silent for ``SessionLimits/keepAliveSeconds``.
    /// - Returns: the number of sessions expired.
    @discardableResult
    public func sweep() -> Int {
        let t = now()
        let (expired, live) = state.withLock { s in (Self.expire(&s, at: t, limits: limits), Array(s.sessions.values)) }
        for session in expired { session.end(.expired(idleSeconds: limits.idleSeconds)) }
        for session in live {
            for stream in session.streams { stream.keepAlive(at: t, every: limits.keepAliveSeconds) }
        }
        return expired.count
    }

    /// Ends every event stream (the server is stopping): each follower gets an `end` event and its stream closes,
    /// and no stream starts from now on (503).
    public func endStreams() {
        let live = state.withLock { s in
            s.streamsClosed = true
            return Array(s.sessions.values)
        }
        for session in live {
            for stream in session.streams { stream.finish(reason: "shutdown") }
        }
    }

    /// Removes the sessions idle too long from `s` and remembers them; they are to be ended outside the lock.
    private static func expire(_ s: inout State, at t: Double, limits: SessionLimits) -> [Session] {
        let idle = s.sessions.values.filter { $0.lastActive + limits.idleSeconds <= t }
        for session in idle {
            s.sessions[session.id] = nil
            remember(&s, session.id, .expired(idleSeconds: limits.idleSeconds), limits: limits)
        }
        s.counts.expired += idle.count
        return idle
    }

    private static func remember(_ s: inout State, _ id: String, _ end: SessionEnd, limits: SessionLimits) {
        s.ends[id] = end
        s.endOrder.append(id)
        if s.endOrder.count > max(limits.rememberedEnds, 1) {
            // Forgotten in batches of a half, so remembering stays O(1) amortised.
            let drop = s.endOrder.count - max(limits.rememberedEnds / 2, 1)
            for old in s.endOrder.prefix(drop) { s.ends[old] = nil }
            s.endOrder.removeFirst(drop)
        }
    }
}
