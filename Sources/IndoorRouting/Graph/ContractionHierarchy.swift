/// Contraction hierarchies (Geisberger et al. 2008) over a ``RoutingGraph``: nodes are contracted one by one in
/// order of importance, adding shortcut edges where the node lay on the only shortest path between two
/// neighbours; a query then runs two small Dijkstra searches that only climb the hierarchy.
///
/// Preprocessing is done once (seconds for 100,000 nodes); queries are exact and typically settle a few hundred
/// nodes. Edge filters (profiles, closures) cannot change after preprocessing: build one hierarchy per fixed
/// cost model, and use ``ShortestPathSearch`` for queries with filters.
public final class ContractionHierarchy {
    /// Upward edges (to higher rank) by source, and downward edges reversed (by target), in CSR form.
    private let upOffsets: [Int32]
    private let upTargets: [Int32]
    private let upWeights: [Double]
    private let upMiddle: [Int32]
    private let downOffsets: [Int32]
    private let downSources: [Int32]
    private let downWeights: [Double]
    private let downMiddle: [Int32]
    public let nodeCount: Int
    public let shortcutCount: Int
    /// Preprocessing time, seconds.
    public let buildSeconds: Double

    // Query working memory (a hierarchy serves one query at a time: not Sendable).
    private var forwardCost: [Double]
    private var backwardCost: [Double]
    private var forwardParent: [Int32]
    private var backwardParent: [Int32]
    private var touched: [Int32] = []

