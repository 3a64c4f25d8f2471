import Foundation
import IndoorBase
import IndoorTestSupport
import Testing

@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONParser.Document {
        try JSONParser().parse(Data(text.utf8))
    }

    @Test func parsesEveryKindOfValue() throws {
        let parsed = try parse(#"{"a": [1, -2.5e3, true, false, null, "x\u00e9\n\ud83d\ude00"], "b": {}}"#)
        #expect(parsed.warnings.isEmpty)
        #expect(parsed.value["a"] == .array([.number(1), .number(-2500), .bool(true), .bool(false), .null, .string("xé\n😀")]))
        #expect(parsed.value["b"] == .object([:]))
    }

    @Test func keepsFullDoublePrecision() throws {
        let v = try parse("[30.381056329937221, 60.007320574340639]").value
        #expect(v == .array([.number(30.381056329937221), .number(60.007320574340639)]))
    }

    @Test func acceptsATrailingCommaWithAWarningThatSaysWhere() throws {
        let parsed = try parse("{\"f\": [1,\n2,\n]}")
        #expect(parsed.value["f"] == .array([.number(1), .number(2)]))
        #expect(parsed.warnings.count == 1)
        #expect(parsed.warnings.first?.line == 2)
    }

    /// A document of `n` lines, each an array with a trailing comma: `n` warnings.
    static func trailingCommas(_ n: Int) -> Data {
        Data(("[\n" + Array(repeating: "[1,]", count: n).joined(separator: ",\n") + "\n]").utf8)
    }

    /// Each warning's line and column used to be found by scanning from byte 0: quadratic in a file full of
    /// trailing commas (710 KB took 7 s). Twice the warnings must cost about twice the time.
    @Test func warningsCostLinearTime() throws {
        let documents = [10_000: Self.trailingCommas(10_000), 20_000: Self.trailingCommas(20_000)]
        let growth = Growth.measure(size: 10_000) { n in
            _ = try? JSONParser().parse(documents[n] ?? Data())
        }
        print("10,000 trailing commas: \(growth)")
        #expect(growth.ratio < 2.2, "\(growth.small) s for 10,000 warnings, \(growth.large) s for 20,000")
        let warnings = try JSONParser().parse(Self.trailingCommas(20_000)).warnings
        #expect(warnings.count == 20_000)
        #expect(warnings.last.map { [$0.line, $0.column] } == [20_001, 3])
    }

    @Test(arguments: [
        ("{\"a\": [1,\n2,\n 3", 3, "truncated"),
        ("[1,\n NaN]", 2, "NaN"),
        ("[1,\n-Infinity]", 2, "NaN and Infinity"),
        ("{\"a\" 1}", 1, "expected ':'"),
        ("[1e999]", 1, "out of range"),
        ("[01]", 1, "leading zeros"),
        ("\"abc", 1, "unterminated"),
        ("", 1, "end of file"),
        ("[1] x", 1, "after the JSON value"),
    ])
    func rejectsBrokenDocumentsWithTheirLine(text: String, line: Int, reason: String) {
        do {
            _ = try JSONParser().parse(Data(text.utf8))
            Issue.record("parsed \(text.debugDescription)")
        } catch {
            #expect(error.line == line)
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test func boundsNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try parse(deep) }
    }

    @Test func readsBOMAndUTF16WithWarnings() throws {
        let bom = try JSONParser().parse(Data([0xEF, 0xBB, 0xBF]) + Data("[\"é\"]".utf8))
        #expect(bom.value == .array([.string("é")]))
        #expect(bom.warnings.count == 1)
        var utf16 = Data([0xFF, 0xFE])
        for unit in "{\"n\": \"Этаж\"}".utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        let parsed = try JSONParser().parse(utf16)
        #expect(parsed.value["n"] == .string("Этаж"))
    }

    @Test func replacesInvalidUTF8InStringsAndSaysSo() throws {
        let parsed = try JSONParser().parse(Data([0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D]))
        #expect(parsed.value == .array([.string("a\u{FFFD}")]))
        #expect(parsed.warnings.count == 1)
    }

    @Test func neverTrapsOnRandomBytes() {
        var rng = SeededGenerator(seed: 7)
        let alphabet = Array("{}[],:\"0123456789.eE-+truefalsn \n\\u".utf8)
        for _ in 0..<2000 {
            let bytes = (0..<Int(rng.next() % 40)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            _ = try? JSONParser().parse(Data(bytes))
        }
    }
}

