import IndoorBase
import IndoorGeometry
import IndoorVenue

/// One point of a route, in travel order.
public struct RoutePoint: Hashable, Sendable {
    /// Metres in the venue's frame.
    public let point: Coordinate
    /// The id of the level the point is on.
    public let levelID: String
    /// The space walked through to reach this point (index into `venue.spaces`); `nil` at the start and after rides.
    public let space: Int?
    /// The opening this point lies in (index into `venue.openings`); `nil` if none.
    public let opening: Int?
    /// The edge of the graph that led here (index into `NavigationGraph.edges`); `nil` at the start, and for the
    /// straight walks of the query's own ends.
    public let edge: Int?
}

/// A route found by ``Router``: its points and the graph edges between them.
public struct Route: Sendable {
    /// The points in travel order, from the snapped start to the snapped destination.
    public let points: [RoutePoint]
    /// Seconds in all.
    public let cost: Double
    /// Metres walked.
    public let distance: Double
    /// How far the start and the destination had to be moved onto walkable space, metres.
    public let startSnap: Double
    /// How far the destination had to be moved onto walkable space, metres.
    public let endSnap: Double
}

/// A place on a level to route from or to, in metres, with what it was called.
public struct RouteEnd: Sendable {
    /// Where, in metres in the venue's frame (`Venue.frame`, not WGS84).
    public var point: Coordinate
    /// The id of the level the end is on.
    public var levelID: String
    /// What the end is called in instructions and errors ("Café Müller", "your position").
    public var label: String
    /// How far from `point` a route's start may truly be, metres: a fix's accuracy. A route from a fix that falls
    /// just across a wall (in the yard behind a corridor, in the shop beside it) may start in any walkable space
    /// of the level within it, at twice the cost of walking there. 0: exactly at `point`.
    public var uncertainty: Double

    /// An end at `point`, metres in the venue's frame, on the level `levelID`, within `uncertainty` metres.
    public init(point: Coordinate, levelID: String, label: String, uncertainty: Double = 0) {
        self.point = point
        self.levelID = levelID
        self.label = label
        self.uncertainty = uncertainty
    }
}

/// Queries a ``NavigationGraph``: snaps both ends onto walkable space, joins them to the corners and doors they
/// see, and runs A*. The bound is straight-line distance at walking speed, and, once the graph's landmarks are
/// prepared (``NavigationGraph/prepareLandmarks(count:)``), the larger ALT bound (``Landmarks``), which knows
/// about walls, corridors and the way to other levels: the same routes, far fewer nodes settled.
///
/// A router keeps working memory between queries: use one per thread or task (the graph itself is shared).
public final class Router {
    /// The graph queried, shared with other routers.
    public let graph: NavigationGraph
    private let search: ShortestPathSearch
    /// Whether queries use the graph's landmarks when they are prepared (off only to compare with plain A*).
    package var usesLandmarks = true
    /// How many nodes the last search settled.
    package var settledInLastSearch: Int { search.settledCount }

    /// Per edge, what profiles and closures look at, flattened so that a query reads no venue feature: what the
    /// options may forbid (``EdgeFlags``), and the openings at its ends.
    private let edgeFlags: [EdgeFlags]
    /// ``edgeFlags`` in the order of the search graph's slots.
    private let slotFlags: [EdgeFlags]
    private let edgeOpenings: [(Int32, Int32)]

    /// A router on `graph`, with working memory for its nodes and flattened edge attributes.
    /// - Complexity: O(n + m) for n nodes and m edges.
    public init(graph: NavigationGraph) {
        self.graph = graph
        search = ShortestPathSearch(graph: graph.graph)
        let openings = graph.venue.openings
        // The openings at both ends of each edge (a walk from one door straight to another touches two).
        let doorOf = graph.nodes.map { n -> Int32 in if case .door(let o) = n.kind { Int32(o) } else { -1 } }
        edgeOpenings = graph.edges.map { ($0.from >= 0 ? doorOf[Int($0.from)] : -1, $0.to >= 0 ? doorOf[Int($0.to)] : -1) }
        let any = { (pair: (Int32, Int32), test: (Opening) -> Bool) -> Bool in
            (pair.0 >= 0 && test(openings[Int(pair.0)])) || (pair.1 >= 0 && test(openings[Int(pair.1)]))
        }
        edgeFlags = zip(graph.edges, edgeOpenings).map { edge, pair in
            var f = EdgeFlags(kind: edge.kind)
            if edge.space.map({ graph.restricted[$0] }) ?? false { f.insert(.restrictedSpace) }
            if any(pair, { $0.isAccessible == false }) { f.insert(.inaccessibleDoor) }
            if any(pair, { $0.restriction != nil }) { f.insert(.restrictedDoor) }
            return f
        }
        let flags = edgeFlags
        slotFlags = graph.graph.edgeIDs.map { flags[Int($0)] }
    }

