import Foundation
import IndoorRouting
import IndoorSearch
import IndoorVenue

extension Waypoint {
    /// A place as people name it — a POI, space or opening id, a name in any language the venue has, or
    /// `LON,LAT@LEVEL` — as a routing stop, labelled with its name in the first of `languages` it has. A name is
    /// resolved near `previous` when there is one ("Women's restroom" is the one on the way, not any one).
    /// - Throws: ``PlaceError`` when nothing matches, with suggestions; a coordinate the venue's frame cannot
    ///   project.
    public init(resolving text: String, in index: SearchIndex, languages: [String] = ["en"], after previous: Waypoint? = nil) throws {
        let venue = index.venue
        let near = previous.flatMap { p in (try? venue.frame.unproject(p.end.point)).map { Place.coordinate($0, levelID: p.end.levelID) } }
        try self.init(place: try index.place(text, near: near), in: venue, languages: languages)
    }

    /// A resolved place as a routing stop, labelled with its name in the first of `languages` it has; an open area
    /// (`Venue.openArea(of:)`) is reached as the walk enters it.
    /// - Throws: a coordinate the venue's frame cannot project.
    public init(place: Place, in venue: Venue, languages: [String] = ["en"]) throws {
        let label: String
        switch place {
        case .poi(let p): label = p.displayName(for: languages)
        case .space(let s): label = s.name.resolved(for: languages) ?? s.ref ?? s.category
        case .opening(let o): label = o.name.resolved(for: languages) ?? "the \(o.isDoor ? "door" : "passage") \(o.id)"
        case .coordinate(let c, _): label = String(format: "%.6f,%.6f", c.longitude, c.latitude)
        }
        let point = try venue.frame.project(place.coordinate)
        self.init(end: RouteEnd(point: point, levelID: place.levelID, label: label), area: Waypoint.area(of: place, in: venue))
    }
}
