import Foundation
import IndoorVenue
import Testing

/// Hostile OSM XML: external entities never read, entity expansion never done, deep nesting without recursion,
/// and bytes that once crashed FoundationXML's parser read as the error they are.
@Suite struct HostileOSMTests {
    static func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "indoornav-hostile-\(UUID().uuidString).osm"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let node = "<node id='1' lat='51.02' lon='13.72'><tag k='indoor' v='room'/><tag k='level' v='0'/></node>"

    @Test func externalEntitiesAreNeverRead() throws {
        let path = try Self.file("<?xml version='1.0'?>\n<!DOCTYPE osm [<!ENTITY xxe SYSTEM 'file:///etc/passwd'>]>\n<osm version='0.6'>\n"
            + "<node id='1' lat='51.02' lon='13.72'><tag k='name' v='&xxe;'/></node></osm>")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect { try OSMLoader.load(path: path) } throws: { error in
            let text = "\(error.localizedDescription)"
            return text.contains("line 4") && text.contains("unknown entity &xxe;") && !text.contains("root:")
        }
    }

    @Test func entityExpansionIsNeverDone() throws {
        var doctype = "<!DOCTYPE osm [<!ENTITY a0 \"lol\">"
        for i in 1...9 { doctype += "<!ENTITY a\(i) \"" + String(repeating: "&a\(i - 1);", count: 10) + "\">" }
        let path = try Self.file(doctype + "]><osm version='0.6'><node id='1' lat='1' lon='1'><tag k='name' v='&a9;'/></node></osm>")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let start = ContinuousClock.now
        #expect(throws: VenueError.self) { try OSMLoader.load(path: path) }
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func deepNestingIsReadWithoutRecursion() throws {
        let depth = 200_000
        let path = try Self.file("<osm version='0.6'>" + String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth) + "</osm>")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: VenueError.self) { try OSMLoader.load(path: path) }  // no indoor features: not a venue
    }

    /// A comment with bytes that are not UTF-8 (what crashed FoundationXML under the fuzzer) is skipped like any
    /// comment, and character references in values are read.
    @Test func oddCommentsAreSkipped() throws {
        let bytes = Data("<osm version='0.6'><!-- ".utf8) + Data([0xFF, 0xFE, 0x80]) + Data(" --><way id='7'><nd ref='1'/></way>".utf8)
            + Data("<node id='1' lat='51.02' lon='13.72'><tag k='name' v='Caf&#233; &amp; Bar'/></node></osm>".utf8)
        let path = NSTemporaryDirectory() + "indoornav-hostile-\(UUID().uuidString).osm"
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Parsed to the end: the file holds no indoor feature, and says so (not a syntax error).
        #expect { try OSMLoader.load(path: path) } throws: { !"\($0.localizedDescription)".contains("XML error") }
    }
}