    /// What of an edge the options can forbid: its kind (for the profiles), a non-public space, a restricted or
    /// an inaccessible door.
    struct EdgeFlags: OptionSet {
        let rawValue: UInt8
        static let stairs = EdgeFlags(rawValue: 1)
        static let escalator = EdgeFlags(rawValue: 2)
        static let elevator = EdgeFlags(rawValue: 4)
        static let restrictedSpace = EdgeFlags(rawValue: 8)
        static let restrictedDoor = EdgeFlags(rawValue: 16)
        static let inaccessibleDoor = EdgeFlags(rawValue: 32)

        init(rawValue: UInt8) { self.rawValue = rawValue }

        init(kind: NavigationGraph.EdgeKind) {
            switch kind {
            case .connector(.stairs): self = .stairs
            case .connector(.escalator): self = .escalator
            case .connector(.elevator): self = .elevator
            default: self = []
            }
        }

        /// The flags that forbid an edge under `options` outright (restricted spaces aside: the route's own ends
        /// may be in one).
        static func forbidden(by options: RoutingOptions, endpoints: Set<Int>) -> EdgeFlags {
            var f: EdgeFlags = []
            for kind in [Connector.Kind.stairs, .escalator, .elevator] where !options.permits(kind) { f.formUnion(EdgeFlags(kind: .connector(kind))) }
            if options.profile == .accessible { f.insert(.inaccessibleDoor) }
            if !options.includeNonPublic && endpoints.isEmpty { f.insert(.restrictedDoor) }
            return f
        }
    }

    /// ``allowed(_:_:endpoints:closed:)`` for one query as the edges' flags alone, worked out once (the search asks
    /// it of every edge it relaxes); `nil` when closures or a non-public end need the whole rule.
    func flagFilter(_ options: RoutingOptions, endpoints: Set<Int>) -> FlagFilter? {
        guard options.closed.isEmpty, options.includeNonPublic || endpoints.isEmpty else { return nil }
        return FlagFilter(flags: slotFlags, forbidden: EdgeFlags.forbidden(by: options, endpoints: endpoints),
                          checkSpaces: !options.includeNonPublic)
    }

    /// An edge is allowed when it has none of the forbidden flags, nor (when `checkSpaces`) a restricted space's.
    struct FlagFilter: SearchFilter {
        /// By slot.
        let flags: [EdgeFlags]
        let forbidden: EdgeFlags
        let checkSpaces: Bool
        var allowsAll: Bool { false }
        func callAsFunction(slot: Int, edge: Int32) -> Bool {
            let f = flags[slot]
            return f.isDisjoint(with: forbidden) && !(checkSpaces && f.contains(.restrictedSpace))
        }
    }

    /// The cost of a straight walk to `goal` at walking speed, and the landmarks' bound to the targets when the
    /// graph has them: both bound the cost to the destination through the targets from below, so the larger does.
    struct GoalBound: SearchBound {
        let points: [Coordinate]
        let goal: Coordinate
        let speed: Double
        let landmarks: LandmarkBound?
        var isZero: Bool { false }
        func callAsFunction(_ v: Int32) -> Double {
            let straight = points[Int(v)].distance(to: goal) / speed
            guard let landmarks else { return straight }
            return max(straight, landmarks(v))
        }
    }

    /// Where a point is on the walkable graph: its space, the nearest free point, and how far it moved.
    struct Located {
        let space: Int
        let point: Coordinate
        let snap: Double
    }

