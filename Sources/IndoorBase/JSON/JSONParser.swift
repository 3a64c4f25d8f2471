import Foundation

/// A JSON document that could not be parsed, with where.
public struct JSONSyntaxError: Error, Equatable, Sendable, LocalizedError {
    /// The 1-based line of the problem (lines end at `\n`).
    public let line: Int
    /// The 1-based column of the problem, counted in bytes from the line's start.
    public let column: Int
    /// What is wrong, in English ("nesting deeper than 256 levels").
    public let reason: String

    public var errorDescription: String? { "line \(line), column \(column): \(reason)" }
}

/// Something a lenient parse accepted but a strict one would not, with where.
public struct JSONWarning: Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line of the tolerated defect.
    public let line: Int
    /// The 1-based column of the tolerated defect, counted in bytes from the line's start.
    public let column: Int
    /// What was tolerated, in English ("UTF-8 byte-order mark ignored").
    public let message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A byte-level JSON parser (RFC 8259) that says where a document is broken and accepts the defects real exporters
/// leave whose intent is clear.
///
/// Accepted with a warning: a trailing comma before `]` or `}`, a UTF-8 byte-order mark, a UTF-16 document,
/// invalid UTF-8 inside a string (replaced by U+FFFD). Rejected with line and column: everything else that is not
/// JSON, including `NaN`, `Infinity`, numbers out of the range of `Double`, and nesting deeper than `maxDepth`.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted; deeper documents throw ``JSONSyntaxError``. 256 by default.
    public var maxDepth = 256

    /// A parser with the default ``maxDepth``.
    public init() {}

    /// A parsed document: its value, and what a lenient parse let pass.
    public struct Document: Equatable, Sendable {
        /// The document's value.
        public let value: JSONValue
        /// What was accepted with a warning (a trailing comma, a byte-order mark…), in document order.
        public let warnings: [JSONWarning]
    }

    /// Parses a whole document.
    /// - Returns: the value and the warnings of a lenient parse.
    /// - Throws: ``JSONSyntaxError`` with the line and column of the first problem.
    /// - Complexity: O(n) in the size of `data`.
    public func parse(_ data: Data) throws(JSONSyntaxError) -> Document {
        var warnings: [JSONWarning] = []
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = bytes.dropFirst(3)
            warnings.append(JSONWarning(line: 1, column: 1, message: "UTF-8 byte-order mark ignored"))
        } else if let utf8 = Self.transcodeUTF16(bytes) {
            bytes = utf8
            warnings.append(JSONWarning(line: 1, column: 1, message: "UTF-16 document read as UTF-16 (RFC 8259 asks for UTF-8)"))
        }
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBytes { raw in
            var state = ParseState(bytes: raw.bindMemory(to: UInt8.self), maxDepth: maxDepth)
            do throws(JSONSyntaxError) {
                state.skipWhitespace()
                let value = try state.parseValue(depth: 0)
                state.skipWhitespace()
                if state.index < state.bytes.count { throw state.error("unexpected characters after the JSON value") }
                let positions = state.positions(of: state.warnings.map(\.offset))
                warnings += zip(state.warnings, positions).map { w, p in JSONWarning(line: p.line, column: p.column, message: w.message) }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return Document(value: try result.get(), warnings: warnings)
    }

    /// UTF-16 with a byte-order mark, or without one when every other byte of an ASCII start is zero.
    private static func transcodeUTF16(_ data: Data) -> Data? {
        let prefix = Array(data.prefix(4))
        let encoding: String.Encoding
        if prefix.starts(with: [0xFF, 0xFE]) || prefix.starts(with: [0xFE, 0xFF]) {
            encoding = .utf16
        } else if prefix.count == 4, prefix[0] != 0, prefix[1] == 0, prefix[3] == 0 {
            encoding = .utf16LittleEndian
        } else if prefix.count == 4, prefix[0] == 0, prefix[1] != 0, prefix[2] == 0 {
            encoding = .utf16BigEndian
        } else {
            return nil
        }
        return String(data: data, encoding: encoding).map { Data($0.utf8) }
    }
}

