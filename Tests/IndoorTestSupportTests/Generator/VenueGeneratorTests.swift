import Foundation
import IndoorGeometry
import IndoorTestSupport
import IndoorVenue
import Testing

private let imdfKinds = VenueGenerator.Kind.allCases.filter { $0 != .station }

private func generate(_ kind: VenueGenerator.Kind, seed: UInt64 = 11, levels: Int = 2, rooms: Int? = 90,
                      pillars: Int = 40, rotation: Double? = nil, pillarHoles: Bool? = nil) throws -> GeneratedVenue {
    try VenueGenerator(kind: kind, options: .init(seed: seed, levels: levels, rooms: rooms, pillars: pillars,
                                                  rotation: rotation, pillarHoles: pillarHoles)).generate()
}

private func loadIMDF(_ g: GeneratedVenue) throws -> Venue {
    try IMDFLoader.load(files: g.imdf, source: "generated-\(g.kind.rawValue)")
}

/// The OSM loader reads files: the XML goes through a temporary one.
private func loadOSM(_ g: GeneratedVenue) throws -> Venue {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("gen-\(g.kind.rawValue)-\(g.seed)-\(UUID().uuidString).osm")
    try g.osm.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try OSMLoader.load(path: url.path)
}

private func errors(_ v: Venue) -> [String] { v.issues.filter { $0.severity == .error }.map(\.description) }

private func ordinal(_ v: Venue, _ levelID: String) -> Double? { v.level(id: levelID)?.ordinal }

