import Foundation
import IndoorBase
import IndoorRouting
import IndoorText
import IndoorVenue

/// A venue summed up: what `indoornav venue info --json` prints and a service answers. The counts are the data's
/// (the venue as drawn); what routing infers from it is summed up apart.
public struct VenueInfo: Codable, Hashable, Sendable {
    /// JSON `id`: the venue's id.
    public let id: String
    /// JSON `name`: the venue's name in the first language asked for that it has (empty when unnamed).
    public let name: String
    /// The format read, as the venue names it: `IMDF 1.0.0` (with the manifest's version) or `OSM`.
    public let format: String
    /// JSON `buildings`: the number of buildings.
    public let buildings: Int
    /// JSON `levels`: every level, in ordinal order.
    public let levels: [LevelInfo]
    /// JSON `spaces`: the number of spaces as drawn.
    public let spaces: Int
    /// JSON `openings`: the number of openings as drawn.
    public let openings: Int
    /// JSON `pois`: the number of POIs.
    public let pois: Int
    /// JSON `connectors`: the number of connectors (stairs, elevators, escalators, ramps).
    public let connectors: Int
    /// JSON `obstacles`: the number of obstacles (fixtures, walls).
    public let obstacles: Int
    /// The issues by severity (`error`, `warning`, `info`): the validation's when the venue was summed up with a
    /// ``ValidationReport`` (`venue info`, the same counts `venue validate` gives), else the loader's.
    public let issues: [String: Int]
    /// `[west, south, east, north]`, degrees.
    public let extent: [Double]?
    /// What routing infers beyond the data, when asked for (nil with a strict source: nothing is inferred).
    public var inference: InferenceSummary?
    /// Every POI, when asked for.
    public var places: [Place]?
    /// Seconds spent loading the venue and building its spatial index, when measured.
    public var loadSeconds: Double?
    /// JSON `index_seconds`: seconds spent building the spatial index, when measured.
    public var indexSeconds: Double?
    /// How wide (east–west, through the middle) and tall (north–south) ``extent`` is, in metres of the venue's
    /// frame; not in the JSON, which gives the extent in degrees.
    public var extentMetres: ExtentMetres?

    /// The size of a venue's extent in metres.
    public struct ExtentMetres: Hashable, Sendable {
        /// East–west, through the middle of the extent.
        public let width: Double
        /// North–south, through the middle of the extent.
        public let height: Double
    }

    enum CodingKeys: String, CodingKey {
        case id, name, format, buildings, levels, spaces, openings, pois, connectors, obstacles, issues, extent, inference, places
        case loadSeconds = "load_seconds"
        case indexSeconds = "index_seconds"
    }

    /// One level and what it holds.
    public struct LevelInfo: Codable, Hashable, Sendable {
        /// JSON `id`: the level's id.
        public let id: String
        /// JSON `ordinal`: 0 the ground floor, negative below.
        public let ordinal: Double
        /// JSON `name`: the level's name in the first language asked for, else "Level" and its ordinal in that
        /// language (`Level.displayName(for:wordLanguage:)`).
        public let name: String
        /// JSON `spaces`: the spaces on the level.
        public let spaces: Int
        /// JSON `openings`: the openings on the level.
        public let openings: Int
        /// JSON `pois`: the POIs on the level.
        public let pois: Int
    }

    /// A POI as listed by `venue info -v --json`.
    public struct Place: Codable, Hashable, Sendable {
        /// JSON `id`: the POI's id.
        public let id: String
        /// JSON `kind`: `amenity`, `occupant`, `kiosk`, `room`, `section` or `entrance`.
        public let kind: String
        /// JSON `category`: as the source names it.
        public let category: String
        /// The level's id.
        public let level: String
        /// JSON `name`: in the first language asked for; absent when unnamed.
        public let name: String?
        /// JSON `ref`: the room number or code, when there is one.
        public let ref: String?
    }

