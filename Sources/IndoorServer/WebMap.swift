import Foundation

/// The web map that `GET /` serves: one page (HTML, script and style kept as real files in `WebMap/`, compiled into
/// the binary so a copied executable still serves them) drawing the API's level GeoJSON with Leaflet, and Leaflet
/// itself read from where Debian's `libjs-leaflet` puts it (no CDN: the map works offline).
///
/// Paths (`GET` and `HEAD`):
/// - `/`: the page; `/webmap/main.js` (and the modules it imports), `/webmap/webmap.css`: its script and style.
/// - `/static/leaflet/{file}` and `/static/leaflet/images/{file}`: a file of ``leafletDirectory``, nothing else.
public struct WebMap: Sendable {
    /// Where Debian's `libjs-leaflet` installs Leaflet (`leaflet.js`, `leaflet.css`, `images/`).
    public static let debianLeafletDirectory = "/usr/share/javascript/leaflet"

    /// The folder Leaflet's files are served from.
    public var leafletDirectory: String
    /// The largest file served from ``leafletDirectory`` (Leaflet's unminified script is about 420 KiB).
    public var maxStaticBytes: Int

    /// A web map serving Leaflet from `leafletDirectory`.
    /// - Parameters:
    ///   - leafletDirectory: Leaflet's folder (by default Debian's).
    ///   - maxStaticBytes: the largest file served from it (default 4 MiB).
    public init(leafletDirectory: String = WebMap.debianLeafletDirectory, maxStaticBytes: Int = 4 << 20) {
        self.leafletDirectory = leafletDirectory
        self.maxStaticBytes = maxStaticBytes
    }

    /// The page's own files, by name under `/webmap/` (and `index.html` for `/`), with their media types: the page,
    /// its style, and its script as ES modules (`main.js` imports the others).
    static let pages: [String: (contentType: String, bytes: [UInt8])] = {
        let script = "text/javascript; charset=utf-8"
        return [
            "index.html": ("text/html; charset=utf-8", PackageResources.index_html),
            "webmap.css": ("text/css; charset=utf-8", PackageResources.webmap_css),
            "main.js": (script, PackageResources.main_js),
            "store.js": (script, PackageResources.store_js),
            "api.js": (script, PackageResources.api_js),
            "words.js": (script, PackageResources.words_js),
            "map.js": (script, PackageResources.map_js),
            "levels.js": (script, PackageResources.levels_js),
            "places.js": (script, PackageResources.places_js),
            "route.js": (script, PackageResources.route_js),
            "session.js": (script, PackageResources.session_js),
            "options.js": (script, PackageResources.options_js),
        ]
    }()

    /// One of the page's own files (``pages``).
    func page(_ name: String) throws(APIError) -> HTTPResponse {
        guard let page = Self.pages[name] else {
            throw APIError(status: 404, code: "not_found",
                           message: "no such file of the web map: \(name.prefix(64)) (it has \(Self.pages.keys.sorted().joined(separator: ", ")))")
        }
        return HTTPResponse(status: 200, contentType: page.contentType, body: Data(page.bytes), headers: [HTTPHeader("Cache-Control", "no-cache")])
    }

    /// The media types of the files Leaflet ships, by extension; any other file is not served.
    static let staticTypes = [
        "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8", "png": "image/png",
        "svg": "image/svg+xml", "map": "application/json",
    ]

    /// A file of Leaflet's folder named by the path's segments after `/static/leaflet/`: one or two segments
    /// (a file, or `images/` and a file), each of letters, digits, `.`, `_` and `-` and not starting with a dot,
    /// with an extension Leaflet uses. The target parser has already refused `.`/`..` segments, raw or encoded.
    /// - Throws: 404 `not_found` for a name outside these, or a file that is not there; 404 `leaflet_missing` when
    ///   the folder itself is not there (Debian's `libjs-leaflet` is not installed); 500 when it cannot be read.
    func leafletFile(_ path: [String]) throws(APIError) -> HTTPResponse {
        let named = path.count == 1 || (path.count == 2 && path[0] == "images")
        let safe = path.allSatisfy { s in
            (1...100).contains(s.utf8.count) && s.utf8.first != UInt8(ascii: ".")
                && s.utf8.allSatisfy { b in
                    (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
                        || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
                }
        }
        let ext = path.last.flatMap { $0.split(separator: ".").last.map(String.init) } ?? ""
        guard named, safe, let contentType = Self.staticTypes[ext] else {
            throw APIError(status: 404, code: "not_found",
                           message: "no such file under /static/leaflet/ (it serves Leaflet's own files: leaflet.js, leaflet.css, images/…)")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: leafletDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw APIError(status: 404, code: "leaflet_missing",
                           message: "Leaflet is not installed in \(leafletDirectory): install Debian's libjs-leaflet (apt-get install libjs-leaflet, or run tools/setup)")
        }
        let file = leafletDirectory + "/" + path.joined(separator: "/")
        let attributes = try? FileManager.default.attributesOfItem(atPath: file)
        guard let attributes, attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? Int else {
            throw APIError(status: 404, code: "not_found", message: "Leaflet has no file \(path.joined(separator: "/")) in \(leafletDirectory)")
        }
        guard size <= maxStaticBytes, let data = FileManager.default.contents(atPath: file), data.count <= maxStaticBytes else {
            throw APIError(status: 500, code: "static_unreadable", message: "\(path.joined(separator: "/")) cannot be read from \(leafletDirectory)")
        }
        return HTTPResponse(status: 200, contentType: contentType, body: data, headers: [HTTPHeader("Cache-Control", "public, max-age=3600")])
    }
}
