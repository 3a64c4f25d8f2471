import Foundation
import IndoorBase
import IndoorGeometry

/// A place on a venue, as people name one on the command line: a POI, a space or an opening by id, or a
/// coordinate on a level (`LON,LAT@LEVEL`, LEVEL an ordinal such as `0`, `-1`, `0.5`, or a level id). Names are
/// resolved by search (`IndoorSearch`).
public enum Place: Hashable, Sendable {
    /// A POI by id, at its point.
    case poi(POI)
    /// A space by id, at its display point (else the middle of its box).
    case space(Space)
    /// An opening by id, at the middle of its line.
    case opening(Opening)
    /// A position on the level with id `levelID`.
    case coordinate(GeoCoordinate, levelID: String)

    /// Where it is: a POI's point, the middle of a space's box or of an opening.
    public var coordinate: GeoCoordinate {
        switch self {
        case .poi(let p): p.coordinate
        case .space(let s): s.displayPoint ?? GeoCoordinate(position: s.geometry.boundingBox?.center ?? Coordinate(x: 0, y: 0))
        case .opening(let o): GeoCoordinate(position: o.geometry.boundingBox?.center ?? Coordinate(x: 0, y: 0))
        case .coordinate(let c, _): c
        }
    }

    /// The id of the level the place is on.
    public var levelID: String {
        switch self {
        case .poi(let p): p.levelID
        case .space(let s): s.levelID
        case .opening(let o): o.levelID
        case .coordinate(_, let level): level
        }
    }
}

extension Venue {
    /// The open area a place is, when it is one: a walkway, concourse, platform, corridor or square (an open-plan
    /// space, or the POI of one, which has its id), or a POI mapped as an area (an OSM platform). A walk is
    /// there as soon as it enters it, not at its middle. `nil` for a room behind doors, a point or an opening.
    public func openArea(of place: Place) -> GeoGeometry? {
        switch place {
        case .space(let s):
            return s.kind.isOpenPlan ? s.geometry : nil
        case .poi(let p):
            if let footprint = p.footprint { return footprint }
            guard p.kind == .room, let s = spaces.first(where: { $0.id == p.id }) else { return nil }
            return s.kind.isOpenPlan ? s.geometry : nil
        case .opening, .coordinate:
            return nil
        }
    }
}

/// A place that cannot be found, with what would help.
public enum PlaceError: Error, Equatable, Sendable {
    /// The text was empty or only spaces.
    case empty
    /// `text` reads as `LON,LAT@LEVEL` but cannot be used: `reason` says why (not numbers, out of range).
    case invalidCoordinate(text: String, reason: String)
    /// The `@LEVEL` of `text` names no level; `available` lists the venue's level ids to choose from.
    case unknownLevel(text: String, available: [String])
    /// No place matches `text` well enough; `suggestions` name the closest matches (may be empty), in no language
    /// yet: the text module says them in the reader's (`IndoorText`'s `PlaceError.said(in:names:)`).
    case notFound(text: String, suggestions: [SpokenName])
}

extension PlaceError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .empty:
            "an empty place"
        case .invalidCoordinate(let text, let reason):
            "\"\(text)\" is not a usable LON,LAT@LEVEL: \(reason)"
        case .unknownLevel(let text, let available):
            "\"\(text)\" names no level of this venue (levels: \(available.joined(separator: ", ")))"
        case .notFound(let text, let suggestions):
            "no place matches \"\(text)\"" + (suggestions.isEmpty ? "" : " (did you mean: \(suggestions.map(\.typed).joined(separator: "; "))?)")
        }
    }
}

/// The features of a venue by id, for ``Venue/place(identifiedBy:ids:)``: made once where a venue answers many
/// queries (a scan of every feature per query was a twentieth of a campus route's time under load).
public struct PlaceIDs: Sendable {
    /// The first feature of each kind with an id, by the order ids are looked up in: a POI that is not a room
    /// (a room's POI may share its space's id), a space, any POI, an opening.
    private let poiNotRoom: [String: Int], space: [String: Int], poi: [String: Int], opening: [String: Int]

