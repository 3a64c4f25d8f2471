import Foundation
import IndoorRouting
import IndoorSearch
import IndoorText
import IndoorVenue

/// A route to compute: places as people name them, and how the walker goes.
public struct RouteRequest: Codable, Hashable, Sendable {
    /// Where the route starts: an id, a name, or `LON,LAT@LEVEL` (see ``PreparedVenue/resolvePlace(_:after:languages:)``).
    public var from: String
    /// Where it ends, as ``from``, or `category:C` for the nearest place of category C by walking time.
    public var to: String
    /// Stops on the way, in order.
    public var via: [String]
    /// The walking profile; JSON `profile` (`default`, `accessible`, `avoid-elevators`, `avoid-escalators`), `default`
    /// when absent.
    public var profile: RoutingOptions.Profile
    /// Ids of spaces, openings or connectors that are closed.
    public var avoid: [String]
    /// Whether staff-only and restricted areas may be crossed.
    public var includeNonPublic: Bool
    /// The language of the instructions (`en`, `fr`, `de`, `ru`; English otherwise); names follow it, falling back
    /// to English.
    public var language: String?

    /// A route request from `from` to `to` through `via`; only `from` and `to` are required in JSON.
    public init(from: String, to: String, via: [String] = [], profile: RoutingOptions.Profile = .default, avoid: [String] = [],
                includeNonPublic: Bool = false, language: String? = nil) {
        self.from = from
        self.to = to
        self.via = via
        self.profile = profile
        self.avoid = avoid
        self.includeNonPublic = includeNonPublic
        self.language = language
    }

    enum CodingKeys: String, CodingKey {
        case from, to, via, profile, avoid, language
        case includeNonPublic = "include_non_public"
    }

    /// Decodes a request in which only `from` and `to` are required.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(from: try c.decode(String.self, forKey: .from), to: try c.decode(String.self, forKey: .to),
                  via: try c.decodeIfPresent([String].self, forKey: .via) ?? [],
                  profile: try c.decodeIfPresent(RoutingOptions.Profile.self, forKey: .profile) ?? .default,
                  avoid: try c.decodeIfPresent([String].self, forKey: .avoid) ?? [],
                  includeNonPublic: try c.decodeIfPresent(Bool.self, forKey: .includeNonPublic) ?? false,
                  language: try c.decodeIfPresent(String.self, forKey: .language))
    }
}

/// A computed route: the itinerary, the places it joins, and what the caller should be told about how they were
/// understood.
public struct RoutePlan: Sendable {
    /// The route: legs, structured steps, distances in metres, durations in seconds, polylines in WGS84.
    public let itinerary: Itinerary
    /// The start, as resolved.
    public let origin: ResolvedPlace
    /// The stop the route ends at (where a reroute goes).
    public let destination: Waypoint
    /// Ambiguous names and places moved to another floor, in the order of the stops.
    public let notes: [RouteNote]
    /// The language the instructions are said in.
    public let language: InstructionLanguage
    /// The languages the venue's names are said in, best first (the request's, then English).
    public let nameLanguages: [String]

    /// A step in words, in the plan's language.
    public func instruction(_ step: ItineraryStep) -> String { step.instruction(in: language, names: nameLanguages) }

    /// A name in the plan's language.
    public func said(_ name: SpokenName) -> String { name.text(in: language, names: nameLanguages) }
}

/// Something about a route its caller should be told. In JSON, an object whose `kind` says which it is:
/// `{"kind": "ambiguous_place", "tie": {…}}` or `{"kind": "moved_to_floor", "place": "Relay", "asked_level": 5,
/// "reached_level": 0}`.
public enum RouteNote: Codable, Hashable, Sendable {
    /// A name matched several places equally well; one was taken.
    case ambiguousPlace(PlaceTie)
    /// A place is on a floor with no walkable space mapped (an office on level 5 of a building mapped at street
    /// level): the route goes to the nearest floor that has some. `place` is the place's name as the plan says it;
    /// `asked` the ordinal it is on, `reached` the one the route reaches it on.
    case movedToFloor(place: String, asked: Double, reached: Double)

    enum CodingKeys: String, CodingKey {
        case kind, tie, place
        case askedLevel = "asked_level"
        case reachedLevel = "reached_level"
    }

    /// Writes the note as an object tagged by `kind`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .ambiguousPlace(let tie):
            try c.encode("ambiguous_place", forKey: .kind)
            try c.encode(tie, forKey: .tie)
        case .movedToFloor(let place, let asked, let reached):
            try c.encode("moved_to_floor", forKey: .kind)
            try c.encode(place, forKey: .place)
            try c.encode(asked, forKey: .askedLevel)
            try c.encode(reached, forKey: .reachedLevel)
        }
    }

    /// Reads a note written by ``encode(to:)``.
    /// - Throws: `DecodingError` for another `kind` or a field it lacks.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .kind) {
        case "ambiguous_place":
            self = .ambiguousPlace(try c.decode(PlaceTie.self, forKey: .tie))
        case "moved_to_floor":
            self = .movedToFloor(place: try c.decode(String.self, forKey: .place), asked: try c.decode(Double.self, forKey: .askedLevel),
                                 reached: try c.decode(Double.self, forKey: .reachedLevel))
        case let kind:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "no note of kind \"\(kind)\" (ambiguous_place, moved_to_floor)")
        }
    }
}

