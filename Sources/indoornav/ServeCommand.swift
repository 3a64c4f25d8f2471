import Dispatch
import Foundation
import IndoorCore
import IndoorServer

enum ServeCommand {
    static func run(_ words: [String]) throws -> ExitStatus {
        guard var args = try definition.arguments(words) else { return .success }
        var paths: [String] = []
        while let v = try args.option("--venue", first: true) { paths.append(v) }
        let strict = args.flag("--strict")
        let listen = try args.option("--listen") ?? "127.0.0.1:8080"
        let threadsText = try args.option("--threads")
        let replicaText = try args.option("--replica-id")
        let idleText = try args.option("--session-idle")
        let maxSessionsText = try args.option("--max-sessions")
        var proxies: Set<String> = []
        while let proxy = try args.option("--trust-proxy", first: true) {
            guard ServerConfiguration.ipAddress(proxy) else {
                throw UsageError("--trust-proxy takes an IPv4 or IPv6 address (127.0.0.1), not \(proxy)", command: args.command)
            }
            proxies.insert(proxy)
        }
        try args.finish()
        guard let address = ServerConfiguration.listenAddress(listen) else {
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
        let server = HTTPServer(service: service, configuration: ServerConfiguration(host: address.host, port: address.port, threads: threads,
                                                                                           trustedProxies: proxies))
        // Listening first: /health answers and /ready says 503 while the venues load.
        try server.start()
        Output.error("indoornav serve: listening on http://\(address.host):\(server.port) with \(counted(threads, "thread")) as replica \(replicaID)")
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
            IncompleteVenue.warn(venue.prepared.venue, name: source.name, prefix: "indoornav serve")
            Output.error(String(format: "indoornav serve: %@ ready as /v1/venues/%@ (%.1f s)", source.name, venue.id, monotonicSeconds() - t0))
            if Interruption.signal != nil { break }
        }
        service.markReady()
        stop.wait()
        Output.error("indoornav serve: shutting down (draining requests in flight)")
        let left = server.shutdown()
        Output.error(left == 0 ? "indoornav serve: stopped" : "indoornav serve: stopped with \(counted(left, "request")) unfinished")
        return .success
    }
}
