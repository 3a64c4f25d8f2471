import Foundation
import IndoorBase

/// A point of a GPX file: a waypoint, a route point or a track point.
public struct GPXPoint: Hashable, Sendable {
    /// Where: GPX `lat` and `lon`.
    public var coordinate: GeoCoordinate
    /// Metres (GPX `ele`).
    public var elevation: Double?
    /// GPX `time`, in UTC; `nil` when the point has none.
    public var time: Date?
    /// Horizontal dilution of precision (GPX `hdop`), unitless.
    public var hdop: Double?
    /// Satellites used for the fix (GPX `sat`).
    public var satellites: Int?
    /// Metres per second (GPX 1.0 `speed`, or Garmin TrackPointExtension `speed`).
    public var speed: Double?
    /// Degrees true (GPX 1.0 `course`, or Garmin TrackPointExtension `course`).
    public var course: Double?
    /// GPX `name`, when the point has one (usual for waypoints).
    public var name: String?
}

/// What a GPX file holds, counted, with its first and last track (or route) points.
public struct GPXSummary: Hashable, Sendable {
    /// The `version` attribute of `<gpx>` ("1.1", "1.0"), when given.
    public var version: String?
    /// The `creator` attribute of `<gpx>` (the program that wrote the file), when given.
    public var creator: String?
    /// The number of `<wpt>` waypoints.
    public var waypoints = 0
    /// The number of `<rte>` routes.
    public var routes = 0
    /// The number of `<rtept>` points in all routes.
    public var routePoints = 0
    /// The number of `<trk>` tracks.
    public var tracks = 0
    /// The number of `<trkseg>` segments in all tracks.
    public var segments = 0
    /// The number of `<trkpt>` points in all tracks.
    public var trackPoints = 0
    /// The first and last points of the tracks (or of the routes, for a file without tracks).
    public var first: GPXPoint?
    /// The last point of the tracks (or routes); see ``first``.
    public var last: GPXPoint?
}

extension GPXSummary {
    /// What `indoornav gpx info --json` prints: the counts (`waypoints`, `routes`, `route_points`, `tracks`,
    /// `segments`, `track_points`), `version` and `creator` when the file says, and the `start` and `end` points
    /// (`lat`, `lon` in degrees, `ele` in metres, `time` in ISO 8601, `speed` in m/s; `null` without points).
    public var json: JSONValue {
        func point(_ p: GPXPoint) -> JSONValue {
            var o: [String: JSONValue] = ["lat": .number(p.coordinate.latitude), "lon": .number(p.coordinate.longitude)]
            if let e = p.elevation { o["ele"] = .number(e) }
            if let t = p.time { o["time"] = .string(t.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))) }
            if let s = p.speed { o["speed"] = .number(s) }
            return .object(o)
        }
        var o: [String: JSONValue] = [
            "waypoints": .number(Double(waypoints)), "routes": .number(Double(routes)), "route_points": .number(Double(routePoints)),
            "tracks": .number(Double(tracks)), "segments": .number(Double(segments)), "track_points": .number(Double(trackPoints)),
        ]
        if let version { o["version"] = .string(version) }
        if let creator { o["creator"] = .string(creator) }
        o["start"] = first.map(point) ?? .null
        o["end"] = last.map(point) ?? .null
        return .object(o)
    }
}

/// Why a GPX file could not be read.
public enum GPXError: Error, Equatable, Sendable, LocalizedError {
    /// The file at `path` cannot be opened (missing, no permission); `reason` is the system's.
    case unreadable(path: String, reason: String)
    /// Reading `path` failed part way; `reason` is the system's.
    case readFailed(path: String, reason: String)
    /// The XML is not well-formed at `line` and `column` (1-based); `reason` says what is wrong.
    case malformed(path: String, line: Int, column: Int, reason: String)
    /// The document's root element is `root`, not `<gpx>`.
    case notGPX(path: String, root: String)
    /// A point at `line` cannot be used (a latitude or longitude missing, not a number or out of range).
    case invalidPoint(path: String, line: Int, reason: String)