    /// Where a route end is on the graph. A place on a level whose walkable space does not reach it (an office on
    /// an upper floor of a building mapped only at street level; a car park's entrance on level 1 outside the mall
    /// whose level 1 is mapped) is taken to the nearest floor, by ordinal (below before above), that has a walkable
    /// space near it: the route ends under it, on that floor (its points say which).
    func locate(_ end: RouteEnd, options: RoutingOptions) throws(RoutingError) -> Located {
        guard let level = graph.levelSpaces[end.levelID] else { throw .unknownLevel(end.levelID) }
        let open = { (s: Int) in self.isOpen(s, options) }
        if level.spaces.contains(where: open), let found = try? locate(end, on: level, options: options) { return found }
        guard let ordinal = graph.levelOrdinal[end.levelID] else { return try locate(end, on: level, options: options) }
        let floors = graph.levelSpaces.filter { $0.key != end.levelID && $0.value.spaces.contains(where: open) }
            .map { (key: $0.key, value: $0.value, ordinal: graph.levelOrdinal[$0.key] ?? 0) }
            .sorted { (abs($0.ordinal - ordinal), $0.ordinal, $0.key) < (abs($1.ordinal - ordinal), $1.ordinal, $1.key) }
        for floor in floors {
            if let found = try? locate(end, on: floor.value, options: options) { return found }
        }
        throw .offGraph(place: end.label, level: levelName(end.levelID))
    }

    /// Where a route end is among a floor's walkable spaces: the one it is in, else the nearest within 50 m.
    func locate(_ end: RouteEnd, on level: (spaces: [Int], index: PolygonIndex), options: RoutingOptions) throws(RoutingError) -> Located {
        let open = { (s: Int) in self.isOpen(s, options) }
        // A place inside a non-public space is where it is (a person there may leave it); the public spaces come
        // first where spaces overlap.
        let containing = level.index.allContaining(end.point).map { level.spaces[$0] }.filter(open)
        var space = containing.first { !graph.restricted[$0] } ?? containing.first
        if space == nil {
            // The nearest walkable space of the level.
            var best = Double.infinity
            for s in level.spaces where open(s) && (options.includeNonPublic || !graph.restricted[s]) {
                guard let area = graph.free[s] else { continue }
                let d = area.nearestPoint(to: end.point).distance(to: end.point)
                if d < best { best = d; space = s }
            }
            guard best < 50 else { throw .offGraph(place: end.label, level: levelName(end.levelID)) }
        }
        guard let space, let area = graph.free[space] else { throw .offGraph(place: end.label, level: levelName(end.levelID)) }
        let p = area.nearestPoint(to: end.point)
        return Located(space: space, point: p, snap: p.distance(to: end.point))
    }

    /// Whether a space can hold a route's end: walkable and not closed by the options.
    func isOpen(_ s: Int, _ options: RoutingOptions) -> Bool {
        graph.free[s] != nil && !options.closed.contains(graph.venue.spaces[s].id)
    }

    func levelName(_ id: String) -> String {
        graph.venue.level(id: id).map { $0.name.resolved(for: ["en"]) ?? "Level \($0.ordinalText)" } ?? id
    }

    /// Whether an edge may be used under `options`; the non-public spaces in `endpoints` (where the route starts
    /// or ends) may be walked through, and restricted doors used to reach them.
    /// `closed` is `options.closed` as indices (``ClosedParts``), worked out once for the query.
    func allowed(_ e: Int, _ options: RoutingOptions, endpoints: Set<Int> = [], closed: ClosedParts) -> Bool {
        let edge = graph.edges[e]
        if case .connector(let kind) = edge.kind, !options.permits(kind) { return false }
        let flags = edgeFlags[e]
        if !options.includeNonPublic {
            if flags.contains(.restrictedSpace), let s = edge.space, !endpoints.contains(s) { return false }
            if flags.contains(.restrictedDoor) && endpoints.isEmpty { return false }
        }
        if options.profile == .accessible && flags.contains(.inaccessibleDoor) { return false }
        if !closed.isEmpty {
            if let s = edge.space, closed.spaces.contains(s) { return false }
            let (o1, o2) = edgeOpenings[e]
            if closed.openings.contains(o1) || closed.openings.contains(o2) { return false }
            if let c = edge.connector, closed.connectors.contains(c) { return false }
        }
        return true
    }

    /// The spaces, openings and connectors a query's closures name, as indices into the venue's arrays: the search
    /// asks of every edge it relaxes whether it is closed, and ids are strings (each asking used to copy the venue
    /// and hash three of them).
    struct ClosedParts {
        var spaces: Set<Int> = [], openings: Set<Int32> = [], connectors: Set<Int> = []

        init() {}

        init(_ ids: Set<String>, venue: Venue) {
            guard !ids.isEmpty else { return }
            spaces = Set(venue.spaces.indices.filter { ids.contains(venue.spaces[$0].id) })
            openings = Set(venue.openings.indices.filter { ids.contains(venue.openings[$0].id) }.map(Int32.init))
            connectors = Set(venue.connectors.indices.filter { ids.contains(venue.connectors[$0].id) })
        }

