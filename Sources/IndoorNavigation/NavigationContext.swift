import Foundation
import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorSearch
import IndoorVenue

/// What the engine reads about a venue, built once and shared by every engine, session and simulated walker.
public struct NavigationContext: Sendable {
    /// The venue navigated.
    public let venue: Venue
    /// The routing graph reroutes are computed on.
    public let graph: NavigationGraph
    /// The metric plane fixes are matched in: the venue's frame (`Venue.frame`) to second order, metres east and
    /// north of its origin.
    public let plane: TangentPlane
    /// Which space a WGS84 position is in, per level.
    public let spatialIndex: VenueSpatialIndex
    /// Per level id: its POIs in the plane, for "nearest POI" in free mode.
    let poisByLevel: [String: [(poi: POI, point: Coordinate)]]
    /// The names of the spaces, by id (for free mode).
    let spaceNames: [String: LocalizedText]
    /// The spaces a person may walk through.
    let walkableSpaceIDs: Set<String>
    /// The spaces of outdoor ground and a campus's grounds.
    let outdoorSpaceIDs: Set<String>
    /// Routers for reroutes, shared by every engine of this context (building one copies the graph's edge tables).
    public let routers: RouterPool
    /// Per level ordinal, where a level change of the venue (stairs, escalator, elevator, ramp: every edge of the
    /// graph between two ordinals) arrives on that floor, in the plane: the only places a person enters it.
    let levelChangesByOrdinal: [Double: [Coordinate]]

    /// - Parameter venue: the venue navigated.
    /// - Parameter graph: its routing graph, when already built (built here otherwise).
    /// - Parameter spatialIndex: its spatial index, when already built (built here otherwise).
    /// - Parameter routers: a pool to share with other users of the same graph (a new one by default).
    public init(venue: Venue, graph: NavigationGraph? = nil, spatialIndex: VenueSpatialIndex? = nil, routers: RouterPool? = nil) {
        self.venue = venue
        self.graph = graph ?? NavigationGraph(venue: venue)
        // The venue's own frame to second order (the same metres as the graph's, within 0.1 mm across a venue).
        let plane = venue.frame.plane
        self.plane = plane
        self.spatialIndex = spatialIndex ?? VenueSpatialIndex(venue)
        walkableSpaceIDs = Set(venue.spaces.filter(\.isWalkable).map(\.id))
        outdoorSpaceIDs = Set(venue.spaces.filter { $0.kind == .outdoor || $0.kind == .grounds }.map(\.id))
        self.routers = routers ?? RouterPool(graph: self.graph)
        poisByLevel = Dictionary(grouping: venue.pois, by: \.levelID).mapValues { $0.map { ($0, plane.project($0.coordinate)) } }
        spaceNames = Dictionary(venue.spaces.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        levelChangesByOrdinal = Self.levelChanges(of: self.graph, plane: plane)
    }

    /// Both ends of every edge of `graph` between levels of different ordinals, by the ordinal each end is on.
    /// - Complexity: O(edges).
    static func levelChanges(of graph: NavigationGraph, plane: TangentPlane) -> [Double: [Coordinate]] {
        let ordinals = Dictionary(graph.venue.levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { a, _ in a })
        var ends: [Double: Set<Coordinate>] = [:]
        for edge in graph.edges {
            let a = graph.nodes[Int(edge.from)], b = graph.nodes[Int(edge.to)]
            guard let oa = ordinals[a.levelID], let ob = ordinals[b.levelID], oa != ob else { continue }
            for (node, ordinal) in [(a, oa), (b, ob)] {
                guard let c = try? graph.venue.frame.unproject(node.point) else { continue }
                ends[ordinal, default: []].insert(plane.project(c))
            }
        }
        return ends.mapValues { Array($0) }
    }

    /// Whether `p` (plane metres) is within `reach` of a place where the floor at `ordinal` is entered from another;
    /// nil when the venue draws no level change to that floor (nothing to judge by).
    func isNearLevelChange(_ p: Coordinate, to ordinal: Double, within reach: Double) -> Bool? {
        guard let ends = levelChangesByOrdinal[ordinal], !ends.isEmpty else { return nil }
        return ends.contains { $0.distance(to: p) <= reach }
    }

    /// The level at `ordinal` that holds `coordinate` (WGS84) in one of its spaces, else the first at that ordinal.
    public func level(ordinal: Double, at coordinate: GeoCoordinate) -> Level? {
        let candidates = venue.levels.filter { $0.ordinal == ordinal }
        return candidates.first { spatialIndex.spaceID(at: coordinate, levelID: $0.id) != nil } ?? candidates.first
    }

    /// Where a fix is without a route: its level, the space it is in, the nearest POI on that level, by id and by
    /// `SpokenName`.
    func freePosition(_ coordinate: GeoCoordinate, levelOrdinal: Double?) -> FreePosition {
        let level = levelOrdinal.flatMap { self.level(ordinal: $0, at: coordinate) }
            ?? venue.levels.first { spatialIndex.spaceID(at: coordinate, levelID: $0.id) != nil && $0.ordinal == 0 }
        let p = plane.project(coordinate)
        let space = level.flatMap { spatialIndex.spaceID(at: coordinate, levelID: $0.id) }
        let poi = level.flatMap { poisByLevel[$0.id]?.min { $0.point.distance(to: p) < $1.point.distance(to: p) }?.poi }
        return FreePosition(coordinate: coordinate, levelOrdinal: level?.ordinal ?? levelOrdinal, levelID: level?.id, spaceID: space,
                            nearestPOI: poi?.id, levelName: level?.spokenName,
                            spaceName: space.flatMap { id in spaceNames[id].flatMap { $0.isEmpty ? nil : SpokenName(id: id, names: $0) } },
                            nearestPOIName: poi?.spokenName)
    }
}
