import Dispatch
import Foundation
import IndoorCore
import IndoorServer

enum ServeCommand {
    static let help = """
        USAGE: indoornav serve [--venue PATH]... [--listen ADDR:PORT] [--threads N] [--strict]
                               [--replica-id ID] [--session-idle SECONDS] [--max-sessions N]

        Serves venues over HTTP: routes, search, venue summaries, floors as GeoJSON and rendered maps, as JSON the
        same as the other commands print (`route --format json`, `search --json`, `venue info --json`). Each venue
        is loaded and prepared once, then shared by every request; its id in URLs is its folder or file name
        without extension (venues/osm-dresden-apb/apb.osm is apb). Without --venue, the embedded sample venue is
        served as transit-hub.

        ENDPOINTS (GET):
          /health  /ready                                      up; ready (503 while loading or shutting down)
          /metrics                                             Prometheus text: requests, latency, connections
          /v1/venues                                           the venues served
          /v1/venues/{venue}?lang=                             the venue summed up
          /v1/venues/{venue}/levels/{ordinal}?lang=            a floor as GeoJSON (ETag, gzip)
          /v1/venues/{venue}/search?q=&near=&level=&category=&limit=&lang=
          /v1/venues/{venue}/route?from=&to=&via=&profile=&avoid=&non_public=&lang=&format=json|geojson
          /v1/venues/{venue}/render?level=&from=&to=&via=&profile=&camera=&size=WxH&style=&lang=   (PNG)

        NAVIGATION SESSIONS:
          POST   /v1/venues/{venue}/sessions   {"from", "to", "profile", "lang"} → 201: id, route, events URL
          POST   /v1/sessions/{id}/fixes       a fix or an array: {"lat", "lon", "level", "accuracy", "time",
                                               "heading", "speed"} → the guidance events (as follow --json)
          GET    /v1/sessions/{id}/events      the events as Server-Sent Events (Last-Event-ID resumes)
          DELETE /v1/sessions/{id}             204
        A session id starts with the replica's id, so a load balancer can route on it. Sessions expire when idle,
        are bounded in number and in how fast one address opens them (429), as are event-stream followers.

        Errors are {"error": {"status", "code", "message"}}: 400 bad request, place or body, 404 unknown venue,
        path or session (unknown, expired, deleted, or held by another replica), 405, 413/414 too large,
        422 no route, 429 too many connections, sessions or followers, or sessions opened too fast, 503 not ready.

        OPTIONS:
          --venue PATH       An IMDF folder or archive, or an OSM file (.osm, .osm.pbf); repeat for more venues.
          --listen ADDR:PORT The IPv4 address and port to listen on (default 127.0.0.1:8080; :PORT for every
                             interface; port 0 picks a free one, printed on stderr).
          --threads N        Worker threads, each with its own epoll loop (default: the number of CPUs).
          --strict           Only what the venue data draws: no inferred corridors or entrances.
          --replica-id ID    The prefix of this replica's session ids: 1 to 32 of a-z, 0-9 and -
                             (default: the host name, or a random one).
          --session-idle S   Seconds without a request after which a session expires (default 600).
          --max-sessions N   Sessions held at once (default 10000).

        One JSON line per request goes to stderr (time, method, target, status, bytes, ms, endpoint, error).
        SIGTERM or SIGINT shuts down gracefully: /ready says 503, no new connection is accepted, requests in
        flight finish (10 s at most), then the command exits 0.
        """

    static func run(_ words: [String]) throws -> ExitStatus {
        var args = Arguments(words, command: "indoornav serve")
        if args.wantsHelp() {
            Output.line(help)
            return .success
        }
        var paths: [String] = []
        while let v = try args.option("--venue", first: true) { paths.append(v) }
        let strict = args.flag("--strict")
        let listen = try args.option("--listen") ?? "127.0.0.1:8080"
        let threadsText = try args.option("--threads")
        let replicaText = try args.option("--replica-id")
        let idleText = try args.option("--session-idle")
        let maxSessionsText = try args.option("--max-sessions")
        try args.finish()
        guard let (host, port) = ServerConfiguration.listenAddress(listen) else {
            throw UsageError("--listen takes ADDRESS:PORT with an IPv4 address (127.0.0.1:8080, :8080), not \(listen)", command: args.command)
        }
        var threads = ProcessInfo.processInfo.activeProcessorCount
        if let threadsText {
            guard let n = Int(threadsText), (1...256).contains(n) else {
                throw UsageError("--threads takes a whole number from 1 to 256, not \(threadsText)", command: args.command)
            }
            threads = n
        }
        var limits = SessionLimits()
        if let idleText {
            guard let s = Double(idleText), (1...86_400).contains(s) else {
                throw UsageError("--session-idle takes seconds from 1 to 86400, not \(idleText)", command: args.command)
            }
            limits.idleSeconds = s
        }
        if let maxSessionsText {
            guard let n = Int(maxSessionsText), (1...1_000_000).contains(n) else {
                throw UsageError("--max-sessions takes a whole number from 1 to 1000000, not \(maxSessionsText)", command: args.command)
            }
            limits.maxSessions = n
        }
        var replicaID = NavigationSessions.defaultReplicaID()
        if let replicaText {
            guard let id = NavigationSessions.replicaID(replicaText) else {
                throw UsageError("--replica-id takes 1 to 32 of a-z, 0-9 and - (not first or last), not \(replicaText)", command: args.command)
            }
            replicaID = id
        }
        let sources = paths.isEmpty ? [VenueSource(strict: strict)] : paths.map { VenueSource(path: $0, strict: strict) }
        var ids: [String: String] = [:]
        for source in sources {
            let id = ServedVenue.id(for: source)
            if let other = ids[id] {
                throw UsageError("\(other) and \(source.name) would both be served as \(id): rename one", command: args.command)
            }
            ids[id] = source.name
        }

        let service = IndoorService(sessions: NavigationSessions(replicaID: replicaID, limits: limits, clock: ContinuousClock()))
        let server = HTTPServer(service: service, configuration: ServerConfiguration(host: host, port: port, threads: threads))
        // Listening first: /health answers and /ready says 503 while the venues load.
        try server.start()
        Output.error("indoornav serve: listening on http://\(host):\(server.port) with \(threads) threads as replica \(replicaID)")
        let stop = DispatchSemaphore(value: 0)
        Interruption.install { _ in stop.signal() }
        for source in sources {
            let t0 = monotonicSeconds()
            let venue: ServedVenue
            do {
                venue = try ServedVenue(loading: source)
            } catch {
                server.stop()
                throw error
            }
            service.add(venue)
            Output.error(String(format: "indoornav serve: %@ ready as /v1/venues/%@ (%.1f s)", source.name, venue.id, monotonicSeconds() - t0))
            if Interruption.signal != nil { break }
        }
        service.markReady()
        stop.wait()
        Output.error("indoornav serve: shutting down (draining requests in flight)")
        let left = server.shutdown()
        Output.error(left == 0 ? "indoornav serve: stopped" : "indoornav serve: stopped with \(left) requests unfinished")
        return .success
    }
}
