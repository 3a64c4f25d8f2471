import Foundation
import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorSampleVenue
import IndoorTestSupport
import IndoorText
import IndoorVenue
import Testing

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The shipped venues with their graphs, built once.
enum ShippedVenues {
    static let all: [(name: String, graph: NavigationGraph)] = {
        var out: [(String, NavigationGraph)] = []
        if let hub = try? SampleVenue.load() { out.append(("hub", NavigationGraph(venue: hub.inferringPassages()))) }
        for (name, path) in [("spbstu", "venues/imdf-spbstu-polytech"), ("apb", "venues/osm-dresden-apb/apb.osm")] {
            if let v = try? VenueLoader.load(path: repositoryRoot.appendingPathComponent(path).path) {
                out.append((name, NavigationGraph(venue: v.inferringPassages())))
            }
        }
        return out
    }()

    /// Routes between seeded random pairs of POIs (those that have a route).
    static func sampleRoutes(_ graph: NavigationGraph, count: Int, seed: UInt64, options: RoutingOptions = RoutingOptions())
        -> [(from: POI, to: POI, route: Route)] {
        let router = Router(graph: graph)
        var rng = SeededGenerator(seed: seed)
        let pois = graph.venue.pois
        var out: [(POI, POI, Route)] = []
        var attempts = 0
        while out.count < count, attempts < count * 10 {
            attempts += 1
            let a = pois[Int(rng.next() % UInt64(pois.count))], b = pois[Int(rng.next() % UInt64(pois.count))]
            guard let pa = try? graph.venue.frame.project(a.coordinate), let pb = try? graph.venue.frame.project(b.coordinate),
                  let r = try? router.route(from: RouteEnd(point: pa, levelID: a.levelID, label: "a"),
                                            to: RouteEnd(point: pb, levelID: b.levelID, label: "b"), options: options)
            else { continue }
            out.append((a, b, r))
        }
        return out
    }
}

