import Foundation

/// Encodes `Encodable` values as JSON with sorted keys and unescaped slashes, pretty-printed or compact, byte for
/// byte as Foundation's `JSONEncoder` does with `[.sortedKeys, .withoutEscapingSlashes]` (and `.prettyPrinted`):
/// two-space indents and `"key" : value` when pretty, keys in the order of their UTF-8 bytes, numbers as Swift
/// writes them (`1`, `0.1`, `1e-07`; a whole `Double` without `.0`), control characters as `\n` or `\u001f`.
///
/// Why not `JSONEncoder`: every answer of the service and every `--json` of the command line is written here, and
/// Foundation's encoder, which boxes each value and sorts through bridged dictionaries, was a fifth of a search
/// request's time under load. This one builds a plain tree and writes bytes.
///
/// Dates are encoded as `Date` encodes itself (seconds since 2001, Foundation's default), `Data` as Base64 and `URL`
/// as its absolute string, as `JSONEncoder`'s default strategies do.
public enum JSONWriter {
    /// `value` as JSON.
    /// - Throws: `EncodingError.invalidValue` for a non-finite number (as `JSONEncoder` does), or what the value's
    ///   own `encode(to:)` throws.
    public static func encode(_ value: some Encodable, pretty: Bool) throws -> [UInt8] {
        let node = try Node.make(value, codingPath: [])
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(node, pretty: pretty, indent: 0, into: &out)
        return out
    }

    // MARK: - The tree

    /// A value being encoded. Containers are classes so that a container handed out by an encoder can be filled
    /// after the call that made it returned (as `Encoder` requires).
    enum Node {
        case null
        case bool(Bool)
        /// A number already written as its text.
        case number(String)
        case string(String)
        case array(ArrayBox)
        case object(ObjectBox)
        /// A value whose encoder has not said what it is yet (filled by a single-value or a container call).
        case pending(ValueBox)

        /// The node of `value`: a primitive directly, anything else through its `encode(to:)`.
        static func make(_ value: some Encodable, codingPath: [any CodingKey]) throws -> Node {
            if let primitive = try primitive(value, codingPath: codingPath) { return primitive }
            let encoder = NodeEncoder(codingPath: codingPath)
            try value.encode(to: encoder)
            return encoder.root.value ?? .object(ObjectBox())
        }

        /// The primitives a keyed or unkeyed container gets as generic values (`encode(_:forKey:)` with a
        /// `T: Encodable`), and the types `JSONEncoder`'s default strategies special-case.
        static func primitive(_ value: some Encodable, codingPath: [any CodingKey]) throws -> Node? {
            switch value {
            case let v as String: return .string(v)
            case let v as Bool: return .bool(v)
            case let v as Double: return try number(v, codingPath: codingPath)
            case let v as Float: return try number(v, codingPath: codingPath)
            case let v as Int: return .number(String(v))
            case let v as Int8: return .number(String(v))
            case let v as Int16: return .number(String(v))
            case let v as Int32: return .number(String(v))
            case let v as Int64: return .number(String(v))
            case let v as UInt: return .number(String(v))
            case let v as UInt8: return .number(String(v))
            case let v as UInt16: return .number(String(v))
            case let v as UInt32: return .number(String(v))
            case let v as UInt64: return .number(String(v))
            case let v as Data: return .string(v.base64EncodedString())
            case let v as URL: return .string(v.absoluteString)
            case let v as Decimal: return .number(v.description)
            default: return nil
            }
        }

        /// A finite floating-point number as Swift writes it, a whole one without its `.0`.
        static func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ v: F, codingPath: [any CodingKey]) throws -> Node {
            guard v.isFinite else {
                throw EncodingError.invalidValue(v, EncodingError.Context(codingPath: codingPath,
                                                                          debugDescription: "Unable to encode \(v) directly in JSON."))
            }
            let text = v.description
            return .number(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
        }
    }

    final class ArrayBox {
        var items: [Node] = []
    }

    final class ObjectBox {
        var members: [String: Node] = [:]
    }

    final class ValueBox {
        var value: Node?
    }

    // MARK: - Writing

