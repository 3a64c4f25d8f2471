@testable import IndoorBase
import IndoorTestSupport
import Testing

/// Point-in-polygon on a prepared area (its agreement with GEOS is checked in IndoorGeometryTests).
@Suite struct PreparedPolygonTests {
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
}
