import IndoorBase
import IndoorGeometry

/// What ``Venue/inferringPassages(rules:)`` made explicit that the data leaves implicit, level by level.
public struct InferenceReport: Hashable, Sendable {
    /// What was inferred on one level.
    public struct LevelSummary: Hashable, Sendable {
        /// The id of the level summarised.
        public var levelID: String
        /// Square metres of corridor made from the level's outline minus its units.
        public var implicitCorridorArea = 0.0
        /// Implicit corridor pieces added as spaces.
        public var implicitCorridors = 0
        /// Entrances added to spaces that had none.
        public var inferredOpenings = 0
        /// Spaces carved out of a larger space they were drawn inside (or overlapped).
        public var carvedOverlaps = 0

        /// A summary of nothing inferred yet on the level `levelID`.
        public init(levelID: String) { self.levelID = levelID }

        var isEmpty: Bool { implicitCorridors == 0 && inferredOpenings == 0 && carvedOverlaps == 0 }
    }

    /// The levels where something was inferred, in the venue's level order.
    public var levels: [LevelSummary] = []
    /// Levels that share an ordinal and are walked as one floor (an indoor level and its outdoor twin, the same
    /// storey of several buildings): their ids, one group per ordinal with more than one level.
    public var sharedFloors: [[String]] = []
    /// The walkable site around a campus's buildings, when inferred (nil otherwise).
    public var grounds: Grounds?

    /// The site around a campus's buildings, taken as walkable where nothing is drawn, and the entrances joining
    /// each building to it.
    public struct Grounds: Hashable, Sendable {
        /// The id of the outdoor level added for the grounds.
        public var levelID: String
        /// The grounds' spaces (one per separate piece), category `grounds`.
        public var spaceIDs: [String] = []
        /// Square metres of grounds.
        public var area = 0.0
        /// Every building's entrances onto the grounds, drawn or inferred, in the venue's building order.
        public var entrances: [Entrance] = []

        /// Grounds on the level `levelID`, with no space or entrance yet.
        public init(levelID: String) { self.levelID = levelID }

        /// The entrances inferred (not drawn), by building id.
        public var inferredEntrances: [Entrance] { entrances.filter(\.isInferred) }
    }

    /// A building's entrance onto the grounds.
    public struct Entrance: Hashable, Sendable {
        /// The building's id.
        public var buildingID: String
        /// The opening's id (an opening of the data, or `inferred-entrance-…`).
        public var openingID: String
        /// Whether the entrance is inferred rather than drawn (``Opening/isInferred``).
        public var isInferred: Bool

        /// The entrance `openingID` of the building `buildingID`.
        public init(buildingID: String, openingID: String, isInferred: Bool) {
            self.buildingID = buildingID
            self.openingID = openingID
            self.isInferred = isInferred
        }
    }

    /// An empty report: nothing inferred.
    public init() {}

    /// Whether nothing was inferred.
    public var isEmpty: Bool { levels.isEmpty && sharedFloors.isEmpty && grounds == nil }
}

/// The rules of ``Venue/inferringPassages(rules:)``, in metres.
public struct InferenceRules: Hashable, Sendable {
    /// Boundaries closer than this are shared (sub-centimetre gaps and overlaps of CAD exports and hand drawing).
    public var adjacencyTolerance = 0.05
    /// The narrowest an implicit corridor may be: leftovers thinner than this between drawn units are walls.
    public var minimumCorridorWidth = 0.8
    /// Leftover pieces smaller than this are not corridors.
    public var minimumCorridorArea = 4.0
    /// The width of an inferred entrance, and the shortest shared boundary one is placed on.
    public var doorWidth = 0.9
    /// Overlaps smaller than this (square metres) are left alone.
    public var overlapNoise = 0.01
    /// The width of an inferred building entrance onto a campus's grounds (narrower where the wall is shorter,
    /// never below ``doorWidth``).
    public var entranceWidth = 1.8
    /// How far the grounds reach beyond the buildings with levels: the hull of their footprints grown by this
    /// (within the venue's outline).
    public var groundsMargin = 15.0

