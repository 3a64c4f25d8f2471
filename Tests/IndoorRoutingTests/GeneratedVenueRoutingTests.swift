import Foundation
import IndoorGeometry
import IndoorRouting
import IndoorTestSupport
import IndoorVenue
import Testing

/// Property tests on generated venues of every kind real data comes in (``VenueGenerator``): every pair of named
/// public places routes, no walked stretch crosses a wall (``RouteAudit``, GEOS on the polygons, independent of
/// the graph).
@Suite(.timeLimit(.minutes(5))) struct GeneratedVenueRoutingTests {
    /// The IMDF kinds (stations are OSM footway networks: the OSM loader's tests hold them).
    static let kinds = VenueGenerator.Kind.allCases.filter { $0 != .station }
    /// Six seeds of each kind: 54 venues.
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6]

    static func venue(_ kind: VenueGenerator.Kind, seed: UInt64) throws -> Venue {
        let generated = try VenueGenerator(kind: kind, options: .init(seed: seed, levels: 2, rooms: kind == .hall ? nil : 60,
                                                                      pillars: 40)).generate()
        return try IMDFLoader.load(files: generated.imdf, source: "generated-\(kind.rawValue)-\(seed)").inferringPassages()
    }

    @Test(arguments: kinds)
    func everyPairRoutesWithoutCrossingAWall(kind: VenueGenerator.Kind) throws {
        for seed in Self.seeds {
            let venue = try Self.venue(kind, seed: seed)
            let audit = RouteAudit(venue: venue)
            #expect(audit.places.count >= 10, "\(kind) seed \(seed): \(audit.places.count) places")
            for o in audit.run(pairs: 25, seed: seed) {
                #expect(o.failure == nil, "\(kind) seed \(seed): \(o.from.name) → \(o.to.name): \(o.failure ?? "")")
                #expect(o.crossings.isEmpty, "\(kind) seed \(seed): \(o.from.name) → \(o.to.name): \(o.crossings)")
            }
        }
    }
}
