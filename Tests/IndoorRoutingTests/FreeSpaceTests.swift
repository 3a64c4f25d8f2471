import IndoorBase
import IndoorGeometry
@testable import IndoorRouting
import Testing

/// The visibility test of the graph build (``FreeSpace/sees(_:_:endsCovered:)``) on the shape that fooled it: two
/// doors side by side on one wall, each with its funnel reaching the wall line, and a stub of wall between them
/// where the free space keeps the clearance off. A GEOS overlay leaves the funnels' corners a fraction of a
/// micrometre off the line; a walk along the line from one funnel to the other must still be seen to leave the
/// free space at the stub (it once ran along the wall of a generated nested-rooms venue, between two escalators).
@Suite struct FreeSpaceTests {
    /// ```
    ///   B funnel   stub   A funnel          wall line y = 0; the funnels x ∈ [-2, -0.5] and [0, 2]
    /// ────────┐        ┌─────────
    ///         └────────┘                    the core, 0.1 m off the wall
    /// ```
    static func twoDoors(offset: Double) throws -> FreeSpace {
        let ring = [
            Coordinate(x: -3, y: -1), Coordinate(x: 3, y: -1), Coordinate(x: 3, y: -0.1), Coordinate(x: 2, y: -0.1),
            Coordinate(x: 2, y: 0), Coordinate(x: 0, y: -offset), Coordinate(x: 0, y: -0.1), Coordinate(x: -0.5, y: -0.1),
            Coordinate(x: -0.5, y: -offset), Coordinate(x: -2, y: 0), Coordinate(x: -2, y: -0.1), Coordinate(x: -3, y: -0.1),
            Coordinate(x: -3, y: -1),
        ]
        return try #require(FreeSpace(.polygon(Polygon(rings: [ring]))))
    }

    @Test(arguments: [0, 3e-7, 4e-6])
    func aWalkAlongTheWallPastADoorsFunnelLeavesTheFreeSpace(offset: Double) throws {
        let free = try Self.twoDoors(offset: offset)
        // From the far corner of one funnel to the far corner of the other: its middle is the corner of funnel A
        // (x = 0), so only the corners at the stub show it leaving.
        #expect(!free.sees(Coordinate(x: 2, y: 0), Coordinate(x: -2, y: 0), endsCovered: true))
        #expect(!free.sees(Coordinate(x: -2, y: 0), Coordinate(x: 2, y: 0), endsCovered: true))
        // Along one funnel, and down round the stub, it stays inside.
        #expect(free.sees(Coordinate(x: 2, y: 0), Coordinate(x: 0, y: -offset), endsCovered: true))
        #expect(free.sees(Coordinate(x: 2, y: 0), Coordinate(x: 0, y: -0.1), endsCovered: true))
        #expect(free.sees(Coordinate(x: 0, y: -0.1), Coordinate(x: -0.5, y: -0.1), endsCovered: true))
    }

    /// A wall's corner at the origin, the wall running in from the west and on to the south (the free space wraps
    /// round it): a shortest path may bend there towards the south-east, or run along either wall, but never
    /// leave it towards the north-east, whose line runs back into the wall.
    @Test func onlyStretchesTangentAtACornerAreKept() {
        let corner = FreeSpace.Corner(vertex: Coordinate(x: 0, y: 0), previous: Coordinate(x: -1, y: 0), next: Coordinate(x: 0, y: -1))
        #expect(corner.isTangent(towards: Coordinate(x: 1, y: -1)))
        #expect(corner.isTangent(towards: Coordinate(x: -1, y: 1)))
        #expect(corner.isTangent(towards: Coordinate(x: 5, y: 0)))
        #expect(corner.isTangent(towards: Coordinate(x: 0, y: 5)))
        #expect(!corner.isTangent(towards: Coordinate(x: 1, y: 1)))
        #expect(!corner.isTangent(towards: Coordinate(x: 3, y: 0.5)))
    }

    /// The pieces of a free area within a fix's accuracy (``FreeSpace/nearestPointsOfPieces(around:within:)``), for
    /// the kind "one walkway drawn as a U": a passage and a platform, 4 m apart, joined at one end 30 m away.
    /// ```
    ///   ┌──────────────────────────────┐ y = 6     the platform, y ∈ [4, 6]
    ///   │  ┌───────────────────────────┘ y = 4
    ///   │  │            ·  fix (15, 2.5)
    ///   │  └───────────────────────────┐ y = 2
    ///   └──────────────────────────────┘ y = 0     the passage, y ∈ [0, 2]
    ///  x = 0  3                        30
    /// ```
    @Test func aFixInTheGapOfAUSeesTheNearestPointOfEachArmWithinItsAccuracy() throws {
        let ring = [
            Coordinate(x: 0, y: 0), Coordinate(x: 30, y: 0), Coordinate(x: 30, y: 2), Coordinate(x: 3, y: 2),
            Coordinate(x: 3, y: 4), Coordinate(x: 30, y: 4), Coordinate(x: 30, y: 6), Coordinate(x: 0, y: 6),
            Coordinate(x: 0, y: 0),
        ]
        let free = try #require(FreeSpace(.polygon(Polygon(rings: [ring]))))
        let fix = Coordinate(x: 15, y: 2.5)
        // Within 1 m: only the passage's edge, 0.5 m below.
        #expect(free.nearestPointsOfPieces(around: fix, within: 1) == [Coordinate(x: 15, y: 2)])
        // Within 3 m: both arms, nearest first; the far wall's points see the near ones and are dropped.
        #expect(free.nearestPointsOfPieces(around: fix, within: 3) == [Coordinate(x: 15, y: 2), Coordinate(x: 15, y: 4)])
        // In an arm, the fix is its own piece's point, and the other arm is a piece of its own.
        #expect(free.nearestPointsOfPieces(around: Coordinate(x: 15, y: 1.5), within: 3)
            == [Coordinate(x: 15, y: 1.5), Coordinate(x: 15, y: 4)])
        // Nothing within reach: nothing.
        #expect(free.nearestPointsOfPieces(around: Coordinate(x: 15, y: 20), within: 3).isEmpty)
    }
}
