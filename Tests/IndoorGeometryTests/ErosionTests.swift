import IndoorBase
import IndoorGeometry
import Testing

/// ``Geometry/eroded(by:)``: the same points as GEOS's mitred negative buffer, in pieces where vertices crowd.
@Suite struct ErosionTests {
    /// A 12 × 8 m room whose north wall is a comb of `teeth` teeth 0.1–0.3 m deep (4 vertices each): a radiator
    /// wall as CAD exports draw it, the teeth far closer together than the clearance. With `pocket`, a room hole.
    func comb(teeth: Int, hole: Bool = false) throws -> Geometry {
        var ring = [Coordinate(x: 0, y: 0), Coordinate(x: 12, y: 0), Coordinate(x: 12, y: 8)]
        let pitch = 11.0 / Double(teeth)
        for t in 0..<teeth {
            let x = 11.5 - Double(t) * pitch, depth = 0.1 + 0.2 * Double((t * 7919) % 101) / 100
            ring += [Coordinate(x: x, y: 8), Coordinate(x: x, y: 8 - depth), Coordinate(x: x - 0.4 * pitch, y: 8 - depth),
                     Coordinate(x: x - 0.4 * pitch, y: 8)]
        }
        ring += [Coordinate(x: 0, y: 8), Coordinate(x: 0, y: 0)]
        let pillar = [Coordinate(x: 5, y: 3), Coordinate(x: 5, y: 4), Coordinate(x: 6, y: 4), Coordinate(x: 6, y: 3), Coordinate(x: 5, y: 3)]
        return .polygon(try Polygon(rings: hole ? [ring, pillar] : [ring]))
    }

    @Test(arguments: [false, true])
    func aCrowdedCombErodesToTheSamePointsAsTheBuffer(hole: Bool) throws {
        let room = try comb(teeth: 400, hole: hole)  // 1,600 vertices: crowded, and the direct buffer still fast
        let direct = try room.buffer(-0.05, quadrantSegments: 2, join: .mitre)
        let pieces = try room.eroded(by: 0.05)
        let apart = try direct.difference(pieces).area() + pieces.difference(direct).area()
        #expect(apart < 1e-6, "\(apart) m² differ")
        #expect(abs(try pieces.area() - direct.area()) < 1e-6)
    }

    /// A room with ordinary corners takes GEOS's buffer itself: the same vertices as before.
    @Test func anOrdinaryRoomIsBufferedAsBefore() throws {
        let room = try comb(teeth: 10)
        #expect(try room.eroded(by: 0.05) == room.buffer(-0.05, quadrantSegments: 2, join: .mitre))
    }
}
