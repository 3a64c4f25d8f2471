import IndoorBase
import IndoorGeometry
import IndoorVenue

/// A venue turned into a walkable graph, once: the shortest walk inside every space is a straight line between
/// corners of its free space (a visibility graph over reflex vertices, keeping ``RoutingCosts/clearance`` from
/// walls), openings are the only passages between enclosed spaces (open-plan walkways also join along a boundary
/// they share, found within 5 cm, where no opening is drawn on it), levels that share an ordinal are one floor,
/// and vertical connectors join levels. Build it on the venue as routed (`Venue.inferringPassages(rules:)`) unless
/// only what the data draws should count.
///
/// A space with many nodes (a long corridor lined with doors, a hall of pillars) is cut in halves, again and again,
/// until each cell holds a few of them; the cut lines carry waypoints every metre, and nodes see each other
/// only within a cell. The build then grows with the venue's size, not with the square of its largest space, and
/// the router straightens the walk across cells afterwards (``Router``), so a route stays as short as the direct
/// line wherever the direct line is free.
///
/// Read-only after ``init(venue:costs:)``: share it between any number of concurrent queries.
public struct NavigationGraph: Sendable {
    /// What a node of the graph stands for.
    public enum NodeKind: Hashable, Sendable {
        /// A corner of a space's free area.
        case corner
        /// A point in a drawn (or inferred) opening: an index into `venue.openings`.
        case door(opening: Int)
        /// A point on a boundary that two open-plan spaces share where no opening is drawn: walked across freely.
        case boundary
        /// Where a connector is entered on a level (connector index, stop index).
        case connector(Int, stop: Int)
        /// A point on a line that cuts a large space into cells (see ``NavigationGraph``): walks cross it there.
        case waypoint
    }

    /// A point of the graph: where a walk may turn, pass a door or board a connector.
    public struct Node: Hashable, Sendable {
        /// Metres in the venue's frame.
        public let point: Coordinate
        /// The id of the venue level the node is on.
        public let levelID: String
        /// A corner, a door, a connector stop or a waypoint on a cell's cut line.
        public let kind: NodeKind
    }

    /// How an edge is travelled: a walk inside a space, or between two stops of a connector of its kind.
    public enum EdgeKind: Hashable, Sendable {
        /// A straight walk inside one space, possibly through a door at either end.
        case walk
        /// Between two stops of a connector of this kind: a flight of stairs, an elevator ride, an escalator in its
        /// direction only, a ramp or moving walkway between levels, or a path the venue declares between spaces
        /// (IMDF `traversal`, walked at walking speed).
        case connector(Connector.Kind)
    }

    /// A directed edge of the graph (a walk is stored once each way, one-way doors only the way allowed).
    public struct Edge: Hashable, Sendable {
        /// The index in ``NavigationGraph/nodes`` of the node the edge leaves.
        public let from: Int32
        /// The index in ``NavigationGraph/nodes`` of the node the edge reaches.
        public let to: Int32
        /// A walk or the kind of connector ridden.
        public let kind: EdgeKind
        /// Metres walked (0 for rides).
        public let length: Double
        /// Seconds, by ``RoutingCosts``.
        public let cost: Double
        /// Levels climbed (negative: descended).
        public let levelChange: Double
        // Indexes stored compactly (a graph has hundreds of thousands of edges), -1 for none.
        let spaceIndex: Int32
        let openingIndex: Int32
        let connectorIndex: Int32

        /// The space walked through (index into `venue.spaces`); `nil` for rides.
        public var space: Int? { spaceIndex < 0 ? nil : Int(spaceIndex) }
        /// The opening this edge enters or leaves through (index into `venue.openings`); `nil` if none.
        public var opening: Int? { openingIndex < 0 ? nil : Int(openingIndex) }
        /// The connector ridden (index into `venue.connectors`); `nil` for walks.
        public var connector: Int? { connectorIndex < 0 ? nil : Int(connectorIndex) }

