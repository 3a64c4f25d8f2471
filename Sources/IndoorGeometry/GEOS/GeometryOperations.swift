internal import CGEOS
import IndoorBase

/// GEOS-backed operations on geometry values.
///
/// Each call converts its operands into a GEOS context of its own and back, so every operation is safe to call
/// concurrently from any thread. Measures (length, area, distance, buffer width) are in the units of the
/// coordinates: transform into a ``LocalFrame`` first for metres.
extension Geometry {
    /// Whether GEOS considers the geometry valid (OGC simple features rules).
    public var isValid: Bool { (try? validityReason()) == nil }

    /// Why the geometry is invalid ("Self-intersection[x y]", "Ring Self-intersection…"), or `nil` when it is valid.
    /// - Throws: ``GeometryError/geos(_:)`` when GEOS cannot check it.
    public func validityReason() throws(GeometryError) -> String? {
        try withGEOS { ctx throws(GeometryError) in
            let g = try ctx.handle(for: self)
            switch GEOSisValid_r(ctx.handle, g.pointer) {  // 1 valid, 0 invalid, 2 exception
            case 1: return nil
            case 0:
                guard let reason = GEOSisValidReason_r(ctx.handle, g.pointer) else { return "invalid geometry" }
                defer { GEOSFree_r(ctx.handle, reason) }
                return String(cString: reason)
            default: throw ctx.failure("validity check")
            }
        }
    }

    /// A valid geometry covering the same points (GEOS `MakeValid`): self-intersecting rings are split, etc.
    public func makeValid() throws(GeometryError) -> Geometry {
        try unary("make-valid") { GEOSMakeValid_r($0, $1) }
    }

    /// Whether every point of `other` lies in this geometry and their interiors meet (OGC `contains`).
    public func contains(_ other: Geometry) throws(GeometryError) -> Bool {
        try binaryPredicate(other, "contains") { GEOSContains_r($0, $1, $2) }
    }

    /// Whether no point of `other` lies outside this geometry (boundary included).
    public func covers(_ other: Geometry) throws(GeometryError) -> Bool {
        try binaryPredicate(other, "covers") { GEOSCovers_r($0, $1, $2) }
    }

    /// Whether the two geometries share any point.
    public func intersects(_ other: Geometry) throws(GeometryError) -> Bool {
        try binaryPredicate(other, "intersects") { GEOSIntersects_r($0, $1, $2) }
    }

    /// The points in either geometry, computed by GEOS (`GEOSUnion`), in the units of the inputs.
    /// - Throws: ``GeometryError/geos(_:)`` with GEOS's message when GEOS cannot compute it (an invalid input, say).
    public func union(_ other: Geometry) throws(GeometryError) -> Geometry {
        try binary(other, "union") { GEOSUnion_r($0, $1, $2) }
    }

    /// The points of this geometry not in `other`, computed by GEOS (`GEOSDifference`).
    /// - Throws: ``GeometryError/geos(_:)`` with GEOS's message when GEOS cannot compute it (an invalid input, say).
    public func difference(_ other: Geometry) throws(GeometryError) -> Geometry {
        try binary(other, "difference") { GEOSDifference_r($0, $1, $2) }
    }

    /// The points in both geometries, computed by GEOS (`GEOSIntersection`); an empty geometry when they are apart.
    /// - Throws: ``GeometryError/geos(_:)`` with GEOS's message when GEOS cannot compute it (an invalid input, say).
    public func intersection(_ other: Geometry) throws(GeometryError) -> Geometry {
        try binary(other, "intersection") { GEOSIntersection_r($0, $1, $2) }
    }

    /// The part of the geometry inside a rectangle, by GEOS's rectangle clipping: much faster than
    /// ``intersection(_:)`` with the rectangle's polygon, for cutting a large area into cells.
    public func clipped(to box: BoundingBox) throws(GeometryError) -> Geometry {
        try unary("clip") { GEOSClipByRect_r($0, $1, box.minX, box.minY, box.maxX, box.maxY) }
    }

    /// The parts of the geometry inside each of `boxes`: what clipping to each box gives, with the geometry copied
    /// to GEOS once.
    public func clipped(to boxes: [BoundingBox]) throws(GeometryError) -> [Geometry] {
        try withGEOS { ctx throws(GeometryError) in
            let g = try ctx.handle(for: self)
            var parts: [Geometry] = []
            for box in boxes {
                let part = try ctx.own(GEOSClipByRect_r(ctx.handle, g.pointer, box.minX, box.minY, box.maxX, box.maxY), "clip")
                parts.append(try ctx.value(of: part.pointer))
            }
            return parts
        }
    }

    /// The union of every part of the geometry (dissolves the rooms of a level into one area).
    public func unaryUnion() throws(GeometryError) -> Geometry {
        try unary("union") { GEOSUnaryUnion_r($0, $1) }
    }

    /// How a buffer joins the offset edges at a corner.
    public enum BufferJoin: Int32, Sendable {
        /// Circular arcs (``buffer(_:quadrantSegments:join:)``'s `quadrantSegments` per quarter circle).
        case round = 1
        /// Sharp corners, extended up to a limit of 5 widths: a shrunk room keeps one vertex per corner.
        case mitre = 2
        /// Corners cut straight.
        case bevel = 3
    }

