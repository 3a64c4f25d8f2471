/// Lower bounds for A* from landmarks and the triangle inequality (ALT: Goldberg & Harrelson, "Computing the
/// shortest path: A* search meets graph theory", SODA 2005).
///
/// A few nodes of each connected part of the graph are picked as landmarks, farthest first (each new one the node
/// farthest, there and back, from those already picked; the first the node farthest from the part's lowest-numbered
/// node: no randomness). For every landmark L the least costs d(L, v) from it to every node and d(v, L) from every
/// node to it are kept, on the whole graph with every edge usable. For any nodes v and u the triangle inequality
/// gives d(v, u) ≥ d(L, u) − d(L, v) and d(v, u) ≥ d(v, L) − d(u, L). A query that can use fewer edges (a profile
/// without stairs, closures, public spaces only) has costs at least those of the whole graph, so these stay lower
/// bounds of its costs, and consistent ones: they differ between the ends of an edge by at most its cost.
///
/// The costs are kept as `Float` (4 bytes each, 2 per landmark and node), node by node so that one node's bounds are
/// read from one or two cache lines; a slack of 2⁻²⁰ of the largest cost covers their rounding. A cost that does
/// not exist (no path) is `+∞`, never a large number.
public struct Landmarks: Sendable {
    /// Landmarks per connected part of the graph (a part too small for so many repeats its last one's costs).
    public let count: Int
    /// The landmark nodes picked, part by part, each part's in the order picked.
    public let nodes: [Int32]
    /// Per node v and landmark slot i (the i-th landmark of v's part): `table[2 * (v * count + i)]` is d(L, v) and
    /// the next entry d(v, L), seconds, `+∞` when there is no path.
    let table: [Float]
    /// How far a bound computed from ``table`` may be above the exact one, seconds: twice the rounding to `Float`
    /// of the largest finite cost kept, with room for the rounding of the sums that found them.
    let slack: Double
    /// Time spent building, seconds.
    public let buildSeconds: Double

    /// Memory held by the tables, bytes.
    public var memoryBytes: Int { table.count * MemoryLayout<Float>.size + nodes.count * MemoryLayout<Int32>.size }

    /// Picks `count` landmarks in each connected part of `graph` and computes the costs to and from them.
    /// - Parameters:
    ///   - graph: the graph, with every edge usable.
    ///   - components: per node, the connected part it is in (edges taken both ways); nodes of different parts are
    ///     never joined by an edge.
    ///   - count: landmarks per part, at least 1.
    /// - Complexity: 2·count + 1 Dijkstra searches over each part: O(count · (n + m) log n).
    public init(graph: RoutingGraph, components: [Int32], count: Int = 16) {
        let started = ContinuousClock.now
        let count = max(1, count)
        let n = graph.nodeCount
        self.count = count
        var parts: [Int32: [Int32]] = [:]
        var order: [Int32] = []
        for v in 0..<min(n, components.count) {
            let c = components[v]
            if parts[c] == nil { order.append(c) }
            parts[c, default: []].append(Int32(v))
        }
        let reversed = graph.reversed()
        var table = [Float](repeating: .infinity, count: n * count * 2)
        var picked: [Int32] = []
        var forward = DistanceScan(nodeCount: n), backward = DistanceScan(nodeCount: n)
        // Per node, the least round-trip cost to a landmark already picked (unreachable ways count as `far`).
        var separation = [Double](repeating: .infinity, count: n)
        let far = 1e9
        let clamped = { (d: Double) in d.isFinite ? d : far }
        var largest = 0.0
        for c in order {
            guard let members = parts[c], let first = members.first else { continue }
            forward.run(graph, from: first)
            var landmark = Self.farthest(members) { clamped(forward.distance[Int($0)]) }
            for slot in 0..<count {
                if slot > 0 {
                    let next = Self.farthest(members) { separation[Int($0)] }
                    // Every node is as good as a landmark already (a small part): the last one's costs again.
                    guard separation[Int(next)] > 0 else {
                        for v in members {
                            let k = 2 * (Int(v) * count + slot)
                            (table[k], table[k + 1]) = (table[k - 2], table[k - 1])
                        }
                        continue
                    }
                    landmark = next
                }
                picked.append(landmark)
                forward.run(graph, from: landmark)
                backward.run(reversed, from: landmark)
                for v in members {
                    let to = forward.distance[Int(v)], from = backward.distance[Int(v)]
                    let k = 2 * (Int(v) * count + slot)
                    table[k] = Float(to)
                    table[k + 1] = Float(from)
                    if to.isFinite { largest = max(largest, to) }
                    if from.isFinite { largest = max(largest, from) }
                    separation[Int(v)] = min(separation[Int(v)], clamped(to) + clamped(from))
                }
            }
        }
        self.nodes = picked
        self.table = table
        // Rounding to nearest `Float` moves a cost by at most 2⁻²⁴ of it; a bound adds two of them. 2⁻²⁰ leaves room
        // for the rounding of the `Double` sums (the search adds the same edges in another order).
        slack = largest * 0x1p-20
        let elapsed = ContinuousClock.now - started
        buildSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The member with the greatest `key`, the lowest-numbered on a tie.
    private static func farthest(_ members: [Int32], key: (Int32) -> Double) -> Int32 {
        var best = members[0], bestKey = -Double.infinity
        for v in members {
            let k = key(v)
            if k > bestKey { (best, bestKey) = (v, k) }
        }
        return best
    }
}

/// The ALT lower bound of the cost from a node to the nearest of a query's targets (``Landmarks``), each target u
/// with a finishing cost f(u) (the straight walk from it to the query's own end, which is no node of the graph).
///
/// The destination is a set: the cost from v is min over u of d(v, u) + f(u). For each landmark L, with
/// a = min over u of (d(L, u) + f(u)) and b = max over u of (d(u, L) − f(u)), every u gives
/// d(v, u) + f(u) ≥ d(L, u) + f(u) − d(L, v) ≥ a − d(L, v), and d(v, u) + f(u) ≥ d(v, L) − d(u, L) + f(u) ≥ d(v, L) − b;
/// so the bound is the largest of a − d(L, v) and d(v, L) − b over the landmarks, and at least 0. Each term is a
/// constant plus or minus a cost from or to L, so it is consistent, and so is the largest of them. Targets in
/// another part of the graph than v (whose slots are other landmarks) only make a smaller and b larger: weaker,
/// still true.
///
/// Costs that do not exist are `+∞`: a − d(L, v) is `+∞` only when L reaches v but no target (then neither does v),
/// d(v, L) − b only when every target reaches its landmark and v does not reach L (then v reaches no target in its
/// part): a node that can reach no target. `∞ − ∞` (L reaches neither, or neither v nor some target reaches L)
/// is NaN, and a NaN term is never taken (`>` is false for it): no bound, not a wrong one.
struct LandmarkBound {
    private let table: [Float]
    private let count: Int
    /// Per landmark slot, a (lowered by the tables' slack) and b (raised by it).
    private let ab: [Double]