        init(from: Int32, to: Int32, kind: EdgeKind, length: Double, cost: Double, space: Int?, opening: Int?,
             connector: Int?, levelChange: Double) {
            (self.from, self.to, self.kind, self.length, self.cost, self.levelChange) = (from, to, kind, length, cost, levelChange)
            spaceIndex = space.map(Int32.init) ?? -1
            openingIndex = opening.map(Int32.init) ?? -1
            connectorIndex = connector.map(Int32.init) ?? -1
        }
    }

    /// The venue the graph was built from; edges and nodes refer to its spaces, openings and connectors by index.
    public let venue: Venue
    /// The cost model the edges' ``Edge/cost`` were computed with (seconds).
    public let costs: RoutingCosts
    /// Every node; an edge's ``Edge/from`` and ``Edge/to`` index this array.
    public let nodes: [Node]
    /// Every directed edge; a route's ``RoutePoint/edge`` and a ``GraphPath``'s edges index this array.
    public let edges: [Edge]
    /// Each node's point (``nodes``' points alone: what A*'s bound reads for every node it reaches).
    let nodePoints: [Coordinate]
    /// Per level id: the venue's POIs on its floor (every level of its ordinal), with their points in metres and
    /// the spaces they lie in (indexes into `venue.spaces`), for the landmarks of itineraries.
    let floorPOIs: [String: [FloorPOI]]

    /// A POI of a floor (``floorPOIs``).
    struct FloorPOI: Sendable {
        /// Index into `venue.pois`.
        let poi: Int
        /// Metres.
        let point: Coordinate
        /// The space it lies in, index into `venue.spaces`.
        let space: Int?
        /// The POI's kind (read for every POI near a maneuver; the rest of it only for the one named).
        let kind: POI.Kind
    }
    let graph: RoutingGraph
    /// Per space (index into `venue.spaces`): its free area (nil when not walkable), its nodes, and the cells whose
    /// nodes see each other.
    let free: [FreeSpace?]
    let spaceNodes: [[Int32]]
    /// Per space, the wedges of its corner nodes (the corner and its neighbours along the wall), in the order of
    /// ``spaceNodes``: the points walks are pulled taut around at query time, with the tangency test of the
    /// visibility edges at build time.
    let spaceCorners: [[FreeSpace.Corner]]
    let cells: [[FreeCell]]
    /// Metric polygons of the spaces.
    let shapes: [Geometry]
    let levelOrdinal: [String: Double]
    /// Per level: the walkable spaces' indexes and a polygon index over their shapes.
    let levelSpaces: [String: (spaces: [Int], index: PolygonIndex)]
    /// Spaces a person may not enter without asking (non-public, restricted).
    let restricted: [Bool]
    /// The connected part of the graph each node is in (edges taken both ways): places in different parts have
    /// no route, whatever the options.
    public let component: [Int32]
    /// Time spent building, seconds.
    public let buildSeconds: Double
    /// The ALT tables (``prepareLandmarks(count:)``), built on request, shared by every copy of the graph.
    let landmarkPart = BuiltOnce<Landmarks>()

    /// The POIs of each level's floor (``floorPOIs``): a level's own and those of the levels of its ordinal.
    static func floorPOIs(of venue: Venue) -> [String: [FloorPOI]] {
        let ordinal = Dictionary(venue.levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { a, _ in a })
        let spaceIndex = Dictionary(venue.spaces.indices.map { (venue.spaces[$0].id, $0) }, uniquingKeysWith: { a, _ in a })
        var byFloor: [Double: [FloorPOI]] = [:], byLevel: [String: [FloorPOI]] = [:]
        for (k, poi) in venue.pois.enumerated() {
            guard let q = try? venue.frame.project(poi.coordinate) else { continue }
            let entry = FloorPOI(poi: k, point: q, space: poi.spaceID.flatMap { spaceIndex[$0] }, kind: poi.kind)
            if let o = ordinal[poi.levelID] { byFloor[o, default: []].append(entry) } else { byLevel[poi.levelID, default: []].append(entry) }
        }
        var out = byLevel
        for level in venue.levels { out[level.id] = byFloor[level.ordinal] ?? [] }
        return out
    }

