/// A position on the Earth: WGS84 latitude and longitude, in degrees.
///
/// What people, receivers and files give (a GPS fix, a POI, a `LON,LAT` argument) and what the toolkit hands back
/// (an itinerary's steps, a matched position). Measure in metres only after projecting it into a frame
/// (`LocalFrame`, ``TangentPlane``), which gives a ``Coordinate``; the two are different types so that degrees are
/// never taken for metres, nor the reverse. Shapes in degrees are ``GeoGeometry`` values, whose positions stay
/// GeoJSON pairs (``Coordinate/x`` the longitude); ``init(position:)`` and ``position`` convert.
public struct GeoCoordinate: Hashable, Sendable, Codable {
    /// Degrees north of the equator (south negative).
    public var latitude: Double
    /// Degrees east of Greenwich (west negative).
    public var longitude: Double

    /// A position from its longitude and latitude, in degrees (GeoJSON's order).
    @inlinable
    public init(longitude: Double, latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }

    /// The position a GeoJSON pair gives: `x` the longitude, `y` the latitude.
    @inlinable
    public init(position: Coordinate) {
        self.init(longitude: position.x, latitude: position.y)
    }

    /// The GeoJSON pair of this position (`x` the longitude, `y` the latitude), for geometry in degrees.
    @inlinable
    public var position: Coordinate { Coordinate(x: longitude, y: latitude) }

    /// Whether both components are finite and in range (|latitude| ≤ 90°, |longitude| ≤ 180°).
    @inlinable
    public var isValid: Bool { latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180 }
}
