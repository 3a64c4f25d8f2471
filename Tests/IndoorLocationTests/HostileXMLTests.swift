import Foundation
import IndoorLocation
import IndoorTestSupport
import Testing

/// Hostile XML given to the GPX reader: each refused or read with a clear result, in bounded time and memory.
@Suite struct HostileGPXTests {
    static func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "indoornav-hostile-\(UUID().uuidString).gpx"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// "Billion laughs": the entities are never defined (the DOCTYPE is skipped whole), so a reference is an
    /// unknown entity with its line, at once.
    @Test func entityExpansionIsNeverDone() throws {
        var doctype = "<!DOCTYPE gpx [<!ENTITY lol0 \"lol\">"
        for i in 1...9 { doctype += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">" }
        doctype += "]>"
        let path = try Self.file("<?xml version='1.0'?>\n" + doctype + "\n<gpx version='1.1'>\n<wpt lat='1' lon='2'><name>&lol9;</name></wpt></gpx>")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let start = ContinuousClock.now
        #expect { try GPXReader.read(path: path) } throws: { error in
            "\(error.localizedDescription)".contains(":4:") && "\(error.localizedDescription)".contains("unknown entity &lol9;")
        }
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    /// A start tag longer than the scanner reads at a time (2.5 MiB of attributes, the last tag of the file) is
    /// read whole; cut before its `>`, it is an error that says so.
    @Test func aTagLongerThanABufferIsReadWhole() throws {
        let attributes = String(repeating: "a=\"1\" ", count: 420_000)
        let path = try Self.file("<gpx version='1.1'>\n<wpt " + attributes + "lat='1' lon='2'/></gpx>")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try GPXReader.read(path: path).waypoints == 1)
        let cut = try Self.file("<gpx version='1.1'>\n<wpt " + attributes + "lat='1' lon='2'")
        defer { try? FileManager.default.removeItem(atPath: cut) }
        #expect { try GPXReader.read(path: cut) } throws: { "\($0.localizedDescription)".contains("ends inside a tag") }
    }

    /// 200,000 nested elements: no recursion to overflow, read in linear time.
    @Test func deepNestingIsReadWithoutRecursion() throws {
        let depth = 200_000
        let path = try Self.file("<gpx version='1.1'><wpt lat='1' lon='2'><extensions>" + String(repeating: "<a>", count: depth)
            + String(repeating: "</a>", count: depth) + "</extensions></wpt></gpx>")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let summary = try GPXReader.read(path: path)
        #expect(summary.waypoints == 1)
        // Unclosed: an error that names the element, not a crash.
        let cut = try Self.file("<gpx version='1.1'>" + String(repeating: "<a>", count: depth))
        defer { try? FileManager.default.removeItem(atPath: cut) }
        #expect { try GPXReader.read(path: cut) } throws: { "\($0.localizedDescription)".contains("ends inside <a>") }
    }

    /// A stream many times the reader's buffer (here 8 MiB through a pipe, never on disk) is read to the end. (Its memory
    /// is measured by `FaultTests.aGigabyteOfGPXIsStreamedInBoundedMemory`, in a process of its own: tests in this
    /// process run side by side, so its peak is theirs too.)
    @Test func aLongStreamIsReadInBoundedMemory() throws {
        let pipe = try PathPipe()
        let point = "<trkpt lat=\"48.85\" lon=\"2.35\"><ele>35.0</ele><time>2024-03-15T06:30:00Z</time></trkpt>\n"
        let chunk = Data(String(repeating: point, count: (1 << 20) / point.utf8.count).utf8)
        let chunks = 8
        writeOnAThread(to: pipe.writer) { write in
            guard write(Data("<gpx version='1.1'><trk><trkseg>\n".utf8)) else { return }
            for _ in 0..<chunks where !write(chunk) { return }
            _ = write(Data("</trkseg></trk></gpx>\n".utf8))
        }
        let summary = try GPXReader.read(path: pipe.path)
        #expect(summary.trackPoints == chunks * ((1 << 20) / point.utf8.count))
    }

    /// One text run longer than the scanner holds (64 MiB; here half a MiB more, through a pipe): refused with a
    /// reason, not read into memory without bound.
    @Test func aGiantTokenIsRefused() throws {
        let pipe = try PathPipe()
        // The reader stops early: the writer stops at its EPIPE once the pipe is gone.
        writeOnAThread(to: pipe.writer) { write in
            let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
            guard write(Data("<gpx version='1.1'><wpt lat='1' lon='2'><name>".utf8)) else { return }
            for _ in 0..<64 where !write(chunk) { return }
            _ = write(chunk.prefix(1 << 19))
        }
        #expect { try GPXReader.read(path: pipe.path) } throws: { "\($0.localizedDescription)".contains("longer than 64 MiB") }
    }
}
