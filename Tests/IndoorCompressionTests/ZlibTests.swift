import Foundation
import IndoorCompression
import Testing

/// zlib as the PBF reader and the service use it: a stream inflates only to exactly the size it announces, and a
/// gzip member carries the deflated data.
@Suite struct ZlibTests {
    /// `zlib.compress(b"indoor navigation, indoor navigation, indoor navigation")`, with three bytes of padding
    /// around it, as a stream sits inside a larger buffer.
    let stream: [UInt8] = [0, 0, 0] + [120, 156, 203, 204, 75, 201, 207, 47, 82, 200, 75, 44, 203, 76, 79, 44, 201, 204, 207, 211,
                                       81, 200, 36, 66, 8, 0, 78, 232, 21, 42] + [0, 0, 0]
    let text = "indoor navigation, indoor navigation, indoor navigation"
    var range: Range<Int> { 3..<(stream.count - 3) }

    @Test func inflatesToTheAnnouncedSize() throws {
        let out = try Zlib.inflate(stream, range: range, to: text.utf8.count)
        #expect(String(decoding: out, as: UTF8.self) == text)
    }

    @Test func aWrongAnnouncedSizeOrCorruptDataIsAnError() throws {
        #expect(throws: Zlib.InflateError.shorter(inflated: text.utf8.count, announced: 100)) {
            try Zlib.inflate(stream, range: range, to: 100)
        }
        #expect(throws: Zlib.InflateError.longerOrCutOff(announced: 10)) { try Zlib.inflate(stream, range: range, to: 10) }
        // Cut off: zlib says so as a data error or as a buffer error, depending on where the cut falls.
        #expect(throws: Zlib.InflateError.self) { try Zlib.inflate(stream, range: 3..<20, to: text.utf8.count) }
        var corrupt = stream
        corrupt[3] = 0
        #expect(throws: Zlib.InflateError.self) { try Zlib.inflate(corrupt, range: range, to: text.utf8.count) }
        #expect(try Zlib.inflate(stream, range: range, to: 0) == [])
    }

    @Test func gzipWritesAMemberWithItsHeaderAndTrailer() throws {
        let data = Data(String(repeating: text, count: 20).utf8)
        let member = try #require(Zlib.gzip(data))
        #expect(member.count < data.count / 4)
        #expect(Array(member.prefix(3)) == [0x1f, 0x8b, 8], "the gzip magic and deflate")
        // The trailer: CRC-32 and ISIZE (the input's length, little-endian).
        let size = member.suffix(4).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        #expect(size == data.count)
    }
}
