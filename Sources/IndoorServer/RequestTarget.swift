import Foundation

/// A request's target in origin form (RFC 9112 §3.2.1: an absolute path and an optional query), parsed strictly from
/// its raw bytes: percent-encoding must be `%` and two hex digits (RFC 3986 §2.1), every decoded part must be valid
/// UTF-8 with no control characters, and a path has no dot segments or encoded slashes. The path is only ever
/// matched against the API's routes, never used to name a file.
///
/// The query is `application/x-www-form-urlencoded` (`name=value` pairs joined by `&`, `+` for a space), as HTML
/// forms and `curl --data-urlencode -G` write it.
public struct RequestTarget: Hashable, Sendable {
    /// The path's segments, decoded: `/v1/venues/apb` is `["v1", "venues", "apb"]`; `/` is `[]`. A trailing slash
    /// is ignored.
    public let segments: [String]
    /// The query's parameters, decoded, in order; a name may repeat (`via=A&via=B`).
    public let query: [QueryItem]

    /// How much of a target is read before it is refused.
    public struct Limits: Hashable, Sendable {
        /// Bytes of the whole target, path and query.
        public var maxBytes: Int
        /// Query parameters.
        public var maxParameters: Int

        /// - Parameters:
        ///   - maxBytes: bytes of the whole target (default 8 KiB, as nginx's default large header buffer).
        ///   - maxParameters: query parameters (default 64).
        public init(maxBytes: Int = 8192, maxParameters: Int = 64) {
            self.maxBytes = maxBytes
            self.maxParameters = maxParameters
        }
    }

    /// Parses the raw bytes of a request target.
    /// - Throws: ``TargetError`` saying what is wrong, with where.
    /// - Complexity: O(n) in the bytes, stopping at the first fault or limit.
    public static func parse(_ bytes: some Collection<UInt8>, limits: Limits = Limits()) throws(TargetError) -> RequestTarget {
        guard bytes.count <= limits.maxBytes else { throw .tooLong(bytes: bytes.count, limit: limits.maxBytes) }
        let raw = Array(bytes)
        guard raw.first == UInt8(ascii: "/") else { throw .notOriginForm }
        // Only visible ASCII travels raw in a URI (RFC 3986 §2): anything else must be percent-encoded.
        if let bad = raw.firstIndex(where: { $0 <= 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "#") }) {
            throw .invalidCharacter(offset: bad)
        }
        let question = raw.firstIndex(of: UInt8(ascii: "?")) ?? raw.count
        var segments: [String] = []
        if question > 1 {
            var start = 1
            while start <= question {
                let end = raw[start..<question].firstIndex(of: UInt8(ascii: "/")) ?? question
                // A trailing slash adds no segment; an empty one inside (`//`) is kept, and matches no route.
                if !(end == question && start == end) { segments.append(try segment(raw[start..<end], at: start)) }
                start = end + 1
            }
        }
        var query: [QueryItem] = []
        if question < raw.count {
            var i = question + 1
            while i <= raw.count {
                let end = raw[i...].firstIndex(of: UInt8(ascii: "&")) ?? raw.count
                if end > i {
                    guard query.count < limits.maxParameters else { throw .tooManyParameters(limit: limits.maxParameters) }
                    let pair = raw[i..<end]
                    let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? end
                    let name = try decode(raw[i..<equals], at: i, plusIsSpace: true)
                    guard !name.isEmpty else { throw .emptyName(offset: i) }
                    let value = equals < end ? try decode(raw[(equals + 1)..<end], at: equals + 1, plusIsSpace: true) : ""
                    query.append(QueryItem(name: name, value: value))
                }
                i = end + 1
            }
        }
        return RequestTarget(segments: segments, query: query)
    }

    /// One path segment, decoded; `.` and `..` (raw or encoded) and encoded slashes are refused.
    static func segment(_ bytes: ArraySlice<UInt8>, at offset: Int) throws(TargetError) -> String {
        let text = try decode(bytes, at: offset, plusIsSpace: false)
        if text == "." || text == ".." { throw .dotSegment(offset: offset) }
        if text.utf8.contains(UInt8(ascii: "/")) || text.utf8.contains(UInt8(ascii: "\\")) { throw .encodedSlash(offset: offset) }
        return text
    }

    /// Percent-decodes `bytes` (and `+` to a space in a query), strictly.
    static func decode(_ bytes: ArraySlice<UInt8>, at offset: Int, plusIsSpace: Bool) throws(TargetError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.endIndex, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) else {
                    throw .badPercentEncoding(offset: offset + (i - bytes.startIndex))
                }
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(plusIsSpace && b == UInt8(ascii: "+") ? UInt8(ascii: " ") : b)
                i += 1
            }
        }
        if let control = out.firstIndex(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw .controlCharacter(offset: offset, byte: out[control])
        }
        guard let text = String(validating: out, as: UTF8.self) else { throw .invalidUTF8(offset: offset) }
        return text
    }

    static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// One `name=value` parameter of a query, decoded.
public struct QueryItem: Hashable, Sendable {
    /// The parameter's name, decoded.
    public let name: String
    /// Empty for a name given alone (`?debug`).
    public let value: String

    /// A parameter named `name` with `value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Why a request target was refused: each is a 400 Bad Request, but ``tooLong(bytes:limit:)`` (414 URI Too Long).
public enum TargetError: Error, Hashable, Sendable {
    /// More bytes than the limit (`bytes`: as many as were looked at, the limit and one more at least).
    case tooLong(bytes: Int, limit: Int)
    /// Not an absolute path (`*`, `http://host/…`).
    case notOriginForm
    /// A byte that must be percent-encoded, at this offset.
    case invalidCharacter(offset: Int)
    /// `%` not followed by two hex digits.
    case badPercentEncoding(offset: Int)
    /// A part (segment, name or value) starting at this offset decodes to bytes that are not UTF-8.
    case invalidUTF8(offset: Int)
    /// A part starting at this offset decodes to a control character.
    case controlCharacter(offset: Int, byte: UInt8)
    /// A `.` or `..` segment (also percent-encoded).
    case dotSegment(offset: Int)
    /// A segment with an encoded `/` or `\`.
    case encodedSlash(offset: Int)
    /// More query parameters than the limit.
    case tooManyParameters(limit: Int)
    /// A parameter with no name (`?=x`).
    case emptyName(offset: Int)
}

extension TargetError: CustomStringConvertible, LocalizedError {
    /// What is wrong (``description``).
    public var errorDescription: String? { description }

    /// What is wrong, for the error body of a response.
    public var description: String {
        switch self {
        case .tooLong(_, let limit): "the URL is longer than the \(limit) bytes read"
        case .notOriginForm: "the request target is not an absolute path"
        case .invalidCharacter(let offset): "the URL has a byte that must be percent-encoded at offset \(offset)"
        case .badPercentEncoding(let offset): "invalid percent-encoding at offset \(offset) (% must be followed by two hex digits)"
        case .invalidUTF8(let offset): "the part of the URL at offset \(offset) does not decode to UTF-8"
        case .controlCharacter(let offset, let byte): "the part of the URL at offset \(offset) decodes to a control character (0x\(String(byte, radix: 16)))"
        case .dotSegment: "the path has a . or .. segment"
        case .encodedSlash: "a path segment has an encoded slash"
        case .tooManyParameters(let limit): "the query has more than \(limit) parameters"
        case .emptyName(let offset): "a query parameter at offset \(offset) has no name"
        }
    }

    /// The HTTP status the fault answers with.
    public var status: Int {
        if case .tooLong = self { 414 } else { 400 }
    }
}
