/// Disjoint sets over the integers `0..<count` (union–find with path halving): which parts of a graph, which rooms
/// or which floors things join.
///
/// ```swift
/// var sets = DisjointSets(count: 4)
/// sets.merge(0, into: 1)
/// sets.root(of: 0) == sets.root(of: 1)  // true
/// ```
public struct DisjointSets: Sendable {
    private var parent: [Int]

    /// `count` sets of one element each.
    public init(count: Int) {
        parent = Array(0..<max(0, count))
    }

    /// The element that stands for the set holding `element`; it changes only when that set is merged into another.
    /// - Complexity: amortised nearly O(1).
    public mutating func root(of element: Int) -> Int {
        var i = element
        while parent[i] != i {
            parent[i] = parent[parent[i]]
            i = parent[i]
        }
        return i
    }

    /// Joins the set holding `element` to the set holding `other`, whose root stays the root of both.
    public mutating func merge(_ element: Int, into other: Int) {
        let (a, b) = (root(of: element), root(of: other))
        if a != b { parent[a] = b }
    }
}
