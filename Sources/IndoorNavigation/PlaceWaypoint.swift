import Foundation
import IndoorRouting
import IndoorSearch
import IndoorVenue

extension Waypoint {
    /// A place as people name it — a POI, space or opening id, a name in any language the venue has, or
    /// `LON,LAT@LEVEL` — as a routing stop, called by its `SpokenName` in the instructions. A name is resolved
    /// near `previous` when there is one ("Women's restroom" is the one on the way, not any one).
    /// - Throws: ``PlaceError`` when nothing matches, with suggestions; a coordinate the venue's frame cannot
    ///   project.
    public init(resolving text: String, in index: SearchIndex, after previous: Waypoint? = nil) throws {
        let venue = index.venue
        let near = previous.flatMap { p in (try? venue.frame.unproject(p.end.point)).map { Place.coordinate($0, levelID: p.end.levelID) } }
        try self.init(place: try index.place(text, near: near), in: venue)
    }

    /// A resolved place as a routing stop, called by its names (else its number, kind or id) in the instructions;
    /// its end's label (for routing errors) is its English name. An open area (`Venue.openArea(of:)`) is reached
    /// as the walk enters it.
    /// - Throws: a coordinate the venue's frame cannot project.
    public init(place: Place, in venue: Venue) throws {
        let name: SpokenName, label: String
        switch place {
        case .poi(let p):
            name = p.spokenName
            label = p.label
        case .space(let s):
            let number = s.ref.flatMap { $0.isEmpty ? nil : $0 }
            name = SpokenName(id: s.id, names: s.name, standIn: number.map { .number($0) } ?? .kind(category: s.category, number: nil))
            label = s.name.resolved() ?? number ?? s.category
        case .opening(let o):
            name = SpokenName(id: o.id, names: o.name, standIn: .entrance(id: o.id, isDoor: o.isDoor))
            label = o.name.resolved() ?? "the \(o.isDoor ? "door" : "passage") \(o.id)"
        case .coordinate(let c, _):
            label = String(format: "%.6f,%.6f", c.longitude, c.latitude)
            name = SpokenName(literal: label)
        }
        let point = try venue.frame.project(place.coordinate)
        self.init(end: RouteEnd(point: point, levelID: place.levelID, label: label), name: name, area: Waypoint.area(of: place, in: venue))
    }
}
