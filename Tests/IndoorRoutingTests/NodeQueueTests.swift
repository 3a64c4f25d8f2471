import IndoorBase
@testable import IndoorRouting
import Testing

/// The search's node queue holds each node once, at the least priority it was given while queued, and gives the
/// nodes back least first, with every node's place in it written where the search keeps its state.
@Suite struct NodeQueueTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func popsEachNodeOnceAtItsLeastPriority(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var queue = NodeQueue()
        var states = Array(repeating: ShortestPathSearch.NodeState(), count: 300)
        var model: [Int32: Double] = [:]
        states.withUnsafeMutableBufferPointer { state in
            for step in 0..<6000 {
                // Mostly inserts and decreases at first, then mostly pops; ties on purpose (priorities from a small set).
                if rng.next() % 100 < (step < 3000 ? 70 : 35) {
                    let node = Int32(rng.next() % 300), p = Double(rng.next() % 200) / 4
                    queue.insertOrDecrease(p, node, &state)
                    model[node] = min(model[node] ?? .infinity, p)
                } else {
                    let popped = queue.popMin(&state)
                    guard let least = model.values.min() else {
                        #expect(popped == nil)
                        continue
                    }
                    #expect(popped?.priority == least)
                    if let popped, model[popped.node] == least { model[popped.node] = nil } else {
                        Issue.record("popped \(String(describing: popped)), not a node queued at \(least)")
                    }
                }
                // Each node's recorded place holds it exactly when it is queued.
                for node in 0..<300 where (state[node].queued >= 0) != (model[Int32(node)] != nil) {
                    Issue.record("node \(node): place \(state[node].queued), queued \(model[Int32(node)] != nil)")
                }
            }
            while let popped = queue.popMin(&state) {
                #expect(model.removeValue(forKey: popped.node) == popped.priority)
                #expect(popped.priority <= model.values.min() ?? .infinity)
            }
        }
        #expect(model.isEmpty)
    }

    /// A node given a higher priority than it is queued with keeps the lower one.
    @Test func aHigherPriorityLeavesTheNodeWhereItIs() {
        var queue = NodeQueue()
        var states = Array(repeating: ShortestPathSearch.NodeState(), count: 3)
        states.withUnsafeMutableBufferPointer { state in
            queue.insertOrDecrease(2, 0, &state)
            queue.insertOrDecrease(1, 1, &state)
            queue.insertOrDecrease(5, 1, &state)
            queue.insertOrDecrease(0.5, 0, &state)
            #expect(queue.popMin(&state)! == (0.5, 0))
            #expect(queue.popMin(&state)! == (1, 1))
            #expect(queue.popMin(&state) == nil)
            #expect(state[0].queued == -1 && state[1].queued == -1)
        }
    }
}
