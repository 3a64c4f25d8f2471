import IndoorBase

/// A strictly convex polygon: what most rooms are, and what Swift can shrink and test for overlap exactly, without
/// copying it to GEOS and back.
public struct ConvexPolygon: Hashable, Sendable {
    /// The corners, counter-clockwise, the first not repeated at the end.
    public let corners: [Coordinate]

    /// The corners of a ring (closed, either orientation), with the vertices that lie within `collinearTolerance`
    /// of their wall dropped (where a neighbour's corner meets the wall), or `nil` when what is left is not
    /// strictly convex.
    /// - Complexity: O(n) for n vertices.
    public init?(ring: [Coordinate], collinearTolerance: Double = 1e-3) {
        var cs = Array(ring.dropLast())
        guard cs.count >= 3 else { return nil }
        /// How far `v` lies off the segment from `u` to `w`, or `nil` when it does not project strictly inside it
        /// (a spike back along the segment is not collinear).
        func offset(_ v: Coordinate, _ u: Coordinate, _ w: Coordinate) -> Double? {
            let length = u.distance(to: w)
            guard length > 1e-9 else { return nil }
            let along = ((v.x - u.x) * (w.x - u.x) + (v.y - u.y) * (w.y - u.y)) / length
            guard along > 0, along < length else { return nil }
            return abs((w.x - u.x) * (v.y - u.y) - (w.y - u.y) * (v.x - u.x)) / length
        }
        // Keep a vertex when it lies off the line through its neighbours; every dropped vertex must lie within the
        // tolerance of the edge that replaces it (checked below), so drops cannot add up along a gentle curve.
        let n = cs.count
        var prev = cs.indices.map { ($0 + n - 1) % n }, next = cs.indices.map { ($0 + 1) % n }
        var keep = [Bool](repeating: true, count: n)
        var alive = n, i = 0, unchanged = 0
        // Round the ring until a whole lap drops nothing; after a drop, look at the vertex before it again.
        while unchanged < alive, alive >= 3 {
            let p = prev[i], q = next[i]
            if cs[i].distance(to: cs[p]) <= 1e-9 || (offset(cs[i], cs[p], cs[q]).map { $0 <= collinearTolerance } ?? false) {
                keep[i] = false
                next[p] = q
                prev[q] = p
                alive -= 1
                unchanged = 0
                i = p
            } else {
                unchanged += 1
                i = q
            }
        }
        let kept = cs.indices.filter { keep[$0] }
        guard kept.count >= 3 else { return nil }
        for (k, i) in kept.enumerated() {
            let j = kept[(k + 1) % kept.count]
            var m = (i + 1) % cs.count
            while m != j {
                guard cs[m].distance(toSegment: cs[i], cs[j]) <= collinearTolerance else { return nil }
                m = (m + 1) % cs.count
            }
        }
        cs = kept.map { cs[$0] }
        if Self.doubleArea(cs) < 0 { cs.reverse() }
        for i in cs.indices {
            let u = cs[(i + cs.count - 1) % cs.count], v = cs[i], w = cs[(i + 1) % cs.count]
            // A left turn at every corner (collinear ones are gone, so anything else is a right turn or a spike).
            let cross = (v.x - u.x) * (w.y - v.y) - (v.y - u.y) * (w.x - v.x)
            guard cross > 0 else { return nil }
        }
        corners = cs
    }

    private init(unchecked corners: [Coordinate]) { self.corners = corners }

    private static func doubleArea(_ cs: [Coordinate]) -> Double {
        var sum = 0.0
        for i in cs.indices {
            let p = cs[i], q = cs[(i + 1) % cs.count]
            sum += p.x * q.y - q.x * p.y
        }
        return sum
    }

    /// The polygon's area, in the square of its coordinates' unit (m² in a venue's frame).
    public var area: Double { Self.doubleArea(corners) / 2 }

    /// The unit normal of each edge (from corner i to corner i + 1) pointing inside.
    public var inwardNormals: [Coordinate] {
        corners.indices.map { i in
            let p = corners[i], q = corners[(i + 1) % corners.count]
            let length = p.distance(to: q)
            return Coordinate(x: -(q.y - p.y) / length, y: (q.x - p.x) / length)
        }
    }

    /// The polygon shrunk by `width` with mitred corners — the intersection of its edges' half-planes moved
    /// `width` inwards, what GEOS's negative buffer gives a convex polygon — or `nil` when an edge shrinks to
    /// nothing on the way (then the shape changes, and that is GEOS's business).
    public func shrunk(by width: Double) -> ConvexPolygon? {
        let n = corners.count, normals = inwardNormals
        var moved: [Coordinate] = []
        moved.reserveCapacity(n)
        for i in 0..<n {
            // Where the two edges' shifted lines meet.
            let m = normals[(i + n - 1) % n], k = normals[i]
            let denominator = 1 + m.x * k.x + m.y * k.y
            guard denominator > 1e-6 else { return nil }
            let s = width / denominator
            moved.append(Coordinate(x: corners[i].x + s * (m.x + k.x), y: corners[i].y + s * (m.y + k.y)))
        }
        for i in 0..<n {
            let p = moved[i], q = moved[(i + 1) % n]
            let e = Coordinate(x: corners[(i + 1) % n].x - corners[i].x, y: corners[(i + 1) % n].y - corners[i].y)
            guard (q.x - p.x) * e.x + (q.y - p.y) * e.y > 0, p.distance(to: q) > 1e-6 else { return nil }
        }
        return ConvexPolygon(unchecked: moved)
    }

    /// Whether the two polygons share a point (boundaries included).
    public func intersects(_ other: ConvexPolygon) -> Bool { Self.meet(corners, other.corners) }

    /// Whether two convex polygons, given by their corners in order (either orientation), share a point within
    /// `margin`, by separating axes.
    /// - Complexity: O((n + m)²) for n and m corners: meant for small polygons.
    public static func meet(_ p: [Coordinate], _ q: [Coordinate], margin: Double = 0) -> Bool {
        for shape in [p, q] {
            for i in shape.indices {
                let u = shape[i], v = shape[(i + 1) % shape.count]
                let axis = Coordinate(x: -(v.y - u.y), y: v.x - u.x)
                let length = (axis.x * axis.x + axis.y * axis.y).squareRoot()
                guard length > 1e-12 else { continue }
                let project = { (c: Coordinate) in (c.x * axis.x + c.y * axis.y) / length }
                let a = p.map(project), b = q.map(project)
                guard let aMin = a.min(), let aMax = a.max(), let bMin = b.min(), let bMax = b.max() else { continue }
                if aMax < bMin - margin || bMax < aMin - margin { return false }
            }
        }
        return true
    }
}
