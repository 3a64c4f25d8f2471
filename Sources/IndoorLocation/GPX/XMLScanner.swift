import Foundation

/// A small, strict, streaming XML tokenizer over bytes, enough for GPX and fast: start and end tags with their
/// attributes, text (with the predefined and numeric entities decoded, CDATA kept), comments, processing
/// instructions and the DOCTYPE skipped — so no external entity is ever read. Tags must nest; a file that ends
/// inside a tag or an element is an error with its line and column.
struct XMLScanner {
    enum Event {
        case start(name: ArraySlice<UInt8>, attributes: [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)], selfClosing: Bool)
        case end(name: ArraySlice<UInt8>)
        case text(ArraySlice<UInt8>)
    }

    struct SyntaxError: Error {
        let line: Int
        let column: Int
        let reason: String
    }

    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var line = 1
    private var lineStart = 0
    private var consumedBeforeBuffer = 0
    private var stack: [[UInt8]] = []
    private var started = false
    static let chunk = 1 << 20

    init(handle: FileHandle) {
        self.handle = handle
    }

    /// Line and column of the scanner's position.
    var location: (line: Int, column: Int) { (line, consumedBeforeBuffer + position - lineStart + 1) }

    private func error(_ reason: String) -> SyntaxError {
        SyntaxError(line: line, column: consumedBeforeBuffer + position - lineStart + 1, reason: reason)
    }

    /// Makes at least `count` bytes available from `position` (false at the end of the file).
    private mutating func ensure(_ count: Int) -> Bool {
        while buffer.count - position < count {
            if atEnd { return false }
            // Drop what was consumed, then read the next chunk.
            if position > 0 {
                consumedBeforeBuffer += position
                buffer.removeSubrange(0..<position)
                position = 0
            }
            let data = handle.readData(ofLength: Self.chunk)
            if data.isEmpty { atEnd = true } else { buffer.append(contentsOf: data) }
        }
        return true
    }

    /// Moves on by `n` bytes, counting lines.
    private mutating func advance(_ n: Int) {
        for i in position..<(position + n) where buffer[i] == 0x0A {
            line += 1
            lineStart = consumedBeforeBuffer + i + 1
        }
        position += n
    }

    /// The offset (from `position`) of `needle`, reading more as needed; nil at the end of the file.
    private mutating func find(_ needle: [UInt8], from offset: Int = 0) -> Int? {
        var i = offset
        while true {
            guard ensure(i + needle.count) else { return nil }
            let end = buffer.count - needle.count
            while position + i <= end {
                if buffer[position + i] == needle[0] {
                    var match = true
                    for k in 1..<needle.count where buffer[position + i + k] != needle[k] { match = false; break }
                    if match { return i }
                }
                i += 1
            }
        }
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// The next event, or nil at a well-formed end.
    /// - Note: the slices returned point into the scanner's buffer and are valid until the next call.
    mutating func next() throws(SyntaxError) -> Event? {
        while true {
            if !started, ensure(3), buffer[position] == 0xEF, buffer[position + 1] == 0xBB, buffer[position + 2] == 0xBF {
                advance(3)  // a UTF-8 byte-order mark
            }
            guard ensure(1) else {
                if let open = stack.last { throw error("the file ends inside <\(String(decoding: open, as: UTF8.self))>") }
                if !started { throw error("no element") }
                return nil
            }
            if buffer[position] != UInt8(ascii: "<") {
                // Text up to the next tag.
                let end = find([UInt8(ascii: "<")]) ?? (buffer.count - position)
                let text = buffer[position..<(position + end)]
                let decoded = try decode(text)
                advance(end)
                if stack.isEmpty {
                    if decoded.contains(where: { !Self.isSpace($0) }) { throw error("text outside the root element") }
                    continue
                }
                return .text(decoded)
            }
            guard ensure(2) else { throw error("the file ends inside a tag") }
            switch buffer[position + 1] {
            case UInt8(ascii: "?"):
                guard let end = find(Array("?>".utf8)) else { throw error("unterminated processing instruction") }
                advance(end + 2)
            case UInt8(ascii: "!"):
                if ensure(4), buffer[position + 2] == UInt8(ascii: "-"), buffer[position + 3] == UInt8(ascii: "-") {
                    guard let end = find(Array("-->".utf8), from: 4) else { throw error("unterminated comment") }
                    advance(end + 3)
                } else if ensure(9), Array(buffer[(position + 2)..<(position + 9)]) == Array("[CDATA[".utf8) {
                    guard let end = find(Array("]]>".utf8), from: 9) else { throw error("unterminated CDATA section") }
                    let text = buffer[(position + 9)..<(position + end)]
                    advance(end + 3)
                    return .text(text)
                } else {
                    // <!DOCTYPE …> with an optional internal subset: skipped whole, entities never defined.
                    var depth = 0
                    var i = 2
                    while true {
                        guard ensure(i + 1) else { throw error("unterminated declaration") }
                        let c = buffer[position + i]
                        if c == UInt8(ascii: "[") { depth += 1 }
                        if c == UInt8(ascii: "]") { depth -= 1 }
                        if c == UInt8(ascii: ">"), depth <= 0 { break }
                        i += 1
                    }
                    advance(i + 1)
                }
            case UInt8(ascii: "/"):
                guard let end = find([UInt8(ascii: ">")]) else { throw error("unterminated end tag") }
                var nameEnd = position + 2 + 0
                let limit = position + end
                while nameEnd < limit, !Self.isSpace(buffer[nameEnd]) { nameEnd += 1 }
                let name = buffer[(position + 2)..<nameEnd]
                guard let open = stack.popLast() else { throw error("</\(String(decoding: name, as: UTF8.self))> closes nothing") }
                guard open.elementsEqual(name) else {
                    throw error("</\(String(decoding: name, as: UTF8.self))> where </\(String(decoding: open, as: UTF8.self))> was expected")
                }
                advance(end + 1)
                return .end(name: name)
            default:
                return try startTag()
            }
        }
    }

    private mutating func startTag() throws(SyntaxError) -> Event {
        // The tag ends at the first '>' outside quotes.
        var i = 1
        var quote: UInt8 = 0
        while true {
            guard ensure(i + 1) else { throw error("the file ends inside a tag") }
            let c = buffer[position + i]
            if quote != 0 {
                if c == quote { quote = 0 }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: ">") {
                break
            } else if c == UInt8(ascii: "<") {
                throw error("'<' inside a tag")
            }
            i += 1
        }
        let tagEnd = position + i
        let selfClosing = buffer[tagEnd - 1] == UInt8(ascii: "/")
        let contentEnd = selfClosing ? tagEnd - 1 : tagEnd
        var k = position + 1
        while k < contentEnd, !Self.isSpace(buffer[k]) { k += 1 }
        let name = buffer[(position + 1)..<k]
        guard !name.isEmpty else { throw error("a tag without a name") }
        var attributes: [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
        while k < contentEnd {
            while k < contentEnd, Self.isSpace(buffer[k]) { k += 1 }
            guard k < contentEnd else { break }
            let nameStart = k
            while k < contentEnd, buffer[k] != UInt8(ascii: "="), !Self.isSpace(buffer[k]) { k += 1 }
            let attributeName = buffer[nameStart..<k]
            while k < contentEnd, Self.isSpace(buffer[k]) { k += 1 }
            guard k < contentEnd, buffer[k] == UInt8(ascii: "=") else { throw error("attribute \(String(decoding: attributeName, as: UTF8.self)) has no value") }
            k += 1
            while k < contentEnd, Self.isSpace(buffer[k]) { k += 1 }
            guard k < contentEnd, buffer[k] == UInt8(ascii: "\"") || buffer[k] == UInt8(ascii: "'") else {
                throw error("attribute \(String(decoding: attributeName, as: UTF8.self)) is not quoted")
            }
            let q = buffer[k]
            k += 1
            let valueStart = k
            while k < contentEnd, buffer[k] != q { k += 1 }
            guard k < contentEnd else { throw error("unterminated attribute value") }
            attributes.append((attributeName, buffer[valueStart..<k]))
            k += 1
        }
        if stack.isEmpty, started { throw error("a second root element") }
        started = true
        if !selfClosing { stack.append(Array(name)) }
        advance(i + 1)
        return .start(name: name, attributes: attributes, selfClosing: selfClosing)
    }

    /// Text with entities decoded (the five predefined, and numeric); any other entity is an error (none can be
    /// defined: the DOCTYPE is skipped).
    private func decode(_ text: ArraySlice<UInt8>) throws(SyntaxError) -> ArraySlice<UInt8> {
        guard text.contains(UInt8(ascii: "&")) else { return text }
        var out: [UInt8] = []
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            guard c == UInt8(ascii: "&") else { out.append(c); i += 1; continue }
            guard let semicolon = text[i...].firstIndex(of: UInt8(ascii: ";")), semicolon - i <= 10 else { throw error("a bare '&' in text") }
            let entity = String(decoding: text[(i + 1)..<semicolon], as: UTF8.self)
            switch entity {
            case "amp": out.append(UInt8(ascii: "&"))
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "quot": out.append(UInt8(ascii: "\""))
            case "apos": out.append(UInt8(ascii: "'"))
            default:
                let value: UInt32?
                if entity.hasPrefix("#x") { value = UInt32(entity.dropFirst(2), radix: 16) } else if entity.hasPrefix("#") { value = UInt32(entity.dropFirst()) } else { value = nil }
                guard let value, let scalar = Unicode.Scalar(value) else { throw error("unknown entity &\(entity);") }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            }
            i = semicolon + 1
        }
        return out[...]
    }
}
