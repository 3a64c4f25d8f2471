import IndoorBase
import IndoorGeometry
import IndoorVenue

/// A venue drawn in ASCII, for routing tests — as OSRM's `features/*.feature` draw their maps.
///
/// ```swift
/// let venue = try AsciiVenue(levels: [
///     0: """
///     AAAAAAAAAA
///     AAAAAAAAAA
///     AAAAaBBBBB
///     ....BBBBBB
///     """,
///     1: """
///     ..........
///     SSSSCCCCCC
///     SsSSCCCCCC
///     """,
/// ], cell: 1.0, connectors: ["S": .stairs, "E": .elevator, "U": .escalator], names: ["B": "Shop", "C": "Café"]).venue()
/// ```
///
/// Level 0 above has a walkway `A0` (an L of 25 m²) and a shop `B0` (an L of 11 m²), joined by a door on the
/// edge `x = 5, y ∈ [1, 2]`; level 1 has stairs `S1`, with an entrance on its south side, and a café `C1`.
///
/// ## Cells and coordinates
///
/// Each character is a square cell of `cell` metres. Row 0 is the top line of a level's drawing (north); `x`
/// grows to the right (east) and `y` to the north, `y = 0` being the bottom edge of the last line. Cell
/// `(col c, row r)` of a drawing of `H` lines covers `x ∈ [c, c+1]·cell`, `y ∈ [H-1-r, H-r]·cell`. Levels drawn
/// with different numbers of lines are therefore aligned on their last line: draw every level with the same
/// number of lines to stack them as drawn. Short lines are padded with `.`; a final line break is ignored.
///
/// The venue is stored in WGS84, converted from these metres by a ``LocalFrame`` centred on ``origin``
/// (2.35° E, 48.85° N), which is also the venue's ``Venue/frame``: `venue.frame.project(_:)` gives the drawing's
/// metres back (to well under a millimetre). ``point(_:_:level:)``, ``cellCentre(col:row:level:)`` and
/// ``metres(_:)`` convert for tests.
///
/// ## Characters
///
/// - term `A`–`Z`: a cell of the space named by that letter on that level. All the cells of a letter on a level
///   form one space, which must be 4-connected (cells touching only at a corner are not). Its polygon is the
///   exact outline of its cells: one counter-clockwise exterior ring and clockwise holes, with a vertex at every
///   corner and nowhere else. Cells of no space (`.`, ` `, `#`) surrounded by a space are holes in it; a hole
///   may touch the exterior or another hole at a single corner (still a valid polygon).
/// - term `a`–`z`: a cell of the space of the same uppercase letter that also marks a door: an opening on the
///   edge between this cell and its first neighbour — east, south, west, north, in that order — that belongs to
///   a different space or to the outside (a neighbour beyond the drawing is outside; an obstacle `#` is skipped,
///   a door does not open onto a fixture). The opening is a LineString along that whole cell edge (`cell`
///   metres long). Opening onto the outside, it is an entrance. Two facing door cells marking the same edge
///   give one opening, the first in reading order.
/// - term `.` and space: outside, no space.
/// - term `#`: an obstacle (a fixture) filling the cell, in no space: a hole in the space around it when
///   that space encloses it, otherwise simply outside.
///
/// ## What is built
///
/// - Levels `"L\(ordinal)"` (`"L0"`, `"L-1"`, `"L0.5"`), ordinal the dictionary key, named `"Level \(ordinal)"`;
///   one building, `"building"`.
/// - Spaces `"\(letter)\(ordinal)"` (`"A0"`, `"S-1"`) in level then letter order; category the connector kind
///   (`"stairs"`, `"elevator"`, `"escalator"`…) for a letter of `connectors`, else `"walkway"` for a letter of
///   `walkways`, else `"room"`; named from `names` (in English); `restriction: .employeesOnly` for a letter
///   of `nonPublic`.
/// - Openings `"door-\(letter)\(ordinal)-\(col)-\(row)"` (uppercase letter, the 0-based cell of the lowercase
///   letter), in level then reading order; category `"pedestrian"`, or `"pedestrian.principal"` for an
///   entrance; `isDoor` true, `width` the cell size.
/// - Connectors `"conn-\(letter)"` for each letter of `connectors` drawn on two or more levels: the letter's
///   spaces in ordinal order are the stops, each located at the centre of its space's bounding box. Escalators
///   are directed, from the lowest level to the highest, or from the highest down for a letter of
///   `downEscalators`. A connector letter drawn on one level only makes a space and no connector.
/// - Obstacles `"obstacle-\(ordinal)-\(col)-\(row)"`, one unit square per `#` cell, category `"obstruction"`.
/// - POIs of kind `.room` for every named space: id the space id, its name and category, at the centre of its
///   bounding box.
///
/// Every geometry is exact in the drawing's metres; the venue passes ``VenueValidator`` with no issue.
public struct AsciiVenue: Sendable {
    /// The WGS84 origin of every drawing's frame: `(x, y) = (0, 0)` metres, the bottom-left corner of the drawings.
    public static let origin = GeoCoordinate(longitude: 2.35, latitude: 48.85)

