import IndoorBase
import Testing

@Suite struct LineFramerTests {
    func lines(_ text: String, chunk: Int, maximum: Int = 8, carriageReturnEnds: Bool = false) -> [String] {
        var framer = LineFramer(maximumLength: maximum, carriageReturnEnds: carriageReturnEnds)
        var out: [String] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let piece = Array(bytes[start..<min(start + chunk, bytes.count)])
            piece.withUnsafeBufferPointer { buffer in
                var i = 0
                while framer.take(buffer, from: &i) {
                    out.append(framer.overflowed ? "<too long>" : String(decoding: framer.line, as: UTF8.self))
                    framer.clear()
                }
            }
            start += chunk
        }
        if framer.isPending { out.append(String(decoding: framer.line, as: UTF8.self)) }
        return out
    }

    /// Lines are the same whatever the chunks; a line past the bound is one overflow, not its bytes; the last line
    /// without a newline is left pending.
    @Test func linesDoNotDependOnChunksAndAreBounded() {
        let text = "ab\ncdefghijklmn\n\nxyz\r\ntail"
        for chunk in [1, 2, 3, 7, 100] {
            #expect(lines(text, chunk: chunk) == ["ab", "<too long>", "", "xyz\r", "tail"], "chunk \(chunk)")
        }
        #expect(lines("a\rb\r\nc\n", chunk: 2, carriageReturnEnds: true) == ["a", "b", "", "c"])
    }
}
