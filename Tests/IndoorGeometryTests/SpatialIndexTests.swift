import IndoorBase
@testable import IndoorGeometry
import Testing

@Suite struct SpatialIndexTests {
    /// Rooms of varied shapes, holes included, checked point by point against GEOS.
    @Test func agreesWithGEOS() throws {
        var rng = SeededGenerator(seed: 2026)
        var rooms: [Geometry] = []
        for i in 0..<60 {
            let x = Double(i % 10) * 10, y = Double(i / 10) * 10
            switch i % 3 {
            case 0: rooms.append(try square(x, y, 8))
            case 1:  // an L
                rooms.append(.polygon(try Polygon(rings: [[
                    Coordinate(x: x, y: y), Coordinate(x: x + 8, y: y), Coordinate(x: x + 8, y: y + 3),
                    Coordinate(x: x + 3, y: y + 3), Coordinate(x: x + 3, y: y + 8), Coordinate(x: x, y: y + 8), Coordinate(x: x, y: y),
                ]])))
            default:  // a square with a hole
                rooms.append(try Geometry(wkt: "POLYGON ((\(x) \(y), \(x + 8) \(y), \(x + 8) \(y + 8), \(x) \(y + 8), \(x) \(y)), (\(x + 2) \(y + 2), \(x + 6) \(y + 2), \(x + 6) \(y + 6), \(x + 2) \(y + 6), \(x + 2) \(y + 2)))"))
            }
        }
        let index = PolygonIndex(rooms)
        for _ in 0..<3000 {
            let p = Coordinate(x: Double(rng.next() % 1_000_000) / 9_000 - 5, y: Double(rng.next() % 1_000_000) / 14_000 - 5)
            let expected = try rooms.firstIndex { try $0.contains(.point(p)) }
            #expect(index.firstContaining(p) == expected, "\(p)")
        }
    }

    @Test func strTreeFindsWhatBruteForceFinds() {
        var rng = SeededGenerator(seed: 9)
        let boxes = (0..<1000).map { _ -> BoundingBox in
            let x = Double(rng.next() % 1000), y = Double(rng.next() % 1000)
            return BoundingBox(minX: x, minY: y, maxX: x + Double(rng.next() % 30), maxY: y + Double(rng.next() % 30))
        }
        let tree = STRTree(boxes)
        for _ in 0..<200 {
            let x = Double(rng.next() % 1000), y = Double(rng.next() % 1000)
            let q = BoundingBox(minX: x, minY: y, maxX: x + 50, maxY: y + 50)
            #expect(tree.items(intersecting: q).sorted() == boxes.indices.filter { boxes[$0].intersects(q) })
        }
    }

    @Test func handlesEmptyAndDegenerateInput() {
        #expect(PolygonIndex([]).firstContaining(Coordinate(x: 0, y: 0)) == nil)
        let index = PolygonIndex([.point(Coordinate(x: 0, y: 0)), .multiPolygon([])])
        #expect(index.firstContaining(Coordinate(x: 0, y: 0)) == nil)
        #expect(STRTree([]).items(intersecting: BoundingBox(minX: 0, minY: 0, maxX: 1, maxY: 1)).isEmpty)
    }
}
