import IndoorGeometry
import IndoorVenue

/// One point of a route, in travel order.
public struct RoutePoint: Hashable, Sendable {
    /// Metres in the venue's frame.
    public let point: Coordinate
    public let levelID: String
    /// The space walked through to reach this point (index into `venue.spaces`), -1 at the start and after rides.
    public let space: Int
    /// The opening this point lies in (index into `venue.openings`), -1 if none.
    public let opening: Int
    /// The edge that led here (-1 at the start, or for the straight walks of the query's own ends).
    public let edge: Int
}

/// A route found by ``Router``: its points and the graph edges between them.
public struct Route: Sendable {
    public let points: [RoutePoint]
    /// Seconds in all.
    public let cost: Double
    /// Metres walked.
    public let distance: Double
    /// How far the start and the destination had to be moved onto walkable space, metres.
    public let startSnap: Double
    public let endSnap: Double
}

/// A place on a level to route from or to, in metres, with what it was called.
public struct RouteEnd: Sendable {
    public var point: Coordinate
    public var levelID: String
    public var label: String

    public init(point: Coordinate, levelID: String, label: String) {
        self.point = point
        self.levelID = levelID
        self.label = label
    }
}

/// Queries a ``NavigationGraph``: snaps both ends onto walkable space, joins them to the corners and doors they
/// see, and runs A* (straight-line distance at walking speed is the bound).
///
/// A router keeps working memory between queries: use one per thread or task (the graph itself is shared).
public final class Router {
    public let graph: NavigationGraph
    private let search: ShortestPathSearch

    /// Per edge, what profiles and closures look at, flattened so that a query reads no venue feature.
    private let edgeRestricted: [Bool]
    private let edgeInaccessible: [Bool]
    private let edgeRestrictedDoor: [Bool]
    private let edgeOpenings: [(Int32, Int32)]

    public init(graph: NavigationGraph) {
        self.graph = graph
        search = ShortestPathSearch(graph: graph.graph)
        let openings = graph.venue.openings
        // The openings at both ends of each edge (a walk from one door straight to another touches two).
        let doorOf = graph.nodes.map { n -> Int32 in if case .door(let o) = n.kind, o >= 0 { Int32(o) } else { -1 } }
        edgeOpenings = graph.edges.map { ($0.from >= 0 ? doorOf[Int($0.from)] : -1, $0.to >= 0 ? doorOf[Int($0.to)] : -1) }
        let any = { (pair: (Int32, Int32), test: (Opening) -> Bool) -> Bool in
            (pair.0 >= 0 && test(openings[Int(pair.0)])) || (pair.1 >= 0 && test(openings[Int(pair.1)]))
        }
        edgeRestricted = graph.edges.map { $0.space >= 0 && graph.restricted[Int($0.space)] }
        edgeInaccessible = edgeOpenings.map { any($0) { $0.isAccessible == false } }
        edgeRestrictedDoor = edgeOpenings.map { any($0) { $0.restriction != nil } }
    }

    /// Where a point is on the walkable graph: its space, the nearest free point, and how far it moved.
    struct Located {
        let space: Int
        let point: Coordinate
        let snap: Double
    }

