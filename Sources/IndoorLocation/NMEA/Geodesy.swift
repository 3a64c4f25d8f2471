import Foundation

/// Distances on the WGS 84 ellipsoid.
enum Geodesy {
    static let a = 6_378_137.0
    static let f = 1 / 298.257_223_563
    static let b = a * (1 - f)

    /// The distance in metres between two points (degrees), by Vincenty's inverse formula on the WGS 84
    /// ellipsoid (sub-millimetre; gpsd derives a speed from it when a cycle gives none). NaN when the iteration
    /// does not converge (nearly antipodal points).
    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let rad = Double.pi / 180
        let L = (lon2 - lon1) * rad
        let u1 = atan((1 - f) * tan(lat1 * rad)), u2 = atan((1 - f) * tan(lat2 * rad))
        let sinU1 = sin(u1), cosU1 = cos(u1), sinU2 = sin(u2), cosU2 = cos(u2)
        var lambda = L
        for _ in 0..<100 {
            let sinLambda = sin(lambda), cosLambda = cos(lambda)
            let x = cosU2 * sinLambda, y = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
            let sinSigma = (x * x + y * y).squareRoot()
            if sinSigma == 0 { return 0 }
            let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            let sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            let cosSqAlpha = 1 - sinAlpha * sinAlpha
            let cos2SigmaM = cosSqAlpha == 0 ? 0 : cosSigma - 2 * sinU1 * sinU2 / cosSqAlpha
            let C = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
            let previous = lambda
            lambda = L + (1 - C) * f * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 {
                let uSq = cosSqAlpha * (a * a - b * b) / (b * b)
                let A = 1 + uSq / 16_384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
                let B = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
                let deltaSigma = B * sinSigma * (cos2SigmaM + B / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
                    - B / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
                return b * A * (sigma - deltaSigma)
            }
        }
        return .nan
    }
}
