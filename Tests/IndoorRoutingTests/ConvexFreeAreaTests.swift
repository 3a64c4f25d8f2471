import Foundation
import IndoorBase
import IndoorGeometry
@testable import IndoorRouting
import Testing

/// The Swift fast path for the free area of a convex room (``ConvexFreeArea``) against what GEOS makes of the same
/// room: the room shrunk by the clearance with mitred corners, joined with its door funnels.
@Suite struct ConvexFreeAreaTests {
    static let clearance = 0.3
    static let depth = clearance + 0.05

    /// The GEOS answer, as the graph build computes it for a room that is not convex.
    static func reference(_ room: Polygon, _ funnels: [Funnel]) throws -> Geometry {
        let core = try Geometry.polygon(room).buffer(-clearance, quadrantSegments: 2, join: .mitre)
        return try Geometry.union(of: [core] + funnels.map { .polygon(try Polygon(rings: [$0.ring])) })
    }

    /// A door on the wall from `p` to `q` of a counter-clockwise room: `from`…`to` metres along it, funnel inwards.
    static func funnel(_ p: Coordinate, _ q: Coordinate, from: Double, to: Double) -> Funnel {
        let length = p.distance(to: q)
        let u = Coordinate(x: (q.x - p.x) / length, y: (q.y - p.y) / length)
        let n = Coordinate(x: -u.y, y: u.x)
        let a = Coordinate(x: p.x + u.x * from, y: p.y + u.y * from), b = Coordinate(x: p.x + u.x * to, y: p.y + u.y * to)
        return Funnel(a: a, b: b, innerA: Coordinate(x: a.x + n.x * depth, y: a.y + n.y * depth),
                      innerB: Coordinate(x: b.x + n.x * depth, y: b.y + n.y * depth))
    }

    /// A random convex room, counter-clockwise, with vertices on its walls ~0.1 mm off them (where a neighbour's
    /// corner meets the wall, rounded to 9 decimals of a degree), and the clean corners.
    static func room(_ rng: inout SeededGenerator) throws -> (polygon: Polygon, corners: [Coordinate]) {
        let sides = 3 + Int(rng.next() % 6)
        let cx = rng.uniform() * 100 - 50, cy = rng.uniform() * 100 - 50
        let rx = 2 + rng.uniform() * 20, ry = 2 + rng.uniform() * 20
        let turn = rng.uniform() * 2 * .pi
        // Corners at increasing angles on an ellipse: convex, and none sharper than the polygon needs.
        var angles = (0..<sides).map { k in (Double(k) + 0.3 * rng.uniform()) / Double(sides) * 2 * .pi }
        angles.sort()
        let corners = angles.map { t in
            let x = rx * cos(t), y = ry * sin(t)
            return Coordinate(x: cx + x * cos(turn) - y * sin(turn), y: cy + x * sin(turn) + y * cos(turn))
        }
        var ring: [Coordinate] = []
        for (i, p) in corners.enumerated() {
            let q = corners[(i + 1) % corners.count]
            ring.append(p)
            for t in (0..<Int(rng.next() % 4)).map({ _ in 0.1 + 0.8 * rng.uniform() }).sorted() {
                ring.append(Coordinate(x: p.x + (q.x - p.x) * t + (rng.uniform() - 0.5) * 2e-4,
                                       y: p.y + (q.y - p.y) * t + (rng.uniform() - 0.5) * 2e-4))
            }
        }
        ring.append(corners[0])
        return (try Polygon(rings: [ring]), corners)
    }

    static func area(_ g: Geometry) -> Double { g.polygons.reduce(0) { $0 + $1.area } }

