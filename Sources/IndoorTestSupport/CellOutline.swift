/// A unit cell of a drawing's grid, `y` growing north (row 0 of a drawing of `H` rows is `y = H - 1`).
struct GridCell: Hashable, Comparable {
    var x: Int
    var y: Int

    static func < (a: GridCell, b: GridCell) -> Bool { (a.y, a.x) < (b.y, b.x) }
}

/// A corner of the grid: cell `(x, y)` spans corners `x…x+1`, `y…y+1`.
struct GridPoint: Hashable, Comparable {
    var x: Int
    var y: Int

    static func < (a: GridPoint, b: GridPoint) -> Bool { (a.y, a.x) < (b.y, b.x) }
}

/// The exact outline of a set of grid cells, as rings of grid corners.
enum CellOutline {
    /// A unit edge of the outline, directed so that the cells lie on its left.
    private struct Edge: Hashable {
        var from: GridPoint
        var dx: Int
        var dy: Int
        var to: GridPoint { GridPoint(x: from.x + dx, y: from.y + dy) }
    }

    /// The rings bounding `cells`, each closed (last = first) and holding only corners (no collinear vertex):
    /// the exterior first, counter-clockwise, then the holes, clockwise (the RFC 7946 orientations).
    ///
    /// Every unit edge between a cell of the set and one outside it is directed with the set on its left and
    /// the edges are chained into rings. Where two cells of the set touch only at a corner (a pinch), the chain
    /// turns right, keeping the cell outside the set tight: each ring then separates the set from one
    /// 4-connected part of its complement, so no ring touches itself and, for a 4-connected set, the result is a
    /// valid polygon (OGC) whose holes may touch the exterior or each other at a single corner.
    ///
    /// - Returns: no ring for an empty set.
    static func rings(of cells: Set<GridCell>) -> [[GridPoint]] {
        var edges: [Edge] = []
        for c in cells.sorted() {
            let (x, y) = (c.x, c.y)
            if !cells.contains(GridCell(x: x, y: y - 1)) { edges.append(Edge(from: GridPoint(x: x, y: y), dx: 1, dy: 0)) }
            if !cells.contains(GridCell(x: x + 1, y: y)) { edges.append(Edge(from: GridPoint(x: x + 1, y: y), dx: 0, dy: 1)) }
            if !cells.contains(GridCell(x: x, y: y + 1)) { edges.append(Edge(from: GridPoint(x: x + 1, y: y + 1), dx: -1, dy: 0)) }
            if !cells.contains(GridCell(x: x - 1, y: y)) { edges.append(Edge(from: GridPoint(x: x, y: y + 1), dx: 0, dy: -1)) }
        }
        var outgoing: [GridPoint: [Edge]] = [:]
        for e in edges { outgoing[e.from, default: []].append(e) }

        var used: Set<Edge> = []
        var rings: [[GridPoint]] = []
        for start in edges where !used.contains(start) {
            var path: [Edge] = []
            var edge = start
            while true {
                used.insert(edge)
                path.append(edge)
                let choices = outgoing[edge.to] ?? []
                // One edge leaves a plain corner; two leave a pinch, where the right turn is taken.
                guard let next = choices.count == 1 ? choices.first
                        : choices.first(where: { $0.dx == edge.dy && $0.dy == -edge.dx }) ?? choices.first,
                      next == start || !used.contains(next) else { break }
                if next == start { break }
                edge = next
            }
            rings.append(corners(of: path))
        }
        // The exterior is the ring enclosing the most area; a 4-connected set has exactly one counter-clockwise ring.
        guard let outer = rings.indices.max(by: { doubleSignedArea(rings[$0]) < doubleSignedArea(rings[$1]) }) else {
            return []
        }
        return [rings[outer]] + rings.indices.filter { $0 != outer }.map { rings[$0] }
    }

    /// The corners of a chain of unit edges (where the direction changes), starting at the lowest then leftmost
    /// corner, closed.
    private static func corners(of path: [Edge]) -> [GridPoint] {
        var points: [GridPoint] = []
        for (i, e) in path.enumerated() {
            let previous = path[(i + path.count - 1) % path.count]
            if previous.dx != e.dx || previous.dy != e.dy { points.append(e.from) }
        }
        guard let lowest = points.indices.min(by: { points[$0] < points[$1] }) else { return [] }
        let ring = Array(points[lowest...] + points[..<lowest])
        return ring + ring.prefix(1)
    }

    /// Twice the signed area of a closed ring: positive when counter-clockwise.
    static func doubleSignedArea(_ ring: [GridPoint]) -> Int {
        zip(ring, ring.dropFirst()).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
    }
}
