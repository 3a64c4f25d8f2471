import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorVenue

/// Routes seeded pairs of a venue's named public places and judges every route independently of the graph that
/// made it: for the property tests of real and generated venues, and `tools/venues/route-pairs`.
///
/// A route **crosses a wall** when a stretch of it leaves the walkable spaces of its floor, or crosses the boundary
/// of a space anywhere but through an opening (drawn or inferred) or along a boundary shared by two open-plan
/// spaces (walkways) on which no opening is drawn. Both are judged with GEOS on the venue's polygons.
///
/// What inference adds counts only as the venue model declares it: an implicit corridor or a campus's grounds
/// (category `grounds`, walled all round but at its entrances) is walkable because it is one of `venue.spaces`,
/// and an inferred entrance is a gap in the walls because it is one of `venue.openings` — read from the model,
/// never from the graph, so the audit stays independent of the routing it judges.
public struct RouteAudit: Sendable {
    /// A named public place a visitor would route to.
    public struct Place: Hashable, Sendable {
        public let id: String
        public let name: String
        public let levelID: String
        /// Where it is.
        public let coordinate: GeoCoordinate
    }

    /// One routed pair's verdict.
    public struct Outcome: Sendable {
        public let from: Place
        public let to: Place
        /// The route's length in metres, or `nil` when there is none.
        public let distance: Double?
        /// Why there is no route.
        public let failure: String?
        /// Where the route crosses a wall, one line each.
        public let crossings: [String]
        /// Whether both places are in one building (levels of a building in common).
        public let sameBuilding: Bool
    }

    public let venue: Venue
    public let graph: NavigationGraph
    private let floors: [Double: Walls]

    /// Prepares the walls of every floor of `venue` (use the venue as routed: with its inferences).
    public init(venue: Venue) {
        self.venue = venue
        graph = NavigationGraph(venue: venue)
        var floors: [Double: Walls] = [:]
        for ordinal in Set(venue.levels.map(\.ordinal)) {
            floors[ordinal] = Walls(venue: venue, levelIDs: Set(venue.levels.filter { $0.ordinal == ordinal }.map(\.id)))
        }
        self.floors = floors
    }

    /// The named places of public spaces and POIs, in a stable order.
    public var places: [Place] {
        let publicSpaces = Dictionary(venue.spaces.map { ($0.id, $0.isWalkable) }, uniquingKeysWith: { a, _ in a })
        var seen: Set<String> = []
        var out: [Place] = []
        for poi in venue.pois {
            guard let name = poi.name.resolved() ?? poi.ref, !name.isEmpty, seen.insert(poi.id).inserted else { continue }
            if let s = poi.spaceID, publicSpaces[s] == false { continue }
            out.append(Place(id: poi.id, name: name, levelID: poi.levelID, coordinate: poi.coordinate))
        }
        for space in venue.spaces where space.isWalkable && !seen.contains(space.id) {
            guard let name = space.name.resolved() ?? space.ref, !name.isEmpty, let c = space.displayPoint ?? space.geometry.boundingBox.map({ GeoCoordinate(position: $0.center) }) else { continue }
            seen.insert(space.id)
            out.append(Place(id: space.id, name: name, levelID: space.levelID, coordinate: c))
        }
        return out
    }

    /// `count` seeded pairs of distinct places (the same seed gives the same pairs): what ``run(pairs:seed:)``
    /// routes, and what ``GuidanceAudit`` words.
    /// - Returns: no pair when the venue has fewer than two places.
    public func pairs(_ count: Int, seed: UInt64) -> [(from: Place, to: Place)] {
        let places = places
        guard places.count >= 2 else { return [] }
        var rng = SeededGenerator(seed: seed)
        var out: [(from: Place, to: Place)] = []
        for _ in 0..<count {
            let i = Int(rng.next() % UInt64(places.count))
            var j = Int(rng.next() % UInt64(places.count - 1))
            if j >= i { j += 1 }
            out.append((places[i], places[j]))
        }
        return out
    }

    /// Routes `count` seeded pairs of distinct places.
    public func run(pairs count: Int, seed: UInt64) -> [Outcome] {
        let router = Router(graph: graph)
        return pairs(count, seed: seed).map { audit(from: $0.from, to: $0.to, router: router) }
    }