        var isEmpty: Bool { spaces.isEmpty && openings.isEmpty && connectors.isEmpty }
    }

    /// Whether a query's own end may walk straight to or from a node: a door node must be usable under the same
    /// rules as the graph's edges (closures, accessibility, restricted doors).
    func endAllowed(_ node: Int32, _ options: RoutingOptions, endpoints: Set<Int>) -> Bool {
        guard case .door(let o) = graph.nodes[Int(node)].kind else { return true }
        let opening = graph.venue.openings[o]
        if options.closed.contains(opening.id) { return false }
        if options.profile == .accessible && opening.isAccessible == false { return false }
        if !options.includeNonPublic && opening.restriction != nil && endpoints.isEmpty { return false }
        return true
    }

    /// The least-cost route between two places. A start with an ``RouteEnd/uncertainty`` (a fix) may be taken on
    /// the other side of a wall within it, when the walk there, counted twice, and the route from there cost less.
    /// - Throws: ``RoutingError`` saying which part of the venue is cut off, and by what.
    /// - Complexity: O(k·e) to join the ends to the k nodes of their spaces, then A* over the graph.
    public func route(from start: RouteEnd, to end: RouteEnd, options: RoutingOptions = RoutingOptions()) throws(RoutingError) -> Route {
        let located = try locate(start, options: options)
        let b = try locate(end, options: options)
        let speed = graph.costs.walkingSpeed
        // Where the start may be: where it is located, and, for an uncertain one, the other spaces within reach.
        let starts = [located] + (start.uncertainty > 0 ? otherSides(of: start, besides: located, options: options) : [])
        let detour = { (k: Int) in k == 0 ? 0 : Self.otherSideFactor * starts[k].snap / speed }
        // Non-public spaces the route starts or ends in (and their doors) may be used to get out or in.
        let endpoints = Set([located.space, b.space].filter { graph.restricted[$0] })
        // Per graph node, the cheapest start that reaches it and its cost (nodes in the order first seen).
        var entry: [Int32: (start: Int, cost: Double)] = [:], seen: [Int32] = []
        for (k, a) in starts.enumerated() {
            for v in visibleNodes(from: a)
            where oneWayAllows(v.node, entering: true, from: a.space) && endAllowed(v.node, options, endpoints: endpoints) {
                let cost = detour(k) + v.distance / speed + doorHalf(v.node)
                if entry[v.node] == nil { seen.append(v.node) }
                if cost < entry[v.node]?.cost ?? .infinity { entry[v.node] = (k, cost) }
            }
        }
        let sources = seen.map { (node: $0, cost: entry[$0]?.cost ?? 0) }
        let targets = visibleNodes(from: b)
            .filter { oneWayAllows($0.node, entering: false, from: b.space) && endAllowed($0.node, options, endpoints: endpoints) }
            .map { (node: $0.node, cost: $0.distance / speed + doorHalf($0.node)) }
        // Straight across one space, when the two ends see each other.
        var direct: (start: Int, cost: Double)?
        for (k, a) in starts.enumerated() where a.space == b.space && graph.free[a.space]?.sees(a.point, b.point) == true {
            let cost = detour(k) + a.point.distance(to: b.point) / speed
            if cost < direct?.cost ?? .infinity { direct = (k, cost) }
        }
        let a = located
        // Ends in parts of the graph that nothing joins: no search can help.
        if direct == nil, !sources.isEmpty, !targets.isEmpty,
           Set(sources.map { graph.component[Int($0.node)] }).isDisjoint(with: targets.map { graph.component[Int($0.node)] }) {
            throw disconnected(start, end, a, b)
        }
        let landmarks = usesLandmarks && !targets.isEmpty ? graph.landmarks.map { LandmarkBound($0, targets: targets) } : nil
        let bound = GoalBound(points: graph.nodePoints, goal: b.point, speed: speed, landmarks: landmarks)
        let closed = ClosedParts(options.closed, venue: graph.venue)
        let found = if let filter = flagFilter(options, endpoints: endpoints) {
            search.run(from: sources, to: targets, bound: bound, filter: filter)
        } else {
            search.run(from: sources, to: targets, bound: bound, filter: ClosureFilter { self.allowed(Int($0), options, endpoints: endpoints, closed: closed) })
        }
        if let direct, direct.cost <= (found?.cost ?? .infinity) {
            return makeRoute(starts[direct.start], b, path: nil, cost: direct.cost)
        }
        guard let found else { throw explainFailure(start, end, a, b, options: options) }
        return makeRoute(starts[found.nodes.first.flatMap { entry[$0]?.start } ?? 0], b, path: found, cost: found.cost)
    }

