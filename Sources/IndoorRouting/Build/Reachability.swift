import IndoorVenue

extension NavigationGraph {
    /// Walkable spaces that no route reaches from the rest of their building: none of their graph nodes is in the
    /// building's main part, the connected part of the graph (edges taken both ways, every profile allowed) that
    /// holds nodes of the most of its spaces. A space is reached when any of its nodes is: a point of a passage
    /// that lies where the free area does not is a part of its own, and says nothing of the space.
    /// - Returns: indexes into `venue.spaces`, in order.
    /// - Complexity: O(n) over the components labelled when the graph was built.
    public func unreachableSpaces() -> [Int] {
        let buildingOf = Dictionary(venue.levels.map { ($0.id, $0.buildingIDs.sorted().joined(separator: ",")) },
                                    uniquingKeysWith: { a, _ in a })
        // Per space, the parts its nodes are in; a space with no node (a convex room with no door) is a part of its own.
        var partsOf: [Int: Set<Int>] = [:]
        // Per building, how many of its spaces each part holds nodes of.
        var spacesIn: [String: [Int: Int]] = [:]
        for (s, members) in spaceNodes.enumerated() where free[s] != nil {
            let parts = members.isEmpty ? [nodes.count + s] : Set(members.map { Int(component[Int($0)]) })
            partsOf[s] = parts
            for part in parts { spacesIn[buildingOf[venue.spaces[s].levelID] ?? "", default: [:]][part, default: 0] += 1 }
        }
        // The main part: the one holding the most spaces (the lowest label on a tie, so the answer is the same on
        // every run).
        let main = spacesIn.mapValues { counts in
            counts.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key ?? -1
        }
        return partsOf.keys.sorted().filter { s in
            partsOf[s].map { !$0.contains(main[buildingOf[venue.spaces[s].levelID] ?? ""] ?? -1) } ?? false
        }
    }
}