    /// The ids of `venue`'s features. - Complexity: O(n) for its n features.
    public init(_ venue: Venue) {
        func first<T>(_ items: [T], _ id: (T) -> String, where keep: (T) -> Bool = { _ in true }) -> [String: Int] {
            var out: [String: Int] = [:]
            for (k, item) in items.enumerated() where keep(item) { out[id(item)] = out[id(item)] ?? k }
            return out
        }
        poiNotRoom = first(venue.pois, \.id) { $0.kind != .room }
        space = first(venue.spaces, \.id)
        poi = first(venue.pois, \.id)
        opening = first(venue.openings, \.id)
    }

    /// The feature of `venue` (the one these ids were made of) with this id. Each hit is checked against the
    /// venue, so ids made of another venue find nothing wrongly and never index out of it.
    func place(_ id: String, in venue: Venue) -> Place? {
        func at<T>(_ k: Int?, _ items: [T], _ itemID: (T) -> String) -> T? {
            guard let k, items.indices.contains(k), itemID(items[k]) == id else { return nil }
            return items[k]
        }
        if let p = at(poiNotRoom[id], venue.pois, \.id) { return .poi(p) }
        if let s = at(space[id], venue.spaces, \.id) { return .space(s) }
        if let p = at(poi[id], venue.pois, \.id) { return .poi(p) }
        if let o = at(opening[id], venue.openings, \.id) { return .opening(o) }
        return nil
    }
}

extension Venue {
    /// The place an id or a `LON,LAT@LEVEL` names, or `nil` when the text is neither (a name, for search).
    /// - Parameters:
    ///   - text: an id of a POI, space or opening, or `LON,LAT@LEVEL`.
    ///   - ids: this venue's ``PlaceIDs`` where they are kept; made for the call otherwise.
    /// - Throws: ``PlaceError`` when the text is a coordinate that cannot be used (bad numbers, unknown level).
    public func place(identifiedBy text: String, ids: PlaceIDs? = nil) throws(PlaceError) -> Place? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .empty }
        if let place = (ids ?? PlaceIDs(self)).place(text, in: self) { return place }
        guard let at = text.lastIndex(of: "@") else { return nil }
        let numbers = text[..<at].split(separator: ",", omittingEmptySubsequences: false)
        guard numbers.count == 2 else { return nil }
        guard let lon = Double(numbers[0].trimmingCharacters(in: .whitespaces)),
              let lat = Double(numbers[1].trimmingCharacters(in: .whitespaces)) else {
            throw .invalidCoordinate(text: text, reason: "longitude and latitude must be numbers")
        }
        guard lon.isFinite, lat.isFinite, abs(lon) <= 180, abs(lat) <= 90 else {
            throw .invalidCoordinate(text: text, reason: "longitude must lie in −180…180 and latitude in −90…90")
        }
        let levelText = text[text.index(after: at)...].trimmingCharacters(in: .whitespaces)
        let coordinate = GeoCoordinate(longitude: lon, latitude: lat)
        // Several buildings may have a level of that ordinal: take the one with a space under the point, else the
        // one whose spaces come nearest.
        let candidates = levels(named: levelText)
        guard let first = candidates.first else {
            throw .unknownLevel(text: levelText, available: Array(Set(levels.map(\.ordinalText))).sorted())
        }
        guard candidates.count > 1 else { return .coordinate(coordinate, levelID: first.id) }
        let nearest = candidates.min { a, b in distance(from: coordinate, toSpacesOf: a.id) < distance(from: coordinate, toSpacesOf: b.id) }
        return .coordinate(coordinate, levelID: (nearest ?? first).id)
    }

    /// How far a WGS84 point is from the spaces of a level, in degrees-ish (0 inside one): only for choosing.
    private func distance(from position: GeoCoordinate, toSpacesOf levelID: String) -> Double {
        let c = position.position
        var best = Double.infinity
        for space in spaces(on: levelID) {
            if PreparedPolygon(space.geometry.degrees).contains(c) { return 0 }
            if let box = space.geometry.boundingBox {
                let dx = max(box.minX - c.x, 0, c.x - box.maxX), dy = max(box.minY - c.y, 0, c.y - box.maxY)
                best = min(best, (dx * dx + dy * dy).squareRoot())
            }
        }
        return best
    }
}