    public var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot open: \(reason)"
        case .readFailed(let path, let reason): "\(path): cannot read: \(reason)"
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
    /// - Parameter path: the GPX file, or `-` for standard input.
    /// - Parameter visit: called with each point and what it is (`wpt`, `rtept`, `trkpt`).
    /// - Throws: ``GPXError`` with the line and column of the first problem.
    @discardableResult
    public static func read(path: String, visit: (GPXPoint, String) -> Void = { _, _ in }) throws(GPXError) -> GPXSummary {
        try read(path: path) { point, tag in visit(point, tag.name) }
    }

    /// The elements the reader looks at, by local name.
    enum Tag: String, CaseIterable {
        case gpx, wpt, rtept, trkpt, rte, trk, trkseg, ele, time, hdop, sat, speed, course, name, other

        var name: String { rawValue }
        private static let keys: [(key: UInt64, tag: Tag)] = allCases.filter { $0 != .other }.map { tag in
            (XMLScanner.localNameKey(Array(tag.rawValue.utf8), 0..<tag.rawValue.utf8.count), tag)
        }

        /// The element whose local name has this key (``XMLScanner/localNameKey(_:)``).
        init(key: UInt64) {
            self = Self.keys.first { $0.key == key }?.tag ?? .other
        }
    }

    @discardableResult
    static func read(path: String, visit: (GPXPoint, Tag) -> Void) throws(GPXError) -> GPXSummary {
        // `-`: standard input (left open: it is the process's).
        let handle: FileHandle
        switch path == "-" ? .success(FileHandle.standardInput) : ReadableFile.open(path) {
        case .success(let opened): handle = opened
        case .failure(let unopenable): throw .unreadable(path: path, reason: unopenable.reason)
        }
        defer { if path != "-" { try? handle.close() } }
        var scanner = XMLScanner(handle: handle)
        var summary = GPXSummary()
        // The point being read (valid while `kind` is wpt, rtept or trkpt).
        var point = GPXPoint(coordinate: GeoCoordinate(longitude: 0, latitude: 0))
        var kind = Tag.other
        var text: [UInt8] = []
        var depth = 0
        do {
            while let event = try scanner.next() {
                switch event {
                case .start(let qualified, let selfClosing):
                    let tag = Tag(key: scanner.localNameKey(qualified))
                    depth += 1
                    // (Most elements have no text: emptying an empty array still cost a call.)
                    if !text.isEmpty { text.removeAll(keepingCapacity: true) }
                    if depth == 1 {
                        guard tag == .gpx else {
                            throw GPXError.notGPX(path: path, root: String(decoding: scanner.buffer[localName(scanner.buffer, qualified)], as: UTF8.self))
                        }
                        for (n, v) in scanner.attributes {
                            if scanner.buffer[n].elementsEqual("version".utf8) { summary.version = String(decoding: scanner.buffer[v], as: UTF8.self) }
                            if scanner.buffer[n].elementsEqual("creator".utf8) { summary.creator = String(decoding: scanner.buffer[v], as: UTF8.self) }
                        }
                    }
                    switch tag {
                    case .wpt, .rtept, .trkpt:
                        var lat: Double?, lon: Double?
                        for (n, v) in scanner.attributes where n.count == 3 {
                            if scanner.buffer[n].elementsEqual("lat".utf8) { lat = DecimalNumber.parse(scanner.buffer[v]) }
                            if scanner.buffer[n].elementsEqual("lon".utf8) { lon = DecimalNumber.parse(scanner.buffer[v]) }
                        }
                        guard let lat, let lon, abs(lat) <= 90, abs(lon) <= 180 else {
                            throw GPXError.invalidPoint(path: path, line: scanner.location.line,
                                                        reason: "<\(tag.name)> needs lat in −90…90 and lon in −180…180")
                        }
                        point = GPXPoint(coordinate: GeoCoordinate(longitude: lon, latitude: lat))
                        kind = tag
                        if selfClosing { finish(point, &kind, &summary, visit) }
                    case .rte: summary.routes += 1
                    case .trk: summary.tracks += 1
                    case .trkseg: summary.segments += 1
                    default: break
                    }
                    if selfClosing { depth -= 1 }
                case .text(let t):
                    if kind != .other { scanner.append(t, to: &text) }
                case .end(let qualified):
                    depth -= 1
                    guard kind != .other else { continue }
                    let value = trimmed(text[...])
                    switch Tag(key: scanner.localNameKey(qualified)) {
                    case .ele: point.elevation = DecimalNumber.parse(value)
                    case .time: if let t = date(value) { point.time = t }
                    case .hdop: point.hdop = DecimalNumber.parse(value)
                    case .sat: point.satellites = DecimalNumber.parse(value).flatMap { Int(exactly: $0) }
                    case .speed: point.speed = DecimalNumber.parse(value)
                    case .course: point.course = DecimalNumber.parse(value)
                    case .name: point.name = value.isEmpty ? nil : String(decoding: value, as: UTF8.self)
                    case .wpt, .rtept, .trkpt: finish(point, &kind, &summary, visit)
                    default: break
                    }
                    if !text.isEmpty { text.removeAll(keepingCapacity: true) }
                }
            }
        } catch let error as GPXError {
            throw error
        } catch let error as XMLScanner.SyntaxError {
            if error.isReadError { throw .readFailed(path: path, reason: error.reason) }
            throw .malformed(path: path, line: error.line, column: error.column, reason: error.reason)
        } catch {
            throw .malformed(path: path, line: scanner.location.line, column: scanner.location.column, reason: "\(error)")
        }
        return summary
    }

