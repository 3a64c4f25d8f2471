import IndoorBase
/// Where two areas meet: the stretches of one polygon's boundary that run along the other's, within a tolerance.
///
/// Exact intersection misses most of the adjacency in real floor plans: a corridor whose end meets the long side
/// of another has a vertex in the middle of the other's edge (its boundary overlaps only part of that edge), and
/// units drawn by hand or exported from CAD leave sub-centimetre gaps and overlaps between neighbours. Here two
/// edges share a stretch where they run nearly parallel (within about 3°) and both ends of the stretch lie within
/// `tolerance` of the other edge.
///
/// Coordinates are metres (a ``LocalFrame``'s), so that the tolerance means something.
public enum SharedBoundary {
    /// The stretches of `a`'s boundary lying within `tolerance` of `b`'s boundary, as polylines along `a`'s rings
    /// (consecutive shared edges of a ring are one stretch, so a wall with a door drawn into it as two extra
    /// vertices is still one stretch).
    /// - Parameters:
    ///   - a: the polygons whose boundary is followed.
    ///   - b: the polygons it may run along.
    ///   - tolerance: the largest gap or overlap still counted as shared, in metres.
    ///   - minimumLength: stretches shorter than this are dropped.
    /// - Complexity: O(eₐ·e_b) for the edges of both, after a bounding-box test per edge.
    public static func stretches(of a: [Polygon], along b: [Polygon], tolerance: Double = 0.03,
                                 minimumLength: Double = 0.01) -> [LineString] {
        let other = b.flatMap { $0.rings.flatMap { edges(of: $0) } }
        guard !other.isEmpty else { return [] }
        var out: [LineString] = []
        for polygon in a {
            for ring in polygon.rings {
                out += stretches(ofRing: ring, along: other, tolerance: tolerance)
                    .filter { $0.length >= minimumLength }
            }
        }
        return out
    }

    /// The total length shared between `a` and `b` (along `a`'s boundary).
    public static func length(of a: [Polygon], along b: [Polygon], tolerance: Double = 0.03) -> Double {
        stretches(of: a, along: b, tolerance: tolerance).reduce(0) { $0 + $1.length }
    }

    struct Edge {
        let p: Coordinate
        let q: Coordinate
        let box: BoundingBox
    }

    static func edges(of ring: LinearRing) -> [Edge] {
        zip(ring.coordinates, ring.coordinates.dropFirst()).compactMap { p, q in
            p == q ? nil : Edge(p: p, q: q, box: BoundingBox(minX: min(p.x, q.x), minY: min(p.y, q.y),
                                                              maxX: max(p.x, q.x), maxY: max(p.y, q.y)))
        }
    }

    /// The shared intervals of each edge of `ring`, joined into polylines where they meet at a vertex.
    static func stretches(ofRing ring: LinearRing, along other: [Edge], tolerance: Double) -> [LineString] {
        let mine = edges(of: ring)
        guard !mine.isEmpty else { return [] }
        // Per edge of the ring: the shared parameter intervals (metres from p), merged.
        var pieces: [[(Double, Double)]] = []
        for e in mine {
            let length = e.p.distance(to: e.q)
            let ux = (e.q.x - e.p.x) / length, uy = (e.q.y - e.p.y) / length
            var intervals: [(Double, Double)] = []
            for f in other {
                guard f.box.minX <= e.box.maxX + tolerance, f.box.maxX >= e.box.minX - tolerance,
                      f.box.minY <= e.box.maxY + tolerance, f.box.maxY >= e.box.minY - tolerance else { continue }
                let flen = f.p.distance(to: f.q)
                guard flen > 1e-9 else { continue }
                // Nearly parallel: |sin| of the angle between them at most ~3°.
                let cross = (ux * (f.q.y - f.p.y) - uy * (f.q.x - f.p.x)) / flen
                guard abs(cross) <= 0.05 else { continue }
                let t1 = (f.p.x - e.p.x) * ux + (f.p.y - e.p.y) * uy
                let t2 = (f.q.x - e.p.x) * ux + (f.q.y - e.p.y) * uy
                let lo = max(0, min(t1, t2)), hi = min(length, max(t1, t2))
                guard hi - lo > 1e-6 else { continue }
                // Both ends of the common interval must lie within the tolerance of the other edge.
                let a = Coordinate(x: e.p.x + ux * lo, y: e.p.y + uy * lo)
                let b = Coordinate(x: e.p.x + ux * hi, y: e.p.y + uy * hi)
                guard a.distance(toSegment: f.p, f.q) <= tolerance, b.distance(toSegment: f.p, f.q) <= tolerance else { continue }
                intervals.append((lo, hi))
            }
            pieces.append(merge(intervals))
        }
        // Walk the ring, joining an interval that ends at an edge's end with one starting the next edge.
        var lines: [[Coordinate]] = []
        var current: [Coordinate] = []
        func point(_ k: Int, _ t: Double) -> Coordinate {
            let e = mine[k]
            let length = e.p.distance(to: e.q)
            return Coordinate(x: e.p.x + (e.q.x - e.p.x) * t / length, y: e.p.y + (e.q.y - e.p.y) * t / length)
        }
        for (k, intervals) in pieces.enumerated() {
            let length = mine[k].p.distance(to: mine[k].q)
            for (lo, hi) in intervals {
                let start = point(k, lo), end = point(k, hi)
                if !current.isEmpty, lo <= 1e-6, let last = current.last, last.distance(to: start) <= 1e-6 {
                    current.append(end)
                } else {
                    if current.count >= 2 { lines.append(current) }
                    current = [start, end]
                }
                if hi < length - 1e-6 {
                    lines.append(current)
                    current = []
                }
            }
            if intervals.last.map({ $0.1 < length - 1e-6 }) ?? true, !current.isEmpty {
                if current.count >= 2 { lines.append(current) }
                current = []
            }
        }
        if current.count >= 2 {
            // The ring closes: a stretch running through the ring's first vertex continues the first line.
            if let first = lines.first, let start = first.first, let last = current.last, last.distance(to: start) <= 1e-6,
               pieces.first?.first?.0 ?? 1 <= 1e-6 {
                lines[0] = current + first.dropFirst()
            } else {
                lines.append(current)
            }
        }
        return lines.filter { $0.count >= 2 }.compactMap { try? LineString($0) }
    }

    /// Sorted, overlapping intervals merged.
    static func merge(_ intervals: [(Double, Double)]) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        for (lo, hi) in intervals.sorted(by: { $0.0 < $1.0 }) {
            if let last = out.last, lo <= last.1 + 1e-6 {
                out[out.count - 1].1 = max(last.1, hi)
            } else {
                out.append((lo, hi))
            }
        }
        return out
    }
}

extension LineString {
    /// The smallest box holding the line.
    public var boundingBox: BoundingBox { BoundingBox(covering: coordinates) ?? .empty }

    /// The point `distance` metres along the line (clamped to its ends).
    public func point(at distance: Double) -> Coordinate {
        var left = max(0, distance)
        for (a, b) in zip(coordinates, coordinates.dropFirst()) {
            let d = a.distance(to: b)
            if left <= d, d > 0 { return Coordinate(x: a.x + (b.x - a.x) * left / d, y: a.y + (b.y - a.y) * left / d) }
            left -= d
        }
        return coordinates[coordinates.count - 1]
    }

    /// The distance from a point to the nearest point of the line.
    public func distance(to c: Coordinate) -> Double {
        zip(coordinates, coordinates.dropFirst()).reduce(Double.infinity) { min($0, c.distance(toSegment: $1.0, $1.1)) }
    }
}