    /// The frame converting the drawing's metres to WGS84, the venue's ``Venue/frame``.
    public let frame: LocalFrame
    /// The side of a cell, in metres.
    public let cell: Double
    /// Lines per level ordinal.
    private let heights: [Double: Int]
    private let built: Venue

    /// Parses the drawings and builds the venue.
    ///
    /// - Parameters:
    ///   - levels: the drawing of each level, by ordinal.
    ///   - cell: the side of a cell in metres.
    ///   - walkways: letters whose spaces are walkways (corridors, halls).
    ///   - connectors: letters whose spaces are vertical circulation, with its kind.
    ///   - downEscalators: escalator letters that run downwards.
    ///   - names: names of the spaces of a letter (on every level), which also become POIs.
    ///   - nonPublic: letters whose spaces are for employees only.
    /// - Throws: ``AsciiVenueError``, naming the level, line and column of a defect in a drawing.
    public init(
        levels: [Double: String],
        cell: Double = 1.0,
        walkways: Set<Character> = ["A"],
        connectors: [Character: Connector.Kind] = [:],
        downEscalators: Set<Character> = [],
        names: [Character: String] = [:],
        nonPublic: Set<Character> = []
    ) throws(AsciiVenueError) {
        guard cell.isFinite, cell > 0 else { throw .invalidCellSize(cell) }
        guard !levels.isEmpty else { throw .noLevels }
        for ordinal in levels.keys.sorted() where !ordinal.isFinite { throw .invalidLevelOrdinal(ordinal) }
        let parameters: [(String, [Character])] = [
            ("walkways", walkways.sorted()), ("connectors", connectors.keys.sorted()),
            ("downEscalators", downEscalators.sorted()), ("names", names.keys.sorted()), ("nonPublic", nonPublic.sorted()),
        ]
        for (parameter, letters) in parameters {
            for letter in letters where !Self.isUppercase(letter) { throw .invalidLetter(letter, parameter: parameter) }
        }
        for letter in downEscalators.sorted() where connectors[letter] != .escalator { throw .notAnEscalator(letter) }

        let frame: LocalFrame
        do throws(GeometryError) { frame = try LocalFrame(origin: Self.origin) } catch { throw .geometry(error) }
        self.frame = frame
        self.cell = cell

        let drawings = try levels.keys.sorted().map { (ordinal) throws(AsciiVenueError) in
            try Drawing(ordinal: ordinal, text: levels[ordinal] ?? "")
        }
        heights = Dictionary(uniqueKeysWithValues: drawings.map { ($0.ordinal, $0.height) })

        let builder = Builder(frame: frame, cell: cell, walkways: walkways, connectorKinds: connectors,
                              downEscalators: downEscalators, names: names, nonPublic: nonPublic)
        built = try builder.venue(drawings)
    }

    /// The venue drawn.
    public func venue() -> Venue { built }

    /// A position given in the drawing's metres on a level, as a place on that level — what a route query takes.
    /// The coordinate is NaN when the position cannot be converted (a non-finite one).
    public func point(_ x: Double, _ y: Double, level: Double) -> Place {
        .coordinate(wgs84(Coordinate(x: x, y: y)), levelID: Self.levelID(level))
    }