    /// How many times the walk to it a start elsewhere than where the fix is located costs: the fix is more likely
    /// right than wrong about the side of a wall it is on.
    static let otherSideFactor = 2.0

    /// Where else within `start`'s uncertainty it may be, `besides` where it is located: for each walkable space of
    /// its level, the free area within reach, piece by piece, and the nearest point of each piece. A piece is
    /// another side of a wall: another space, or another part of the same one (a walkway drawn as a passage and the
    /// platform beside it, joined at one end).
    func otherSides(of start: RouteEnd, besides located: Located, options: RoutingOptions) -> [Located] {
        // (Within 50 m at most, as a place off every space is looked for: a fix that says it could be anywhere
        // says nothing about the other side of a wall.)
        let r = min(start.uncertainty, 50)
        guard r.isFinite, r > 0, let level = graph.levelSpaces[start.levelID] else { return [] }
        let box = BoundingBox(minX: start.point.x - r, minY: start.point.y - r, maxX: start.point.x + r, maxY: start.point.y + r)
        var out: [Located] = []
        for s in level.index.candidates(intersecting: box).map({ level.spaces[$0] }).sorted()
        where isOpen(s, options) && (options.includeNonPublic || !graph.restricted[s]) {
            guard let free = graph.free[s], free.boundingBox.intersects(box) else { continue }
            for p in free.nearestPointsOfPieces(around: start.point, within: r) {
                let d = p.distance(to: start.point)
                // (The piece the fix is located in gives its located point again: not a start of its own.)
                if s == located.space, d < 1e-9 { continue }
                out.append(Located(space: s, point: free.nearestPoint(to: p), snap: d))
            }
        }
        return out
    }

    /// Half the door penalty for a door node: every edge into or out of a door costs half, so that a pass through
    /// a door costs the whole penalty once, whether it is walked from a graph node or from the query's own ends.
    func doorHalf(_ node: Int32) -> Double {
        guard case .door(let o) = graph.nodes[Int(node)].kind, graph.venue.openings[o].isDoor else { return 0 }
        return graph.costs.doorPenalty / 2
    }

    /// Whether a one-way opening lets a query's own end walk into it from `space` (`entering`), or out of it into
    /// `space`: the graph's edges obey one-way openings, and so must the straight walks to and from the ends.
    func oneWayAllows(_ node: Int32, entering: Bool, from space: Int) -> Bool {
        guard case .door(let o) = graph.nodes[Int(node)].kind, let from = graph.venue.openings[o].oneWayFrom
        else { return true }
        let isFromSide = graph.venue.spaces[space].id == from
        return entering ? isFromSide : !isFromSide
    }

    /// The nodes of a located point's cell (or cells, on a cut line) it sees in a straight line; failing that,
    /// those of its whole space.
    func visibleNodes(from located: Located) -> [(node: Int32, distance: Double)] {
        let p = located.point
        var seen = Set<Int32>()
        var out: [(node: Int32, distance: Double)] = []
        for cell in graph.cells[located.space] where cell.box.grown(by: 1e-6).contains(p) {
            for n in cell.members where seen.insert(n).inserted {
                let q = graph.nodes[Int(n)].point
                if cell.area.sees(p, q) { out.append((n, p.distance(to: q))) }
            }
        }
        guard out.isEmpty, let area = graph.free[located.space] else { return out }
        return graph.spaceNodes[located.space].compactMap { n in
            let q = graph.nodes[Int(n)].point
            return area.sees(p, q) ? (n, p.distance(to: q)) : nil
        }
    }

    /// Whether `route` starts where `stop` is: under a metre's walk from it (not merely near it: a shop behind the
    /// wall is not there), or inside `area`, the open area the stop is (metres), on its level. (Then there is
    /// nothing to walk.)
    func startsThere(_ route: Route, at stop: Waypoint, area: PreparedPolygon?) -> Bool {
        guard let first = route.points.first, first.levelID == stop.end.levelID else { return false }
        return route.distance < 1 || (area?.contains(first.point) ?? false)
    }

