import Foundation
import IndoorTestSupport
import Testing

/// The command line on the shipped railway stations (venues/osm-stations/).
@Suite(.enabled(if: TestTier.integration)) struct OSMStationCommandTests {
    static let darmstadt = "venues/osm-stations/da_hbf.osm"
    static let extract = "venues/osm-stations/da_hbf_2.osm.pbf"

    @Test(arguments: [("pharmacy", "Apotheke im Hauptbahnhof"), ("police", "Bundespolizei")])
    func theStationsPharmacyAndPoliceAreFound(query: String, name: String) async throws {
        let r = try await CLI.run(["search", query, "--venue", Self.darmstadt])
        #expect(r.status == 0)
        #expect(r.stdout.contains(name))
    }

    @Test func aPlatformToTheConcourseWithoutStairsTakesTheElevator() async throws {
        let r = try await CLI.run(["route", "--from", "Bahnsteig Gleis 5+6", "--to", "WC Center", "--profile", "accessible", "--venue", Self.darmstadt])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Take the elevator up 1 level to Level 0"))
        #expect(r.stdout.contains("You reach WC Center"))
    }

    @Test func theStationIsPickedOutOfTheCityExtractByName() async throws {
        let r = try await CLI.run(["venue", "info", "--venue", Self.extract, "--venue-name", "darmstadt hauptbahnhof"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Darmstadt Hauptbahnhof (OSM, "))
        let routed = try await CLI.run(["route", "--from", "Gleise 5+6", "--to", "Gleise 11+12", "--venue", Self.extract,
                                        "--venue-name", "Darmstadt Hauptbahnhof"])
        #expect(routed.status == 0, "\(routed.stderr)")
    }

    @Test func aBoxPicksWhatLiesInIt() async throws {
        let r = try await CLI.run(["venue", "info", "--venue", Self.extract, "--bbox", "8.6275,49.8700,8.6335,49.8760", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try r.json()["name"] as? String == "Darmstadt Hauptbahnhof")
    }

    @Test(arguments: [
        (["--bbox", "8.63,49.87,8.62,49.88"], "expected WEST,SOUTH,EAST,NORTH"),
        (["--bbox", "1,2,3"], "expected WEST,SOUTH,EAST,NORTH"),
        (["--venue-name", "X", "--bbox", "1,2,3,4"], "give one"),
    ])
    func aBadPickIsAUsageError(arguments: [String], says: String) async throws {
        let r = try await CLI.run(["venue", "info", "--venue", Self.extract] + arguments)
        #expect(r.status == 2)
        #expect(r.stderr.contains(says))
    }

    @Test func aPickWithoutAnOSMFileIsAUsageError() async throws {
        let r = try await CLI.run(["venue", "info", "--venue-name", "Darmstadt Hauptbahnhof"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("need --venue FILE"))
    }

    @Test func anUnknownNameSaysWhatIsNamedSo() async throws {
        let r = try await CLI.run(["venue", "info", "--venue", Self.extract, "--venue-name", "Am Hauptbahnhof"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no station, stop area, building or mall is named \"Am Hauptbahnhof\""))
    }
}