    /// The position of the centre of cell `(col, row)` (0-based, row 0 the top line) of a level's drawing; NaN for
    /// a level that was not drawn.
    public func cellCentre(col: Int, row: Int, level: Double) -> GeoCoordinate {
        guard let height = heights[level] else { return GeoCoordinate(longitude: .nan, latitude: .nan) }
        return wgs84(Coordinate(x: (Double(col) + 0.5) * cell, y: (Double(height - 1 - row) + 0.5) * cell))
    }

    /// A position in the drawing's metres; NaN when it cannot be converted.
    public func metres(_ c: GeoCoordinate) -> Coordinate {
        (try? frame.project(c)) ?? Coordinate(x: .nan, y: .nan)
    }

    /// The id of the level of an ordinal: `"L0"`, `"L-1"`, `"L0.5"`.
    public static func levelID(_ ordinal: Double) -> String { "L\(ordinalText(ordinal))" }

    /// The id of the space drawn with `letter` on a level: `"A0"`, `"S-1"`.
    public static func spaceID(_ letter: Character, level ordinal: Double) -> String {
        "\(letter.uppercased())\(ordinalText(ordinal))"
    }

    /// An ordinal as people write it: `2`, `-1`, `0.5`.
    static func ordinalText(_ ordinal: Double) -> String {
        ordinal.isFinite && ordinal.rounded() == ordinal && abs(ordinal) < 1e15 ? String(Int(ordinal)) : String(ordinal)
    }

    static func isUppercase(_ c: Character) -> Bool { c.isASCII && c.isUppercase }

    private func wgs84(_ metres: Coordinate) -> GeoCoordinate {
        (try? frame.unproject(metres)) ?? GeoCoordinate(longitude: .nan, latitude: .nan)
    }
}

/// What a cell of a drawing holds.
enum CellContent: Equatable {
    case outside
    case obstacle
    /// A cell of the space of `letter` (uppercase); `door` when drawn lowercase.
    case space(Character, door: Bool)

    var letter: Character? {
        if case .space(let letter, _) = self { letter } else { nil }
    }
}

/// One level's drawing, checked character by character and padded to a rectangle.
struct Drawing {
    let ordinal: Double
    let rows: [[CellContent]]
    let width: Int
    var height: Int { rows.count }

    init(ordinal: Double, text: String) throws(AsciiVenueError) {
        self.ordinal = ordinal
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        while lines.last?.isEmpty == true { lines.removeLast() }
        var rows: [[CellContent]] = []
        for (r, line) in lines.enumerated() {
            var row: [CellContent] = []
            for (c, ch) in line.enumerated() {
                switch ch {
                case ".", " ": row.append(.outside)
                case "#": row.append(.obstacle)
                case _ where ch.isASCII && ch.isUppercase: row.append(.space(ch, door: false))
                case _ where ch.isASCII && ch.isLowercase:
                    row.append(.space(Character(ch.uppercased()), door: true))
                default: throw .unexpectedCharacter(ch, level: ordinal, line: r + 1, column: c + 1)
                }
            }
            rows.append(row)
        }
        let width = rows.map(\.count).max() ?? 0
        self.width = width
        self.rows = rows.map { $0 + Array(repeating: .outside, count: width - $0.count) }
    }

    /// The cell at `(col, row)`; outside beyond the drawing.
    subscript(col: Int, row: Int) -> CellContent {
        guard row >= 0, row < rows.count, col >= 0, col < width else { return .outside }
        return rows[row][col]
    }

    /// The cell's place on the grid (`y` north).
    func gridCell(col: Int, row: Int) -> GridCell { GridCell(x: col, y: height - 1 - row) }

    /// Every `(col, row)` in reading order.
    var cells: [(col: Int, row: Int)] {
        (0..<height).flatMap { r in (0..<width).map { c in (col: c, row: r) } }
    }
}

/// Turns checked drawings into a venue.
private struct Builder {
    let frame: LocalFrame
    let cell: Double
    let walkways: Set<Character>
    let connectorKinds: [Character: Connector.Kind]
    let downEscalators: Set<Character>
    let names: [Character: String]
    let nonPublic: Set<Character>

    /// A space built, with what connectors and POIs need.
    private struct BuiltSpace {
        var space: Space
        var letter: Character
        /// The centre of its bounding box, in metres.
        var centre: Coordinate
    }

