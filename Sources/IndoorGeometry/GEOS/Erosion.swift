import IndoorBase

extension Geometry {
    /// The polygons shrunk by `clearance` with mitred corners: the points at least `clearance` from every wall, as
    /// `buffer(-clearance, quadrantSegments: 2, join: .mitre)` gives them, at a cost that grows with the number of
    /// vertices however closely they are packed.
    ///
    /// GEOS offsets a whole ring at once. Where the ring's vertices crowd closer than the clearance (a wall drawn as
    /// a comb of radiators and window bays by a CAD export, 16,000 vertices in a room), each offset edge crosses
    /// the offsets of every neighbour within the clearance, and the graph GEOS nodes grows with the square of that
    /// density: minutes and gigabytes for a room. Such rings are eroded in pieces instead: each run of a few
    /// consecutive edges (sharing an edge with the next run, so the corner between them is kept) is buffered as a
    /// line by `clearance`, flat-ended and mitred, and the union of those bands is taken away from the polygon.
    /// Everything the erosion removes lies within `clearance` of some edge and every mitre at a corner is the
    /// band's own, so the result is the same set of points (to rounding); rings that are not crowded take GEOS's
    /// buffer as before, vertex for vertex.
    /// - Throws: ``GeometryError/geos(_:)`` when GEOS cannot compute it.
    /// - Complexity: O(n log n) for n vertices.
    public func eroded(by clearance: Double) throws(GeometryError) -> Geometry {
        let rings = polygons.flatMap(\.rings)
        guard Self.isCrowded(rings.flatMap(\.coordinates), within: clearance) else {
            return try buffer(-clearance, quadrantSegments: 2, join: .mitre)
        }
        var bands: [Geometry] = []
        for ring in rings {
            let cs = ring.coordinates
            guard cs.count >= 4 else { continue }
            let edges = cs.count - 1
            var start = 0
            while start < edges {
                // Edges start..<start+run, and one more: the next run's first edge, so their corner is in both.
                let end = min(start + Self.erosionRun + 1, edges)
                if let line = try? LineString(Array(cs[start...end])) {
                    bands.append(try Geometry.lineString(line).buffer(clearance, quadrantSegments: 2, join: .mitre, flatEnds: true))
                }
                start += Self.erosionRun
            }
            // The ring's closing corner (its last edge meeting its first).
            if edges >= 2, let line = try? LineString([cs[edges - 1], cs[0], cs[1]]) {
                bands.append(try Geometry.lineString(line).buffer(clearance, quadrantSegments: 2, join: .mitre, flatEnds: true))
            }
        }
        guard !bands.isEmpty else { return try buffer(-clearance, quadrantSegments: 2, join: .mitre) }
        return try difference(Geometry.union(of: bands))
    }

    /// Consecutive edges buffered together by ``eroded(by:)``.
    static let erosionRun = 4

    /// Whether vertices crowd within `clearance` of each other enough that GEOS's buffer would grow with the
    /// square of their number: over 1,000 vertices, with more than 4 on average in each one's cell of a grid of
    /// `2 × clearance` (Σ count² / n; a room with ordinary corners reads about 1).
    static func isCrowded(_ points: [Coordinate], within clearance: Double) -> Bool {
        guard points.count > 1_000, clearance > 0 else { return false }
        let cell = 2 * clearance
        var counts: [SIMD2<Int64>: Int] = [:]
        for p in points {
            guard p.x.isFinite, p.y.isFinite, abs(p.x / cell) < 1e15, abs(p.y / cell) < 1e15 else { continue }
            counts[SIMD2(Int64((p.x / cell).rounded(.down)), Int64((p.y / cell).rounded(.down))), default: 0] += 1
        }
        let squares = counts.values.reduce(0) { $0 + $1 * $1 }
        return Double(squares) / Double(points.count) > 4
    }
}