    /// Contracts `graph` (parallel edges keep their cheapest weight).
    /// - Complexity: roughly O(n · d² · w) for degree d and witness search size w.
    public init(graph: RoutingGraph) {
        let started = ContinuousClock.now
        let n = graph.nodeCount
        nodeCount = n
        // Dynamic adjacency: out and in lists (target/source, weight, middle node or -1).
        var outs = [[(node: Int32, weight: Double, middle: Int32)]](repeating: [], count: n)
        var ins = [[(node: Int32, weight: Double, middle: Int32)]](repeating: [], count: n)
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
                outs[u].append((v, w, -1))
                ins[Int(v)].append((Int32(u), w, -1))
            }
        }
        var contracted = [Bool](repeating: false, count: n)
        var deleted = [Int32](repeating: 0, count: n)  // contracted neighbours, for the priority
        var witness = WitnessSearch(nodeCount: n)
        var shortcuts = 0
        var upLists = [[(Int32, Double, Int32)]](repeating: [], count: n)
        var downLists = [[(Int32, Double, Int32)]](repeating: [], count: n)

        /// Shortcuts needed if `v` were contracted now.
        func shortcutsFor(_ v: Int, limit: Int) -> [(from: Int32, to: Int32, weight: Double)] {
            var out: [(Int32, Int32, Double)] = []
            let incoming = ins[v].filter { !contracted[Int($0.node)] }
            let outgoing = outs[v].filter { !contracted[Int($0.node)] }
            guard !incoming.isEmpty, !outgoing.isEmpty else { return [] }
            for i in incoming {
                let maxCost = i.weight + (outgoing.map(\.weight).max() ?? 0)
                witness.run(from: i.node, avoiding: Int32(v), maxCost: maxCost, settleLimit: limit, outs: outs, contracted: contracted)
                for o in outgoing where o.node != i.node {
                    let via = i.weight + o.weight
                    if witness.cost(o.node) > via { out.append((i.node, o.node, via)) }
                }
            }
            return out
        }

        func priority(_ v: Int) -> Double {
            let added = shortcutsFor(v, limit: 60).count
            let removed = ins[v].filter { !contracted[Int($0.node)] }.count + outs[v].filter { !contracted[Int($0.node)] }.count
            return Double(added - removed) * 2 + Double(deleted[v])
        }

        var queue = PriorityQueue()
        for v in 0..<n { queue.push(priority(v), Int32(v)) }
        while let (p, v32) = queue.pop() {
            let v = Int(v32)
            if contracted[v] { continue }
            // Lazy update: if the node got less attractive, put it back.
            let current = priority(v)
            if current > p, let top = queue.peek(), current > top {
                queue.push(current, v32)
                continue
            }
            for s in shortcutsFor(v, limit: 500) {
                let (a, b) = (Int(s.from), Int(s.to))
                if let k = outs[a].firstIndex(where: { $0.node == s.to }) {
                    guard s.weight < outs[a][k].weight else { continue }
                    outs[a][k] = (s.to, s.weight, v32)
                    if let j = ins[b].firstIndex(where: { $0.node == s.from }) { ins[b][j] = (s.from, s.weight, v32) }
                } else {
                    outs[a].append((s.to, s.weight, v32))
                    ins[b].append((s.from, s.weight, v32))
                    shortcuts += 1
                }
            }
            contracted[v] = true
            // Every edge v still has leads to a node contracted later (higher in the hierarchy): v's edges out go
            // up from v, its edges in come down to v. Then v leaves its neighbours' lists.
            upLists[v] = outs[v].map { ($0.node, $0.weight, $0.middle) }
            downLists[v] = ins[v].map { ($0.node, $0.weight, $0.middle) }
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

        var upOffsets: [Int32] = [0], upTargets: [Int32] = [], upWeights: [Double] = [], upMiddle: [Int32] = []
        for u in 0..<n {
            for (x, w, m) in upLists[u] {
                upTargets.append(x)
                upWeights.append(w)
                upMiddle.append(m)
            }
            upOffsets.append(Int32(upTargets.count))
        }
        var downOffsets: [Int32] = [0], downSources: [Int32] = [], downWeights: [Double] = [], downMiddle: [Int32] = []
        for x in 0..<n {
            for (u, w, m) in downLists[x] {
                downSources.append(u)
                downWeights.append(w)
                downMiddle.append(m)
            }
            downOffsets.append(Int32(downSources.count))
        }
        self.upOffsets = upOffsets
        self.upTargets = upTargets
        self.upWeights = upWeights
        self.upMiddle = upMiddle
        self.downOffsets = downOffsets
        self.downSources = downSources
        self.downWeights = downWeights
        self.downMiddle = downMiddle
        forwardCost = [Double](repeating: .infinity, count: n)
        backwardCost = [Double](repeating: .infinity, count: n)
        forwardParent = [Int32](repeating: -1, count: n)
        backwardParent = [Int32](repeating: -1, count: n)
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
        var forward = BinaryHeap(), backward = BinaryHeap()
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
                if let (c, u) = forward.pop() {
                    let ui = Int(u)
                    if c > fc[ui] {
                    } else if c >= best {
                        forwardDone = true
                    } else {
                        if bc[ui] < .infinity { best = min(best, c + bc[ui]) }
                        // Stall on demand: a cheaper way to u from a higher node means u is not on a shortest path.
                        var stalled = false
                        for slot in Int(downOffsets[ui])..<Int(downOffsets[ui + 1]) {
                            let x = Int(downSources[slot])
                            if fc[x] + downWeights[slot] < c { stalled = true; break }
                        }
                        if !stalled {
                            for slot in Int(upOffsets[ui])..<Int(upOffsets[ui + 1]) {
                                let v = upTargets[slot], nc = c + upWeights[slot]
                                if nc < fc[Int(v)] {
                                    if fc[Int(v)] == .infinity && bc[Int(v)] == .infinity { touched.append(v) }
                                    fc[Int(v)] = nc
                                    forward.push(nc, v)
                                }
                            }
                        }
                    }
                } else {
                    forwardDone = true
                }
            }
            if !backwardDone {
                if let (c, u) = backward.pop() {
                    let ui = Int(u)
                    if c > bc[ui] {
                    } else if c >= best {
                        backwardDone = true
                    } else {
                        if fc[ui] < .infinity { best = min(best, c + fc[ui]) }
                        var stalled = false
                        for slot in Int(upOffsets[ui])..<Int(upOffsets[ui + 1]) {
                            let x = Int(upTargets[slot])
                            if bc[x] + upWeights[slot] < c { stalled = true; break }
                        }
                        if !stalled {
                            for slot in Int(downOffsets[ui])..<Int(downOffsets[ui + 1]) {
                                let v = downSources[slot], nc = c + downWeights[slot]
                                if nc < bc[Int(v)] {
                                    if fc[Int(v)] == .infinity && bc[Int(v)] == .infinity { touched.append(v) }
                                    bc[Int(v)] = nc
                                    backward.push(nc, v)
                                }
                            }
                        }
                    }
                } else {
                    backwardDone = true
                }
            }
        }
        return best.isFinite ? best : nil
    }

    /// Memory held by the hierarchy's arrays, bytes.
    public var memoryBytes: Int {
        (upOffsets.count + upTargets.count + upMiddle.count + downOffsets.count + downSources.count + downMiddle.count) * 4
            + (upWeights.count + downWeights.count) * 8 + nodeCount * (8 + 8 + 4 + 4)
    }
}

/// A bounded Dijkstra for witness paths during contraction.
private struct WitnessSearch {
    var cost: [Double]
    var touched: [Int32] = []
    var heap = BinaryHeap()

    init(nodeCount: Int) {
        cost = [Double](repeating: .infinity, count: nodeCount)
    }

    func cost(_ v: Int32) -> Double { cost[Int(v)] }

    mutating func run(from source: Int32, avoiding skip: Int32, maxCost: Double, settleLimit: Int,
                      outs: [[(node: Int32, weight: Double, middle: Int32)]], contracted: [Bool]) {
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

/// A min-priority queue of nodes for the contraction order.
private struct PriorityQueue {
    var heap = BinaryHeap()
    var top: (Double, Int32)?

    mutating func push(_ p: Double, _ v: Int32) { heap.push(p, v) }
    mutating func pop() -> (Double, Int32)? { heap.pop().map { ($0.priority, $0.item) } }
    func peek() -> Double? { heap.peekPriority }
}
