/// A binary min-heap of (priority, item) pairs: the priority queue of the shortest-path searches.
/// Decrease-key is done lazily (push again; stale pairs are skipped by the caller).
struct BinaryHeap {
    private var priorities: [Double] = []
    private var items: [Int32] = []

    init(capacity: Int = 0) {
        priorities.reserveCapacity(capacity)
        items.reserveCapacity(capacity)
    }

    var isEmpty: Bool { items.isEmpty }
    /// The least priority, without removing it.
    var peekPriority: Double? { priorities.first }
    var count: Int { items.count }

    mutating func removeAll() {
        priorities.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
    }

    /// - Complexity: O(log n).
    mutating func push(_ priority: Double, _ item: Int32) {
        priorities.append(priority)
        items.append(item)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard priorities[parent] > priority else { break }
            priorities[i] = priorities[parent]
            items[i] = items[parent]
            i = parent
        }
        priorities[i] = priority
        items[i] = item
    }

    /// The pair with the least priority, removed. - Complexity: O(log n).
    mutating func pop() -> (priority: Double, item: Int32)? {
        guard let lastPriority = priorities.popLast(), let lastItem = items.popLast() else { return nil }
        guard !items.isEmpty else { return (lastPriority, lastItem) }
        let top = (priorities[0], items[0])
        // Sift the last pair down from the root.
        let n = items.count
        var i = 0
        while true {
            let left = 2 * i + 1
            guard left < n else { break }
            let right = left + 1
            let child = right < n && priorities[right] < priorities[left] ? right : left
            guard priorities[child] < lastPriority else { break }
            priorities[i] = priorities[child]
            items[i] = items[child]
            i = child
        }
        priorities[i] = lastPriority
        items[i] = lastItem
        return top
    }
}
