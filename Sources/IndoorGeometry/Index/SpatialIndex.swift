import IndoorBase
/// A static R-tree over bounding boxes, packed with the Sort-Tile-Recursive algorithm (Leutenegger et al. 1997),
/// as GEOS's `STRtree`. Built once, read-only afterwards, and a value: share it freely between threads.
public struct STRTree: Hashable, Sendable {
    /// Items per node.
    public static let nodeCapacity = 8

    /// Node boxes: leaves first (one per item, in packed order), then each upper level, the root last.
    private let boxes: [BoundingBox]
    /// For a leaf slot, the item's index; for an inner node, the first child's slot (children are contiguous).
    private let payload: [Int32]
    /// For an inner node, the number of children; 0 for a leaf slot.
    private let childCount: [Int32]
    private let root: Int

    /// - Parameter itemBoxes: the box of each item; the item's identity is its index in this array.
    /// - Complexity: O(n log n).
    public init(_ itemBoxes: [BoundingBox]) {
        var boxes: [BoundingBox] = []
        var payload: [Int32] = []
        var childCount: [Int32] = []
        // Leaves: items sorted into vertical slices by x, each slice by y.
        let order = Self.strOrder(itemBoxes.indices.map { ($0, itemBoxes[$0]) })
        for i in order {
            boxes.append(itemBoxes[i])
            payload.append(Int32(i))
            childCount.append(0)
        }
        var levelStart = 0
        var levelCount = boxes.count
        while levelCount > 1 {
            let slots = Self.strOrder((levelStart..<levelStart + levelCount).map { ($0, boxes[$0]) })
            // Re-lay this level in STR order so each parent's children are contiguous.
            let reordered = slots.map { (boxes[$0], payload[$0], childCount[$0]) }
            for (k, node) in reordered.enumerated() {
                boxes[levelStart + k] = node.0
                payload[levelStart + k] = node.1
                childCount[levelStart + k] = node.2
            }
            let nextStart = boxes.count
            var k = 0
            while k < levelCount {
                let n = min(Self.nodeCapacity, levelCount - k)
                var box = boxes[levelStart + k]
                for j in 1..<n { box.expand(toInclude: boxes[levelStart + k + j]) }
                boxes.append(box)
                payload.append(Int32(levelStart + k))
                childCount.append(Int32(n))
                k += n
            }
            levelStart = nextStart
            levelCount = boxes.count - nextStart
        }
        self.boxes = boxes
        self.payload = payload
        self.childCount = childCount
        root = boxes.count - 1
    }

    /// The Sort-Tile-Recursive order of `items`: slices by x centre, each slice sorted by y centre.
    private static func strOrder(_ items: [(Int, BoundingBox)]) -> [Int] {
        let leaves = (items.count + nodeCapacity - 1) / nodeCapacity
        let sliceCount = max(1, Int(Double(leaves).squareRoot().rounded(.up)))
        let sliceSize = sliceCount * nodeCapacity
        let byX = items.sorted { ($0.1.minX + $0.1.maxX, $0.0) < ($1.1.minX + $1.1.maxX, $1.0) }
        var out: [Int] = []
        out.reserveCapacity(items.count)
        var start = 0
        while start < byX.count {
            let slice = byX[start..<min(start + sliceSize, byX.count)]
            out += slice.sorted { ($0.1.minY + $0.1.maxY, $0.0) < ($1.1.minY + $1.1.maxY, $1.0) }.map(\.0)
            start += sliceSize
        }
        return out
    }

    /// Whether the tree holds no item (every query then finds nothing).
    public var isEmpty: Bool { boxes.isEmpty }

    /// Calls `visit` with each item whose box contains `point`, until it returns `false`.
    /// - Complexity: O(log n + k) for k hits on well-spread data.
    @inline(__always)
    public func forEachItem(containing point: Coordinate, _ visit: (Int) -> Bool) {
        search({ $0.contains(point) }, visit)
    }

    /// Calls `visit` with each item whose box intersects `box`, until it returns `false`.
    public func forEachItem(intersecting box: BoundingBox, _ visit: (Int) -> Bool) {
        search({ $0.intersects(box) }, visit)
    }

    /// The items whose boxes intersect `box`.
    public func items(intersecting box: BoundingBox) -> [Int] {
        var out: [Int] = []
        forEachItem(intersecting: box) { out.append($0); return true }
        return out
    }

