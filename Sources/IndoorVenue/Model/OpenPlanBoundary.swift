import IndoorBase
import IndoorGeometry

/// Where two open-plan spaces of a floor (walkways, outdoor areas: a corridor and the food court it opens onto)
/// meet with no wall between them: the stretch of their shared boundary that walkers cross anywhere along.
///
/// Routing joins the two spaces along it, the renderer and the web map leave it open instead of drawing a wall, so a
/// route across it is not seen to cut one.
public struct OpenPlanBoundary: Hashable, Sendable {
    /// The two spaces it joins, indices into `Venue.spaces`.
    public let spaces: [Int]
    /// Where they meet, in the venue's local frame (metres), along the first space's outline.
    public let line: LineString

    /// Two open-plan spaces join along a shared stretch of at least this many metres.
    public static let shortest = 1.0
    /// Boundaries this far apart (metres) still count as shared: hand-drawn and CAD outlines leave gaps and overlaps.
    public static let tolerance = 0.05
}

extension Venue {
    /// ``openPlanBoundaries``, found.
    func findOpenPlanBoundaries() -> [OpenPlanBoundary] {
        let ordinal = Dictionary(levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { a, _ in a })
        let segments = shapes.openingSegments
        var spacesOnFloor: [Double: [Int]] = [:], openingsOnFloor: [Double: [LineString]] = [:]
        for (s, space) in spaces.enumerated() where space.kind.isOpenPlan && space.kind.isPassable {
            guard let floor = ordinal[space.levelID] else { continue }
            spacesOnFloor[floor, default: []].append(s)
        }
        for (o, opening) in openings.enumerated() {
            guard let floor = ordinal[opening.levelID], let segment = segments[o] else { continue }
            openingsOnFloor[floor, default: []].append(segment)
        }
        return spacesOnFloor.keys.sorted().flatMap { floor in
            openPlanBoundaries(among: spacesOnFloor[floor] ?? [], openings: openingsOnFloor[floor] ?? [])
        }
    }

    /// The open-plan boundaries among `spaces` (indices into ``spaces``, of one floor; those not open-plan are
    /// skipped): two walkways whose outlines run together for ``OpenPlanBoundary/shortest`` or more join along that
    /// stretch, unless one of `openings` (lines in the local frame) is drawn along it: then the rest of it is wall,
    /// and the opening is the way through.
    /// - Complexity: O(pairs of spaces whose boxes touch × their edges), after an R-tree query per space.
    func openPlanBoundaries(among spaces: [Int], openings: [LineString]) -> [OpenPlanBoundary] {
        let outlines = shapes.spaces
        let walkways = spaces.filter { self.spaces[$0].kind.isOpenPlan && outlines[$0] != nil }
        let boxes = walkways.map { outlines[$0]?.boundingBox ?? .empty }
        let tree = STRTree(boxes)
        let openingTree = STRTree(openings.map(\.boundingBox))
        var out: [OpenPlanBoundary] = []
        for (i, s) in walkways.enumerated() {
            for j in tree.items(intersecting: boxes[i].grown(by: OpenPlanBoundary.tolerance)) where j > i {
                let t = walkways[j]
                let stretches = SharedBoundary.stretches(of: outlines[s]?.polygons ?? [], along: outlines[t]?.polygons ?? [],
                                                         tolerance: OpenPlanBoundary.tolerance)
                for stretch in stretches where stretch.length >= OpenPlanBoundary.shortest {
                    // An opening on the stretch runs along it (both its ends near it): a door of a room that only
                    // touches the stretch's end is not one.
                    let crossed = openingTree.items(intersecting: stretch.boundingBox.grown(by: 0.5)).contains { k in
                        openings[k].coordinates.allSatisfy { stretch.distance(to: $0) <= 0.3 }
                    }
                    if !crossed { out.append(OpenPlanBoundary(spaces: [s, t], line: stretch)) }
                }
            }
        }
        return out
    }
}
