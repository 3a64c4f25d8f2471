import Foundation

/// A problem in a venue, with where it is: what loaders accept with a warning, skip with an error, and what
/// ``VenueValidator`` finds. As JSON: `severity`, `code`, `message`, and `file`, `feature_id`, `line` when known.
public struct VenueIssue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How bad an issue is, ordered `info` < `warning` < `error`; the JSON value is the case name.
    public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable, Codable {
        /// `info`: worth knowing, nothing wrong (an inferred passage); `warning`: accepted as the intent is clear;
        /// `error`: a feature skipped or a venue that cannot be routed as drawn (`indoornav venue validate` exits 1).
        case info, warning, error
        private var rank: Int {
            switch self {
            case .info: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// How bad it is (JSON `severity`).
    public var severity: Severity
    /// A stable machine-readable code: `invalid-json`, `invalid-geometry`, `dangling-reference`, `overlap`…
    public var code: String
    /// The file it was found in, relative to the venue (`unit.geojson`, `apb.osm`).
    public var file: String?
    /// The feature (IMDF id, OSM `way/123`) it concerns.
    public var featureID: String?
    /// The line, when the problem is in the file's syntax.
    public var line: Int?
    /// What is wrong, in English, with the numbers that matter (JSON `message`).
    public var message: String
    /// The feature's name or room number, when it has one (JSON `feature_name`): what a person finds it by.
    public var featureName: String?

    enum CodingKeys: String, CodingKey {
        case severity, code, file, line, message
        case featureID = "feature_id"
        case featureName = "feature_name"
    }

    /// An issue; `code` is one of the stable codes (see ``code``).
    public init(_ severity: Severity, _ code: String, file: String? = nil, featureID: String? = nil, line: Int? = nil,
                _ message: String) {
        self.severity = severity
        self.code = code
        self.file = file
        self.featureID = featureID
        self.line = line
        self.message = message
    }

    /// The codes of a whole file that did not load: `empty-file`, `invalid-json`, `invalid-geojson`.
    public static let fileFailureCodes: Set<String> = ["empty-file", "invalid-json", "invalid-geojson"]

    /// Whether this is a whole file that did not load (an error with one of ``fileFailureCodes``): the root cause
    /// of every problem its missing features lead to, reported first.
    public var isFileFailure: Bool { severity == .error && Self.fileFailureCodes.contains(code) }

    /// `error: unit.geojson:12 feature 7f3… (Classroom 104): … [invalid-geometry]`
    public var description: String {
        var place = file ?? ""
        if let line { place += ":\(line)" }
        if let featureID {
            place += (place.isEmpty ? "" : " ") + "feature \(featureID)" + (featureName.map { " (\($0))" } ?? "")
        }
        return "\(severity.rawValue): \(place.isEmpty ? "" : place + ": ")\(message) [\(code)]"
    }
}

/// Why a venue could not be loaded at all. Problems inside an otherwise loadable venue are ``VenueIssue``s.
public enum VenueError: Error, Equatable, Sendable {
    /// Nothing exists at `path`.
    case notFound(path: String)
    /// `path` exists but is no venue IndoorNav reads (not an IMDF folder or archive, an OSM file with a syntax
    /// error, a `--venue-name` that names nothing); `reason` says which.
    case notAVenue(path: String, reason: String)
    /// `path` could not be read (an I/O error, a file larger than a venue may be); `reason` is the system's or ours.
    case unreadable(path: String, reason: String)
    /// `path` is a zip archive libzip cannot open or that is refused (too many entries, a zip bomb, a zip-slip path).
    case archive(path: String, reason: String)
    /// Nothing usable: no level with a space. `issues` says what the loader found wrong on the way.
    case noLevels(path: String, issues: [VenueIssue])
}

extension VenueError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .notFound(let path): "\(path): no such file or directory"
        case .notAVenue(let path, let reason): "\(path) is not a venue: \(reason)"
        case .unreadable(let path, let reason): "\(path): cannot read (\(reason))"
        case .archive(let path, let reason): "\(path): bad IMDF archive: \(reason)"
        case .noLevels(let path, let issues):
            "\(path): the venue has no level with any space"
                + (issues.isEmpty ? "" : " (\(issues.count) problems found: run `indoornav venue validate`)")
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .notFound, .notAVenue:
            "--venue takes an IMDF folder (with manifest.json and *.geojson), an IMDF archive (.zip/.imdf) or an OSM file (.osm, .osm.pbf, or a .geojson export of OSM; --venue-name NAME or --bbox W,S,E,N picks one venue out of an extract)"
        default: nil
        }
    }
}

/// A length or an area as issue messages write it: whole from 10 up, else to two decimals (`29`, `0.14`).
func measureText(_ x: Double) -> String {
    x >= 10 ? String(format: "%.0f", x) : String((x * 100).rounded() / 100)
}
