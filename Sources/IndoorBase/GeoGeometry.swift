/// A geometry in WGS84 degrees: GeoJSON positions, ``Coordinate/x`` the longitude and ``Coordinate/y`` the latitude,
/// as files give it and a venue's features hold it.
///
/// Kept apart from a ``Geometry`` in metres (a frame's, `LocalFrame`) by its type, as ``GeoCoordinate`` is from
/// ``Coordinate``: a frame projects a `GeoGeometry` into metres and unprojects metres into one, and neither takes the
/// other's kind, so degrees are never measured as metres nor projected twice. What works in any units (a bounding
/// box, a GeoJSON writer) reads ``degrees``.
public struct GeoGeometry: Hashable, Sendable {
    /// The shape, its positions in degrees (longitude, latitude).
    public let degrees: Geometry

    /// The shape whose positions are `degrees` (longitude, latitude).
    @inlinable
    public init(degrees: Geometry) {
        self.degrees = degrees
    }

    /// The smallest box, in degrees, holding every position; `nil` for a geometry with none.
    public var boundingBox: BoundingBox? { degrees.boundingBox }

    /// Every position, in order.
    public var positions: [GeoCoordinate] { degrees.allCoordinates.map(GeoCoordinate.init(position:)) }
}