extension PreparedVenue {
    /// Resolves the places of `request` and routes through them; `to` may be `category:C` (the nearest place of
    /// that category by walking time).
    /// - Throws: ``RequestError`` for an id in `avoid` that names nothing to close; `PlaceError` for a place that
    ///   names nothing; `RoutingError` when there is no route.
    public func route(_ request: RouteRequest) throws -> RoutePlan {
        let language = InstructionLanguage(tag: request.language)
        let languages = Self.nameLanguages(for: request.language)
        let options = RoutingOptions(profile: request.profile, closed: try closures(avoiding: request.avoid, languages: languages),
                                     includeNonPublic: request.includeNonPublic)
        // Each name is resolved near the stop before it ("Women's restroom" is the one on the way, not any one).
        var places = [try resolvePlace(request.from, languages: languages)]
        for v in request.via { places.append(try resolvePlace(v, after: places.last?.waypoint, languages: languages)) }
        let stops = places.map(\.waypoint)
        let itinerary: Itinerary
        let destination: Waypoint
        if request.to.hasPrefix("category:") {
            (itinerary, destination) = try nearest(category: String(request.to.dropFirst("category:".count)), after: stops,
                                                   options: options, language: language, languages: languages)
        } else {
            let place = try resolvePlace(request.to, after: stops.last, languages: languages)
            places.append(place)
            destination = place.waypoint
            itinerary = try routers.withRouter { router throws(RoutingError) in
                try router.itinerary(through: stops + [destination], options: options)
            }
        }
        var notes = places.compactMap { $0.tie.map(RouteNote.ambiguousPlace) }
        // A place on a level with no walkable space is reached on the nearest floor that has one.
        for (stop, asked, reached) in [(stops[0], stops[0].end.levelID, itinerary.legs.first?.levelID),
                                       (destination, destination.end.levelID, itinerary.legs.last?.levelID)] {
            let name = stop.name.text(in: language, names: languages)
            guard let reached, let a = venue.level(id: asked), let r = venue.level(id: reached), a.ordinal != r.ordinal else { continue }
            notes.append(.movedToFloor(place: name, asked: a.ordinal, reached: r.ordinal))
        }
        return RoutePlan(itinerary: itinerary, origin: places[0], destination: destination, notes: notes, language: language,
                         nameLanguages: languages)
    }

    /// What `avoid` closes. The id of a space, opening or connector closes it; the ids `search` and `venue places`
    /// print close what they stand for: a connector stop (`CONNECTOR@LEVEL`) its connector, a POI the room it is
    /// in, or the whole connector whose stairwell or lift car it is in ("Elevator" on one floor closes the lift).
    /// - Throws: ``RequestError`` for an id that names nothing, or a place in a hall or corridor (closing that would
    ///   close the hall to every route: the error names the hall's own id for that).
    func closures(avoiding avoid: [String], languages: [String]) throws -> Set<String> {
        guard !avoid.isEmpty else { return [] }
        let spaces = venue.spaces, openings = Set(venue.openings.map(\.id)), connectors = Set(venue.connectors.map(\.id))
        var closed = Set<String>()
        for id in avoid {
            if openings.contains(id) || connectors.contains(id) || spaces.contains(where: { $0.id == id }) {
                closed.insert(id)
            } else if let at = id.lastIndex(of: "@"), connectors.contains(String(id[..<at])) {
                closed.insert(String(id[..<at]))
            } else if let poi = venue.pois.first(where: { $0.id == id }) {
                let name = poi.displayName(for: languages)
                guard let space = poi.spaceID.flatMap({ s in spaces.first { $0.id == s } }) else {
                    throw RequestError(.avoid, .nothingToClose(id: id, name: name))
                }
                guard !space.kind.isOpenPlan else {
                    throw RequestError(.avoid, .sharedSpace(id: id, name: name, space: space.name.resolved(for: languages), spaceID: space.id))
                }
                // A lift's or stairwell's space on one floor stands for the whole connector: riding through that
                // floor would still use it.
                closed.insert(space.id)
                closed.formUnion(venue.connectors.filter { $0.stops.contains { $0.spaceID == space.id } }.map(\.id))
            } else {
                throw RequestError(.avoid, .unknownID(id))
            }
        }
        return closed
    }

    /// The nearest POI of a category by walking time: the ten nearest in a straight line are routed to, the
    /// quickest wins (a straight line is a lower bound of a walk, so the quickest is almost always among them).
    func nearest(category: String, after stops: [Waypoint], options: RoutingOptions, language: InstructionLanguage,
                 languages: [String]) throws -> (Itinerary, Waypoint) {
        guard let last = stops.last else { throw RequestError(.from, .noStart) }
        var query = SearchQuery("", limit: 10)
        query.category = category
        // (Never the metres themselves as a position: a point the frame cannot unproject fails the request.)
        query.near = .coordinate(try venue.frame.unproject(last.end.point), levelID: last.end.levelID)
        let candidates = searchIndex.search(query)
        guard !candidates.isEmpty else { throw PlaceError.notFound(text: "category:\(category)", suggestions: []) }
        var best: (itinerary: Itinerary, destination: Waypoint)?
        var firstError: (any Error)?
        for c in candidates {
            let poi = c.poi
            guard let point = try? venue.frame.project(poi.coordinate) else { continue }
            let target = Waypoint(end: RouteEnd(point: point, levelID: poi.levelID, label: poi.label), name: poi.spokenName,
                                  area: Waypoint.area(of: .poi(poi), in: venue))
            do {
                let it = try routers.withRouter { router throws(RoutingError) in
                    try router.itinerary(through: stops + [target], options: options)
                }
                if it.duration < best?.itinerary.duration ?? .infinity { best = (it, target) }
            } catch {
                firstError = firstError ?? error
            }
        }
        if let best { return best }
        throw firstError ?? PlaceError.notFound(text: "category:\(category)", suggestions: [])
    }
}
