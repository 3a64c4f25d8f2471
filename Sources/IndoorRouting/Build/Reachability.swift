import IndoorVenue

extension NavigationGraph {
    /// Walkable spaces that no route reaches from the rest of their building: their graph nodes are not in the
    /// largest connected part of the building's graph (edges taken both ways, every profile allowed).
    /// - Returns: indexes into `venue.spaces`, in order.
    /// - Complexity: O(n) over the components labelled when the graph was built.
    public func unreachableSpaces() -> [Int] {
        let buildingOf = Dictionary(venue.levels.map { ($0.id, $0.buildingIDs.sorted().joined(separator: ",")) },
                                    uniquingKeysWith: { a, _ in a })
        // Per building: how many spaces each component holds; the largest is the building's main part.
        var sizes: [String: [Int: Int]] = [:]
        var componentOf: [Int: Int] = [:]
        // A space is in the largest part any of its nodes is in: a point of a passage that no walk reaches (it lies
        // where the free area does not) is a part of its own, and says nothing of the space.
        var nodesIn: [Int32: Int] = [:]
        for c in component { nodesIn[c, default: 0] += 1 }
        for (s, members) in spaceNodes.enumerated() where free[s] != nil {
            // A space with no node (a convex room with no door) is a part of its own.
            let largest = members.max { (nodesIn[component[Int($0)]] ?? 0, $1) < (nodesIn[component[Int($1)]] ?? 0, $0) }
            let c = largest.map { Int(component[Int($0)]) } ?? (nodes.count + s)
            componentOf[s] = c
            sizes[buildingOf[venue.spaces[s].levelID] ?? "", default: [:]][c, default: 0] += 1
        }
        let main = sizes.mapValues { counts in counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? -1 }
        return componentOf.keys.sorted().filter { s in componentOf[s] != main[buildingOf[venue.spaces[s].levelID] ?? ""] }
    }
}
