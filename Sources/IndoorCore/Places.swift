import Foundation
import IndoorBase
import IndoorRouting
import IndoorSearch
import IndoorText
import IndoorVenue

/// A place named in a request, resolved as a routing stop.
public struct ResolvedPlace: Sendable {
    /// What was asked for, as typed.
    public let text: String
    /// The stop: where, on which level, and its label in the requested language.
    public let waypoint: Waypoint
    /// Set when other places match the text exactly as well as the one taken.
    public let tie: PlaceTie?
}

/// A place, as a caller shows it and names it again: its id always names it alone.
public struct PlaceSummary: Codable, Hashable, Sendable {
    /// JSON `id`: the POI's id, which names it alone in a request.
    public let id: String
    /// JSON `name`: the POI's name in the requested language, else another name, its ref or its category.
    public let name: String
    /// JSON `level_id`: the id of the level it is on.
    public let levelID: String
    /// The level's name in the requested language, else "Level" ("Niveau", "Ebene", "Этаж") and its ordinal.
    public let levelName: String
    /// The level's ordinal; absent when the venue does not list the place's level.
    public let level: Double?
    /// The name of the building it is in, when the venue has several (``PreparedVenue/buildingName(of:languages:)``).
    public let building: String?

    enum CodingKeys: String, CodingKey {
        case id, name, level, building
        case levelID = "level_id"
        case levelName = "level_name"
    }
}

/// A name that matches several places equally well: which one was taken, and how to name each other one.
public struct PlaceTie: Codable, Hashable, Sendable {
    /// The text as typed.
    public let text: String
    /// JSON `taken`: the place the route uses.
    public let taken: PlaceSummary
    /// The others, up to three (``moreMayExist`` says there may be more).
    public let others: [PlaceSummary]
    /// Whether the one taken is the nearest to the stop before it (else the best ranked).
    public let nearestToPreviousStop: Bool
    /// JSON `more_may_exist`: whether the list of others was cut at three.
    public let moreMayExist: Bool

    enum CodingKeys: String, CodingKey {
        case text, taken, others
        case nearestToPreviousStop = "nearest_to_previous_stop"
        case moreMayExist = "more_may_exist"
    }
}

/// A request that cannot be answered as asked: which field, and why.
public struct RequestError: Error, Hashable, Sendable, LocalizedError {
    /// The request fields a use case judges.
    public enum Field: String, Hashable, Sendable {
        /// Where a route starts.
        case from
        /// Where it ends.
        case to
        /// What a route is to avoid.
        case avoid
        /// How many results a search gives.
        case limit
        /// The category searched.
        case category
        /// The words searched for.
        case query
    }

    /// Why a field was refused, with the values at fault: a client switches over it; ``RequestError/reason`` says
    /// it for a person.
    public enum Problem: Hashable, Sendable {
        /// A route needs a start.
        case noStart
        /// A start was given without a destination.
        case needsDestination
        /// A count that must be a positive whole number.
        case notPositive(Int)
        /// A category no place of the venue has; the venue's categories.
        case unknownCategory(String, known: [String])
        /// No words, category or level to search by.
        case emptyQuery
        /// An id that names no space, opening, connector or place.
        case unknownID(String)
        /// A place (id, name) in no space: there is nothing to close.
        case nothingToClose(id: String, name: String)
        /// A place (id, name) in an open-plan space others pass through (its name, when it has one, and id):
        /// closing it would close them.
        case sharedSpace(id: String, name: String, space: String?, spaceID: String)

        /// A stable code for it, in snake case (`not_positive`, `unknown_category`…).
        public var code: String {
            switch self {
            case .noStart: "no_start"
            case .needsDestination: "needs_destination"
            case .notPositive: "not_positive"
            case .unknownCategory: "unknown_category"
            case .emptyQuery: "empty_query"
            case .unknownID: "unknown_id"
            case .nothingToClose: "nothing_to_close"
            case .sharedSpace: "shared_space"
            }
        }
    }

    /// The request field at fault.
    public let field: Field
    /// Why.
    public let problem: Problem

    /// A request error on `field`.
    public init(_ field: Field, _ problem: Problem) {
        self.field = field
        self.problem = problem
    }

    /// Why, for a person, naming the value: "X names no space, opening, connector or place of this venue".
    public var reason: String {
        switch problem {
        case .noStart: "a route needs a start"
        case .needsDestination: "needs a destination (to)"
        case .notPositive(let n): "takes a positive whole number, not \(n)"
        case .unknownCategory(let category, let all):
            "\(category) is the category of no place of this venue; its categories: "
                + all.prefix(40).joined(separator: ", ") + (all.count > 40 ? "… (\(all.count) in all; `venue places` lists them)" : "")
        case .emptyQuery: "is empty: give words to search for, or a category or level to list"
        case .unknownID(let id): "\(id) names no space, opening, connector or place of this venue"
        case .nothingToClose(let id, let name): "\(id) is \(name), a place in no space: there is nothing to close"
        case .sharedSpace(let id, let name, let space, let spaceID):
            "\(id) is \(name), a place in \(space.map { "the hall or corridor \($0)" } ?? "a hall or corridor") that other ways "
                + "pass through; to close it all the same, avoid \(spaceID)"
        }
    }

    public var errorDescription: String? { "\(field.rawValue): \(reason)" }
}

extension PreparedVenue {
    /// The languages names are shown in for a language tag, best first: the tag's, then English.
    public static func nameLanguages(for tag: String?) -> [String] {
        tag.map { [$0, "en"] } ?? ["en"]
    }

