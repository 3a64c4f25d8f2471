import IndoorVenue
import Testing

/// Overlapping spaces are judged by one rule for every kind of space — by the overlap's area and the share of the
/// smaller space it covers —, so a bigger overlap of the same kind is never judged milder than a smaller one.
@Suite struct OverlapSeverityTests {
    @Test(arguments: [
        // A sliver: walls drawn into each other (under 1 m², or under 5 % of the smaller space).
        (0.17, 20.0, 400.0, VenueIssue.Severity.warning, "a sliver"),
        (0.9, 4.0, 4.0, .warning, "a sliver"),
        (3.0, 100.0, 100.0, .warning, "a sliver"),
        // Within: the smaller lies inside the larger (a room drawn on a hall), carved out for routing.
        (29.0, 29.5, 2_000.0, .warning, "lies within"),
        // The same shape twice: which one a place is in cannot be told.
        (50.0, 50.0, 51.0, .error, "drawn twice"),
        // A partial overlap of substance: two spaces claim the same floor.
        (6.0, 20.0, 30.0, .error, "claim the same floor"),
        (1.5, 20.0, 400.0, .error, "claim the same floor"),
    ])
    func overlapsAreJudgedByAreaAndShareOfTheSmallerSpace(shared: Double, a: Double, b: Double,
                                                           severity: VenueIssue.Severity, what: String) {
        let judged = VenueValidator().overlapSeverity(shared: shared, areas: a, b)
        #expect(judged.severity == severity)
        #expect(judged.what.contains(what), "\(judged.what)")
        // The order of the two spaces does not matter.
        #expect(VenueValidator().overlapSeverity(shared: shared, areas: b, a).severity == severity)
    }

    /// Growing an overlap between the same two spaces never makes it milder, until the smaller lies within the
    /// larger (which routing carves out).
    @Test func aLargerPartialOverlapIsNeverMilder() {
        let validator = VenueValidator()
        var worst = VenueIssue.Severity.info
        for shared in stride(from: 0.1, through: 18.0, by: 0.1) {
            let severity = validator.overlapSeverity(shared: shared, areas: 20, 400).severity
            #expect(severity >= worst, "\(shared) m²")
            worst = max(worst, severity)
        }
    }
}

/// An issue's line names its feature as a person finds it, beside the id (issue 18: validation named UUIDs only).
@Suite struct VenueIssueTextTests {
    @Test func theLineNamesTheFeatureBesideItsId() {
        var issue = VenueIssue(.warning, "overlap", file: "unit.geojson", featureID: "4b55a781", "overlaps space x by 0.17 m²")
        #expect(issue.description == "warning: unit.geojson feature 4b55a781: overlaps space x by 0.17 m² [overlap]")
        issue.featureName = "Classroom 144"
        #expect(issue.description == "warning: unit.geojson feature 4b55a781 (Classroom 144): overlaps space x by 0.17 m² [overlap]")
    }
}
