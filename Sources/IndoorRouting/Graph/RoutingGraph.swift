/// A directed graph in compressed sparse row form: the read-only structure every shortest-path query walks.
/// Edge `e` of node `u` is at `offsets[u] ..< offsets[u + 1]`; `edgeIDs[e]` maps it back to the caller's edge list,
/// where attributes (kind, door, level change…) live.
public struct RoutingGraph: Sendable {
    /// The number of nodes; node ids are `0..<nodeCount`.
    public let nodeCount: Int
    let offsets: [Int32]
    let targets: [Int32]
    let weights: [Double]
    let edgeIDs: [Int32]

    /// - Parameter nodeCount: the number of nodes; every edge's ends are in `0..<nodeCount`.
    /// - Parameter edges: (from, to, weight ≥ 0); an edge's id is its index here.
    /// - Complexity: O(n + m).
    public init(nodeCount: Int, edges: [(from: Int32, to: Int32, weight: Double)]) {
        self.nodeCount = nodeCount
        var counts = [Int32](repeating: 0, count: nodeCount + 1)
        for e in edges { counts[Int(e.from) + 1] += 1 }
        for i in 0..<nodeCount { counts[i + 1] += counts[i] }
        var fill = counts
        var targets = [Int32](repeating: 0, count: edges.count)
        var weights = [Double](repeating: 0, count: edges.count)
        var ids = [Int32](repeating: 0, count: edges.count)
        for (id, e) in edges.enumerated() {
            let slot = Int(fill[Int(e.from)])
            fill[Int(e.from)] += 1
            targets[slot] = e.to
            weights[slot] = e.weight
            ids[slot] = Int32(id)
        }
        offsets = counts
        self.targets = targets
        self.weights = weights
        edgeIDs = ids
    }

    /// The number of directed edges.
    public var edgeCount: Int { targets.count }

    /// The same graph with every edge turned round (edge ids kept): searches on it find the costs *to* a node.
    /// - Complexity: O(n + m).
    func reversed() -> RoutingGraph {
        var edges: [(from: Int32, to: Int32, weight: Double)] = Array(repeating: (0, 0, 0), count: edgeCount)
        for u in 0..<nodeCount {
            for slot in Int(offsets[u])..<Int(offsets[u + 1]) { edges[Int(edgeIDs[slot])] = (targets[slot], Int32(u), weights[slot]) }
        }
        return RoutingGraph(nodeCount: nodeCount, edges: edges)
    }

    /// Memory held by the arrays, bytes.
    var memoryBytes: Int { (offsets.count + targets.count + edgeIDs.count) * 4 + weights.count * 8 }
}

/// The result of a search: the cost and the nodes and edges (ids of the caller's edge list) in travel order.
public struct GraphPath: Equatable, Sendable {
    /// The sum of the weights of the path's edges, with the starting and finishing costs of its ends.
    public let cost: Double
    /// The node ids, from the source reached to the target, in travel order.
    public let nodes: [Int32]
    /// The ids of the edges walked (indices into the caller's edge list), one fewer than ``nodes``.
    public let edges: [Int32]
}

/// Reusable working memory of searches on one graph: a search touches only what it reaches, and resets only that,
/// so many queries in a row cost no allocation. Not thread-safe: one per thread (or task).
public final class ShortestPathSearch {
    private let graph: RoutingGraph
    private var cost: [Double]
    private var parentEdge: [Int32]
    private var settled: [Bool]
    /// The heuristic's value per node reached, NaN until asked (it is asked once per node and query).
    private var estimate: [Double]
    private var touched: [Int32] = []
    private var heap = BinaryHeap(capacity: 1024)
    /// How many nodes the last search settled (a node settled again after a cheaper path to it counts again).
    public private(set) var settledCount = 0

    /// Working memory for searches on `graph`: O(n) for its n nodes, allocated once.
    public init(graph: RoutingGraph) {
        self.graph = graph
        cost = [Double](repeating: .infinity, count: graph.nodeCount)
        parentEdge = [Int32](repeating: -1, count: graph.nodeCount)
        settled = [Bool](repeating: false, count: graph.nodeCount)
        estimate = [Double](repeating: .nan, count: graph.nodeCount)
    }

