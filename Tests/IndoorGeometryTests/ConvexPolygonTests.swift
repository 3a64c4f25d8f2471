import Foundation
import IndoorBase
import IndoorGeometry
import Testing

/// ``ConvexPolygon`` against GEOS: the same shrunk polygon, the same answer to whether two polygons meet.
@Suite struct ConvexPolygonTests {
    /// A random convex polygon around (cx, cy): corners at increasing angles on a rotated ellipse.
    static func polygon(_ rng: inout SeededGenerator, around c: Coordinate) -> [Coordinate] {
        let sides = 3 + Int(rng.next() % 6)
        let rx = 1 + rng.uniform() * 10, ry = 1 + rng.uniform() * 10, turn = rng.uniform() * 2 * .pi
        let angles = (0..<sides).map { k in (Double(k) + 0.3 * rng.uniform()) / Double(sides) * 2 * .pi }.sorted()
        let corners = angles.map { t in
            let x = rx * cos(t), y = ry * sin(t)
            return Coordinate(x: c.x + x * cos(turn) - y * sin(turn), y: c.y + x * sin(turn) + y * cos(turn))
        }
        return corners + [corners[0]]
    }

    static func area(_ g: Geometry) -> Double { g.polygons.reduce(0) { $0 + $1.area } }

    @Test func shrinkingAndMeetingAgreeWithGEOS() throws {
        var rng = SeededGenerator(seed: 7)
        var shrunk = 0, apart = 0, meeting = 0
        for _ in 0..<300 {
            let a = Self.polygon(&rng, around: Coordinate(x: 0, y: 0))
            let b = Self.polygon(&rng, around: Coordinate(x: rng.uniform() * 30 - 15, y: rng.uniform() * 30 - 15))
            // Clockwise input is fine too.
            let ca = try #require(ConvexPolygon(ring: a)), cb = try #require(ConvexPolygon(ring: b.reversed()))
            let ga = Geometry.polygon(try Polygon(rings: [a])), gb = Geometry.polygon(try Polygon(rings: [b]))
            #expect(abs(ca.area - Self.area(ga)) < 1e-9)
            let meets = try ga.intersects(gb)
            #expect(ca.intersects(cb) == meets, "\(a) and \(b)")
            if meets { meeting += 1 } else { apart += 1 }
            guard let inner = ca.shrunk(by: 0.3) else { continue }
            shrunk += 1
            let geos = try ga.buffer(-0.3, quadrantSegments: 1, join: .mitre)
            let mine = Geometry.polygon(try Polygon(rings: [inner.corners + [inner.corners[0]]]))
            #expect(Self.area(try mine.difference(geos)) + Self.area(try geos.difference(mine)) < 1e-6, "\(a) shrunk")
        }
        #expect(shrunk > 250 && apart > 30 && meeting > 30, "\(shrunk) shrunk, \(apart) apart, \(meeting) meeting")
    }

    @Test func wallVerticesAreDroppedAndConcaveShapesRefused() throws {
        let square = [Coordinate(x: 0, y: 0), Coordinate(x: 5, y: 0.0002), Coordinate(x: 10, y: 0), Coordinate(x: 10, y: 10),
                      Coordinate(x: 0, y: 10), Coordinate(x: 0, y: 0)]
        #expect(ConvexPolygon(ring: square)?.corners.count == 4)
        // A dent of 5 mm is a corner, and a concave one.
        var dented = square
        dented[1] = Coordinate(x: 5, y: 0.005)
        #expect(ConvexPolygon(ring: dented) == nil)
        // A room too small for the width loses an edge: not shrunk here.
        let sliver = [Coordinate(x: 0, y: 0), Coordinate(x: 10, y: 0), Coordinate(x: 10, y: 0.4), Coordinate(x: 0, y: 0.4), Coordinate(x: 0, y: 0)]
        #expect(ConvexPolygon(ring: sliver)?.shrunk(by: 0.3) == nil)
    }
}
