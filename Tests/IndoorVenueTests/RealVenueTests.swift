import Foundation
import IndoorGeometry
import IndoorSampleVenue
import IndoorVenue
import Testing

/// The shipped third-party venues, loaded from `venues/`.
@Suite struct RealVenueTests {
    @Test func loadsTheSPbSTUCampus() throws {
        let venue = try VenueLoader.load(path: Repository.path("venues/imdf-spbstu-polytech"))
        #expect(venue.sourceFormat == "IMDF 1.0.0")
        #expect(venue.spaces.count == 443)  // every IMDF unit is a space
        #expect(venue.openings.count == 472)
        #expect(venue.buildings.count == 80)
        #expect(venue.levels.count == 8)
        #expect(venue.name.resolved("ru") == "Санкт-Петербургский политехнический университет Петра Великого")
        #expect(venue.name.resolved("en") == "Peter the Great St.Petersburg Polytechnic University")
        // The exporter's extra files are reported, not fatal; no relationships, so stacked stairs are joined.
        #expect(venue.issues("unknown-file").count == 5)
        #expect(venue.issues.allSatisfy { $0.severity != .error })
        #expect(venue.connectors.contains { $0.kind == .elevator && $0.stops.count >= 3 })
        #expect(venue.connectors.contains { $0.kind == .stairs })
        // Occupants are POIs at their anchors, with the room number as ref.
        let room104 = try #require(venue.pois.first { $0.name.resolved("en") == "Classroom 104" })
        #expect(room104.ref == "104")
        #expect(room104.spaceID != nil)
    }

    @Test func loadsTheDresdenOSMBuildingWithEveryLevel() throws {
        let venue = try VenueLoader.load(path: Repository.path("venues/osm-dresden-apb/apb.osm"))
        let ordinals = venue.levels.map(\.ordinal)
        #expect(ordinals == [-1, 0, 0.08, 0.25, 0.5, 1, 1.5, 2, 3])
        #expect(venue.spaces.count > 400)
        #expect(venue.openings.count > 450)
        #expect(venue.buildings.first?.name.resolved() == "Andreas-Pfitzmann-Bau")
        // Elevators tagged level=0-3 join four levels.
        #expect(venue.connectors.filter { $0.kind == .elevator && $0.levelIDs == ["0", "1", "2", "3"] }.count == 2)
    }

    /// Each feature with `repeat_on` (in this building: doors of stacked rooms, and stair paths) appears on its
    /// own levels and on every level `repeat_on` names.
    @Test func repeatOnFeaturesAppearOnEveryLevelTheyName() throws {
        let path = Repository.path("venues/osm-dresden-apb/apb.osm")
        let venue = try VenueLoader.load(path: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The door nodes that carry repeat_on, read independently of the loader.
        var expected: [String: Set<String>] = [:]
        for block in text.components(separatedBy: "<node ").dropFirst() {
            let element = block.components(separatedBy: "</node>")[0]
            guard element.contains("k='door'"), let repeatOn = attribute(element, "repeat_on"),
                  let level = attribute(element, "level"), let id = element.split(separator: "'").dropFirst().first else { continue }
            let levels = (OSMLoader.levels(level) ?? []) + (OSMLoader.levels(repeatOn) ?? [])
            expected["node/\(id)"] = Set(levels.map { $0.rounded() == $0 ? String(Int($0)) : String($0) })
        }
        #expect(expected.count == 12)
        for (id, levels) in expected {
            let found = Set(venue.openings.filter { $0.id.hasPrefix(id + "@") }.map(\.levelID))
            #expect(found == levels, "\(id)")
        }
    }

    private func attribute(_ element: String, _ key: String) -> String? {
        guard let r = element.range(of: "k='\(key)' v='") else { return nil }
        return String(element[r.upperBound...].prefix { $0 != "'" })
    }

    @Test func theEmbeddedSampleVenueIsTheShippedTransitHub() throws {
        let embedded = try SampleVenue.load()
        let shipped = try VenueLoader.load(path: Repository.path("venues/transit-hub"))
        #expect(embedded.spaces == shipped.spaces)
        #expect(embedded.openings == shipped.openings)
        #expect(embedded.levels.map(\.ordinal) == [-1, 0, 1])
        #expect(embedded.issues.isEmpty)
        #expect(VenueValidator().validate(embedded).isEmpty)
        #expect(Set(embedded.connectors.map(\.kind)) == [.stairs, .elevator, .escalator])
        #expect(embedded.connectors.filter { $0.kind == .escalator }.allSatisfy { $0.isDirected })
        #expect(embedded.pois.contains { $0.name.resolved("fr") == "Billetterie" })
    }

    @Test func findsTheSpaceUnderAPoint() throws {
        let venue = try SampleVenue.load()
        let index = VenueSpatialIndex(venue)
        for poi in venue.pois where poi.kind == .occupant {
            #expect(index.spaceID(at: poi.coordinate, levelID: poi.levelID) == poi.spaceID)
        }
    }
}

@Suite struct OSMLevelTests {
    @Test(arguments: [
        ("0", [0.0]), ("0.5", [0.5]), ("-1", [-1]), ("1-3", [1, 2, 3]), ("-1-3", [-1, 0, 1, 2, 3]),
        ("-2;-1", [-2, -1]), ("1;2", [1, 2]), ("-3--1", [-3, -2, -1]), ("0.5-2", [0.5, 1, 2]), (" 2 ; 0 ", [0, 2]),
    ])
    func parsesLevelValues(value: String, expected: [Double]) {
        #expect(OSMLoader.levels(value) == expected)
    }

    @Test(arguments: ["", "ground", "3-1", "1-", "0-100000", "nan", "1e19", "100000000000000000-100000000000000016"])
    func rejectsWhatIsNotALevel(value: String) {
        #expect(OSMLoader.levels(value) == nil)
    }
}