    /// The least-cost path from any source (with its starting cost) to any target (plus its finishing cost).
    ///
    /// A* when `heuristic` (a lower bound of the remaining cost) is given, Dijkstra otherwise. The heuristic is
    /// asked once per node reached; a node it bounds by `+∞` (no target reachable from it) is never queued. A node
    /// reached again more cheaply after it was settled is settled again, so a heuristic that is admissible but
    /// not quite consistent (rounding in stored bounds) still finds the least cost.
    /// - Parameters:
    ///   - sources: the nodes a path may start from, each with the cost already spent reaching it.
    ///   - targets: the nodes a path may end at, each with the cost still to pay from it.
    ///   - heuristic: a lower bound of the cost from a node to the nearest target, or `nil` for Dijkstra.
    ///   - allowed: whether the edge with this slot's caller id may be used (profiles, closures).
    /// - Returns: `nil` when no target is reachable.
    /// - Complexity: O((n + m) log n) in the worst case; A* settles far fewer nodes.
    public func run(
        from sources: [(node: Int32, cost: Double)],
        to targets: [(node: Int32, cost: Double)],
        heuristic: ((Int32) -> Double)? = nil,
        allowed: ((Int32) -> Bool)? = nil
    ) -> GraphPath? {
        reset()
        // Work on local arrays (moved out of the object and back) so the hot loop pays no exclusivity checks.
        var cost: [Double] = [], parentEdge: [Int32] = [], settled: [Bool] = [], touched: [Int32] = []
        var estimate: [Double] = []
        var heap = BinaryHeap()
        var settledCount = 0
        swap(&cost, &self.cost)
        swap(&parentEdge, &self.parentEdge)
        swap(&settled, &self.settled)
        swap(&estimate, &self.estimate)
        swap(&touched, &self.touched)
        swap(&heap, &self.heap)
        defer {
            swap(&cost, &self.cost)
            swap(&parentEdge, &self.parentEdge)
            swap(&settled, &self.settled)
            swap(&estimate, &self.estimate)
            swap(&touched, &self.touched)
            swap(&heap, &self.heap)
            self.settledCount = settledCount
        }

        var finish = [Int32: Double]()
        for t in targets { finish[t.node] = min(finish[t.node] ?? .infinity, t.cost) }
        let minFinish = targets.map(\.cost).min() ?? 0
        for s in sources where Int(s.node) < graph.nodeCount && s.cost < cost[Int(s.node)] {
            if cost[Int(s.node)] == .infinity { touched.append(s.node) }
            cost[Int(s.node)] = s.cost
            var h = 0.0
            if let heuristic {
                h = heuristic(s.node)
                estimate[Int(s.node)] = h
            }
            if s.cost + h < .infinity { heap.push(s.cost + h, s.node) }
        }
        var best = Double.infinity
        var bestTarget: Int32 = -1
        let offsets = graph.offsets, targetsOf = graph.targets, weights = graph.weights, edgeIDs = graph.edgeIDs
        // The optional closures unwrapped once: unwrapping one in the loop retains and releases its context on
        // every edge.
        let bound = heuristic ?? { _ in 0 }, filtered = allowed != nil, allows = allowed ?? { _ in true }
        while let (priority, u) = heap.pop() {
            let ui = Int(u)
            if settled[ui] { continue }
            // Every remaining path costs at least `priority` (A*: the heuristic already bounds the finish; Dijkstra:
            // plus the cheapest finish): nothing can beat `best`.
            if priority + (heuristic == nil ? minFinish : 0) >= best { break }
            settled[ui] = true
            settledCount += 1
            let cu = cost[ui]
            if let f = finish[u], cu + f < best {
                best = cu + f
                bestTarget = u
            }
            let start = Int(offsets[ui]), end = Int(offsets[ui + 1])
            for slot in start..<end {
                if filtered, !allows(edgeIDs[slot]) { continue }
                let v = targetsOf[slot]
                let vi = Int(v)
                let c = cu + weights[slot]
                if c < cost[vi] {
                    if cost[vi] == .infinity { touched.append(v) }
                    cost[vi] = c
                    parentEdge[vi] = Int32(slot)
                    settled[vi] = false
                    // The heuristic of a node reached (its cost is now finite, so it is in `touched`), once a query.
                    var h = estimate[vi]
                    if h.isNaN {
                        h = bound(v)
                        estimate[vi] = h
                    }
                    if c + h < .infinity { heap.push(c + h, v) }
                }
            }
        }
        guard bestTarget >= 0 else { return nil }
        var nodes: [Int32] = [bestTarget]
        var edges: [Int32] = []
        var v = bestTarget
        while parentEdge[Int(v)] >= 0 {
            let slot = Int(parentEdge[Int(v)])
            edges.append(edgeIDs[slot])
            // The edge's source: the node whose slot range holds `slot`.
            v = sourceOfSlot(slot)
            nodes.append(v)
        }
        return GraphPath(cost: best, nodes: nodes.reversed(), edges: edges.reversed())
    }

    /// The node whose edge range contains `slot` (binary search over offsets).
    private func sourceOfSlot(_ slot: Int) -> Int32 {
        var lo = 0, hi = graph.nodeCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(graph.offsets[mid + 1]) <= slot { lo = mid + 1 } else { hi = mid }
        }
        return Int32(lo)
    }

    private func reset() {
        for v in touched {
            cost[Int(v)] = .infinity
            parentEdge[Int(v)] = -1
            settled[Int(v)] = false
            estimate[Int(v)] = .nan
        }
        touched.removeAll(keepingCapacity: true)
        heap.removeAll()
    }
}
