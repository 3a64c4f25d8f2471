import Foundation
import IndoorBase
import IndoorGeometry

/// Checks a loaded venue and reports every problem with its feature id, what is wrong and a severity: invalid or
/// self-intersecting geometry, overlapping spaces on one level, openings off a space boundary or longer than the
/// spaces they join, duplicate ids, levels with no spaces — plus every issue its loader reported (syntax errors,
/// dangling references, skipped features).
public struct VenueValidator: Sendable {
    /// An opening this close to a space boundary (metres) is on it.
    public var boundaryTolerance = 0.01
    /// Further than this from every space boundary (metres), an opening is an error; between the two, a warning.
    public var boundaryErrorDistance = 0.5
    /// Overlaps smaller than this (square metres) are digitising noise and not reported.
    public var overlapNoise = 0.05
    /// An overlap under this area (square metres) or under ``overlapSliverShare`` of the smaller space is a sliver:
    /// two walls drawn into each other, a warning.
    public var overlapSliverArea = 1.0
    /// See ``overlapSliverArea``.
    public var overlapSliverShare = 0.05

    /// A validator with the default tolerances (1 cm, 0.5 m, 0.05 m², slivers under 1 m² or 5 %).
    public init() {}

    /// How an overlap of two spaces on one level is judged — one rule for every kind of space, by the overlap's
    /// area and the share of the smaller space it covers:
    /// - a **sliver** (under ``overlapSliverArea`` or ``overlapSliverShare`` of the smaller space): walls drawn
    ///   into each other, a warning;
    /// - **within**: the smaller space lies (95 % or more) inside a larger one — a room drawn on a hall, a shop on
    ///   a walkway —, which routing carves out of the larger: a warning;
    /// - **the same shape twice** (each 95 % or more of the other): which space a place is in cannot be told, an
    ///   error;
    /// - any other **partial overlap**: two spaces claim the same floor, an error.
    /// - Parameters: `shared`, the overlap's area; `a` and `b`, the two spaces' areas (m²).
    /// - Returns: the severity and what the overlap is, for the message.
    public func overlapSeverity(shared: Double, areas a: Double, _ b: Double) -> OverlapJudgement {
        let smaller = max(min(a, b), .leastNonzeroMagnitude), larger = max(a, b)
        let share = shared / smaller
        let rounded = Int((min(share, 1) * 100).rounded())
        let percent = rounded < 1 ? "under 1 % of the smaller" : "\(rounded) % of the smaller"
        if shared < overlapSliverArea || share < overlapSliverShare { return OverlapJudgement(.warning, "a sliver, \(percent)") }
        if share >= 0.95 && smaller >= 0.95 * larger { return OverlapJudgement(.error, "the same floor drawn twice") }
        if share >= 0.95 { return OverlapJudgement(.warning, "the smaller lies within the larger, which routing carves it out of") }
        return OverlapJudgement(.error, "\(percent): two spaces claim the same floor")
    }

    /// How an overlap of two spaces is judged (``overlapSeverity(shared:areas:_:)``).
    public struct OverlapJudgement: Hashable, Sendable {
        /// A warning or an error.
        public let severity: VenueIssue.Severity
        /// What the overlap is, for the message ("a sliver, 3 % of the smaller").
        public let what: String

        init(_ severity: VenueIssue.Severity, _ what: String) {
            self.severity = severity
            self.what = what
        }
    }