    /// A point is complete: count it, keep the first and last, and hand it on.
    private static func finish(_ p: GPXPoint, _ kind: inout Tag, _ summary: inout GPXSummary, _ visit: (GPXPoint, Tag) -> Void) {
        visit(p, kind)
        defer { kind = .other }
        switch kind {
        case .wpt:
            summary.waypoints += 1
        case .rtept:
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
    }

    /// The name without its namespace prefix (`gpxtpx:speed` → `speed`).
    static func localName(_ buffer: [UInt8], _ name: Range<Int>) -> Range<Int> {
        buffer[name].lastIndex(of: UInt8(ascii: ":")).map { ($0 + 1)..<name.upperBound } ?? name
    }

    static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var a = s.startIndex, b = s.endIndex
        while a < b, XMLScanner.isSpace(s[a]) { a += 1 }
        while b > a, XMLScanner.isSpace(s[b - 1]) { b -= 1 }
        return s[a..<b]
    }

    /// ISO 8601 as GPX files write it: `2024-03-15T08:00:00Z`, with fractions (`.123`) and offsets (`+02:00`).
    public static func date(_ text: String) -> Date? {
        date(trimmed(Array(text.utf8)[...]))
    }

    static func date(_ text: ArraySlice<UInt8>) -> Date? {
        // Read in place: a copy of the bytes cost an allocation per point.
        text.withUnsafeBufferPointer { date(bytes: $0) }
    }

    private static func date(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        func int(_ a: Int, _ b: Int) -> Int? {
            var value = 0
            for k in a..<b {
                guard bytes[k] >= 0x30, bytes[k] <= 0x39 else { return nil }
                value = value * 10 + Int(bytes[k] - 0x30)
            }
            return value
        }
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
                // ±hh:mm or ±hhmm
                let colon = bytes.count - i == 6 && bytes[i + 3] == UInt8(ascii: ":")
                guard bytes.count - i == (colon ? 6 : 5), let hh = int(i + 1, i + 3), let mm = int(colon ? i + 4 : i + 3, bytes.count) else { return nil }
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
