import IndoorBase
@testable import IndoorRouting
import Testing

/// The searches' priority queue gives back what it was given, least first, however pushes and pops interleave
/// (the kind of use: a search pushes a node again each time it is reached more cheaply).
@Suite struct MinHeapTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func popsInOrderOfPriority(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var heap = MinHeap()
        var model: [(Double, Int32)] = []
        for step in 0..<5000 {
            // Mostly pushes at first, then mostly pops; ties on purpose (priorities from a small set).
            if rng.next() % 100 < (step < 2500 ? 70 : 35) {
                let p = Double(rng.next() % 200) / 4, item = Int32(step)
                heap.push(p, item)
                model.append((p, item))
            } else {
                let popped = heap.pop()
                guard let least = model.map(\.0).min() else {
                    #expect(popped == nil)
                    continue
                }
                #expect(popped?.priority == least)
                // The item popped is one pushed with that priority, and it leaves the heap.
                if let popped, let k = model.firstIndex(where: { $0 == (least, popped.item) }) { model.remove(at: k) } else {
                    Issue.record("popped \(String(describing: popped)), not a pair pushed with priority \(least)")
                }
            }
            #expect(heap.count == model.count)
            #expect(heap.peekPriority == model.map(\.0).min())
        }
        heap.removeAll()
        #expect(heap.isEmpty && heap.pop() == nil)
    }
}
