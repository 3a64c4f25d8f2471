import Foundation
import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorTestSupport
import IndoorVenue
import Synchronization
import Testing

/// Property tests on generated venues of every kind real data comes in (``VenueGenerator``): every pair of named
/// public places routes, no walked stretch crosses a wall (``RouteAudit``, GEOS on the polygons, independent of
/// the graph), and walks on one level are within 2 % of the exact shortest path (``BruteForceShortestPath``).
@Suite(.timeLimit(.minutes(TestTier.minutes(5)))) struct GeneratedVenueRoutingTests {
    /// The IMDF kinds (stations are OSM footway networks: the OSM loader's tests hold them).
    static let kinds = VenueGenerator.Kind.allCases.filter { $0 != .station }
    /// Six seeds of each kind with the integration tier (66 venues); one in the unit tier (every kind once).
    static let seeds: [UInt64] = TestTier.sample([1, 2, 3, 4, 5, 6], unit: 1)

    /// Audits (venue, graph, places) made by one property and not yet taken by the other, by kind and seed: both
    /// look at the same venues, generated, loaded and built once (and held only in between).
    private static let audits = Mutex<[String: RouteAudit]>([:])

    /// The generated venue of `kind` and `seed`, audited: the one the other property left, else a new one, left
    /// for it.
    static func audit(_ kind: VenueGenerator.Kind, seed: UInt64) throws -> RouteAudit {
        let key = "\(kind.rawValue)-\(seed)"
        if let known = audits.withLock({ $0.removeValue(forKey: key) }) { return known }
        let generated = try VenueGenerator(kind: kind, options: .init(seed: seed, levels: 2, rooms: kind == .hall || kind == .campus ? nil : 60,
                                                                      pillars: 40)).generate()
        let audit = RouteAudit(venue: try IMDFLoader.load(files: generated.imdf, source: "generated-\(key)").inferringPassages())
        audits.withLock { $0[key] = audit }
        return audit
    }

    @Test(arguments: kinds)
    func everyPairRoutesWithoutCrossingAWall(kind: VenueGenerator.Kind) throws {
        for seed in Self.seeds {
            let audit = try Self.audit(kind, seed: seed)
            #expect(audit.places.count >= 10, "\(kind) seed \(seed): \(audit.places.count) places")
            for o in audit.run(pairs: 25, seed: seed) {
                #expect(o.failure == nil, "\(kind) seed \(seed): \(o.from.name) → \(o.to.name): \(o.failure ?? "")")
                #expect(o.crossings.isEmpty, "\(kind) seed \(seed): \(o.from.name) → \(o.to.name): \(o.crossings)")
            }
        }
    }

    /// Three seeded pairs of places on the venue's first level with places, for each seed: the route is at most
    /// 2 % longer than the exact path, and never shorter unless the oracle missed a walk — then every stretch of
    /// the route must lie in the oracle's own free space (a route through a wall would not).
    @Test(arguments: kinds)
    func walksOnALevelAreWithinTwoPercentOfTheExactShortestPath(kind: VenueGenerator.Kind) throws {
        var compared = 0
        var worst = 1.0
        for seed in Self.seeds {
            let audit = try Self.audit(kind, seed: seed)
            let graph = audit.graph
            let router = Router(graph: graph)
            guard let level = audit.places.first?.levelID else { continue }
            let places = audit.places.filter { $0.levelID == level }
            guard places.count >= 2 else { continue }
            let exact = try BruteForceShortestPath(graph: graph, levelID: level)
            var rng = SeededGenerator(seed: seed)
            var here = 0
            for _ in 0..<12 where here < 3 {
                let a = places[Int(rng.next() % UInt64(places.count))], b = places[Int(rng.next() % UInt64(places.count))]
                let pa = try graph.venue.frame.project(a.coordinate), pb = try graph.venue.frame.project(b.coordinate)
                guard let route = try? router.route(from: RouteEnd(point: pa, levelID: level, label: a.name),
                                                    to: RouteEnd(point: pb, levelID: level, label: b.name)),
                      route.points.allSatisfy({ $0.levelID == level && ($0.edge.map { graph.edges[$0].kind == .walk } ?? true) }),
                      let first = route.points.first, let last = route.points.last,
                      let reference = try exact.distance(first.point, last.point), reference > 1 else { continue }
                let ratio = route.distance / reference
                worst = max(worst, ratio)
                let name = "\(kind) seed \(seed): \(a.name) → \(b.name): \(route.distance) m, exact \(reference) m"
                #expect(ratio <= 1.02, "\(name)")
                // Shorter by more than positions are written to (9 decimals of a degree, about 0.1 mm: a building
                // turned on its own, as on a campus, has no corner exactly on the line of another).
                if ratio < 1 - 1e-5 {
                    let inside = try zip(route.points, route.points.dropFirst()).allSatisfy { try exact.sees($0.point, $1.point) }
                    #expect(inside, "shorter than the exact path and outside its free space: \(name)")
                }
                compared += 1
                here += 1
            }
        }
        print("\(kind): \(compared) walks compared with the exact shortest path, worst ratio \(worst)")
        #expect(compared >= 2 * Self.seeds.count, "\(kind): only \(compared) walks compared")
    }

    /// Kind: levels nothing joins (an export of a station's floors with no stairs drawn). Pairs on one floor route;
    /// every pair between floors fails with the one reason, naming the two levels.
    @Test(arguments: [VenueGenerator.Kind.grid, .mixed, .implicitCorridors])
    func levelsNothingJoinsFailBetweenFloorsWithOneReason(kind: VenueGenerator.Kind) throws {
        for seed: UInt64 in [1, 2] {
            let generated = try VenueGenerator(kind: kind, options: .init(seed: seed, levels: 2, rooms: 60, joinsLevels: false)).generate()
            let venue = try IMDFLoader.load(files: generated.imdf, source: "generated-\(kind.rawValue)-\(seed)").inferringPassages()
            let audit = RouteAudit(venue: venue)
            #expect(audit.graph.floorGroups().count == 2)
            var across = 0
            for o in audit.run(pairs: 25, seed: seed) {
                let sameFloor = venue.level(id: o.from.levelID)?.ordinal == venue.level(id: o.to.levelID)?.ordinal
                if sameFloor {
                    #expect(o.failure == nil, "\(kind) seed \(seed): \(o.from.name) → \(o.to.name): \(o.failure ?? "")")
                } else {
                    across += 1
                    #expect(o.failure?.contains("no stairs, lift, escalator or ramp is mapped between") == true,
                            "\(kind) seed \(seed): \(o.from.name) → \(o.to.name): \(o.failure ?? "routed")")
                }
                #expect(o.crossings.isEmpty)
            }
            #expect(across > 0)
        }
    }
}