    func locate(_ end: RouteEnd, options: RoutingOptions) throws(RoutingError) -> Located {
        guard let level = graph.levelSpaces[end.levelID] else { throw .unknownLevel(end.levelID) }
        let open = { (s: Int) -> Bool in
            self.graph.free[s] != nil && !options.closed.contains(self.graph.venue.spaces[s].id)
        }
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

    func levelName(_ id: String) -> String {
        graph.venue.level(id: id).map { $0.name.resolved() ?? $0.ordinalText } ?? id
    }

    /// Whether an edge may be used under `options`; the non-public spaces in `endpoints` (where the route starts
    /// or ends) may be walked through, and restricted doors used to reach them.
    func allowed(_ e: Int, _ options: RoutingOptions, endpoints: Set<Int> = []) -> Bool {
        let edge = graph.edges[e]
        guard options.permits(edge.kind) else { return false }
        if !options.includeNonPublic {
            if edgeRestricted[e] && !endpoints.contains(Int(edge.space)) { return false }
            if edgeRestrictedDoor[e] && endpoints.isEmpty { return false }
        }
        if options.profile == .accessible && edgeInaccessible[e] { return false }
        if !options.closed.isEmpty {
            let venue = graph.venue
            if edge.space >= 0 && options.closed.contains(venue.spaces[Int(edge.space)].id) { return false }
            let (o1, o2) = edgeOpenings[e]
            for o in [o1, o2] where o >= 0 && options.closed.contains(venue.openings[Int(o)].id) { return false }
            if edge.connector >= 0 && options.closed.contains(venue.connectors[Int(edge.connector)].id) { return false }
        }
        return true
    }

    /// Whether a query's own end may walk straight to or from a node: a door node must be usable under the same
    /// rules as the graph's edges (closures, accessibility, restricted doors).
    func endAllowed(_ node: Int32, _ options: RoutingOptions, endpoints: Set<Int>) -> Bool {
        guard case .door(let o) = graph.nodes[Int(node)].kind, o >= 0 else { return true }
        let opening = graph.venue.openings[o]
        if options.closed.contains(opening.id) { return false }
        if options.profile == .accessible && opening.isAccessible == false { return false }
        if !options.includeNonPublic && opening.restriction != nil && endpoints.isEmpty { return false }
        return true
    }

    /// The least-cost route between two places.
    /// - Throws: ``RoutingError`` saying which part of the venue is cut off, and by what.
    /// - Complexity: O(k·e) to join the ends to the k nodes of their spaces, then A* over the graph.
    public func route(from start: RouteEnd, to end: RouteEnd, options: RoutingOptions = RoutingOptions()) throws(RoutingError) -> Route {
        let a = try locate(start, options: options)
        let b = try locate(end, options: options)
        let speed = graph.costs.walkingSpeed
        // Non-public spaces the route starts or ends in (and their doors) may be used to get out or in.
        let endpoints = Set([a.space, b.space].filter { graph.restricted[$0] })
        let sources = visibleNodes(from: a)
            .filter { oneWayAllows($0.node, entering: true, from: a.space) && endAllowed($0.node, options, endpoints: endpoints) }
            .map { (node: $0.node, cost: $0.distance / speed + doorHalf($0.node)) }
        let targets = visibleNodes(from: b)
            .filter { oneWayAllows($0.node, entering: false, from: b.space) && endAllowed($0.node, options, endpoints: endpoints) }
            .map { (node: $0.node, cost: $0.distance / speed + doorHalf($0.node)) }
        // Straight across one space, when the two ends see each other.
        var direct: Double?
        if a.space == b.space, graph.free[a.space]?.sees(a.point, b.point) == true {
            direct = a.point.distance(to: b.point) / speed
        }
        // Ends in parts of the graph that nothing joins: no search can help.
        if direct == nil, !sources.isEmpty, !targets.isEmpty,
           Set(sources.map { graph.component[Int($0.node)] }).isDisjoint(with: targets.map { graph.component[Int($0.node)] }) {
            throw disconnected(start, end, a, b)
        }
        let goal = b.point
        let nodes = graph.nodes
        let found = search.run(
            from: sources, to: targets,
            heuristic: { nodes[Int($0)].point.distance(to: goal) / speed },
            allowed: { self.allowed(Int($0), options, endpoints: endpoints) })
        if let direct, direct <= (found?.cost ?? .infinity) {
            return makeRoute(a, b, path: nil, cost: direct)
        }
        guard let found else { throw explainFailure(start, end, a, b, options: options) }
        return makeRoute(a, b, path: found, cost: found.cost)
    }

    /// Half the door penalty for a door node: every edge into or out of a door costs half, so that a pass through
    /// a door costs the whole penalty once, whether it is walked from a graph node or from the query's own ends.
    func doorHalf(_ node: Int32) -> Double {
        guard case .door(let o) = graph.nodes[Int(node)].kind, o >= 0, graph.venue.openings[o].isDoor else { return 0 }
        return graph.costs.doorPenalty / 2
    }

    /// Whether a one-way opening lets a query's own end walk into it from `space` (`entering`), or out of it into
    /// `space`: the graph's edges obey one-way openings, and so must the straight walks to and from the ends.
    func oneWayAllows(_ node: Int32, entering: Bool, from space: Int) -> Bool {
        guard case .door(let o) = graph.nodes[Int(node)].kind, o >= 0, let from = graph.venue.openings[o].oneWayFrom
        else { return true }
        let isFromSide = graph.venue.spaces[space].id == from
        return entering ? isFromSide : !isFromSide
    }

    /// The nodes of a located point's space it sees in a straight line.
    func visibleNodes(from located: Located) -> [(node: Int32, distance: Double)] {
        guard let area = graph.free[located.space] else { return [] }
        return graph.spaceNodes[located.space].compactMap { n in
            let p = graph.nodes[Int(n)].point
            return area.sees(located.point, p) ? (n, located.point.distance(to: p)) : nil
        }
    }

    func makeRoute(_ a: Located, _ b: Located, path: GraphPath?, cost: Double) -> Route {
        var points = [RoutePoint(point: a.point, levelID: graph.venue.spaces[a.space].levelID, space: -1, opening: -1, edge: -1)]
        var distance = 0.0
        if let path {
            let first = graph.nodes[Int(path.nodes[0])]
            points.append(point(for: path.nodes[0], space: a.space, edge: -1))
            distance += a.point.distance(to: first.point)
            for (k, e) in path.edges.enumerated() {
                let edge = graph.edges[Int(e)]
                points.append(point(for: path.nodes[k + 1], space: Int(edge.space), edge: Int(e)))
                distance += edge.length
            }
            if let last = path.nodes.last { distance += graph.nodes[Int(last)].point.distance(to: b.point) }
        } else {
            distance = a.point.distance(to: b.point)
        }
        points.append(RoutePoint(point: b.point, levelID: graph.venue.spaces[b.space].levelID, space: b.space, opening: -1, edge: -1))
        // Consecutive duplicates (an end exactly on a node) carry no step.
        var cleaned: [RoutePoint] = []
        for p in points {
            if let last = cleaned.last, last.point.distance(to: p.point) < 1e-6, last.levelID == p.levelID { continue }
            cleaned.append(p)
        }
        return Route(points: cleaned, cost: cost, distance: distance, startSnap: a.snap, endSnap: b.snap)
    }

    func point(for node: Int32, space: Int, edge: Int) -> RoutePoint {
        let n = graph.nodes[Int(node)]
        var opening = -1
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
        if let unrestricted = search.run(from: sources, to: targets, allowed: { self.allowed(Int($0), open) }) {
            var reasons: [String] = []
            let kinds = Set(unrestricted.edges.map { graph.edges[Int($0)].kind })
            let forbidden = kinds.filter { !options.permits($0) && $0 != .walk }
            if !forbidden.isEmpty {
                let names = forbidden.map(\.rawValue).sorted().joined(separator: " and ")
                reasons.append("for the \(options.profile.rawValue) profile: the way that remains uses \(names), which the profile excludes")
            }
            let closedHere = unrestricted.edges.flatMap { e -> [String] in
                let edge = graph.edges[Int(e)]
                var ids: [String] = []
                if edge.space >= 0 { ids.append(venue.spaces[Int(edge.space)].id) }
                let (o1, o2) = edgeOpenings[Int(e)]
                for o in [o1, o2] where o >= 0 { ids.append(venue.openings[Int(o)].id) }
                if edge.connector >= 0 { ids.append(venue.connectors[Int(edge.connector)].id) }
                return ids.filter(options.closed.contains)
            }
            if !closedHere.isEmpty { reasons.append("with \(Set(closedHere).sorted().joined(separator: ", ")) closed") }
            let restrictedHere = unrestricted.edges.contains { e in
                let edge = graph.edges[Int(e)]
                return edge.space >= 0 && graph.restricted[Int(edge.space)]
            }
            if restrictedHere && !options.includeNonPublic { reasons.append("without crossing non-public areas") }
            if reasons.isEmpty, options.profile == .accessible { reasons.append("for the accessible profile: a door on the way is not accessible") }
            if reasons.isEmpty { reasons.append("under these options (the unrestricted route is cut by them)") }
            return .excluded(from: start.label, to: end.label, by: reasons.joined(separator: "; "))
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
