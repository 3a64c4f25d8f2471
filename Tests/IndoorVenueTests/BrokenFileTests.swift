import Foundation
import IndoorVenue
import Testing

/// A feature file that does not load is the root cause of what follows from it: its own error comes first, and
/// the dangling references its missing features leave are said once per referring file, as following from it.
@Suite struct BrokenFileTests {
    /// The sample venue's files, with `unit.geojson` cut in half (as a download that stopped).
    static func truncatedUnits() throws -> [String: Data] {
        let dir = Repository.path("venues/transit-hub")
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) where name.hasSuffix(".geojson") || name == "manifest.json" {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
        }
        let units = try #require(files["unit.geojson"])
        files["unit.geojson"] = units.prefix(units.count / 2)
        return files
    }

    @Test func aTruncatedUnitFileIsReportedBeforeWhatFollowsFromIt() throws {
        let venue = try IMDFLoader.load(files: try Self.truncatedUnits(), source: "transit-hub")
        let issues = VenueValidator().validate(venue)
        let first = try #require(issues.first)
        #expect(first.code == "invalid-json" && first.file == "unit.geojson" && first.line != nil, "\(first)")
        #expect(first.isFileFailure)
        // One dangling-reference issue per file whose features named units, each saying why.
        let dangling = issues.filter { $0.code == "dangling-reference" }
        #expect(Set(dangling.compactMap(\.file)) == ["amenity.geojson", "occupant.geojson", "relationship.geojson"])
        #expect(dangling.count == 3)
        #expect(dangling.allSatisfy { $0.message.contains("unit.geojson, which did not load") && $0.featureID == nil }, "\(dangling)")
        #expect(dangling.allSatisfy { issue in issues.firstIndex(of: issue).map { $0 > 0 } == true })
    }

    /// With every file whole, dangling references are still reported one by one, with their feature.
    @Test func aDanglingReferenceWithoutABrokenFileNamesItsFeature() throws {
        var files = try Self.truncatedUnits()
        files["unit.geojson"] = try Data(contentsOf: URL(fileURLWithPath: Repository.path("venues/transit-hub/unit.geojson")))
        let amenityData = try #require(files["amenity.geojson"])
        let amenities = try #require(String(data: amenityData, encoding: .utf8))
        let unitID = try #require(amenities.firstMatch(of: /"unit_ids"\s*:\s*\[\s*"([^"]+)"/)?.1)
        files["amenity.geojson"] = Data(amenities.replacingOccurrences(of: String(unitID), with: "no-such-unit").utf8)
        let venue = try IMDFLoader.load(files: files, source: "transit-hub")
        let dangling = venue.issues.filter { $0.code == "dangling-reference" }
        #expect(!dangling.isEmpty && dangling.allSatisfy { $0.featureID != nil && $0.message.contains("no-such-unit") }, "\(dangling)")
    }
}