    /// The geometry grown (or, with a negative width, shrunk) by `width`.
    /// - Parameters:
    ///   - quadrantSegments: segments used to approximate a quarter circle.
    ///   - join: how corners are joined.
    ///   - flatEnds: end a line's buffer square at its end points instead of with a half circle.
    public func buffer(_ width: Double, quadrantSegments: Int32 = 8, join: BufferJoin = .round, flatEnds: Bool = false) throws(GeometryError) -> Geometry {
        let cap = Int32((flatEnds ? GEOSBUF_CAP_FLAT : GEOSBUF_CAP_ROUND).rawValue)
        return try unary("buffer") { GEOSBufferWithStyle_r($0, $1, width, quadrantSegments, cap, join.rawValue, 5) }
    }

    /// A simplified geometry whose vertices lie within `tolerance` of the original, keeping its topology.
    public func simplified(tolerance: Double) throws(GeometryError) -> Geometry {
        try unary("simplify") { GEOSTopologyPreserveSimplify_r($0, $1, tolerance) }
    }

    /// The shortest distance between the two geometries (0 when they intersect).
    public func distance(to other: Geometry) throws(GeometryError) -> Double {
        try withGEOS { ctx throws(GeometryError) in
            let a = try ctx.handle(for: self), b = try ctx.handle(for: other)
            var d = 0.0
            guard GEOSDistance_r(ctx.handle, a.pointer, b.pointer, &d) == 1 else { throw ctx.failure("distance") }
            return d
        }
    }

    /// The closest pair of points, the first on this geometry and the second on `other`.
    public func nearestPoints(to other: Geometry) throws(GeometryError) -> (Coordinate, Coordinate) {
        try withGEOS { ctx throws(GeometryError) in
            let a = try ctx.handle(for: self), b = try ctx.handle(for: other)
            guard let seq = GEOSNearestPoints_r(ctx.handle, a.pointer, b.pointer) else { throw ctx.failure("nearest points") }
            defer { GEOSCoordSeq_destroy_r(ctx.handle, seq) }
            var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
            guard GEOSCoordSeq_getXY_r(ctx.handle, seq, 0, &x0, &y0) != 0,
                  GEOSCoordSeq_getXY_r(ctx.handle, seq, 1, &x1, &y1) != 0
            else { throw ctx.failure("nearest points") }
            return (Coordinate(x: x0, y: y0), Coordinate(x: x1, y: y1))
        }
    }

    /// The length of lines and the perimeter of polygons.
    public func length() throws(GeometryError) -> Double {
        try measure("length") { GEOSLength_r($0, $1, $2) }
    }

    /// The area of polygons (0 for points and lines).
    public func area() throws(GeometryError) -> Double {
        try measure("area") { GEOSArea_r($0, $1, $2) }
    }

    // MARK: Plumbing

    private func unary(
        _ name: String, _ op: (GEOSContextHandle_t, OpaquePointer) -> OpaquePointer?
    ) throws(GeometryError) -> Geometry {
        try withGEOS { ctx throws(GeometryError) in
            let g = try ctx.handle(for: self)
            let result = try ctx.own(op(ctx.handle, g.pointer), name)
            return try ctx.value(of: result.pointer)
        }
    }

    private func binary(
        _ other: Geometry, _ name: String,
        _ op: (GEOSContextHandle_t, OpaquePointer, OpaquePointer) -> OpaquePointer?
    ) throws(GeometryError) -> Geometry {
        try withGEOS { ctx throws(GeometryError) in
            let a = try ctx.handle(for: self), b = try ctx.handle(for: other)
            let result = try ctx.own(op(ctx.handle, a.pointer, b.pointer), name)
            return try ctx.value(of: result.pointer)
        }
    }

    private func binaryPredicate(
        _ other: Geometry, _ name: String,
        _ op: (GEOSContextHandle_t, OpaquePointer, OpaquePointer) -> CChar
    ) throws(GeometryError) -> Bool {
        try withGEOS { ctx throws(GeometryError) in
            let a = try ctx.handle(for: self), b = try ctx.handle(for: other)
            return try ctx.predicate(op(ctx.handle, a.pointer, b.pointer), name)
        }
    }

    private func measure(
        _ name: String, _ op: (GEOSContextHandle_t, OpaquePointer, UnsafeMutablePointer<Double>) -> Int32
    ) throws(GeometryError) -> Double {
        try withGEOS { ctx throws(GeometryError) in
            let g = try ctx.handle(for: self)
            var value = 0.0
            guard op(ctx.handle, g.pointer, &value) == 1 else { throw ctx.failure(name) }
            return value
        }
    }
}

extension Geometry {
    /// The union of many geometries in one GEOS pass (faster than folding ``union(_:)``). When GEOS cannot union
    /// them because one is invalid (a self-intersecting ring, as exports jitter them), the invalid ones are made
    /// valid (``makeValid()``) and the union is tried again, rather than one bad shape failing them all.
    /// - Throws: ``GeometryError/geos(_:)`` when even the repaired shapes cannot be unioned.
    public static func union(of geometries: [Geometry]) throws(GeometryError) -> Geometry {
        do {
            return try Geometry.geometryCollection(geometries).unaryUnion()
        } catch {
            let repaired = geometries.map { $0.isValid ? $0 : ((try? $0.makeValid()) ?? $0) }
            return try Geometry.geometryCollection(repaired).unaryUnion()
        }
    }
}
