import IndoorBase
import IndoorGeometry
import IndoorRouting
import Testing

@Suite struct GraphSearchTests {
    /// A seeded random directed graph on a grid, with one-way edges and a few long-range "elevator" edges.
    static func randomGraph(nodes: Int, seed: UInt64) -> (RoutingGraph, [(Double, Double)]) {
        var rng = SeededGenerator(seed: seed)
        let side = Int(Double(nodes).squareRoot())
        let positions = (0..<nodes).map { i in (Double(i % side) + Double(rng.next() % 100) / 200, Double(i / side)) }
        var edges: [RoutingGraph.Edge] = []
        func add(_ a: Int, _ b: Int, oneWay: Bool) {
            let d = ((positions[a].0 - positions[b].0) * (positions[a].0 - positions[b].0)
                + (positions[a].1 - positions[b].1) * (positions[a].1 - positions[b].1)).squareRoot()
            let w = d * (1 + Double(rng.next() % 50) / 100)
            edges.append(RoutingGraph.Edge(Int32(a), Int32(b), w))
            if !oneWay { edges.append(RoutingGraph.Edge(Int32(b), Int32(a), w)) }
        }
        for i in 0..<nodes {
            if (i + 1) % side != 0, i + 1 < nodes { add(i, i + 1, oneWay: rng.next() % 10 == 0) }
            if i + side < nodes { add(i, i + side, oneWay: rng.next() % 10 == 0) }
            if rng.next() % 40 == 0 { add(i, Int(rng.next() % UInt64(nodes)), oneWay: false) }
        }
        return (RoutingGraph(nodeCount: nodes, edges: edges), positions)
    }

    @Test(arguments: [1, 2, 3])
    func contractionHierarchyAgreesWithDijkstra(seed: UInt64) {
        let (graph, _) = Self.randomGraph(nodes: 900, seed: seed)
        let hierarchy = ContractionHierarchy(graph: graph)
        let search = ShortestPathSearch(graph: graph)
        var rng = SeededGenerator(seed: seed * 31)
        for _ in 0..<200 {
            let s = Int32(rng.next() % 900), t = Int32(rng.next() % 900)
            let expected = search.run(from: [(s, 0)], to: [(t, 0)])?.cost
            let found = hierarchy.distance(from: s, to: t)
            #expect((expected == nil) == (found == nil))
            if let expected, let found { #expect(abs(expected - found) < 1e-9, "\(s) → \(t)") }
        }
    }

    @Test func aStarWithAnAdmissibleBoundFindsTheSameCost() {
        let (graph, positions) = Self.randomGraph(nodes: 900, seed: 5)
        let search = ShortestPathSearch(graph: graph)
        var rng = SeededGenerator(seed: 8)
        for _ in 0..<100 {
            let s = Int32(rng.next() % 900), t = Int32(rng.next() % 900)
            let goal = positions[Int(t)]
            let dijkstra = search.run(from: [(s, 0)], to: [(t, 0)])
            // Every edge weighs at least its straight-line length: the straight line to the goal is a lower bound.
            let astar = search.run(from: [(s, 0)], to: [(t, 0)], heuristic: { v in
                let p = positions[Int(v)]
                return ((p.0 - goal.0) * (p.0 - goal.0) + (p.1 - goal.1) * (p.1 - goal.1)).squareRoot()
            })
            #expect(abs((dijkstra?.cost ?? -1) - (astar?.cost ?? -1)) < 1e-9)
            if let path = dijkstra {
                #expect(path.nodes.first == s && path.nodes.last == t)
                #expect(path.edges.count == path.nodes.count - 1)
            }
        }
    }

    @Test func multipleSourcesAndTargetsWithTheirOwnCosts() {
        // 0 → 1 → 2 → 3, weights 1: from {0 at cost 5, 1 at cost 0} to {3 at +0, 2 at +10}.
        let graph = RoutingGraph(nodeCount: 4, edges: [.init(0, 1, 1), .init(1, 2, 1), .init(2, 3, 1)])
        let path = ShortestPathSearch(graph: graph).run(from: [(0, 5), (1, 0)], to: [(3, 0), (2, 10)])
        #expect(path?.cost == 2)
        #expect(path?.nodes == [1, 2, 3])
        #expect(ShortestPathSearch(graph: graph).run(from: [(3, 0)], to: [(0, 0)]) == nil)
    }
}
