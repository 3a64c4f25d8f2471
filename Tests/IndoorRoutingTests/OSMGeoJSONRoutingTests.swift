import Foundation
import IndoorBase
import IndoorRouting
import IndoorTestSupport
import IndoorVenue
import Testing

/// The two OSM GeoJSON exports indoor web maps ship (Tests/IndoorVenueTests/Fixtures/osm-geojson, ODbL), routed as
/// `tools/venues/route-pairs` routes them.
@Suite(.timeLimit(.minutes(TestTier.minutes(5)))) struct OSMGeoJSONRoutingTests {
    static func venue(_ name: String) throws -> Venue {
        try VenueLoader.load(path: repositoryRoot.appendingPathComponent("Tests/IndoorVenueTests/Fixtures/osm-geojson/\(name)").path)
            .inferringPassages()
    }

    /// Gare de l'Est: rooms and corridors with no doors, a concourse whose walkways were one self-intersecting
    /// polygon away from being dropped, a shop whose longest wall backs onto a staff area, and two levels that
    /// nothing joins. Every pair on one level routes, through no wall; every pair across fails with the one reason.
    @Test func gareDeLEstRoutesEveryPairOnALevelAndSaysOnceWhatCutsTheLevelsApart() throws {
        let venue = try Self.venue("gare-de-l-est.geojson")
        let audit = RouteAudit(venue: venue)
        #expect(audit.places.count >= 80)
        var same = 0, across = 0
        let pairs = TestTier.sample(80, unit: 40)
        for o in audit.run(pairs: pairs, seed: 1) {
            let ordinals = [o.from.levelID, o.to.levelID].map { venue.level(id: $0)?.ordinal }
            if ordinals[0] == ordinals[1] {
                same += 1
                #expect(o.failure == nil, "\(o.from.name) → \(o.to.name): \(o.failure ?? "")")
            } else {
                across += 1
                #expect(o.failure?.hasSuffix("no stairs, lift, escalator or ramp is mapped between Level \(Level.text(ordinal: ordinals[0] ?? 0)) and Level \(Level.text(ordinal: ordinals[1] ?? 0))") == true,
                        "\(o.from.name) → \(o.to.name): \(o.failure ?? "routed")")
            }
            #expect(o.crossings.isEmpty, "\(o.from.name) → \(o.to.name): \(o.crossings)")
        }
        #expect(same > pairs * 3 / 8 && across > pairs * 3 / 16, "\(same) on a level, \(across) across")
    }

    /// Grand'Place: named indoor avenues are places, and every pair routes, the roof car park and its vehicle
    /// entrances too (joined to the concourse where it is open, not at the corner its shops fill).
    @Test func grandPlaceNamesItsAvenuesAndRoutesBetweenItsShops() throws {
        let venue = try Self.venue("grand-place.geojson")
        let audit = RouteAudit(venue: venue)
        let names = Set(audit.places.map(\.name))
        for avenue in ["Avenue de la Chartreuse", "Cour des Érables", "Galerie Échirolles", "Passerelle de Picardie"] {
            #expect(names.contains(avenue), "\(avenue) is a place")
        }
        for o in audit.run(pairs: TestTier.sample(80, unit: 40), seed: 1) {
            #expect(o.failure == nil, "\(o.from.name) → \(o.to.name): \(o.failure ?? "")")
            #expect(o.crossings.isEmpty, "\(o.from.name) → \(o.to.name): \(o.crossings)")
        }
        let entrance = try #require(audit.places.first { $0.id == "node/1724485505" }, "the car park's vehicle entrance")
        let shop = try #require(audit.places.first { $0.name == "Zara" })
        let router = Router(graph: audit.graph)
        #expect(audit.audit(from: entrance, to: shop, router: router).failure == nil)
    }
}
