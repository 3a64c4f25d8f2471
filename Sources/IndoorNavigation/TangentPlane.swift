import Foundation
import IndoorBase
import IndoorGeometry

/// A local east-north plane around an origin, in metres: WGS84 degrees scaled by the ellipsoid's radii of
/// curvature at the origin. Within a venue (a kilometre) it agrees with a transverse Mercator frame to millimetres,
/// and it costs two multiplications per point — what a matcher doing a million fixes a second needs.
public struct TangentPlane: Hashable, Sendable {
    /// The plane's origin, WGS84 degrees: the point at (0, 0).
    public let origin: Coordinate
    /// Metres per degree of longitude and of latitude at the origin.
    let metresPerDegreeX: Double
    let metresPerDegreeY: Double

    /// A plane touching the WGS84 ellipsoid at `origin` (degrees).
    public init(origin: Coordinate) {
        self.origin = origin
        let a = 6_378_137.0, e2 = 0.006_694_379_990_14
        let phi = origin.latitude * .pi / 180
        let w = (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        let n = a / w                     // prime vertical radius
        let m = a * (1 - e2) / (w * w * w) // meridional radius
        metresPerDegreeX = n * cos(phi) * .pi / 180
        metresPerDegreeY = m * .pi / 180
    }

    /// WGS84 → metres east and north of the origin.
    @inline(__always)
    public func project(_ c: Coordinate) -> Coordinate {
        Coordinate(x: (c.longitude - origin.longitude) * metresPerDegreeX, y: (c.latitude - origin.latitude) * metresPerDegreeY)
    }

    /// Metres east and north of the origin → WGS84 degrees; the inverse of ``project(_:)``.
    public func unproject(_ p: Coordinate) -> Coordinate {
        Coordinate(longitude: origin.longitude + p.x / metresPerDegreeX, latitude: origin.latitude + p.y / metresPerDegreeY)
    }
}

/// Degrees clockwise from north of the direction from `a` to `b` (plane coordinates).
func bearing(from a: Coordinate, to b: Coordinate) -> Double {
    let d = atan2(b.x - a.x, b.y - a.y) * 180 / .pi
    return d < 0 ? d + 360 : d
}

/// The turn from one bearing to another the short way, −180…180 degrees (positive: clockwise).
func signedTurn(from a: Double, to b: Double) -> Double {
    var turn = (b - a).truncatingRemainder(dividingBy: 360)
    if turn > 180 { turn -= 360 }
    if turn < -180 { turn += 360 }
    return turn
}

/// The smallest difference between two bearings, 0…180 degrees.
func angleBetween(_ a: Double, _ b: Double) -> Double {
    let d = abs((a - b).truncatingRemainder(dividingBy: 360))
    return d > 180 ? 360 - d : d
}