    func venue(_ drawings: [Drawing]) throws(AsciiVenueError) -> Venue {
        var levels: [Level] = []
        var spaces: [BuiltSpace] = []
        var openings: [Opening] = []
        var obstacles: [Obstacle] = []
        for drawing in drawings {
            let levelID = AsciiVenue.levelID(drawing.ordinal)
            levels.append(Level(id: levelID, ordinal: drawing.ordinal,
                                name: LocalizedText(["en": "Level \(AsciiVenue.ordinalText(drawing.ordinal))"]),
                                buildingIDs: ["building"]))
            spaces += try self.spaces(drawing, levelID: levelID)
            openings += try doors(drawing, levelID: levelID)
            obstacles += try self.obstacles(drawing, levelID: levelID)
        }

        var connectors: [Connector] = []
        for (letter, kind) in connectorKinds.sorted(by: { $0.key < $1.key }) {
            let stacked = spaces.filter { $0.letter == letter }  // already in ordinal order
            guard stacked.count >= 2 else { continue }
            var stops: [Connector.Stop] = []
            for s in stacked {
                stops.append(Connector.Stop(levelID: s.space.levelID, spaceID: s.space.id, location: try wgs84(s.centre)))
            }
            if downEscalators.contains(letter) { stops.reverse() }
            connectors.append(Connector(id: "conn-\(letter)", kind: kind, stops: stops, isDirected: kind == .escalator,
                                        name: names[letter].map { LocalizedText(["en": $0]) } ?? LocalizedText()))
        }

        var pois: [POI] = []
        for s in spaces where !s.space.name.isEmpty {
            pois.append(POI(id: s.space.id, kind: .room, category: s.space.category, name: s.space.name,
                            levelID: s.space.levelID, coordinate: try wgs84(s.centre), spaceID: s.space.id))
        }

        return Venue(
            id: "ascii-venue", name: LocalizedText(["en": "ASCII venue"]), sourceFormat: "ASCII",
            buildings: [Building(id: "building", name: LocalizedText(["en": "ASCII building"]))],
            levels: levels, spaces: spaces.map(\.space), openings: openings, connectors: connectors, pois: pois,
            obstacles: obstacles, issues: [], frame: frame)
    }

    /// The spaces of a level, in letter order; each letter's cells must be 4-connected.
    private func spaces(_ drawing: Drawing, levelID: String) throws(AsciiVenueError) -> [BuiltSpace] {
        var cellsOf: [Character: [(col: Int, row: Int)]] = [:]
        for p in drawing.cells {
            if let letter = drawing[p.col, p.row].letter { cellsOf[letter, default: []].append(p) }
        }
        var built: [BuiltSpace] = []
        for (letter, cells) in cellsOf.sorted(by: { $0.key < $1.key }) {
            if let stray = Self.firstDisconnected(cells) {
                throw .disconnectedSpace(letter: letter, level: drawing.ordinal, line: stray.row + 1, column: stray.col + 1)
            }
            let grid = Set(cells.map { drawing.gridCell(col: $0.col, row: $0.row) })
            let rings = CellOutline.rings(of: grid)
            let polygon: Polygon
            do throws(GeometryError) {
                polygon = try Polygon(rings: rings.map { $0.map { metres($0) } })
            } catch {
                throw .geometry(error)
            }
            let category = connectorKinds[letter]?.rawValue ?? (walkways.contains(letter) ? "walkway" : "room")
            let box = BoundingBox(covering: polygon.exterior.coordinates) ?? BoundingBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
            let space = Space(
                id: AsciiVenue.spaceID(letter, level: drawing.ordinal), category: category,
                name: names[letter].map { LocalizedText(["en": $0]) } ?? LocalizedText(),
                levelID: levelID, geometry: try wgs84(.polygon(polygon)),
                restriction: nonPublic.contains(letter) ? .employeesOnly : nil)
            built.append(BuiltSpace(space: space, letter: letter, centre: box.center))
        }
        return built
    }

