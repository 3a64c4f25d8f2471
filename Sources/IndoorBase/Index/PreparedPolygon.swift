/// Areal geometries prepared for many point-in-polygon tests, in the spirit of GEOS's `IndexedPointInAreaLocator`:
/// the edges of every ring are bucketed into horizontal bands, so a test looks only at the few edges that cross
/// the point's band. All areas share flat arrays, so a test touches no reference count.
package struct PreparedAreas: Hashable, Sendable {
    /// One edge, stored for the crossing test: `x(y) = x0 + (y - y0) * dxdy` for `y` in `[yMin, yMax)`.
    struct Edge: Hashable, Sendable {
        var yMin: Double
        var yMax: Double
        var x0: Double
        var dxdy: Double
    }

    /// Per area: its box, band geometry, and where its band table starts in `bandStart`.
    package struct Area: Hashable, Sendable {
        package var box: BoundingBox
        var inverseBandHeight: Double
        var bandCount: Int32
        var firstBand: Int32
    }

    package private(set) var areas: [Area] = []
    /// Edges of band `b` (global numbering) are `edges[bandStart[b]..<bandStart[b + 1]]`.
    private var bandStart: [Int32] = [0]
    private var edges: [Edge] = []

    package init(_ geometries: [Geometry]) {
        for g in geometries { append(g) }
    }

    private mutating func append(_ geometry: Geometry) {
        var all: [Edge] = []
        for polygon in geometry.polygons {
            for ring in polygon.rings {
                for (a, b) in zip(ring.coordinates, ring.coordinates.dropFirst()) where a.y != b.y {
                    let (lo, hi) = a.y < b.y ? (a, b) : (b, a)
                    let dxdy = (hi.x - lo.x) / (hi.y - lo.y)
                    all.append(Edge(yMin: lo.y, yMax: hi.y, x0: lo.x - lo.y * dxdy, dxdy: dxdy))
                }
            }
        }
        // An area with no polygon gets an empty box, which contains nothing.
        let box = BoundingBox(covering: geometry.polygons.flatMap(\.exterior.coordinates))
            ?? BoundingBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        // About two edges per band keeps each test to a handful of comparisons, but an edge is stored in every
        // band it spans: where long edges span many bands (a comb's teeth span them all), halve the bands until
        // the copies are at most a few per edge, so time and memory stay linear in the ring size whatever its shape.
        var count = max(1, min(all.count / 2, 4096))
        var area = Area(box: box, inverseBandHeight: 0, bandCount: 1, firstBand: Int32(bandStart.count - 1))
        while true {
            area.bandCount = Int32(count)
            area.inverseBandHeight = box.height > 0 ? Double(count) / box.height : 0
            guard count > 1 else { break }
            let budget = Self.copiesPerEdge * all.count + count
            var copies = 0
            for e in all where copies <= budget { copies += Self.band(e.yMax, area) - Self.band(e.yMin, area) + 1 }
            if copies <= budget { break }
            count /= 2
        }
        // Counting sort into the flat table: how many edges per band, where each band starts, then the edges.
        let first = edges.count
        var starts = [Int](repeating: 0, count: count + 1)
        for e in all {
            for i in Self.band(e.yMin, area)...Self.band(e.yMax, area) { starts[i + 1] += 1 }
        }
        for i in 0..<count { starts[i + 1] += starts[i] }
        var next = starts
        edges += repeatElement(Edge(yMin: 0, yMax: 0, x0: 0, dxdy: 0), count: starts[count])
        for e in all {
            for i in Self.band(e.yMin, area)...Self.band(e.yMax, area) {
                edges[first + next[i]] = e
                next[i] += 1
            }
        }
        for i in 1...count { bandStart.append(Int32(first + starts[i])) }
        area.firstBand = Int32(bandStart.count - 1 - count)
        areas.append(area)
    }

    /// Band copies allowed per edge, on average, before an area gets fewer bands.
    static let copiesPerEdge = 4

    /// How many edges are stored in all (each once per band it spans): linear in the number of edges.
    var storedEdges: Int { edges.count }

    @inline(__always)
    private static func band(_ y: Double, _ area: Area) -> Int {
        let i = Int(((y - area.box.minY) * area.inverseBandHeight).rounded(.down))
        return min(max(i, 0), Int(area.bandCount) - 1)
    }

    /// Whether area `index` contains `point` (even–odd rule, so holes are outside). The caller has checked the box.
    @inline(__always)
    package func crossings(_ index: Int, _ point: Coordinate) -> Bool {
        areas.withUnsafeBufferPointer { areas in
            bandStart.withUnsafeBufferPointer { starts in
                edges.withUnsafeBufferPointer { edges in
                    let area = areas[index]
                    let band = Int(area.firstBand) + Self.band(point.y, area)
                    var inside = false
                    for i in Int(starts[band])..<Int(starts[band + 1]) {
                        let e = edges[i]
                        // Half-open in y, so a vertex shared by two edges is counted once.
                        if point.y >= e.yMin, point.y < e.yMax, point.x < e.x0 + point.y * e.dxdy { inside.toggle() }
                    }
                    return inside
                }
            }
        }
    }

    func contains(_ index: Int, _ point: Coordinate) -> Bool {
        // A box test is false for NaN, so no non-finite point reaches the band arithmetic.
        areas[index].box.contains(point) && crossings(index, point)
    }
}

/// An areal geometry prepared for many point-in-polygon tests: a value with no C inside, to share freely between
/// threads.
public struct PreparedPolygon: Hashable, Sendable {
    private let prepared: PreparedAreas

    /// Prepares the polygons of `geometry` (points and lines have no area and contain nothing).
    public init(_ geometry: Geometry) {
        prepared = PreparedAreas([geometry])
    }

    /// The box around the polygons' exteriors; ``BoundingBox/empty`` for a geometry with no area.
    public var boundingBox: BoundingBox { prepared.areas[0].box }

    /// Edges stored in all, the measure of its memory: linear in the number of edges.
    var storedEdges: Int { prepared.storedEdges }

    /// Whether `point` lies inside the area (even–odd rule, so holes are outside).
    ///
    /// A point exactly on an edge may answer either way; use `Geometry.covers(_:)` where the boundary matters.
    /// - Complexity: O(k) for the k edges crossing the point's band, typically a handful.
    public func contains(_ point: Coordinate) -> Bool {
        prepared.contains(0, point)
    }
}
