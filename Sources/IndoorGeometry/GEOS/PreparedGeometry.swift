internal import CGEOS
import IndoorBase

/// A geometry prepared by GEOS for many predicate tests against it (GEOS's `PreparedGeometry`: indexed edges,
/// cached point-in-area locator). It owns a GEOS context of its own, which is not thread-safe: use one instance
/// from one thread or task at a time (it is deliberately not `Sendable`), and make one per thread for parallel
/// work.
public final class PreparedGeometry {
    private let context: GEOSContext
    private let geometry: GEOSGeometryHandle
    private let prepared: OpaquePointer

    /// - Throws: `GeometryError.geos(_:)` when GEOS cannot take the geometry.
    public init(_ geometry: Geometry) throws(GeometryError) {
        let context = try GEOSContext()
        let handle = try context.handle(for: geometry)
        guard let prepared = GEOSPrepare_r(context.handle, handle.pointer) else { throw context.failure("prepare") }
        self.context = context
        self.geometry = handle
        self.prepared = prepared
    }

    deinit {
        // The prepared geometry refers to `geometry`, which is destroyed after this (its deinit runs later).
        GEOSPreparedGeom_destroy_r(context.handle, prepared)
    }

    /// Whether no point of `other` lies outside the prepared geometry.
    public func covers(_ other: Geometry) throws(GeometryError) -> Bool {
        let g = try context.handle(for: other)
        return try context.predicate(GEOSPreparedCovers_r(context.handle, prepared, g.pointer), "covers")
    }

    /// Whether `other` lies in the prepared geometry with at least one interior point in common (DE-9IM: a point
    /// on the boundary only is not contained; see ``covers(_:)``).
    /// - Throws: `GeometryError.geos(_:)` when GEOS reports an exception.
    public func contains(_ other: Geometry) throws(GeometryError) -> Bool {
        let g = try context.handle(for: other)
        return try context.predicate(GEOSPreparedContains_r(context.handle, prepared, g.pointer), "contains")
    }

    /// Whether `other` shares any point with the prepared geometry, boundary included.
    /// - Throws: `GeometryError.geos(_:)` when GEOS reports an exception.
    public func intersects(_ other: Geometry) throws(GeometryError) -> Bool {
        let g = try context.handle(for: other)
        return try context.predicate(GEOSPreparedIntersects_r(context.handle, prepared, g.pointer), "intersects")
    }
}