    /// The first cell (in reading order) not 4-connected to the first, or `nil` when all are connected.
    private static func firstDisconnected(_ cells: [(col: Int, row: Int)]) -> (col: Int, row: Int)? {
        struct Key: Hashable { var col: Int; var row: Int }
        let all = Set(cells.map { Key(col: $0.col, row: $0.row) })
        guard let first = cells.first else { return nil }
        var reached: Set<Key> = [Key(col: first.col, row: first.row)]
        var queue = [Key(col: first.col, row: first.row)]
        while let k = queue.popLast() {
            for n in [Key(col: k.col + 1, row: k.row), Key(col: k.col, row: k.row + 1),
                      Key(col: k.col - 1, row: k.row), Key(col: k.col, row: k.row - 1)]
            where all.contains(n) && !reached.contains(n) {
                reached.insert(n)
                queue.append(n)
            }
        }
        return cells.first { !reached.contains(Key(col: $0.col, row: $0.row)) }
    }

    /// The openings marked by lowercase cells, in reading order.
    private func doors(_ drawing: Drawing, levelID: String) throws(AsciiVenueError) -> [Opening] {
        var openings: [Opening] = []
        var edgesTaken: Set<[GridPoint]> = []
        for p in drawing.cells {
            guard case .space(let letter, door: true) = drawing[p.col, p.row] else { continue }
            let g = drawing.gridCell(col: p.col, row: p.row)
            let (x, y) = (g.x, g.y)
            // East, south, west, north: the neighbour's cell and the shared edge (grid corners).
            let sides: [(col: Int, row: Int, edge: [GridPoint])] = [
                (p.col + 1, p.row, [GridPoint(x: x + 1, y: y), GridPoint(x: x + 1, y: y + 1)]),
                (p.col, p.row + 1, [GridPoint(x: x, y: y), GridPoint(x: x + 1, y: y)]),
                (p.col - 1, p.row, [GridPoint(x: x, y: y), GridPoint(x: x, y: y + 1)]),
                (p.col, p.row - 1, [GridPoint(x: x, y: y + 1), GridPoint(x: x + 1, y: y + 1)]),
            ]
            let side = sides.first { s in
                switch drawing[s.col, s.row] {
                case .obstacle: false
                case .outside: true
                case .space(let other, _): other != letter
                }
            }
            guard let side else {
                throw .doorWithoutNeighbour(letter: Character(letter.lowercased()), level: drawing.ordinal,
                                            line: p.row + 1, column: p.col + 1)
            }
            guard edgesTaken.insert(side.edge).inserted else { continue }
            let entrance = drawing[side.col, side.row] == .outside
            let line: LineString
            do throws(GeometryError) { line = try LineString(side.edge.map { metres($0) }) } catch { throw .geometry(error) }
            openings.append(Opening(
                id: "door-\(letter)\(AsciiVenue.ordinalText(drawing.ordinal))-\(p.col)-\(p.row)",
                category: entrance ? "pedestrian.principal" : "pedestrian", levelID: levelID,
                geometry: try wgs84(.lineString(line)), isDoor: true, width: cell))
        }
        return openings
    }

    /// One unit-square obstacle per `#` cell, in reading order.
    private func obstacles(_ drawing: Drawing, levelID: String) throws(AsciiVenueError) -> [Obstacle] {
        var obstacles: [Obstacle] = []
        for p in drawing.cells where drawing[p.col, p.row] == .obstacle {
            let rings = CellOutline.rings(of: [drawing.gridCell(col: p.col, row: p.row)])
            let polygon: Polygon
            do throws(GeometryError) { polygon = try Polygon(rings: rings.map { $0.map { metres($0) } }) } catch { throw .geometry(error) }
            obstacles.append(Obstacle(
                id: "obstacle-\(AsciiVenue.ordinalText(drawing.ordinal))-\(p.col)-\(p.row)", category: "obstruction",
                levelID: levelID, geometry: try wgs84(.polygon(polygon))))
        }
        return obstacles
    }

    private func metres(_ p: GridPoint) -> Coordinate { Coordinate(x: Double(p.x) * cell, y: Double(p.y) * cell) }

    private func wgs84(_ c: Coordinate) throws(AsciiVenueError) -> GeoCoordinate {
        do throws(GeometryError) { return try frame.unproject(c) } catch { throw .geometry(error) }
    }

    private func wgs84(_ g: Geometry) throws(AsciiVenueError) -> GeoGeometry {
        do throws(GeometryError) { return try frame.unproject(g) } catch { throw .geometry(error) }
    }
}
