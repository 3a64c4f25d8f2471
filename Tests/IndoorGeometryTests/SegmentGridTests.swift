import Foundation
import IndoorBase
import IndoorGeometry
import Testing

/// The grid answers as a scan of every segment would: the kind of data is a room boundary of many short walls
/// (a floor's free space), queried at points near and far from it, inside the grid and outside it.
@Suite struct SegmentGridTests {
    /// Short walls scattered over 100 × 60 m, and a few long ones across: seeded.
    static func walls(seed: UInt64) -> [(Coordinate, Coordinate)] {
        var rng = SeededGenerator(seed: seed)
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        var out: [(Coordinate, Coordinate)] = []
        for k in 0..<400 {
            let a = Coordinate(x: unit() * 100, y: unit() * 60)
            let length = k % 40 == 0 ? 50.0 : 0.2 + unit() * 3
            let angle = unit() * 2 * .pi
            out.append((a, Coordinate(x: a.x + length * cos(angle), y: a.y + length * sin(angle))))
        }
        return out
    }

    static func scanned(_ walls: [(Coordinate, Coordinate)], from p: Coordinate) -> Double {
        walls.map { p.distance(toSegment: $0.0, $0.1) }.min() ?? .infinity
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func nearestAndWithinAgreeWithAScan(seed: UInt64) throws {
        let walls = Self.walls(seed: seed)
        let grid = SegmentGrid(walls)
        var rng = SeededGenerator(seed: seed + 100)
        for k in 0..<2000 {
            // Points anywhere, some outside the grid; every fourth right on a wall.
            var p = Coordinate(x: Double(rng.next() % 1_000_000) / 7_000 - 20, y: Double(rng.next() % 1_000_000) / 12_000 - 10)
            if k % 4 == 0 {
                let (a, b) = walls[Int(rng.next() % UInt64(walls.count))]
                let t = Double(rng.next() % 1000) / 1000
                p = Coordinate(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
            }
            let expected = Self.scanned(walls, from: p)
            let nearest = try #require(grid.nearest(to: p))
            #expect(abs(nearest.distance - expected) < 1e-12, "nearest to \(p)")
            // Tolerances below a cell (one cell's scan) and above it (the rings).
            for d in [1e-5, 0.05, 0.5, 5.0] {
                #expect(grid.isWithin(d, of: p) == (expected <= d), "within \(d) of \(p): nearest \(expected)")
            }
        }
    }

    /// Whether two segments cross or touch, or pass within `d` of each other.
    static func meet(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate, _ e: Coordinate, within d: Double) -> Bool {
        func orient(_ p: Coordinate, _ q: Coordinate, _ r: Coordinate) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
        let o1 = orient(a, b, c), o2 = orient(a, b, e), o3 = orient(c, e, a), o4 = orient(c, e, b)
        if ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)) { return true }
        return min(c.distance(toSegment: a, b), e.distance(toSegment: a, b), a.distance(toSegment: c, e), b.distance(toSegment: c, e)) <= d
    }

    /// Every wall a query segment crosses, touches or passes within the margin of is a candidate: queries
    /// anywhere, along the grid's own lines, and grazing a wall's end by a hair.
    @Test(arguments: [UInt64(1), 2, 3])
    func everyWallAQueryMeetsIsACandidate(seed: UInt64) {
        let walls = Self.walls(seed: seed)
        let grid = SegmentGrid(walls)
        var rng = SeededGenerator(seed: seed + 200)
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        for k in 0..<1500 {
            var a = Coordinate(x: unit() * 120 - 10, y: unit() * 80 - 10)
            var b = Coordinate(x: a.x + unit() * 40 - 20, y: a.y + unit() * 40 - 20)
            switch k % 3 {
            case 1:  // along a horizontal line through a wall's end (grid lines are such lines too)
                let end = walls[Int(rng.next() % UInt64(walls.count))].1
                a = Coordinate(x: end.x - unit() * 20, y: end.y)
                b = Coordinate(x: end.x + unit() * 20, y: end.y)
            case 2:  // ending a few micrometres short of a wall's end
                let end = walls[Int(rng.next() % UInt64(walls.count))].0
                let d = a.distance(to: end)
                b = Coordinate(x: end.x + (a.x - end.x) / d * 5e-6, y: end.y + (a.y - end.y) / d * 5e-6)
            default: break
            }
            var visited = Set<Int>()
            grid.forEachCandidate(meeting: a, b) { visited.insert($0); return true }
            for (w, wall) in walls.enumerated() where Self.meet(a, b, wall.0, wall.1, within: 1e-5) {
                #expect(visited.contains(w), "wall \(w) meets \(a)–\(b) but is no candidate")
            }
        }
    }

    /// A wall ending a few micrometres short of a line, and a query running a few micrometres past it: they pass
    /// within the visibility test's tolerance, on either side of what are the grid's cell borders here (an 11 m
    /// frame of 112 walls and the 9 walls make 121 segments over 121 m²: 1 m cells from the origin), so the wall
    /// must be a candidate from the query's cell.
    @Test func aWallEndingAHairAcrossACellBorderIsACandidate() {
        var walls: [(Coordinate, Coordinate)] = []
        let side = 11.0, step = 11.0 / 28
        for k in 0..<28 {
            let t = Double(k) * step
            walls += [(Coordinate(x: t, y: 0), Coordinate(x: t + step, y: 0)), (Coordinate(x: side, y: t), Coordinate(x: side, y: t + step)),
                      (Coordinate(x: side - t, y: side), Coordinate(x: side - t - step, y: side)),
                      (Coordinate(x: 0, y: side - t), Coordinate(x: 0, y: side - t - step))]
        }
        let frame = walls.count
        for x in 1...9 {
            walls.append((Coordinate(x: Double(x) - 0.5, y: 5.5), Coordinate(x: Double(x) - 4e-6, y: 5.5)))
        }
        let grid = SegmentGrid(walls)
        for x in 1...9 {
            let along = Double(x) + 4e-6
            var visited = Set<Int>()
            grid.forEachCandidate(meeting: Coordinate(x: along, y: 5.2), Coordinate(x: along, y: 5.8)) { visited.insert($0); return true }
            #expect(visited.contains(frame + x - 1), "the wall ending 8 µm from x = \(along)")
            #expect(grid.isWithin(1e-5, of: Coordinate(x: along, y: 5.5)))
        }
    }

    @Test func anEmptyGridHasNothingNear() {
        let grid = SegmentGrid([])
        #expect(grid.nearest(to: Coordinate(x: 0, y: 0)) == nil)
        #expect(!grid.isWithin(1, of: Coordinate(x: 0, y: 0)))
    }
}
