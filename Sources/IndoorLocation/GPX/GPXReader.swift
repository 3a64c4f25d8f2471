import Foundation
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
/// streaming through a byte-level XML scanner: a file of any size is read in bounded memory (1 MiB chunks), each
/// point handed to `visit` as it is read. The DOCTYPE is skipped, so no entity is ever defined or resolved.
public enum GPXReader {
    /// - Parameter visit: called with each point and what it is (`wpt`, `rtept`, `trkpt`).
    /// - Throws: ``GPXError`` with the line and column of the first problem.
    @discardableResult
    public static func read(path: String, visit: (GPXPoint, String) -> Void = { _, _ in }) throws(GPXError) -> GPXSummary {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(path: path) }
        defer { try? handle.close() }
        var scanner = XMLScanner(handle: handle)
        var summary = GPXSummary()
        var point: GPXPoint?
        var kind = ""
        var text: [UInt8] = []
        var depth = 0
        do {
            while let event = try scanner.next() {
                switch event {
                case .start(let qualified, let attributes, let selfClosing):
                    let name = localName(qualified)
                    depth += 1
                    text.removeAll(keepingCapacity: true)
                    if depth == 1 {
                        guard name.elementsEqual("gpx".utf8) else {
                            throw GPXError.notGPX(path: path, root: String(decoding: name, as: UTF8.self))
                        }
                        for (n, v) in attributes {
                            if n.elementsEqual("version".utf8) { summary.version = String(decoding: v, as: UTF8.self) }
                            if n.elementsEqual("creator".utf8) { summary.creator = String(decoding: v, as: UTF8.self) }
                        }
                    } else if let k = pointKinds.first(where: { name.elementsEqual($0.utf8) }) {
                        var lat: Double?, lon: Double?
                        for (n, v) in attributes {
                            if n.elementsEqual("lat".utf8) { lat = NMEADecoder.parseNumber(v) }
                            if n.elementsEqual("lon".utf8) { lon = NMEADecoder.parseNumber(v) }
                        }
                        guard let lat, let lon, abs(lat) <= 90, abs(lon) <= 180 else {
                            throw GPXError.invalidPoint(path: path, line: scanner.location.line,
                                                        reason: "<\(k)> needs lat in −90…90 and lon in −180…180")
                        }
                        point = GPXPoint(coordinate: Coordinate(longitude: lon, latitude: lat))
                        kind = k
                    } else if name.elementsEqual("rte".utf8) {
                        summary.routes += 1
                    } else if name.elementsEqual("trk".utf8) {
                        summary.tracks += 1
                    } else if name.elementsEqual("trkseg".utf8) {
                        summary.segments += 1
                    }
                    if selfClosing {
                        depth -= 1
                        if point != nil, pointKinds.contains(where: { name.elementsEqual($0.utf8) }) { finish(&point, kind, &summary, visit) }
                    }
                case .text(let t):
                    if point != nil { text.append(contentsOf: t) }
                case .end(let qualified):
                    depth -= 1
                    let name = localName(qualified)
                    guard point != nil else { continue }
                    let value = trimmed(text[...])
                    switch String(decoding: name, as: UTF8.self) {
                    case "ele": point?.elevation = NMEADecoder.parseNumber(value)
                    case "time": if let t = date(String(decoding: value, as: UTF8.self)) { point?.time = t }
                    case "hdop": point?.hdop = NMEADecoder.parseNumber(value)
                    case "sat": point?.satellites = NMEADecoder.parseNumber(value).flatMap { Int(exactly: $0) }
                    case "speed": point?.speed = NMEADecoder.parseNumber(value)
                    case "course": point?.course = NMEADecoder.parseNumber(value)
                    case "name": point?.name = value.isEmpty ? nil : String(decoding: value, as: UTF8.self)
                    case "wpt", "rtept", "trkpt": finish(&point, kind, &summary, visit)
                    default: break
                    }
                    text.removeAll(keepingCapacity: true)
                }
            }
        } catch let error as GPXError {
            throw error
        } catch let error as XMLScanner.SyntaxError {
            throw .malformed(path: path, line: error.line, column: error.column, reason: error.reason)
        } catch {
            throw .malformed(path: path, line: scanner.location.line, column: scanner.location.column, reason: "\(error)")
        }
        return summary
    }

    static let pointKinds = ["wpt", "rtept", "trkpt"]

    /// A point is complete: count it, keep the first and last, and hand it on.
    private static func finish(_ point: inout GPXPoint?, _ kind: String, _ summary: inout GPXSummary, _ visit: (GPXPoint, String) -> Void) {
        guard let p = point else { return }
        visit(p, kind)
        switch kind {
        case "wpt":
            summary.waypoints += 1
        case "rtept":
            summary.routePoints += 1
            // Route points stand for the ends only in a file without tracks.
            if summary.trackPoints == 0 {
                if summary.first == nil { summary.first = p }
                summary.last = p
            }
        default:
            if summary.trackPoints == 0 { summary.first = p }
            summary.trackPoints += 1
            summary.last = p
        }
        point = nil
    }

    /// The name without its namespace prefix (`gpxtpx:speed` → `speed`).
    static func localName(_ name: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
    }

    static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var a = s.startIndex, b = s.endIndex
        while a < b, XMLScanner.isSpace(s[a]) { a += 1 }
        while b > a, XMLScanner.isSpace(s[b - 1]) { b -= 1 }
        return s[a..<b]
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