@Suite struct VenueRoutingTests {
    @Test func everyShippedVenueGetsAGraph() {
        #expect(ShippedVenues.all.map(\.name) == ["hub", "spbstu", "apb"])
        for (_, graph) in ShippedVenues.all { #expect(graph.nodes.count > 100 && graph.edges.count > 1000) }
    }

    /// Every walked stretch lies inside the space it is walked in (a few centimetres of tolerance) and touches no
    /// obstacle: routes never cross a wall.
    @Test(arguments: ["hub", "spbstu", "apb"])
    func routesNeverCrossAWall(venue name: String) throws {
        let graph = try #require(ShippedVenues.all.first { $0.name == name }?.graph)
        let venue = graph.venue
        var shapes: [Int: Geometry] = [:]
        func shape(_ s: Int) throws -> Geometry {
            if let g = shapes[s] { return g }
            let g = try venue.frame.project(venue.spaces[s].geometry).buffer(0.05)
            shapes[s] = g
            return g
        }
        let obstacles = try Dictionary(grouping: venue.obstacles, by: \.levelID).mapValues { list in
            try list.filter { !$0.geometry.degrees.polygons.isEmpty }.map { try venue.frame.project($0.geometry).buffer(-0.05) }
        }
        let routes = ShippedVenues.sampleRoutes(graph, count: 40, seed: 42)
        #expect(routes.count >= 20)
        var segments = 0
        for (_, _, route) in routes {
            for (a, b) in zip(route.points, route.points.dropFirst()) where a.levelID == b.levelID {
                guard let space = b.space else { continue }
                guard a.point.distance(to: b.point) > 1e-6 else { continue }
                let line = Geometry.lineString(try LineString([a.point, b.point]))
                segments += 1
                // A door is crossed anywhere in its gap: an OSM door node's opening is a straight chord of a round
                // stairwell's wall, a few centimetres off the arc the spaces are drawn with.
                var allowed = try shape(space)
                for o in [a.opening, b.opening].compactMap({ $0 }) {
                    allowed = try allowed.union(venue.frame.project(venue.openings[o].geometry).buffer(0.15))
                }
                #expect(try allowed.covers(line), "\(name): \(a.point) → \(b.point) leaves space \(venue.spaces[space].id)")
                for o in obstacles[b.levelID] ?? [] where !o.polygons.isEmpty {
                    #expect(try !o.intersects(line), "\(name): \(a.point) → \(b.point) crosses an obstacle")
                }
            }
        }
        #expect(segments > 50)
    }

    @Test func accessibleRoutesNeverUseStairsOrEscalators() throws {
        for (name, graph) in ShippedVenues.all {
            let routes = ShippedVenues.sampleRoutes(graph, count: 30, seed: 7, options: RoutingOptions(profile: .accessible))
            for (_, _, route) in routes {
                for e in route.points.compactMap(\.edge) {
                    let kind = graph.edges[e].kind
                    #expect(kind != .connector(.stairs) && kind != .connector(.escalator), "\(name) used \(kind)")
                }
            }
        }
    }

    /// On the transit hub, stairs, escalators and an elevator join all three levels: the accessible profile finds
    /// every level by elevator.
    @Test func theHubIsAccessibleByElevator() throws {
        let graph = try #require(ShippedVenues.all.first?.graph)
        let routes = ShippedVenues.sampleRoutes(graph, count: 20, seed: 3, options: RoutingOptions(profile: .accessible))
        #expect(routes.count == 20)
        #expect(routes.contains { r in r.route.points.contains { $0.edge.map { graph.edges[$0].kind == .connector(.elevator) } ?? false } })
    }
}

/// The shipped venues as a visitor meets them: seeded pairs of named public places, judged by ``RouteAudit``.
@Suite struct ShippedVenuePairsTests {
    /// Every pair within a building routes and no route crosses a wall. (The SPbSTU campus is two buildings
    /// 300 m apart with no outdoor way mapped between them: pairs across them have no route, and say so.)
    @Test(arguments: ["hub", "spbstu", "apb"])
    func namedPlacesRouteWithoutCrossingWalls(venue name: String) throws {
        let graph = try #require(ShippedVenues.all.first { $0.name == name }?.graph)
        let pairs = TestTier.sample(40, unit: 15)
        let outcomes = RouteAudit(venue: graph.venue).run(pairs: pairs, seed: 1)
        #expect(outcomes.count == pairs)
        for o in outcomes where o.sameBuilding {
            #expect(o.failure == nil, "\(o.from.name) → \(o.to.name): \(o.failure ?? "")")
        }
        for o in outcomes where !o.sameBuilding { #expect(o.failure?.contains("maps no way between them") ?? true, "\(o.failure ?? "")") }
        for o in outcomes { #expect(o.crossings.isEmpty, "\(o.from.name) → \(o.to.name): \(o.crossings)") }
    }

    /// IMDF units overlapping (SPbSTU, level fc8f18cb…): "Classroom 100.1" is drawn over the corridor. The walk to
    /// the female restroom leaves the classroom through its door and enters the restroom through its own; it used
    /// to cut 6 m through the classroom's south wall. The shortest walk through both doors is 7.49 m: the default
    /// route is that walk within 2 %. (With a body's width of clearance, 0.3 m, it was 8.58 m: the turn out of one
    /// door into the next along the same wall goes round both jambs.)
    @Test func aClassroomDrawnOverTheCorridorIsLeftThroughItsDoor() throws {
        let graph = try #require(ShippedVenues.all.first { $0.name == "spbstu" }?.graph)
        let venue = graph.venue
        let level = "fc8f18cb-4412-4285-b130-f8c5a9ef021e"
        let a = try venue.frame.project(GeoCoordinate(longitude: 30.381091517, latitude: 60.00738803))
        let b = try venue.frame.project(GeoCoordinate(longitude: 30.381126251, latitude: 60.007363412))
        let route = try Router(graph: graph).route(from: RouteEnd(point: a, levelID: level, label: "classroom"),
                                                   to: RouteEnd(point: b, levelID: level, label: "restroom"))
        #expect(RouteAudit(venue: venue).crossings(of: route).isEmpty)
        #expect(Set(route.points.compactMap(\.opening)).count == 2, "through the classroom's door and the restroom's")
        #expect(abs(route.distance - 7.49) <= 7.49 * 0.02, "\(route.distance) m")
        // A destination given as a coordinate in a room: the room is where the walk goes, never a landmark to turn
        // "after" on the way there (it said "then turn left after Restroom female").
        let itinerary = try Router(graph: graph).itinerary(through: [
            Waypoint(end: RouteEnd(point: a, levelID: level, label: "classroom")),
            Waypoint(end: RouteEnd(point: b, levelID: level, label: "restroom")),
        ])
        let landmarks = itinerary.legs.flatMap(\.steps).compactMap { $0.landmark?.text(in: .en) }
        #expect(!landmarks.contains { $0.lowercased().contains("restroom") }, "\(itinerary.legs.flatMap(\.steps).map { $0.instruction(in: .en) })")
    }
}

/// OSM stations mapped as walking networks, their shops drawn as rooms with no door in holes of the concourse
/// (Darmstadt Hbf, alone and picked out of its city extract). What still fails is the data's: a hotel 106 m off
/// the mapped network, a bus platform no footway reaches, an office on a level with nothing walkable.
@Suite struct StationPairsTests {
    @Test(arguments: [("venues/osm-stations/da_hbf.osm", nil as String?), ("venues/osm-stations/da_hbf_2.osm.pbf", "Darmstadt Hauptbahnhof")])
    func namedPlacesOfAStationRoute(file: String, name: String?) throws {
        let venue = try VenueLoader.load(path: repositoryRoot.appendingPathComponent(file).path, selection: name.map { .named($0) })
            .inferringPassages()
        let outcomes = RouteAudit(venue: venue).run(pairs: 40, seed: 1)
        let routed = outcomes.filter { $0.distance != nil }.count
        #expect(routed >= 30, "\(file): \(routed) of 40 route")
        for o in outcomes { #expect(o.crossings.isEmpty, "\(o.from.name) → \(o.to.name): \(o.crossings)") }
    }

    /// Kind: stair landings mapped as footways on levels of their own (Darmstadt's -0.7 and -0.3, between the tunnel
    /// and the platforms). Every landing is on the way up, so none is reported unreachable, though a point of a
    /// passage into one (where its footway meets another's, outside the free area) is reached by no walk.
    @Test func stairLandingsMappedAsLevelsAreReachable() throws {
        let venue = try VenueLoader.load(path: repositoryRoot.appendingPathComponent("venues/osm-stations/da_hbf.osm").path)
            .inferringPassages()
        let graph = NavigationGraph(venue: venue)
        let landings = venue.spaces.indices.filter { venue.level(id: venue.spaces[$0].levelID).map { $0.ordinal.rounded() != $0.ordinal } ?? false }
        #expect(landings.count >= 10)
        let unreachable = Set(graph.unreachableSpaces())
        #expect(landings.allSatisfy { !unreachable.contains($0) }, "\(landings.filter(unreachable.contains).map { venue.spaces[$0].id })")
    }
}
