import IndoorBase
import IndoorGeometry

/// The part of a space a person's centre can occupy, in metres: the space shrunk by the wall clearance, less its
/// obstacles, plus a short funnel at each door so that door points are reachable. Answers the visibility question
/// of the graph build: does a straight walk from a to b stay inside?
struct FreeSpace: Sendable {
    let polygons: [Polygon]
    private let prepared: PreparedPolygon
    /// Every ring edge, in a grid for the crossing and distance tests.
    private let edges: SegmentGrid
    let boundingBox: BoundingBox

    init?(_ geometry: Geometry) {
        let polygons = geometry.polygons.filter { $0.area > 1e-6 }
        guard !polygons.isEmpty, let box = BoundingBox(covering: polygons.flatMap(\.exterior.coordinates)) else { return nil }
        self.polygons = polygons
        prepared = PreparedPolygon(.multiPolygon(polygons))
        var edges: [(Coordinate, Coordinate)] = []
        for p in polygons {
            for ring in p.rings {
                for (a, b) in zip(ring.coordinates, ring.coordinates.dropFirst()) where a != b { edges.append((a, b)) }
            }
        }
        self.edges = SegmentGrid(edges)
        boundingBox = box
    }

    /// Inside or within `tolerance` of the boundary.
    func covers(_ p: Coordinate, tolerance: Double = 1e-6) -> Bool {
        if prepared.contains(p) { return true }
        return edges.isWithin(tolerance, of: p)
    }

    func distanceToBoundary(_ p: Coordinate) -> Double {
        edges.nearest(to: p)?.distance ?? .infinity
    }

    /// The nearest point of the free space to `p` (itself when covered), moved `inset` metres inside when it
    /// had to be moved.
    func nearestPoint(to p: Coordinate, inset: Double = 0.01) -> Coordinate {
        if covers(p) { return p }
        guard let nearest = edges.nearest(to: p) else { return p }
        let (a, b) = edges.segments[nearest.index]
        let point = p.projected(ontoSegment: a, b)
        // Step a little towards the inside along the direction from p, so the point is not on the boundary.
        let d = point.distance(to: p)
        if d > 0 {
            let moved = Coordinate(x: point.x + (point.x - p.x) / d * inset, y: point.y + (point.y - p.y) / d * inset)
            if covers(moved) { return moved }
        }
        return point
    }

