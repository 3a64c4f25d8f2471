/// A min-heap of (priority, item) pairs: the priority queue of the shortest-path searches.
///
/// Four children a node (half the levels of a binary heap, and the four in one or two cache lines), each pair
/// stored together. Decrease-key is done lazily (push again; stale pairs are skipped by the caller); a search that
/// keeps state per node uses ``NodeQueue``, which lowers a node's priority in place.
struct MinHeap {
    private var entries: [HeapEntry] = []

    init(capacity: Int = 0) {
        entries.reserveCapacity(capacity)
    }

    var isEmpty: Bool { entries.isEmpty }
    /// The least priority, without removing it.
    var peekPriority: Double? { entries.first?.priority }
    var count: Int { entries.count }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }

    /// - Complexity: O(log n).
    mutating func push(_ priority: Double, _ item: Int32) {
        entries.append(HeapEntry(priority: priority, item: item))
        entries.withUnsafeMutableBufferPointer { e in
            HeapEntry.siftUp(HeapEntry(priority: priority, item: item), from: e.count - 1, in: e) { _, _ in }
        }
    }

    /// The pair with the least priority, removed. - Complexity: O(log n).
    mutating func pop() -> (priority: Double, item: Int32)? {
        guard let last = entries.popLast() else { return nil }
        guard !entries.isEmpty else { return (last.priority, last.item) }
        return entries.withUnsafeMutableBufferPointer { e in
            let top = e[0]
            HeapEntry.siftDown(last, in: e) { _, _ in }
            return (top.priority, top.item)
        }
    }
}

/// A pair of a 4-ary heap in an array, and the two ways a pair moves in one: ``MinHeap`` and ``NodeQueue`` share
/// them (the queue tells each node where it lands).
struct HeapEntry {
    var priority: Double
    var item: Int32

    /// Puts `entry` at slot `i` or above it, moving the parents it beats down; `placed` hears of every pair's new slot.
    @inline(__always)
    static func siftUp(_ entry: HeapEntry, from i: Int, in e: UnsafeMutableBufferPointer<HeapEntry>, placed: (Int32, Int) -> Void) {
        var i = i
        while i > 0 {
            let parent = (i - 1) / 4
            guard e[parent].priority > entry.priority else { break }
            e[i] = e[parent]
            placed(e[i].item, i)
            i = parent
        }
        e[i] = entry
        placed(entry.item, i)
    }

    /// Puts `entry` at the root or below it (the root's pair is overwritten), moving the least of each slot's
    /// children up; `placed` hears of every pair's new slot.
    @inline(__always)
    static func siftDown(_ entry: HeapEntry, in e: UnsafeMutableBufferPointer<HeapEntry>, placed: (Int32, Int) -> Void) {
        let n = e.count
        var i = 0
        while true {
            let first = 4 * i + 1
            guard first < n else { break }
            var child = first
            for c in (first + 1)..<min(first + 4, n) where e[c].priority < e[child].priority { child = c }
            guard e[child].priority < entry.priority else { break }
            e[i] = e[child]
            placed(e[i].item, i)
            i = child
        }
        e[i] = entry
        placed(entry.item, i)
    }
}
