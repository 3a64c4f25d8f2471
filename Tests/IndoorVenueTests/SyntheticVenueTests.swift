import Foundation
import IndoorBase
import IndoorGeometry
import IndoorVenue
import Testing

/// The small venues drawn by hand in `Fixtures/` (their layout is drawn in each file or EXPECTED.md).
@Suite struct TinyIMDFTests {
    let venue: Venue

    init() throws {
        venue = try VenueLoader.load(path: Repository.fixture("tiny-imdf"))
    }

    @Test func loadsEveryFeatureType() {
        #expect(venue.levels.map(\.id) == ["level-0", "level-1"])
        #expect(venue.spaces.count == 6)
        #expect(venue.openings.count == 4)
        #expect(venue.obstacles.count == 1)
        #expect(venue.issues.isEmpty)
        #expect(venue.levels[0].name.resolved("fr") == "Rez-de-chaussée")
        #expect(venue.levels[0].name.resolved("de") == "Ground")  // falls back to English
        #expect(venue.address?.locality == "Testville")
    }

    /// An id names its feature, in one order whatever shares it: a POI that is not a room, then a space (a room's
    /// POI may carry its space's id), then a room's POI, then an opening; ids kept once answer as a scan does.
    @Test func everyFeatureIsFoundByItsID() throws {
        let ids = PlaceIDs(venue)
        for poi in venue.pois where poi.kind != .room {
            let first = try #require(venue.pois.first { $0.id == poi.id && $0.kind != .room })
            #expect(try venue.place(identifiedBy: " \(poi.id)\n", ids: ids) == .poi(first))
        }
        for space in venue.spaces where !venue.pois.contains(where: { $0.id == space.id && $0.kind != .room }) {
            #expect(try venue.place(identifiedBy: space.id, ids: ids) == .space(space))
        }
        for opening in venue.openings where !venue.pois.contains(where: { $0.id == opening.id }) && !venue.spaces.contains(where: { $0.id == opening.id }) {
            #expect(try venue.place(identifiedBy: opening.id, ids: ids) == .opening(opening))
        }
        // A room's POI sharing its space's id gives way to the space.
        var shared = venue
        let room = try #require(shared.pois.firstIndex { $0.kind == .room })
        let space = try #require(shared.spaces.first)
        shared.pois[room].id = space.id
        #expect(try shared.place(identifiedBy: space.id) == .space(space))
        #expect(try shared.place(identifiedBy: "no such id") == nil)
        #expect(throws: PlaceError.empty) { try shared.place(identifiedBy: "  ", ids: PlaceIDs(shared)) }
        // Ids made of another venue (here one with no POIs) are checked, never trusted to index this one.
        var other = venue
        other.pois = []
        let lone = try #require(venue.pois.last { poi in !venue.spaces.contains { $0.id == poi.id } && !venue.openings.contains { $0.id == poi.id } })
        #expect(try other.place(identifiedBy: lone.id, ids: ids) == nil)
    }

    @Test func levelsStaySortedAndFoundByIdWhateverIsAssigned() throws {
        var v = venue
        v.levels = v.levels.reversed()
        #expect(v.levels.map(\.id) == ["level-0", "level-1"])
        v.levels[1].ordinal = -1
        #expect(v.levels.map(\.id) == ["level-1", "level-0"])
        #expect(v.level(id: "level-1")?.ordinal == -1)
        #expect(v.level(id: "level-0")?.ordinal == 0)
        v.levels.removeAll { $0.id == "level-0" }
        #expect(v.level(id: "level-0") == nil)
        #expect(v.level(id: "level-1") != nil)
    }

    /// The metric shapes every consumer shares follow the venue: a copy whose spaces, openings or obstacles change
    /// gets shapes of its new geometry, and the original keeps its own.
    @Test func shapesFollowTheGeometryTheyWereProjectedFrom() throws {
        let before = try #require(venue.shapes.spaces[0]?.boundingBox)
        #expect(venue.shapes.spaces.count == venue.spaces.count)
        #expect(venue.shapes.openings.count == venue.openings.count && venue.shapes.obstacles.count == venue.obstacles.count)
        var moved = venue
        moved.spaces[0].geometry = try moved.frame.unproject(.polygon(Polygon(rings: [[
            Coordinate(x: 100, y: 100), Coordinate(x: 104, y: 100), Coordinate(x: 104, y: 103), Coordinate(x: 100, y: 100),
        ]])))
        let after = try #require(moved.shapes.spaces[0]?.boundingBox)
        #expect(abs(after.minX - 100) < 1e-6 && abs(after.maxY - 103) < 1e-6)
        #expect(venue.shapes.spaces[0]?.boundingBox == before, "the original keeps its shapes")
        moved.openings.removeAll()
        moved.obstacles.removeAll()
        #expect(moved.shapes.openings.isEmpty && moved.shapes.obstacles.isEmpty)
        #expect(moved.shapes.spaces.count == venue.spaces.count)
    }