    /// Implicit corridors, inferred entrances and carved overlaps per level, the levels joined as one floor, and a
    /// campus's grounds.
    public struct InferenceSummary: Codable, Hashable, Sendable {
        /// JSON `levels`: the levels where something was inferred.
        public let levels: [Level]
        /// Groups of level ids that share an ordinal.
        public let sharedFloors: [[String]]
        /// The walkable grounds inferred around a campus's buildings, when there are.
        public let grounds: Grounds?

        /// The grounds of a campus (`InferenceReport.Grounds`).
        public struct Grounds: Codable, Hashable, Sendable {
            /// JSON `level_id`: the outdoor level the grounds are on.
            public let levelID: String
            /// Square metres, to a tenth.
            public let area: Double
            /// JSON `entrances`: the number of building entrances onto the grounds, drawn and inferred.
            public let entrances: Int
            /// JSON `inferred_entrances`: the ids of the buildings given an inferred entrance, one per entrance.
            public let inferredEntrances: [String]

            enum CodingKeys: String, CodingKey {
                case levelID = "level_id"
                case area, entrances
                case inferredEntrances = "inferred_entrances"
            }
        }

        /// What was inferred on one level.
        public struct Level: Codable, Hashable, Sendable {
            /// JSON `level_id`: the level's id.
            public let levelID: String
            /// JSON `implicit_corridors`: corridor pieces made from the level's outline minus its units.
            public let implicitCorridors: Int
            /// Square metres, to a tenth.
            public let implicitCorridorArea: Double
            /// JSON `inferred_openings`: entrances added to spaces that had none.
            public let inferredOpenings: Int
            /// JSON `carved_overlaps`: spaces carved out of a larger one they were drawn inside.
            public let carvedOverlaps: Int

            enum CodingKeys: String, CodingKey {
                case levelID = "level_id"
                case implicitCorridors = "implicit_corridors"
                case implicitCorridorArea = "implicit_corridor_area"
                case inferredOpenings = "inferred_openings"
                case carvedOverlaps = "carved_overlaps"
            }
        }

        enum CodingKeys: String, CodingKey {
            case levels, grounds
            case sharedFloors = "shared_floors"
        }

        /// The JSON form of `report`, areas rounded to a tenth of a square metre.
        public init(_ report: InferenceReport) {
            levels = report.levels.map {
                Level(levelID: $0.levelID, implicitCorridors: $0.implicitCorridors, implicitCorridorArea: rounded($0.implicitCorridorArea, places: 1),
                      inferredOpenings: $0.inferredOpenings, carvedOverlaps: $0.carvedOverlaps)
            }
            sharedFloors = report.sharedFloors
            grounds = report.grounds.map {
                Grounds(levelID: $0.levelID, area: rounded($0.area, places: 1), entrances: $0.entrances.count,
                        inferredEntrances: $0.inferredEntrances.map(\.buildingID))
            }
        }
    }

    /// Sums up `venue` (as drawn), its names in `languages`; ``issues`` counts `validation`'s issues when given, else
    /// the loader's.
    public init(_ venue: Venue, languages: [String] = ["en"], validation: ValidationReport? = nil) {
        id = venue.id
        name = venue.name.resolved(for: languages) ?? ""
        format = venue.sourceFormat
        buildings = venue.buildings.count
        levels = venue.levels.map { level in
            LevelInfo(id: level.id, ordinal: level.ordinal, name: level.displayName(for: languages),
                      spaces: venue.spaces(on: level.id).count, openings: venue.openings(on: level.id).count, pois: venue.pois(on: level.id).count)
        }
        spaces = venue.spaces.count
        openings = venue.openings.count
        pois = venue.pois.count
        connectors = venue.connectors.count
        obstacles = venue.obstacles.count
        issues = Dictionary(grouping: validation?.issues ?? venue.issues, by: \.severity.rawValue).mapValues(\.count)
        extent = venue.extent.map { [$0.minX, $0.minY, $0.maxX, $0.maxY] }
        if let e = venue.extent, let ends = try? venue.frame.project([
            GeoCoordinate(longitude: e.minX, latitude: e.center.y), GeoCoordinate(longitude: e.maxX, latitude: e.center.y),
            GeoCoordinate(longitude: e.center.x, latitude: e.minY), GeoCoordinate(longitude: e.center.x, latitude: e.maxY),
        ]) {
            extentMetres = ExtentMetres(width: ends[1].x - ends[0].x, height: ends[3].y - ends[2].y)
        }
    }

