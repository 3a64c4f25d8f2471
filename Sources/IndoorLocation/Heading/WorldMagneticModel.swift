import Foundation

/// The World Magnetic Model (NOAA NCEI / British Geological Survey), for the declination between true and magnetic
/// north: a degree-12 spherical-harmonic model of the main field with its secular variation, evaluated as the WMM
/// technical report describes (geodetic → geocentric coordinates, Schmidt semi-normalised Legendre functions,
/// rotation back to geodetic). The 2025 coefficients are embedded in the binary.
public struct WorldMagneticModel: Sendable {
    /// The model's epoch (decimal year) and its coefficients g, h (nT) and their yearly change, by degree n and
    /// order m.
    public let epoch: Double
    private let g: [[Double]], h: [[Double]], gDot: [[Double]], hDot: [[Double]]
    /// The highest degree n of the spherical harmonics (12 for WMM).
    public static let degree = 12

    /// Why a coefficient file could not be read.
    public struct FormatError: Error, Equatable, Sendable {
        /// The 1-based line of the `.COF` file where reading stopped.
        public let line: Int
        /// What is wrong with that line.
        public let reason: String
    }

    /// Reads a WMM `.COF` file: a header with the epoch, then `n m g h gdot hdot` lines, ended by a line of 9s.
    public init(cof text: String) throws(FormatError) {
        let lines = text.split(whereSeparator: \.isNewline)
        guard let header = lines.first, let epoch = header.split(separator: " ").first.flatMap({ Double($0) }), epoch.isFinite else {
            throw FormatError(line: 1, reason: "no epoch in the header")
        }
        self.epoch = epoch
        let size = Self.degree + 1
        var g = [[Double]](repeating: [Double](repeating: 0, count: size), count: size)
        var h = g, gDot = g, hDot = g
        var read = 0
        for (k, line) in lines.dropFirst().enumerated() {
            if line.hasPrefix("9999") { break }
            let f = line.split(separator: " ").compactMap { Double($0) }
            guard f.count == 6, let n = Int(exactly: f[0]), let m = Int(exactly: f[1]), (1...Self.degree).contains(n), (0...n).contains(m) else {
                throw FormatError(line: k + 2, reason: "expected `n m g h gdot hdot` with 1 ≤ n ≤ 12, 0 ≤ m ≤ n")
            }
            g[n][m] = f[2]; h[n][m] = f[3]; gDot[n][m] = f[4]; hDot[n][m] = f[5]
            read += 1
        }
        guard read == 90 else { throw FormatError(line: lines.count, reason: "\(read) coefficients, 90 expected for degree 12") }
        self.g = g; self.h = h; self.gDot = gDot; self.hDot = hDot
    }

    /// The embedded WMM 2025 (valid 2025.0–2030.0).
    public static let wmm2025: WorldMagneticModel? = try? WorldMagneticModel(cof: String(decoding: PackageResources.WMM_2025_COF, as: UTF8.self))

    /// The field's direction at a place and time.
    public struct Field: Hashable, Sendable {
        /// Degrees east of true north that a compass points (declination, "magnetic variation").
        public let declination: Double
        /// Degrees below the horizontal.
        public let inclination: Double
        /// North, east and down components, nT.
        public let north: Double, east: Double, down: Double
    }

    /// - Parameters:
    ///   - latitude: WGS84 degrees, north positive.
    ///   - longitude: WGS84 degrees, east positive.
    ///   - altitude: metres above the ellipsoid.
    ///   - year: decimal year (2025.5 is the start of July 2025).
    public func field(latitude: Double, longitude: Double, altitude: Double = 0, year: Double) -> Field {
        let rad = Double.pi / 180
        let a = 6378.137, f = 1 / 298.257223563, e2 = f * (2 - f), reference = 6371.2
        let phi = latitude * rad, lambda = longitude * rad, height = altitude / 1000
        // Geodetic → geocentric spherical.
        let rc = a / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        let p = (rc + height) * cos(phi), z = (rc * (1 - e2) + height) * sin(phi)
        let r = (p * p + z * z).squareRoot()
        let phiC = asin(z / r)
        let dt = year - epoch
        let mu = sin(phiC), cosPhi = cos(phiC)
        let n0 = Self.degree + 1
        // Schmidt semi-normalised associated Legendre functions P[n][m](sin φ') and their φ'-derivatives.
        var P = [[Double]](repeating: [Double](repeating: 0, count: n0), count: n0)
        var dP = P
        P[0][0] = 1
        for n in 1..<n0 {
            for m in 0...n {
                if n == m {
                    let k = n == 1 ? 1.0 : (1 - 1 / (2 * Double(n))).squareRoot()
                    P[n][n] = k * cosPhi * P[n - 1][n - 1]
                    dP[n][n] = k * (cosPhi * dP[n - 1][n - 1] - mu * P[n - 1][n - 1])
                } else {
                    let nn = Double(n), mm = Double(m)
                    let a1 = (2 * nn - 1) / (nn * nn - mm * mm).squareRoot()
                    let a2 = n >= 2 ? ((nn - 1) * (nn - 1) - mm * mm).squareRoot() / (nn * nn - mm * mm).squareRoot() : 0
                    let pPrev2 = n >= 2 ? P[n - 2][m] : 0, dPrev2 = n >= 2 ? dP[n - 2][m] : 0
                    P[n][m] = a1 * mu * P[n - 1][m] - a2 * pPrev2
                    dP[n][m] = a1 * (mu * dP[n - 1][m] + cosPhi * P[n - 1][m]) - a2 * dPrev2
                }
            }
        }
        var xC = 0.0, yC = 0.0, zC = 0.0
        for n in 1..<n0 {
            let ratio = pow(reference / r, Double(n + 2))
            for m in 0...n {
                let gt = g[n][m] + dt * gDot[n][m], ht = h[n][m] + dt * hDot[n][m]
                let c = cos(Double(m) * lambda), s = sin(Double(m) * lambda)
                xC -= ratio * (gt * c + ht * s) * dP[n][m]
                yC += ratio * Double(m) * (gt * s - ht * c) * P[n][m]
                zC -= ratio * Double(n + 1) * (gt * c + ht * s) * P[n][m]
            }
        }
        // The east component divides by cos φ' (the WMM report's singularity at the poles is avoided above 89.99°).
        yC /= max(cosPhi, 1e-12)
        // Back to geodetic axes.
        let psi = phiC - phi
        let north = xC * cos(psi) - zC * sin(psi), down = xC * sin(psi) + zC * cos(psi)
        let declination = atan2(yC, north) / rad
        let inclination = atan2(down, (north * north + yC * yC).squareRoot()) / rad
        return Field(declination: declination, inclination: inclination, north: north, east: yC, down: down)
    }
}
