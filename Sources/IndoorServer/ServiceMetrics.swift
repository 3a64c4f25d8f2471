import Foundation
import Synchronization

/// What the service has done, for `GET /metrics` in the Prometheus text format (version 0.0.4): requests by
/// endpoint and status, a latency histogram per endpoint, open connections, requests in flight, venues, readiness,
/// navigation sessions (active, created, expired, deleted, refused) and event-stream followers.
/// Labels come from closed sets (the API's endpoints, HTTP statuses), so the series are bounded.
public final class ServiceMetrics: Sendable {
    /// Upper bounds of the latency buckets, seconds.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    struct Histogram {
        var counts = [Int](repeating: 0, count: ServiceMetrics.buckets.count)
        var sum = 0.0
        var count = 0
    }

    private let state = Mutex<(requests: [String: [Int: Int]], latency: [String: Histogram])>(([:], [:]))
    /// Open TCP connections (kept by the HTTP server).
    public let connections = Atomic<Int>(0)
    /// Requests whose headers are in and whose answer is not yet sent (kept by the HTTP server).
    public let inFlight = Atomic<Int>(0)
    /// Connections closed because their client took too long to send a request (kept by the HTTP server).
    public let slowClientsClosed = Atomic<Int>(0)

    /// No request counted yet.
    public init() {}

    /// Counts a request `endpoint` answered with `status` in `seconds`.
    /// - Parameters:
    ///   - endpoint: the endpoint that answered.
    ///   - status: the answer's status.
    ///   - seconds: from the request line to the answer; nil for an event stream, whose length is no latency (it is
    ///     counted, and left out of the histogram).
    public func record(endpoint: String, status: Int, seconds: Double?) {
        state.withLock { s in
            s.requests[endpoint, default: [:]][status, default: 0] += 1
            guard let seconds else { return }
            let k = Self.buckets.firstIndex { seconds <= $0 }
            var h = s.latency[endpoint] ?? Histogram()
            if let k { h.counts[k] += 1 }
            h.sum += seconds
            h.count += 1
            s.latency[endpoint] = h
        }
    }

    /// The metrics in the Prometheus text exposition format, series sorted by their labels.
    func exposition(venues: Int, ready: Bool, sessions: SessionCounts = SessionCounts()) -> String {
        let (requests, latency) = state.withLock { ($0.requests, $0.latency) }
        var out = """
            # HELP indoornav_http_requests_total Requests answered, by endpoint and status.
            # TYPE indoornav_http_requests_total counter

            """
        for endpoint in requests.keys.sorted() {
            for (status, n) in (requests[endpoint] ?? [:]).sorted(by: { $0.key < $1.key }) {
                out += "indoornav_http_requests_total{endpoint=\"\(endpoint)\",status=\"\(status)\"} \(n)\n"
            }
        }
        out += """
            # HELP indoornav_http_request_duration_seconds Time from a request's line to its answer, by endpoint.
            # TYPE indoornav_http_request_duration_seconds histogram

            """
        for endpoint in latency.keys.sorted() {
            guard let h = latency[endpoint] else { continue }
            var cumulative = 0
            for (bound, n) in zip(Self.buckets, h.counts) {
                cumulative += n
                out += "indoornav_http_request_duration_seconds_bucket{endpoint=\"\(endpoint)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "indoornav_http_request_duration_seconds_bucket{endpoint=\"\(endpoint)\",le=\"+Inf\"} \(h.count)\n"
            out += "indoornav_http_request_duration_seconds_sum{endpoint=\"\(endpoint)\"} \(h.sum)\n"
            out += "indoornav_http_request_duration_seconds_count{endpoint=\"\(endpoint)\"} \(h.count)\n"
        }
        out += """
            # HELP indoornav_http_connections Open connections.
            # TYPE indoornav_http_connections gauge
            indoornav_http_connections \(connections.load(ordering: .relaxed))
            # HELP indoornav_http_slow_clients_closed_total Connections closed for taking too long to send a request.
            # TYPE indoornav_http_slow_clients_closed_total counter
            indoornav_http_slow_clients_closed_total \(slowClientsClosed.load(ordering: .relaxed))
            # HELP indoornav_http_requests_in_flight Requests being answered.
            # TYPE indoornav_http_requests_in_flight gauge
            indoornav_http_requests_in_flight \(inFlight.load(ordering: .relaxed))
            # HELP indoornav_venues Venues served.
            # TYPE indoornav_venues gauge
            indoornav_venues \(venues)
            # HELP indoornav_ready Whether the service is ready (1) or loading or draining (0).
            # TYPE indoornav_ready gauge
            indoornav_ready \(ready ? 1 : 0)
            # HELP indoornav_sessions Navigation sessions held.
            # TYPE indoornav_sessions gauge
            indoornav_sessions \(sessions.active)
            # HELP indoornav_sessions_created_total Navigation sessions opened.
            # TYPE indoornav_sessions_created_total counter
            indoornav_sessions_created_total \(sessions.created)
            # HELP indoornav_sessions_expired_total Navigation sessions that expired, idle.
            # TYPE indoornav_sessions_expired_total counter
            indoornav_sessions_expired_total \(sessions.expired)
            # HELP indoornav_sessions_deleted_total Navigation sessions deleted by their clients.
            # TYPE indoornav_sessions_deleted_total counter
            indoornav_sessions_deleted_total \(sessions.deleted)
            # HELP indoornav_sessions_refused_total Session creations refused: too many sessions, or a client too fast.
            # TYPE indoornav_sessions_refused_total counter
            indoornav_sessions_refused_total \(sessions.refused)
            # HELP indoornav_sse_followers Event-stream followers connected.
            # TYPE indoornav_sse_followers gauge
            indoornav_sse_followers \(sessions.followers)

            """
        return out
    }
}