    /// The default rules (5 cm adjacency, 0.8 m corridors of at least 4 m², 0.9 m doors, 0.01 m² overlaps, 1.8 m
    /// building entrances, 15 m of grounds around a campus with no outline).
    public init() {}
}

extension Venue {
    /// The venue with what its data leaves implicit made explicit, the way people read such plans:
    ///
    /// 1. **Overlapping units**: a unit drawn inside (or across) a larger one is a room with walls, so the smaller is
    ///    carved out of the larger (a classroom drawn inside a corridor polygon is left through its door, not
    ///    through its wall).
    /// 2. **Implicit corridors**: where a level's outline holds walkable room the units leave undrawn — a CAD export
    ///    that draws only the rooms — the leftover is a corridor (category `walkway`, ``Space/isInferred``), when a
    ///    drawn opening leads into it from one side only or the level has no walkway at all. Leftovers thinner than
    ///    ``InferenceRules/minimumCorridorWidth`` are walls.
    /// 3. **Rooms without openings**: a passable space with no opening gets one entrance
    ///    (``Opening/isInferred``) of ``InferenceRules/doorWidth`` in the middle of the longest stretch of boundary
    ///    it shares with a walkway on its floor, else with any other passable space.
    /// 4. **Levels sharing an ordinal** are one floor: reported in ``InferenceReport/sharedFloors`` (routing joins
    ///    them).
    /// 5. **Campus grounds**: when two or more buildings have levels and nothing drawn joins their ground floors
    ///    (a level they share, a connector, outdoor units reaching each), the site around them is walkable: the
    ///    hull of their footprints grown by ``InferenceRules/groundsMargin``, within the venue's ``outline``, minus
    ///    every building footprint and every unit drawn on the grounds' floor, less slivers thinner than
    ///    ``InferenceRules/minimumCorridorWidth``. It is added as spaces of category `grounds`
    ///    (``SpaceKind/grounds``, ``Space/isInferred``) on an outdoor level `inferred-grounds` whose ordinal is
    ///    the one most buildings' ground levels have (0 on a tie). A building's ground level is its level of
    ///    ordinal 0, else its lowest level above ground (a building numbered from 1), else its highest. An opening
    ///    of the ground level with a unit on one side and the grounds on the other is an entrance, whatever its
    ///    category (real data labels entrances `automobile`), unless it is restricted or an `emergencyexit`; a
    ///    building with none gets one of ``InferenceRules/entranceWidth`` (``Opening/isInferred``) on the longest
    ///    stretch of wall a public unit shares with the grounds — onto the piece of grounds that reaches the most
    ///    buildings (not a courtyard it alone encloses), near an amenity or anchor whose category names an
    ///    entrance when there is one, else a lobby or entrance walkway before other walkways, walkways before
    ///    rooms. A drawn outdoor walkway meeting the grounds is joined to them by inferred openings along the
    ///    boundary they share; pieces of grounds no entrance or walkway leads onto are left out. A building whose ground level is on another ordinal than the grounds is joined to
    ///    them by a `traversal` connector (`inferred-traversal-…`) at each entrance.
    ///
    /// Every inference is also listed in ``issues`` (severity `info`, codes `carved-overlap`, `implicit-corridor`,
    /// `inferred-opening`, `shared-floor`, `grounds`, `building-entrance`) and summed up in ``inference``.
    /// - Complexity: about O(n log n) for n spaces on a level, plus the GEOS work on overlapping pairs.
    public func inferringPassages(rules: InferenceRules = InferenceRules()) -> Venue {
        var inferrer = PassageInferrer(venue: self, rules: rules)
        return inferrer.run()
    }

    /// The levels walked as one floor with `levelID`: every level of the same ordinal (itself first).
    public func floor(of levelID: String) -> [Level] {
        guard let level = level(id: levelID) else { return [] }
        return [level] + levels.filter { $0.ordinal == level.ordinal && $0.id != levelID }
    }
}

/// The steps of ``Venue/inferringPassages(rules:)``.
struct PassageInferrer {
    var venue: Venue
    let rules: InferenceRules
    /// Metric shapes of the spaces, kept in step with carving.
    var shapes: [Geometry?]
    var summaries: [String: InferenceReport.LevelSummary] = [:]
    var notes: [VenueIssue] = []