    /// Builds the graph of a venue.
    /// - Complexity: about O(n log n) for n nodes and free-area edges: each cell holds a bounded number of nodes.
    public init(venue: Venue, costs: RoutingCosts = RoutingCosts()) {
        let started = ContinuousClock.now
        var builder = GraphBuilder(venue: venue, costs: costs)
        builder.build()
        self.venue = venue
        self.costs = costs
        nodes = builder.nodes
        nodePoints = builder.nodes.map(\.point)
        edges = builder.edges
        floorPOIs = Self.floorPOIs(of: venue)
        graph = RoutingGraph(nodeCount: builder.nodes.count, edges: builder.edges.map { RoutingGraph.Edge($0.from, $0.to, $0.cost) })
        free = builder.free
        spaceNodes = builder.spaceNodes
        spaceCorners = builder.spaceNodes.map { [corners = builder.corners] nodes in nodes.compactMap { corners[Int($0)] } }
        cells = builder.cells
        shapes = builder.shapes
        levelOrdinal = builder.levelOrdinal
        levelSpaces = builder.levelSpaces
        restricted = venue.spaces.map { $0.restriction != nil || $0.kind == .nonPublic }
        var parts = DisjointSets(count: builder.nodes.count)
        for e in builder.edges { parts.merge(Int(e.from), into: Int(e.to)) }
        component = builder.nodes.indices.map { Int32(parts.root(of: $0)) }
        let elapsed = ContinuousClock.now - started
        buildSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

/// A part of a space's free area and the nodes that see each other inside it.
struct FreeCell: Sendable {
    let box: BoundingBox
    let area: FreeSpace
    let members: [Int32]
}

/// The graph build, step by step (see ``NavigationGraph``).
struct GraphBuilder {
    let venue: Venue
    let costs: RoutingCosts
    var nodes: [NavigationGraph.Node] = []
    var edges: [NavigationGraph.Edge] = []
    var free: [FreeSpace?] = []
    /// Per node, a corner's wedge (nil for other nodes), for the tangency test of the visibility edges.
    var corners: [FreeSpace.Corner?] = []
    /// Each waypoint's stretch of cut line and its place along it: walks along a cut line need only the edges
    /// between neighbours on it.
    var waypointLine: [Int32: (line: Int, index: Int)] = [:]
    /// The stretches of cut line made so far (the last one's number).
    var cutStretches = 0
    var spaceNodes: [[Int32]] = []
    var cells: [[FreeCell]] = []
    var shapes: [Geometry] = []
    var levelOrdinal: [String: Double] = [:]
    var levelSpaces: [String: (spaces: [Int], index: PolygonIndex)] = [:]

    /// A passage between two spaces of a level (or a space and the outside), in metres.
    struct Portal {
        /// The opening drawn (index into `venue.openings`); `nil` for an open-plan boundary.
        let opening: Int?
        var a: Coordinate
        var b: Coordinate
        /// Spaces on either side: `sides[0]` is where the normal (b−a rotated left) points.
        var sides: [Int]
        var isDoor: Bool
        var oneWayFrom: Int?
    }

    init(venue: Venue, costs: RoutingCosts) {
        self.venue = venue
        self.costs = costs
    }

    mutating func build() {
        let frame = venue.frame
        levelOrdinal = Dictionary(venue.levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { a, _ in a })
        shapes = venue.shapes.spaces.map { $0 ?? .multiPolygon([]) }
        free = Array(repeating: nil, count: venue.spaces.count)
        spaceNodes = Array(repeating: [], count: venue.spaces.count)
        // Levels that share an ordinal are one floor (an indoor level and its outdoor twin, the same storey of
        // several buildings): each level's entry covers the spaces of its whole floor.
        let floors = Dictionary(grouping: venue.levels.map(\.id), by: { levelOrdinal[$0] ?? 0 })
        var portals: [Portal] = []
        for ordinal in floors.keys.sorted() {
            guard let levelIDs = floors[ordinal] else { continue }
            let onFloor = Set(levelIDs)
            let ids = venue.spaces.indices.filter { onFloor.contains(venue.spaces[$0].levelID) && venue.spaces[$0].kind.isPassable }
            let entry = (ids, PolygonIndex(ids.map { shapes[$0] }))
            for id in levelIDs { levelSpaces[id] = entry }
            portals += findPortals(onFloor: onFloor, spaces: ids, index: entry.1)
        }

        // Door nodes: points along each portal, shared by the spaces on both sides.
        // `portalOfNode` holds, for each of these nodes (the first ones), the portal it lies on.
        var portalNodes: [[Int32]] = []
        var portalOfNode: [Int] = []
        for (k, portal) in portals.enumerated() {
            var ids: [Int32] = []
            for p in portalPoints(portal) {
                ids.append(addNode(p, levelOf(portal), portal.opening.map { .door(opening: $0) } ?? .boundary))
                portalOfNode.append(k)
            }
            portalNodes.append(ids)
        }

        // Free space and nodes of each walkable space.
        let obstacleShapes = venue.shapes.obstacles
        let obstaclesByLevel = Dictionary(grouping: venue.obstacles.indices, by: { venue.obstacles[$0].levelID })
            .mapValues { $0.compactMap { o in obstacleShapes[o].map { ($0, $0.boundingBox ?? .empty) } } }
        var portalsOf: [Int: [Int]] = [:]
        for (k, portal) in portals.enumerated() {
            for side in Set(portal.sides) { portalsOf[side, default: []].append(k) }
        }
        for (s, space) in venue.spaces.enumerated() where space.kind.isPassable {
            let mine = portalsOf[s] ?? []
            let obstacles = obstaclesByLevel[space.levelID] ?? []
            guard let area = freeArea(of: s, obstacles: obstacles, portals: mine.map { portals[$0] }) else { continue }
            free[s] = area
            var members: [Int32] = []
            for k in mine { members += portalNodes[k] }
            let portalPoints = Set(members.map { nodes[Int($0)].point })
            for corner in area.reflexCorners where !portalPoints.contains(corner.vertex) {
                let id = addNode(corner.vertex, space.levelID, .corner)
                corners[Int(id)] = corner
                members.append(id)
            }
            spaceNodes[s] = members
        }
        // Connector stops: a node in the stop's space.
        var stopNodes: [[Int32?]] = []
        for (c, connector) in venue.connectors.enumerated() {
            var ids: [Int32?] = []
            for (k, stop) in connector.stops.enumerated() {
                guard let s = stopSpace(stop), let area = free[s] else { ids.append(nil); continue }
                let anchor = stop.location.flatMap { try? frame.project($0) } ?? shapes[s].boundingBox?.center ?? Coordinate(x: 0, y: 0)
                let id = addNode(area.nearestPoint(to: anchor), venue.spaces[s].levelID, .connector(c, stop: k))
                spaceNodes[s].append(id)
                ids.append(id)
            }
            stopNodes.append(ids)
        }
        // Visibility edges inside each cell of each space.
        let oneWay = Dictionary(portals.compactMap { p in p.opening.flatMap { o in p.oneWayFrom.map { (o, $0) } } }, uniquingKeysWith: { a, _ in a })
        cells = Array(repeating: [], count: venue.spaces.count)
        for s in spaceNodes.indices where !spaceNodes[s].isEmpty {
            guard let area = free[s] else { continue }
            let whole = Geometry.multiPolygon(area.polygons)
            cells[s] = cut(whole, area: area, box: area.boundingBox, members: spaceNodes[s], space: s)
            for cell in cells[s] {
                let members = cell.members
                // The members' points and openings, read once: a copy of a node retains its level's name.
                let points = members.map { nodes[Int($0)].point }
                let openings = members.map { n -> Int? in if case .door(let o) = nodes[Int(n)].kind { o } else { nil } }
                let onPortal = members.map { n in Int(n) < portalOfNode.count ? portalOfNode[Int(n)] : nil }
                let wedges = members.map { corners[Int($0)] }
                let lines = members.map { waypointLine[$0] }
                for i in members.indices {
                    for j in members.indices where j > i {
                        // Not along a passage: a walk crosses it, from one side to the other.
                        if let k = onPortal[i], k == onPortal[j] { continue }
                        // Along a cut line, from each waypoint to its neighbours only: the others are reached
                        // through them at the same cost (the line is straight), with far fewer edges.
                        if let a = lines[i], let b = lines[j], a.line == b.line, abs(a.index - b.index) > 1 { continue }
                        // Only stretches tangent at the corners they join can be on a shortest path.
                        if let w = wedges[i], !w.isTangent(towards: points[j]) { continue }
                        if let w = wedges[j], !w.isTangent(towards: points[i]) { continue }
                        guard cell.area.sees(points[i], points[j], endsCovered: true) else { continue }
                        let length = points[i].distance(to: points[j])
                        addWalk(members[i], members[j], length: length, leaving: openings[i], entering: openings[j], space: s, oneWay: oneWay)
                        addWalk(members[j], members[i], length: length, leaving: openings[j], entering: openings[i], space: s, oneWay: oneWay)
                    }
                }
            }
        }
        // Rides between levels.
        for (c, connector) in venue.connectors.enumerated() {
            let stops = stopNodes[c]
            var pairs: [(Int, Int)] = []
            if connector.kind == .elevator {
                for i in stops.indices { for j in stops.indices where i != j { pairs.append((i, j)) } }
            } else {
                for i in stops.indices.dropLast() { pairs.append((i, i + 1)); pairs.append((i + 1, i)) }
            }
            for (i, j) in pairs {
                // A directed connector (an escalator) runs from its first stop towards its last.
                if connector.isDirected && j < i { continue }
                guard let u = stops[i], let v = stops[j] else { continue }
                addRide(u, v, connector: c)
            }
        }
    }

    func levelOf(_ portal: Portal) -> String { venue.spaces[portal.sides[0]].levelID }

    /// A cell holds at most this many nodes of its own (waypoints on its edges aside) unless it is already small.
    static let cellNodes = 12
    /// Cells are not cut below this size, in metres.
    static let smallestCell = 3.0
    /// Waypoints along a cut line, metres apart at most.
    static let waypointSpacing = 1.0

    /// The cells of a space's free area: the area itself when it holds few nodes, else its two halves across the
    /// longer side of `box`, cut in turn, with waypoints on the cut line shared by both. `area` is the free space of
    /// `geometry` when it is at hand; a cell's is made when it is final, not for every half on the way down.
    mutating func cut(_ geometry: Geometry, area: FreeSpace?, box: BoundingBox, members: [Int32], space s: Int,
                      depth: Int = 0) -> [FreeCell] {
        let own = members.count { if case .waypoint = nodes[Int($0)].kind { false } else { true } }
        let vertical = box.width >= box.height
        let c = vertical ? (box.minX + box.maxX) / 2 : (box.minY + box.maxY) / 2
        let halves = vertical
            ? (BoundingBox(minX: box.minX, minY: box.minY, maxX: c, maxY: box.maxY), BoundingBox(minX: c, minY: box.minY, maxX: box.maxX, maxY: box.maxY))
            : (BoundingBox(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: c), BoundingBox(minX: box.minX, minY: c, maxX: box.maxX, maxY: box.maxY))
        guard own > Self.cellNodes, max(box.width, box.height) >= 2 * Self.smallestCell, depth < 40,
              let parts = try? geometry.clipped(to: [halves.0, halves.1]), parts.count == 2
        else { return (area ?? FreeSpace(geometry)).map { [FreeCell(box: box, area: $0, members: members)] } ?? [] }
        // Waypoints on every stretch of the cut line inside the free area.
        var waypoints: [Int32] = []
        let level = venue.spaces[s].levelID
        for (a, b) in Self.stretches(of: geometry, across: c, vertical: vertical) {
            let length = a.distance(to: b)
            guard length > 0.01 else { continue }
            let n = min(max(Int((length / Self.waypointSpacing).rounded(.up)), 1), 256)
            cutStretches += 1
            for k in 0..<n {
                let t = (Double(k) + 0.5) / Double(n)
                let id = addNode(Coordinate(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), level, .waypoint)
                waypointLine[id] = (cutStretches, k)
                waypoints.append(id)
            }
        }
        spaceNodes[s] += waypoints
        var out: [FreeCell] = []
        for (half, geometry, side) in [(halves.0, parts[0], -1.0), (halves.1, parts[1], 1.0)] {
            let mine = members.filter { n in
                let p = nodes[Int(n)].point
                return ((vertical ? p.x : p.y) - c) * side >= -1e-9
            } + waypoints
            // (What FreeSpace would refuse: nothing of the area in this half.)
            guard geometry.polygons.contains(where: { $0.area > 1e-6 }) else { continue }
            out += cut(geometry, area: nil, box: half, members: mine, space: s, depth: depth + 1)
        }
        return out
    }

    /// The stretches of the line x = `c` (y = `c` unless `vertical`) inside the polygons of `geometry`, from the
    /// points where their rings cross it, paired up in order along it (a point on the line counts as beyond it).
    static func stretches(of geometry: Geometry, across c: Double, vertical: Bool) -> [(Coordinate, Coordinate)] {
        var crossings: [Double] = []
        for polygon in geometry.polygons {
            for ring in polygon.rings {
                for (p, q) in zip(ring.coordinates, ring.coordinates.dropFirst()) {
                    let (pc, pt, qc, qt) = vertical ? (p.x, p.y, q.x, q.y) : (p.y, p.x, q.y, q.x)
                    guard (pc < c) != (qc < c) else { continue }
                    crossings.append(pt + (c - pc) / (qc - pc) * (qt - pt))
                }
            }
        }
        crossings.sort()
        return stride(from: 0, to: crossings.count - 1, by: 2).map { k in
            let (t0, t1) = (crossings[k], crossings[k + 1])
            return vertical ? (Coordinate(x: c, y: t0), Coordinate(x: c, y: t1)) : (Coordinate(x: t0, y: c), Coordinate(x: t1, y: c))
        }
    }

    func stopSpace(_ stop: Connector.Stop) -> Int? {
        if let id = stop.spaceID, let s = venue.spaces.firstIndex(where: { $0.id == id }), free[s] != nil { return s }
        guard let location = stop.location, let p = try? venue.frame.project(location),
              let level = levelSpaces[stop.levelID], let k = level.index.firstContaining(p) else { return nil }
        return level.spaces[k]
    }

    mutating func addNode(_ p: Coordinate, _ level: String, _ kind: NavigationGraph.NodeKind) -> Int32 {
        nodes.append(NavigationGraph.Node(point: p, levelID: level, kind: kind))
        corners.append(nil)
        return Int32(nodes.count - 1)
    }

    /// A walk from node `u` to node `v`, `length` metres through `space`, leaving and entering through the
    /// openings of their door nodes (if any).
    mutating func addWalk(_ u: Int32, _ v: Int32, length: Double, leaving: Int?, entering: Int?, space: Int, oneWay: [Int: Int]) {
        var opening: Int?
        var cost = length / costs.walkingSpeed
        for (o, isEntering) in [(leaving, false), (entering, true)] {
            guard let o else { continue }
            opening = o
            if venue.openings[o].isDoor { cost += costs.doorPenalty / 2 }
            // One-way: walk into the door only from its `from` space, out of it only into the other.
            if !oneWay.isEmpty, let from = oneWay[o], (isEntering && from != space) || (!isEntering && from == space) { return }
        }
        edges.append(NavigationGraph.Edge(from: u, to: v, kind: .walk, length: length, cost: cost,
                                          space: space, opening: opening, connector: nil, levelChange: 0))
    }

    mutating func addRide(_ u: Int32, _ v: Int32, connector c: Int) {
        let connector = venue.connectors[c]
        let (nu, nv) = (nodes[Int(u)], nodes[Int(v)])
        let change = (levelOrdinal[nv.levelID] ?? 0) - (levelOrdinal[nu.levelID] ?? 0)
        let levels = max(abs(change), 1)
        let cost: Double
        switch connector.kind {
        case .stairs: cost = costs.stairsPerLevel * levels
        case .elevator: cost = costs.elevatorWait + costs.elevatorPerLevel * levels
        case .escalator: cost = costs.escalatorPerLevel * levels
        case .ramp, .movingWalkway: cost = costs.rampPerLevel * levels
        case .traversal: cost = nu.point.distance(to: nv.point) / costs.walkingSpeed
        }
        let length = connector.kind == .traversal ? nu.point.distance(to: nv.point) : 0
        edges.append(NavigationGraph.Edge(from: u, to: v, kind: .connector(connector.kind), length: length, cost: cost, space: nil, opening: nil,
                                          connector: c, levelChange: change))
    }

    /// Openings of a floor as portals between the spaces on either side, and open-plan boundaries between
    /// adjacent walkways where no opening is drawn on them.
    func findPortals(onFloor levelIDs: Set<String>, spaces: [Int], index: PolygonIndex) -> [Portal] {
        var out: [Portal] = []
        let segments = venue.shapes.openingSegments
        for (o, opening) in venue.openings.enumerated() where levelIDs.contains(opening.levelID) {
            // (An opening shorter than 5 cm has no segment; `venue validate` reports it.)
            guard let segment = segments[o], let a = segment.coordinates.first, let b = segment.coordinates.last else { continue }
            guard let probe = OpeningProbe(.lineString(segment)) else { continue }
            var portal = Portal(opening: o, a: a, b: b, sides: probe.sides(in: index).compactMap { $0.map { spaces[$0] } },
                                isDoor: opening.isDoor, oneWayFrom: nil)
            guard !portal.sides.isEmpty else { continue }
            if portal.sides.count == 2, portal.sides[0] == portal.sides[1] { portal.sides.removeLast() }
            // A passage lies within the spaces it joins: an opening running far past them (a coordinate typo, 1 km
            // long) is cut to their extent, so its nodes are bounded by the spaces' size, not by the typo's.
            guard let (ca, cb) = clip(a, b, to: portal.sides) else { continue }
            (portal.a, portal.b) = (ca, cb)
            if let from = opening.oneWayFrom, let s = venue.spaces.firstIndex(where: { $0.id == from }) { portal.oneWayFrom = s }
            out.append(portal)
        }
        // Open plan: walkways with no wall between them join along the stretch they share.
        for boundary in venue.openPlanBoundaries where levelIDs.contains(venue.spaces[boundary.spaces[0]].levelID) {
            let line = boundary.line.coordinates
            for (a, b) in zip(line, line.dropFirst()) where a.distance(to: b) >= 0.3 {
                out.append(Portal(opening: nil, a: a, b: b, sides: boundary.spaces, isDoor: false, oneWayFrom: nil))
            }
        }
        return out
    }

    /// The part of segment a–b inside the boxes of all of `spaces` (grown by a margin, as an opening may lie a
    /// little off the boundary), or `nil` when there is none.
    func clip(_ a: Coordinate, _ b: Coordinate, to spaces: [Int]) -> (Coordinate, Coordinate)? {
        var t0 = 0.0, t1 = 1.0
        let d = Coordinate(x: b.x - a.x, y: b.y - a.y)
        for s in spaces {
            guard let inside = shapes[s].boundingBox?.grown(by: 1).clip(a, b) else { return nil }
            t0 = max(t0, inside.lowerBound)
            t1 = min(t1, inside.upperBound)
        }
        guard t0 < t1 else { return nil }
        return (Coordinate(x: a.x + d.x * t0, y: a.y + d.y * t0), Coordinate(x: a.x + d.x * t1, y: a.y + d.y * t1))
    }

    /// A portal gets at most this many points, however long it is.
    static let portalPointLimit = 256

    /// Points where a path may cross a portal: inset from its ends by the clearance, at most 0.5 m apart (further
    /// apart on a portal over 128 m long, which gets ``portalPointLimit`` points).
    func portalPoints(_ p: Portal) -> [Coordinate] {
        let len = p.a.distance(to: p.b)
        let inset = min(costs.clearance, len * 0.3)
        let usable = len - 2 * inset
        let n = Int(min(max(0, (usable / 0.5).rounded(.up)), Double(Self.portalPointLimit - 1)))
        let ux = (p.b.x - p.a.x) / len, uy = (p.b.y - p.a.y) / len
        if n == 0 { return [Coordinate(x: (p.a.x + p.b.x) / 2, y: (p.a.y + p.b.y) / 2)] }
        return (0...n).map { i in
            let t = inset + usable * Double(i) / Double(n)
            return Coordinate(x: p.a.x + ux * t, y: p.a.y + uy * t)
        }
    }

    /// The space shrunk by the clearance (less where it is too narrow), less obstacles, plus a funnel at each of
    /// its portals reaching the portal line. A convex space without obstacles takes a fast path in Swift
    /// (``ConvexFreeArea``), anything else GEOS.
    func freeArea(of s: Int, obstacles: [(shape: Geometry, box: BoundingBox)], portals: [Portal]) -> FreeSpace? {
        let shape = shapes[s]
        // Areas in Swift: a GEOS call would copy the polygons there and back for one number.
        let area = shape.polygons.reduce(0) { $0 + $1.area }
        guard area > 0.01 else { return nil }
        let box = shape.boundingBox ?? .empty
        let blocked = obstacles.filter { $0.box.intersects(box) }.map(\.shape)
        // Which side of a portal the space is on, by point in polygon: GEOS predicates can answer wrongly on a
        // polygon made invalid by carving (holes touching), and the funnel would then open into the other room.
        let inside = PreparedPolygon(shape)
        if blocked.isEmpty, case let polygons = shape.polygons, polygons.count == 1,
           let fast = ConvexFreeArea.polygon(of: polygons[0], clearance: costs.clearance, minimumArea: 0.05 * area,
                                             funnels: portals.compactMap { funnel($0, depth: costs.clearance + 0.05, inside: inside) }) {
            return FreeSpace(.polygon(fast))
        }
        var core: Geometry?
        var used = costs.clearance
        for clearance in [costs.clearance, costs.clearance / 3] {
            guard var shrunk = try? shape.eroded(by: clearance),
                  shrunk.polygons.reduce(0, { $0 + $1.area }) > 0.05 * area else { continue }
            if !blocked.isEmpty, let grown = try? Geometry.union(of: blocked).buffer(clearance, quadrantSegments: 2, join: .mitre),
               let cut = try? shrunk.difference(grown) {
                shrunk = cut
            }
            core = shrunk
            used = clearance
            break
        }
        var parts = [core ?? shape]
        for p in portals {
            if let f = funnel(p, depth: used + 0.05, inside: inside), let polygon = try? Polygon(rings: [f.ring]) { parts.append(.polygon(polygon)) }
        }
        let merged = (try? Geometry.union(of: parts)) ?? parts[0]
        return FreeSpace(merged)
    }

    /// The funnel of a portal into the space `inside` holds: from its first to its last point (widened to 10 cm
    /// when it has one), `depth` metres deep.
    func funnel(_ p: Portal, depth: Double, inside: PreparedPolygon) -> Funnel? {
        let len = p.a.distance(to: p.b)
        guard len > 0 else { return nil }
        // Into this space: the side whose normal points here.
        var nx = -(p.b.y - p.a.y) / len, ny = (p.b.x - p.a.x) / len
        let m = Coordinate(x: (p.a.x + p.b.x) / 2, y: (p.a.y + p.b.y) / 2)
        let probe = Coordinate(x: m.x + nx * 0.1, y: m.y + ny * 0.1)
        if !inside.contains(probe) { nx = -nx; ny = -ny }
        let pts = portalPoints(p)
        guard let first = pts.first, let last = pts.last else { return nil }
        let ux = (p.b.x - p.a.x) / len, uy = (p.b.y - p.a.y) / len
        let half = first == last ? 0.05 : 0.0
        let a = Coordinate(x: first.x - ux * half, y: first.y - uy * half)
        let b = Coordinate(x: last.x + ux * half, y: last.y + uy * half)
        return Funnel(a: a, b: b, innerA: Coordinate(x: a.x + nx * depth, y: a.y + ny * depth),
                      innerB: Coordinate(x: b.x + nx * depth, y: b.y + ny * depth))
    }
}
