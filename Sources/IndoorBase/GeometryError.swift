import Foundation

/// Why a geometry could not be made or computed.
public enum GeometryError: Error, Equatable, Sendable {
    /// A coordinate is NaN or infinite.
    case nonFiniteCoordinate(index: Int)
    /// A line string needs at least two positions.
    case tooFewPoints(kind: String, count: Int, minimum: Int)
    /// A linear ring's first and last positions differ (RFC 7946 §3.1.6).
    case ringNotClosed
    /// A polygon needs an exterior ring; a multi-polygon at least one polygon.
    case empty(kind: String)
    /// GeoJSON whose `type` or members are not what RFC 7946 describes.
    case invalidGeoJSON(path: String, reason: String)
    /// GEOS reported an error (its message).
    case geos(String)
    /// PROJ could not create or run a transformation (its message).
    case proj(String)
}

extension GeometryError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .nonFiniteCoordinate(let index):
            "coordinate \(index) is not a finite number (NaN or infinity)"
        case .tooFewPoints(let kind, let count, let minimum):
            "a \(kind) needs at least \(minimum) positions, found \(count)"
        case .ringNotClosed:
            "a polygon ring is not closed (its first and last positions differ)"
        case .empty(let kind):
            "empty \(kind)"
        case .invalidGeoJSON(let path, let reason):
            path.isEmpty ? "invalid GeoJSON: \(reason)" : "invalid GeoJSON at \(path): \(reason)"
        case .geos(let message):
            "GEOS: \(message)"
        case .proj(let message):
            "PROJ: \(message)"
        }
    }
}
