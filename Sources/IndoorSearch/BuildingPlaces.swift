import IndoorBase
import IndoorGeometry
import IndoorVenue

/// Named buildings as places to search for and go to: a hospital's wards block, a campus's main building, a mall
/// mapped as one named building. One place per named building the venue draws floors of, unless a POI already
/// stands for it (an OSM `shop=mall` building is a POI of its own id).
///
/// The place is on the building's ground floor (the floor of ordinal nearest 0, the lower of two), at its principal
/// entrance (else any entrance on its outline, else inside its footprint), and its area is the footprint: a route
/// to it ends as it enters the building, and one that starts inside it is already there.
enum BuildingPlaces {
    /// The category a building is searched by (a word of ``CategoryVocabulary``).
    static let category = "building"
    /// Metres within which an opening or entrance is on a building's outline.
    static let outlineTolerance = 1.5

    /// The places of `venue`'s named buildings that no POI stands for, with the buildings' ids.
    /// - Complexity: O(b · (l + o)) for b buildings, l levels and o openings and entrances on their ground floors.
    static func make(_ venue: Venue) -> [POI] {
        let existing = Set(venue.pois.map(\.id))
        var out: [POI] = []
        for building in venue.buildings where !building.name.isEmpty && !existing.contains(building.id) {
            let floors = venue.levels.filter { $0.buildingIDs.contains(building.id) }
            guard let ground = floors.min(by: { (abs($0.ordinal), $0.ordinal, $0.id) < (abs($1.ordinal), $1.ordinal, $1.id) }) else { continue }
            let footprint = building.footprint.flatMap { try? venue.frame.project($0) }
            guard let at = entrance(of: footprint, on: ground.id, in: venue) ?? inside(footprint).flatMap({ try? venue.frame.unproject($0) }) else { continue }
            out.append(POI(id: building.id, kind: .building, category: category, name: building.name, levelID: ground.id,
                           coordinate: at, footprint: building.footprint))
        }
        return out
    }

    /// The building's principal entrance on `levelID`, else its first entrance by id, among the openings (drawn, not
    /// inferred) and entrance POIs of that level on `footprint`'s outline (metres); `nil` without a footprint.
    static func entrance(of footprint: Geometry?, on levelID: String, in venue: Venue) -> GeoCoordinate? {
        guard let footprint, let box = footprint.boundingBox?.grown(by: outlineTolerance) else { return nil }
        let rings = footprint.polygons.flatMap { [$0.exterior] + $0.holes }.map(\.coordinates)
        var found: [(rank: Int, id: String, at: GeoCoordinate)] = []
        func consider(_ id: String, _ at: GeoCoordinate, principal: Bool) {
            guard let p = try? venue.frame.project(at), box.contains(p),
                  rings.contains(where: { ring in zip(ring, ring.dropFirst()).contains { p.distance(toSegment: $0, $1) <= outlineTolerance } })
            else { return }
            found.append((principal ? 0 : 1, id, at))
        }
        for o in venue.openings where o.levelID == levelID && !o.isInferred {
            guard let center = o.geometry.boundingBox?.center else { continue }
            consider(o.id, GeoCoordinate(position: center), principal: o.category == "pedestrian.principal")
        }
        for poi in venue.pois where poi.levelID == levelID && poi.kind == .entrance {
            consider(poi.id, poi.coordinate, principal: poi.category == "entrance.main")
        }
        return found.min { ($0.rank, $0.id) < ($1.rank, $1.id) }?.at
    }

    /// A point inside `footprint` (metres): the centre of its box when that is inside, else the footprint's point
    /// nearest it.
    static func inside(_ footprint: Geometry?) -> Coordinate? {
        guard let footprint, let center = footprint.boundingBox?.center else { return nil }
        if PreparedPolygon(footprint).contains(center) { return center }
        return (try? footprint.nearestPoints(to: Geometry.point(center)))?.0
    }
}
