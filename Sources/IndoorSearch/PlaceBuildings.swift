import IndoorBase
import IndoorVenue

/// Which of a venue's buildings each place is in, for telling same-named places apart and for finding a place by
/// its building's name.
///
/// A level names the buildings it belongs to, and on a campus that settles it. But every level of an OSM extract
/// belongs to every building drawn in it, so where a level has several, a place is in the one whose footprint holds
/// it (a ticket machine on a station's platform is not in the hotel next door); where none holds it, in those the
/// source drew no footprint for, if any. A place that is a building (OSM puts a police station's at its entrance, on
/// its outline, where a footprint test may answer either way) is in itself.
public struct PlaceBuildings: Sendable {
    /// Building index (into `venue.buildings`) by id.
    private let index: [String: Int]
    /// Footprints (WGS84) prepared for point tests, by building index.
    private let footprints: [Int: PreparedPolygon]
    /// Per level id, its buildings' indexes.
    private let levels: [String: [Int]]

    /// The buildings of `venue`, ready to place its POIs.
    /// - Complexity: O(buildings + levels' building ids), and each footprint's edges once.
    public init(_ venue: Venue) {
        let buildings = venue.buildings
        let index = Dictionary(buildings.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.index = index
        footprints = Dictionary(uniqueKeysWithValues: buildings.indices.compactMap { i in buildings[i].footprint.map { (i, PreparedPolygon($0.degrees)) } })
        levels = Dictionary(venue.levels.map { level in (level.id, level.buildingIDs.compactMap { index[$0] }) }, uniquingKeysWith: { a, _ in a })
    }

    /// The index in `venue.buildings` of the building with id `id`, if there is one.
    public func index(ofBuilding id: String) -> Int? { index[id] }

    /// The indexes in `venue.buildings` of the buildings `poi` is in (see ``PlaceBuildings``); empty when its level
    /// names none, or when every building of its level has a footprint and none holds it.
    /// - Complexity: O(the level's buildings), a point-in-polygon test each where it has several.
    public func buildings(of poi: POI) -> [Int] {
        if let own = index[poi.id] { return [own] }
        let candidates = levels[poi.levelID] ?? []
        guard candidates.count > 1 else { return candidates }
        let holding = candidates.filter { footprints[$0]?.contains(poi.coordinate.position) ?? false }
        return holding.isEmpty ? candidates.filter { footprints[$0] == nil } : holding
    }
}
