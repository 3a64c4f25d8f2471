import Foundation
import IndoorCore
import Synchronization

/// The API: requests in, responses out, on the venues it serves — no sockets (``HTTPServer`` carries it over
/// HTTP), so it can be called and tested directly. Every answer is the core's, encoded as the CLI encodes it
/// (`JSONOutput`): the same question gets the same bytes.
///
/// Paths (all `GET`, `HEAD` too):
/// - `/health`: the process is up; `/ready`: it answers (503 while loading venues or draining); `/metrics`: what it
///   has done, in the Prometheus text format (``ServiceMetrics``).
/// - `/v1/venues`: the venues served; `/v1/venues/{venue}`: one summed up (`VenueInfo`, `?lang=`).
/// - `/v1/words?lang=`: the web map's own words in a language (`WordsResponse`), from the text module.
/// - `/v1/venues/{venue}/levels/{ordinal}`: a floor as GeoJSON (`?lang=`), with an entity tag and gzip.
/// - `/v1/venues/{venue}/search?q=&near=&level=&category=&limit=&lang=` (`SearchResponse`).
/// - `/v1/venues/{venue}/route?from=&to=&via=…&profile=&avoid=…&non_public=&lang=&format=json|geojson`
///   (`RouteResponse`, or the itinerary as GeoJSON).
/// - `/v1/venues/{venue}/render?level=&from=&to=&via=…&profile=&camera=&size=WxH&style=&lang=` (PNG).
///
/// Navigation sessions (``NavigationSessions``):
/// - `POST /v1/venues/{venue}/sessions` with `{"from", "to", "profile", "lang"}` (``SessionRequestBody``): 201, the
///   session's id, its route (as `/route` answers it) and where its events are.
/// - `POST /v1/sessions/{id}/fixes` with a fix or an array of fixes (``FixBody``): the events they caused, as
///   `follow --json` prints them.
/// - `GET /v1/sessions/{id}/events`: the events as Server-Sent Events (``EventStream``), resumed after
///   `Last-Event-ID`.
/// - `DELETE /v1/sessions/{id}`: 204.
///
/// The web map (``WebMap``): `GET /` is the page, `/webmap/…` its script and style, `/static/leaflet/…` Leaflet.
public final class IndoorService: Sendable {
    /// Where the service is in its life.
    public enum Phase: UInt8, Sendable {
        /// Venues are being loaded: `/ready` says 503.
        case loading
        /// Every venue is loaded.
        case ready
        /// Shutting down: `/ready` says 503 so a load balancer sends no more; requests in flight are finished.
        case draining
    }

    /// The bounds of what a request may ask for.
    public let limits: ServerLimits
    /// What the service has done, as `GET /metrics` shows it.
    public let metrics = ServiceMetrics()
    /// The navigation sessions this replica holds.
    public let sessions: NavigationSessions
    /// The web map served at `/`, and where it reads Leaflet from.
    public let webMap: WebMap
    private let phaseValue = Atomic<UInt8>(Phase.loading.rawValue)
    private let venues = Mutex<(byID: [String: ServedVenue], order: [String])>(([:], []))

    /// A service with no venue yet, loading.
    /// - Parameters:
    ///   - limits: the bounds of requests.
    ///   - sessions: the navigation sessions (their replica id, bounds and clock).
    ///   - webMap: the web map at `/` (by default with Leaflet from Debian's `libjs-leaflet`).
    public init(limits: ServerLimits = ServerLimits(), sessions: NavigationSessions = NavigationSessions(), webMap: WebMap = WebMap()) {
        self.limits = limits
        self.sessions = sessions
        self.webMap = webMap
    }

    /// Where the service is in its life.
    public var phase: Phase { Phase(rawValue: phaseValue.load(ordering: .acquiring)) ?? .loading }

    /// Serves `venue` from now on, under its id (replacing one of the same id).
    public func add(_ venue: ServedVenue) {
        venues.withLock { v in
            if v.byID.updateValue(venue, forKey: venue.id) == nil { v.order.append(venue.id) }
        }
    }

    /// Every venue is loaded: `/ready` says 200.
    public func markReady() {
        _ = phaseValue.compareExchange(expected: Phase.loading.rawValue, desired: Phase.ready.rawValue, ordering: .acquiringAndReleasing)
    }

