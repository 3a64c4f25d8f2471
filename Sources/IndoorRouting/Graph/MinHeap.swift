/// A min-heap of (priority, item) pairs: the priority queue of the shortest-path searches.
///
/// Four children a node (half the levels of a binary heap, and the four in one or two cache lines), each pair
/// stored together. Decrease-key is done lazily (push again; stale pairs are skipped by the caller).
struct MinHeap {
    private struct Entry {
        var priority: Double
        var item: Int32
    }
    private var entries: [Entry] = []

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
        entries.append(Entry(priority: priority, item: item))
        entries.withUnsafeMutableBufferPointer { e in
            var i = e.count - 1
            while i > 0 {
                let parent = (i - 1) / 4
                guard e[parent].priority > priority else { break }
                e[i] = e[parent]
                i = parent
            }
            e[i] = Entry(priority: priority, item: item)
        }
    }

    /// The pair with the least priority, removed. - Complexity: O(log n).
    mutating func pop() -> (priority: Double, item: Int32)? {
        guard let last = entries.popLast() else { return nil }
        guard !entries.isEmpty else { return (last.priority, last.item) }
        return entries.withUnsafeMutableBufferPointer { e in
            let top = e[0]
            // Sift the last pair down from the root, to the least of each node's children.
            let n = e.count
            var i = 0
            while true {
                let first = 4 * i + 1
                guard first < n else { break }
                var child = first
                for c in (first + 1)..<min(first + 4, n) where e[c].priority < e[child].priority { child = c }
                guard e[child].priority < last.priority else { break }
                e[i] = e[child]
                i = child
            }
            e[i] = last
            return (top.priority, top.item)
        }
    }
}
