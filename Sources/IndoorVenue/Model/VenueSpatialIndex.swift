import IndoorBase
import IndoorGeometry

/// "Which space is this point in?" for every level of a venue: one `PolygonIndex` per level, in the venue's
/// metric frame. Built once; a value to share between threads.
public struct VenueSpatialIndex: Sendable {
    private let frame: LocalFrame
    private let levels: [String: (spaceIDs: [String], index: PolygonIndex)]

    /// - Complexity: O(n log n) in the number of spaces, plus one projection of every vertex.
    public init(_ venue: Venue) {
        frame = venue.frame
        var levels: [String: (spaceIDs: [String], index: PolygonIndex)] = [:]
        let shapes = venue.shapes.spaces
        let byLevel = Dictionary(grouping: venue.spaces.indices, by: { venue.spaces[$0].levelID })
        for level in venue.levels {
            let spaces = byLevel[level.id] ?? []
            levels[level.id] = (spaces.map { venue.spaces[$0].id }, PolygonIndex(spaces.map { shapes[$0] ?? .multiPolygon([]) }))
        }
        self.levels = levels
    }

    /// The id of the space containing a WGS84 `coordinate` on a level (the first in load order where spaces
    /// overlap), or `nil` when it is in none.
    public func spaceID(at coordinate: GeoCoordinate, levelID: String) -> String? {
        guard let level = levels[levelID], let p = try? frame.project(coordinate),
              let i = level.index.firstContaining(p) else { return nil }
        return level.spaceIDs[i]
    }
}
