import Foundation
import IndoorCore

/// The body of `POST /v1/venues/{venue}/sessions`: the JSON object `{"from", "to", "profile", "lang"}`, read as the
/// core's `GuidanceRequest`. Every member is optional (no `to`: free mode; no `from`: routed from the first fix), but
/// `from` needs `to`; places are written as the command line takes them (an id, a name, `LON,LAT@LEVEL`).
public enum SessionRequestBody {
    /// The most bytes of a place's text.
    public static let maxPlaceBytes = 1024

    /// Reads a request body.
    /// - Parameter body: the body's bytes: one JSON object (an empty body is free mode).
    /// - Returns: the request, checked: known members only, each of its type, places of at most ``maxPlaceBytes``.
    /// - Throws: ``APIError`` 400 (`bad_request`) naming the member at fault.
    public static func parse(_ body: Data) throws(APIError) -> GuidanceRequest {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return GuidanceRequest() }
        let members = try BodyJSON.object(try BodyJSON.parse(body), what: "the body", allowed: ["from", "to", "profile", "lang"])
        var request = GuidanceRequest()
        request.from = try BodyJSON.place(members["from"], "from")
        request.to = try BodyJSON.place(members["to"], "to")
        if let value = members["profile"] {
            guard let text = value.stringValue, let profile = RoutingOptions.Profile(rawValue: text) else {
                throw .badBody("profile: default, accessible, avoid-elevators or avoid-escalators")
            }
            request.profile = profile
        }
        if let value = members["lang"] {
            guard let tag = value.stringValue else { throw .badBody("lang: a language tag such as en, fr or de") }
            request.language = try Parameters.languageTag(tag)
        }
        if request.from != nil, request.to == nil { throw .badBody("from: needs a destination (to)") }
        return request
    }
}

/// The fixes of `POST /v1/sessions/{id}/fixes`: one JSON object or an array of them, in the order taken.
///
/// Each fix: `lat`, `lon` (WGS84 degrees, required), `level` (the floor's ordinal), `accuracy` (metres),
/// `time` (Unix seconds, or an RFC 3339 date-time), `heading` (degrees clockwise from true north, of the
/// movement, as the W3C Geolocation API's `heading`) and `speed` (metres per second). Every number must be finite
/// and in its range.
public enum FixBody {
    /// Reads the fixes of a body.
    /// - Parameters:
    ///   - body: one fix object or an array of them.
    ///   - maxFixes: the most fixes one request may carry.
    /// - Returns: the fixes as locations (source `http`), in order.
    /// - Throws: ``APIError`` 400 (`bad_request`) naming the fix and member at fault.
    public static func parse(_ body: Data, maxFixes: Int) throws(APIError) -> [Location] {
        let value = try BodyJSON.parse(body)
        let items: [JSONValue]
        switch value {
        case .array(let array): items = array
        case .object: items = [value]
        default: throw .badBody("the body is one fix (a JSON object) or an array of fixes, not \(value.typeName)")
        }
        guard !items.isEmpty else { throw .badBody("the body has no fix") }
        guard items.count <= maxFixes else { throw .badBody("the body has \(items.count) fixes; at most \(maxFixes) are taken at once") }
        var fixes: [Location] = []
        fixes.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            fixes.append(try fix(item, at: items.count == 1 ? nil : i))
        }
        return fixes
    }

    static let keys: Set<String> = ["lat", "lon", "level", "accuracy", "time", "heading", "speed"]

    private static func fix(_ value: JSONValue, at index: Int?) throws(APIError) -> Location {
        let name = index.map { "fix \($0)" } ?? "the fix"
        let members = try BodyJSON.object(value, what: name, allowed: keys)
        func number(_ key: String, _ range: ClosedRange<Double>, required: Bool = false) throws(APIError) -> Double? {
            guard let v = members[key], !v.isNull else {
                if required { throw .badBody("\(name): \(key) is missing") }
                return nil
            }
            guard let x = v.numberValue, range.contains(x) else {
                throw .badBody("\(name): \(key) takes a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return x
        }
        let lat = try number("lat", -90...90, required: true) ?? 0
        let lon = try number("lon", -180...180, required: true) ?? 0
        var location = Location(coordinate: GeoCoordinate(longitude: lon, latitude: lat), source: "http")
        location.levelOrdinal = try number("level", -1000...1000)
        location.horizontalAccuracy = try number("accuracy", 0...100_000)
        location.course = try number("heading", 0...360).map { $0 == 360 ? 0 : $0 }
        location.speed = try number("speed", 0...1000)
        if let t = members["time"], !t.isNull {
            location.timestamp = try time(t, name)
        }
        return location
    }

    /// The latest time a fix may carry: 2100-01-01T00:00:00Z.
    static let latest = 4_102_444_800.0

    private static func time(_ value: JSONValue, _ name: String) throws(APIError) -> Date {
        let seconds: Double?
        switch value {
        case .number(let x): seconds = x
        case .string(let text) where text.utf8.count <= 64:
            // The toolkit's one ISO 8601 reader (GPX times): fractions and offsets, no formatter per fix.
            seconds = GPXReader.date(text)?.timeIntervalSince1970
        default: seconds = nil
        }
        guard let seconds, (0...latest).contains(seconds) else {
            throw .badBody("\(name): time takes Unix seconds (0 to \(Int(latest))) or an RFC 3339 date-time such as 2026-01-01T10:00:00Z")
        }
        return Date(timeIntervalSince1970: seconds)
    }
}

/// A request body as JSON: parsed with IndoorBase's byte-level parser, shallowly (a body nests three levels at
/// most), its errors answered 400 with the line and column.
enum BodyJSON {
    static func parse(_ body: Data) throws(APIError) -> JSONValue {
        var parser = JSONParser()
        parser.maxDepth = 4
        do {
            return try parser.parse(body).value
        } catch {
            throw .badBody("the body is not JSON: \(error.localizedDescription)")
        }
    }

    /// `value`'s members, when it is an object of `allowed` members only.
    static func object(_ value: JSONValue, what: String, allowed: Set<String>) throws(APIError) -> [String: JSONValue] {
        guard let members = value.objectValue else { throw .badBody("\(what) is a JSON object, not \(value.typeName)") }
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw .badBody("\(what): unknown member \(unknown.prefix(64)) (it takes \(allowed.sorted().joined(separator: ", ")))")
        }
        return members
    }

    /// A place's text: a non-empty string of at most ``SessionRequestBody/maxPlaceBytes``, or nil when absent or null.
    static func place(_ value: JSONValue?, _ key: String) throws(APIError) -> String? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.stringValue, (1...SessionRequestBody.maxPlaceBytes).contains(text.utf8.count) else {
            throw .badBody("\(key): a place (an id, a name or LON,LAT@LEVEL) of 1 to \(SessionRequestBody.maxPlaceBytes) bytes")
        }
        return text
    }
}

extension APIError {
    /// 400 `bad_request`: the body is not what the endpoint takes.
    static func badBody(_ message: String) -> APIError {
        APIError(status: 400, code: "bad_request", message: message)
    }
}