    init(venue: Venue, rules: InferenceRules) {
        self.venue = venue
        self.rules = rules
        shapes = venue.shapes.spaces
    }

    /// The union of shapes, an invalid one made valid (``Geometry/union(of:)``); `nil` when even that fails.
    static func union(_ shapes: [Geometry]) -> Geometry? {
        try? Geometry.union(of: shapes)
    }

    /// `a − b` and `a ∩ b` tolerating invalid input the same way.
    static func overlay(_ a: Geometry, _ b: Geometry, _ op: (Geometry, Geometry) throws -> Geometry) -> Geometry? {
        if let g = try? op(a, b) { return g }
        let fix = { (g: Geometry) in g.isValid ? g : ((try? g.makeValid()) ?? g) }
        return try? op(fix(a), fix(b))
    }

    mutating func run() -> Venue {
        let original = venue
        carveOverlaps()
        addImplicitCorridors()
        addMissingEntrances()
        let grounds = addGrounds()
        var report = InferenceReport()
        report.grounds = grounds
        report.levels = venue.levels.compactMap { summaries[$0.id] }.filter { !$0.isEmpty }
        report.sharedFloors = Dictionary(grouping: venue.levels, by: \.ordinal).values
            .filter { $0.count > 1 }
            .map { $0.map(\.id) }
            .sorted { $0[0] < $1[0] }
        for group in report.sharedFloors {
            let ordinal = venue.level(id: group[0])?.ordinalText ?? "?"
            notes.append(VenueIssue(.info, "shared-floor", featureID: group[0],
                "levels \(group.joined(separator: ", ")) share ordinal \(ordinal) and are walked as one floor"))
        }
        guard !report.isEmpty else { return original }
        venue.inference = report
        venue.issues += notes
        return venue
    }

    mutating func summary(_ levelID: String, _ change: (inout InferenceReport.LevelSummary) -> Void) {
        var s = summaries[levelID] ?? InferenceReport.LevelSummary(levelID: levelID)
        change(&s)
        summaries[levelID] = s
    }

    func spaceIndexes(onFloorOf levelID: String) -> [Int] {
        let floor = Set(venue.floor(of: levelID).map(\.id))
        return venue.spaces.indices.filter { floor.contains(venue.spaces[$0].levelID) }
    }

    // MARK: 1. Overlaps

