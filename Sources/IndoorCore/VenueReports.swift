import Foundation

/// A venue summed up: what `indoornav venue info --json` prints and a service answers. The counts are the data's
/// (the venue as drawn); what routing infers from it is summed up apart.
public struct VenueInfo: Codable, Hashable, Sendable {
    public let id: String
    public let name: String
    /// `imdf` or `osm`.
    public let format: String
    public let buildings: Int
    public let levels: [LevelInfo]
    public let spaces: Int
    public let openings: Int
    public let pois: Int
    public let connectors: Int
    public let obstacles: Int
    /// The loader's notes by severity (`error`, `warning`, `info`).
    public let issues: [String: Int]
    /// `[west, south, east, north]`, degrees.
    public let extent: [Double]?
    /// What routing infers beyond the data, when asked for (nil with a strict source: nothing is inferred).
    public var inference: InferenceSummary?
    /// Every POI, when asked for.
    public var places: [Place]?
    /// Seconds spent loading the venue and building its spatial index, when measured.
    public var loadSeconds: Double?
    public var indexSeconds: Double?

    enum CodingKeys: String, CodingKey {
        case id, name, format, buildings, levels, spaces, openings, pois, connectors, obstacles, issues, extent, inference, places
        case loadSeconds = "load_seconds"
        case indexSeconds = "index_seconds"
    }

    /// One level and what it holds.
    public struct LevelInfo: Codable, Hashable, Sendable {
        public let id: String
        public let ordinal: Double
        public let name: String
        public let spaces: Int
        public let openings: Int
        public let pois: Int
    }

    /// A POI as listed by `venue info -v --json`.
    public struct Place: Codable, Hashable, Sendable {
        public let id: String
        public let kind: String
        public let category: String
        /// The level's id.
        public let level: String
        public let name: String?
        public let ref: String?
    }

    /// Implicit corridors, inferred entrances and carved overlaps per level, and the levels joined as one floor.
    public struct InferenceSummary: Codable, Hashable, Sendable {
        public let levels: [Level]
        /// Groups of level ids that share an ordinal.
        public let sharedFloors: [[String]]

        public struct Level: Codable, Hashable, Sendable {
            public let levelID: String
            public let implicitCorridors: Int
            /// Square metres, to a tenth.
            public let implicitCorridorArea: Double
            public let inferredOpenings: Int
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
            case levels
            case sharedFloors = "shared_floors"
        }

        public init(_ report: InferenceReport) {
            levels = report.levels.map {
                Level(levelID: $0.levelID, implicitCorridors: $0.implicitCorridors, implicitCorridorArea: ($0.implicitCorridorArea * 10).rounded() / 10,
                      inferredOpenings: $0.inferredOpenings, carvedOverlaps: $0.carvedOverlaps)
            }
            sharedFloors = report.sharedFloors
        }
    }

    /// Sums up `venue` (as drawn), its names in `languages`.
    public init(_ venue: Venue, languages: [String] = ["en"]) {
        id = venue.id
        name = venue.name.resolved(for: languages) ?? ""
        format = venue.sourceFormat
        buildings = venue.buildings.count
        levels = venue.levels.map { level in
            LevelInfo(id: level.id, ordinal: level.ordinal, name: level.name.resolved(for: languages) ?? level.ordinalText,
                      spaces: venue.spaces(on: level.id).count, openings: venue.openings(on: level.id).count, pois: venue.pois(on: level.id).count)
        }
        spaces = venue.spaces.count
        openings = venue.openings.count
        pois = venue.pois.count
        connectors = venue.connectors.count
        obstacles = venue.obstacles.count
        issues = Dictionary(grouping: venue.issues, by: \.severity.rawValue).mapValues(\.count)
        extent = venue.extent.map { [$0.minX, $0.minY, $0.maxX, $0.maxY] }
    }

    /// Every POI of `venue`, as listed.
    public static func places(of venue: Venue, languages: [String]) -> [Place] {
        venue.pois.map { Place(id: $0.id, kind: $0.kind.rawValue, category: $0.category, level: $0.levelID,
                               name: $0.name.resolved(for: languages), ref: $0.ref) }
    }
}

/// Everything wrong with a venue's data, with feature ids and severities: what `indoornav venue validate` reports.
public struct ValidationReport: Codable, Hashable, Sendable {
    /// The source validated.
    public let venue: String
    public let valid: Bool
    public let errors: Int
    public let warnings: Int
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
        let routed = source.strict ? venue : venue.inferringPassages()
        var issues = VenueValidator().validate(venue) + routed.issues.filter { $0.severity == .info && !venue.issues.contains($0) }
        let graph = NavigationGraph(venue: routed)
        for s in graph.unreachableSpaces() {
            let space = routed.spaces[s]
            issues.append(VenueIssue(.warning, "unreachable", featureID: space.id,
                "no route reaches this \(space.category) space from the rest of its building (no opening or connector leads in)"))
        }
        self.init(source: source.name, issues: issues)
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