    /// Shutting down: `/ready` says 503 from now on.
    public func beginDraining() {
        phaseValue.store(Phase.draining.rawValue, ordering: .releasing)
    }

    /// The ids of the venues served, in the order they were added.
    public var venueIDs: [String] { venues.withLock { $0.order } }

    /// Answers `request`. Never throws: every fault is an error response (``APIError``).
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let target: RequestTarget
        do {
            target = try RequestTarget.parse(request.target, limits: limits.target)
        } catch {
            let code = error.status == 414 ? "uri_too_long" : "bad_request"
            return APIError(status: error.status, code: code, message: error.description).response()
        }
        guard let route = Route(target.segments) else {
            return APIError(status: 404, code: "not_found", message: "no such path (the API is under /v1/venues; see /v1/venues; the web map is at /)").response()
        }
        let methods = route.methods
        guard methods.contains(request.method) else {
            let allowed = methods.joined(separator: ", ")
            var r = APIError(status: 405, code: "method_not_allowed", message: "\(request.method.prefix(32)) is not allowed here: use \(allowed)")
                .response(endpoint: route.endpoint)
            r.headers.append(HTTPHeader("Allow", allowed))
            return r
        }
        if request.method == "POST" {
            if let length = request.contentLength, length > limits.maxBodyBytes || request.body.count > limits.maxBodyBytes {
                return APIError(status: 413, code: "body_too_large", message: "the body has \(length) bytes; at most \(limits.maxBodyBytes) are read")
                    .response(endpoint: route.endpoint)
            }
        } else if let length = request.contentLength, length > 0 {
            let status = length > limits.maxBodyBytes ? 413 : 400
            return APIError(status: status, code: status == 413 ? "body_too_large" : "bad_request",
                            message: status == 413 ? "the body has \(length) bytes; at most \(limits.maxBodyBytes) are read"
                                : "a \(request.method) request has no body").response(endpoint: route.endpoint)
        }
        do {
            var response = try answer(route, target.query, request)
            response.endpoint = route.endpoint
            return response
        } catch {
            return APIError.from(error).response(endpoint: route.endpoint)
        }
    }

    /// The API's paths.
    enum Route {
        case health, ready, metrics, venues, words
        case info(String)
        case level(String, String)
        case search(String), route(String), render(String)
        case openSession(String)
        case session(String), fixes(String), events(String)
        case webMap(String), leaflet([String])

        init?(_ s: [String]) {
            if s.first == "static" {
                guard s.count >= 3, s.count <= 4, s[1] == "leaflet" else { return nil }
                self = .leaflet(Array(s[2...]))
                return
            }
            switch s.count {
            case 0: self = .webMap("index.html")
            case 2 where s[0] == "webmap": self = .webMap(s[1])
            case 1 where s[0] == "health": self = .health
            case 1 where s[0] == "ready": self = .ready
            case 1 where s[0] == "metrics": self = .metrics
            case 2 where s == ["v1", "venues"]: self = .venues
            case 2 where s == ["v1", "words"]: self = .words
            case 3 where s[0] == "v1" && s[1] == "venues": self = .info(s[2])
            case 4 where s[0] == "v1" && s[1] == "venues":
                switch s[3] {
                case "search": self = .search(s[2])
                case "route": self = .route(s[2])
                case "render": self = .render(s[2])
                case "sessions": self = .openSession(s[2])
                default: return nil
                }
            case 5 where s[0] == "v1" && s[1] == "venues" && s[3] == "levels": self = .level(s[2], s[4])
            case 3 where s[0] == "v1" && s[1] == "sessions": self = .session(s[2])
            case 4 where s[0] == "v1" && s[1] == "sessions" && s[3] == "fixes": self = .fixes(s[2])
            case 4 where s[0] == "v1" && s[1] == "sessions" && s[3] == "events": self = .events(s[2])
            default: return nil
            }
        }

        /// Its name in logs and metrics.
        var endpoint: String {
            switch self {
            case .health: "health"
            case .ready: "ready"
            case .metrics: "metrics"
            case .venues: "venues"
            case .words: "words"
            case .info: "info"
            case .level: "levels"
            case .search: "search"
            case .route: "route"
            case .render: "render"
            case .openSession: "session_open"
            case .session: "session_delete"
            case .fixes: "session_fixes"
            case .events: "session_events"
            case .webMap: "webmap"
            case .leaflet: "static"
            }
        }

        /// The methods it answers.
        var methods: [String] {
            switch self {
            case .openSession, .fixes: ["POST"]
            case .session: ["DELETE"]
            default: ["GET", "HEAD"]
            }
        }
    }

    private func answer(_ route: Route, _ query: [QueryItem], _ request: HTTPRequest) throws -> HTTPResponse {
        switch route {
        case .health:
            _ = try Parameters(query, allowed: [])
            return .json(["status": "ok"], endpoint: "health")
        case .ready:
            _ = try Parameters(query, allowed: [])
            switch phase {
            case .ready: return .json(["status": "ready"], endpoint: "ready")
            case .loading: throw APIError(status: 503, code: "not_ready", message: "loading venues")
            case .draining: throw APIError(status: 503, code: "not_ready", message: "shutting down")
            }
        case .metrics:
            _ = try Parameters(query, allowed: [])
            let text = metrics.exposition(venues: venueIDs.count, ready: phase == .ready, sessions: sessions.counts)
            return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: Data(text.utf8))
        case .venues:
            _ = try Parameters(query, allowed: [])
            try requireStarted()
            let served = venues.withLock { v in v.order.compactMap { v.byID[$0] } }
            return .json(VenueList(venues: served.map { VenueList.Entry($0) }), endpoint: "venues")
        case .words:
            let p = try Parameters(query, allowed: ["lang"])
            return .json(WordsResponse(language: try p.language()), endpoint: "words")
        case .info(let id):
            let p = try Parameters(query, allowed: ["lang"])
            let venue = try self.venue(id)
            return .json(VenueInfo(venue.drawn, languages: PreparedVenue.nameLanguages(for: try p.language()), validation: venue.validation),
                         endpoint: "info")
        case .level(let id, let level):
            let p = try Parameters(query, allowed: ["lang"])
            let venue = try self.venue(id)
            return try levelResponse(venue, level: level, language: try p.language(), request)
        case .search(let id):
            let p = try Parameters(query, allowed: ["q", "near", "level", "category", "limit", "lang"])
            let venue = try self.venue(id)
            guard let q = p["q"] else { throw APIError(status: 400, code: "bad_request", message: "q: the words to search for are missing") }
            let language = try p.language()
            var request = SearchRequest(query: q, near: p["near"], level: p["level"], category: p["category"], language: language)
            if let limit = p["limit"] {
                guard let n = Int(limit), (1...limits.maxSearchResults).contains(n) else {
                    throw APIError(status: 400, code: "bad_request", message: "limit: takes a whole number from 1 to \(limits.maxSearchResults), not \(limit)")
                }
                request.limit = n
            }
            let hits = try venue.prepared.search(request)
            return .json(SearchResponse(query: q, hits: hits, languages: PreparedVenue.nameLanguages(for: language)), endpoint: "search")
        case .route(let id):
            let p = try Parameters(query, allowed: ["from", "to", "via", "profile", "avoid", "non_public", "lang", "format"],
                                   repeatable: ["via", "avoid"])
            let venue = try self.venue(id)
            let request = try routeRequest(p)
            let format = p["format"] ?? "json"
            guard format == "json" || format == "geojson" else {
                throw APIError(status: 400, code: "bad_request", message: "format: json or geojson, not \(format)")
            }
            let plan = try venue.prepared.route(request)
            return format == "json" ? .json(RouteResponse(plan), endpoint: "route")
                : .json(plan.geoJSON.json, endpoint: "route", contentType: "application/geo+json")
        case .render(let id):
            let p = try Parameters(query, allowed: ["level", "from", "to", "via", "profile", "camera", "size", "style", "lang"],
                                   repeatable: ["via"])
            let venue = try self.venue(id)
            return try render(venue, p)
        case .openSession(let id):
            _ = try Parameters(query, allowed: [])
            let venue = try self.venue(id)
            let (session, plan) = try sessions.open(try SessionRequestBody.parse(request.body), on: venue, client: request.clientAddress)
            var r = HTTPResponse.json(SessionCreated(session, plan: plan, idleSeconds: sessions.limits.idleSeconds), status: 201, endpoint: "session_open")
            r.headers.append(HTTPHeader("Location", "/v1/sessions/\(session.id)"))
            return r
        case .fixes(let id):
            _ = try Parameters(query, allowed: [])
            let fixes = try FixBody.parse(request.body, maxFixes: sessions.limits.maxFixesPerRequest)
            return .json(try sessions.post(fixes, to: id), endpoint: "session_fixes")
        case .session(let id):
            _ = try Parameters(query, allowed: [])
            try sessions.delete(id)
            return HTTPResponse(status: 204, endpoint: "session_delete")
        case .webMap(let name):
            // The page reads its state (venue, level, from, to, profile, lang…) from the query itself.
            return try webMap.page(name)
        case .leaflet(let path):
            _ = try Parameters(query, allowed: [])
            return try webMap.leafletFile(path)
        case .events(let id):
            _ = try Parameters(query, allowed: [])
            if phase == .draining { throw APIError(status: 503, code: "not_ready", message: "shutting down") }
            let stream = try sessions.follow(id, lastEventID: request.headers["last-event-id"])
            var r = HTTPResponse(status: 200, contentType: "text/event-stream; charset=utf-8",
                                 headers: [HTTPHeader("Cache-Control", "no-cache"), HTTPHeader("X-Accel-Buffering", "no")], endpoint: "session_events")
            r.stream = stream
            return r
        }
    }

    /// 503 while loading (a venue may not be there yet).
    private func requireStarted() throws(APIError) {
        if phase == .loading { throw APIError(status: 503, code: "not_ready", message: "loading venues") }
    }

    private func venue(_ id: String) throws(APIError) -> ServedVenue {
        if let venue = venues.withLock({ $0.byID[id] }) { return venue }
        try requireStarted()
        let known = venueIDs.joined(separator: ", ")
        throw APIError(status: 404, code: "unknown_venue", message: "no venue \(id) is served here (served: \(known))")
    }

    private func routeRequest(_ p: Parameters) throws -> RouteRequest {
        guard let from = p["from"], let to = p["to"] else {
            throw APIError(status: 400, code: "bad_request", message: "\(p["from"] == nil ? "from" : "to"): the place is missing")
        }
        var request = RouteRequest(from: from, to: to, via: p.all("via"), avoid: p.all("avoid"), language: try p.language())
        if let text = p["profile"] {
            guard let profile = RoutingOptions.Profile(rawValue: text) else {
                throw APIError(status: 400, code: "bad_request",
                               message: "profile: default, accessible, avoid-elevators or avoid-escalators, not \(text)")
            }
            request.profile = profile
        }
        if let text = p["non_public"] {
            switch text {
            case "true", "1": request.includeNonPublic = true
            case "false", "0": request.includeNonPublic = false
            default: throw APIError(status: 400, code: "bad_request", message: "non_public: true or false, not \(text)")
            }
        }
        return request
    }

    private func levelResponse(_ venue: ServedVenue, level: String, language: String?, _ request: HTTPRequest) throws -> HTTPResponse {
        let document: LevelDocument
        do {
            document = try venue.levelDocument(level, language: language)
        } catch let error as PlaceError {
            throw APIError(status: 404, code: "unknown_level", message: error.localizedDescription)
        }
        let gzip = Self.acceptsGzip(request.headers["accept-encoding"]) ? document.gzip : nil
        let etag = gzip == nil ? document.etag : document.gzipETag
        var headers = [HTTPHeader("ETag", etag), HTTPHeader("Vary", "Accept-Encoding"), HTTPHeader("Cache-Control", "no-cache")]
        if let match = request.headers["if-none-match"], ETag.matches(match, [document.etag, document.gzipETag]) {
            return HTTPResponse(status: 304, headers: headers)
        }
        if gzip != nil { headers.append(HTTPHeader("Content-Encoding", "gzip")) }
        return HTTPResponse(status: 200, contentType: "application/geo+json", body: gzip ?? document.body, headers: headers)
    }

    /// Whether an `Accept-Encoding` value accepts gzip (RFC 9110 §12.5.3): `gzip` or `*` with a weight above 0.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else { return false }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return weight > 0
        }
    }

    private func render(_ venue: ServedVenue, _ p: Parameters) throws -> HTTPResponse {
        let language = try p.language()
        var request = MapRequest(level: p["level"], languages: PreparedVenue.nameLanguages(for: language))
        if let size = p["size"] {
            let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let w = parts[0], let h = parts[1], (16...limits.maxImageSide).contains(w),
                  (16...limits.maxImageSide).contains(h), w * h <= limits.maxImagePixels else {
                throw APIError(status: 400, code: "bad_request",
                               message: "size: WIDTHxHEIGHT, 16…\(limits.maxImageSide) pixels each and \(limits.maxImagePixels) in all, not \(size)")
            }
            (request.width, request.height) = (w, h)
        }
        switch p["style"] ?? "light" {
        case "light": request.style = .light
        case "dark": request.style = .dark
        case let other: throw APIError(status: 400, code: "bad_request", message: "style: light or dark, not \(other)")
        }
        if let text = p["camera"] {
            guard let camera = MapRequest.Camera(rawValue: text) else {
                throw APIError(status: 400, code: "bad_request", message: "camera: overview or follow, not \(text)")
            }
            request.camera = camera
        }
        if p["from"] != nil || p["to"] != nil || !p.all("via").isEmpty || p["profile"] != nil {
            request.route = try routeRequest(p)
        }
        let png = try venue.prepared.map(request).encoded()
        return HTTPResponse(status: 200, contentType: "image/png", body: png)
    }
}