    static func write(_ node: Node, pretty: Bool, indent: Int, into out: inout [UInt8]) {
        switch node {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let s): string(s, into: &out)
        case .pending(let box): write(box.value ?? .object(ObjectBox()), pretty: pretty, indent: indent, into: &out)
        case .array(let box):
            out.append(UInt8(ascii: "["))
            if pretty {
                out.append(0x0A)
                if box.items.isEmpty { out.append(0x0A) }
                for (k, item) in box.items.enumerated() {
                    spaces(indent + 2, into: &out)
                    write(item, pretty: true, indent: indent + 2, into: &out)
                    if k + 1 < box.items.count { out.append(UInt8(ascii: ",")) }
                    out.append(0x0A)
                }
                spaces(indent, into: &out)
            } else {
                for (k, item) in box.items.enumerated() {
                    if k > 0 { out.append(UInt8(ascii: ",")) }
                    write(item, pretty: false, indent: 0, into: &out)
                }
            }
            out.append(UInt8(ascii: "]"))
        case .object(let box):
            let keys = box.members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            out.append(UInt8(ascii: "{"))
            if pretty {
                out.append(0x0A)
                if keys.isEmpty { out.append(0x0A) }
                for (k, key) in keys.enumerated() {
                    spaces(indent + 2, into: &out)
                    string(key, into: &out)
                    out.append(contentsOf: " : ".utf8)
                    write(box.members[key] ?? .null, pretty: true, indent: indent + 2, into: &out)
                    if k + 1 < keys.count { out.append(UInt8(ascii: ",")) }
                    out.append(0x0A)
                }
                spaces(indent, into: &out)
            } else {
                for (k, key) in keys.enumerated() {
                    if k > 0 { out.append(UInt8(ascii: ",")) }
                    string(key, into: &out)
                    out.append(UInt8(ascii: ":"))
                    write(box.members[key] ?? .null, pretty: false, indent: 0, into: &out)
                }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func spaces(_ n: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: n))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// A JSON string literal: `"` and `\` escaped, control characters as `\b \f \n \r \t` or `\u00XX`, the rest
    /// (slashes, every other character) as its UTF-8 bytes; DEL too, unless `escapingDelete` (as `\u007f`, for a
    /// log read on a terminal).
    package static func string(_ s: String, escapingDelete: Bool = false, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case ..<0x20: unicodeEscape(byte, into: &out)
            case 0x7F where escapingDelete: unicodeEscape(byte, into: &out)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `\u00XX` for a byte below 0x80.
    private static func unicodeEscape(_ byte: UInt8, into out: inout [UInt8]) {
        out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }
}

// MARK: - The Encoder

/// The `Encoder` a value's `encode(to:)` is given: it fills one node.
private final class NodeEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What the value turned out to be.
    let root = JSONWriter.ValueBox()

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // Asking twice (a superclass and a subclass) gives the same object.
        if case .object(let box)? = root.value {
            return KeyedEncodingContainer(KeyedContainer(box: box, codingPath: codingPath))
        }
        let box = JSONWriter.ObjectBox()
        root.value = .object(box)
        return KeyedEncodingContainer(KeyedContainer(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let box)? = root.value { return UnkeyedContainer(box: box, codingPath: codingPath) }
        let box = JSONWriter.ArrayBox()
        root.value = .array(box)
        return UnkeyedContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(box: root, codingPath: codingPath)
    }
}

/// A key made from a string or an index (for coding paths and super encoders).
private struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: JSONWriter.ObjectBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.members[key.stringValue] = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.members[key.stringValue] = .bool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.members[key.stringValue] = .string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        box.members[key.stringValue] = try .number(value, codingPath: codingPath + [key])
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        box.members[key.stringValue] = try .number(value, codingPath: codingPath + [key])
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { box.members[key.stringValue] = .number(String(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        box.members[key.stringValue] = try .make(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONWriter.ObjectBox()
        box.members[key.stringValue] = .object(nested)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONWriter.ArrayBox()
        box.members[key.stringValue] = .array(nested)
        return UnkeyedContainer(box: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: AnyKey(stringValue: "super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(forKey: AnyKey(stringValue: key.stringValue)) }

    private func superEncoder(forKey key: AnyKey) -> any Encoder {
        let encoder = NodeEncoder(codingPath: codingPath + [key])
        box.members[key.stringValue] = .pending(encoder.root)
        return encoder
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: JSONWriter.ArrayBox
    let codingPath: [any CodingKey]
    var count: Int { box.items.count }
    private var nextKey: AnyKey { AnyKey(intValue: box.items.count) }

    init(box: JSONWriter.ArrayBox, codingPath: [any CodingKey]) {
        self.box = box
        self.codingPath = codingPath
    }

    mutating func encodeNil() throws { box.items.append(.null) }
    mutating func encode(_ value: Bool) throws { box.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { box.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws { box.items.append(try .number(value, codingPath: codingPath + [nextKey])) }
    mutating func encode(_ value: Float) throws { box.items.append(try .number(value, codingPath: codingPath + [nextKey])) }
    mutating func encode(_ value: Int) throws { box.items.append(.number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.items.append(try .make(value, codingPath: codingPath + [nextKey])) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONWriter.ObjectBox(), path = codingPath + [nextKey]
        box.items.append(.object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONWriter.ArrayBox(), path = codingPath + [nextKey]
        box.items.append(.array(nested))
        return UnkeyedContainer(box: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = NodeEncoder(codingPath: codingPath + [nextKey])
        box.items.append(.pending(encoder.root))
        return encoder
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let box: JSONWriter.ValueBox
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.value = .null }
    mutating func encode(_ value: Bool) throws { box.value = .bool(value) }
    mutating func encode(_ value: String) throws { box.value = .string(value) }
    mutating func encode(_ value: Double) throws { box.value = try .number(value, codingPath: codingPath) }
    mutating func encode(_ value: Float) throws { box.value = try .number(value, codingPath: codingPath) }
    mutating func encode(_ value: Int) throws { box.value = .number(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.value = try .make(value, codingPath: codingPath) }
}