    /// Resolves what a person typed for a place — a POI, space, opening or connector-stop id, a name in any language
    /// the venue has, or `LON,LAT@LEVEL` — as a routing stop. A name is resolved near `previous` when there is one
    /// ("Women's restroom" is the one on the way, not any one); when several places match it equally well, the
    /// result says which was taken and how to name the others.
    /// - Throws: `PlaceError` when nothing matches, with suggestions; a coordinate the venue's frame cannot project.
    public func resolvePlace(_ text: String, after previous: Waypoint? = nil, languages: [String] = ["en"]) throws -> ResolvedPlace {
        if let place = try placeWithoutIndex(text) {
            return ResolvedPlace(text: text, waypoint: try Waypoint(place: place, in: venue), tie: nil)
        }
        let index = searchIndex
        let near = previous.flatMap { p in (try? venue.frame.unproject(p.end.point)).map { Place.coordinate($0, levelID: p.end.levelID) } }
        let resolution: PlaceResolution
        do { resolution = try index.resolve(text, near: near) } catch { throw error.said(for: languages) }
        let waypoint = try Waypoint(place: resolution.place, in: venue)
        var tie: PlaceTie?
        if case .poi(let taken) = resolution.place, !resolution.alternatives.isEmpty {
            tie = PlaceTie(text: text, taken: summary(of: taken, languages: languages),
                           others: resolution.alternatives.map { summary(of: $0.poi, languages: languages) },
                           nearestToPreviousStop: near != nil, moreMayExist: resolution.alternatives.count >= 3)
        }
        return ResolvedPlace(text: text, waypoint: waypoint, tie: tie)
    }

    /// The place `text` names — an id, a name in any language the venue has, or `LON,LAT@LEVEL` — near `near` when
    /// several match equally well.
    /// - Throws: `PlaceError` when nothing matches, its suggestions said in `languages`.
    public func place(_ text: String, near: Place? = nil, languages: [String] = ["en"]) throws(PlaceError) -> Place {
        do { return try searchIndex.place(text, near: near) } catch { throw error.said(for: languages) }
    }

    /// The place `text` names when it is a coordinate, or the id of a POI or space: those need no search index (a
    /// venue of 20,000 rooms takes half a second to index, and a script routing by ids never searches). The id of
    /// a connector's stop (`CONNECTOR@LEVEL`, which an OSM stairwell's space may share) and of a named opening are
    /// places of the index, and are left to it.
    private func placeWithoutIndex(_ text: String) throws -> Place? {
        guard let place = try venue.place(identifiedBy: text, ids: placeIDs) else { return nil }
        switch place {
        case .coordinate(let c, _):
            try checkNotSwapped(c, text: text)
            return place
        case .poi, .space:
            let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let at = id.lastIndex(of: "@") else { return place }
            let connector = id[..<at]
            return venue.connectors.contains { $0.id == connector } ? nil : place
        default:
            return nil
        }
    }

    /// Throws when `c` lies far from the venue (over a kilometre outside its extent) and would lie inside it with
    /// longitude and latitude swapped: the place syntax is `LON,LAT@LEVEL`, and `LAT,LON` (the order of most map
    /// apps) is the commonest slip.
    private func checkNotSwapped(_ c: GeoCoordinate, text: String) throws(PlaceError) {
        guard let box = extent else { return }
        let margin = 0.01  // degrees, about a kilometre of latitude
        func near(_ lon: Double, _ lat: Double, within m: Double) -> Bool {
            lon >= box.minX - m && lon <= box.maxX + m && lat >= box.minY - m && lat <= box.maxY + m
        }
        guard !near(c.longitude, c.latitude, within: margin), abs(c.longitude) <= 90, near(c.latitude, c.longitude, within: 0.001) else { return }
        // The user's own digits, swapped.
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let at = trimmed.lastIndex(of: "@") else { return }
        let numbers = trimmed[..<at].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard numbers.count == 2 else { return }
        let swapped = "\(numbers[1]),\(numbers[0])\(trimmed[at...])"
        throw .invalidCoordinate(text: text, reason: "it lies outside the venue, and inside it with longitude and latitude swapped: "
            + "the order is LON,LAT@LEVEL — did you mean \(swapped)?")
    }

    /// A POI as a caller shows it: its name in `languages`, and its level's.
    public func summary(of poi: POI, languages: [String]) -> PlaceSummary {
        let level = venue.level(id: poi.levelID)
        return PlaceSummary(id: poi.id, name: poi.displayName(for: languages), levelID: poi.levelID,
                            levelName: level.map { $0.displayName(for: languages) } ?? poi.levelID,
                            level: level?.ordinal, building: buildingName(of: poi, languages: languages))
    }

    /// Which building `poi` is in, by name, where a venue has several (a campus: two rooms called "Classroom 104"
    /// on floors both called "Level 1" are told apart by it): the names of the buildings `PlaceBuildings` puts it
    /// in, in the first of `languages` each has, joined by " / ". `nil` for a venue of one building, or a place in
    /// no named building.
    public func buildingName(of poi: POI, languages: [String]) -> String? {
        guard venue.buildings.count > 1 else { return nil }
        let names = placeBuildings.buildings(of: poi).compactMap { venue.buildings[$0].name.resolved(for: languages) }
        return names.isEmpty ? nil : names.joined(separator: " / ")
    }
}