private struct ParseState {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var index = 0
    var warnings: [(offset: Int, message: String)] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// The line and column of every offset in one pass over the bytes, however many offsets there are (one scan
    /// from byte 0 per warning made a file full of trailing commas quadratic).
    func positions(of offsets: [Int]) -> [(line: Int, column: Int)] {
        var out = Array(repeating: (line: 1, column: 1), count: offsets.count)
        var line = 1
        var lineStart = 0
        var i = 0
        for k in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) {
            let end = min(offsets[k], bytes.count)
            while i < end {
                if bytes[i] == 0x0A {
                    line += 1
                    lineStart = i + 1
                }
                i += 1
            }
            out[k] = (line, offsets[k] - lineStart + 1)
        }
        return out
    }

    func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        let (line, column) = position(of: offset ?? index)
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    func describeByte(at i: Int) -> String {
        guard i < bytes.count else { return "end of file" }
        let b = bytes[i]
        return (0x21...0x7E).contains(b) ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file (the document is truncated)") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("NaN and Infinity are not JSON numbers")
        default:
            throw error("expected a value, found \(describeByte(at: index))")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        let n = literal.utf8CodeUnitCount
        guard index + n <= bytes.count else { throw error("unexpected end of file (the document is truncated)") }
        for i in 0..<n where bytes[index + i] != literal.utf8Start[i] {
            throw error("expected a value, found \(describeByte(at: start))", at: start)
        }
        index += n
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file inside an object (the document is truncated)") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, found \(describeByte(at: index))")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(key)\", found \(describeByte(at: index))")
            }
            index += 1
            skipWhitespace()
            members[key] = try parseValue(depth: depth)
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file inside an object (the document is truncated)") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                let comma = index
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    warnings.append((comma, "trailing comma before '}' ignored"))
                    index += 1
                    return .object(members)
                }
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default:
                throw error("expected ',' or '}' in an object, found \(describeByte(at: index))")
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file inside an array (the document is truncated)") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                let comma = index
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    warnings.append((comma, "trailing comma before ']' ignored"))
                    index += 1
                    return .array(elements)
                }
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default:
                throw error("expected ',' or ']' in an array, found \(describeByte(at: index))")
            }
        }
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        // The bytes of a string with escapes, unescaped; a string without (most of them) is made from the input.
        var scalars: [UInt8]?
        var plainStart = index
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let tail = UnsafeBufferPointer(rebasing: bytes[plainStart..<index])
                index += 1
                guard var unescaped = scalars else { return decode(tail, at: start) }
                unescaped.append(contentsOf: tail)
                return decode(unescaped, at: start)
            } else if b == UInt8(ascii: "\\") {
                var unescaped = scalars ?? []
                unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
                try parseEscape(into: &unescaped)
                scalars = unescaped
                plainStart = index
            } else if b < 0x20 {
                throw error("control character 0x\(String(b, radix: 16)) inside a string (must be escaped)")
            } else {
                index += 1
            }
        }
    }

    /// The string of UTF-8 bytes, invalid sequences replaced (with a warning at `start`).
    mutating func decode(_ utf8: some Collection<UInt8>, at start: Int) -> String {
        if let s = String(validating: utf8, as: UTF8.self) { return s }
        warnings.append((start, "invalid UTF-8 in a string replaced by U+FFFD"))
        return String(decoding: utf8, as: UTF8.self)
    }

    mutating func parseEscape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        index += 1
        guard index < bytes.count else { throw error("unterminated escape sequence") }
        let c = bytes[index]
        index += 1
        switch c {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var code = try parseHex4()
            if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
               bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                index += 2
                let low = try parseHex4()
                if (0xDC00..<0xE000).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    code = 0xFFFD
                }
            }
            let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw error("invalid escape '\\\(Character(Unicode.Scalar(c)))' in a string", at: index - 2)
        }
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid hexadecimal digit in a \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else {
            if index < bytes.count, bytes[index] == UInt8(ascii: "I") { throw error("NaN and Infinity are not JSON numbers") }
            throw error("invalid number", at: start)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { throw error("numbers may not have leading zeros", at: start) }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw error("invalid number: no digit after the decimal point", at: start) }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { throw error("invalid number: no digit in the exponent", at: start) }
            while isDigit(index) { index += 1 }
        }
        let length = index - start
        guard length < 400 else { throw error("number too long", at: start) }
        // strtod needs a terminated string; the grammar was checked above, so this parses exactly `length` bytes.
        let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer -> Double in
            for i in 0..<length { buffer[i] = CChar(bitPattern: bytes[start + i]) }
            buffer[length] = 0
            return buffer.baseAddress.map { strtod($0, nil) } ?? .nan
        }
        guard value.isFinite else { throw error("number out of range", at: start) }
        return value
    }
}