    @inline(__always)
    func search(_ hit: (BoundingBox) -> Bool, _ visit: (Int) -> Bool) {
        guard !boxes.isEmpty else { return }
        boxes.withUnsafeBufferPointer { boxes in
            payload.withUnsafeBufferPointer { payload in
                childCount.withUnsafeBufferPointer { childCount in
                    // Depth-first with an explicit stack: at most (capacity - 1) pending siblings per level.
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 512) { stack in
                        var top = 0
                        stack[0] = Int32(root)
                        top = 1
                        while top > 0 {
                            top -= 1
                            let node = Int(stack[top])
                            guard hit(boxes[node]) else { continue }
                            let n = Int(childCount[node])
                            if n == 0 {
                                if !visit(Int(payload[node])) { return }
                            } else {
                                let first = Int(payload[node])
                                for child in stride(from: first + n - 1, through: first, by: -1) {
                                    stack[top] = Int32(child)
                                    top += 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Answers "which polygon contains this point" for a fixed set of areas (the rooms of a level, say).
///
/// Candidates come from a uniform grid of cells over the areas' extent (each cell lists the areas whose boxes meet
/// it, about four cells per area), or from an ``STRTree`` for box queries; their prepared edges (as
/// `PreparedPolygon`) decide. A value type with no C inside: build it once and query it from any number of threads.
public struct PolygonIndex: Hashable, Sendable {
    private let prepared: PreparedAreas
    private let tree: STRTree
    private let extent: BoundingBox
    private let columns: Int
    private let rows: Int
    private let cellWidth: Double
    private let cellHeight: Double
    /// Candidates of cell `c` are `cellItems[cellStart[c]..<cellStart[c + 1]]`, in increasing index order.
    private let cellStart: [Int32]
    private let cellItems: [Int32]

    /// - Parameter geometries: the areas; an answer is an index into this array.
    /// - Complexity: O(n log n + e) for n areas of e edges in all.
    public init(_ geometries: [Geometry]) {
        prepared = PreparedAreas(geometries)
        let boxes = prepared.areas.map(\.box)
        tree = STRTree(boxes)
        let finite = boxes.filter { $0.minX <= $0.maxX }
        var extent = finite.first ?? BoundingBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
        for box in finite { extent.expand(toInclude: box) }
        self.extent = extent
        let cells = Double(max(1, min(4 * finite.count, 1 << 16)))
        let aspect = extent.height > 0 && extent.width > 0 ? extent.width / extent.height : 1
        // Clamped before converting, so a degenerate extent (a sliver) cannot overflow the grid size.
        columns = max(1, Int(min(cells, (cells * aspect).squareRoot()).rounded()))
        rows = max(1, Int((cells / Double(columns)).rounded(.up)))
        cellWidth = extent.width > 0 ? extent.width / Double(columns) : 1
        cellHeight = extent.height > 0 ? extent.height / Double(rows) : 1
        var buckets = [[Int32]](repeating: [], count: columns * rows)
        for (i, box) in boxes.enumerated() where box.minX <= box.maxX {
            let (c0, r0) = Self.cell(Coordinate(x: box.minX, y: box.minY), extent, cellWidth, cellHeight, columns, rows)
            let (c1, r1) = Self.cell(Coordinate(x: box.maxX, y: box.maxY), extent, cellWidth, cellHeight, columns, rows)
            for r in r0...r1 { for c in c0...c1 { buckets[r * columns + c].append(Int32(i)) } }
        }
        var starts: [Int32] = [0]
        var items: [Int32] = []
        for bucket in buckets {
            items += bucket
            starts.append(Int32(items.count))
        }
        cellStart = starts
        cellItems = items
    }

    @inline(__always)
    private static func cell(
        _ p: Coordinate, _ extent: BoundingBox, _ w: Double, _ h: Double, _ columns: Int, _ rows: Int
    ) -> (Int, Int) {
        let c = Int(((p.x - extent.minX) / w).rounded(.down))
        let r = Int(((p.y - extent.minY) / h).rounded(.down))
        return (min(max(c, 0), columns - 1), min(max(r, 0), rows - 1))
    }

    /// The number of geometries indexed; results are indices in `0..<count`, in the order given to ``init(_:)``.
    public var count: Int { prepared.areas.count }

    /// Calls `visit` with each area whose box contains `point`, in increasing index order, until it returns `false`.
    @inline(__always)
    private func forEachCandidate(_ point: Coordinate, _ visit: (Int) -> Bool) {
        // False for NaN and infinities too: no non-finite point reaches the cell arithmetic.
        guard extent.contains(point) else { return }
        let (c, r) = Self.cell(point, extent, cellWidth, cellHeight, columns, rows)
        let cell = r * columns + c
        cellStart.withUnsafeBufferPointer { starts in
            cellItems.withUnsafeBufferPointer { items in
                for k in Int(starts[cell])..<Int(starts[cell + 1]) {
                    let i = Int(items[k])
                    if prepared.areas[i].box.contains(point), !visit(i) { return }
                }
            }
        }
    }

    /// The lowest index of an area containing `point`, or `nil` when none does. A point exactly on an edge may
    /// answer either way.
    /// - Complexity: O(k·e) for the k areas whose boxes meet the point's cell, of e band edges each.
    public func firstContaining(_ point: Coordinate) -> Int? {
        var found: Int?
        forEachCandidate(point) { i in
            if prepared.crossings(i, point) { found = i; return false }
            return true
        }
        return found
    }

    /// Every area containing `point`, in index order.
    public func allContaining(_ point: Coordinate) -> [Int] {
        var out: [Int] = []
        forEachCandidate(point) { i in
            if prepared.crossings(i, point) { out.append(i) }
            return true
        }
        return out
    }

    /// The areas whose boxes intersect `box`, a superset of those that intersect it.
    /// - Complexity: O(log n + k) for k answers.
    public func candidates(intersecting box: BoundingBox) -> [Int] {
        tree.items(intersecting: box)
    }
}
