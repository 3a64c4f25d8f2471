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
        let node = try Node.make(value, path: nil)
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

        /// The node of `value`: a scalar directly, anything else through its `encode(to:)`. (`path` is made only for
        /// a value that encodes itself, or for an error.)
        static func make(_ value: some Encodable, path: @autoclosure () -> CodingPath?) throws -> Node {
            if let scalar = value as? any JSONScalar { return try scalar.node(path: path()) }
            let encoder = NodeEncoder(path: path())
            try value.encode(to: encoder)
            return encoder.root.value ?? .object(ObjectBox())
        }

        /// A finite floating-point number as Swift writes it, a whole one without its `.0`.
        static func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ v: F, path: @autoclosure () -> CodingPath?) throws -> Node {
            guard v.isFinite else {
                throw EncodingError.invalidValue(v, EncodingError.Context(codingPath: path()?.keys ?? [],
                                                                          debugDescription: "Unable to encode \(v) directly in JSON."))
            }
            let text = v.description
            return .number(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
        }
    }

    /// Where a value is in the document, as a chain of keys from the root: a container's path is made when it is,
    /// and the array of keys that `Encoder` shows only when asked (an error, a value that reads its path), so a
    /// nested value costs no copy of its parents' keys.
    final class CodingPath {
        let parent: CodingPath?
        let key: any CodingKey
        init(_ parent: CodingPath?, _ key: any CodingKey) {
            self.parent = parent
            self.key = key
        }
        var keys: [any CodingKey] {
            var keys: [any CodingKey] = []
            var link: CodingPath? = self
            while let l = link {
                keys.append(l.key)
                link = l.parent
            }
            return keys.reversed()
        }
    }

    final class ArrayBox {
        var items: [Node] = []
    }

    /// An object's members in the order they were encoded; a key encoded again replaces its value when written.
    final class ObjectBox {
        var members: [(key: String, value: Node)] = []
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
            let members = sortedMembers(box.members)
            out.append(UInt8(ascii: "{"))
            if pretty {
                out.append(0x0A)
                if members.isEmpty { out.append(0x0A) }
                for (k, member) in members.enumerated() {
                    spaces(indent + 2, into: &out)
                    string(member.key, into: &out)
                    out.append(contentsOf: " : ".utf8)
                    write(member.value, pretty: true, indent: indent + 2, into: &out)
                    if k + 1 < members.count { out.append(UInt8(ascii: ",")) }
                    out.append(0x0A)
                }
                spaces(indent, into: &out)
            } else {
                for (k, member) in members.enumerated() {
                    if k > 0 { out.append(UInt8(ascii: ",")) }
                    string(member.key, into: &out)
                    out.append(UInt8(ascii: ":"))
                    write(member.value, pretty: false, indent: 0, into: &out)
                }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Members by their keys' UTF-8 bytes, each key once with the value encoded last for it.
    static func sortedMembers(_ members: [(key: String, value: Node)]) -> [(key: String, value: Node)] {
        // Stable (by encoding order among equal keys), so the last of a repeated key is the last of its run.
        let sorted = members.enumerated().sorted { a, b in
            a.element.key == b.element.key ? a.offset < b.offset : a.element.key.utf8.lexicographicallyPrecedes(b.element.key.utf8)
        }
        var out: [(key: String, value: Node)] = []
        out.reserveCapacity(sorted.count)
        for (_, member) in sorted {
            if let last = out.last, last.key == member.key { out[out.count - 1] = member } else { out.append(member) }
        }
        return out
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
        // Most strings need no escape: copied whole.
        let plain = s.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || ($0 == 0x7F && escapingDelete) })
            else { return false }
            out.append(contentsOf: bytes)
            return true
        } ?? false
        if plain {
            out.append(UInt8(ascii: "\""))
            return
        }
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

// MARK: - The scalars

/// The values written as one JSON scalar (and those `JSONEncoder`'s default strategies special-case), found with
/// one conformance test rather than a cast to each type in turn.
private protocol JSONScalar {
    func node(path: @autoclosure () -> JSONWriter.CodingPath?) throws -> JSONWriter.Node
}