    mutating func carveOverlaps() {
        for level in venue.levels {
            let members = venue.spaces.indices.filter { venue.spaces[$0].levelID == level.id && shapes[$0] != nil }
            let boxes = members.map { shapes[$0]?.boundingBox ?? .empty }
            let tree = STRTree(boxes)
            let slack = rules.adjacencyTolerance
            // Overlaps thinner than the adjacency tolerance are shared boundaries: the simpler space shrunk by it,
            // tested against the other prepared once, leaves out the neighbours that only touch (a room along a
            // corridor of many vertices) before any overlay is computed.
            var prepared: [Int: PreparedGeometry] = [:]
            var shrunk: [Int: Geometry] = [:]
            // Most spaces are convex: then Swift shrinks the one and tests it against the other exactly (GEOS's buffer
            // and predicate cost a copy of both there and back, for every pair of neighbours).
            var convex: [Int: ConvexPolygon?] = [:]
            func convexShape(_ s: Int) -> ConvexPolygon? {
                if let known = convex[s] { return known }
                let polygons = shapes[s]?.polygons ?? []
                let found = polygons.count == 1 && polygons[0].holes.isEmpty ? ConvexPolygon(ring: polygons[0].exterior.coordinates) : nil
                convex[s] = .some(found)
                return found
            }
            for (i, s) in members.enumerated() {
                for j in tree.items(intersecting: boxes[i]) where j > i {
                    let t = members[j]
                    // Neighbours that only touch overlap their boxes by a sliver: no GEOS work for them.
                    let a = boxes[i], b = boxes[j]
                    guard min(a.maxX, b.maxX) - max(a.minX, b.minX) > 2 * slack,
                          min(a.maxY, b.maxY) - max(a.minY, b.minY) > 2 * slack,
                          let sa = shapes[s], let sb = shapes[t] else { continue }
                    let (few, many) = sa.allCoordinates.count <= sb.allCoordinates.count ? (s, t) : (t, s)
                    if let small = convexShape(few), let large = convexShape(many), let inner = small.shrunk(by: slack) {
                        // Apart, or an overlap to measure below.
                        if !inner.intersects(large) { continue }
                    } else if let inner = shrunk[few] ?? shapes[few].flatMap({ try? $0.buffer(-slack, quadrantSegments: 1, join: .mitre) }),
                       let outer = prepared[many] ?? shapes[many].flatMap({ try? PreparedGeometry($0) }) {
                        shrunk[few] = inner
                        prepared[many] = outer
                        if inner.polygons.isEmpty || (try? outer.intersects(inner)) == false { continue }
                    }
                    guard let overlap = try? Self.overlay(sa, sb, { try $0.intersection($1) })?.area(), overlap > rules.overlapNoise,
                          let areaA = try? sa.area(), let areaB = try? sb.area() else { continue }
                    // The smaller is a room drawn inside (or across) the larger; the same shape twice is left alone.
                    let (small, large) = areaA <= areaB ? (s, t) : (t, s)
                    guard min(areaA, areaB) < 0.95 * max(areaA, areaB),
                          let outer = shapes[large], let inner = shapes[small],
                          let carved = Self.overlay(outer, inner, { try $0.difference($1) }) else { continue }
                    let polygons = carved.polygons.filter { $0.area > 0.01 }
                    guard !polygons.isEmpty else { continue }
                    if polygons.count > outer.polygons.count {
                        // The smaller reaches across the larger: carving it would cut the larger in two. A walkway
                        // mapped through a shop's outline still runs through, so the smaller gives up the overlap
                        // (when something of it is left).
                        guard let rest = Self.overlay(inner, outer, { try $0.difference($1) }),
                              case let left = rest.polygons.filter({ $0.area > 0.01 }), !left.isEmpty,
                              left.reduce(0, { $0 + $1.area }) > 1 else { continue }
                        replace(small, with: left)
                        (prepared[small], shrunk[small], convex[small]) = (nil, nil, nil)
                        summary(level.id) { $0.carvedOverlaps += 1 }
                        notes.append(VenueIssue(.info, "carved-overlap", featureID: venue.spaces[small].id,
                            "overlaps space \(venue.spaces[large].id) by \(measureText(overlap)) m² and reaches across it: the overlap is left to that space, which runs through"))
                        continue
                    }
                    replace(large, with: polygons)
                    (prepared[large], shrunk[large], convex[large]) = (nil, nil, nil)
                    summary(level.id) { $0.carvedOverlaps += 1 }
                    notes.append(VenueIssue(.info, "carved-overlap", featureID: venue.spaces[small].id,
                        "overlaps space \(venue.spaces[large].id) by \(measureText(overlap)) m²: carved out of that larger space, so its walls hold"))
                }
            }
        }
    }

    /// Gives a space new polygons (metres), in both its metric shape and its WGS84 geometry.
    mutating func replace(_ s: Int, with polygons: [Polygon]) {
        let metric: Geometry = polygons.count == 1 ? .polygon(polygons[0]) : .multiPolygon(polygons)
        guard let wgs = try? venue.frame.unproject(metric) else { return }
        shapes[s] = metric
        venue.spaces[s].geometry = wgs
    }

    // MARK: 2. Implicit corridors

