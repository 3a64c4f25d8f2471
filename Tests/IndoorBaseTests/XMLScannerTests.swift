import Foundation
import IndoorBase
import Testing

/// The streaming XML scanner under GPX and OSM (its hostile inputs are tested through those readers).
@Suite struct XMLScannerTests {
    /// A start tag of 12 MiB is parsed a handful of times, as what is held doubles, not once per 1 MiB chunk
    /// read (which made a long tag quadratic).
    @Test func aLongStartTagIsParsedAFewTimes() throws {
        let path = NSTemporaryDirectory() + "indoornav-scanner-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tag = "<a b=\"" + String(repeating: "x", count: 12 << 20) + "\"/>"
        try Data(("<root>" + tag + "</root>").utf8).write(to: URL(fileURLWithPath: path))
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        var scanner = XMLScanner(handle: handle)
        var starts = 0
        while let event = try scanner.next() {
            if case .start = event { starts += 1 }
        }
        #expect(starts == 2)
        // <root> once, then the long tag with 1, 2, 4, 8 and 16 MiB held.
        #expect(scanner.startTagParses <= 6)
    }
}