    /// The point nearest `c` of each piece of the free space within `r` of it (its part inside the disc, piece by
    /// piece: across a wall, or another arm of a U), nearest first; `c` itself when covered.
    ///
    /// A piece's nearest point is `c` or on the boundary, where the distance to `c` along the boundary is least
    /// locally: inside an edge, or at a vertex both of whose edges come nearest there. Those points within `r` are
    /// found ring by ring, and one that sees a nearer one is dropped (the segment between them is inside and inside
    /// the disc: the same piece). A piece bent round a corner within the disc may keep two points; a start too
    /// many, never a piece too few.
    /// - Complexity: O(n) in the rings' vertices, plus a sight test per point found.
    func nearestPointsOfPieces(around c: Coordinate, within r: Double) -> [Coordinate] {
        var found: [(point: Coordinate, distance: Double)] = covers(c) ? [(c, 0)] : []
        for polygon in polygons {
            for ring in polygon.rings {
                let vs = Self.corners(of: ring)
                guard vs.count >= 3 else { continue }
                // Per edge k (vs[k] → vs[k+1]): where along it `c` projects, unclamped.
                func along(_ k: Int) -> Double {
                    let a = vs[k], b = vs[(k + 1) % vs.count]
                    let dx = b.x - a.x, dy = b.y - a.y
                    return ((c.x - a.x) * dx + (c.y - a.y) * dy) / (dx * dx + dy * dy)
                }
                var previous = along(vs.count - 1)
                for k in vs.indices {
                    let t = along(k)
                    let a = vs[k], b = vs[(k + 1) % vs.count]
                    let q: Coordinate? = if t > 0, t < 1 {
                        Coordinate(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
                    } else if t <= 0, previous >= 1 { a } else { nil }
                    if let q {
                        let d = q.distance(to: c)
                        if d <= r { found.append((q, d)) }
                    }
                    previous = t
                }
            }
        }
        found.sort { $0.distance < $1.distance }
        var kept: [Coordinate] = []
        for p in found where !kept.contains(where: { sees($0, p.point) }) { kept.append(p.point) }
        return kept
    }

    /// Whether the segment a–b stays inside (boundary included).
    ///
    /// A segment whose ends are covered leaves the area only by properly crossing an edge, or by passing through
    /// a vertex (or along an edge) to the outside: so it is inside when it crosses no edge and the points just
    /// before and after every vertex it touches, and its middle, are covered.
    ///
    /// "Touches" is judged by distance (``touchTolerance``), not by the sign of a cross product: overlays leave a
    /// vertex a few micrometres off a line, and a segment running along a door's funnel and on past its corner
    /// must not slip by it on the outside.
    /// - Parameter endsCovered: the ends are known to be covered (nodes of the area): they are not tested again.
    /// - Complexity: the edges in the grid cells along a–b.
    func sees(_ a: Coordinate, _ b: Coordinate, endsCovered: Bool = false) -> Bool {
        let length = a.distance(to: b)
        guard length > 1e-9 else { return covers(a) }
        let dx = b.x - a.x, dy = b.y - a.y
        let delta = 1e-4 / length
        // A local function, not a closure value: a closure would copy the whole free space (a retain of each of
        // its arrays) on every test.
        func inside(_ t: Double) -> Bool {
            covers(Coordinate(x: a.x + dx * t, y: a.y + dy * t), tolerance: Self.touchTolerance)
        }
        let clear = edges.forEachCandidate(meeting: a, b) { k in
            let (c, d) = edges.segments[k]
            if SegmentGrid.properlyCross(a, b, c, d) { return false }
            // A vertex on the segment: look just before and after it.
            if abs(SegmentGrid.orientation(a, b, c)) <= Self.touchTolerance * length {
                let t = ((c.x - a.x) * dx + (c.y - a.y) * dy) / (length * length)
                if t > delta, t < 1 - delta, !inside(t - delta) || !inside(t + delta) { return false }
            }
            return true
        }
        guard clear, inside(0.5) else { return false }
        return endsCovered || (covers(a, tolerance: 1e-4) && covers(b, tolerance: 1e-4))
    }

    /// How near a segment a vertex is to count as touching it, metres.
    static let touchTolerance = 1e-5

    /// A ring's distinct corners, open (the closing vertex not repeated). Overlays repeat a vertex, or leave two a
    /// few micrometres apart: one corner, not an edge too short to have a direction.
    static func corners(of ring: LinearRing) -> [Coordinate] {
        var cs: [Coordinate] = []
        for c in ring.coordinates.dropLast() where cs.last.map({ $0.distance(to: c) > 1e-4 }) ?? true { cs.append(c) }
        while let first = cs.first, let last = cs.last, cs.count > 1, first.distance(to: last) <= 1e-4 { cs.removeLast() }
        return cs
    }

    /// Vertices where the free space turns away (interior angle over 180°): the only corners a shortest path bends at.
    var reflexVertices: [Coordinate] { reflexCorners.map(\.vertex) }

    /// ``reflexVertices`` with the vertices before and after each along its ring: the corner's wedge, which a
    /// shortest path bending there must keep on one side (``Corner/isTangent(towards:)``).
    var reflexCorners: [Corner] {
        var out: [Corner] = []
        for p in polygons {
            for (k, ring) in p.rings.enumerated() {
                var cs = Self.corners(of: ring)
                guard cs.count >= 3 else { continue }
                // Orient so the free space is on the left: exterior counter-clockwise, holes clockwise.
                if ring.isCounterClockwise != (k == 0) { cs.reverse() }
                for i in cs.indices {
                    let prev = cs[(i + cs.count - 1) % cs.count], v = cs[i], next = cs[(i + 1) % cs.count]
                    let cross = (v.x - prev.x) * (next.y - v.y) - (v.y - prev.y) * (next.x - v.x)
                    if cross < -1e-9 { out.append(Corner(vertex: v, previous: prev, next: next)) }
                }
            }
        }
        return out
    }

    /// A reflex corner of the free space and its two neighbours along the boundary.
    struct Corner: Sendable {
        let vertex: Coordinate
        let previous: Coordinate
        let next: Coordinate

        /// Whether the line from the corner towards `p` leaves both walls of the corner on one side (or runs along
        /// one): only such a stretch can be part of a shortest path that bends at the corner or passes through it
        /// (a line between the walls enters the wall behind the corner). Stretches that fail need no visibility
        /// test: the reduced visibility graph, with the same shortest paths.
        func isTangent(towards p: Coordinate) -> Bool {
            let a = SegmentGrid.orientation(vertex, p, previous), b = SegmentGrid.orientation(vertex, p, next)
            let eps = 1e-12 * vertex.distance(to: p)
            return !((a > eps && b < -eps) || (a < -eps && b > eps))
        }
    }

}

extension NavigationGraph {
    /// Where a person's centre can be on a level, metres: the free areas of its walkable spaces (each less its wall
    /// clearance and obstacles, with a funnel through each door and open-plan boundary), unioned, so that one area
    /// runs through the doors a route may take. What map matching keeps a walker in.
    /// - Returns: `nil` for a level with no walkable space, or when GEOS cannot union the areas.
    public func freeArea(onLevel levelID: String) -> Geometry? {
        let polygons = (levelSpaces[levelID]?.spaces ?? []).compactMap { free[$0] }.flatMap(\.polygons)
        guard !polygons.isEmpty else { return nil }
        return try? Geometry.union(of: polygons.map(Geometry.polygon))
    }
}