    mutating func addImplicitCorridors() {
        for level in venue.levels {
            guard let outline = level.geometry.flatMap({ try? venue.frame.project($0) }), !outline.polygons.isEmpty else { continue }
            let members = venue.spaces.indices.filter { venue.spaces[$0].levelID == level.id }
            let hasWalkway = members.contains { venue.spaces[$0].kind.isOpenPlan }
            let dangling = hasWalkway ? danglingOpeningPoints(on: level.id) : []
            // A level with walkways gets corridors only where an opening leads out of the drawn units: with none,
            // there is nothing to look for (and the union of thousands of units is the costly part).
            if hasWalkway && dangling.isEmpty { continue }
            let drawn = members.compactMap { shapes[$0] }
            guard !drawn.isEmpty, let units = Self.union(drawn),
                  let leftover = try? Geometry.multiPolygon(outline.polygons).difference(units) else { continue }
            // Walls and slivers between units are thinner than a corridor: an opening (erode, then dilate) drops them.
            let r = rules.minimumCorridorWidth / 2
            guard let eroded = try? leftover.buffer(-r, quadrantSegments: 2, join: .mitre),
                  !eroded.polygons.isEmpty,
                  let opened = try? eroded.buffer(r, quadrantSegments: 2, join: .mitre),
                  let pieces = try? opened.intersection(leftover) else { continue }
            var k = 0
            for piece in pieces.polygons where piece.area >= rules.minimumCorridorArea {
                let prepared = PreparedPolygon(.polygon(piece))
                guard !hasWalkway || dangling.contains(where: { prepared.contains($0) }) else { continue }
                guard let geometry = try? venue.frame.unproject(.polygon(piece)) else { continue }
                k += 1
                var space = Space(id: "implicit-corridor-\(level.id)-\(k)", category: "walkway", levelID: level.id, geometry: geometry)
                space.isInferred = true
                venue.spaces.append(space)
                shapes.append(.polygon(piece))
                summary(level.id) {
                    $0.implicitCorridors += 1
                    $0.implicitCorridorArea += piece.area
                }
                notes.append(VenueIssue(.info, "implicit-corridor", featureID: space.id,
                    "\(measureText(piece.area)) m² of level \(level.ordinalText) is in no unit: taken as a corridor"))
            }
        }
    }

    /// Points just outside each opening of a level that has a space on one side only: where its other side
    /// leads, into room the units do not draw.
    func danglingOpeningPoints(on levelID: String) -> [Coordinate] {
        let members = venue.spaces.indices.filter { venue.spaces[$0].levelID == levelID && shapes[$0] != nil }
        let index = PolygonIndex(members.compactMap { shapes[$0] })
        var out: [Coordinate] = []
        let lines = venue.shapes.openings
        for (o, opening) in venue.openings.enumerated() where opening.levelID == levelID {
            guard let line = lines[o], let probe = OpeningProbe(line) else { continue }
            let sides = probe.sides(in: index)
            if let open = sides.firstIndex(where: { $0 == nil }), sides.compactMap({ $0 }).count == 1 {
                out.append(probe.point(side: open, at: OpeningProbe.reach.last ?? 0.5))
            }
        }
        return out
    }

    // MARK: 3. Rooms without openings

    mutating func addMissingEntrances() {
        // A cluster given an entrance into another closed cluster is still closed with it: look again, a few times.
        for _ in 0..<3 {
            let closed = closedClusters()
            guard !closed.isEmpty else { return }
            let added = entrances(for: closed)
            guard !added.isEmpty else { return }
            venue.openings += added
        }
    }