    init(_ landmarks: Landmarks, targets: [(node: Int32, cost: Double)]) {
        table = landmarks.table
        count = landmarks.count
        var ab = [Double](repeating: 0, count: 2 * count)
        for i in 0..<count {
            var a = Double.infinity, b = -Double.infinity
            for t in targets {
                let k = 2 * (Int(t.node) * count + i)
                a = min(a, Double(table[k]) + t.cost)
                b = max(b, Double(table[k + 1]) - t.cost)
            }
            ab[2 * i] = a - landmarks.slack
            ab[2 * i + 1] = b + landmarks.slack
        }
        self.ab = ab
    }

    /// A lower bound of the cost from `v` to the nearest target (with its finishing cost), ≥ 0; `+∞` when `v`
    /// reaches no target.
    @inline(__always)
    func callAsFunction(_ v: Int32) -> Double {
        var h = 0.0
        let base = 2 * Int(v) * count
        table.withUnsafeBufferPointer { t in
            ab.withUnsafeBufferPointer { ab in
                for j in 0..<count {
                    let forward = ab[2 * j] - Double(t[base + 2 * j])
                    if forward > h { h = forward }
                    let backward = Double(t[base + 2 * j + 1]) - ab[2 * j + 1]
                    if backward > h { h = backward }
                }
            }
        }
        return h
    }
}

/// Dijkstra from one node to every node it reaches, on reusable memory: the distances stay readable until the
/// next run, which resets only what the last one reached.
private struct DistanceScan {
    var distance: [Double]
    private var reached: [Int32] = []
    private var done: [Bool]
    private var heap = MinHeap(capacity: 1024)

    init(nodeCount: Int) {
        distance = [Double](repeating: .infinity, count: nodeCount)
        done = [Bool](repeating: false, count: nodeCount)
    }

    mutating func run(_ graph: RoutingGraph, from source: Int32) {
        for v in reached {
            distance[Int(v)] = .infinity
            done[Int(v)] = false
        }
        reached.removeAll(keepingCapacity: true)
        heap.removeAll()
        distance[Int(source)] = 0
        reached.append(source)
        heap.push(0, source)
        while let (d, u) = heap.pop() {
            let ui = Int(u)
            if done[ui] { continue }
            done[ui] = true
            for slot in Int(graph.offsets[ui])..<Int(graph.offsets[ui + 1]) {
                let v = graph.targets[slot], c = d + graph.weights[slot]
                if c < distance[Int(v)] {
                    if distance[Int(v)] == .infinity { reached.append(v) }
                    distance[Int(v)] = c
                    heap.push(c, v)
                }
            }
        }
    }
}

extension NavigationGraph {
    /// Builds the graph's landmark tables (``Landmarks``) the first time it is called, and returns them: from then
    /// on every ``Router`` on this graph (or a copy of it) bounds its A* with them as well as with straight-line
    /// distance, and settles far fewer nodes for the same routes.
    ///
    /// Worth it for a process that answers many queries (the service calls it once at start): the build is
    /// 2·count + 1 Dijkstra searches over the whole graph, longer than one route; a one-shot command does not call it.
    /// - Parameter count: landmarks per connected part of the graph (only the first call's is used).
    /// - Returns: the tables.
    /// - Complexity: O(count · (n + m) log n) for n nodes and m edges, once.
    @discardableResult
    public func prepareLandmarks(count: Int = 16) -> Landmarks {
        landmarkPart.value { Landmarks(graph: graph, components: component, count: count) }
    }

    /// The landmark tables if ``prepareLandmarks(count:)`` has built them, else `nil`.
    public var landmarks: Landmarks? { landmarkPart.built }
}
