import IndoorBase
import IndoorTestSupport
import IndoorVenue
import Testing

/// Where open-plan spaces (walkways, outdoor areas) meet with no wall: the kind of floor plan where a corridor
/// opens onto a food court or a concourse onto a platform, drawn as two units that share an edge.
@Suite struct OpenPlanBoundaryTests {
    /// ```
    /// AAAAABBBBB      corridor A and food court B (walkways) share 2 m at x = 5; room C shares 5 m with A
    /// AAAAABBBBB
    /// CCCCC.....
    /// ```
    @Test func twoWalkwaysMeetingWithoutAWallAreOpenAlongTheirSharedEdge() throws {
        let venue = try AsciiVenue(levels: [0: """
            AAAAABBBBB
            AAAAABBBBB
            CCCCC.....
            """], walkways: ["A", "B"]).venue()
        let boundaries = venue.openPlanBoundaries
        try #require(boundaries.count == 1)
        let ids = boundaries[0].spaces.map { venue.spaces[$0].id }
        #expect(Set(ids) == ["A0", "B0"], "a room's wall (C) is no open-plan boundary")
        #expect(abs(boundaries[0].line.length - 2) < 1e-6)
        #expect(boundaries[0].line.coordinates.allSatisfy { abs($0.x - 5) < 1e-6 })
    }

    /// ```
    /// AAAAAbBBBB      the same edge with a door drawn on it: the door is the way through, the rest is wall
    /// AAAAABBBBB
    /// ```
    @Test func anOpeningDrawnOnTheSharedEdgeMakesTheRestOfItWall() throws {
        let venue = try AsciiVenue(levels: [0: """
            AAAAAbBBBB
            AAAAABBBBB
            """], walkways: ["A", "B"]).venue()
        #expect(venue.openings.count == 1)
        #expect(venue.openPlanBoundaries.isEmpty)
    }

    /// ```
    /// AAAAA.....      walkways touching along less than a metre (here only at a corner) stay apart
    /// .....BBBBB
    /// AAAAABBBBB      and levels of different ordinals never meet
    /// ```
    @Test func walkwaysTouchingAtACornerOrOnAnotherFloorDoNotMeet() throws {
        let venue = try AsciiVenue(levels: [0: """
            AAAAA.....
            .....BBBBB
            """, 1: """
            AAAAA.....
            .....BBBBB
            """], walkways: ["A", "B"]).venue()
        #expect(venue.openPlanBoundaries.isEmpty)
        let stacked = try AsciiVenue(levels: [0: "AAAAA\n", 1: "BBBBB\n"], walkways: ["A", "B"]).venue()
        #expect(stacked.openPlanBoundaries.isEmpty)
    }
}
