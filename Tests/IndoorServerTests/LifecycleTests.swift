import Foundation
import IndoorServer
import IndoorTestSupport
import Testing

/// Loading, ready, draining, stopped.
@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct LifecycleTests {
    @Test func notReadyWhileLoading() throws {
        let loading = try TestServer(ready: false, venue: nil)
        #expect(try loading.get("/health").status == 200)
        let ready = try loading.get("/ready")
        #expect(ready.status == 503)
        #expect(ready.errorCode == "not_ready")
        #expect(try loading.get("/v1/venues").status == 503)
        #expect(try loading.get("/v1/venues/transit-hub/search?q=cafe").status == 503)
        loading.server.service.add(try #require(TestServer.sampleVenue))
        loading.server.service.markReady()
        #expect(try loading.get("/ready").status == 200)
        #expect(try loading.get("/v1/venues/transit-hub/search?q=cafe").status == 200)
    }

    @Test func shutdownDrainsThenRefusesConnections() throws {
        let server = try TestServer()
        let port = server.port
        #expect(port > 0)
        #expect(try server.get("/ready").status == 200)
        #expect(server.server.shutdown() == 0)
        #expect(server.server.service.phase == .draining)
        #expect(throws: RawHTTP.Failure.self) { try RawHTTP.request(port: port, "/health") }
    }

    @Test func twoServersOnOnePortCannotBoth() throws {
        let first = try TestServer(venue: nil)
        let second = HTTPServer(service: IndoorService(), configuration: ServerConfiguration(host: "127.0.0.1", port: first.port, accessLog: nil))
        #expect(throws: ServerError.cannotListen(host: "127.0.0.1", port: first.port)) { try second.start() }
        #expect(throws: ServerError.badAddress("localhost:1")) {
            try HTTPServer(service: IndoorService(), configuration: ServerConfiguration(host: "localhost:1", port: 0)).start()
        }
    }

    @Test(arguments: [("venues/osm-dresden-apb/apb.osm", "apb"), ("venues/imdf-spbstu-polytech", "imdf-spbstu-polytech"),
                      ("venues/imdf-spbstu-polytech/", "imdf-spbstu-polytech"), ("x/london-corridor.osm.pbf", "london-corridor"),
                      ("a/venue.zip", "venue")])
    func venueIDs(path: String, id: String) {
        #expect(ServedVenue.id(for: .init(path: path)) == id)
    }

    @Test func listenAddresses() {
        #expect(ServerConfiguration.listenAddress("127.0.0.1:8080") == .init(host: "127.0.0.1", port: 8080))
        #expect(ServerConfiguration.listenAddress(":9000") == .init(host: "0.0.0.0", port: 9000))
        #expect(ServerConfiguration.listenAddress("localhost:80") == nil)
        #expect(ServerConfiguration.listenAddress("127.0.0.1:70000") == nil)
        #expect(ServerConfiguration.listenAddress("127.0.0.1") == nil)
    }
}

/// `GET /metrics`: requests by endpoint and status, latency histograms, gauges, in the Prometheus text format.
@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct MetricsTests {
    @Test func countsRequestsByEndpointAndStatus() throws {
        let server = try TestServer()
        #expect(try server.get("/v1/venues/transit-hub/search?q=cafe").status == 200)
        #expect(try server.get("/v1/venues/transit-hub/search?q=cafe&limit=0").status == 400)
        #expect(try server.get("/nowhere").status == 404)
        // Counted when MHD reports each request complete, just after its answer: wait (bounded) for the three.
        var text = ""
        for _ in 0..<200 {
            let r = try server.get("/metrics")
            #expect(r.status == 200)
            #expect(r.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
            text = r.text
            if text.contains("endpoint=\"none\",status=\"404\"} 1") { break }
            usleep(5_000)
        }
        #expect(text.contains("indoornav_http_requests_total{endpoint=\"search\",status=\"200\"} 1\n"))
        #expect(text.contains("indoornav_http_requests_total{endpoint=\"search\",status=\"400\"} 1\n"))
        #expect(text.contains("indoornav_http_requests_total{endpoint=\"none\",status=\"404\"} 1\n"))
        #expect(text.contains("# TYPE indoornav_http_request_duration_seconds histogram"))
        #expect(text.contains("indoornav_http_request_duration_seconds_bucket{endpoint=\"search\",le=\"+Inf\"} 2\n"))
        #expect(text.contains("indoornav_http_request_duration_seconds_count{endpoint=\"search\"} 2\n"))
        #expect(text.contains("indoornav_venues 1\n"))
        #expect(text.contains("indoornav_ready 1\n"))
        #expect(text.contains("indoornav_http_requests_in_flight 1\n"))
        // Every sample line is NAME{LABELS} VALUE or NAME VALUE.
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.split(separator: " ").count == 2 && Double(line.split(separator: " ").last ?? "") != nil, "\(line)")
        }
    }
}