    /// `route` ended where it enters `area` (metres) on level `levelID` to stay in it to the end, a metre inside
    /// (the metres and seconds past that point taken off); `route` itself when it enters the area within 2 m of its
    /// end; `nil` when it does not end in the area or starts in it.
    func ending(_ route: Route, whereItEnters area: PreparedPolygon, on levelID: String) -> Route? {
        let p = route.points
        guard let last = p.last, last.levelID == levelID, area.contains(last.point) else { return nil }
        var k = p.count - 1
        while k > 0, p[k - 1].levelID == levelID, area.contains(p[k - 1].point) { k -= 1 }
        guard k > 0 else { return nil }
        let a = p[k - 1], b = p[k]
        var kept = Array(p[..<k])
        var end: RoutePoint
        var next: Int
        if a.levelID == levelID {
            // The crossing of the boundary on the stretch a → b, by halving, then a metre on along the route.
            func at(_ t: Double) -> Coordinate {
                Coordinate(x: a.point.x + t * (b.point.x - a.point.x), y: a.point.y + t * (b.point.y - a.point.y))
            }
            var outside = 0.0, inside = 1.0
            for _ in 0..<40 {
                let mid = (outside + inside) / 2
                if area.contains(at(mid)) { inside = mid } else { outside = mid }
            }
            var from = at(inside), left = 1.0
            next = k
            while next < p.count, from.distance(to: p[next].point) < left {
                left -= from.distance(to: p[next].point)
                from = p[next].point
                kept.append(p[next])
                next += 1
            }
            guard next < p.count else { return route }
            let d = from.distance(to: p[next].point), q = p[next]
            let point = Coordinate(x: from.x + (q.point.x - from.x) * left / d, y: from.y + (q.point.y - from.y) * left / d)
            end = RoutePoint(point: point, levelID: levelID, space: q.space, opening: nil, edge: q.edge)
        } else {
            // Onto the area off a ride: where the ride lands.
            end = b
            next = k + 1
        }
        var removed = next < p.count ? end.point.distance(to: p[next].point) : 0, doors = 0
        for j in next..<p.count {
            if j > next { removed += p[j - 1].point.distance(to: p[j].point) }
            if let o = p[j].opening, graph.venue.openings[o].isDoor { doors += 1 }
        }
        guard removed >= 2 else { return route }
        kept.append(end)
        return Route(points: kept, cost: route.cost - removed / graph.costs.walkingSpeed - Double(doors) * graph.costs.doorPenalty,
                     distance: route.distance - removed, startSnap: route.startSnap, endSnap: route.endSnap)
    }

    func makeRoute(_ a: Located, _ b: Located, path: GraphPath?, cost: Double) -> Route {
        var points = [RoutePoint(point: a.point, levelID: graph.venue.spaces[a.space].levelID, space: nil, opening: nil, edge: nil)]
        var distance = 0.0
        if let path {
            let first = graph.nodes[Int(path.nodes[0])]
            points.append(point(for: path.nodes[0], space: a.space, edge: nil))
            distance += a.point.distance(to: first.point)
            for (k, e) in path.edges.enumerated() {
                let edge = graph.edges[Int(e)]
                points.append(point(for: path.nodes[k + 1], space: edge.space, edge: Int(e)))
                distance += edge.length
            }
            if let last = path.nodes.last { distance += graph.nodes[Int(last)].point.distance(to: b.point) }
        } else {
            distance = a.point.distance(to: b.point)
        }
        points.append(RoutePoint(point: b.point, levelID: graph.venue.spaces[b.space].levelID, space: b.space, opening: nil, edge: nil))
        // Consecutive duplicates (an end exactly on a node) carry no step.
        var cleaned: [RoutePoint] = []
        for p in points {
            if let last = cleaned.last, last.point.distance(to: p.point) < 1e-6, last.levelID == p.levelID { continue }
            cleaned.append(p)
        }
        let (straight, saved) = straightened(cleaned)
        return Route(points: straight, cost: cost - saved / graph.costs.walkingSpeed, distance: distance - saved,
                     startSnap: a.snap, endSnap: b.snap)
    }

