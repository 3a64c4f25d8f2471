import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorTestSupport
import IndoorVenue
import Testing

/// Campuses: buildings on a site, nothing drawn between them (`Venue.inferringPassages`, step 5: the grounds).
@Suite struct CampusGroundsTests {
    /// Two buildings drawn on one ASCII level and split into a campus: each building gets its own level of ordinal 0
    /// and its footprint (the box of its letters), the venue's outline is the whole drawing.
    static func campus(_ drawing: String, buildings: [(id: String, letters: Set<Character>)],
                       names: [Character: String]) throws -> (ascii: AsciiVenue, venue: Venue) {
        let ascii = try AsciiVenue(levels: [0: drawing], walkways: ["A", "C"], names: names)
        let drawn = ascii.venue()
        let frame = drawn.frame
        var spaces = drawn.spaces, openings = drawn.openings, pois = drawn.pois
        var built: [Building] = [], levels: [Level] = []
        for b in buildings {
            let mine = spaces.indices.filter { spaces[$0].id.first.map(b.letters.contains) ?? false }
            let box = try #require(BoundingBox(covering: try mine.flatMap { try frame.project(spaces[$0].geometry).allCoordinates }))
            let footprint = try frame.unproject(.polygon(try Polygon(rings: [[
                Coordinate(x: box.minX, y: box.minY), Coordinate(x: box.maxX, y: box.minY), Coordinate(x: box.maxX, y: box.maxY),
                Coordinate(x: box.minX, y: box.maxY), Coordinate(x: box.minX, y: box.minY),
            ]])))
            built.append(Building(id: b.id, name: LocalizedText(b.id), footprint: footprint))
            levels.append(Level(id: "\(b.id)-0", ordinal: 0, name: LocalizedText("Ground floor"), buildingIDs: [b.id]))
            for s in mine { spaces[s].levelID = "\(b.id)-0" }
            for p in pois.indices where mine.contains(where: { spaces[$0].id == pois[p].spaceID }) { pois[p].levelID = "\(b.id)-0" }
            for o in openings.indices {
                let middle = try #require(try frame.project(openings[o].geometry).boundingBox?.center)
                if box.grown(by: 0.1).contains(middle) { openings[o].levelID = "\(b.id)-0" }
            }
        }
        var venue = Venue(id: "campus", name: LocalizedText("Campus"), sourceFormat: "test", buildings: built, levels: levels,
                          spaces: spaces, openings: openings, connectors: [], pois: pois, obstacles: [], issues: [], frame: frame)
        let lines = drawing.split(separator: "\n")
        let (w, h) = (Double(lines.map(\.count).max() ?? 0), Double(lines.count))
        venue.outline = try frame.unproject(.polygon(try Polygon(rings: [[
            Coordinate(x: 0, y: 0), Coordinate(x: w, y: 0), Coordinate(x: w, y: h), Coordinate(x: 0, y: h), Coordinate(x: 0, y: 0),
        ]])))
        return (ascii, venue)
    }

    static let names: [Character: String] = ["B": "Bakery", "D": "Dental lab"]

    func walk(_ venue: Venue, from: String, to: String) throws -> (Route, Itinerary, RouteAudit) {
        let audit = RouteAudit(venue: venue)
        let a = try #require(audit.places.first { $0.name == from }), b = try #require(audit.places.first { $0.name == to })
        let router = Router(graph: audit.graph)
        let ends = try [a, b].map { p in
            Waypoint(end: RouteEnd(point: try venue.frame.project(p.coordinate), levelID: p.levelID, label: p.name))
        }
        let route = try router.route(from: ends[0].end, to: ends[1].end)
        return (route, try router.itinerary(through: ends), audit)
    }

    /// ```
    /// ........................   west: lobby A, bakery B (door b to A)     east: lobby C, lab D (door d to C)
    /// ...AAAAAA......CCCCCC...   no entrance drawn on either footprint; the site is the whole drawing
    /// ...AAAAAA......CCCCCC...
    /// ...AAAAAA......CCCCCC...
    /// ...BBbBBB......DDdDDD...
    /// ...BBBBBB......DDDDDD...
    /// ...BBBBBB......DDDDDD...
    /// ........................
    /// ........................
    /// ```
    @Test func aCampusOfBuildingsWhoseGroundFloorsAreJoinedOnlyByTheSiteAroundThem() throws {
        let (_, drawn) = try Self.campus("""
            ........................
            ...AAAAAA......CCCCCC...
            ...AAAAAA......CCCCCC...
            ...AAAAAA......CCCCCC...
            ...BBbBBB......DDdDDD...
            ...BBBBBB......DDDDDD...
            ...BBBBBB......DDDDDD...
            ........................
            ........................
            """, buildings: [("west", ["A", "B"]), ("east", ["C", "D"])], names: Self.names)
        // As drawn, the buildings are islands.
        #expect(throws: (any Error).self) { try walk(drawn, from: "Bakery", to: "Dental lab") }

        let venue = drawn.inferringPassages()
        let grounds = try #require(venue.inference.grounds)
        // 24 × 9 m of site less two footprints of 6 × 6 m.
        #expect(abs(grounds.area - (24 * 9 - 72)) < 0.5, "\(grounds.area) m²")
        #expect(grounds.inferredEntrances.map(\.buildingID) == ["west", "east"])
        #expect(venue.level(id: grounds.levelID)?.ordinal == 0)
        // Each entrance is on its lobby's wall, the longest it shares with the grounds (6 m), and inferred.
        for e in grounds.entrances {
            let opening = try #require(venue.openings.first { $0.id == e.openingID })
            #expect(opening.isInferred && abs((opening.width ?? 0) - 1.8) < 1e-6)
        }
        #expect(venue.issues.filter { $0.code == "building-entrance" }.count == 2)
        #expect(venue.issues.contains { $0.code == "grounds" })

        let (route, itinerary, audit) = try walk(venue, from: "Bakery", to: "Dental lab")
        #expect(audit.crossings(of: route).isEmpty, "\(audit.crossings(of: route))")
        // Out of the bakery, across the lobby and the grounds, into the other lobby: about 9 m + 4 m + 3 m.
        #expect(route.distance > 12 && route.distance < 30, "\(route.distance) m")
        #expect(itinerary.legs.flatMap(\.steps).contains { $0.throughInferredOpening })
        // Strict: only what the data draws, no grounds.
        #expect(drawn.inference.grounds == nil)
    }

