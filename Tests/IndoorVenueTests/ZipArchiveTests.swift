import Foundation
import IndoorVenue
import Testing

/// Zipped IMDF archives, read in memory; hostile archives are refused with a reason.
@Suite struct ZipArchiveTests {
    func transitHubZip(prefix: String = "") throws -> ZipWriter {
        var zip = ZipWriter()
        let folder = Repository.path("venues/transit-hub")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        where name.hasSuffix(".geojson") || name == "manifest.json" {
            zip.add(prefix + name, try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)")))
        }
        return zip
    }

    @Test(arguments: ["", "transit-hub/"])
    func loadsAZippedArchive(prefix: String) throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("hub.imdf", try transitHubZip(prefix: prefix).archive())
        let zipped = try VenueLoader.load(path: path)
        let folder = try VenueLoader.load(path: Repository.path("venues/transit-hub"))
        #expect(zipped.spaces == folder.spaces)
        #expect(zipped.connectors == folder.connectors)
    }

    func expectRefused(_ zip: Data, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("venue.zip", zip)
        do {
            _ = try VenueLoader.load(path: path)
            Issue.record("loaded a hostile archive", sourceLocation: sourceLocation)
        } catch {
            guard case .archive(_, let message) = error else {
                Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
                return
            }
            if !reason.isEmpty { #expect(message.contains(reason), "\(message)", sourceLocation: sourceLocation) }
        }
    }

    @Test(arguments: ["../unit.geojson", "a/../../unit.geojson", "/etc/unit.geojson"])
    func refusesPathsThatEscape(name: String) throws {
        var zip = try transitHubZip()
        zip.add(name, Data("{}".utf8))
        try expectRefused(zip.archive(), "outside the archive")
    }

    @Test func refusesSymbolicLinks() throws {
        var zip = try transitHubZip()
        zip.add("navPath.geojson", Data("/etc/passwd".utf8), symlink: true)
        try expectRefused(zip.archive(), "symbolic link")
    }

    @Test func refusesAZipBomb() throws {
        var zip = try transitHubZip()
        zip.add("navPath.geojson", Data("[]".utf8), declaredSize: 0xFFFF_FFF0)
        try expectRefused(zip.archive(), "zip bomb")
    }

    @Test func refusesDuplicateEntries() throws {
        var zip = try transitHubZip()
        zip.add("other/unit.geojson", Data("{}".utf8))
        try expectRefused(zip.archive(), "two entries")
    }

    @Test func refusesATruncatedArchive() throws {
        let whole = try transitHubZip().archive()
        try expectRefused(whole.prefix(whole.count / 2), "")
        try expectRefused(Data(), "empty")
    }

    @Test func refusesAnEntryLargerThanItDeclares() throws {
        var zip = try transitHubZip()
        zip.add("extra.geojson", Data(repeating: 0x20, count: 100), declaredSize: 10)
        try expectRefused(zip.archive(), "")
    }
}