@Suite struct VenueGeneratorDeterminismTests {
    @Test(arguments: VenueGenerator.Kind.allCases)
    func sameSeedSameBytes(kind: VenueGenerator.Kind) throws {
        let a = try generate(kind, seed: 5), b = try generate(kind, seed: 5)
        #expect(a.imdf == b.imdf)
        #expect(a.osm == b.osm)
        #expect(a.placesJSON() == b.placesJSON())
        let c = try generate(kind, seed: 6)
        if kind != .campus { #expect(a.osm != c.osm) }
        if kind != .station { #expect(a.imdf != c.imdf) }
    }
}

@Suite struct VenueGeneratorLoadingTests {
    @Test(arguments: imdfKinds)
    func imdfLoadsWithTheCountsAsked(kind: VenueGenerator.Kind) throws {
        let g = try generate(kind)
        let venue = try loadIMDF(g)
        #expect(errors(venue).isEmpty, "\(errors(venue).prefix(5))")
        #expect(venue.spaces.count == 90)
        #expect(g.counts.spaces == 90)
        #expect(venue.levels.count == g.counts.levels)
        #expect(venue.openings.count == g.counts.openings)
        #expect(g.counts.nonPublic > 0)
        #expect(venue.spaces.filter { $0.restriction != nil }.count == g.counts.nonPublic)
        #expect(g.places.count > 20)
        let pois = Dictionary(venue.pois.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for p in g.places {
            let id = try #require(p.imdfID)
            let poi = try #require(pois[id], "\(p.name) (\(id)) is not a POI of the loaded venue")
            #expect(ordinal(venue, poi.levelID) == Double(p.ordinal))
            #expect(poi.name.values["en"] == p.name)
        }
        // Places are public.
        let restricted = Set(venue.spaces.filter { $0.restriction != nil }.map(\.id))
        #expect(g.places.allSatisfy { !restricted.contains($0.imdfID ?? "") })
        // Multi-level buildings are joined by stairs, an elevator and escalators both ways.
        let kinds = Set(venue.connectors.map(\.kind))
        #expect(kinds.isSuperset(of: [.stairs, .elevator, .escalator]))
        #expect(venue.connectors.contains { $0.kind == .escalator && $0.isDirected })
    }

    @Test(arguments: VenueGenerator.Kind.allCases.filter { $0 != .campus })
    func osmLoadsAndHasItsPlaces(kind: VenueGenerator.Kind) throws {
        let g = try generate(kind)
        let venue = try loadOSM(g)
        #expect(errors(venue).isEmpty, "\(errors(venue).prefix(5))")
        let pois = Dictionary(venue.pois.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let tagged = g.places.filter(\.simpleIndoorTagged)
        #expect(tagged.count > 5)
        for p in tagged {
            let poi = try #require(pois[p.osmID], "\(p.name) (\(p.osmID)) is not a POI of the loaded OSM venue")
            #expect(ordinal(venue, poi.levelID) == Double(p.ordinal))
        }
        let kinds = Set(venue.connectors.map(\.kind))
        #expect(kinds.isSuperset(of: [.stairs, .elevator, .escalator]))
        if kind != .station {
            // Stacked stairwells and shafts are one way with a level list; every space is on a level.
            #expect(venue.spaces.count >= g.counts.spaces - g.counts.levels)
        }
    }

    @Test func largerVenuesScale() throws {
        let g = try generate(.grid, levels: 5, rooms: 1000)
        #expect(g.counts.spaces == 1000)
        let venue = try loadIMDF(g)
        #expect(venue.spaces.count == 1000)
        #expect(Set(venue.levels.map(\.ordinal)) == [0, 1, 2, 3, 4])
    }
}

@Suite struct VenueGeneratorKindTests {
    @Test func implicitCorridorsDrawNoCorridor() throws {
        let venue = try loadIMDF(try generate(.implicitCorridors))
        #expect(!venue.spaces.contains { $0.category == "walkway" })
        #expect(!venue.openings.isEmpty)
        #expect(venue.levels.allSatisfy { $0.geometry != nil })
    }

    @Test func doorlessHaveNoOpenings() throws {
        let g = try generate(.doorless)
        #expect(try loadIMDF(g).openings.isEmpty)
        let osm = try loadOSM(g)
        #expect(osm.openings.isEmpty)
        #expect(osm.pois.contains { $0.category.hasPrefix("shop.") || $0.category == "books" } || osm.spaces.contains { $0.category == "walkway" })
    }

    @Test func splitWalkwaysHaveWideOpeningsOnSomeBoundaries() throws {
        let venue = try loadIMDF(try generate(.splitWalkways, rooms: 140))
        let walkways = venue.spaces.filter { $0.category == "walkway" }
        let wide = venue.openings.compactMap(\.width).filter { $0 > 3 }
        #expect(walkways.count > 2 * 2)  // more pieces than corridors + spine
        #expect(!wide.isEmpty)
        #expect(wide.allSatisfy { abs($0 - 3.6) < 0.1 })
    }

    @Test func nestedRoomsLieInsideTheirCorridor() throws {
        let venue = try loadIMDF(try generate(.nestedRooms, rotation: 0))
        let corridors = try venue.spaces.filter { $0.category == "walkway" }.map { try venue.frame.project($0.geometry).boundingBox }
        let rooms = try venue.spaces.filter { $0.category != "walkway" }.map { try venue.frame.project($0.geometry).boundingBox }
        let inside = rooms.filter { r in
            corridors.contains { c in
                guard let r, let c else { return false }
                return r.minX > c.minX + 1 && r.maxX < c.maxX - 1 && r.minY > c.minY + 1 && r.maxY < c.maxY - 1
            }
        }
        #expect(!inside.isEmpty)
    }

    @Test func tJunctionsLeaveAVertexOnTheMiddleOfAnEdge() throws {
        let venue = try loadIMDF(try generate(.tJunctions, rotation: 0))
        let metric = try venue.spaces.filter { $0.levelID == venue.levels[0].id }.map { try venue.frame.project($0.geometry) }
        // The spine: the walkway taller than it is wide.
        let spine = try #require(metric.first { g in
            guard let b = g.boundingBox else { return false }
            return b.maxY - b.minY > 3 * (b.maxX - b.minX)
        })
        let box = try #require(spine.boundingBox)
        let spineVertices = spine.allCoordinates
        // Other units' vertices on the spine's east edge, away from every spine vertex.
        let onEdge = metric.flatMap(\.allCoordinates).filter { c in
            abs(c.x - box.maxX) < 0.02 && c.y > box.minY + 0.5 && c.y < box.maxY - 0.5
                && !spineVertices.contains { $0.distance(to: c) < 0.02 }
        }
        #expect(onEdge.count >= 4)
        // Jitter: no two units share a position exactly.
        let positions = metric.flatMap { $0.allCoordinates.dropLast() }
        #expect(Set(positions.map { "\($0.x),\($0.y)" }).count > positions.count * 9 / 10)
    }

    /// A campus: 2 to 5 buildings on a site (the venue polygon), each turned by its own angle, some taller than
    /// others, some with an entrance drawn on the footprint (of any category, `automobile` among them), some without;
    /// some buildings number their floors from 1 or from a basement, and are entered on their ground floor.
    @Test func campusBuildingsAreTurnedEachByItsOwnAngle() throws {
        var categories: Set<String> = [], unequalHeights = false, lowestOrdinals: Set<Double> = []
        for seed in UInt64(1)...8 {
            let venue = try loadIMDF(try generate(.campus, seed: seed, levels: 3, rooms: nil))
            #expect(errors(venue).isEmpty, "seed \(seed): \(errors(venue).prefix(3))")
            #expect((2...5).contains(venue.buildings.count))
            #expect(venue.outline != nil)
            let angles = try venue.buildings.map { b in
                let cs = try venue.frame.project(try #require(b.footprint)).allCoordinates
                return Int((atan2(cs[1].y - cs[0].y, cs[1].x - cs[0].x) * 180 / .pi).rounded())
            }
            #expect(Set(angles).count > 1, "seed \(seed): \(angles)")
            let heights = venue.buildings.map { b in venue.levels.filter { $0.buildingIDs.contains(b.id) }.count }
            unequalHeights = unequalHeights || Set(heights).count > 1
            // Entrances are the named openings; the second building never has one.
            let entrances = venue.openings.filter { !$0.name.isEmpty }
            categories.formUnion(entrances.map(\.category))
            #expect(!entrances.isEmpty && entrances.count < venue.buildings.count, "seed \(seed)")
            for b in venue.buildings {
                let ordinals = venue.levels.filter { $0.buildingIDs.contains(b.id) }.map(\.ordinal)
                let lowest = ordinals.min() ?? 0
                lowestOrdinals.insert(lowest)
                // The ground floor: 0, else the lowest above ground; entrances are there and nowhere else.
                let ground = ordinals.contains(0) ? 0 : ordinals.filter { $0 > 0 }.min() ?? lowest
                let levelIDs = Set(venue.levels.filter { $0.buildingIDs.contains(b.id) }.map(\.id))
                for e in entrances where levelIDs.contains(e.levelID) {
                    #expect(venue.level(id: e.levelID)?.ordinal == ground, "seed \(seed): \(e.id)")
                }
            }
        }
        #expect(unequalHeights)
        #expect(lowestOrdinals == [-1, 0, 1], "\(lowestOrdinals)")
        #expect(categories.contains("automobile"), "\(categories)")
    }

    @Test func twinLevelsShareOrdinalZero() throws {
        let g = try generate(.twinLevels, levels: 2, rooms: 120)
        let venue = try loadIMDF(g)
        let ground = venue.levels.filter { $0.ordinal == 0 }
        #expect(ground.count == 3)
        #expect(ground.filter(\.isOutdoor).count == 1)
        #expect(venue.buildings.count == 2)
        #expect(Set(ground.flatMap(\.buildingIDs)).count == 2)
        #expect(venue.openings.filter { $0.category == "pedestrian.principal" }.count >= 2)
    }

    @Test(arguments: [true, false])
    func hallHasThePillarsAsked(holes: Bool) throws {
        let venue = try loadIMDF(try generate(.hall, levels: 1, rooms: 30, pillars: 77, pillarHoles: holes))
        let hall = try #require(venue.spaces.first { $0.category == "walkway" })
        let holeCount = hall.geometry.degrees.polygons.reduce(0) { $0 + $1.holes.count }
        #expect(holes ? holeCount == 77 : venue.obstacles.count == 77)
        #expect(holes ? venue.obstacles.isEmpty : holeCount == 0)
        // OSM has no fixtures the loader reads: pillars are inner rings of the hall's multipolygon either way.
        let osm = try loadOSM(try generate(.hall, levels: 1, rooms: 30, pillars: 77, pillarHoles: holes))
        let osmHall = try #require(osm.spaces.first { $0.id.hasPrefix("relation/") })
        #expect(osmHall.geometry.degrees.polygons.reduce(0) { $0 + $1.holes.count } == 77)
    }

    @Test func pillarsSpreadOverTheHall() throws {
        let venue = try loadIMDF(try generate(.hall, levels: 1, rooms: 120, pillars: 200, rotation: 0, pillarHoles: false))
        let hallSpace = try #require(venue.spaces.first { $0.category == "walkway" })
        let hall = try #require(try venue.frame.project(hallSpace.geometry).boundingBox)
        let pillars = try venue.obstacles.map { try #require(try venue.frame.project($0.geometry).boundingBox) }
        #expect(pillars.count == 200)
        // Clear of the walls (3 m less half a pillar), and covering most of the hall both ways.
        #expect(pillars.allSatisfy { p in
            p.minX > hall.minX + 2.5 && p.maxX < hall.maxX - 2.5 && p.minY > hall.minY + 2.5 && p.maxY < hall.maxY - 2.5
        })
        let spanX = (pillars.map(\.maxX).max() ?? 0) - (pillars.map(\.minX).min() ?? 0)
        let spanY = (pillars.map(\.maxY).max() ?? 0) - (pillars.map(\.minY).min() ?? 0)
        #expect(spanX > 0.8 * (hall.maxX - hall.minX - 6))
        #expect(spanY > 0.8 * (hall.maxY - hall.minY - 6))
    }

    @Test(arguments: [0.0, 30.0, 117.0])
    func rotationRotates(degrees: Double) throws {
        let venue = try loadIMDF(try generate(.grid, rotation: degrees))
        for space in venue.spaces.prefix(20) {
            let ring = try #require(try venue.frame.project(space.geometry).polygons.first).exterior.coordinates
            let (a, b) = (ring[0], ring[1])
            var angle = atan2(b.y - a.y, b.x - a.x) * 180 / .pi
            angle = (angle.truncatingRemainder(dividingBy: 90) + 90).truncatingRemainder(dividingBy: 90)
            let expected = degrees.truncatingRemainder(dividingBy: 90)
            let diff = min(abs(angle - expected), 90 - abs(angle - expected))
            #expect(diff < 0.2, "edge at \(angle)°, expected \(expected)°")
        }
    }

    @Test func stationIsAFootwayNetwork() throws {
        let g = try generate(.station, levels: 3, rooms: 12)
        #expect(g.imdf.isEmpty)
        let venue = try loadOSM(g)
        #expect(Set(venue.levels.map(\.ordinal)) == [-2, -1, 0])
        let elevator = try #require(venue.connectors.first { $0.kind == .elevator })
        #expect(elevator.stops.count == 3)
        #expect(venue.connectors.filter { $0.kind == .escalator && $0.isDirected }.count == 4)
        #expect(venue.connectors.filter { $0.kind == .stairs }.count == 2)
        #expect(venue.pois.filter { $0.kind == .entrance }.count == 2)
        #expect(g.places.filter { $0.category == "platform" }.count == 2)
        let xml = String(decoding: g.osm, as: UTF8.self)
        #expect(xml.contains("<tag k=\"indoor\" v=\"yes\"/>"))
        #expect(xml.contains("<tag k=\"highway\" v=\"elevator\"/>"))
    }

    @Test func namesAreInEnglishAndOneOtherLanguage() throws {
        let languages = try Set((0..<12).map { try generate(.grid, seed: $0).language })
        #expect(languages == ["fr", "de", "ru"])
        let g = try generate(.grid, seed: 3)
        let venue = try loadIMDF(g)
        let named = venue.spaces.filter { !$0.name.isEmpty }
        #expect(named.allSatisfy { $0.name.values["en"] != nil && $0.name.values[g.language] != nil })
        #expect(venue.spaces.contains { $0.category == "restroom.male" } && venue.spaces.contains { $0.category == "restroom.female" })
    }

    /// Down to the fewest spaces a kind takes, every row has a room: the units tile the building's footprint.
    @Test(arguments: [VenueGenerator.Kind.grid, .splitWalkways, .tJunctions])
    func smallVenuesLeaveNoEmptyStrip(kind: VenueGenerator.Kind) throws {
        var rooms = 12
        var g: GeneratedVenue?
        while g == nil, rooms < 200 {
            g = try? generate(kind, levels: 2, rooms: rooms, rotation: 0)
            rooms += 1
        }
        let venue = try loadIMDF(try #require(g))
        let ground = try #require(venue.levels.first { $0.ordinal == 0 })
        let metric = try venue.spaces.filter { $0.levelID == ground.id }.map { try venue.frame.project($0.geometry) }
        let area = metric.reduce(0) { $0 + ($1.polygons.first?.area ?? 0) }
        let footprint = try #require(venue.buildings.first?.footprint)
        let footprintArea = try #require(try venue.frame.project(footprint).polygons.first).area
        #expect(abs(area - footprintArea) < 0.01 * footprintArea, "units cover \(area) m² of \(footprintArea) m²")
    }

    @Test func badOptionsAreRefused() {
        #expect(throws: VenueGeneratorError.self) { try generate(.grid, levels: 0) }
        #expect(throws: VenueGeneratorError.self) { try generate(.grid, levels: 5, rooms: 20) }
        #expect(throws: VenueGeneratorError.self) { try generate(.station, levels: 1) }
        #expect(throws: VenueGeneratorError.self) {
            try VenueGenerator(kind: .grid, options: .init(seed: 1, rotation: .nan)).generate()
        }
    }
}
