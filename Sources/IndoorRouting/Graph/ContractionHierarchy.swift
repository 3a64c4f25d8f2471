/// Contraction hierarchies (Geisberger et al. 2008) over a ``RoutingGraph``: nodes are contracted one by one in
/// order of importance, adding shortcut edges where the node lay on the only shortest path between two
/// neighbours; a query then runs two small Dijkstra searches that only climb the hierarchy.
///
/// Preprocessing is done once (seconds for 100,000 nodes); queries are exact and typically settle a few hundred
/// nodes. Edge filters (profiles, closures) cannot change after preprocessing: build one hierarchy per fixed
/// cost model, and use ``ShortestPathSearch`` for queries with filters.
public final class ContractionHierarchy {
    /// Edges up the hierarchy (to a node contracted later), by their lower end.
    private let up: RoutingGraph
    /// Edges down the hierarchy, reversed: by their lower end, leading to the higher one they come from.
    private let down: RoutingGraph
    /// The number of nodes of the graph the hierarchy was built over.
    public let nodeCount: Int
    /// The shortcut edges preprocessing added (a measure of its memory and build time).
    public let shortcutCount: Int
    /// Preprocessing time, seconds.
    public let buildSeconds: Double

    // Query working memory (a hierarchy serves one query at a time: not Sendable).
    private var forwardCost: [Double]
    private var backwardCost: [Double]
    private var touched: [Int32] = []