    /// Every POI of `venue`, as listed.
    public static func places(of venue: Venue, languages: [String]) -> [Place] {
        venue.pois.map { Place(id: $0.id, kind: $0.kind.rawValue, category: $0.category, level: $0.levelID,
                               name: $0.name.resolved(for: languages), ref: $0.ref) }
    }
}

/// Every place a visitor can name in a route or a search, with the id that names it back (`venue places`): the
/// venue's POIs, each connector stop no POI stands for (`CONNECTOR@LEVEL`), and the named openings and principal
/// entrances (what `SearchIndex.places` searches), ordered by floor, then name.
public struct VenuePlaces: Codable, Hashable, Sendable {
    /// JSON `venue`: the venue's name.
    public let venue: String
    /// JSON `places`.
    public let places: [Entry]

    /// One place.
    public struct Entry: Codable, Hashable, Sendable {
        /// JSON `id`: what `--from`/`--to` and the service's `from`/`to` accept.
        public let id: String
        /// JSON `name`, in the first language asked for that it has; absent when unnamed.
        public let name: String?
        /// JSON `ref`: its room number or code, when it has one.
        public let ref: String?
        /// JSON `kind`: `amenity`, `occupant`, `kiosk`, `room`, `section` or `entrance`.
        public let kind: String
        /// JSON `category`, as the source names it (`restroom.female`, `shop=bakery`, `elevator`).
        public let category: String
        /// JSON `level_id`.
        public let levelID: String
        /// JSON `level`: the level's ordinal; absent when the venue does not list the place's level.
        public let level: Double?
        /// JSON `level_name`: the level's name, else "Level" and its ordinal in the language asked for.
        public let levelName: String
        /// JSON `building`: the name of the building it is in, where the venue has several.
        public let building: String?

        enum CodingKeys: String, CodingKey {
            case id, name, ref, kind, category, level, building
            case levelID = "level_id"
            case levelName = "level_name"
        }
    }

    /// The places of `prepared`, names in the first of `languages` they have.
    public init(_ prepared: PreparedVenue, languages: [String]) {
        let venue = prepared.venue
        self.venue = venue.name.resolved(for: languages) ?? venue.id
        places = prepared.searchIndex.places.map { poi in
            let level = venue.level(id: poi.levelID)
            return Entry(id: poi.id, name: poi.name.resolved(for: languages), ref: poi.ref, kind: poi.kind.rawValue,
                         category: poi.category, levelID: poi.levelID, level: level?.ordinal,
                         levelName: level.map { $0.displayName(for: languages) } ?? poi.levelID,
                         building: prepared.buildingName(of: poi, languages: languages))
        }
        // A place on a level the venue does not list comes last.
        .sorted { ($0.level ?? .infinity, $0.building ?? "", $0.name ?? "", $0.id) < ($1.level ?? .infinity, $1.building ?? "", $1.name ?? "", $1.id) }
    }
}

/// Everything wrong with a venue's data, with feature ids and severities: what `indoornav venue validate` reports.
public struct ValidationReport: Codable, Hashable, Sendable {
    /// The source validated.
    public let venue: String
    /// JSON `valid`: whether there is no error (warnings allowed).
    public let valid: Bool
    /// JSON `errors`: the number of issues of severity `error`.
    public let errors: Int
    /// JSON `warnings`: the number of issues of severity `warning`.
    public let warnings: Int
    /// JSON `issues`: every issue, the loader's and the validator's.
    public let issues: [VenueIssue]

