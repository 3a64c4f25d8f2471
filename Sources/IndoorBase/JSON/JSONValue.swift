/// A JSON value (RFC 8259) as parsed, with every member kept: what GeoJSON foreign members and IMDF properties
/// are read from.
public enum JSONValue: Hashable, Sendable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; always finite (the parser rejects values out of the range of `Double`).
    case number(Double)
    /// A string, escapes decoded.
    case string(String)
    /// An array, in document order.
    case array([JSONValue])
    /// An object; when a key repeats, the last member wins.
    case object([String: JSONValue])

    /// The member named `key` of an object, or `nil` when absent or when the value is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The string, or `nil` when the value is not a string.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The number, or `nil` when the value is not a number (a numeric string is not converted).
    public var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    /// The Boolean, or `nil` when the value is not `true` or `false`.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// The elements, or `nil` when the value is not an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The members, or `nil` when the value is not an object.
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
    /// Whether the value is JSON `null` (a missing member is `nil`, not null).
    public var isNull: Bool { self == .null }

    /// The name of the JSON type, for messages ("expected a string, found a number").
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? container.decode(Double.self) {
            self = .number(n)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let a = try? container.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .number(let n): try container.encode(n)
        case .string(let s): try container.encode(s)
        case .array(let a): try container.encode(a)
        case .object(let o): try container.encode(o)
        }
    }
}