    @Test func relationshipsBecomeConnectors() throws {
        let stairs = try #require(venue.connectors.first)
        #expect(stairs.kind == .stairs)
        #expect(stairs.levelIDs == ["level-0", "level-1"])
        #expect(stairs.stops.map(\.spaceID) == ["unit-stairs-0", "unit-stairs-1"])
        #expect(!stairs.isDirected)
    }

    @Test func occupantsAndAmenitiesArePOIsInTheirSpaces() throws {
        let cafe = try #require(venue.pois.first { $0.kind == .occupant })
        #expect(cafe.name.resolved() == "Café Müller")
        #expect(cafe.spaceID == "unit-shop-0")
        #expect(cafe.levelID == "level-0")
        let toilets = try #require(venue.pois.first { $0.kind == .amenity })
        #expect(toilets.name.resolved("fr") == "Toilettes")
        #expect(VenueSpatialIndex(venue).spaceID(at: toilets.coordinate, levelID: toilets.levelID) == "unit-hall-0")
        #expect(venue.pois.contains { $0.kind == .room && $0.name.resolved() == "Office 101" })
    }

    @Test func openingsKnowTheirWidth() throws {
        // The fixture was drawn with a spherical 111,320 m per degree, 0.2 % off the WGS84 ellipsoid at 48° N.
        for opening in venue.openings { #expect(abs((opening.width ?? 0) - 1) < 0.005) }
    }

    @Test func isValid() {
        #expect(VenueValidator().validate(venue).isEmpty)
    }
}

@Suite struct BrokenVenueTests {
    /// Every defect drawn into `broken-imdf` (see its EXPECTED.md) is reported by code and feature id, and the
    /// valid features around them still load.
    @Test func reportsEachDefectByFeatureID() throws {
        let venue = try VenueLoader.load(path: Repository.fixture("broken-imdf"))
        let issues = VenueValidator().validate(venue)
        let found = Set(issues.map { "\($0.severity.rawValue) \($0.code) \($0.featureID ?? $0.file ?? "")" })
        let expected: Set<String> = [
            "error invalid-geometry unit-selfx",
            "error invalid-feature unit-open-ring",
            "error overlap unit-shop-0",
            "error dangling-reference unit-dangling",
            "warning wrong-type unit-wrong-types",
            "error duplicate-id unit-dup",
            "error opening-off-boundary opening-off",
            "warning opening-off-boundary opening-cm-off",
            "error dangling-reference occ-dangling",
            "warning empty-level level-empty",
            "warning lenient-json amenity.geojson",
            "error empty-file fixture.geojson",
            "info unknown-file navPath.geojson",
        ]
        #expect(found == expected)
        #expect(issues.first { $0.code == "lenient-json" }?.line == 32)
        #expect(issues.first { $0.code == "overlap" }?.message.contains("unit-overlap") == true)
        // What is not broken still loads.
        let spaces = Set(venue.spaces.map(\.id))
        #expect(spaces == ["unit-hall-0", "unit-shop-0", "unit-stairs-0", "unit-hall-1", "unit-stairs-1", "unit-office-1",
                           "unit-selfx", "unit-overlap", "unit-wrong-types", "unit-dup"])
        #expect(venue.spaces.first { $0.id == "unit-dup" }?.name.resolved() == "Duplicate A (first copy)")
        #expect(Set(venue.openings.map(\.id)).count == 6)
        #expect(venue.pois.contains { $0.id == "amenity-restroom-0" })
        #expect(venue.connectors.count == 1)
    }

    @Test func syntaxErrorsNameTheirLine() throws {
        let venue = try VenueLoader.load(path: Repository.fixture("broken-json"))
        let errors = venue.issues.filter { $0.code == "invalid-json" }
        #expect(errors.map(\.file) == ["opening.geojson", "unit.geojson"])
        #expect(errors.map(\.line) == [50, 104])
        #expect(errors[0].message.contains("NaN"))
        #expect(errors[1].message.contains("truncated"))
    }

    @Test func aVenueWithNoUsableLevelSaysWhatWasWrong() throws {
        do {
            _ = try VenueLoader.load(path: Repository.fixture("wrong-types"))
            Issue.record("loaded")
        } catch {
            guard case .noLevels(_, let issues) = error else { Issue.record("\(error)"); return }
            let found = Set(issues.map { "\($0.code) \($0.featureID ?? $0.file ?? "")" })
            #expect(found == ["invalid-geojson level.geojson", "invalid-feature o1", "empty-collection unit.geojson",
                              "lenient-json venue.geojson"])
        }
    }

    @Test func aFolderThatIsNotAVenue() {
        #expect(throws: VenueError.self) { try VenueLoader.load(path: Repository.fixture("not-a-venue")) }
        #expect(throws: VenueError.notFound(path: "/no/such/venue")) { try VenueLoader.load(path: "/no/such/venue") }
        #expect(throws: VenueError.self) { try VenueLoader.load(path: Repository.fixture("NOTICE")) }
    }

    /// Whatever a file holds, loading throws or reports; it never traps. Each IMDF file of tiny-imdf is cut short
    /// or has bytes replaced, with a seeded generator so failures repeat.
    @Test func neverTrapsOnMangledFiles() throws {
        let folder = Repository.fixture("tiny-imdf")
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)"))
        }
        var rng = SeededGenerator(seed: 2026)
        let junk: [UInt8] = Array("{}[],:\"0-9.eNaI \n\u{0}".utf8) + [0xFF, 0xC3]
        var loaded = 0
        for round in 0..<400 {
            var mangled = files
            let name = files.keys.sorted()[Int(rng.next() % UInt64(files.count))]
            var bytes = [UInt8](files[name] ?? Data())
            if round % 2 == 0 {
                bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count + 1))))
            } else {
                for _ in 0..<1 + Int(rng.next() % 5) where !bytes.isEmpty {
                    bytes[Int(rng.next() % UInt64(bytes.count))] = junk[Int(rng.next() % UInt64(junk.count))]
                }
            }
            mangled[name] = Data(bytes)
            if let venue = try? IMDFLoader.load(files: mangled, source: "mangled") {
                _ = VenueValidator().validate(venue)
                loaded += 1
            }
        }
        #expect(loaded > 0)
    }
}

