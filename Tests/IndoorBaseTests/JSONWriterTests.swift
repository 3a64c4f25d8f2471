import Foundation
import IndoorBase
import Testing

/// `JSONWriter` writes what Foundation's `JSONEncoder` writes with `[.sortedKeys, .withoutEscapingSlashes]` (and
/// `.prettyPrinted`), byte for byte: the command line and the service promise those bytes.
@Suite struct JSONWriterTests {
    static func foundation(_ value: some Encodable, pretty: Bool) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    /// Every kind of value a response holds, and the edges of each: numbers Swift writes with an exponent, whole
    /// doubles, negative zero, the largest integers, control characters, quotes, slashes, DEL, non-ASCII, keys
    /// whose order differs by case, underscore and digits, empty and nested containers, absent optionals.
    struct Everything: Encodable {
        var doubles: [Double] = [1, 0.1, 1e-7, 1e21, 123456789.123, -0.0, 2.35040954, 1e16, 1e15, 123456789012345680,
                                 .leastNonzeroMagnitude, 1e-6,
                                 1e20, 1e-5, 1e-4, 48.84996407, -1, 0.3, 2.0 / 3.0, 1e300, 12345.678e10, .greatestFiniteMagnitude]
        var floats: [Float] = [0.1, 1, 3.4e38, .leastNonzeroMagnitude]
        var integers: [Int64] = [0, -1, .max, .min, 9007199254740993]
        var small: [Int8] = [-128, 127]
        var unsigned: [UInt64] = [.max, 0]
        var strings = ["a\"b\\c/d", "\u{1}\u{1f}\u{7f}", "é✓😀", "\u{2028}\u{2029}", "\n\r\t\u{8}\u{c}", ""]
        var keys: [String: Int] = ["b": 1, "a": 2, "B": 3, "a_b": 4, "aB": 5, "a1": 6, "a10": 7, "a2": 8, "é": 9, "z": 10, "A": 11, "_x": 12,
                                   "level_id": 13, "level": 14, "levelName": 15, "": 16, "a\"": 17]
        var emptyArray: [Int] = []
        var emptyObject: [String: Int] = [:]
        var nested: [[String: [Int]]] = [["x": []], [:], ["y": [1, 2]]]
        var absent: Int? = nil
        var present: Int? = 3
        var flag = true
        var nothing: [Int?] = [nil, 1]
        var data = Data([0, 1, 2, 250])
        var url = URL(string: "https://example.org/a?b=c")
        var date = Date(timeIntervalSinceReferenceDate: 12.5)
    }

    @Test(arguments: [true, false])
    func everyKindOfValueIsWrittenAsFoundationWritesIt(pretty: Bool) throws {
        let value = Everything()
        #expect(try JSONWriter.encode(value, pretty: pretty) == (try Self.foundation(value, pretty: pretty)))
    }

    /// Seeded random documents of every shape (objects, arrays, strings, numbers, booleans, nulls, nested ten deep).
    @Test(arguments: 0..<100)
    func randomDocumentsAreWrittenAsFoundationWritesThem(seed: UInt64) throws {
        var g = SeededGenerator(seed: seed)
        func text() -> String {
            let alphabet = Array("aZ_09 \"\\/\n\u{1}é😀-.")
            return String((0..<Int(g.next() % 8)).map { _ in alphabet[Int(g.next() % UInt64(alphabet.count))] })
        }
        func value(_ depth: Int) -> JSONValue {
            switch g.next() % (depth > 9 ? 4 : 6) {
            case 0: return .string(text())
            case 1:
                let exponent = Double(Int(g.next() % 40) - 20)
                return .number((g.uniform() - 0.5) * pow(10, exponent))
            case 2: return g.next() % 2 == 0 ? .bool(g.next() % 2 == 0) : .number(Double(Int(g.next() % 2000) - 1000))
            case 3: return .null
            case 4: return .array((0..<Int(g.next() % 5)).map { _ in value(depth + 1) })
            default: return .object(Dictionary((0..<Int(g.next() % 5)).map { _ in (text(), value(depth + 1)) }, uniquingKeysWith: { a, _ in a }))
            }
        }
        let document = JSONValue.object(["root": value(0)])
        for pretty in [true, false] {
            #expect(try JSONWriter.encode(document, pretty: pretty) == (try Self.foundation(document, pretty: pretty)))
        }
    }

    /// A number JSON cannot hold is an error, as with `JSONEncoder`, naming where it is: in an array, under a
    /// key, and as a single value.
    @Test func aNonFiniteNumberIsAnErrorThatSaysWhere() throws {
        struct Inner: Encodable { var values = [1, Double.nan] }
        struct Single: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.singleValueContainer()
                try c.encode(Float.infinity)
            }
        }
        struct Bad: Encodable {
            var ok = 1.5
            var inner = [Inner()]
            var single: [String: Single] = ["s": Single()]
        }
        func path(_ error: EncodingError?) -> String? {
            guard case .invalidValue(_, let context)? = error else { return nil }
            return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
        }
        #expect(path(#expect(throws: EncodingError.self) { try JSONWriter.encode(Bad(), pretty: true) }) == "inner/0/values/1")
        #expect(path(#expect(throws: EncodingError.self) { try Self.foundation(Bad(), pretty: true) }) == "inner/0/values/1")
        #expect(path(#expect(throws: EncodingError.self) { try JSONWriter.encode(["a": [Single()]], pretty: false) }) == "a/0")
        #expect(path(#expect(throws: EncodingError.self) { try Self.foundation(["a": [Single()]], pretty: false) }) == "a/0")
    }

    /// A string literal: copied whole when nothing in it needs escaping, escaped byte by byte otherwise; DEL
    /// escaped only when asked (a log line read on a terminal).
    @Test func stringsAreEscapedOnlyWhereTheyMustBe() {
        func literal(_ s: String, escapingDelete: Bool = false) -> String {
            var out: [UInt8] = []
            JSONWriter.string(s, escapingDelete: escapingDelete, into: &out)
            return String(decoding: out, as: UTF8.self)
        }
        #expect(literal("Café Müller / 2 😀") == #""Café Müller / 2 😀""#)
        #expect(literal(String(repeating: "long plain text ", count: 8)) == "\"" + String(repeating: "long plain text ", count: 8) + "\"")
        #expect(literal("a\"b\\c\u{1}\n") == #""a\"b\\c\u0001\n""#)
        #expect(literal("del\u{7f}") == "\"del\u{7f}\"")
        #expect(literal("del\u{7f}", escapingDelete: true) == #""del\u007f""#)
        #expect(literal("") == #""""#)
    }

    /// A key encoded twice in one container keeps the value encoded last, as `JSONEncoder` does; a value that reads
    /// its own coding path sees the keys above it, an array's index as `JSONEncoder` names it.
    @Test func aKeyEncodedAgainKeepsItsLastValue() throws {
        enum Key: String, CodingKey { case a, b, c }
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Key.self)
                try c.encode(1, forKey: .b)
                try c.encode("x", forKey: .a)
                try c.encode([2, 3], forKey: .b)
                try c.encode(Where(), forKey: .c)
                try c.encode(true, forKey: .a)
            }
        }
        struct Where: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.singleValueContainer()
                try c.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"))
            }
        }
        let value = ["top": [Twice()]]
        for pretty in [true, false] {
            #expect(try JSONWriter.encode(value, pretty: pretty) == (try Self.foundation(value, pretty: pretty)))
        }
        #expect(String(decoding: try JSONWriter.encode(value, pretty: false), as: UTF8.self) == #"{"top":[{"a":true,"b":[2,3],"c":"top/Index 0/c"}]}"#)
    }
}
