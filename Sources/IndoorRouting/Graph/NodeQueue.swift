/// The priority queue of ``ShortestPathSearch``: each node at most once, its priority lowered in place when a
/// cheaper path to it is found (a queue that pushes again pops every stale copy too: two thirds of the pops on
/// the campus), its slot kept in the node's own search state. A 4-ary heap, as ``MinHeap``.
struct NodeQueue {
    private var entries: [HeapEntry] = []

    init(capacity: Int = 0) {
        entries.reserveCapacity(capacity)
    }

    /// Empties the queue (the nodes' states are reset by the search).
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }

    /// Queues `node` with `priority`, or moves it up to `priority` when it is queued with a higher one.
    /// - Complexity: O(log n).
    mutating func insertOrDecrease(_ priority: Double, _ node: Int32, _ state: inout UnsafeMutableBufferPointer<ShortestPathSearch.NodeState>) {
        var i = Int(state[Int(node)].queued)
        if i < 0 {
            i = entries.count
            entries.append(HeapEntry(priority: priority, item: node))
        } else if entries[i].priority <= priority {
            return
        }
        let state = state
        entries.withUnsafeMutableBufferPointer { e in
            HeapEntry.siftUp(HeapEntry(priority: priority, item: node), from: i, in: e) { state[Int($0)].queued = Int32($1) }
        }
    }

    /// The node with the least priority, taken out. - Complexity: O(log n).
    mutating func popMin(_ state: inout UnsafeMutableBufferPointer<ShortestPathSearch.NodeState>) -> (priority: Double, node: Int32)? {
        guard let last = entries.popLast() else { return nil }
        state[Int(last.item)].queued = -1
        guard !entries.isEmpty else { return (last.priority, last.item) }
        let state = state
        return entries.withUnsafeMutableBufferPointer { e in
            let top = e[0]
            state[Int(top.item)].queued = -1
            HeapEntry.siftDown(last, in: e) { state[Int($0)].queued = Int32($1) }
            return (top.priority, top.item)
        }
    }
}