    /// The walk pulled taut inside each space: between two points it must pass (the ends, doors, rides), a run
    /// of corners and waypoints inside one space is replaced by the shortest walk between them through that
    /// space's free area, bending only at its corners. The graph's cells make walks across a large space bend at
    /// waypoints on their cut lines; this takes those bends out.
    /// - Returns: the points and the metres saved.
    func straightened(_ points: [RoutePoint]) -> ([RoutePoint], Double) {
        guard points.count > 2 else { return (points, 0) }
        // A point may go when it is not in an opening and is walked into and out of within one space.
        let removable = points.indices.map { i -> Bool in
            guard i > 0, i < points.count - 1 else { return false }
            let p = points[i], next = points[i + 1]
            guard p.opening == nil, p.space != nil, next.space == p.space, next.levelID == p.levelID else { return false }
            return [p.edge, next.edge].allSatisfy { $0.map { graph.edges[$0].kind == .walk } ?? true }
        }
        var kept = [points[0]]
        var saved = 0.0
        var i = 0
        while i < points.count - 1 {
            var last = i + 1
            while last < points.count - 1, removable[last] { last += 1 }
            // (A removable point is in a space.)
            if last > i + 1, let space = points[i + 1].space {
                var walked = 0.0
                for k in i..<last { walked += points[k].point.distance(to: points[k + 1].point) }
                if let taut = tautWalk(from: points[i].point, to: points[last].point, in: space, near: points[i...last].map(\.point),
                                       shorterThan: walked - 1e-6) {
                    saved += walked - taut.length
                    kept += taut.corners.map { RoutePoint(point: $0, levelID: points[last].levelID, space: space, opening: nil, edge: nil) }
                } else {
                    kept += points[(i + 1)..<last]
                }
            }
            kept.append(points[last])
            i = last
        }
        return (kept, saved)
    }

    /// The shortest walk from `a` to `b` inside one space's free area, over its corners within 4 m of the walk it
    /// replaces (`near`, a polyline): A* that finds what each point sees when it is reached, and looks only at
    /// stretches that could lead to a walk shorter than `limit` metres.
    /// - Returns: the points between `a` and `b` and the length; nil when there is none shorter than `limit` or it
    ///   gives up (over 2,000 points reached).
    func tautWalk(from a: Coordinate, to b: Coordinate, in space: Int, near: [Coordinate],
                  shorterThan limit: Double) -> (corners: [Coordinate], length: Double)? {
        guard a.distance(to: b) < limit, let area = graph.free[space], let box = BoundingBox(covering: near)?.grown(by: 4) else { return nil }
        if area.sees(a, b) { return ([], a.distance(to: b)) }
        // Points: 0 is a, 1 is b, then the corners with their wedges. (Not the walk's own points: a taut walk
        // bends only at corners, and the walk is kept when nothing is shorter.)
        var points = [a, b]
        var wedges: [FreeSpace.Corner?] = [nil, nil]
        for wedge in graph.spaceCorners[space] {
            let p = wedge.vertex
            if box.contains(p), zip(near, near.dropFirst()).contains(where: { p.distance(toSegment: $0, $1) <= 4 }) {
                points.append(p)
                wedges.append(wedge)
            }
        }
        var best = [Double](repeating: .infinity, count: points.count)
        var previous = [Int](repeating: -1, count: points.count)
        var done = [Bool](repeating: false, count: points.count)
        var heap = MinHeap(capacity: 64)
        best[0] = 0
        best[1] = limit
        heap.push(a.distance(to: b), 0)
        var reached = 0
        while let (_, item) = heap.pop() {
            let u = Int(item)
            guard !done[u] else { continue }
            done[u] = true
            if u == 1 { break }
            reached += 1
            guard reached <= 2000 else { return nil }
            for v in points.indices where !done[v] {
                let d = best[u] + points[u].distance(to: points[v]), estimate = d + points[v].distance(to: b)
                // A taut walk bends only around corners, tangent to them (as the graph's visibility edges): a stretch
                // into a corner's wedge needs no visibility test, nor one that cannot beat the best walk to `b` yet.
                guard d < best[v], estimate < best[1], wedges[u]?.isTangent(towards: points[v]) ?? true,
                      wedges[v]?.isTangent(towards: points[u]) ?? true,
                      area.sees(points[u], points[v], endsCovered: u > 1 && v > 1) else { continue }
                best[v] = d
                previous[v] = u
                heap.push(estimate, Int32(v))
            }
        }
        guard previous[1] >= 0 else { return nil }
        var corners: [Coordinate] = []
        var k = previous[1]
        while k > 0 {
            corners.append(points[k])
            k = previous[k]
        }
        return (corners.reversed(), best[1])
    }

    func point(for node: Int32, space: Int?, edge: Int?) -> RoutePoint {
        let n = graph.nodes[Int(node)]
        var opening: Int?
        if case .door(let o) = n.kind { opening = o }
        return RoutePoint(point: n.point, levelID: n.levelID, space: space, opening: opening, edge: edge)
    }

