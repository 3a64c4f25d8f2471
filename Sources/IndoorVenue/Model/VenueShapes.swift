import IndoorBase
import IndoorGeometry

/// A venue's geometry projected into its metric frame (`Venue.frame`), once: what the routing graph, the spatial
/// index, passage inference and the renderer measure and draw, all from the same projection.
///
/// Read it as ``Venue/shapes``; a venue projects its geometry the first time it is asked and keeps it until its
/// spaces, openings or obstacles change.
public struct VenueShapes: Sendable {
    /// Per space (indexed like `Venue.spaces`): its outline in metres, or `nil` when it cannot be projected (a
    /// coordinate outside the frame's domain).
    public let spaces: [Geometry?]
    /// Per opening (indexed like `Venue.openings`): its line in metres, or `nil` when it cannot be projected.
    public let openings: [Geometry?]
    /// Per obstacle (indexed like `Venue.obstacles`): its shape in metres, or `nil` when it cannot be projected.
    public let obstacles: [Geometry?]

    /// Projects every space, opening and obstacle of `venue`.
    /// - Complexity: O(n) in the number of vertices.
    init(projecting venue: Venue) {
        let frame = venue.frame
        spaces = venue.spaces.map { try? frame.project($0.geometry) }
        openings = venue.openings.map { try? frame.project($0.geometry) }
        obstacles = venue.obstacles.map { try? frame.project($0.geometry) }
    }
}

/// Where a venue keeps its ``VenueShapes`` and what is measured on them (its ``OpenPlanBoundary``s) once made. A copy
/// of a venue shares it until the copy's geometry changes (then the copy gets a new, empty one); it takes no part in
/// the venue's equality.
struct ShapesCache: Hashable, Sendable {
    private let built = BuiltOnce<VenueShapes>()
    private let openPlan = BuiltOnce<[OpenPlanBoundary]>()

    func shapes(of venue: Venue) -> VenueShapes { built.value { VenueShapes(projecting: venue) } }
    func openPlanBoundaries(_ find: () -> [OpenPlanBoundary]) -> [OpenPlanBoundary] { openPlan.value(find) }

    static func == (lhs: ShapesCache, rhs: ShapesCache) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