    /// Validates the venue of `source`: the data as drawn is judged, what routing infers from it is reported beside
    /// (notes), and reachability is judged on the venue as routed (spaces no route reaches from the rest of their
    /// building). A path that is not a venue at all is a report too: what was found, and one error.
    public init(validating source: VenueSource) {
        let venue: Venue
        do {
            venue = try source.loadDrawn()
        } catch {
            var issues: [VenueIssue] = []
            if case .noLevels(_, let found) = error { issues = found }
            issues.append(VenueIssue(.error, "not-a-venue", error.localizedDescription))
            self.init(source: source.name, issues: issues)
            return
        }
        self.init(validating: venue, named: source.name, strict: source.strict)
    }

    /// Validates a loaded venue (as drawn), as ``init(validating:)`` does: what `venue validate` reports and
    /// `venue info` counts, so the two never disagree.
    /// - Parameters:
    ///   - venue: the venue as drawn (`VenueSource.loadDrawn()`).
    ///   - name: the source's name, as the report gives it.
    ///   - strict: judge reachability on the data alone, without what routing infers.
    ///   - prepared: the venue as routed and its graph, when already built (the service's), so they are not built
    ///     twice; they must be what `strict` makes of `venue`.
    public init(validating venue: Venue, named name: String, strict: Bool, prepared: PreparedVenue? = nil) {
        let routed = prepared?.venue ?? (strict ? venue : venue.inferringPassages())
        var issues = VenueValidator().validate(venue) + routed.issues.filter { $0.severity == .info && !venue.issues.contains($0) }
        let graph = prepared?.graph ?? NavigationGraph(venue: routed)
        for s in graph.unreachableSpaces() {
            let space = routed.spaces[s]
            issues.append(VenueIssue(.warning, "unreachable", featureID: space.id,
                "no route reaches this \(space.category) space from the rest of its building (no opening or connector leads in)"))
        }
        let groups = graph.floorGroups()
        if groups.count > 1 {
            // One error per group apart from the main one (the most spaces): what a route between them would say.
            let name = { (o: Double) in routed.levels.first { $0.ordinal == o }.map { $0.displayName(for: ["en"]) } ?? Level.text(ordinal: o) }
            let ordinal = Dictionary(routed.levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { a, _ in a })
            let sizes = groups.map { g in routed.spaces.count { ordinal[$0.levelID].map(g.contains) ?? false } }
            let main = groups.indices.max { sizes[$0] != sizes[$1] ? sizes[$0] < sizes[$1] : $0 > $1 } ?? 0
            for (k, g) in groups.enumerated() where k != main {
                issues.append(VenueIssue(.error, "unjoined-levels",
                    "no stairs, lift, escalator or ramp is mapped between \(g.map(name).joined(separator: ", ")) and "
                        + "\(groups[main].map(name).joined(separator: ", ")): no route leads from one to the other"))
            }
        }
        // Each feature by its name as well as its id: a person finds "Classroom 104", not f7e0d0db-….
        var names: [String: String] = [:]
        func named(_ id: String, _ text: LocalizedText, ref: String? = nil) {
            if let n = text.resolved() ?? ref, !n.isEmpty { names[id] = names[id] ?? n }
        }
        for b in routed.buildings { named(b.id, b.name) }
        for l in routed.levels { named(l.id, l.name) }
        for s in routed.spaces { named(s.id, s.name, ref: s.ref) }
        for o in routed.openings { named(o.id, o.name) }
        for c in routed.connectors { named(c.id, c.name, ref: c.ref) }
        for p in routed.pois { named(p.id, p.name, ref: p.ref) }
        for i in issues.indices { issues[i].featureName = issues[i].featureID.flatMap { names[$0] } }
        self.init(source: name, issues: issues)
    }

    init(source: String, issues: [VenueIssue]) {
        venue = source
        errors = issues.count { $0.severity == .error }
        warnings = issues.count { $0.severity == .warning }
        valid = errors == 0
        self.issues = issues
    }

    /// How many notes (issues of severity info).
    public var notes: Int { issues.count { $0.severity == .info } }
}