    /// Why there is no route: either the profile/closures exclude every path (say which kinds of passage are on
    /// the route they forbid), or the two places are in parts of the venue that nothing joins.
    func explainFailure(_ start: RouteEnd, _ end: RouteEnd, _ a: Located, _ b: Located, options: RoutingOptions) -> RoutingError {
        let venue = graph.venue
        let speed = graph.costs.walkingSpeed
        let open = RoutingOptions(profile: .default, closed: [], includeNonPublic: true)
        let sources = visibleNodes(from: a).filter { oneWayAllows($0.node, entering: true, from: a.space) }
            .map { (node: $0.node, cost: $0.distance / speed) }
        let targets = visibleNodes(from: b).filter { oneWayAllows($0.node, entering: false, from: b.space) }
            .map { (node: $0.node, cost: $0.distance / speed) }
        if let unrestricted = search.run(from: sources, to: targets, allowed: { self.allowed(Int($0), open, closed: ClosedParts()) }) {
            var reasons: [RoutingError.Exclusion] = []
            let kinds = Set(unrestricted.edges.compactMap { e -> Connector.Kind? in
                if case .connector(let kind) = graph.edges[Int(e)].kind { kind } else { nil }
            })
            let forbidden = kinds.filter { !options.permits($0) }
            if !forbidden.isEmpty { reasons.append(.profile(options.profile, excludes: forbidden.sorted { $0.rawValue < $1.rawValue })) }
            let closedHere = unrestricted.edges.flatMap { e -> [String] in
                let edge = graph.edges[Int(e)]
                var ids: [String] = []
                if let s = edge.space { ids.append(venue.spaces[s].id) }
                let (o1, o2) = edgeOpenings[Int(e)]
                for o in [o1, o2] where o >= 0 { ids.append(venue.openings[Int(o)].id) }
                if let c = edge.connector { ids.append(venue.connectors[c].id) }
                return ids.filter(options.closed.contains)
            }
            if !closedHere.isEmpty { reasons.append(.closed(Set(closedHere).sorted())) }
            let restrictedHere = unrestricted.edges.contains { e in
                let edge = graph.edges[Int(e)]
                return edge.space.map { graph.restricted[$0] } ?? false
            }
            if restrictedHere && !options.includeNonPublic { reasons.append(.nonPublicAreas) }
            if reasons.isEmpty, options.profile == .accessible { reasons.append(.inaccessibleDoor) }
            if reasons.isEmpty { reasons.append(.options) }
            return .excluded(from: start.label, to: end.label, by: reasons)
        }
        return disconnected(start, end, a, b)
    }

    func disconnected(_ start: RouteEnd, _ end: RouteEnd, _ a: Located, _ b: Located) -> RoutingError {
        let venue = graph.venue
        let name = { (s: Int) -> String in
            let space = venue.spaces[s]
            return "\(space.name.resolved() ?? space.category) (\(space.id)) on \(self.levelName(space.levelID))"
        }
        let buildings = { (s: Int) -> [Building] in
            let ids = Set(venue.level(id: venue.spaces[s].levelID)?.buildingIDs ?? [])
            return venue.buildings.filter { ids.contains($0.id) }
        }
        let (la, lb) = (venue.spaces[a.space].levelID, venue.spaces[b.space].levelID)
        if graph.floorsUnjoined(la, lb, groups: graph.floorGroups()) {
            return .disconnected(from: start.label, to: end.label,
                detail: "no stairs, lift, escalator or ramp is mapped between \(levelName(la)) and \(levelName(lb))")
        }
        let (ba, bb) = (buildings(a.space), buildings(b.space))
        if !ba.isEmpty, !bb.isEmpty, Set(ba.map(\.id)).isDisjoint(with: bb.map(\.id)) {
            let label = { (bs: [Building]) in bs.map { $0.name.resolved() ?? $0.id }.joined(separator: ", ") }
            return .disconnected(from: start.label, to: end.label,
                detail: "\(name(a.space)) is in building \(label(ba)) and \(name(b.space)) in building \(label(bb)), and the venue "
                    + "maps no way between them (no opening, connector or outdoor path joins the buildings)")
        }
        return .disconnected(from: start.label, to: end.label,
                             detail: "nothing (no opening or connector usable in this direction) joins \(name(a.space)) to \(name(b.space))")
    }
}