    /// An entrance for each closed cluster of rooms (``closedClusters()``): on the longest stretch a member shares
    /// with a space outside the cluster on which a door leads somewhere a person fits (room to stand on both sides
    /// of its middle: a sliver of walkway left behind a shop's outline is not a way in). Neighbours are ranked: one
    /// that leads on (not itself closed) first, then a public one (not staff-only or restricted: a shop opens onto
    /// the concourse, not onto the service area behind it), then from a public member of the cluster, then a
    /// walkway, then the longest stretch.
    mutating func entrances(for closed: [Int: Int]) -> [Opening] {
        var added: [Opening] = []
        for level in venue.levels {
            let floor = spaceIndexes(onFloorOf: level.id).filter { shapes[$0] != nil && venue.spaces[$0].kind.isPassable }
            let boxes = floor.map { shapes[$0]?.boundingBox ?? .empty }
            let tree = STRTree(boxes)
            let tol = rules.adjacencyTolerance
            typealias Choice = (rank: [Double], stretch: LineString, door: (Coordinate, Coordinate), room: Int, neighbour: Int)
            var best: [Int: Choice] = [:]
            for (i, s) in floor.enumerated() where venue.spaces[s].levelID == level.id {
                guard let cluster = closed[s], let shape = shapes[s] else { continue }
                let inside = PreparedPolygon(shape)
                for j in tree.items(intersecting: boxes[i].grown(by: tol)) where closed[floor[j]] != cluster {
                    let t = floor[j]
                    guard let other = shapes[t] else { continue }
                    let beyond = PreparedPolygon(other)
                    let leadsOn = closed[t] == nil ? 1.0 : 0, open = venue.spaces[t].isWalkable ? 1.0 : 0
                    let openPlan = venue.spaces[t].kind.isOpenPlan ? 1.0 : 0
                    for stretch in SharedBoundary.stretches(of: shape.polygons, along: other.polygons, tolerance: tol)
                    where stretch.length >= rules.doorWidth {
                        let rank = [leadsOn, open, venue.spaces[s].isWalkable ? 1 : 0, openPlan, stretch.length]
                        if let b = best[cluster], !b.rank.lexicographicallyPrecedes(rank) { continue }
                        guard let door = doorway(on: stretch, from: inside, into: beyond) else { continue }
                        best[cluster] = (rank, stretch, door, s, t)
                    }
                }
            }
            for (_, choice) in best.sorted(by: { $0.value.room < $1.value.room }) {
                let space = venue.spaces[choice.room]
                let (a, b) = choice.door
                guard let line = try? LineString([a, b]), let geometry = try? venue.frame.unproject(.lineString(line)) else { continue }
                var opening = Opening(id: "inferred-entrance-\(space.id)", category: "pedestrian", levelID: space.levelID,
                                      geometry: geometry, isDoor: false, width: rules.doorWidth)
                opening.isInferred = true
                added.append(opening)
                summary(space.levelID) { $0.inferredOpenings += 1 }
                let members = closed.values.count { $0 == closed[choice.room] }
                let neighbour = venue.spaces[choice.neighbour]
                let why = members > 1
                    ? "the \(space.kind.rawValue) and the \(members - 1) room\(members == 2 ? "" : "s") its openings lead to open onto nothing else"
                    : "the \(space.kind.rawValue) has no opening"
                notes.append(VenueIssue(.info, "inferred-opening", featureID: space.id,
                    "\(why): an entrance is inferred on the \(measureText(choice.stretch.length)) m it shares with "
                        + (neighbour.kind.isOpenPlan ? "walkway " : "space ") + neighbour.id))
            }
        }
        return added
    }

    /// Rooms that no opening leads out of: a room with no opening, or a cluster of rooms whose openings join only
    /// each other (a lounge whose one door opens into a phone booth with no other door). A cluster leads out when
    /// it holds an open-plan space (a walkway), a stairwell or lift with a door (it leads to the other floors), or an
    /// opening with a side in no space (a door to the outside); spaces that are not passable are in none.
    /// - Returns: for each space of a closed cluster (index into `venue.spaces`), its cluster's label.
    func closedClusters() -> [Int: Int] {
        var clusters = DisjointSets(count: venue.spaces.count)
        func find(_ i: Int) -> Int { clusters.root(of: i) }
        var leadsOut = Set<Int>(), hasOpening = Set<Int>()
        var indexes: [String: (members: [Int], index: PolygonIndex)] = [:]
        let lines = venue.shapes.openings
        for (o, opening) in venue.openings.enumerated() {
            guard let line = lines[o], let probe = OpeningProbe(line) else { continue }
            if indexes[opening.levelID] == nil {
                let members = spaceIndexes(onFloorOf: opening.levelID).filter { shapes[$0] != nil }
                indexes[opening.levelID] = (members, PolygonIndex(members.compactMap { shapes[$0] }))
            }
            guard let (members, index) = indexes[opening.levelID] else { continue }
            let sides = probe.sides(in: index).map { $0.map { members[$0] } }
            hasOpening.formUnion(sides.compactMap { $0 })
            switch (sides[0], sides[1]) {
            case let (a?, b?): clusters.merge(a, into: b)
            case let (a?, nil), let (nil, a?): leadsOut.insert(a)
            case (nil, nil): break
            }
        }
        // A stairwell or lift with a door leads to its other floors; one with no opening at all is a room with none.
        let spaceIndex = Dictionary(venue.spaces.indices.map { (venue.spaces[$0].id, $0) }, uniquingKeysWith: { a, _ in a })
        var stops = Set(venue.connectors.flatMap { $0.stops.compactMap { $0.spaceID.flatMap { spaceIndex[$0] } } })
        for (s, space) in venue.spaces.enumerated() where space.kind.isConnector { stops.insert(s) }
        leadsOut.formUnion(stops.intersection(hasOpening))
        for (s, space) in venue.spaces.enumerated() where space.kind.isOpenPlan { leadsOut.insert(s) }
        let open = Set(leadsOut.map(find))
        var closed: [Int: Int] = [:]
        for (s, space) in venue.spaces.enumerated() where space.kind.isPassable && shapes[s] != nil && !open.contains(find(s)) {
            closed[s] = find(s)
        }
        return closed
    }

