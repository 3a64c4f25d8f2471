import IndoorGeometry
import IndoorVenue

extension SearchIndex {
    /// The least relevance at which the best search result is taken as the place a name means.
    public static let nameMatchThreshold = 0.6

    /// Resolves what a person typed for a place: an id, `LON,LAT@LEVEL`, or a name (the best search result;
    /// among equally good ones, the nearest to `near`, such as the previous stop of a route).
    /// - Throws: ``PlaceError`` saying what is wrong, with suggestions for a name that matches nothing well.
    public func place(_ text: String, near: (coordinate: Coordinate, levelID: String)? = nil) throws(PlaceError) -> Place {
        if let place = try venue.place(identifiedBy: text) { return place }
        var query = SearchQuery(text, limit: 3)
        query.near = near
        let results = search(query)
        if let best = results.first, best.score >= Self.nameMatchThreshold { return .poi(best.poi) }
        throw .notFound(text: text, suggestions: results.compactMap { $0.poi.name.resolved() })
    }
}