    @Test func aConvexRoomsFreeAreaIsGEOSsWithinAMillimetre() throws {
        var rng = SeededGenerator(seed: 12)
        var fast = 0, rooms = 0
        for _ in 0..<300 {
            let (room, corners) = try Self.room(&rng)
            // One to three doors on random walls, away from the corners, not overlapping one another.
            var funnels: [Funnel] = []
            for k in Set((0..<(1 + Int(rng.next() % 3))).map { _ in Int(rng.next() % UInt64(corners.count)) }) {
                let p = corners[k], q = corners[(k + 1) % corners.count]
                let wall = p.distance(to: q)
                guard wall > 3 else { continue }
                let width = min(0.1 + rng.uniform() * 2.5, wall - 2.5)
                let from = 1.2 + rng.uniform() * (wall - 2.4 - width)
                funnels.append(Self.funnel(p, q, from: from, to: from + width))
            }
            rooms += 1
            guard let polygon = ConvexFreeArea.polygon(of: room, clearance: Self.clearance, minimumArea: 0, funnels: funnels) else { continue }
            fast += 1
            let mine = Geometry.polygon(polygon), geos = try Self.reference(room, funnels)
            // The same point set: what one has and the other lacks is under a millimetre wide along the boundary.
            let perimeter = zip(polygon.exterior.coordinates, polygon.exterior.coordinates.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
            let apart = Self.area(try mine.difference(geos)) + Self.area(try geos.difference(mine))
            #expect(apart < 1e-3 * perimeter, "room \(room), doors \(funnels): \(apart) m² apart")
            // The same corners: each vertex of ours within a millimetre of one of GEOS's, and the same reflex ones
            // (GEOS keeps near-collinear wall vertices too, so not the other way round).
            let theirs = geos.allCoordinates
            for v in polygon.exterior.coordinates {
                #expect(theirs.contains { $0.distance(to: v) < 1e-3 }, "vertex \(v) of \(polygon) is not GEOS's: \(geos)")
            }
            let reflex = try #require(FreeSpace(geos)).reflexVertices
            for v in try #require(FreeSpace(mine)).reflexVertices {
                #expect(reflex.contains { $0.distance(to: v) < 1e-3 }, "reflex vertex \(v) of \(polygon) is not GEOS's: \(geos)")
            }
            #expect(try #require(FreeSpace(mine)).reflexVertices.count == 2 * funnels.count)
        }
        // The fast path must be the one taken for plain rooms (some are too small for their doors).
        #expect(fast > rooms * 3 / 4, "\(fast) of \(rooms) rooms on the fast path")
    }

    /// A corridor's end joined to another corridor across its whole width: the funnel's sides run along the core's.
    @Test func aFunnelAsWideAsTheCoreRunsAlongItsSides() throws {
        let corners = [Coordinate(x: 0, y: 0), Coordinate(x: 3, y: 0), Coordinate(x: 3, y: 40), Coordinate(x: 0, y: 40)]
        let room = try Polygon(rings: [corners + [corners[0]]])
        let funnels = [Self.funnel(corners[2], corners[3], from: Self.clearance, to: 3 - Self.clearance),
                       Self.funnel(corners[0], corners[1], from: 1, to: 2)]
        let polygon = try #require(ConvexFreeArea.polygon(of: room, clearance: Self.clearance, minimumArea: 0, funnels: funnels))
        let mine = Geometry.polygon(polygon), geos = try Self.reference(room, funnels)
        #expect(Self.area(try mine.difference(geos)) + Self.area(try geos.difference(mine)) < 1e-6)
        #expect(abs(polygon.area - (2.4 * 39.4 + 2.4 * 0.3 + 1 * 0.3)) < 1e-9)
    }

    @Test func otherShapesAndOverlappingFunnelsAreLeftToGEOS() throws {
        let l = [Coordinate(x: 0, y: 0), Coordinate(x: 10, y: 0), Coordinate(x: 10, y: 4), Coordinate(x: 4, y: 4),
                 Coordinate(x: 4, y: 10), Coordinate(x: 0, y: 10), Coordinate(x: 0, y: 0)]
        #expect(ConvexFreeArea.polygon(of: try Polygon(rings: [l]), clearance: Self.clearance, minimumArea: 0, funnels: []) == nil)
        let square = [Coordinate(x: 0, y: 0), Coordinate(x: 10, y: 0), Coordinate(x: 10, y: 10), Coordinate(x: 0, y: 10)]
        let room = try Polygon(rings: [square + [square[0]]])
        #expect(ConvexFreeArea.polygon(of: room, clearance: Self.clearance, minimumArea: 0, funnels: []) != nil)
        // Too small for its clearance (the caller's minimum area), two doors drawn over each other, a door across a
        // corner of the core.
        #expect(ConvexFreeArea.polygon(of: room, clearance: Self.clearance, minimumArea: 90, funnels: []) == nil)
        let twice = [Self.funnel(square[0], square[1], from: 2, to: 3), Self.funnel(square[0], square[1], from: 2.5, to: 3.5)]
        #expect(ConvexFreeArea.polygon(of: room, clearance: Self.clearance, minimumArea: 0, funnels: twice) == nil)
        let corner = [Self.funnel(square[0], square[1], from: 0.1, to: 1)]
        #expect(ConvexFreeArea.polygon(of: room, clearance: Self.clearance, minimumArea: 0, funnels: corner) == nil)
    }
}
