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

    /// A directed edge, as the graph is built from.
    public struct Edge: Hashable, Sendable {
        /// The node it leaves.
        public var from: Int32
        /// The node it reaches.
        public var to: Int32
        /// Its cost, ≥ 0.
        public var weight: Double

        /// An edge from `from` to `to` costing `weight`.
        public init(_ from: Int32, _ to: Int32, _ weight: Double) {
            self.from = from
            self.to = to
            self.weight = weight
        }
    }

    /// - Parameter nodeCount: the number of nodes; every edge's ends are in `0..<nodeCount`.
    /// - Parameter edges: an edge's id is its index here.
    /// - Complexity: O(n + m).
    public init(nodeCount: Int, edges: [Edge]) {
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
        var edges: [RoutingGraph.Edge] = Array(repeating: Edge(0, 0, 0), count: edgeCount)
        for u in 0..<nodeCount {
            for slot in Int(offsets[u])..<Int(offsets[u + 1]) { edges[Int(edgeIDs[slot])] = Edge(targets[slot], Int32(u), weights[slot]) }
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
    /// What a search knows of a node, in one place (a relaxed edge reads and writes one cache line).
    struct NodeState {
        var cost = Double.infinity
        /// The bound's value, NaN until asked (it is asked once per node and query).
        var estimate = Double.nan
        /// The slot of the edge the cheapest path arrives by, -1 for none.
        var parentEdge: Int32 = -1
        /// Where the node is in the queue, -1 when it is not in it (not reached, or settled).
        var queued: Int32 = -1
    }
    private var state: [NodeState]
    private var touched: [Int32] = []
    /// Per node, the finishing cost when it is a target of the search under way (`+∞` otherwise).
    private var finishCost: [Double]
    private var heap = NodeQueue(capacity: 1024)
    /// How many nodes the last search settled (a node settled again after a cheaper path to it counts again).
    public private(set) var settledCount = 0

    /// Working memory for searches on `graph`: O(n) for its n nodes, allocated once.
    public init(graph: RoutingGraph) {
        self.graph = graph
        state = Array(repeating: NodeState(), count: graph.nodeCount)
        finishCost = Array(repeating: .infinity, count: graph.nodeCount)
    }

    /// The least-cost path from any source (with its starting cost) to any target (plus its finishing cost).
    ///
    /// A* when `heuristic` (a lower bound of the remaining cost) is given, Dijkstra otherwise. The heuristic is
    /// asked once per node reached; a node it bounds by `+∞` (no target reachable from it) is never queued. A node
    /// reached again more cheaply after it was settled is settled again, so a heuristic that is admissible but
    /// not quite consistent (rounding in stored bounds) still finds the least cost. A node is queued once, its
    /// priority lowered in place when it is reached more cheaply.
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
        run(from: sources, to: targets, bound: ClosureBound(heuristic), filter: ClosureFilter(allowed))
    }

    /// ``run(from:to:heuristic:allowed:)`` with the bound and the edge filter as types, which the compiler
    /// specialises into the loop (a closure is a call, and a context retained, per edge).
    func run<Bound: SearchBound, Filter: SearchFilter>(
        from sources: [(node: Int32, cost: Double)],
        to targets: [(node: Int32, cost: Double)],
        bound: Bound,
        filter: Filter
    ) -> GraphPath? {
        reset()
        // Work on local arrays (moved out of the object and back) so the hot loop pays no exclusivity checks.
        var state: [NodeState] = [], touched: [Int32] = [], finish: [Double] = []
        var heap = NodeQueue()
        var settledCount = 0
        swap(&state, &self.state)
        swap(&touched, &self.touched)
        swap(&finish, &self.finishCost)
        swap(&heap, &self.heap)
        let nodeCount = graph.nodeCount
        for t in targets where Int(t.node) < nodeCount { finish[Int(t.node)] = min(finish[Int(t.node)], t.cost) }
        defer {
            for t in targets where Int(t.node) < nodeCount { finish[Int(t.node)] = .infinity }
            swap(&state, &self.state)
            swap(&touched, &self.touched)
            swap(&finish, &self.finishCost)
            swap(&heap, &self.heap)
            self.settledCount = settledCount
        }

        let minFinish = targets.map(\.cost).min() ?? 0
        let (best, bestTarget): (Double, Int32) = state.withUnsafeMutableBufferPointer { state in
            for s in sources where Int(s.node) < nodeCount && s.cost < state[Int(s.node)].cost {
                if state[Int(s.node)].cost == .infinity { touched.append(s.node) }
                state[Int(s.node)].cost = s.cost
                let h = bound(s.node)
                state[Int(s.node)].estimate = h
                if s.cost + h < .infinity { heap.insertOrDecrease(s.cost + h, s.node, &state) }
            }
            var best = Double.infinity
            var bestTarget: Int32 = -1
            let dijkstra = bound.isZero, filtered = !filter.allowsAll
            graph.offsets.withUnsafeBufferPointer { offsets in
            graph.targets.withUnsafeBufferPointer { targetsOf in
            graph.weights.withUnsafeBufferPointer { weights in
            graph.edgeIDs.withUnsafeBufferPointer { edgeIDs in
                while let (priority, u) = heap.popMin(&state) {
                    let ui = Int(u)
                    // Every remaining path costs at least `priority` (A*: the bound already bounds the finish;
                    // Dijkstra: plus the cheapest finish): nothing can beat `best`.
                    if priority + (dijkstra ? minFinish : 0) >= best { break }
                    settledCount += 1
                    let cu = state[ui].cost
                    let f = finish[ui]
                    if cu + f < best {
                        best = cu + f
                        bestTarget = u
                    }
                    for slot in Int(offsets[ui])..<Int(offsets[ui + 1]) {
                        if filtered, !filter(slot: slot, edge: edgeIDs[slot]) { continue }
                        let v = targetsOf[slot]
                        let vi = Int(v)
                        let c = cu + weights[slot]
                        guard c < state[vi].cost else { continue }
                        if state[vi].cost == .infinity { touched.append(v) }
                        state[vi].cost = c
                        state[vi].parentEdge = Int32(slot)
                        // The bound of a node reached (its cost is now finite, so it is in `touched`), once a query.
                        var h = state[vi].estimate
                        if h.isNaN {
                            h = bound(v)
                            state[vi].estimate = h
                        }
                        // Queued unless it cannot beat the path found (settling it would end the search), so
                        // never with an infinite bound.
                        if c + h < best { heap.insertOrDecrease(c + h, v, &state) }
                    }
                }
            } } } }  // (the graph's four arrays)
            return (best, bestTarget)
        }
        guard bestTarget >= 0 else { return nil }
        var nodes: [Int32] = [bestTarget]
        var edges: [Int32] = []
        var v = bestTarget
        while state[Int(v)].parentEdge >= 0 {
            let slot = Int(state[Int(v)].parentEdge)
            edges.append(graph.edgeIDs[slot])
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
        for v in touched { state[Int(v)] = NodeState() }
        touched.removeAll(keepingCapacity: true)
        heap.removeAll()
    }
}

/// A lower bound of the cost from a node to the nearest target of a search (with its finishing cost), `+∞` when
/// it reaches none: A*'s heuristic.
protocol SearchBound {
    /// Whether the bound is 0 everywhere (Dijkstra).
    var isZero: Bool { get }
    func callAsFunction(_ node: Int32) -> Double
}

/// Which edges a search may use, by their slot in the graph or the caller's edge id (a filter that reads an array
/// in slot order reads memory in the order the search does).
protocol SearchFilter {
    /// Whether every edge may be used (the filter is not asked).
    var allowsAll: Bool { get }
    func callAsFunction(slot: Int, edge: Int32) -> Bool
}

/// A bound given as a closure; none: Dijkstra. (Unwrapped once: an optional closure unwrapped per edge retains
/// and releases its context every time.)
struct ClosureBound: SearchBound {
    let bound: (Int32) -> Double
    let isZero: Bool
    init(_ bound: ((Int32) -> Double)?) {
        self.bound = bound ?? { _ in 0 }
        isZero = bound == nil
    }
    func callAsFunction(_ node: Int32) -> Double { bound(node) }
}

/// An edge filter given as a closure; none: every edge.
struct ClosureFilter: SearchFilter {
    let allowed: (Int32) -> Bool
    let allowsAll: Bool
    init(_ allowed: ((Int32) -> Bool)?) {
        self.allowed = allowed ?? { _ in true }
        allowsAll = allowed == nil
    }
    func callAsFunction(slot: Int, edge: Int32) -> Bool { allowed(edge) }
}
