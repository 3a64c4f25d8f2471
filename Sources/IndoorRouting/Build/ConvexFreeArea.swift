import IndoorBase
import IndoorGeometry

/// The funnel of a portal in a space's free area: the strip from the portal's first to its last crossing point,
/// reaching `depth` metres into the space, so that door points on the wall line are reachable from the shrunk core.
struct Funnel: Sendable {
    /// On the portal line.
    let a: Coordinate
    let b: Coordinate
    /// `a` and `b` moved into the space.
    let innerA: Coordinate
    let innerB: Coordinate

    var ring: [Coordinate] { [a, b, innerB, innerA, a] }
}

/// The free area of a convex space with no obstacles, computed in Swift: the fast path of
/// ``GraphBuilder/freeArea(of:obstacles:portals:)`` for the common room (most rooms of most venues are convex).
///
/// A convex polygon shrunk by `d` with mitred corners is the intersection of its edges' half-planes moved `d`
/// inwards (what GEOS's negative buffer gives, without arcs: they only appear at reflex corners). Each funnel whose
/// inner end lies inside that core and whose outer end lies beyond one of its edges adds a detour to that edge: the
/// union of the core and the funnel, vertex for vertex what the GEOS overlay gives (within a millimetre), without
/// copying either to GEOS and back (≈ 120 µs a room, most of it copying; ≈ 10 µs here, its FreeSpace included).
///
/// Anything else — a concave or holed shape, a core that loses an edge, a funnel that leaves the core across more
/// than one edge or meets another funnel — answers `nil`, and the caller takes the GEOS path.
enum ConvexFreeArea {
    /// Vertices closer than this to the line through their neighbours are dropped (1 mm: coordinates rounded to
    /// 9 decimals of a degree leave T-junctions of neighbouring rooms ~0.1 mm off their wall; GEOS's buffer
    /// simplifies the same way, within 1% of the buffer width).
    static let collinearTolerance = 1e-3
    /// Points must lie this far inside (or outside) a line to count as strictly on one side of it.
    static let margin = 1e-7

    /// The shrunk polygon joined with its funnels, or `nil` when the fast path does not apply.
    /// - Parameters:
    ///   - shape: the space, in metres.
    ///   - clearance: how far the core is shrunk.
    ///   - minimumArea: the core must cover more than this (square metres), else `nil`.
    ///   - funnels: the portals' funnels (see ``Funnel``).
    /// - Complexity: O(n + f log f) for n vertices and f funnels, plus the funnels whose boxes overlap.
    static func polygon(of shape: Polygon, clearance: Double, minimumArea: Double, funnels: [Funnel]) -> Polygon? {
        guard shape.holes.isEmpty, let room = ConvexPolygon(ring: shape.exterior.coordinates, collinearTolerance: collinearTolerance),
              let shrunk = room.shrunk(by: clearance), shrunk.area > minimumArea
        else { return nil }
        let core = shrunk.corners, normals = shrunk.inwardNormals, n = core.count

        /// How far `p` lies inside edge `i`'s line (negative: outside).
        func depth(_ p: Coordinate, _ i: Int) -> Double {
            (p.x - core[i].x) * normals[i].x + (p.y - core[i].y) * normals[i].y
        }
        /// Whether `p` is inside every edge's line but `except`'s, within `slack`.
        func inside(_ p: Coordinate, except: Int = -1, slack: Double) -> Bool {
            (0..<n).allSatisfy { $0 == except || depth(p, $0) >= -slack }
        }
        /// Where the funnel side from `inner` (in the core) to `outer` (beyond edge `i` only) crosses edge `i`, and
        /// how far along the edge; within ``collinearTolerance`` of a corner, the corner itself (a funnel as wide
        /// as a corridor's end runs along its sides: the overlay would leave a sliver of a tenth of a millimetre).
        func crossing(_ inner: Coordinate, _ outer: Coordinate, edge i: Int) -> (along: Double, point: Coordinate) {
            let dInner = depth(inner, i), dOuter = depth(outer, i)
            let t = max(0, dInner) / (max(0, dInner) - dOuter)
            let point = Coordinate(x: inner.x + (outer.x - inner.x) * t, y: inner.y + (outer.y - inner.y) * t)
            let p = core[i], q = core[(i + 1) % n]
            let length = p.distance(to: q)
            let along = ((point.x - p.x) * (q.x - p.x) + (point.y - p.y) * (q.y - p.y)) / length
            if along <= collinearTolerance { return (0, p) }
            if along >= length - collinearTolerance { return (length, q) }
            return (along, point)
        }

        struct Detour {
            let edge: Int
            /// Along the edge: where the detour leaves the core and where it comes back, with the funnel corner on
            /// the portal beside each.
            let first: (along: Double, point: Coordinate, outer: Coordinate)
            let second: (along: Double, point: Coordinate, outer: Coordinate)
            var quad: [Coordinate] { [first.point, first.outer, second.outer, second.point] }
        }
        var detours: [Detour] = []
        for f in funnels {
            // The inner end in the core (within a millimetre), else the funnel is longer than the core is deep.
            guard inside(f.innerA, slack: collinearTolerance), inside(f.innerB, slack: collinearTolerance) else { return nil }
            // A funnel inside the core adds nothing.
            if inside(f.a, slack: margin) && inside(f.b, slack: margin) { continue }
            // The outer end beyond one edge and no other (within a millimetre): the funnel leaves the core across
            // that edge, between its ends.
            guard let e = (0..<n).first(where: { depth(f.a, $0) < -collinearTolerance }),
                  depth(f.b, e) < -collinearTolerance,
                  inside(f.a, except: e, slack: collinearTolerance), inside(f.b, except: e, slack: collinearTolerance)
            else { return nil }
            let ca = crossing(f.innerA, f.a, edge: e), cb = crossing(f.innerB, f.b, edge: e)
            let sa = (along: ca.along, point: ca.point, outer: f.a), sb = (along: cb.along, point: cb.point, outer: f.b)
            detours.append(ca.along <= cb.along ? Detour(edge: e, first: sa, second: sb) : Detour(edge: e, first: sb, second: sa))
        }
        // The parts of the funnels outside the core must not meet one another (adjacent doors, a door drawn twice):
        // then the overlay has real work to do.
        let boxes = detours.map { BoundingBox(covering: $0.quad) ?? .empty }
        let order = detours.indices.sorted { boxes[$0].minX < boxes[$1].minX }
        for (k, i) in order.enumerated() {
            for j in order[(k + 1)...] {
                guard boxes[j].minX <= boxes[i].maxX + margin else { break }
                guard boxes[j].minY <= boxes[i].maxY + margin, boxes[i].minY <= boxes[j].maxY + margin else { continue }
                if ConvexPolygon.meet(detours[i].quad, detours[j].quad, margin: margin) { return nil }
            }
        }
        let byEdge = Dictionary(grouping: detours, by: \.edge).mapValues { $0.sorted { $0.first.along < $1.first.along } }
        var ring: [Coordinate] = []
        ring.reserveCapacity(n + 4 * detours.count + 1)
        for i in 0..<n {
            ring.append(core[i])
            let length = core[i].distance(to: core[(i + 1) % n])
            for d in byEdge[i] ?? [] {
                // A detour from a corner starts there (the corner is in the ring already, or comes next).
                if d.first.along > 0 { ring.append(d.first.point) }
                ring += [d.first.outer, d.second.outer]
                if d.second.along < length { ring.append(d.second.point) }
            }
        }
        ring.append(core[0])
        return try? Polygon(rings: [ring])
    }
}