@Suite struct TinyOSMTests {
    let venue: Venue

    init() throws {
        venue = try VenueLoader.load(path: Repository.fixture("tiny.osm"))
    }

    @Test func levelsIncludeTheMezzanine() {
        #expect(venue.levels.map(\.ordinal) == [0, 0.5, 1, 2])
        #expect(venue.buildings.map { $0.name.resolved() } == ["Tiny Hall"])
    }

    @Test func aRepeatOnRoomIsOnEveryLevelItNames() {
        let meeting = venue.spaces.filter { $0.ref == "R2" }
        #expect(Set(meeting.map(\.levelID)) == ["0", "1", "2"])
    }

    @Test func namesKeepEveryLanguage() throws {
        let lab = try #require(venue.spaces.first { $0.ref == "R1" })
        #expect(lab.name.resolved("fr") == "Laboratoire")
        #expect(lab.name.resolved() == "Lab")
        #expect(venue.pois.contains { $0.kind == .room && $0.ref == "R1" })
    }

    @Test func stairwellsAndElevatorsJoinTheirLevels() {
        #expect(venue.connectors.contains { $0.kind == .stairs && $0.levelIDs == ["0", "1"] })
        #expect(venue.connectors.contains { $0.kind == .elevator && $0.levelIDs == ["0", "1"] })
    }

    @Test func aDoorNodeBecomesASegmentOnItsWall() throws {
        let door = try #require(venue.openings.first)
        #expect(door.levelID == "0")
        #expect(abs((door.width ?? 0) - 0.9) < 1e-9)
        #expect(VenueValidator().validate(venue).isEmpty)
        let metric = try venue.frame.project(door.geometry)
        #expect(abs(try metric.length() - 0.9) < 0.001)
    }

    @Test func amenitiesLieInTheirSpace() throws {
        let toilets = try #require(venue.pois.first { $0.category == "toilets" })
        #expect(toilets.levelID == "1")
        #expect(toilets.spaceID != nil)
    }

    @Test(arguments: ["<osm><node id='1' lat='x' lon='2'/></osm>", "<osm><node", "<html></html>", "", "<?xml version='1.0'?><!DOCTYPE osm [<!ENTITY x SYSTEM 'file:///etc/passwd'>]><osm><node id='1' lat='1' lon='2'><tag k='level' v='&x;'/></node></osm>"])
    func rejectsBrokenXMLWithAMessage(text: String) throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("broken.osm", Data(text.utf8))
        #expect(throws: VenueError.self) { try VenueLoader.load(path: path) }
    }
}

