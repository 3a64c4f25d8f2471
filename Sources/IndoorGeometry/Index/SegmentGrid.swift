import IndoorBase
/// Line segments bucketed in a uniform grid, for the two questions a visibility test asks many times over one
/// area's boundary: which segments may meet a segment, and which segment is nearest to a point. Each query looks
/// at the cells near it only, so a boundary of many thousands of edges answers as fast as a small one.
///
/// A segment is stored in every cell it passes within ``margin`` of, so that a meeting on a cell's border (or a
/// near miss a visibility test must see) is found from either side whatever the rounding, and a query along a
/// wall a cell away meets none of its segments.
public struct SegmentGrid: Sendable {
    /// How near a cell a segment passes to be stored in it, metres: over the visibility test's tolerances.
    public static let margin = 1e-4
    /// The segments as given, each a pair of end points; query results are indices into this array.
    public let segments: [(Coordinate, Coordinate)]
    private let originX: Double
    private let originY: Double
    private let cell: Double
    private let columns: Int
    private let rows: Int
    /// Segments of cell `c` are `items[start[c]..<start[c + 1]]`.
    private let start: [Int32]
    private let items: [Int32]

    /// - Complexity: O(n + Σ cells each segment passes), about one cell per segment on a boundary of short edges.
    public init(_ segments: [(Coordinate, Coordinate)]) {
        self.segments = segments
        let box = BoundingBox(covering: segments.flatMap { [$0.0, $0.1] }) ?? BoundingBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
        // About one cell per segment, square cells, never more than 4 n + 16 cells.
        let area = max(box.width * box.height, 1e-12)
        var cell = max((area / Double(max(segments.count, 1))).squareRoot(), max(box.width, box.height) / 4096, 1e-3)
        while (box.width / cell + 1) * (box.height / cell + 1) > Double(4 * segments.count + 16) { cell *= 1.5 }
        let columns = Int(box.width / cell) + 1, rows = Int(box.height / cell) + 1
        self.cell = cell
        originX = box.minX
        originY = box.minY
        self.columns = columns
        self.rows = rows
        var buckets = [[Int32]](repeating: [], count: columns * rows)
        for (k, (a, b)) in segments.enumerated() {
            let id = Int32(k)
            Self.walk(a, b, originX: box.minX, originY: box.minY, cell: cell, columns: columns, rows: rows) { i, j in
                // The cell walked through, and each neighbour the segment passes within the margin of.
                for jj in max(j - 1, 0)...min(j + 1, rows - 1) {
                    for ii in max(i - 1, 0)...min(i + 1, columns - 1) where buckets[jj * columns + ii].last != id {
                        let near = (ii == i && jj == j) || Self.passes(a, b, nearCell: ii, jj, originX: box.minX, originY: box.minY, cell: cell)
                        if near { buckets[jj * columns + ii].append(id) }
                    }
                }
                return true
            }
        }
        var start: [Int32] = [0]
        var items: [Int32] = []
        start.reserveCapacity(buckets.count + 1)
        for bucket in buckets {
            items += bucket
            start.append(Int32(items.count))
        }
        self.start = start
        self.items = items
    }

    /// Whether the segment a–b passes within ``margin`` of cell (i, j).
    private static func passes(_ a: Coordinate, _ b: Coordinate, nearCell i: Int, _ j: Int, originX: Double, originY: Double,
                               cell: Double) -> Bool {
        let box = BoundingBox(minX: originX + Double(i) * cell, minY: originY + Double(j) * cell,
                              maxX: originX + Double(i + 1) * cell, maxY: originY + Double(j + 1) * cell)
        return box.grown(by: margin).clip(a, b) != nil
    }

    /// Calls `visit` with every segment that may meet the segment a–b or pass within ``margin`` of it (some more
    /// than once, some that do not), until `visit` returns false.
    /// - Returns: false when `visit` stopped the walk.
    @discardableResult
    public func forEachCandidate(meeting a: Coordinate, _ b: Coordinate, _ visit: (Int) -> Bool) -> Bool {
        var going = true
        Self.walk(a, b, originX: originX, originY: originY, cell: cell, columns: columns, rows: rows) { i, j in
            let c = j * columns + i
            for k in start[c]..<start[c + 1] where !visit(Int(items[Int(k)])) {
                going = false
                return false
            }
            return true
        }
        return going
    }

    /// Whether the segment a–b properly crosses a stored segment (``properlyCross(_:_:_:_:)``).
    /// - Complexity: the segments in the cells along a–b.
    public func isCrossed(by a: Coordinate, _ b: Coordinate) -> Bool {
        // A short move often stays in one cell: only that cell's segments can cross it.
        let ax = ((a.x - originX) / cell).rounded(.down), ay = ((a.y - originY) / cell).rounded(.down)
        if ax == ((b.x - originX) / cell).rounded(.down), ay == ((b.y - originY) / cell).rounded(.down),
           ax >= 0, ay >= 0, ax < Double(columns), ay < Double(rows) {
            let c = Int(ay) * columns + Int(ax)
            for k in start[c]..<start[c + 1] {
                let s = segments[Int(items[Int(k)])]
                if Self.properlyCross(a, b, s.0, s.1) { return true }
            }
            return false
        }
        return !forEachCandidate(meeting: a, b) { k in !Self.properlyCross(a, b, segments[k].0, segments[k].1) }
    }

    /// Twice the signed area of the triangle a, b, c: positive when c is left of a→b.
    public static func orientation(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate) -> Double {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }

    /// Whether segments a–b and c–d cross at a single point interior to both (touching does not count).
    public static func properlyCross(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate, _ d: Coordinate) -> Bool {
        let eps = 1e-9
        let o1 = orientation(a, b, c), o2 = orientation(a, b, d), o3 = orientation(c, d, a), o4 = orientation(c, d, b)
        return ((o1 > eps && o2 < -eps) || (o1 < -eps && o2 > eps)) && ((o3 > eps && o4 < -eps) || (o3 < -eps && o4 > eps))
    }

    /// A segment nearest to a point (``nearest(to:)``).
    public struct Nearest: Hashable, Sendable {
        /// The segment's index in the list the grid was built from.
        public let index: Int
        /// Its distance from the point.
        public let distance: Double
    }

    /// The segment nearest to `p` and its distance, nil when there is no segment.
    /// - Complexity: the cells within that distance of `p`.
    public func nearest(to p: Coordinate) -> Nearest? {
        guard !segments.isEmpty else { return nil }
        let ci = min(max(Int(((p.x - originX) / cell).rounded(.down)), 0), columns - 1)
        let cj = min(max(Int(((p.y - originY) / cell).rounded(.down)), 0), rows - 1)
        var best: Nearest?
        for r in 0...max(columns, rows) {
            // Cells r rings out are at least (r − 1) cells from any point of the centre cell (and farther from a
            // point outside the grid).
            if let found = best, found.distance <= Double(r - 1) * cell { break }
            for j in max(cj - r, 0)...min(cj + r, rows - 1) {
                // The whole row on the ring's top and bottom, its two ends between.
                let whole = abs(j - cj) == r
                var i = whole ? max(ci - r, 0) : ci - r
                let last = whole ? min(ci + r, columns - 1) : ci + r
                while i <= last {
                    defer { i += whole || r == 0 ? 1 : 2 * r }
                    guard i >= 0, i < columns else { continue }
                    let c = j * columns + i
                    for k in start[c]..<start[c + 1] {
                        let s = Int(items[Int(k)])
                        let d = p.distance(toSegment: segments[s].0, segments[s].1)
                        if d < best?.distance ?? .infinity { best = Nearest(index: s, distance: d) }
                    }
                }
            }
        }
        return best
    }

    /// Whether some segment passes within `distance` of `p` (boundary included): ``nearest(to:)``'s answer
    /// compared, but for a distance under a cell it looks at `p`'s cell and its neighbours only, through which any
    /// such segment passes.
    public func isWithin(_ distance: Double, of p: Coordinate) -> Bool {
        guard !segments.isEmpty else { return false }
        guard distance < cell else { return (nearest(to: p)?.distance ?? .infinity) <= distance }
        let ci = min(max(Int(((p.x - originX) / cell).rounded(.down)), 0), columns - 1)
        let cj = min(max(Int(((p.y - originY) / cell).rounded(.down)), 0), rows - 1)
        for j in max(cj - 1, 0)...min(cj + 1, rows - 1) {
            for i in max(ci - 1, 0)...min(ci + 1, columns - 1) {
                let c = j * columns + i
                for k in start[c]..<start[c + 1] {
                    let s = Int(items[Int(k)])
                    if p.distance(toSegment: segments[s].0, segments[s].1) <= distance { return true }
                }
            }
        }
        return false
    }

    /// The cells a segment passes through, in order (Amanatides and Woo's walk), clipped to the grid.
    private static func walk(
        _ a: Coordinate, _ b: Coordinate, originX: Double, originY: Double, cell: Double, columns: Int, rows: Int,
        _ visit: (Int, Int) -> Bool
    ) {
        // In cell units, clipped to the grid's extent.
        var x0 = (a.x - originX) / cell, y0 = (a.y - originY) / cell
        let dx = (b.x - a.x) / cell, dy = (b.y - a.y) / cell
        let extent = BoundingBox(minX: 0, minY: 0, maxX: Double(columns), maxY: Double(rows))
        guard let inside = extent.clip(Coordinate(x: x0, y: y0), Coordinate(x: x0 + dx, y: y0 + dy)),
              x0.isFinite, y0.isFinite else { return }
        let (t0, t1) = (inside.lowerBound, inside.upperBound)
        let x1 = x0 + dx * t1, y1 = y0 + dy * t1
        x0 += dx * t0
        y0 += dy * t0
        var i = min(max(Int(x0.rounded(.down)), 0), columns - 1), j = min(max(Int(y0.rounded(.down)), 0), rows - 1)
        let iEnd = min(max(Int(x1.rounded(.down)), 0), columns - 1), jEnd = min(max(Int(y1.rounded(.down)), 0), rows - 1)
        let stepI = dx > 0 ? 1 : -1, stepJ = dy > 0 ? 1 : -1
        var tMaxX = dx == 0 ? Double.infinity : (Double(i + (dx > 0 ? 1 : 0)) - x0) / dx
        var tMaxY = dy == 0 ? Double.infinity : (Double(j + (dy > 0 ? 1 : 0)) - y0) / dy
        let tDeltaX = dx == 0 ? Double.infinity : 1 / abs(dx), tDeltaY = dy == 0 ? Double.infinity : 1 / abs(dy)
        for _ in 0...(columns + rows) {
            guard visit(i, j), i != iEnd || j != jEnd else { return }
            if tMaxX < tMaxY {
                i += stepI
                tMaxX += tDeltaX
            } else {
                j += stepJ
                tMaxY += tDeltaY
            }
            guard (0..<columns).contains(i), (0..<rows).contains(j) else { return }
        }
    }
}
