import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small, strict, streaming XML tokenizer over bytes, enough for GPX and fast: start and end tags with their
/// attributes, text (with the predefined and numeric entities decoded, CDATA kept), comments, processing
/// instructions and the DOCTYPE skipped — so no external entity is ever read. Tags must nest; a file that ends
/// inside a tag or an element is an error with its line and column.
///
/// Text that is only white space (the indentation between tags) is skipped: GPX has no mixed content.
///
/// Events are ranges into ``buffer`` (and the last start tag's ``attributes``), valid until the next call to
/// ``next()``: the scanner hands out no copies, so a large file costs no allocation per element.
package struct XMLScanner {
    package enum Event: Equatable {
        case start(name: Range<Int>, selfClosing: Bool)
        case end(name: Range<Int>)
        case text(Range<Int>)
    }

    package struct SyntaxError: Error {
        package let line: Int
        package let column: Int
        package let reason: String
        /// The file could not be read there (an I/O error, a directory; ``reason`` is the system's): not a fault
        /// of its XML.
        package var isReadError = false
    }

    /// The bytes the events' ranges point into.
    package private(set) var buffer: [UInt8] = []
    /// The attributes of the last start tag: name and value ranges into ``buffer`` (values are not entity-decoded).
    package private(set) var attributes: [(name: Range<Int>, value: Range<Int>)] = []

    private let handle: FileHandle
    private var position = 0
    private var atEnd = false
    private var line = 1
    private var lineStart = 0
    private var consumedBeforeBuffer = 0
    /// The names of the open elements, end to end, and where each ends in `openNames`.
    private var openNames: [UInt8] = []
    private var openEnds: [Int] = []
    private var started = false
    /// Where each chunk is read before it joins ``buffer``.
    private var scratch: [UInt8] = []
    static let chunk = 1 << 20
    /// The longest single token the scanner holds (see ``try ensure(_:)``).
    static let maximumTokenLength = 64 << 20
    /// How many times start tags were parsed (one each, more for one longer than what was buffered).
    package private(set) var startTagParses = 0

    package init(handle: FileHandle) {
        self.handle = handle
    }

    /// Line and column of the scanner's position.
    package var location: (line: Int, column: Int) { (line, consumedBeforeBuffer + position - lineStart + 1) }

    private func error(_ reason: String) -> SyntaxError {
        SyntaxError(line: line, column: consumedBeforeBuffer + position - lineStart + 1, reason: reason)
    }

    /// A local name (after any `prefix:`) of up to 8 bytes packed in an integer, 0 for a longer one: an element
    /// is told by one integer comparison.
    /// (Inlinable: the GPX reader asks it twice per element, from another module.)
    @inlinable
    package func localNameKey(_ range: Range<Int>) -> UInt64 { Self.localNameKey(buffer, range) }

    /// ``localNameKey(_:)`` of `range` in `bytes`.
    @inlinable
    package static func localNameKey(_ bytes: [UInt8], _ range: Range<Int>) -> UInt64 {
        bytes.withUnsafeBufferPointer { p in
            var start = range.lowerBound
            for i in range where p[i] == UInt8(ascii: ":") { start = i + 1 }
            guard range.upperBound - start <= 8 else { return 0 }
            var key: UInt64 = 0
            for i in start..<range.upperBound { key |= UInt64(p[i]) << (8 * UInt64(i - start)) }
            return key
        }
    }

    /// Appends the bytes of `range` (text) to `out`.
    package func append(_ range: Range<Int>, to out: inout [UInt8]) {
        buffer.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The value of the last start tag's attribute `name` (its entities decoded), or nil when it has none.
    package func attribute(_ name: String) throws(SyntaxError) -> String? {
        guard let a = attributes.first(where: { buffer[$0.name].elementsEqual(name.utf8) }) else { return nil }
        var bytes = Array(buffer[a.value])
        let (line, column) = location
        let decoded = try Self.decode(0..<bytes.count, in: &bytes) { SyntaxError(line: line, column: column, reason: $0) }
        return String(decoding: bytes[decoded], as: UTF8.self)
    }

    private func text(_ range: Range<Int>) -> String { String(decoding: buffer[range], as: UTF8.self) }

    /// Makes at least `count` bytes available from `position` (false at the end of the file). May move the
    /// buffer's contents: indices are taken after it.
    @inline(__always)
    private mutating func ensure(_ count: Int) throws(SyntaxError) -> Bool {
        // One token (a tag, a text run, a comment, a declaration) is held whole: past this, the file is refused
        // rather than read into memory without bound.
        guard count <= Self.maximumTokenLength else {
            throw error("a single tag, text, comment or declaration longer than \(Self.maximumTokenLength >> 20) MiB")
        }
        while buffer.count - position < count {
            if atEnd { return false }
            try refill()
        }
        return true
    }

    /// Drops what was consumed and reads the next chunk (kept out of line: `ensure` is on every hot path).
    @inline(never)
    private mutating func refill() throws(SyntaxError) {
        if position > 0 {
            consumedBeforeBuffer += position
            buffer.removeSubrange(0..<position)
            position = 0
        }
        // Never more than the token limit held: a token one byte over it is refused, not one chunk over.
        let want = min(Self.chunk, Self.maximumTokenLength - buffer.count)
        // With read(2), into a scratch chunk kept for the purpose: an error (a directory, EIO) is thrown rather
        // than trapped on, as FileHandle's readData would, and a pipe's short reads cost only what they bring.
        if scratch.count < Self.chunk { scratch = [UInt8](repeating: 0, count: Self.chunk) }
        var n: Int
        repeat {
            n = scratch.withUnsafeMutableBufferPointer { p in p.baseAddress.map { Glibc.read(handle.fileDescriptor, $0, want) } ?? 0 }
        } while n < 0 && errno == EINTR
        let code = errno
        if n > 0 { buffer.append(contentsOf: scratch[0..<n]) }
        if n < 0 {
            var failure = error(String(cString: strerror(code)))
            failure.isReadError = true
            throw failure
        }
        if n == 0 { atEnd = true }
    }

    /// Moves on by `n` bytes, counting lines.
    private mutating func advance(_ n: Int) {
        let end = position + n
        var (lines, last) = (0, -1)
        buffer.withUnsafeBufferPointer { p in
            var i = position
            while i < end, let found = memchr(p.baseAddress! + i, 0x0A, end - i) {
                i = p.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                lines += 1
                last = i
            }
        }
        if lines > 0 {
            line += lines
            lineStart = consumedBeforeBuffer + last
        }
        position = end
    }

    /// The offset (from `position`) of the first `byte` at or after `offset`, reading more as needed; nil at the
    /// end of the file.
    @inline(__always)
    private mutating func find(_ byte: UInt8, from offset: Int = 0) throws(SyntaxError) -> Int? {
        var i = offset
        while true {
            guard try ensure(i + 1) else { return nil }
            let start = position + i
            let found: Int? = buffer.withUnsafeBufferPointer { p in
                memchr(p.baseAddress! + start, Int32(byte), p.count - start).map { p.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
            }
            if let found { return found - position }
            i = buffer.count - position
        }
    }

    /// The offset (from `position`) of `needle`, reading more as needed; nil at the end of the file.
    private mutating func find(_ needle: [UInt8], from offset: Int = 0) throws(SyntaxError) -> Int? {
        var i = offset
        while let first = try find(needle[0], from: i) {
            guard try ensure(first + needle.count) else { return nil }
            if buffer[(position + first)..<(position + first + needle.count)].elementsEqual(needle) { return first }
            i = first + 1
        }
        return nil
    }

    package static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// The next event, or nil at a well-formed end.
    package mutating func next() throws(SyntaxError) -> Event? {
        while true {
            if !started, try ensure(3), buffer[position] == 0xEF, buffer[position + 1] == 0xBB, buffer[position + 2] == 0xBF {
                advance(3)  // a UTF-8 byte-order mark
            }
            guard try ensure(1) else {
                if let end = openEnds.last {
                    let open = String(decoding: openNames[(openEnds.dropLast().last ?? 0)..<end], as: UTF8.self)
                    throw error("the file ends inside <\(open)>")
                }
                if !started { throw error("no element") }
                return nil
            }
            if buffer[position] != UInt8(ascii: "<") {
                // Text up to the next tag.
                let length = try find(UInt8(ascii: "<")) ?? (buffer.count - position)
                let start = position
                advance(length)
                // Indentation between tags is not text to anyone reading GPX.
                if buffer.withUnsafeBufferPointer({ p in (start..<(start + length)).allSatisfy { Self.isSpace(p[$0]) } }) { continue }
                let decoded = try decode(start..<(start + length))
                if openEnds.isEmpty {
                    if buffer[decoded].contains(where: { !Self.isSpace($0) }) { throw error("text outside the root element") }
                    continue
                }
                return .text(decoded)
            }
            guard try ensure(2) else { throw error("the file ends inside a tag") }
            switch buffer[position + 1] {
            case UInt8(ascii: "?"):
                guard let end = try find(Array("?>".utf8)) else { throw error("unterminated processing instruction") }
                advance(end + 2)
            case UInt8(ascii: "!"):
                if try ensure(4), buffer[position + 2] == UInt8(ascii: "-"), buffer[position + 3] == UInt8(ascii: "-") {
                    guard let end = try find(Array("-->".utf8), from: 4) else { throw error("unterminated comment") }
                    advance(end + 3)
                } else if try ensure(9), buffer[(position + 2)..<(position + 9)].elementsEqual("[CDATA[".utf8) {
                    guard let end = try find(Array("]]>".utf8), from: 9) else { throw error("unterminated CDATA section") }
                    let text = (position + 9)..<(position + end)
                    advance(end + 3)
                    return .text(text)
                } else {
                    // <!DOCTYPE …> with an optional internal subset: skipped whole, entities never defined.
                    var depth = 0
                    var i = 2
                    while true {
                        guard try ensure(i + 1) else { throw error("unterminated declaration") }
                        let c = buffer[position + i]
                        if c == UInt8(ascii: "[") { depth += 1 }
                        if c == UInt8(ascii: "]") { depth -= 1 }
                        if c == UInt8(ascii: ">"), depth <= 0 { break }
                        i += 1
                    }
                    advance(i + 1)
                }
            case UInt8(ascii: "/"):
                guard let end = try find(UInt8(ascii: ">")) else { throw error("unterminated end tag") }
                var nameEnd = position + 2
                let limit = position + end
                while nameEnd < limit, !Self.isSpace(buffer[nameEnd]) { nameEnd += 1 }
                let name = (position + 2)..<nameEnd
                guard let openEnd = openEnds.popLast() else { throw error("</\(text(name))> closes nothing") }
                let openStart = openEnds.last ?? 0
                let matches = openEnd - openStart == name.count && openNames.withUnsafeBufferPointer { open in
                    buffer.withUnsafeBufferPointer { memcmp(open.baseAddress! + openStart, $0.baseAddress! + name.lowerBound, name.count) == 0 }
                }
                guard matches else {
                    throw error("</\(text(name))> where </\(String(decoding: openNames[openStart..<openEnd], as: UTF8.self))> was expected")
                }
                openNames.removeLast(openNames.count - openStart)
                advance(end + 1)
                return .end(name: name)
            default:
                return try startTag()
            }
        }
    }

    private mutating func startTag() throws(SyntaxError) -> Event {
        var need = 2
        while true {
            let available = try ensure(need)
            startTagParses += 1
            if let event = try parseStartTag() { return event }
            guard available else { throw error("the file ends inside a tag") }
            // The tag runs past what is buffered: hold twice as much and parse it again, so that a long tag is
            // parsed a few times rather than once per chunk read (up to the token limit, where `ensure` refuses).
            let held = buffer.count - position
            need = held >= Self.maximumTokenLength ? held + 1 : min(2 * held, Self.maximumTokenLength)
        }
    }

    /// One pass over a start tag at `position`: its name, its attributes (each value skipped to its closing quote
    /// at once) and its end; nil when the tag is not all in the buffer yet.
    private mutating func parseStartTag() throws(SyntaxError) -> Event? {
        let n = buffer.count
        func isNameEnd(_ c: UInt8) -> Bool {
            Self.isSpace(c) || c == UInt8(ascii: ">") || c == UInt8(ascii: "/") || c == UInt8(ascii: "=") || c == UInt8(ascii: "<")
        }
        var k = position + 1
        while k < n, !isNameEnd(buffer[k]) { k += 1 }
        guard k < n else { return nil }
        let name = (position + 1)..<k
        guard !name.isEmpty else { throw error("a tag without a name") }
        if !attributes.isEmpty { attributes.removeAll(keepingCapacity: true) }
        let selfClosing: Bool
        let tagEnd: Int
        while true {
            while k < n, Self.isSpace(buffer[k]) { k += 1 }
            guard k < n else { return nil }
            let c = buffer[k]
            if c == UInt8(ascii: ">") {
                (selfClosing, tagEnd) = (false, k)
                break
            }
            if c == UInt8(ascii: "/") {
                guard k + 1 < n else { return nil }
                guard buffer[k + 1] == UInt8(ascii: ">") else { throw error("'/' inside a tag") }
                (selfClosing, tagEnd) = (true, k + 1)
                break
            }
            if c == UInt8(ascii: "<") { throw error("'<' inside a tag") }
            let nameStart = k
            while k < n, !isNameEnd(buffer[k]) { k += 1 }
            let attributeName = nameStart..<k
            while k < n, Self.isSpace(buffer[k]) { k += 1 }
            guard k < n else { return nil }
            guard buffer[k] == UInt8(ascii: "="), !attributeName.isEmpty else {
                throw error(attributeName.isEmpty ? "'\(Character(Unicode.Scalar(buffer[k])))' inside a tag" : "attribute \(text(attributeName)) has no value")
            }
            k += 1
            while k < n, Self.isSpace(buffer[k]) { k += 1 }
            guard k < n else { return nil }
            let q = buffer[k]
            guard q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") else { throw error("attribute \(text(attributeName)) is not quoted") }
            let valueStart = k + 1
            let close = buffer.withUnsafeBufferPointer { p in
                memchr(p.baseAddress! + valueStart, Int32(q), n - valueStart).map { p.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
            }
            guard let close else { return nil }
            attributes.append((attributeName, valueStart..<close))
            k = close + 1
        }
        if openEnds.isEmpty, started { throw error("a second root element") }
        started = true
        if !selfClosing {
            openNames.append(contentsOf: buffer[name])
            openEnds.append(openNames.count)
        }
        advance(tagEnd + 1 - position)
        return .start(name: name, selfClosing: selfClosing)
    }

    /// Decodes entities in place (the five predefined, and numeric; a decoded entity is never longer than its
    /// reference) and returns the decoded range; any other entity is an error (none can be defined: the DOCTYPE
    /// is skipped).
    private mutating func decode(_ range: Range<Int>) throws(SyntaxError) -> Range<Int> {
        let (line, column) = location
        return try Self.decode(range, in: &buffer) { SyntaxError(line: line, column: column, reason: $0) }
    }

    /// Decodes the entities of `bytes[range]` in place; returns the decoded range.
    private static func decode(_ range: Range<Int>, in bytes: inout [UInt8], error: (String) -> SyntaxError) throws(SyntaxError) -> Range<Int> {
        guard !range.isEmpty else { return range }  // (an empty array may have no base address)
        let ampersand = bytes.withUnsafeBufferPointer { p in
            memchr(p.baseAddress! + range.lowerBound, Int32(UInt8(ascii: "&")), range.count).map { p.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
        }
        guard let first = ampersand else { return range }
        var out = first
        var i = first
        while i < range.upperBound {
            let c = bytes[i]
            guard c == UInt8(ascii: "&") else { bytes[out] = c; out += 1; i += 1; continue }
            guard let semicolon = bytes[i..<range.upperBound].firstIndex(of: UInt8(ascii: ";")), semicolon - i <= 10 else {
                throw error("a bare '&' in text")
            }
            let entity = String(decoding: bytes[(i + 1)..<semicolon], as: UTF8.self)
            var replacement: [UInt8]
            switch entity {
            case "amp": replacement = [UInt8(ascii: "&")]
            case "lt": replacement = [UInt8(ascii: "<")]
            case "gt": replacement = [UInt8(ascii: ">")]
            case "quot": replacement = [UInt8(ascii: "\"")]
            case "apos": replacement = [UInt8(ascii: "'")]
            default:
                let value: UInt32?
                if entity.hasPrefix("#x") { value = UInt32(entity.dropFirst(2), radix: 16) } else if entity.hasPrefix("#") { value = UInt32(entity.dropFirst()) } else { value = nil }
                guard let value, let scalar = Unicode.Scalar(value) else { throw error("unknown entity &\(entity);") }
                replacement = Array(String(Character(scalar)).utf8)
            }
            for b in replacement {
                bytes[out] = b
                out += 1
            }
            i = semicolon + 1
        }
        return range.lowerBound..<out
    }
}
