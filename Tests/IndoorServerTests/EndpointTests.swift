import Foundation
import IndoorCore
import IndoorServer
import IndoorTestSupport
import Testing

/// Every endpoint on the sample venue, and the route, search and info answers byte for byte against what the CLI
/// prints for the same question.
@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct EndpointTests {
    let server: TestServer

    init() throws {
        server = try #require(TestServer.shared, "the test server starts on the sample venue")
    }

    @Test func healthAndReady() throws {
        let health = try server.get("/health")
        #expect(health.status == 200)
        #expect(health.headers["content-type"] == "application/json")
        #expect(health.text == "{\n  \"status\" : \"ok\"\n}\n")
        #expect(try server.get("/ready").status == 200)
    }

    @Test func venuesAreListed() throws {
        let r = try server.get("/v1/venues")
        #expect(r.status == 200)
        let venues = try #require((try JSONSerialization.jsonObject(with: r.body) as? [String: Any])?["venues"] as? [[String: Any]])
        #expect(venues.map { $0["id"] as? String } == ["transit-hub"])
        #expect(venues.first?["name"] as? String == "Central Station")
    }

    /// The web map's own words come from the service, in the language asked for (English for one not offered).
    @Test func theWebMapsWordsAreServedInALanguage() throws {
        let r = try server.get("/v1/words?lang=ru")
        #expect(r.status == 200)
        let answer = try JSONDecoder().decode(WordsResponse.self, from: r.body)
        #expect(answer.language == "ru")
        #expect(answer.words["level"] == "Этаж {ordinal}")
        #expect(answer.words["navigate"] == WordsResponse(language: "ru").words["navigate"])
        #expect(try JSONDecoder().decode(WordsResponse.self, from: try server.get("/v1/words?lang=pt").body).language == "en")
        #expect(try server.get("/v1/words?color=red").status == 400)
    }

    @Test(arguments: [
        (["venue", "info", "--json"], "/v1/venues/transit-hub"),
        (["venue", "info", "--json", "--lang", "fr"], "/v1/venues/transit-hub?lang=fr"),
        (["search", "cafe", "--json"], "/v1/venues/transit-hub/search?q=cafe"),
        (["search", "toilettes", "--json", "--limit", "3", "--lang", "fr", "--near", "Relay"],
         "/v1/venues/transit-hub/search?q=toilettes&limit=3&lang=fr&near=Relay"),
        (["search", "category:restroom", "--json", "--level", "0"], "/v1/venues/transit-hub/search?q=category%3Arestroom&level=0"),
        (["route", "--from", "Café Müller", "--to", "Page Blanche Bookshop", "--format", "json"],
         "/v1/venues/transit-hub/route?from=Caf%C3%A9+M%C3%BCller&to=Page%20Blanche%20Bookshop"),
        (["route", "--from", "Relay", "--to", "Page Blanche Bookshop", "--profile", "accessible", "--lang", "fr", "--format", "json"],
         "/v1/venues/transit-hub/route?from=Relay&to=Page+Blanche+Bookshop&profile=accessible&lang=fr"),
        (["route", "--from", "Relay", "--to", "category:restroom", "--via", "Café Müller", "--format", "geojson"],
         "/v1/venues/transit-hub/route?from=Relay&to=category%3Arestroom&via=Caf%C3%A9%20M%C3%BCller&format=geojson"),
        (["route", "--from", "Relay", "--to", "Women's restroom", "--format", "json"],
         "/v1/venues/transit-hub/route?from=Relay&to=Women%27s%20restroom"),
    ])
    func answersAreTheCLIsBytes(cli: [String], target: String) async throws {
        let printed = try await CLI.output(cli)
        #expect(printed.status == 0)
        let served = try server.get(target)
        #expect(served.status == 200)
        #expect(!served.body.isEmpty)
        #expect(served.body == printed.stdout, "\(target): \(served.text.prefix(300)) vs \(String(decoding: printed.stdout.prefix(300), as: UTF8.self))")
    }

    @Test func routeGeoJSONHasItsMediaType() throws {
        let r = try server.get("/v1/venues/transit-hub/route?from=Relay&to=Caf%C3%A9%20M%C3%BCller&format=geojson")
        #expect(r.status == 200)
        #expect(r.headers["content-type"] == "application/geo+json")
        #expect(r.text.contains("\"FeatureCollection\""))
    }

    @Test func aLevelIsGeoJSONWithAnEntityTagAndGzip() throws {
        let plain = try server.get("/v1/venues/transit-hub/levels/0")
        #expect(plain.status == 200)
        #expect(plain.headers["content-type"] == "application/geo+json")
        #expect(plain.headers["content-encoding"] == nil)
        let expected = try JSONOutput.document(try #require(TestServer.sampleVenue).prepared.levelFeatures("0").json)
        #expect(plain.body == expected)
        let etag = try #require(plain.headers["etag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))

        let zipped = try server.get("/v1/venues/transit-hub/levels/0", headers: ["Accept-Encoding": "br, gzip;q=0.8"])
        #expect(zipped.status == 200)
        #expect(zipped.headers["content-encoding"] == "gzip")
        #expect(zipped.headers["vary"] == "Accept-Encoding")
        #expect(Array(zipped.body.prefix(2)) == [0x1F, 0x8B])
        #expect(zipped.body.count < plain.body.count / 3)
        #expect(zipped.headers["etag"] != etag)
        // Refused gzip (q=0) is not sent gzip.
        #expect(try server.get("/v1/venues/transit-hub/levels/0", headers: ["Accept-Encoding": "gzip;q=0"]).headers["content-encoding"] == nil)

        let unchanged = try server.get("/v1/venues/transit-hub/levels/0", headers: ["If-None-Match": "\"other\", \(etag)"])
        #expect(unchanged.status == 304)
        #expect(unchanged.body.isEmpty)
        #expect(try server.get("/v1/venues/transit-hub/levels/0", headers: ["If-None-Match": "\"other\""]).status == 200)

        let french = try server.get("/v1/venues/transit-hub/levels/0?lang=fr")
        #expect(french.status == 200)
        #expect(try server.get("/v1/venues/transit-hub/levels/-1").status == 200)
        let unknown = try server.get("/v1/venues/transit-hub/levels/7")
        #expect(unknown.status == 404)
        #expect(unknown.errorCode == "unknown_level")
    }

    @Test func renderIsAPNG() throws {
        let level = try server.get("/v1/venues/transit-hub/render?level=0&size=320x240&style=dark")
        #expect(level.status == 200)
        #expect(level.headers["content-type"] == "image/png")
        #expect(Array(level.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // The PNG's width and height, big-endian in its IHDR chunk.
        let ihdr = Array(level.body[16..<24])
        #expect(ihdr == [0, 0, 1, 64, 0, 0, 0, 240])
        let route = try server.get("/v1/venues/transit-hub/render?from=Relay&to=Page%20Blanche%20Bookshop&size=400x300")
        #expect(route.status == 200)
        #expect(route.headers["content-type"] == "image/png")
    }

    @Test func headHasNoBody() throws {
        let r = try RawHTTP.request(port: server.port, "/v1/venues/transit-hub", method: "HEAD")
        #expect(r.status == 200)
        #expect(r.body.isEmpty)
        #expect(Int(r.headers["content-length"] ?? "") ?? 0 > 100)
    }

    @Test func keepAliveAnswersSeveralRequestsOnOneConnection() throws {
        let two = Array("GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /v1/venues HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
        let responses = RawHTTP.responses(try RawHTTP.exchange(port: server.port, two))
        #expect(responses.map(\.status) == [200, 200])
        #expect(responses.first?.headers["connection"] != "close")
    }

    @Test(arguments: [
        ("/nowhere", 404, "not_found"),
        ("/v1", 404, "not_found"),
        ("/v1/venues/transit-hub/elsewhere", 404, "not_found"),
        ("/v1/venues/no-such-venue", 404, "unknown_venue"),
        ("/v1/venues/no-such-venue/route?from=a&to=b", 404, "unknown_venue"),
        ("/v1/venues/transit-hub/route?from=Relay", 400, "bad_request"),
        ("/v1/venues/transit-hub/route?from=Relay&to=nowhere%20at%20all%20xyz", 400, "bad_place"),
        ("/v1/venues/transit-hub/route?from=Relay&to=Caf%C3%A9&profile=flying", 400, "bad_request"),
        ("/v1/venues/transit-hub/route?from=Relay&to=Caf%C3%A9&format=xml", 400, "bad_request"),
        ("/v1/venues/transit-hub/route?from=Relay&to=Caf%C3%A9&avoid=not-an-id", 400, "bad_request"),
        ("/v1/venues/transit-hub/route?from=Relay&from=Relay&to=Caf%C3%A9", 400, "bad_request"),
        ("/v1/venues/transit-hub/route?from=Relay&to=Caf%C3%A9&colour=red", 400, "bad_request"),
        ("/v1/venues/transit-hub/route?from=1,2%40-7&to=Relay", 400, "bad_place"),
        ("/v1/venues/transit-hub/search", 400, "bad_request"),
        ("/v1/venues/transit-hub/search?q=cafe&limit=0", 400, "bad_request"),
        ("/v1/venues/transit-hub/search?q=cafe&limit=1000", 400, "bad_request"),
        ("/v1/venues/transit-hub/search?q=cafe&level=9", 400, "bad_place"),
        ("/v1/venues/transit-hub/search?q=cafe&lang=%3Cscript%3E", 400, "bad_request"),
        ("/v1/venues/transit-hub/render?size=10x10", 400, "bad_request"),
        ("/v1/venues/transit-hub/render?size=100000x2", 400, "bad_request"),
        ("/v1/venues/transit-hub/render?style=neon", 400, "bad_request"),
        ("/v1/venues/transit-hub/render?level=12", 400, "bad_place"),
        ("/health?verbose=1", 400, "bad_request"),
    ])
    func errorsAreJSONWithTheirStatus(target: String, status: Int, code: String) throws {
        let r = try server.get(target)
        #expect(r.status == status, "\(target): \(r.text)")
        #expect(r.headers["content-type"] == "application/json")
        let error = try #require((try JSONSerialization.jsonObject(with: r.body) as? [String: Any])?["error"] as? [String: Any])
        #expect(error["status"] as? Int == status)
        #expect(error["code"] as? String == code)
        #expect(!((error["message"] as? String) ?? "").isEmpty)
    }

    /// A request the core refuses says which field and why as codes a client can switch over, beside the words.
    @Test func aRefusedRequestNamesItsFieldAndProblem() throws {
        let r = try server.get("/v1/venues/transit-hub/route?from=Relay&to=Caf%C3%A9&avoid=not-an-id")
        let error = try #require((try JSONSerialization.jsonObject(with: r.body) as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? String == "bad_request")
        #expect(error["field"] as? String == "avoid")
        #expect(error["reason"] as? String == "unknown_id")
        #expect((error["message"] as? String)?.hasPrefix("avoid: not-an-id names no space") == true, "\(error)")
    }

    @Test func noRouteIs422WithTheCLIsReason() throws {
        let venue = try #require(TestServer.sampleVenue)
        let closed = venue.prepared.venue.connectors.map(\.id)
        let platform = "8b67278b-3eff-5bdf-9d78-b6edc70a6ec8"
        let r = try server.get("/v1/venues/transit-hub/route?from=Relay&to=\(platform)" + closed.map { "&avoid=\($0)" }.joined())
        #expect(r.status == 422)
        #expect(r.errorCode == "no_route")
        var request = RouteRequest(from: "Relay", to: platform)
        request.avoid = closed
        do {
            _ = try venue.prepared.route(request)
            Issue.record("a route was found with every connector closed")
        } catch let error as RoutingError {
            #expect(r.text.contains(error.localizedDescription.replacingOccurrences(of: "\"", with: "\\\"")))
        }
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH"])
    func otherMethodsAre405(method: String) throws {
        let r = try RawHTTP.request(port: server.port, "/v1/venues/transit-hub/route?from=a&to=b", method: method)
        #expect(r.status == 405)
        #expect(r.headers["allow"] == "GET, HEAD")
        #expect(r.errorCode == "method_not_allowed")
    }

    @Test func everyRequestIsOneJSONLogLine() throws {
        let marker = "log-marker-\(UUID().uuidString)"
        _ = try server.get("/v1/venues/transit-hub/search?q=\(marker)")
        // The line is written when MHD reports the request complete, just after the answer is sent.
        var line: String?
        for _ in 0..<200 where line == nil {
            line = server.log.lines.withLock { $0.first { $0.contains(marker) } }
            if line == nil { usleep(5_000) }
        }
        let text = try #require(line)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["method"] as? String == "GET")
        #expect(object["status"] as? Int == 200)
        #expect(object["endpoint"] as? String == "search")
        #expect((object["target"] as? String)?.hasPrefix("/v1/venues/transit-hub/search?q=") == true)
        #expect(object["ms"] is Double)
        #expect(object["bytes"] as? Int ?? 0 > 0)
        #expect((object["time"] as? String)?.hasSuffix("Z") == true)
        // ISO 8601 to the millisecond, UTC; milliseconds to three decimals.
        let time = try #require(object["time"] as? String)
        #expect(time.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil, "\(time)")
        #expect(text.firstMatch(of: /"ms":\d+\.\d{3},/) != nil, "\(text)")
    }
}