/// The venues a service answers for: what `GET /v1/venues` returns.
struct VenueList: Codable {
    struct Entry: Codable {
        let id: String
        let name: String
        let format: String
        let levels: Int

        init(_ venue: ServedVenue) {
            id = venue.id
            name = venue.drawn.name.resolved(for: ["en"]) ?? venue.id
            format = venue.drawn.sourceFormat
            levels = venue.drawn.levels.count
        }
    }
    let venues: [Entry]
}

/// What `POST /v1/venues/{venue}/sessions` answers: the session's id and venue, where to post fixes and follow
/// events, how long it may stay idle, and its route (`/route`'s JSON; null when it starts from the first fix).
struct SessionCreated: Encodable {
    let id: String
    let venue: String
    let fixes: String
    let events: String
    let idleTimeout: Double
    let route: RouteResponse?

    init(_ session: Session, plan: RoutePlan?, idleSeconds: Double) {
        id = session.id
        venue = session.venueID
        fixes = "/v1/sessions/\(session.id)/fixes"
        events = "/v1/sessions/\(session.id)/events"
        idleTimeout = idleSeconds
        route = plan.map(RouteResponse.init)
    }

    enum CodingKeys: String, CodingKey {
        case id, venue, fixes, events, route
        case idleTimeout = "idle_timeout_s"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(venue, forKey: .venue)
        try c.encode(fixes, forKey: .fixes)
        try c.encode(events, forKey: .events)
        try c.encode(idleTimeout, forKey: .idleTimeout)
        // Present as null in free mode or when routed from the first fix.
        try c.encode(route, forKey: .route)
    }
}

