import Foundation
import IndoorBase
import IndoorGeometry
import IndoorText
import IndoorVenue

extension PreparedVenue {
    /// What a map client draws of a floor, as RFC 7946 GeoJSON (positions `[longitude, latitude]`): every level
    /// `level` names (an ordinal: the whole floor, twin levels included; a level id: that level), each feature
    /// with a `feature` property saying what it is —
    /// - `space`: a polygon with `id`, `category`, `kind` (walkway, room, restroom, stairs…), `walkable`, `name`
    ///   and `ref` when it has them, and `inferred: true` for an implicit corridor;
    /// - `opening`: a line with `id`, `category`, `door`, `name`, and `inferred: true` for an inferred entrance; also,
    ///   with category `open_plan` and an id `open-plan:SPACE+SPACE` (then `:2`, `:3` for the pair's further
    ///   stretches), each stretch where two walkways or outdoor areas meet with no wall between them (routes cross
    ///   it anywhere);
    /// - `obstacle`: a polygon (a pillar, a counter) with `id` and `category`;
    /// - `connector`: a point for each stop of an elevator, escalator, stairs or ramp on the floor, with `id` (the
    ///   stop's, `CONNECTOR@LEVEL`, as routes take it), `connector` (its kind) and the ordinals of all its `levels`;
    /// - `poi`: a point with `id`, `category`, `kind` (amenity, occupant…), `name` and `ref`.
    /// Every feature also has `level` (ordinal) and `level_id`. Names are in the first of `languages` they have.
    /// The points computed here (connector stops, POIs) are given to 7 decimals, as routes are; the data's own
    /// shapes pass through as drawn.
    /// - Throws: `PlaceError.unknownLevel(text:available:)` for a level that names nothing.
    /// - Complexity: O(features of the venue).
    public func levelFeatures(_ level: String, languages: [String] = ["en"]) throws(PlaceError) -> FeatureCollection {
        let levels = try self.levels(named: level)
        // The asked levels' ordinals: a feature is drawn when its level is one of them, with that level's ordinal.
        let asked = Dictionary(levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { a, _ in a })
        let ordinals = Dictionary(venue.levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { a, _ in a })
        func common(_ kind: String, _ id: String, _ levelID: String) -> [String: JSONValue]? {
            asked[levelID].map { ["feature": .string(kind), "id": .string(id), "level_id": .string(levelID), "level": .number($0)] }
        }
        func named(_ p: inout [String: JSONValue], _ name: LocalizedText, ref: String? = nil) {
            if let n = name.resolved(for: languages) { p["name"] = .string(n) }
            if let ref { p["ref"] = .string(ref) }
        }
        var features: [Feature] = []
        for s in venue.spaces {
            guard var p = common("space", s.id, s.levelID) else { continue }
            p["category"] = .string(s.category)
            p["kind"] = .string(s.kind.rawValue)
            p["walkable"] = .bool(s.isWalkable)
            if s.isInferred { p["inferred"] = .bool(true) }
            named(&p, s.name, ref: s.ref)
            features.append(Feature(id: .string(s.id), geometry: s.geometry.degrees, properties: p))
        }
        for o in venue.openings {
            guard var p = common("opening", o.id, o.levelID) else { continue }
            p["category"] = .string(o.category)
            p["door"] = .bool(o.isDoor)
            if o.isInferred { p["inferred"] = .bool(true) }
            named(&p, o.name)
            features.append(Feature(id: .string(o.id), geometry: o.geometry.degrees, properties: p))
        }
        // Where walkways meet with no wall between them: open floor, which routes cross anywhere along it.
        var stretches: [String: Int] = [:]
        for b in venue.openPlanBoundaries {
            let (a, t) = (venue.spaces[b.spaces[0]], venue.spaces[b.spaces[1]])
            guard asked[a.levelID] != nil, let positions = try? venue.frame.unproject(b.line.coordinates),
                  let line = try? LineString(positions.map { RouteResponse.roundedPosition($0).position }) else { continue }
            let pair = "\(a.id)+\(t.id)"
            stretches[pair, default: 0] += 1
            let id = "open-plan:\(pair)" + (stretches[pair] == 1 ? "" : ":\(stretches[pair] ?? 0)")
            guard var p = common("opening", id, a.levelID) else { continue }
            p["category"] = .string("open_plan")
            p["door"] = .bool(false)
            features.append(Feature(id: .string(id), geometry: .lineString(line), properties: p))
        }
        for o in venue.obstacles {
            guard var p = common("obstacle", o.id, o.levelID) else { continue }
            p["category"] = .string(o.category)
            named(&p, o.name)
            features.append(Feature(id: .string(o.id), geometry: o.geometry.degrees, properties: p))
        }
        let connectors = Dictionary(venue.connectors.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for stop in venue.connectorStops {
            guard var p = common("connector", stop.id, stop.levelID) else { continue }
            p["category"] = .string(stop.category)
            if let at = stop.id.lastIndex(of: "@"), let connector = connectors[String(stop.id[..<at])] {
                p["connector"] = .string(connector.kind.rawValue)
                p["levels"] = .array(connector.levelIDs.compactMap { ordinals[$0] }.map(JSONValue.number))
            }
            named(&p, stop.name, ref: stop.ref)
            features.append(Feature(id: .string(stop.id), geometry: .point(RouteResponse.roundedPosition(stop.coordinate).position), properties: p))
        }
        for poi in venue.pois {
            guard var p = common("poi", poi.id, poi.levelID) else { continue }
            p["category"] = .string(poi.category)
            p["kind"] = .string(poi.kind.rawValue)
            named(&p, poi.name, ref: poi.ref)
            features.append(Feature(id: .string(poi.id), geometry: .point(RouteResponse.roundedPosition(poi.coordinate).position), properties: p))
        }
        return FeatureCollection(features: features)
    }
}

extension PreparedVenue {
    /// The whole venue as one RFC 7946 FeatureCollection (`venue export --format geojson`), for GIS tools: a
    /// `level` feature for each level (its outline, or none when the data draws none, with `id`, `name`, `level`
    /// ordinal and `level_id`), then each level's features as ``levelFeatures(_:languages:)`` gives them, so every
    /// feature has an `id`, its `level` and `level_id`.
    /// - Complexity: O(features of the venue).
    public func venueFeatures(languages: [String] = ["en"]) -> FeatureCollection {
        var features: [Feature] = []
        for level in venue.levels {
            var p: [String: JSONValue] = ["feature": .string("level"), "id": .string(level.id), "level_id": .string(level.id),
                                          "level": .number(level.ordinal)]
            p["name"] = .string(level.displayName(for: languages))
            features.append(Feature(id: .string(level.id), geometry: level.geometry?.degrees, properties: p))
        }
        for level in venue.levels {
            // A level id always names its level: the catch is unreachable, and would only drop that level's features.
            if let floor = try? levelFeatures(level.id, languages: languages) { features += floor.features }
        }
        return FeatureCollection(features: features)
    }
}
