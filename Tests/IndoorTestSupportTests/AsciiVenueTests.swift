import Foundation
import IndoorBase
import IndoorGeometry
import IndoorTestSupport
import IndoorVenue
import Testing

/// Positions converted to WGS84 and back agree with the drawing to well under a millimetre.
private let tolerance = 1e-6

private func close(_ a: Coordinate, _ b: Coordinate) -> Bool { a.distance(to: b) < tolerance }
private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < tolerance }

private extension Venue {
    func space(_ id: String) throws -> Space { try #require(spaces.first { $0.id == id }) }
    func opening(_ id: String) throws -> Opening { try #require(openings.first { $0.id == id }) }

    /// A space's polygon in the drawing's metres.
    func metricPolygon(_ id: String) throws -> Polygon {
        let geometry = try frame.project(try space(id).geometry)
        return try #require(geometry.polygons.first)
    }

    /// An opening's two ends in the drawing's metres.
    func metricEnds(_ id: String) throws -> [Coordinate] {
        try frame.project(try opening(id).geometry).allCoordinates
    }
}

/// The ring's corners in metres, rounded to the millimetre (without the closing position).
private func corners(_ ring: LinearRing) -> [[Double]] {
    ring.coordinates.dropLast().map { [($0.x * 1000).rounded() / 1000, ($0.y * 1000).rounded() / 1000] }
}

@Suite struct AsciiVenueGeometryTests {
    @Test func twoRoomsAndTheirDoor() throws {
        let ascii = try AsciiVenue(levels: [
            0: """
            AAAaBBBB
            AAAABBBB
            AAAABBBB
            """,
        ], names: ["B": "Shop"])
        let venue = ascii.venue()
        #expect(venue.spaces.map(\.id) == ["A0", "B0"])
        #expect(venue.frame.origin == GeoCoordinate(longitude: 2.35, latitude: 48.85))

        let a = try venue.metricPolygon("A0")
        let b = try venue.metricPolygon("B0")
        #expect(close(a.area, 12))
        #expect(close(b.area, 12))
        #expect(a.exterior.coordinates.count == 5)  // a rectangle: 4 corners + closing
        #expect(b.exterior.coordinates.count == 5)
        #expect(a.holes.isEmpty && b.holes.isEmpty)
        #expect(a.exterior.isCounterClockwise)
        #expect(corners(a.exterior) == [[0, 0], [4, 0], [4, 3], [0, 3]])
        #expect(corners(b.exterior) == [[4, 0], [8, 0], [8, 3], [4, 3]])

        // The 'a' at col 3, row 0 opens east onto B: the edge x = 4, y ∈ [2, 3] (row 0 is the top line).
        #expect(venue.openings.map(\.id) == ["door-A0-3-0"])
        let door = try venue.opening("door-A0-3-0")
        #expect(door.category == "pedestrian")
        #expect(door.isDoor)
        #expect(door.levelID == "L0")
        let ends = try venue.metricEnds("door-A0-3-0")
        #expect(ends.count == 2)
        #expect(close(ends[0], Coordinate(x: 4, y: 2)))
        #expect(close(ends[1], Coordinate(x: 4, y: 3)))
        #expect(close(ends[0].distance(to: ends[1]), 1))

        #expect(try venue.space("A0").category == "walkway")
        #expect(try venue.space("B0").category == "room")
        #expect(try venue.space("B0").name.resolved("en") == "Shop")
        let shop = try #require(venue.pois.first)
        #expect(venue.pois.count == 1)
        #expect(shop.id == "B0" && shop.kind == .room && shop.spaceID == "B0" && shop.category == "room")
        #expect(close(ascii.metres(shop.coordinate), Coordinate(x: 6, y: 1.5)))
        #expect(VenueValidator().validate(venue).isEmpty)
    }

    @Test func cellSizeScalesTheDrawing() throws {
        let venue = try AsciiVenue(levels: [0: "AaB\nAAB"], cell: 2.5).venue()
        #expect(close(try venue.metricPolygon("A0").area, 4 * 2.5 * 2.5))
        #expect(close(try venue.metricPolygon("B0").area, 2 * 2.5 * 2.5))
        let ends = try venue.metricEnds("door-A0-1-0")
        #expect(close(ends[0], Coordinate(x: 5, y: 2.5)) && close(ends[1], Coordinate(x: 5, y: 5)))
        #expect(try venue.opening("door-A0-1-0").width == 2.5)
    }

    @Test func theDocumentedExample() throws {
        let venue = try AsciiVenue(levels: [
            0: """
            AAAAAAAAAA
            AAAAAAAAAA
            AAAAaBBBBB
            ....BBBBBB
            """,
            1: """
            ..........
            SSSSCCCCCC
            SsSSCCCCCC
            """,
        ], cell: 1.0, connectors: ["S": .stairs, "E": .elevator, "U": .escalator], names: ["B": "Shop", "C": "Café"]).venue()
        #expect(venue.levels.map(\.id) == ["L0", "L1"])
        #expect(venue.levels.map { $0.name.resolved("en") } == ["Level 0", "Level 1"])
        #expect(venue.spaces.map(\.id) == ["A0", "B0", "C1", "S1"])
        #expect(venue.spaces.map(\.category) == ["walkway", "room", "room", "stairs"])
        let a = try venue.metricPolygon("A0")
        #expect(close(a.area, 25))
        #expect(corners(a.exterior) == [[0, 1], [5, 1], [5, 2], [10, 2], [10, 4], [0, 4]])
        let b = try venue.metricPolygon("B0")
        #expect(close(b.area, 11))
        #expect(corners(b.exterior) == [[4, 0], [10, 0], [10, 2], [5, 2], [5, 1], [4, 1]])
        let ends = try venue.metricEnds("door-A0-4-2")
        #expect(close(ends[0], Coordinate(x: 5, y: 1)) && close(ends[1], Coordinate(x: 5, y: 2)))
        // The stairs' door cell has outside to its south (beyond the drawing): an entrance.
        let entrance = try venue.opening("door-S1-1-2")
        #expect(entrance.category == "pedestrian.principal")
        let stairsEnds = try venue.metricEnds("door-S1-1-2")
        #expect(close(stairsEnds[0], Coordinate(x: 1, y: 0)) && close(stairsEnds[1], Coordinate(x: 2, y: 0)))
        // Stairs drawn on one level only: no connector.
        #expect(venue.connectors.isEmpty)
        #expect(venue.pois.map(\.id) == ["B0", "C1"])
        #expect(VenueValidator().validate(venue).isEmpty)
    }

    @Test func anLShapedSpaceHasSixCorners() throws {
        let venue = try AsciiVenue(levels: [
            0: """
            A.
            A.
            AA
            """,
        ]).venue()
        let l = try venue.metricPolygon("A0")
        #expect(l.exterior.coordinates.count == 7)
        #expect(corners(l.exterior) == [[0, 0], [2, 0], [2, 1], [1, 1], [1, 3], [0, 3]])
        #expect(l.exterior.isCounterClockwise)
        #expect(close(l.area, 4))
        #expect(try venue.space("A0").geometry.degrees.validityReason() == nil)
    }

    @Test func anObstacleEnclosedByASpaceIsAHole() throws {
        let ascii = try AsciiVenue(levels: [
            0: """
            AAAAA
            AA#AA
            AAAAA
            """,
        ])
        let venue = ascii.venue()
        let a = try venue.metricPolygon("A0")
        #expect(close(a.area, 14))
        #expect(a.exterior.coordinates.count == 5)
        #expect(a.holes.count == 1)
        let hole = try #require(a.holes.first)
        #expect(hole.coordinates.count == 5)
        #expect(!hole.isCounterClockwise)
        #expect(Set(corners(hole)) == Set([[2, 1], [3, 1], [3, 2], [2, 2]]))
        #expect(venue.obstacles.map(\.id) == ["obstacle-0-2-1"])
        let obstacle = try #require(venue.obstacles.first)
        #expect(obstacle.category == "obstruction")
        let square = try #require(try venue.frame.project(obstacle.geometry).polygons.first)
        #expect(close(square.area, 1))
        #expect(try venue.space("A0").geometry.degrees.validityReason() == nil)
        // The hole is not in the space; the cells around it are.
        let index = VenueSpatialIndex(venue)
        #expect(index.spaceID(at: ascii.cellCentre(col: 2, row: 1, level: 0), levelID: "L0") == nil)
        #expect(index.spaceID(at: ascii.cellCentre(col: 1, row: 1, level: 0), levelID: "L0") == "A0")
        #expect(VenueValidator().validate(venue).isEmpty)
    }

    @Test func aBlobOfObstaclesIsOneHoleAndAnObstacleOnTheEdgeIsOutside() throws {
        let venue = try AsciiVenue(levels: [
            0: """
            AAAAAA
            A##AAA
            A#AAA#
            AAAAAA
            """,
        ]).venue()
        let a = try venue.metricPolygon("A0")
        #expect(close(a.area, 20))
        #expect(a.holes.count == 1)
        #expect(a.holes.first?.coordinates.count == 7)  // an L of three cells: 6 corners + closing
        // The obstacle on the east edge is a notch in the exterior, not a hole.
        #expect(corners(a.exterior) == [[0, 0], [6, 0], [6, 1], [5, 1], [5, 2], [6, 2], [6, 4], [0, 4]])
        #expect(venue.obstacles.map(\.id) == ["obstacle-0-1-1", "obstacle-0-2-1", "obstacle-0-1-2", "obstacle-0-5-2"])
        #expect(try venue.space("A0").geometry.degrees.validityReason() == nil)
    }

    @Test func anEdgeObstacleIsOutside() throws {
        let venue = try AsciiVenue(levels: [
            0: """
            AAAA
            AAA#
            """,
        ]).venue()
        let a = try venue.metricPolygon("A0")
        #expect(a.holes.isEmpty)
        #expect(a.exterior.coordinates.count == 7)
        #expect(close(a.area, 7))
        #expect(venue.obstacles.map(\.id) == ["obstacle-0-3-1"])
    }

    @Test func holesTouchingTheExteriorAtACornerMakeAValidPolygon() throws {
        // The hole at (col 1, row 1) touches the outside at (col 0, row 0) only at a corner.
        let venue = try AsciiVenue(levels: [
            0: """
            .AA
            A.A
            AAA
            """,
            1: """
            AAAAA
            A#A.A
            AA#AA
            AAAAA
            """,
        ]).venue()
        let a0 = try venue.metricPolygon("A0")
        #expect(close(a0.area, 7))
        #expect(corners(a0.exterior) == [[0, 0], [3, 0], [3, 3], [1, 3], [1, 2], [0, 2]])
        #expect(a0.holes.count == 1)
        #expect(try venue.space("A0").geometry.degrees.validityReason() == nil)
        let a1 = try venue.metricPolygon("A1")
        #expect(close(a1.area, 17))
        #expect(a1.holes.count == 3)
        #expect(try venue.space("A1").geometry.degrees.validityReason() == nil)
        #expect(VenueValidator().validate(venue).isEmpty)
    }
}

@Suite struct AsciiVenueDoorTests {
    @Test func aDoorOntoTheOutsideIsAnEntrance() throws {
        let venue = try AsciiVenue(levels: [
            0: """
            AAAa
            AaAA
            """,
        ]).venue()
        // 'a' at col 3, row 0: east is beyond the drawing. 'a' at col 1, row 1: east and west are A, south is out.
        #expect(venue.openings.map(\.id) == ["door-A0-3-0", "door-A0-1-1"])
        #expect(venue.openings.allSatisfy { $0.category == "pedestrian.principal" && $0.isDoor })
        let east = try venue.metricEnds("door-A0-3-0")
        #expect(close(east[0], Coordinate(x: 4, y: 1)) && close(east[1], Coordinate(x: 4, y: 2)))
        let south = try venue.metricEnds("door-A0-1-1")
        #expect(close(south[0], Coordinate(x: 1, y: 0)) && close(south[1], Coordinate(x: 2, y: 0)))
        #expect(VenueValidator().validate(venue).isEmpty)
    }

    @Test func neighboursAreTriedEastSouthWestNorth() throws {
        let venue = try AsciiVenue(levels: [
            0: """
            CCC
            BaD
            AAA
            """,
        ]).venue()
        // East is D: the first neighbour of another space wins.
        let ends = try venue.metricEnds("door-A0-1-1")
        #expect(close(ends[0], Coordinate(x: 2, y: 1)) && close(ends[1], Coordinate(x: 2, y: 2)))
        #expect(try venue.opening("door-A0-1-1").category == "pedestrian")

        let north = try AsciiVenue(levels: [0: "BBB\nAaA\nAAA"]).venue()
        let northEnds = try north.metricEnds("door-A0-1-1")
        #expect(close(northEnds[0], Coordinate(x: 1, y: 2)) && close(northEnds[1], Coordinate(x: 2, y: 2)))
    }

    @Test func aDoorDoesNotOpenOntoAnObstacle() throws {
        let venue = try AsciiVenue(levels: [0: "Aa#\nABB"]).venue()
        // East is '#', skipped; south is B.
        let ends = try venue.metricEnds("door-A0-1-0")
        #expect(close(ends[0], Coordinate(x: 1, y: 1)) && close(ends[1], Coordinate(x: 2, y: 1)))
    }

    @Test func facingDoorCellsMakeOneOpening() throws {
        let venue = try AsciiVenue(levels: [0: "AabB\nAAbB"]).venue()
        // 'a' (col 1) opens east onto b; the first 'b' (col 2) opens west onto the same edge; the second 'b' opens
        // south onto the outside.
        #expect(venue.openings.map(\.id) == ["door-A0-1-0", "door-B0-2-1"])
    }
}

@Suite struct AsciiVenueLevelTests {
    @Test func stairsOnTwoLevelsAreOneConnector() throws {
        let ascii = try AsciiVenue(levels: [
            0: """
            AAAaS
            AAAAS
            """,
            1: """
            BBBbS
            BBBBS
            """,
        ], connectors: ["S": .stairs], names: ["S": "Main stairs"])
        let venue = ascii.venue()
        #expect(venue.connectors.count == 1)
        let stairs = try #require(venue.connectors.first)
        #expect(stairs.id == "conn-S")
        #expect(stairs.kind == .stairs)
        #expect(!stairs.isDirected)
        #expect(stairs.levelIDs == ["L0", "L1"])
        #expect(stairs.stops.map(\.spaceID) == ["S0", "S1"])
        for stop in stairs.stops {
            let location = try #require(stop.location)
            #expect(close(ascii.metres(location), Coordinate(x: 4.5, y: 1)))
        }
        #expect(try venue.space("S0").category == "stairs")
        #expect(try venue.space("S1").kind == .stairs)
        #expect(venue.pois.map(\.id) == ["S0", "S1"])
        #expect(VenueValidator().validate(venue).isEmpty)
    }

    @Test func escalatorsAreDirected() throws {
        let drawing = "AaU\nAAU"
        let venue = try AsciiVenue(levels: [-1: drawing, 0: drawing, 1: drawing],
                                   connectors: ["U": .escalator, "D": .escalator, "E": .elevator],
                                   downEscalators: ["D"]).venue()
        #expect(venue.levels.map(\.id) == ["L-1", "L0", "L1"])
        #expect(venue.spaces.map(\.id) == ["A-1", "U-1", "A0", "U0", "A1", "U1"])
        #expect(venue.openings.first?.id == "door-A-1-1-0")
        let up = try #require(venue.connectors.first)
        #expect(up.isDirected && up.kind == .escalator)
        #expect(up.levelIDs == ["L-1", "L0", "L1"])

        let down = try AsciiVenue(levels: [0: drawing.replacingLetter("U", "D"), 1: drawing.replacingLetter("U", "D")],
                                  connectors: ["D": .escalator], downEscalators: ["D"]).venue()
        let d = try #require(down.connectors.first)
        #expect(d.isDirected)
        #expect(d.stops.map(\.spaceID) == ["D1", "D0"])
    }

    @Test func nonPublicSpacesAreForEmployeesOnly() throws {
        let venue = try AsciiVenue(levels: [0: "AaK"], nonPublic: ["K"]).venue()
        #expect(try venue.space("K0").restriction == .employeesOnly)
        #expect(try venue.space("A0").restriction == nil)
    }

    @Test func helpersConvertTheDrawingsMetres() throws {
        let ascii = try AsciiVenue(levels: [
            0: """
            AAAaB
            AAAAB
            """,
            2: """
            .....
            .....
            CCCCC
            """,
        ])
        let venue = ascii.venue()
        let p = ascii.point(2.5, 1.5, level: 0)
        #expect(p.levelID == "L0")
        #expect(close(try venue.frame.project(p.coordinate), Coordinate(x: 2.5, y: 1.5)))
        #expect(close(ascii.metres(p.coordinate), Coordinate(x: 2.5, y: 1.5)))
        // Row 0 is the top line: on level 0 (2 lines) it is y ∈ [1, 2]; on level 2 (3 lines) y ∈ [2, 3].
        #expect(close(ascii.metres(ascii.cellCentre(col: 4, row: 0, level: 0)), Coordinate(x: 4.5, y: 1.5)))
        #expect(close(ascii.metres(ascii.cellCentre(col: 0, row: 2, level: 2)), Coordinate(x: 0.5, y: 0.5)))
        let index = VenueSpatialIndex(venue)
        #expect(index.spaceID(at: ascii.cellCentre(col: 4, row: 0, level: 0), levelID: "L0") == "B0")
        #expect(index.spaceID(at: ascii.cellCentre(col: 0, row: 1, level: 0), levelID: "L0") == "A0")
        #expect(index.spaceID(at: ascii.cellCentre(col: 3, row: 2, level: 2), levelID: "L2") == "C2")
        #expect(ascii.cellCentre(col: 0, row: 0, level: 7).longitude.isNaN)
        #expect(ascii.point(0, 0, level: -1).levelID == "L-1")
        #expect(AsciiVenue.levelID(0.5) == "L0.5")
    }

    @Test func raggedLinesArePaddedAndAFinalLineBreakIgnored() throws {
        let ascii = try AsciiVenue(levels: [0: "AAA\nA\nAAA\n"])
        let a = try ascii.venue().metricPolygon("A0")
        #expect(close(a.area, 7))
        #expect(corners(a.exterior) == [[0, 0], [3, 0], [3, 1], [1, 1], [1, 2], [3, 2], [3, 3], [0, 3]])
    }
}

@Suite struct AsciiVenueErrorTests {
    @Test func unexpectedCharactersAreReportedByLineAndColumn() {
        #expect(throws: AsciiVenueError.unexpectedCharacter("*", level: 0, line: 2, column: 3)) {
            try AsciiVenue(levels: [0: "AAAA\nAA*A"])
        }
        #expect(throws: AsciiVenueError.unexpectedCharacter("\t", level: -1, line: 1, column: 2)) {
            try AsciiVenue(levels: [0: "AA", -1: "A\tA"])
        }
        #expect(throws: AsciiVenueError.unexpectedCharacter("é", level: 1, line: 1, column: 1)) {
            try AsciiVenue(levels: [1: "éA"])
        }
    }

    @Test func aSpaceMustBeOnePiece() {
        #expect(throws: AsciiVenueError.disconnectedSpace(letter: "A", level: 0, line: 1, column: 4)) {
            try AsciiVenue(levels: [0: "AA.A"])
        }
        // Cells touching at a corner are not connected.
        #expect(throws: AsciiVenueError.disconnectedSpace(letter: "B", level: 2, line: 2, column: 2)) {
            try AsciiVenue(levels: [2: "B.\n.B"])
        }
        // An obstacle cutting a space in two.
        #expect(throws: AsciiVenueError.disconnectedSpace(letter: "A", level: 0, line: 1, column: 4)) {
            try AsciiVenue(levels: [0: "AA#A"])
        }
    }

    @Test func aDoorNeedsSomewhereToOpenOnto() {
        #expect(throws: AsciiVenueError.doorWithoutNeighbour(letter: "a", level: 0, line: 2, column: 2)) {
            try AsciiVenue(levels: [0: "AAA\nAaA\nAAA"])
        }
        #expect(throws: AsciiVenueError.doorWithoutNeighbour(letter: "b", level: 0, line: 2, column: 2)) {
            try AsciiVenue(levels: [0: "###\n#b#\n###"])
        }
    }

    @Test func parametersAreChecked() {
        #expect(throws: AsciiVenueError.invalidCellSize(0)) { try AsciiVenue(levels: [0: "A"], cell: 0) }
        #expect(throws: AsciiVenueError.invalidCellSize(-1)) { try AsciiVenue(levels: [0: "A"], cell: -1) }
        #expect(throws: AsciiVenueError.invalidCellSize(.infinity)) { try AsciiVenue(levels: [0: "A"], cell: .infinity) }
        #expect(throws: AsciiVenueError.noLevels) { try AsciiVenue(levels: [:]) }
        #expect(throws: AsciiVenueError.invalidLevelOrdinal(.infinity)) { try AsciiVenue(levels: [.infinity: "A"]) }
        #expect(throws: AsciiVenueError.invalidLetter("s", parameter: "connectors")) {
            try AsciiVenue(levels: [0: "A"], connectors: ["s": .stairs])
        }
        #expect(throws: AsciiVenueError.invalidLetter("1", parameter: "names")) {
            try AsciiVenue(levels: [0: "A"], names: ["1": "One"])
        }
        #expect(throws: AsciiVenueError.notAnEscalator("S")) {
            try AsciiVenue(levels: [0: "A"], connectors: ["S": .stairs], downEscalators: ["S"])
        }
        #expect(throws: AsciiVenueError.notAnEscalator("D")) {
            try AsciiVenue(levels: [0: "A"], downEscalators: ["D"])
        }
    }

    @Test func errorsSayWhereToLook() {
        let error = AsciiVenueError.unexpectedCharacter("*", level: -1, line: 2, column: 3)
        #expect(error.localizedDescription.hasPrefix("level -1, line 2, column 3: unexpected character '*'"))
        #expect(AsciiVenueError.unexpectedCharacter("\t", level: 0, line: 1, column: 1).localizedDescription.contains("U+9"))
    }
}

