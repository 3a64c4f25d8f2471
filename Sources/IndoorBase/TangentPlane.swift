import Foundation

/// A local east-north plane around an origin, in metres: the venue's transverse Mercator frame (on the WGS84
/// ellipsoid, centred on the origin, as `LocalFrame` builds it with PROJ) to second order in the distance from the
/// origin, which costs a handful of multiplications per point — what a matcher doing a million fixes a second
/// needs. Within a kilometre of the origin it agrees with that frame to a tenth of a millimetre (measured by
/// `TangentPlaneTests`; the first-order plane it replaced was off by 30 cm at 60° N), so it is the same metric frame,
/// not another approximation: the engine's matcher, the timing
/// of a GPX track's points and the margin around a bounding box all measure in it. A venue's is its frame's
/// (`LocalFrame.plane`); a plane of its own is for measuring around a point that is no venue's origin.
public struct TangentPlane: Hashable, Sendable {
    /// The position of the plane's origin.
    public let origin: GeoCoordinate
    /// Metres per radian of longitude (N cos φ) and of latitude (the meridional radius M) at the origin.
    @usableFromInline let metresPerRadianX: Double
    @usableFromInline let metresPerRadianY: Double
    /// The second-order terms: how N cos φ changes with latitude (−M sin φ), half how M changes with latitude,
    /// and half N sin φ cos φ (the parallels' curvature on the plane).
    @usableFromInline let xByLatitude: Double
    @usableFromInline let yByLatitudeSquared: Double
    @usableFromInline let yByLongitudeSquared: Double

    /// The plane touching the WGS84 ellipsoid at `origin`.
    public init(origin: GeoCoordinate) {
        self.origin = origin
        let a = 6_378_137.0, e2 = 0.006_694_379_990_14
        let phi = origin.latitude * .pi / 180
        let (s, c) = (sin(phi), cos(phi))
        let w = (1 - e2 * s * s).squareRoot()
        let n = a / w                     // prime vertical radius
        let m = a * (1 - e2) / (w * w * w) // meridional radius
        metresPerRadianX = n * c
        metresPerRadianY = m
        xByLatitude = -m * s
        yByLatitudeSquared = 1.5 * a * (1 - e2) * e2 * s * c / (w * w * w * w * w)
        yByLongitudeSquared = 0.5 * n * s * c
    }

    /// A position → metres east and north of the origin.
    @inlinable
    public func project(_ c: GeoCoordinate) -> Coordinate {
        let dl = (c.longitude - origin.longitude) * .pi / 180, dp = (c.latitude - origin.latitude) * .pi / 180
        return Coordinate(x: dl * (metresPerRadianX + xByLatitude * dp),
                          y: dp * (metresPerRadianY + yByLatitudeSquared * dp) + yByLongitudeSquared * dl * dl)
    }

    /// Metres east and north of the origin → a position (the inverse of ``project(_:)``, to a micrometre).
    @inlinable
    public func unproject(_ p: Coordinate) -> GeoCoordinate {
        // Fixed-point iteration: each round shrinks the error by about the angle from the origin times tan φ
        // (10⁻⁴ a kilometre away), so two or three rounds reach a few nanometres; it stops once a round moves
        // the position less than 10⁻¹⁴ radians (0.06 µm).
        var dl = p.x / metresPerRadianX, dp = p.y / metresPerRadianY
        for _ in 0..<6 {
            let l = p.x / (metresPerRadianX + xByLatitude * dp)
            let q = (p.y - yByLongitudeSquared * l * l) / (metresPerRadianY + yByLatitudeSquared * dp)
            let moved = abs(l - dl) + abs(q - dp)
            (dl, dp) = (l, q)
            if moved < 1e-14 { break }
        }
        return GeoCoordinate(longitude: origin.longitude + dl * 180 / .pi, latitude: origin.latitude + dp * 180 / .pi)
    }
}
