import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import IndoorGeometry

/// A point of a GPX file: a waypoint, a route point or a track point.
public struct GPXPoint: Hashable, Sendable {
    public var coordinate: Coordinate
    /// Metres (GPX `ele`).
    public var elevation: Double?
    public var time: Date?
    public var hdop: Double?
    public var satellites: Int?
    /// Metres per second (GPX 1.0 `speed`, or Garmin TrackPointExtension `speed`).
    public var speed: Double?
    /// Degrees true (GPX 1.0 `course`, or Garmin TrackPointExtension `course`).
    public var course: Double?
    public var name: String?
}

/// What a GPX file holds, counted, with its first and last track (or route) points.
public struct GPXSummary: Hashable, Sendable {
    public var version: String?
    public var creator: String?
    public var waypoints = 0
    public var routes = 0
    public var routePoints = 0
    public var tracks = 0
    public var segments = 0
    public var trackPoints = 0
    /// The first and last points of the tracks (or of the routes, for a file without tracks).
    public var first: GPXPoint?
    public var last: GPXPoint?
}

/// Why a GPX file could not be read.
public enum GPXError: Error, Equatable, Sendable, LocalizedError {
    case unreadable(path: String)
    case malformed(path: String, line: Int, column: Int, reason: String)
    case notGPX(path: String, root: String)
    case invalidPoint(path: String, line: Int, reason: String)

    public var errorDescription: String? {
        switch self {
        case .unreadable(let path): "\(path): cannot open"
        case .malformed(let path, let line, let column, let reason): "\(path):\(line):\(column): not well-formed XML: \(reason)"
        case .notGPX(let path, let root): "\(path): not GPX (the root element is <\(root)>, not <gpx>)"
        case .invalidPoint(let path, let line, let reason): "\(path):\(line): \(reason)"
        }
    }
}

/// Reads GPX 1.0 and 1.1 (waypoints, routes, tracks and segments; `ele`, `time` with offsets and fractions,
/// `hdop`, `sat`, GPX 1.0 `speed`/`course`, Garmin TrackPointExtension v1/v2 `speed`/`course` under any prefix),
/// streaming: a file of any size is read in bounded memory, each point handed to `visit` as it is read. External
/// entities are never resolved.
public enum GPXReader {
    /// - Parameter visit: called with each point and what it is (`wpt`, `rtept`, `trkpt`).
    /// - Throws: ``GPXError`` with the line and column of the first problem.
    @discardableResult
    public static func read(path: String, visit: @escaping (GPXPoint, String) -> Void = { _, _ in }) throws(GPXError) -> GPXSummary {
        guard let stream = InputStream(fileAtPath: path) else { throw .unreadable(path: path) }
        let parser = XMLParser(stream: stream)
        parser.shouldResolveExternalEntities = false
        let delegate = GPXDelegate(path: path, visit: visit)
        parser.delegate = delegate  // held weakly by the parser
        let ok = parser.parse()
        if let error = delegate.error { throw error }
        if let error = parser.parserError ?? (ok ? nil : NSError(domain: "GPX", code: 1)) {
            throw .malformed(path: path, line: parser.lineNumber, column: parser.columnNumber, reason: error.localizedDescription)
        }
        guard delegate.sawRoot else { throw .notGPX(path: path, root: delegate.root ?? "nothing") }
        return delegate.summary
    }

    /// ISO 8601 as GPX files write it: `2024-03-15T08:00:00Z`, with fractions (`.123`) and offsets (`+02:00`).
    public static func date(_ text: String) -> Date? {
        let t = text.trimmingCharacters(in: .whitespaces)
        let bytes = Array(t.utf8)
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        func int(_ a: Int, _ b: Int) -> Int? { Int(String(decoding: bytes[a..<b], as: UTF8.self)) }
        guard let y = int(0, 4), let mo = int(5, 7), let d = int(8, 10), let h = int(11, 13), let mi = int(14, 16), let s = int(17, 19),
              (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61 else { return nil }
        var i = 19
        var fraction = 0.0
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            var scale = 0.1
            i += 1
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                fraction += Double(bytes[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
        }
        var offset = 0
        if i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "Z"): i += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
                let rest = String(decoding: bytes[(i + 1)...], as: UTF8.self).replacingOccurrences(of: ":", with: "")
                guard rest.count == 4, let hh = Int(rest.prefix(2)), let mm = Int(rest.suffix(2)) else { return nil }
                offset = sign * (hh * 3600 + mm * 60)
                i = bytes.count
            default: return nil
            }
        }
        // Without a zone, GPX times are UTC (GPX 1.1 says so).
        guard i == bytes.count else { return nil }
        let days = daysFromCivil(y, mo, d)
        let seconds = Double(days * 86_400 + h * 3600 + mi * 60 + s - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

/// The XML delegate: a small state machine over the GPX element names (prefixes ignored).
private final class GPXDelegate: NSObject, XMLParserDelegate {
    let path: String
    let visit: (GPXPoint, String) -> Void
    var summary = GPXSummary()
    var sawRoot = false
    var root: String?
    var error: GPXError?
    private var point: GPXPoint?
    private var pointKind = ""
    private var text = ""
    private var depth = 0

    init(path: String, visit: @escaping (GPXPoint, String) -> Void) {
        self.path = path
        self.visit = visit
    }

    static func local(_ name: String) -> String {
        name.lastIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        depth += 1
        let local = Self.local(name)
        text = ""
        if depth == 1 {
            root = local
            guard local == "gpx" else { return fail(parser, .notGPX(path: path, root: local)) }
            sawRoot = true
            summary.version = attributes["version"]
            summary.creator = attributes["creator"]
            return
        }
        switch local {
        case "wpt", "rtept", "trkpt":
            guard let lat = attributes["lat"].flatMap(Double.init), let lon = attributes["lon"].flatMap(Double.init),
                  lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
                return fail(parser, .invalidPoint(path: path, line: parser.lineNumber,
                                                  reason: "<\(local)> needs lat in −90…90 and lon in −180…180, found lat=\(attributes["lat"] ?? "none") lon=\(attributes["lon"] ?? "none")"))
            }
            point = GPXPoint(coordinate: Coordinate(longitude: lon, latitude: lat))
            pointKind = local
        case "rte":
            summary.routes += 1
        case "trk":
            summary.tracks += 1
        case "trkseg":
            summary.segments += 1
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if point != nil { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        defer { depth -= 1 }
        let local = Self.local(name)
        if var p = point {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch local {
            case "ele": p.elevation = Double(value)
            case "time": p.time = GPXReader.date(value) ?? p.time
            case "hdop": p.hdop = Double(value)
            case "sat": p.satellites = Int(value)
            case "speed": p.speed = Double(value)
            case "course": p.course = Double(value)
            case "name": p.name = value.isEmpty ? nil : value
            case "wpt", "rtept", "trkpt":
                visit(p, local)
                switch local {
                case "wpt": summary.waypoints += 1
                case "rtept":
                    summary.routePoints += 1
                    if summary.trackPoints == 0 {
                        if summary.first == nil { summary.first = p }
                        summary.last = p
                    }
                default:
                    // Track points win over route points for first and last.
                    if summary.trackPoints == 0 { summary.first = p }
                    summary.trackPoints += 1
                    summary.last = p
                }
                point = nil
                return
            default: break
            }
            point = p
        }
    }

    private func fail(_ parser: XMLParser, _ e: GPXError) {
        error = e
        parser.abortParsing()
    }
}