extension String {
    fileprivate func replacingLetter(_ a: Character, _ b: Character) -> String { String(map { $0 == a ? b : $0 }) }
}

@Suite struct AsciiVenueRandomDrawingTests {
    /// Random drawings (each letter kept to its largest 4-connected piece, so they are valid): every space is a
    /// valid polygon of exactly its cells' area, and the venue passes the validator.
    @Test(arguments: 0..<150) func randomDrawingsMakeValidVenues(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let (width, height) = (Int.random(in: 1...9, using: &random), Int.random(in: 1...7, using: &random))
        let alphabet: [Character] = [".", "#", "A", "A", "B", "B", "C"]
        var grid = (0..<height).map { _ in (0..<width).map { _ in alphabet.randomElement(using: &random) ?? "." } }
        var expectedArea: [Character: Int] = [:]
        for letter: Character in ["A", "B", "C"] {
            let keep = largestPiece(of: letter, in: grid)
            for r in 0..<height {
                for c in 0..<width where grid[r][c] == letter && !keep.contains([c, r]) { grid[r][c] = "." }
            }
            expectedArea[letter] = keep.count
        }
        // Doors where a cell has a neighbour of another space or outside (not an obstacle).
        for r in 0..<height {
            for c in 0..<width where grid[r][c].isUppercase && Int.random(in: 0..<4, using: &random) == 0 {
                let letter = grid[r][c]
                let opensSomewhere = [(c + 1, r), (c, r + 1), (c - 1, r), (c, r - 1)].contains { (x, y) in
                    guard y >= 0, y < height, x >= 0, x < width else { return true }
                    let n = grid[y][x]
                    return n != "#" && Character(n.uppercased()) != letter
                }
                if opensSomewhere { grid[r][c] = Character(letter.lowercased()) }
            }
        }
        let text = grid.map { String($0) }.joined(separator: "\n")
        let venue = try AsciiVenue(levels: [0: text], cell: 1.5).venue()
        for space in venue.spaces {
            #expect(try space.geometry.degrees.validityReason() == nil, "\(space.id) in\n\(text)")
            let letter = try #require(space.id.first)
            let polygon = try #require(try venue.frame.project(space.geometry).polygons.first)
            #expect(abs(polygon.area - Double(expectedArea[letter] ?? -1) * 2.25) < 1e-5, "\(space.id) in\n\(text)")
        }
        #expect(VenueValidator().validate(venue).filter { $0.code != "empty-level" }.isEmpty, "\(text)")
    }

    private func largestPiece(of letter: Character, in grid: [[Character]]) -> Set<[Int]> {
        var seen: Set<[Int]> = []
        var best: Set<[Int]> = []
        for r in grid.indices {
            for c in grid[r].indices where grid[r][c] == letter && !seen.contains([c, r]) {
                var piece: Set<[Int]> = [[c, r]]
                var stack = [[c, r]]
                while let p = stack.popLast() {
                    for n in [[p[0] + 1, p[1]], [p[0] - 1, p[1]], [p[0], p[1] + 1], [p[0], p[1] - 1]]
                    where grid.indices.contains(n[1]) && grid[n[1]].indices.contains(n[0]) && grid[n[1]][n[0]] == letter
                        && !piece.contains(n) {
                        piece.insert(n)
                        stack.append(n)
                    }
                }
                seen.formUnion(piece)
                if piece.count > best.count { best = piece }
            }
        }
        return best
    }
}
