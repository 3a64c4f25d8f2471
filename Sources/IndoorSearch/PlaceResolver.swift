import IndoorBase
import IndoorGeometry
import IndoorVenue

/// The place a text names, and the others it names as well.
public struct PlaceResolution: Sendable {
    /// The place taken.
    public let place: Place
    /// Other places the text matches exactly as well (the same name on another level, another restroom); empty
    /// when the text was an id or a coordinate, or named one place best.
    public let alternatives: [SearchResult]
}

extension SearchIndex {
    /// The least relevance at which the best search result is taken as the place a name means.
    public static let nameMatchThreshold = 0.6

    /// Resolves what a person typed for a place: an id, `LON,LAT@LEVEL`, or a name (the best search result;
    /// among equally good ones, the nearest to `near`, such as the previous stop of a route).
    /// - Throws: `PlaceError` saying what is wrong, with suggestions for a name that matches nothing well.
    public func place(_ text: String, near: Place? = nil) throws(PlaceError) -> Place {
        try resolve(text, near: near).place
    }

    /// ``place(_:near:)``, with the other places that match the text as well as the one taken, so that a caller can
    /// say which one it took and how to name another.
    /// - Parameter text: an id, `LON,LAT@LEVEL` (WGS84 degrees and a level id) or a name; spaces around it are ignored.
    /// - Parameter near: the place to prefer among equally good matches.
    /// - Parameter alternatives: the most alternatives to return.
    /// - Throws: `PlaceError` saying what is wrong, with suggestions for a name that matches nothing well.
    /// - Complexity: one search (see ``search(_:walkingDistance:)``).
    public func resolve(_ text: String, near: Place? = nil,
                        alternatives: Int = 3) throws(PlaceError) -> PlaceResolution {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // The id of a connector's stop (`node/1@0`) names that stop.
        if let stop = places.first(where: { $0.id == trimmed }) {
            return PlaceResolution(place: .poi(stop), alternatives: [])
        }
        if let place = try venue.place(identifiedBy: text, ids: ids) { return PlaceResolution(place: place, alternatives: []) }
        // Any connector stop's id names that stop, also one a POI stands for in search.
        if let stop = ConnectorPlaces.place(identifiedBy: trimmed, in: venue) { return PlaceResolution(place: .poi(stop), alternatives: []) }
        var query = SearchQuery(text, limit: max(3, alternatives + 1))
        query.near = near
        let results = search(query)
        guard let best = results.first, best.score >= Self.nameMatchThreshold else {
            throw .notFound(text: text, suggestions: results.map(\.poi.spokenName))
        }
        let ties = results.dropFirst().filter { $0.nameMatch == best.nameMatch && abs($0.score - best.score) < 0.005 }
        return PlaceResolution(place: .poi(best.poi), alternatives: Array(ties.prefix(max(0, alternatives))))
    }
}