    /// Contracts `graph` (parallel edges keep their cheapest weight).
    /// - Complexity: roughly O(n · d² · w) for degree d and witness search size w.
    public init(graph: RoutingGraph) {
        let started = ContinuousClock.now
        let n = graph.nodeCount
        nodeCount = n
        // Dynamic adjacency: out and in lists (target/source, weight).
        var outs = [[(node: Int32, weight: Double)]](repeating: [], count: n)
        var ins = [[(node: Int32, weight: Double)]](repeating: [], count: n)
        for u in 0..<n {
            for slot in Int(graph.offsets[u])..<Int(graph.offsets[u + 1]) {
                let v = graph.targets[slot], w = graph.weights[slot]
                guard Int(v) != u else { continue }
                if let k = outs[u].firstIndex(where: { $0.node == v }) {
                    if w < outs[u][k].weight {
                        outs[u][k].weight = w
                        if let j = ins[Int(v)].firstIndex(where: { $0.node == Int32(u) }) { ins[Int(v)][j].weight = w }
                    }
                    continue
                }
                outs[u].append((v, w))
                ins[Int(v)].append((Int32(u), w))
            }
        }
        var contracted = [Bool](repeating: false, count: n)
        var deleted = [Int32](repeating: 0, count: n)  // contracted neighbours, for the priority
        var witness = WitnessSearch(nodeCount: n)
        var shortcuts = 0
        var upEdges: [RoutingGraph.Edge] = []
        var downEdges: [RoutingGraph.Edge] = []

        /// Shortcuts needed if `v` were contracted now.
        func shortcutsFor(_ v: Int, limit: Int) -> [RoutingGraph.Edge] {
            var out: [RoutingGraph.Edge] = []
            let incoming = ins[v].filter { !contracted[Int($0.node)] }
            let outgoing = outs[v].filter { !contracted[Int($0.node)] }
            guard !incoming.isEmpty, !outgoing.isEmpty else { return [] }
            for i in incoming {
                let maxCost = i.weight + (outgoing.map(\.weight).max() ?? 0)
                witness.run(from: i.node, avoiding: Int32(v), maxCost: maxCost, settleLimit: limit, outs: outs, contracted: contracted)
                for o in outgoing where o.node != i.node {
                    let via = i.weight + o.weight
                    if witness.cost(o.node) > via { out.append(RoutingGraph.Edge(i.node, o.node, via)) }
                }
            }
            return out
        }

        func priority(_ v: Int) -> Double {
            let added = shortcutsFor(v, limit: 60).count
            let removed = ins[v].filter { !contracted[Int($0.node)] }.count + outs[v].filter { !contracted[Int($0.node)] }.count
            return Double(added - removed) * 2 + Double(deleted[v])
        }

        var queue = MinHeap()
        for v in 0..<n { queue.push(priority(v), Int32(v)) }
        while let (p, v32) = queue.pop() {
            let v = Int(v32)
            if contracted[v] { continue }
            // Lazy update: if the node got less attractive, put it back.
            let current = priority(v)
            if current > p, let top = queue.peekPriority, current > top {
                queue.push(current, v32)
                continue
            }
            for s in shortcutsFor(v, limit: 500) {
                let (a, b) = (Int(s.from), Int(s.to))
                if let k = outs[a].firstIndex(where: { $0.node == s.to }) {
                    guard s.weight < outs[a][k].weight else { continue }
                    outs[a][k].weight = s.weight
                    if let j = ins[b].firstIndex(where: { $0.node == s.from }) { ins[b][j].weight = s.weight }
                } else {
                    outs[a].append((s.to, s.weight))
                    ins[b].append((s.from, s.weight))
                    shortcuts += 1
                }
            }
            contracted[v] = true
            // Every edge v still has leads to a node contracted later (higher in the hierarchy): v's edges out go
            // up from v, its edges in come down to v. Then v leaves its neighbours' lists.
            upEdges += outs[v].map { RoutingGraph.Edge(v32, $0.node, $0.weight) }
            downEdges += ins[v].map { RoutingGraph.Edge(v32, $0.node, $0.weight) }
            for e in outs[v] {
                deleted[Int(e.node)] += 1
                ins[Int(e.node)].removeAll { $0.node == v32 }
            }
            for e in ins[v] {
                deleted[Int(e.node)] += 1
                outs[Int(e.node)].removeAll { $0.node == v32 }
            }
            outs[v] = []
            ins[v] = []
        }
        shortcutCount = shortcuts

        up = RoutingGraph(nodeCount: n, edges: upEdges)
        down = RoutingGraph(nodeCount: n, edges: downEdges)
        forwardCost = [Double](repeating: .infinity, count: n)
        backwardCost = [Double](repeating: .infinity, count: n)
        let elapsed = ContinuousClock.now - started
        buildSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The least cost from `source` to `target`, or `nil` when unreachable.
    /// - Complexity: two upward Dijkstra searches, typically a few hundred nodes each.
    public func distance(from source: Int32, to target: Int32) -> Double? {
        guard Int(source) < nodeCount, Int(target) < nodeCount, source >= 0, target >= 0 else { return nil }
        for v in touched {
            forwardCost[Int(v)] = .infinity
            backwardCost[Int(v)] = .infinity
        }
        touched.removeAll(keepingCapacity: true)
        var fc: [Double] = [], bc: [Double] = []
        swap(&fc, &forwardCost)
        swap(&bc, &backwardCost)
        defer {
            swap(&fc, &forwardCost)
            swap(&bc, &backwardCost)
        }
        var forward = MinHeap(), backward = MinHeap()
        fc[Int(source)] = 0
        bc[Int(target)] = 0
        touched.append(source)
        touched.append(target)
        forward.push(0, source)
        backward.push(0, target)
        var best = source == target ? 0.0 : Double.infinity
        var forwardDone = false, backwardDone = false
        while !(forwardDone && backwardDone) {
            if !forwardDone {
                forwardDone = !Self.settleNext(&forward, cost: &fc, opposite: bc, climbing: up, stallingOn: down,
                                               best: &best, touched: &touched)
            }
            if !backwardDone {
                backwardDone = !Self.settleNext(&backward, cost: &bc, opposite: fc, climbing: down, stallingOn: up,
                                                best: &best, touched: &touched)
            }
        }
        return best.isFinite ? best : nil
    }

    /// Settles the next node of one direction of a query, and says whether that direction may still improve `best`.
    /// The two directions mirror each other: each climbs its own edges and stalls on the other's.
    private static func settleNext(_ heap: inout MinHeap, cost: inout [Double], opposite: [Double],
                                   climbing edges: RoutingGraph, stallingOn stall: RoutingGraph,
                                   best: inout Double, touched: inout [Int32]) -> Bool {
        guard let (c, u) = heap.pop() else { return false }
        let ui = Int(u)
        if c > cost[ui] { return true }  // a stale entry
        if c >= best { return false }
        if opposite[ui] < .infinity { best = min(best, c + opposite[ui]) }
        // Stall on demand: a cheaper way to u from a higher node means u is not on a shortest path.
        for slot in Int(stall.offsets[ui])..<Int(stall.offsets[ui + 1])
        where cost[Int(stall.targets[slot])] + stall.weights[slot] < c {
            return true
        }
        for slot in Int(edges.offsets[ui])..<Int(edges.offsets[ui + 1]) {
            let v = edges.targets[slot], vi = Int(v), nc = c + edges.weights[slot]
            if nc < cost[vi] {
                if cost[vi] == .infinity && opposite[vi] == .infinity { touched.append(v) }
                cost[vi] = nc
                heap.push(nc, v)
            }
        }
        return true
    }

    /// Memory held by the hierarchy's arrays, bytes.
    public var memoryBytes: Int { up.memoryBytes + down.memoryBytes + nodeCount * (8 + 8) }
}

/// A bounded Dijkstra for witness paths during contraction.
private struct WitnessSearch {
    var cost: [Double]
    var touched: [Int32] = []
    var heap = MinHeap()

    init(nodeCount: Int) {
        cost = [Double](repeating: .infinity, count: nodeCount)
    }

    func cost(_ v: Int32) -> Double { cost[Int(v)] }

    mutating func run(from source: Int32, avoiding skip: Int32, maxCost: Double, settleLimit: Int,
                      outs: [[(node: Int32, weight: Double)]], contracted: [Bool]) {
        for v in touched { cost[Int(v)] = .infinity }
        touched.removeAll(keepingCapacity: true)
        heap.removeAll()
        cost[Int(source)] = 0
        touched.append(source)
        heap.push(0, source)
        var settled = 0
        while let (c, u) = heap.pop() {
            if c > cost[Int(u)] { continue }
            if c > maxCost { break }
            settled += 1
            if settled > settleLimit { break }
            for e in outs[Int(u)] where e.node != skip && !contracted[Int(e.node)] {
                let nc = c + e.weight
                if nc < cost[Int(e.node)] {
                    if cost[Int(e.node)] == .infinity { touched.append(e.node) }
                    cost[Int(e.node)] = nc
                    heap.push(nc, e.node)
                }
            }
        }
    }
}
