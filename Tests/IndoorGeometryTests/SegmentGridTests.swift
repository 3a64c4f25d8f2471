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

    @Test func anEmptyGridHasNothingNear() {
        let grid = SegmentGrid([])
        #expect(grid.nearest(to: Coordinate(x: 0, y: 0)) == nil)
        #expect(!grid.isWithin(1, of: Coordinate(x: 0, y: 0)))
    }
}
