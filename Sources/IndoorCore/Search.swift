import Foundation
import IndoorRouting
import IndoorSearch
import IndoorVenue

/// A search: words as a visitor types them, optionally ranked by walking distance from a place.
public struct SearchRequest: Codable, Hashable, Sendable {
    /// The words typed, in any order and language; `category:X` alone lists every place of category X.
    public var query: String
    /// Rank equally relevant results by walking distance from this place (an id, a name or `LON,LAT@LEVEL`).
    public var near: String?
    /// Only results on this floor: an ordinal (`0`, `-1`) or a level id.
    public var level: String?
    /// Only results of this category or a synonym ("toilet", "lift", "cafe").
    public var category: String?
    /// At most this many results (1 or more).
    public var limit: Int
    /// The language names are shown in (falling back to English, then any).
    public var language: String?

    /// A search for `query`; at most `limit` results (10 by default), names in `language` (English by default).
    public init(query: String, near: String? = nil, level: String? = nil, category: String? = nil, limit: Int = 10,
                language: String? = nil) {
        self.query = query
        self.near = near
        self.level = level
        self.category = category
        self.limit = limit
        self.language = language
    }

    enum CodingKeys: String, CodingKey {
        case query, near, level, category, limit, language
    }

    /// Decodes a request in which only `query` is required.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(query: try c.decode(String.self, forKey: .query), near: try c.decodeIfPresent(String.self, forKey: .near),
                  level: try c.decodeIfPresent(String.self, forKey: .level), category: try c.decodeIfPresent(String.self, forKey: .category),
                  limit: try c.decodeIfPresent(Int.self, forKey: .limit) ?? 10, language: try c.decodeIfPresent(String.self, forKey: .language))
    }
}

/// One result of a search, with its level.
public struct SearchHit: Sendable {
    /// The index's answer: the POI, its relevance and its distance from `near` in metres.
    public let result: SearchResult
    /// The level the POI is on, or `nil` when the venue does not know its level id.
    public let level: Level?
    /// The name of the building it is in, where the venue has several (``PreparedVenue/buildingName(of:languages:)``).
    public let building: String?
    /// The place found (``result``'s).
    public var poi: POI { result.poi }
}

/// A search's results as JSON: what `indoornav search --json` prints and a service answers.
public struct SearchResponse: Codable, Hashable, Sendable {
    /// JSON `query`: the words searched, as asked.
    public let query: String
    /// JSON `results`: best first.
    public let results: [Result]

    /// A place found.
    public struct Result: Codable, Hashable, Sendable {
        /// JSON `id`: the place's id, which names it alone in a request.
        public let id: String
        /// JSON `name`: the place's name in the requested language, else another name, its ref or its category.
        public let name: String
        /// JSON `category`: the category as the source names it (`restroom`, `cafe`).
        public let category: String
        /// `amenity`, `occupant`, `space`, `connector`… (see `POI.Kind`).
        public let kind: String
        /// The level's ordinal; absent when the venue does not list the place's level.
        public let level: Double?
        /// `[longitude, latitude]`.
        public let coordinate: [Double]
        /// Text relevance, 0…1, to a thousandth.
        public let score: Double
        /// The room number or code.
        public let ref: String?
        /// The name of the building it is in, where the venue has several.
        public let building: String?
        /// Metres walked from `near`, to a tenth.
        public let distance: Double?
    }

    /// The JSON form of `hits` for `query`, names in the first of `languages` that each place has.
    public init(query: String, hits: [SearchHit], languages: [String]) {
        self.query = query
        results = hits.map { h in
            Result(id: h.poi.id, name: h.poi.displayName(for: languages), category: h.poi.category, kind: h.poi.kind.rawValue,
                   level: h.result.levelOrdinal, coordinate: [h.poi.coordinate.longitude, h.poi.coordinate.latitude],
                   score: rounded(h.result.score, places: 3), ref: h.poi.ref, building: h.building,
                   distance: h.result.distance.map { rounded($0, places: 1) })
        }
    }
}

extension PreparedVenue {
    /// Searches the venue's places. With `near`, equally relevant results are ranked by walking distance on the
    /// routing graph (unreachable ones last).
    /// - Throws: ``RequestError`` for a limit below 1, an empty query with no filter, or a category no place of the
    ///   venue has (the error lists the venue's categories); `PlaceError` for a `near` place or a level that names
    ///   nothing.
    public func search(_ request: SearchRequest) throws -> [SearchHit] {
        guard request.limit >= 1 else { throw RequestError(.limit, .notPositive(request.limit)) }
        let index = searchIndex
        if let category = request.category, !index.hasPlaces(ofCategory: category) {
            throw RequestError(.category, .unknownCategory(category, known: index.categories))
        }
        guard !request.query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || request.category != nil || request.level != nil else {
            throw RequestError(.query, .emptyQuery)
        }
        var query = SearchQuery(request.query, limit: request.limit)
        query.category = request.category
        if let level = request.level { query.levelIDs = Set(try levels(named: level).map(\.id)) }
        if let near = request.near {
            query.near = try place(near, languages: Self.nameLanguages(for: request.language))
        }
        var walking: ((POI) -> Double?)?
        if let near = query.near, let from = try? venue.frame.project(near.coordinate) {
            let start = RouteEnd(point: from, levelID: near.levelID, label: "here")
            let venue = self.venue, routers = self.routers
            walking = { poi in
                guard let to = try? venue.frame.project(poi.coordinate) else { return nil }
                return routers.withRouter { try? $0.route(from: start, to: RouteEnd(point: to, levelID: poi.levelID, label: "there")).distance }
            }
        }
        let levels = Dictionary(venue.levels.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let languages = Self.nameLanguages(for: request.language)
        return index.search(query, walkingDistance: walking).map {
            SearchHit(result: $0, level: levels[$0.poi.levelID], building: buildingName(of: $0.poi, languages: languages))
        }
    }
}
