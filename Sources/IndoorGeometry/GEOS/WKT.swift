internal import CGEOS
import IndoorBase

extension Geometry {
    /// Reads Well-Known Text (OGC 06-103r4), e.g. `POLYGON ((0 0, 4 0, 4 3, 0 0))`, through GEOS's reader.
    /// - Throws: ``GeometryError/geos(_:)`` with GEOS's message when the text is not WKT, or another
    ///   ``GeometryError`` when it describes an invalid value (an unclosed ring, a non-finite number).
    public init(wkt: String) throws(GeometryError) {
        self = try withGEOS { ctx throws(GeometryError) in
            guard let reader = GEOSWKTReader_create_r(ctx.handle) else { throw ctx.failure("creating a WKT reader") }
            defer { GEOSWKTReader_destroy_r(ctx.handle, reader) }
            let g = try ctx.own(GEOSWKTReader_read_r(ctx.handle, reader, wkt), "reading WKT")
            let value = try ctx.value(of: g.pointer)
            for (i, c) in value.allCoordinates.enumerated() where !c.isFinite { throw GeometryError.nonFiniteCoordinate(index: i) }
            return value
        }
    }
}
