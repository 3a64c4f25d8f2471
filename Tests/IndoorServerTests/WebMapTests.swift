import Foundation
import IndoorServer
import IndoorTestSupport
import Testing

/// The web map at `/`: the page, its script and style, and Leaflet served only from Debian's folder. (The page
/// itself is tested in a browser by tools/webmap/check.)
@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(5))) struct WebMapTests {
    let server: TestServer

    init() throws {
        server = try #require(TestServer.shared, "the test server starts on the sample venue")
    }

    @Test func rootIsThePage() throws {
        let r = try server.get("/")
        #expect(r.status == 200)
        #expect(r.headers["content-type"] == "text/html; charset=utf-8")
        #expect(r.text.hasPrefix("<!doctype html>"))
        #expect(r.text.contains("/static/leaflet/leaflet.js"))
        // The page reads its state from the query; the server does not refuse it.
        #expect(try server.get("/?venue=transit-hub&level=1&from=Relay&to=ATM&lang=fr").status == 200)
    }

    @Test(arguments: [("/webmap/main.js", "text/javascript; charset=utf-8"), ("/webmap/session.js", "text/javascript; charset=utf-8"),
                      ("/webmap/webmap.css", "text/css; charset=utf-8")])
    func scriptAndStyle(target: String, type: String) throws {
        let r = try server.get(target)
        #expect(r.status == 200)
        #expect(r.headers["content-type"] == type)
        #expect(r.body.count > 1000)
        #expect(try server.get("/webmap/nothing.js").errorCode == "not_found")
    }

    /// The script is ES modules: every module `main.js` imports, and every one they import, is served.
    @Test func everyModuleThePageImportsIsServed() throws {
        var pending = ["main.js"], seen: Set<String> = []
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            let r = try server.get("/webmap/\(name)")
            #expect(r.status == 200, "\(name) is imported and served")
            for line in r.text.split(separator: "\n") where line.hasPrefix("import ") {
                guard let from = line.range(of: "from './"), let end = line.range(of: "';", range: from.upperBound..<line.endIndex) else { continue }
                pending.append(String(line[from.upperBound..<end.lowerBound]))
            }
        }
        #expect(seen.count >= 10, "main.js and the modules it imports: \(seen.sorted())")
    }

    @Test func leafletFromDebian() throws {
        let file = WebMap.debianLeafletDirectory + "/leaflet.js"
        guard let bytes = FileManager.default.contents(atPath: file) else {
            // Without libjs-leaflet, a clear JSON 404 that says what to install.
            let r = try server.get("/static/leaflet/leaflet.js")
            #expect(r.status == 404)
            #expect(r.errorCode == "leaflet_missing")
            return
        }
        let r = try server.get("/static/leaflet/leaflet.js")
        #expect(r.status == 200)
        #expect(r.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(r.body == bytes)
        #expect(try server.get("/static/leaflet/leaflet.css").headers["content-type"] == "text/css; charset=utf-8")
        #expect(try server.get("/static/leaflet/images/marker-icon.png").headers["content-type"] == "image/png")
    }

    @Test(arguments: [
        ("/static/leaflet/../../../etc/passwd", 400), ("/static/leaflet/%2e%2e/%2e%2e/etc/passwd", 400),
        ("/static/leaflet/images/..%2f..%2fleaflet.js", 400), ("/static/leaflet/%2E%2E/leaflet.js", 400),
        ("/static/leaflet/images/%2e%2e", 400), ("/static/leaflet/.%2e/x.js", 400),
        ("/static/leaflet/..%5cleaflet.js", 400), ("/static/leaflet/images/../../x.png", 400),
        ("/static/leaflet/.htaccess.js", 404), ("/static/leaflet/leaflet.txt", 404), ("/static/leaflet/images", 404),
        ("/static/leaflet/a/b/c.js", 404), ("/static/leaflet", 404), ("/static/other/leaflet.js", 404),
        ("/static/leaflet/nothing.js", 404), ("/static/leaflet/images/leaflet.js", 404),
    ])
    func traversalIsRefusedAsJSON(target: String, status: Int) throws {
        let r = try server.get(target)
        #expect(r.status == status, "\(target): \(r.status) \(r.text.prefix(200))")
        #expect(r.headers["content-type"] == "application/json", "\(target)")
        #expect(r.errorCode != nil, "\(target): \(r.text.prefix(200))")
    }

    @Test func leafletMissingIsAClear404() {
        let service = IndoorService(webMap: WebMap(leafletDirectory: "/nonexistent/leaflet"))
        let r = service.respond(to: HTTPRequest(method: "GET", target: Array("/static/leaflet/leaflet.js".utf8)))
        #expect(r.status == 404)
        #expect(r.errorCode == "leaflet_missing")
        #expect(String(decoding: r.body, as: UTF8.self).contains("libjs-leaflet"))
        // The page is still served: it says so where the map would be.
        #expect(service.respond(to: HTTPRequest(method: "GET", target: Array("/".utf8))).status == 200)
    }

    @Test func aFileOverTheBoundIsNotRead() {
        guard FileManager.default.fileExists(atPath: WebMap.debianLeafletDirectory + "/leaflet.js") else { return }
        let service = IndoorService(webMap: WebMap(maxStaticBytes: 1000))
        let r = service.respond(to: HTTPRequest(method: "GET", target: Array("/static/leaflet/leaflet.js".utf8)))
        #expect(r.status == 500)
        #expect(r.errorCode == "static_unreadable")
    }
}
