import Foundation
import IndoorGeometry
import IndoorRouting
import IndoorSampleVenue
import IndoorVenue
import Testing

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The shipped venues with their graphs, built once.
enum ShippedVenues {
    static let all: [(name: String, graph: NavigationGraph)] = {
        var out: [(String, NavigationGraph)] = []
        if let hub = try? SampleVenue.load() { out.append(("hub", NavigationGraph(venue: hub))) }
        for (name, path) in [("spbstu", "venues/imdf-spbstu-polytech"), ("apb", "venues/osm-dresden-apb/apb.osm")] {
            if let v = try? VenueLoader.load(path: repositoryRoot.appendingPathComponent(path).path) {
                out.append((name, NavigationGraph(venue: v)))
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
            try list.filter { !$0.geometry.polygons.isEmpty }.map { try venue.frame.project($0.geometry).buffer(-0.05) }
        }
        let routes = ShippedVenues.sampleRoutes(graph, count: 40, seed: 42)
        #expect(routes.count >= 20)
        var segments = 0
        for (_, _, route) in routes {
            for (a, b) in zip(route.points, route.points.dropFirst()) where b.space >= 0 && a.levelID == b.levelID {
                guard a.point.distance(to: b.point) > 1e-6 else { continue }
                let line = Geometry.lineString(try LineString([a.point, b.point]))
                segments += 1
                #expect(try shape(b.space).covers(line), "\(name): \(a.point) → \(b.point) leaves space \(venue.spaces[b.space].id)")
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
                for p in route.points where p.edge >= 0 {
                    let kind = graph.edges[p.edge].kind
                    #expect(kind != .stairs && kind != .escalator, "\(name) used \(kind)")
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
        #expect(routes.contains { r in r.route.points.contains { $0.edge >= 0 && graph.edges[$0.edge].kind == .elevator } })
    }
}