/// A request's query parameters, checked: only the names an endpoint takes, each once unless it may repeat.
struct Parameters {
    private var values: [String: [String]] = [:]

    init(_ query: [QueryItem], allowed: Set<String>, repeatable: Set<String> = []) throws(APIError) {
        for item in query {
            guard allowed.contains(item.name) else {
                let takes = allowed.isEmpty ? "takes no parameter" : "takes \(allowed.sorted().joined(separator: ", "))"
                throw APIError(status: 400, code: "bad_request", message: "unknown parameter \(item.name) (this endpoint \(takes))")
            }
            guard values[item.name] == nil || repeatable.contains(item.name) else {
                throw APIError(status: 400, code: "bad_request", message: "\(item.name) is given more than once")
            }
            values[item.name, default: []].append(item.value)
        }
    }

    subscript(name: String) -> String? { values[name]?.first }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// `lang`: a language tag (BCP 47's letters, digits and hyphens, up to 35 characters), if given.
    func language() throws(APIError) -> String? {
        guard let tag = self["lang"] else { return nil }
        return try Self.languageTag(tag)
    }

    /// `tag`, when it is a language tag (BCP 47's letters, digits and hyphens, up to 35 characters).
    static func languageTag(_ tag: String) throws(APIError) -> String {
        guard (1...35).contains(tag.utf8.count),
              tag.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { throw APIError(status: 400, code: "bad_request", message: "lang: a language tag such as en, fr or de, not \(tag.prefix(64))") }
        return tag
    }
}