    /// - Returns: the loader's issues and the validator's, errors first (a file that did not load before all
    /// others), then by file and feature id.
    public func validate(_ venue: Venue) -> [VenueIssue] {
        var issues = venue.issues
        let frame = venue.frame
        func metric(_ g: GeoGeometry) -> Geometry? { try? frame.project(g) }

        // Duplicate ids across feature types (a POI made from a space or an entrance shares its id by design).
        var owners: [String: String] = [:]
        let features: [(String, String)] = venue.levels.map { ($0.id, "level") } + venue.spaces.map { ($0.id, "space") }
            + venue.openings.map { ($0.id, "opening") } + venue.obstacles.map { ($0.id, "obstacle") }
            + venue.pois.filter { $0.kind != .room && $0.kind != .entrance }.map { ($0.id, "POI") }
        for (id, kind) in features {
            if let other = owners[id] {
                issues.append(VenueIssue(.error, "duplicate-id", featureID: id, "the id is used by a \(other) and a \(kind)"))
            } else {
                owners[id] = kind
            }
        }

        // Geometry validity.
        let areal: [(id: String, what: String, geometry: GeoGeometry)] =
            venue.spaces.map { ($0.id, "space", $0.geometry) } + venue.levels.compactMap { l in l.geometry.map { (l.id, "level", $0) } }
            + venue.obstacles.filter { !$0.geometry.degrees.polygons.isEmpty }.map { ($0.id, "obstacle", $0.geometry) }
        var invalid: Set<String> = []
        for f in areal {
            switch Result(catching: { () throws(GeometryError) in try f.geometry.degrees.validityReason() }) {
            case .success(nil): break
            case .success(let reason?):
                invalid.insert(f.id)
                // A level's outline is drawn, not walked (routing uses its spaces): a warning. A space's or an
                // obstacle's is what routing walks in or around: an error.
                issues.append(VenueIssue(f.what == "level" ? .warning : .error, "invalid-geometry", featureID: f.id,
                    "the \(f.what)'s polygon is invalid: \(reason)\(f.what == "level" ? " (the outline only: its spaces are routed on)" : "")"))
            case .failure(let e):
                invalid.insert(f.id)
                issues.append(VenueIssue(.error, "invalid-geometry", featureID: f.id, "the \(f.what)'s geometry cannot be checked: \(e.localizedDescription)"))
            }
        }

        for level in venue.levels {
            let spaces = venue.spaces(on: level.id).filter { !invalid.contains($0.id) }
            if spaces.isEmpty {
                issues.append(VenueIssue(.warning, "empty-level", featureID: level.id, "level \(level.ordinalText) has no spaces"))
                continue
            }
            let shapes = spaces.map { metric($0.geometry) }
            let index = PolygonIndex(shapes.map { $0 ?? .multiPolygon([]) })

            // Overlapping spaces, judged by one rule for every kind (overlapSeverity).
            for (i, a) in shapes.enumerated() {
                guard let a, let box = a.boundingBox else { continue }
                for j in index.candidates(intersecting: box) where j > i {
                    guard let b = shapes[j], let shared = try? a.intersection(b).area(), shared > overlapNoise else { continue }
                    let judged = overlapSeverity(shared: shared, areas: (try? a.area()) ?? 0, (try? b.area()) ?? 0)
                    issues.append(VenueIssue(judged.severity, "overlap", featureID: spaces[i].id,
                        "overlaps space \(spaces[j].id) by \(measureText(shared)) m² on level \(level.ordinalText) (\(judged.what))"))
                }
            }

            // Openings must lie on a space boundary.
            let boundaries = shapes.map { $0.map { Geometry.multiLineString($0.polygons.flatMap { p in p.rings.compactMap { try? LineString($0.coordinates) } }) } }
            for opening in venue.openings(on: level.id) {
                guard let line = metric(opening.geometry), let box = line.boundingBox else { continue }
                if let a = line.allCoordinates.first, let b = line.allCoordinates.last, a.distance(to: b) < 0.05 {
                    issues.append(VenueIssue(.warning, "degenerate-opening", featureID: opening.id,
                        "the opening is \(measureText(a.distance(to: b) * 100)) cm wide: too narrow to pass, not used for routing"))
                    continue
                }
                // Look a little further than the error distance, so a misplaced opening says how far off it is.
                let reach = max(boundaryErrorDistance, 20)
                let probe = BoundingBox(minX: box.minX - reach, minY: box.minY - reach, maxX: box.maxX + reach, maxY: box.maxY + reach)
                let near = index.candidates(intersecting: probe)
                    .compactMap { k in boundaries[k].flatMap { b in (try? midpoint(line).distance(to: b)).map { (k, $0) } } }
                let distance = near.map(\.1).min() ?? .infinity
                // An opening longer than the diagonal of every space beside it is no passage of theirs (most likely
                // a coordinate typo): routing uses only the part within them.
                let across = near.filter { $0.1 <= boundaryErrorDistance }
                    .compactMap { shapes[$0.0]?.boundingBox.map { b in (b.width * b.width + b.height * b.height).squareRoot() } }.max()
                if let across, let a = line.allCoordinates.first, let b = line.allCoordinates.last, a.distance(to: b) > across + boundaryErrorDistance {
                    issues.append(VenueIssue(.error, "opening-too-long", featureID: opening.id,
                        "the opening is \(measureText(a.distance(to: b))) m long, longer than any space it joins (at most \(measureText(across)) m across): "
                        + "a coordinate typo? Routing uses only the part within those spaces"))
                }
                if distance > boundaryErrorDistance {
                    issues.append(VenueIssue(.error, "opening-off-boundary", featureID: opening.id,
                        distance.isFinite ? "the opening is \(measureText(distance)) m from the nearest space boundary on level \(level.ordinalText)"
                                          : "the opening is not near any space on level \(level.ordinalText)"))
                } else if distance > boundaryTolerance {
                    issues.append(VenueIssue(.warning, "opening-off-boundary", featureID: opening.id,
                        "the opening is \(measureText(distance * 100)) cm off the nearest space boundary; taken as on it"))
                }
            }
        }
        // Errors first, and among them a file that did not load before what follows from it.
        return issues.sorted { a, b in
            (b.severity, a.isFileFailure ? 0 : 1, a.file ?? "", a.featureID ?? "", a.code)
                < (a.severity, b.isFileFailure ? 0 : 1, b.file ?? "", b.featureID ?? "", b.code)
        }
    }

    private func midpoint(_ g: Geometry) -> Geometry {
        let cs = g.allCoordinates
        guard let first = cs.first, let last = cs.last else { return g }
        return .point(Coordinate(x: (first.x + last.x) / 2, y: (first.y + last.y) / 2))
    }
}
