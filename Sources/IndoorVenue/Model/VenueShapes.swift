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
    /// Per opening: the straight line from its first point to its last, as routing takes a passage; `nil` when it
    /// cannot be projected or is shorter than 5 cm (`venue validate` reports those).
    public let openingSegments: [LineString?]
    /// Per obstacle (indexed like `Venue.obstacles`): its shape in metres, or `nil` when it cannot be projected.
    public let obstacles: [Geometry?]

    /// Projects every space, opening and obstacle of `venue`.
    /// - Complexity: O(n) in the number of vertices.
    init(projecting venue: Venue) {
        let frame = venue.frame
        spaces = venue.spaces.map { try? frame.project($0.geometry) }
        openings = venue.openings.map { try? frame.project($0.geometry) }
        openingSegments = openings.map { line in
            guard let cs = line?.allCoordinates, let a = cs.first, let b = cs.last, a.distance(to: b) > 0.05 else { return nil }
            return try? LineString([a, b])
        }
        obstacles = venue.obstacles.map { try? frame.project($0.geometry) }
    }
}

/// Where a venue keeps something made from it once (its ``VenueShapes``, its ``OpenPlanBoundary``s): built the first
/// time it is read, then shared by copies of the venue until what it is made from changes (then the venue gets a new,
/// empty one). It takes no part in the venue's equality.
struct VenueCache<Value: Sendable>: Hashable, Sendable {
    private let built = BuiltOnce<Value>()

    func value(_ build: () -> Value) -> Value { built.value(build) }

    static func == (lhs: VenueCache, rhs: VenueCache) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
