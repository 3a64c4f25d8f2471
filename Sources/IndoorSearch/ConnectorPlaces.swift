import IndoorBase
import IndoorGeometry
import IndoorVenue

extension Venue {
    /// Every stop of every elevator, escalator, stairs, ramp and moving walkway as a place, id `CONNECTOR@LEVEL`
    /// (which ``SearchIndex/resolve(_:near:alternatives:)`` takes), whether or not a POI stands for it in search.
    /// - Complexity: O(stops + spaces).
    public var connectorStops: [POI] {
        let spaces = Dictionary(spaces.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return connectors.flatMap { c in c.stops.compactMap { ConnectorPlaces.place(of: c, at: $0, spaces: spaces) } }
    }
}

/// Elevators, escalators, stairs, ramps and moving walkways as places to search for and go to: one place per stop of
/// each connector (its level and where it is entered there), unless the venue already has a POI for it (an IMDF
/// amenity or a named unit of the same kind in the stop's space, or within ``duplicateRadius`` of the stop).
enum ConnectorPlaces {
    /// Metres within which a POI of the same kind on the same level stands for a connector's stop.
    static let duplicateRadius = 5.0

    /// The category a connector is searched by (a word of ``CategoryVocabulary``).
    static func category(of kind: Connector.Kind) -> String? {
        switch kind {
        case .stairs: "stairs"
        case .elevator: "elevator"
        case .escalator: "escalator"
        case .ramp: "ramp"
        case .movingWalkway: "movingwalkway"
        case .traversal: nil
        }
    }

    /// The places of `venue`'s connectors that no POI stands for, with ids `CONNECTOR@LEVEL`.
    /// - Complexity: O(s · p) for s stops and p POIs of a connector kind on their level.
    static func make(_ venue: Venue) -> [POI] {
        let existing = Set(venue.pois.map(\.id))
        // POIs that are already elevators, stairs…, by level, with their metric positions.
        var standing: [String: [(kind: SpaceKind, space: String?, at: Coordinate?)]] = [:]
        for poi in venue.pois {
            let kind = SpaceKind(category: poi.category)
            guard kind.isConnector else { continue }
            standing[poi.levelID, default: []].append((kind, poi.spaceID, try? venue.frame.project(poi.coordinate)))
        }
        let spaces = Dictionary(venue.spaces.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var out: [POI] = []
        var made: Set<String> = []
        for connector in venue.connectors {
            guard let category = category(of: connector.kind) else { continue }
            let kind = SpaceKind(category: category)
            for stop in connector.stops {
                guard let place = place(of: connector, at: stop, spaces: spaces), !existing.contains(place.id), !made.contains(place.id) else { continue }
                let metric = try? venue.frame.project(place.coordinate)
                let duplicate = (standing[stop.levelID] ?? []).contains { poi in
                    guard poi.kind == kind else { return false }
                    if let s = stop.spaceID, poi.space == s { return true }
                    guard let a = poi.at, let b = metric else { return false }
                    return a.distance(to: b) <= duplicateRadius
                }
                guard !duplicate else { continue }
                made.insert(place.id)
                out.append(place)
            }
        }
        return out
    }

    /// A connector's stop as a place, id `CONNECTOR@LEVEL`: where it is entered on that level (its location, else
    /// the middle of its space); nil for a stop with neither, or a connector of no searchable kind.
    static func place(of connector: Connector, at stop: Connector.Stop, spaces: [String: Space]) -> POI? {
        guard let category = category(of: connector.kind) else { return nil }
        let space = stop.spaceID.flatMap { spaces[$0] }
        guard let at = stop.location ?? space?.displayPoint ?? space?.geometry.boundingBox.map({ GeoCoordinate(position: $0.center) }) else { return nil }
        return POI(id: "\(connector.id)@\(stop.levelID)", kind: .amenity, category: category, name: connector.name,
                   altName: connector.altName, ref: connector.ref, levelID: stop.levelID, coordinate: at, spaceID: stop.spaceID)
    }

    /// The place a stop id (`CONNECTOR@LEVEL`) names, also when a POI stands for the stop in search.
    static func place(identifiedBy id: String, in venue: Venue) -> POI? {
        guard let at = id.lastIndex(of: "@") else { return nil }
        let (connectorID, levelID) = (String(id[..<at]), String(id[id.index(after: at)...]))
        guard let connector = venue.connectors.first(where: { $0.id == connectorID }),
              let stop = connector.stops.first(where: { $0.levelID == levelID }) else { return nil }
        let space = stop.spaceID.flatMap { s in venue.spaces.first { $0.id == s } }
        return place(of: connector, at: stop, spaces: space.map { [$0.id: $0] } ?? [:])
    }
}

/// Named openings and main entrances as places: IMDF draws entrances as openings (`pedestrian.principal`, or a door
/// with a name such as "Main entrance"), which are not POIs. An opening becomes a place (kind `entrance`) when it
/// has a name or is a principal entrance, unless a POI already stands for it (an OSM `entrance=*` node has the
/// opening's id).
enum OpeningPlaces {
    /// The category an opening is searched by.
    static func category(of opening: Opening) -> String {
        switch opening.category {
        case "pedestrian.principal": "entrance.main"
        case "emergencyexit": "exit"
        default: "entrance"
        }
    }

    /// The places of `venue`'s named or principal openings that no POI stands for, with the openings' ids.
    /// - Complexity: O(o + p) for o openings and p POIs.
    static func make(_ venue: Venue) -> [POI] {
        let existing = Set(venue.pois.map(\.id))
        return venue.openings.compactMap { o in
            guard !o.isInferred, !o.name.isEmpty || o.category == "pedestrian.principal", !existing.contains(o.id),
                  let box = o.geometry.boundingBox else { return nil }
            return POI(id: o.id, kind: .entrance, category: category(of: o), name: o.name, levelID: o.levelID, coordinate: GeoCoordinate(position: box.center))
        }
    }
}
