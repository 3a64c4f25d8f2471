import IndoorGeometry
import IndoorVenue

extension POI {
    /// What to call the place when showing it: its name in the first of `languages` that has one, else another
    /// name it has (an OSM `alt_name` or `description`), its room number, or its category.
    public func displayName(for languages: [String] = []) -> String {
        name.resolved(for: languages) ?? altName.resolved(for: languages) ?? ref ?? category
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
                let space = stop.spaceID.flatMap { spaces[$0] }
                guard let at = stop.location ?? space?.displayPoint ?? space?.geometry.boundingBox?.center else { continue }
                let id = "\(connector.id)@\(stop.levelID)"
                guard !existing.contains(id), !made.contains(id) else { continue }
                let metric = try? venue.frame.project(at)
                let duplicate = (standing[stop.levelID] ?? []).contains { poi in
                    guard poi.kind == kind else { return false }
                    if let s = stop.spaceID, poi.space == s { return true }
                    guard let a = poi.at, let b = metric else { return false }
                    return a.distance(to: b) <= duplicateRadius
                }
                guard !duplicate else { continue }
                made.insert(id)
                out.append(POI(id: id, kind: .amenity, category: category, name: connector.name, altName: connector.altName,
                               ref: connector.ref, levelID: stop.levelID, coordinate: at, spaceID: stop.spaceID))
            }
        }
        return out
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
                  let at = o.geometry.boundingBox?.center else { return nil }
            return POI(id: o.id, kind: .entrance, category: category(of: o), name: o.name, levelID: o.levelID, coordinate: at)
        }
    }
}