extension String: JSONScalar {
    fileprivate func node(path: @autoclosure () -> JSONWriter.CodingPath?) -> JSONWriter.Node { .string(self) }
}
extension Bool: JSONScalar {
    fileprivate func node(path: @autoclosure () -> JSONWriter.CodingPath?) -> JSONWriter.Node { .bool(self) }
}
extension Double: JSONScalar {
    fileprivate func node(path: @autoclosure () -> JSONWriter.CodingPath?) throws -> JSONWriter.Node { try .number(self, path: path()) }
}
extension Float: JSONScalar {
    fileprivate func node(path: @autoclosure () -> JSONWriter.CodingPath?) throws -> JSONWriter.Node { try .number(self, path: path()) }
}
/// Integers as their decimal text.
private protocol JSONInteger: JSONScalar, BinaryInteger {}
extension JSONInteger {
    fileprivate func node(path: @autoclosure () -> JSONWriter.CodingPath?) -> JSONWriter.Node { .number(String(self)) }
}
extension Int: JSONInteger {}
extension Int8: JSONInteger {}
extension Int16: JSONInteger {}
extension Int32: JSONInteger {}
extension Int64: JSONInteger {}
extension UInt: JSONInteger {}
extension UInt8: JSONInteger {}
extension UInt16: JSONInteger {}
extension UInt32: JSONInteger {}
extension UInt64: JSONInteger {}
extension Data: JSONScalar {
    fileprivate func node(path: @autoclosure () -> JSONWriter.CodingPath?) -> JSONWriter.Node { .string(base64EncodedString()) }
}
extension URL: JSONScalar {
    fileprivate func node(path: @autoclosure () -> JSONWriter.CodingPath?) -> JSONWriter.Node { .string(absoluteString) }
}
extension Decimal: JSONScalar {
    fileprivate func node(path: @autoclosure () -> JSONWriter.CodingPath?) -> JSONWriter.Node { .number(description) }
}

// MARK: - The Encoder

/// The `Encoder` a value's `encode(to:)` is given: it fills one node.
private final class NodeEncoder: Encoder {
    let path: JSONWriter.CodingPath?
    var codingPath: [any CodingKey] { path?.keys ?? [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What the value turned out to be.
    let root = JSONWriter.ValueBox()

    init(path: JSONWriter.CodingPath?) {
        self.path = path
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // Asking twice (a superclass and a subclass) gives the same object.
        if case .object(let box)? = root.value {
            return KeyedEncodingContainer(KeyedContainer(box: box, path: path))
        }
        let box = JSONWriter.ObjectBox()
        root.value = .object(box)
        return KeyedEncodingContainer(KeyedContainer(box: box, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let box)? = root.value { return UnkeyedContainer(box: box, path: path) }
        let box = JSONWriter.ArrayBox()
        root.value = .array(box)
        return UnkeyedContainer(box: box, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(box: root, path: path)
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
        stringValue = "Index \(intValue)"  // (as JSONEncoder names an array's item)
        self.intValue = intValue
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: JSONWriter.ObjectBox
    let path: JSONWriter.CodingPath?
    var codingPath: [any CodingKey] { path?.keys ?? [] }

    private func set(_ node: JSONWriter.Node, _ key: Key) { box.members.append((key.stringValue, node)) }
    private func child(_ key: Key) -> JSONWriter.CodingPath { JSONWriter.CodingPath(path, key) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(try .number(value, path: child(key)), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(try .number(value, path: child(key)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(String(value)), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { set(try .make(value, path: child(key)), key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONWriter.ObjectBox()
        set(.object(nested), key)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, path: child(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONWriter.ArrayBox()
        set(.array(nested), key)
        return UnkeyedContainer(box: nested, path: child(key))
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: AnyKey(stringValue: "super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(forKey: AnyKey(stringValue: key.stringValue)) }

    private func superEncoder(forKey key: AnyKey) -> any Encoder {
        let encoder = NodeEncoder(path: JSONWriter.CodingPath(path, key))
        box.members.append((key.stringValue, .pending(encoder.root)))
        return encoder
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: JSONWriter.ArrayBox
    let path: JSONWriter.CodingPath?
    var codingPath: [any CodingKey] { path?.keys ?? [] }
    var count: Int { box.items.count }
    /// The path of the item appended next.
    private var next: JSONWriter.CodingPath { JSONWriter.CodingPath(path, AnyKey(intValue: box.items.count)) }

    init(box: JSONWriter.ArrayBox, path: JSONWriter.CodingPath?) {
        self.box = box
        self.path = path
    }

    mutating func encodeNil() throws { box.items.append(.null) }
    mutating func encode(_ value: Bool) throws { box.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { box.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws { box.items.append(try .number(value, path: next)) }
    mutating func encode(_ value: Float) throws { box.items.append(try .number(value, path: next)) }
    mutating func encode(_ value: Int) throws { box.items.append(.number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.items.append(try .make(value, path: next)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONWriter.ObjectBox(), path = next
        box.items.append(.object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, path: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONWriter.ArrayBox(), path = next
        box.items.append(.array(nested))
        return UnkeyedContainer(box: nested, path: path)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = NodeEncoder(path: next)
        box.items.append(.pending(encoder.root))
        return encoder
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let box: JSONWriter.ValueBox
    let path: JSONWriter.CodingPath?
    var codingPath: [any CodingKey] { path?.keys ?? [] }

    mutating func encodeNil() throws { box.value = .null }
    mutating func encode(_ value: Bool) throws { box.value = .bool(value) }
    mutating func encode(_ value: String) throws { box.value = .string(value) }
    mutating func encode(_ value: Double) throws { box.value = try .number(value, path: path) }
    mutating func encode(_ value: Float) throws { box.value = try .number(value, path: path) }
    mutating func encode(_ value: Int) throws { box.value = .number(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.value = try .make(value, path: path) }
}
