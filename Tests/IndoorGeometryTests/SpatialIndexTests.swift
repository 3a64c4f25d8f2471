@testable import IndoorBase
@testable import IndoorGeometry
import IndoorTestSupport
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

    /// A comb of `teeth` teeth 100 m long (4 × teeth + 3 vertices): every tooth's sides span the whole comb's height.
    static func comb(teeth: Int) throws -> Geometry {
        var ring = [Coordinate(x: 0, y: 0), Coordinate(x: Double(teeth), y: 0), Coordinate(x: Double(teeth), y: 1)]
        for k in (0..<teeth).reversed() {
            let x = Double(k)
            ring += [Coordinate(x: x + 0.5, y: 1), Coordinate(x: x + 0.5, y: 101), Coordinate(x: x, y: 101), Coordinate(x: x, y: 1)]
        }
        ring[ring.count - 1] = Coordinate(x: 0, y: 0)
        return .polygon(try Polygon(rings: [ring]))
    }

    /// Each edge used to be copied into every band it spans: a comb of 16,000 vertices took 6.3 s and 2.6 GB.
    /// Twice the teeth must cost about twice the time and twice the memory, and answer the same.
    @Test func aCombCostsLinearTimeAndMemory() throws {
        let combs = [2_000: try Self.comb(teeth: 2_000), 4_000: try Self.comb(teeth: 4_000)]
        let growth = Growth.measure(size: 2_000) { n in
            _ = combs[n].map(PreparedPolygon.init)
        }
        print("a comb of 2,000 teeth: \(growth)")
        #expect(growth.ratio < 2.2, "\(growth.small) s for 2,000 teeth, \(growth.large) s for 4,000")
        let small = try #require(combs[2_000].map(PreparedPolygon.init)), large = try #require(combs[4_000].map(PreparedPolygon.init))
        let memory = Double(large.storedEdges) / Double(small.storedEdges)
        #expect(memory < 2.2, "\(small.storedEdges) edges stored for 2,000 teeth, \(large.storedEdges) for 4,000")
        for p in [Coordinate(x: 10.25, y: 50), Coordinate(x: 3999.25, y: 100.9), Coordinate(x: 5, y: 0.5)] {
            #expect(large.contains(p), "\(p)")
        }
        for p in [Coordinate(x: 10.75, y: 50), Coordinate(x: 3999.75, y: 100.9), Coordinate(x: 5, y: 101.5)] {
            #expect(!large.contains(p), "\(p)")
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