    /// Kind: one building whose ground floor is drawn as blocks standing apart (a hospital exported as one IMDF
    /// building: wards and labs with open ground between them, no walkway drawn, one footprint around them all).
    /// Each block is entered from the grounds as a building of a campus is.
    @Test func blocksOfOneBuildingStandingApartAreJoinedByTheGroundsBetweenThem() throws {
        let (_, drawn) = try Self.campus("""
            .................................
            ..AAAAAAAAAAA.......CCCCCCCCCCC..
            ..AAAAAAAAAAA.......CCCCCCCCCCC..
            ..AAAAAAAAAAA.......CCCCCCCCCCC..
            ..BBbBBBBBBBB.......DDdDDDDDDDD..
            ..BBBBBBBBBBB.......DDDDDDDDDDD..
            ..BBBBBBBBBBB.......DDDDDDDDDDD..
            ..BBBBBBBBBBB.......DDDDDDDDDDD..
            ..BBBBBBBBBBB.......DDDDDDDDDDD..
            ..BBBBBBBBBBB.......DDDDDDDDDDD..
            ..BBBBBBBBBBB.......DDDDDDDDDDD..
            .................................
            """, buildings: [("hospital", ["A", "B", "C", "D"])], names: Self.names)
        #expect(throws: (any Error).self) { try walk(drawn, from: "Bakery", to: "Dental lab") }
        let venue = drawn.inferringPassages()
        let grounds = try #require(venue.inference.grounds)
        #expect(grounds.entrances.map(\.buildingID) == ["hospital", "hospital/block-2"])
        #expect(venue.issues.contains { $0.code == "grounds" && $0.message.contains("2 blocks standing apart") })
        let (route, _, audit) = try walk(venue, from: "Bakery", to: "Dental lab")
        #expect(audit.crossings(of: route).isEmpty, "\(audit.crossings(of: route))")
        #expect(route.distance < 40, "\(route.distance) m")
        // A building of one block is still one building: no grounds.
        let (_, one) = try Self.campus("""
            ..............
            ..AAAAAAAAAA..
            ..AAAAAAAAAA..
            ..BBbBBBBBBB..
            ..BBBBBBBBBB..
            ..BBBBBBBBBB..
            ..............
            """, buildings: [("hall", ["A", "B"])], names: Self.names)
        #expect(one.inferringPassages().inference.grounds == nil)
    }

    /// ```
    /// ........................   the west lobby's entrance `a` is drawn, labelled `automobile` (as a real
    /// ...AAAAAA......CCCCCC...   export labels every opening); the east building has none
    /// ..aAAAAAA......CCCCCC...
    /// ...AAAAAA......CCCCCC...
    /// ...BBbBBB......DDdDDD...
    /// ...BBBBBB......DDDDDD...
    /// ...BBBBBB......DDDDDD...
    /// ........................
    /// ```
    @Test func aBuildingWhoseEntrancesAreDrawnWithAVehicleCategory() throws {
        var (_, drawn) = try Self.campus("""
            ........................
            ...AAAAAA......CCCCCC...
            ...aAAAAA......CCCCCC...
            ...AAAAAA......CCCCCC...
            ...BBbBBB......DDdDDD...
            ...BBBBBB......DDDDDD...
            ...BBBBBB......DDDDDD...
            ........................
            """, buildings: [("west", ["A", "B"]), ("east", ["C", "D"])], names: Self.names)
        let entrance = try #require(drawn.openings.firstIndex { $0.category == "pedestrian.principal" })
        drawn.openings[entrance].category = "automobile"
        let venue = drawn.inferringPassages()
        let grounds = try #require(venue.inference.grounds)
        // The drawn opening is the west building's entrance, whatever its category; only the east one is inferred.
        #expect(grounds.entrances.filter { $0.buildingID == "west" }.map(\.openingID) == [drawn.openings[entrance].id])
        #expect(grounds.inferredEntrances.map(\.buildingID) == ["east"])
        let (route, itinerary, audit) = try walk(venue, from: "Bakery", to: "Dental lab")
        #expect(audit.crossings(of: route).isEmpty, "\(audit.crossings(of: route))")
        #expect(itinerary.legs.flatMap(\.steps).contains { $0.throughInferredOpening })

        // An emergency exit is an explicit no: then the west building's entrance is inferred too.
        drawn.openings[entrance].category = "emergencyexit"
        let exit = try #require(drawn.inferringPassages().inference.grounds)
        #expect(exit.inferredEntrances.map(\.buildingID) == ["west", "east"])
    }

    /// One building: no grounds, whatever the site around it.
    @Test func oneBuildingHasNoGrounds() throws {
        let (_, drawn) = try Self.campus("""
            ..........
            ...AAAA...
            ...BBbB...
            ..........
            """, buildings: [("only", ["A", "B"])], names: Self.names)
        #expect(drawn.inferringPassages().inference.grounds == nil)
    }
}
