import IndoorBase
import IndoorGeometry
import Testing

func square(_ x0: Double, _ y0: Double, _ size: Double) throws -> Geometry {
    .polygon(try Polygon(rings: [[
        Coordinate(x: x0, y: y0), Coordinate(x: x0 + size, y: y0), Coordinate(x: x0 + size, y: y0 + size),
        Coordinate(x: x0, y: y0 + size), Coordinate(x: x0, y: y0),
    ]]))
}

@Suite struct GeometryOperationsTests {
    @Test func reportsWhyAPolygonIsInvalidAndRepairsIt() throws {
        let bowtie = Geometry.polygon(try Polygon(rings: [[
            Coordinate(x: 0, y: 0), Coordinate(x: 2, y: 2), Coordinate(x: 2, y: 0), Coordinate(x: 0, y: 2), Coordinate(x: 0, y: 0),
        ]]))
        #expect(!bowtie.isValid)
        #expect(try bowtie.validityReason()?.contains("Self-intersection") == true)
        let repaired = try bowtie.makeValid()
        #expect(repaired.isValid)
        #expect(abs(try repaired.area() - 2) < 1e-9)
        #expect(try square(0, 0, 1).validityReason() == nil)
    }

    @Test func predicates() throws {
        let big = try square(0, 0, 10), small = try square(2, 2, 1), apart = try square(20, 20, 1)
        #expect(try big.contains(small))
        #expect(try big.covers(.point(Coordinate(x: 0, y: 5))))
        #expect(try !big.contains(.point(Coordinate(x: 0, y: 5))))  // on the boundary: covered, not contained
        #expect(try big.intersects(small))
        #expect(try !big.intersects(apart))
    }

    @Test func overlayAndMeasures() throws {
        let a = try square(0, 0, 2), b = try square(1, 1, 2)
        #expect(abs(try a.union(b).area() - 7) < 1e-9)
        #expect(abs(try a.intersection(b).area() - 1) < 1e-9)
        #expect(abs(try a.difference(b).area() - 3) < 1e-9)
        #expect(abs(try Geometry.union(of: [a, b, try square(10, 10, 1)]).area() - 8) < 1e-9)
        #expect(abs(try a.length() - 8) < 1e-9)
        #expect(abs(try a.distance(to: try square(5, 0, 1)) - 3) < 1e-9)
        let (p, q) = try a.nearestPoints(to: .point(Coordinate(x: 5, y: 1)))
        #expect(p == Coordinate(x: 2, y: 1))
        #expect(q == Coordinate(x: 5, y: 1))
        let disc = try Geometry.point(Coordinate(x: 0, y: 0)).buffer(1, quadrantSegments: 64)
        #expect(abs(try disc.area() - Double.pi) < 0.01)
        let shrunk = try a.buffer(-0.5)
        #expect(abs(try shrunk.area() - 1) < 1e-9)
    }

    @Test func simplifyKeepsTopology() throws {
        var ring: [Coordinate] = []
        for i in 0..<100 { ring.append(Coordinate(x: Double(i) / 10, y: i % 2 == 0 ? 0 : 0.001)) }
        ring += [Coordinate(x: 9.9, y: 5), Coordinate(x: 0, y: 5), ring[0]]
        let g = Geometry.polygon(try Polygon(rings: [ring]))
        let s = try g.simplified(tolerance: 0.01)
        #expect(s.allCoordinates.count < 10)
        #expect(s.isValid)
    }

    @Test func readsWKT() throws {
        let g = try Geometry(wkt: "POLYGON ((0 0, 4 0, 4 3, 0 0), (1 0.5, 2 0.5, 2 1, 1 0.5))")
        #expect(g.polygons.first?.holes.count == 1)
        #expect(throws: GeometryError.self) { try Geometry(wkt: "POLYGON ((0 0, 1") }
    }

    /// Every operation makes its own GEOS context, so many threads at once get the same answers as one.
    @Test func isSafeUnderConcurrentUse() async throws {
        let a = try square(0, 0, 2), b = try square(1, 1, 2)
        let expected = try a.intersection(b).area()
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    for _ in 0..<200 {
                        guard let area = try? a.intersection(b).area(), area == expected,
                              (try? a.buffer(0.1).isValid) == true else { return false }
                    }
                    return true
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 })
    }
}