    /// A door of ``InferenceRules/doorWidth`` in the middle of the longest straight wall of `stretch` (a door across
    /// a corner would lie on neither wall) where a person fits on both sides: the points 0.45 m straight out from
    /// its middle lie in the room on one side and in the space beyond on the other. The longest wall comes first;
    /// where it does not lead into the space beyond (a kiosk drawn inside a concourse, its back wall on the
    /// concourse's outer edge), the next longest that is a door wide, and so on.
    func doorway(on stretch: LineString, from room: PreparedPolygon, into beyond: PreparedPolygon,
                 width: Double? = nil) -> (Coordinate, Coordinate)? {
        let door = width ?? rules.doorWidth
        let walls = zip(stretch.coordinates, stretch.coordinates.dropFirst()).map { (p: $0, q: $1, length: $0.distance(to: $1)) }
            .enumerated().sorted { ($0.element.length, -$0.offset) > ($1.element.length, -$1.offset) }.map(\.element)
        for (k, (p, q, wall)) in walls.enumerated() where wall > 1e-6 && (k == 0 || wall >= door) {
            let half = min(door, wall) / 2 / wall
            let m = Coordinate(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
            let n = Coordinate(x: -(q.y - p.y) / wall, y: (q.x - p.x) / wall)
            let reach = 0.45
            for sign in [1.0, -1.0] {
                let out = Coordinate(x: m.x + sign * n.x * reach, y: m.y + sign * n.y * reach)
                let back = Coordinate(x: m.x - sign * n.x * reach, y: m.y - sign * n.y * reach)
                guard beyond.contains(out) && room.contains(back) else { continue }
                return (Coordinate(x: p.x + (q.x - p.x) * (0.5 - half), y: p.y + (q.y - p.y) * (0.5 - half)),
                        Coordinate(x: p.x + (q.x - p.x) * (0.5 + half), y: p.y + (q.y - p.y) * (0.5 + half)))
            }
        }
        return nil
    }
}

/// Which spaces an opening joins: the space just beside its middle on each side, looked for a few centimetres to
/// half a metre off the line (openings are drawn on a wall line, a little off it, or across a wall's thickness).
public struct OpeningProbe: Sendable {
    /// The middle of the opening, from its first point to its last (metres).
    public let middle: Coordinate
    /// The unit normal to the opening (its left side).
    public let normal: Coordinate
    /// How far off the line the sides are looked for, nearest first.
    public static let reach = [0.05, 0.15, 0.3, 0.5]

    /// `nil` for an opening shorter than 5 cm (too narrow to pass; `venue validate` reports it).
    public init?(_ line: Geometry) {
        let cs = line.allCoordinates
        guard let a = cs.first, let b = cs.last else { return nil }
        let length = a.distance(to: b)
        guard length > 0.05 else { return nil }
        middle = Coordinate(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        normal = Coordinate(x: -(b.y - a.y) / length, y: (b.x - a.x) / length)
    }

    /// The point `distance` metres off the middle on side 0 (the normal's) or 1.
    public func point(side: Int, at distance: Double) -> Coordinate {
        let sign = side == 0 ? 1.0 : -1.0
        return Coordinate(x: middle.x + sign * normal.x * distance, y: middle.y + sign * normal.y * distance)
    }

    /// For side 0 (the normal's) and side 1: the first polygon of `index` holding a probe point, or `nil`.
    public func sides(in index: PolygonIndex) -> [Int?] {
        (0..<2).map { side in
            for d in Self.reach { if let k = index.firstContaining(point(side: side, at: d)) { return k } }
            return nil
        }
    }
}
