import IndoorBase
import IndoorVenue

extension NavigationGraph {
    /// Walkable spaces that no route reaches from the rest of their building: none of their graph nodes is in the
    /// building's main part, the connected part of the graph (edges taken both ways, every profile allowed) that
    /// holds nodes of the most of its spaces. Floors that nothing joins to the others (``floorGroups()``) are
    /// judged apart, each group of them with a main part of its own. A space is reached when any of its nodes is: a point of a passage
    /// that lies where the free area does not is a part of its own, and says nothing of the space.
    /// - Returns: indexes into `venue.spaces`, in order.
    /// - Complexity: O(n) over the components labelled when the graph was built.
    public func unreachableSpaces() -> [Int] {
        // Floors that nothing joins are judged apart (one error says so, ``floorGroups()``), not space by space.
        let groups = floorGroups()
        let group = { (levelID: String) in self.levelOrdinal[levelID].flatMap { o in groups.firstIndex { $0.contains(o) } } ?? -1 }
        let buildingOf = Dictionary(venue.levels.map { ($0.id, $0.buildingIDs.sorted().joined(separator: ",") + "|\(group($0.id))") },
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

extension NavigationGraph {
    /// The floors of the venue in groups that nothing joins to each other: within a group, stairs, lifts,
    /// escalators, ramps or paths lead from every floor to the others (through floors of the group); from one group
    /// to another, the venue maps none. A venue whose floors are all joined has one group. Only floors with walkable
    /// space count, and levels that share an ordinal are one floor.
    /// - Returns: the groups, each the level ordinals it holds in ascending order, the groups ordered by their
    ///   lowest ordinal.
    /// - Complexity: O(E) over the graph's edges.
    public func floorGroups() -> [[Double]] {
        var found: Set<Double> = []
        for node in nodes { if let o = levelOrdinal[node.levelID] { found.insert(o) } }
        let floors = found.sorted()
        let floorIndex = Dictionary(uniqueKeysWithValues: floors.enumerated().map { ($1, $0) })
        let nodeFloor = nodes.map { levelOrdinal[$0.levelID].flatMap { floorIndex[$0] } }
        var joined = DisjointSets(count: floors.count)
        for e in edges {
            guard let a = nodeFloor[Int(e.from)], let b = nodeFloor[Int(e.to)], a != b else { continue }
            joined.merge(a, into: b)
        }
        return Dictionary(grouping: floors.indices, by: { joined.root(of: $0) }).values
            .map { $0.sorted().map { floors[$0] } }.sorted { $0[0] < $1[0] }
    }

    /// Whether the floors of two levels (by id) are in groups that nothing joins (``floorGroups()``): the first
    /// question a failed route between floors asks, since then no option and no other place will make a way.
    func floorsUnjoined(_ a: String, _ b: String, groups: [[Double]]) -> Bool {
        guard let oa = levelOrdinal[a], let ob = levelOrdinal[b], oa != ob else { return false }
        return groups.first { $0.contains(oa) } != groups.first { $0.contains(ob) }
    }
}