    /// Routes one pair with `router` (made on ``graph``), as ``run(pairs:seed:)`` routes each.
    public func audit(from a: Place, to b: Place, router: Router) -> Outcome {
        let buildings = { (levelID: String) in Set(self.venue.level(id: levelID)?.buildingIDs ?? []) }
        let same = !buildings(a.levelID).isDisjoint(with: buildings(b.levelID)) || buildings(a.levelID).isEmpty
        do {
            let pa = try venue.frame.project(a.coordinate), pb = try venue.frame.project(b.coordinate)
            let route = try router.route(from: RouteEnd(point: pa, levelID: a.levelID, label: a.name),
                                         to: RouteEnd(point: pb, levelID: b.levelID, label: b.name))
            return Outcome(from: a, to: b, distance: route.distance, failure: nil, crossings: crossings(of: route), sameBuilding: same)
        } catch {
            return Outcome(from: a, to: b, distance: nil, failure: "\(error.localizedDescription)", crossings: [], sameBuilding: same)
        }
    }

    /// Where a route crosses walls (see the type's documentation).
    public func crossings(of route: Route) -> [String] {
        var out: [String] = []
        let ordinal = Dictionary(venue.levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { a, _ in a })
        for (p, q) in zip(route.points, route.points.dropFirst()) where p.levelID == q.levelID || ordinal[p.levelID] == ordinal[q.levelID] {
            guard p.point.distance(to: q.point) > 1e-3, let walls = ordinal[p.levelID].flatMap({ floors[$0] }),
                  let segment = try? LineString([p.point, q.point]) else { continue }
            if let problem = walls.problem(with: .lineString(segment)) {
                out.append(String(format: "(%.2f, %.2f) → (%.2f, %.2f) on level %@: %@", p.point.x, p.point.y, q.point.x, q.point.y,
                                  p.levelID, problem))
            }
        }
        return out
    }

    /// A floor's walkable area and the boundaries a route may not cross.
    struct Walls: Sendable {
        let walkable: Geometry?
        let barriers: Geometry?

        init(venue: Venue, levelIDs: Set<String>) {
            let frame = venue.frame
            let spaces = venue.spaces.filter { levelIDs.contains($0.levelID) }
            let shapes = spaces.map { try? frame.project($0.geometry) }
            let passable = spaces.indices.compactMap { spaces[$0].kind.isPassable ? shapes[$0] : nil }
            walkable = try? Geometry.union(of: passable).buffer(0.02, quadrantSegments: 2)
            // Every space boundary is a wall…
            var rings: [LineString] = []
            for shape in shapes.compactMap({ $0 }) {
                for polygon in shape.polygons { rings += polygon.rings.compactMap { try? LineString($0.coordinates) } }
            }
            // …except across an opening and along open-plan boundaries with no opening drawn on them.
            let openings = venue.openings.filter { levelIDs.contains($0.levelID) }.compactMap { try? frame.project($0.geometry) }
            var gaps: [Geometry] = openings.compactMap { try? $0.buffer(0.15, quadrantSegments: 2) }
            let openPlan = spaces.indices.filter { spaces[$0].kind.isOpenPlan }
            let openingEnds = openings.compactMap { o -> [Coordinate]? in
                let cs = o.allCoordinates
                guard let a = cs.first, let b = cs.last else { return nil }
                return [a, b]
            }
            for (k, i) in openPlan.enumerated() {
                for j in openPlan[(k + 1)...] {
                    guard let a = shapes[i], let b = shapes[j], let ba = a.boundingBox, let bb = b.boundingBox,
                          ba.grown(by: 0.1).intersects(bb),
                          let band = try? a.buffer(0.06, quadrantSegments: 2).intersection(b.buffer(0.06, quadrantSegments: 2)),
                          !band.polygons.isEmpty else { continue }
                    // An opening drawn on the shared boundary runs along it: both its ends lie near the band.
                    guard let near = try? band.buffer(0.25, quadrantSegments: 2) else { continue }
                    let prepared = PreparedPolygon(near)
                    if openingEnds.contains(where: { $0.allSatisfy(prepared.contains) }) { continue }
                    gaps.append(band)
                }
            }
            let lines = Geometry.multiLineString(rings)
            barriers = gaps.isEmpty ? lines : (try? lines.difference(Geometry.union(of: gaps)))
        }

        func problem(with segment: Geometry) -> String? {
            if let walkable, let outside = try? segment.difference(walkable).length(), outside > 0.01 {
                return String(format: "%.2f m outside every walkable space", outside)
            }
            if let barriers, (try? segment.intersects(barriers)) == true { return "crosses a space boundary where no opening is" }
            return nil
        }
    }
}
