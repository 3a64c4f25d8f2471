import IndoorBase
import Testing

@Suite struct DisjointSetsTests {
    @Test func mergedElementsShareARootAndTheOthersKeepTheirOwn() {
        var sets = DisjointSets(count: 6)
        sets.merge(0, into: 1)
        sets.merge(2, into: 3)
        sets.merge(1, into: 3)
        #expect(sets.root(of: 0) == 3 && sets.root(of: 1) == 3 && sets.root(of: 2) == 3)
        #expect(sets.root(of: 4) == 4 && sets.root(of: 5) == 5)
        sets.merge(3, into: 0)  // already one set: nothing changes
        #expect(sets.root(of: 0) == 3)
    }

    /// A long chain is found in a few steps once its roots have been asked for (path halving).
    @Test func aLongChainCollapses() {
        var sets = DisjointSets(count: 100_000)
        for i in 0..<99_999 { sets.merge(i, into: i + 1) }
        #expect(sets.root(of: 0) == 99_999)
        #expect((0..<100_000).allSatisfy { sets.root(of: $0) == 99_999 })
    }
}
