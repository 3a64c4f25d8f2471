import Foundation
import IndoorBase
import IndoorGeometry
@testable import IndoorRouting
import IndoorSampleVenue
import IndoorTestSupport
import IndoorVenue
import Testing

/// ALT (``Landmarks``): the bound never exceeds the true cost to a set of targets with finishing costs, it is
/// consistent on every edge, searches with it find the costs Dijkstra finds, and routes with it cost what plain A*'s
/// cost, for every profile, closures and non-public access, on generated venues of every kind and the shipped ones.
@Suite(.timeLimit(.minutes(TestTier.minutes(10)))) struct LandmarkRoutingTests {
    /// A seeded directed graph in three parts: a grid with one-way edges and long jumps (`GraphSearchTests`), a
    /// one-way chain 0 → 1 → … (most nodes reach few others), and a single node with no edge.
    static func threeParts(seed: UInt64) -> RoutingGraph {
        let (grid, _) = GraphSearchTests.randomGraph(nodes: 400, seed: seed)
        var edges: [RoutingGraph.Edge] = []
        for u in 0..<grid.nodeCount {
            for slot in Int(grid.offsets[u])..<Int(grid.offsets[u + 1]) { edges.append(RoutingGraph.Edge(Int32(u), grid.targets[slot], grid.weights[slot])) }
        }
        for k in 0..<29 { edges.append(RoutingGraph.Edge(Int32(400 + k), Int32(401 + k), 1 + Double(k % 3))) }
        return RoutingGraph(nodeCount: 431, edges: edges)
    }

    /// Connected parts, edges taken both ways (as `NavigationGraph.component`).
    static func components(_ graph: RoutingGraph) -> [Int32] {
        var part = [Int32](repeating: -1, count: graph.nodeCount)
        var neighbours = [[Int32]](repeating: [], count: graph.nodeCount)
        for u in 0..<graph.nodeCount {
            for slot in Int(graph.offsets[u])..<Int(graph.offsets[u + 1]) {
                neighbours[u].append(graph.targets[slot])
                neighbours[Int(graph.targets[slot])].append(Int32(u))
            }
        }
        for s in 0..<graph.nodeCount where part[s] < 0 {
            var stack = [Int32(s)]
            part[s] = Int32(s)
            while let u = stack.popLast() {
                for v in neighbours[Int(u)] where part[Int(v)] < 0 {
                    part[Int(v)] = Int32(s)
                    stack.append(v)
                }
            }
        }
        return part
    }

    /// For seeded target sets with finishing costs: the bound of every node is ≤ its exact cost to the set
    /// (Dijkstra on the reversed graph: so `+∞` only when the set is out of reach), never NaN, and no edge lets it
    /// drop by more than the edge's cost (plus the tables' rounding slack).
    @Test(arguments: TestTier.sample([1, 2, 3] as [UInt64], unit: 1))
    func theBoundIsAdmissibleAndConsistentWithUnreachableParts(seed: UInt64) {
        let graph = Self.threeParts(seed: seed)
        let landmarks = Landmarks(graph: graph, components: Self.components(graph), count: 6)
        #expect(landmarks.table.contains { $0 == .infinity }, "the one-way chain leaves costs that do not exist")
        let reversed = graph.reversed()
        let search = ShortestPathSearch(graph: reversed)
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<30 {
            // 1 to 4 targets, sometimes in two parts at once.
            let targets = (0..<(1 + Int(rng.next() % 4))).map { _ in
                (node: Int32(rng.next() % UInt64(graph.nodeCount)), cost: Double(rng.next() % 50) / 10)
            }
            let bound = LandmarkBound(landmarks, targets: targets)
            // Exact costs to the set: one Dijkstra on the reversed graph from every target with its finishing cost.
            var exact = [Double](repeating: .infinity, count: graph.nodeCount)
            for v in 0..<graph.nodeCount {
                exact[v] = search.run(from: targets, to: [(Int32(v), 0)])?.cost ?? .infinity
            }
            // What is wrong, the first few of each (one expectation each, however many).
            var above: [String] = [], inconsistent: [String] = []
            for v in 0..<graph.nodeCount {
                let h = bound(Int32(v))
                if h.isNaN || h < 0 || h > exact[v] + 1e-9 { above.append("node \(v): bound \(h), exact \(exact[v])") }
                for slot in Int(graph.offsets[v])..<Int(graph.offsets[v + 1]) {
                    let x = graph.targets[slot]
                    if h > graph.weights[slot] + bound(x) + 2 * landmarks.slack + 1e-9 {
                        inconsistent.append("edge \(v) → \(x) (\(graph.weights[slot])): bound \(h), then \(bound(x))")
                    }
                }
            }
            #expect(above.isEmpty, "\(above.count) bounds NaN, negative or above the exact cost to \(targets): \(above.prefix(3))")
            #expect(inconsistent.isEmpty, "\(inconsistent.count) edges: \(inconsistent.prefix(3))")
        }
    }

    /// A* with the landmark bound finds the cost Dijkstra finds, or no path when Dijkstra finds none, across parts
    /// and along the one-way chain in both directions.
    @Test(arguments: [4, 5] as [UInt64])
    func searchesWithTheBoundFindWhatDijkstraFinds(seed: UInt64) {
        let graph = Self.threeParts(seed: seed)
        let landmarks = Landmarks(graph: graph, components: Self.components(graph), count: 8)
        let search = ShortestPathSearch(graph: graph)
        var rng = SeededGenerator(seed: seed)
        var routed = 0, unreachable = 0
        for k in 0..<300 {
            // Every tenth query along the chain (half of them against its direction).
            let s = k % 10 == 0 ? Int32(400 + rng.next() % 30) : Int32(rng.next() % UInt64(graph.nodeCount))
            let t = k % 10 == 0 ? Int32(400 + rng.next() % 30) : Int32(rng.next() % UInt64(graph.nodeCount))
            let sources = [(node: s, cost: 0.5)], targets = [(node: t, cost: 1.25)]
            let dijkstra = search.run(from: sources, to: targets)
            let bound = LandmarkBound(landmarks, targets: targets)
            let alt = search.run(from: sources, to: targets, heuristic: { bound($0) })
            #expect((dijkstra == nil) == (alt == nil), "\(s) → \(t)")
            if let dijkstra, let alt {
                #expect(abs(dijkstra.cost - alt.cost) <= 1e-9 * max(1, dijkstra.cost), "\(s) → \(t): \(dijkstra.cost) vs \(alt.cost)")
                routed += 1
            } else {
                unreachable += 1
            }
        }
        #expect(routed > 100 && unreachable > 10, "\(routed) routed, \(unreachable) unreachable")
    }

    /// An escalator that only goes up and a room no door leads into: up is routed, down and into the room are not,
    /// with landmarks as without; the escalator leaves costs from the upper floor to the lower one that do not
    /// exist, and the closed room (an L: it has a corner node) is a part of the graph with its own landmark.
    @Test func anUpEscalatorAndAClosedRoom() throws {
        let plan = """
            AAAAAAAAAA...BBB
            AAAAAAAuUU...B..
            AAAAAAAUUU...B..
            """
        let ascii = try AsciiVenue(levels: [0: plan, 1: plan], walkways: ["A"], connectors: ["U": .escalator])
        let graph = NavigationGraph(venue: ascii.venue())
        let landmarks = graph.prepareLandmarks(count: 4)
        #expect(landmarks.table.contains { $0 == .infinity })
        #expect(Set(graph.component).count >= 2, "the closed rooms are parts of their own")
        let end = { (x: Double, y: Double, level: Double) in RouteEnd(point: Coordinate(x: x, y: y), levelID: AsciiVenue.levelID(level), label: "\(x),\(y)") }
        let alt = Router(graph: graph)
        let plain = Router(graph: graph)
        plain.usesLandmarks = false
        let up = try alt.route(from: end(1, 1, 0), to: end(1, 1, 1))
        let plainUp = try plain.route(from: end(1, 1, 0), to: end(1, 1, 1))
        #expect(abs(up.cost - plainUp.cost) < 1e-9)
        #expect(up.points.contains { $0.edge.map { graph.edges[$0].kind == .connector(.escalator) } ?? false })
        #expect(throws: RoutingError.self) { try alt.route(from: end(1, 1, 1), to: end(1, 1, 0)) }
        #expect(throws: RoutingError.self) { try alt.route(from: end(1, 1, 0), to: end(13.5, 0.5, 0)) }
        #expect(throws: RoutingError.self) { try alt.route(from: end(13.5, 0.5, 1), to: end(1, 1, 1)) }
    }

    /// Generated venues of every kind (stations through their OSM), one seed each (the suite runs beside the
    /// others on two cores: its minutes of CPU starved the tests that wait on real processes).
    static func generatedVenues() throws -> [(name: String, venue: Venue)] {
        var out: [(String, Venue)] = []
        for kind in VenueGenerator.Kind.allCases {
            for seed: UInt64 in [1] {
                let generated = try VenueGenerator(kind: kind, options: .init(seed: seed, levels: 2, rooms: kind == .hall || kind == .campus ? nil : 60,
                                                                              pillars: 30)).generate()
                let name = "generated-\(kind.rawValue)-\(seed)"
                if kind == .station {
                    let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid()).osm")
                    try generated.osm.write(to: file)
                    defer { try? FileManager.default.removeItem(at: file) }
                    out.append((name, try VenueLoader.load(path: file.path).inferringPassages()))
                } else {
                    out.append((name, try IMDFLoader.load(files: generated.imdf, source: name).inferringPassages()))
                }
            }
        }
        return out
    }

    /// Routes seeded pairs of places of `venue` under every profile, each with and without seeded closures (two
    /// spaces, openings or connectors) and non-public access, with and without landmarks: both fail, or both cost the
    /// same within 1e-6.
    /// - Returns: the queries compared and the nodes each way settled in all.
    static func compare(_ name: String, _ venue: Venue, pairs: Int, seed: UInt64) throws -> (queries: Int, plain: Int, alt: Int) {
        // The audit's graph is the one routed (building a second would double the test's time).
        let audit = RouteAudit(venue: venue)
        let graph = audit.graph
        graph.prepareLandmarks()
        let alt = Router(graph: graph)
        let plain = Router(graph: graph)
        plain.usesLandmarks = false
        var rng = SeededGenerator(seed: seed)
        let closable = venue.spaces.map(\.id) + venue.openings.map(\.id) + venue.connectors.map(\.id)
        var queries = 0, settledPlain = 0, settledAlt = 0
        for (a, b) in audit.pairs(pairs, seed: seed) {
            let from = RouteEnd(point: try venue.frame.project(a.coordinate), levelID: a.levelID, label: a.name)
            let to = RouteEnd(point: try venue.frame.project(b.coordinate), levelID: b.levelID, label: b.name)
            for profile in RoutingOptions.Profile.allCases {
                for restricted in [false, true] {
                    let closed = restricted && !closable.isEmpty
                        ? Set((0..<2).map { _ in closable[Int(rng.next() % UInt64(closable.count))] }) : []
                    let options = RoutingOptions(profile: profile, closed: closed, includeNonPublic: restricted && rng.next() % 2 == 0)
                    let expected = Result { () throws(RoutingError) in try plain.route(from: from, to: to, options: options) }
                    settledPlain += plain.settledInLastSearch
                    let found = Result { () throws(RoutingError) in try alt.route(from: from, to: to, options: options) }
                    settledAlt += alt.settledInLastSearch
                    let what = "\(name): \(a.name) → \(b.name), \(profile), closed \(closed.sorted()), non-public \(options.includeNonPublic)"
                    switch (expected, found) {
                    case (.success(let e), .success(let f)):
                        #expect(abs(e.cost - f.cost) <= 1e-6 * max(1, e.cost), "\(what): \(f.cost) s with landmarks, \(e.cost) s without")
                    case (.failure(let e), .failure(let f)):
                        #expect(e.localizedDescription == f.localizedDescription, "\(what)")
                    default:
                        Issue.record("\(what): \(found) with landmarks, \(expected) without")
                    }
                    queries += 1
                }
            }
        }
        return (queries, settledPlain, settledAlt)
    }

    @Test func generatedVenuesRouteTheSameWithLandmarks() throws {
        for (name, venue) in try Self.generatedVenues() {
            let pairs = TestTier.sample(8, unit: 4)
            let (queries, plain, alt) = try Self.compare(name, venue, pairs: pairs, seed: 11)
            #expect(queries >= 4 * pairs, "\(name): \(queries) queries")
            print("\(name): \(queries) queries, nodes settled \(plain) without landmarks, \(alt) with")
        }
    }

    @Test(arguments: ["hub", "spbstu", "apb"])
    func shippedVenuesRouteTheSameWithLandmarks(name: String) throws {
        let venue: Venue
        switch name {
        case "hub": venue = try SampleVenue.load().inferringPassages()
        case "spbstu": venue = try VenueLoader.load(path: repositoryRoot.appendingPathComponent("venues/imdf-spbstu-polytech").path).inferringPassages()
        default: venue = try VenueLoader.load(path: repositoryRoot.appendingPathComponent("venues/osm-dresden-apb/apb.osm").path).inferringPassages()
        }
        let (queries, plain, alt) = try Self.compare(name, venue, pairs: TestTier.sample(name == "hub" ? 25 : 10, unit: 4), seed: 3)
        print("\(name): \(queries) queries, nodes settled \(plain) without landmarks, \(alt) with")
        // The landmarks are used, and pay: far fewer nodes settled for the same routes.
        #expect(alt * 2 < plain, "\(name): \(alt) nodes settled with landmarks, \(plain) without")
    }
}
