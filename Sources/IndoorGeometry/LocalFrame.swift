internal import CPROJ
import IndoorBase
import Synchronization

/// A venue's local metric frame: a transverse Mercator projection (on the WGS84 ellipsoid) centred on an origin,
/// so that `x` is metres east and `y` metres north of it. Within a few kilometres of the origin the scale error is
/// below 1e-7, so lengths, areas and angles measured here are those a person walks.
///
/// Built with PROJ from a `+proj=pipeline` definition, which needs no `proj.db`. A frame can be shared between
/// threads with no lock held while projecting: each transformation takes a PROJ handle (a context and its object)
/// from the frame's pool, or makes one when all are in use, and gives it back after, so threads projecting at once
/// each work with their own handle. For bulk work convert arrays (``project(_:)->[Coordinate]`` on
/// `[GeoCoordinate]`) or whole geometries: a `GeoGeometry` (degrees) projects to a `Geometry` (metres) and back,
/// so a geometry cannot be projected twice.
public final class LocalFrame: Sendable {
    /// The position of the frame's origin.
    public let origin: GeoCoordinate
    /// This frame to second order, for paths that project a million positions a second (the engine's matcher): a
    /// handful of multiplications a position instead of a PROJ call, and the same metres within 0.1 mm a kilometre
    /// from the origin. One frame, two speeds: what measures in the venue takes this plane, never a plane of its own
    /// around another point.
    public let plane: TangentPlane
    private let definition: String
    /// Handles not in use (one per thread that projected at once, at most).
    private let idle: Mutex<[PROJHandle]>

    /// - Throws: `GeometryError.proj(_:)` when the origin is not a valid WGS84 position or PROJ fails.
    public init(origin: GeoCoordinate) throws(GeometryError) {
        guard origin.isValid, abs(origin.latitude) < 85 else {
            throw .proj("the frame origin \(origin.longitude), \(origin.latitude) is not a usable WGS84 position")
        }
        self.origin = origin
        plane = TangentPlane(origin: origin)
        let definition = "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad "
            + "+step +proj=tmerc +lat_0=\(origin.latitude) +lon_0=\(origin.longitude) +k=1 +x_0=0 +y_0=0 +ellps=WGS84"
        self.definition = definition
        // Made once here, so a bad origin fails now rather than at the first projection.
        idle = Mutex([try PROJHandle(definition: definition)])
    }

    /// A frame centred on the middle of `box` (a WGS84 bounding box).
    public convenience init(centeredOn box: BoundingBox) throws(GeometryError) {
        try self.init(origin: GeoCoordinate(position: box.center))
    }

    /// A position → metres.
    public func project(_ coordinate: GeoCoordinate) throws(GeometryError) -> Coordinate {
        try transform([coordinate.position], inverse: false)[0]
    }

    /// Positions → metres, with one handle.
    public func project(_ coordinates: [GeoCoordinate]) throws(GeometryError) -> [Coordinate] {
        try transform(coordinates.map(\.position), inverse: false)
    }

    /// Metres → a position.
    public func unproject(_ point: Coordinate) throws(GeometryError) -> GeoCoordinate {
        GeoCoordinate(position: try transform([point], inverse: true)[0])
    }

    /// Metres → positions, with one handle.
    public func unproject(_ points: [Coordinate]) throws(GeometryError) -> [GeoCoordinate] {
        try transform(points, inverse: true).map(GeoCoordinate.init(position:))
    }

    /// A WGS84 geometry in this frame, in metres.
    public func project(_ geometry: GeoGeometry) throws(GeometryError) -> Geometry {
        try mapAll(geometry.degrees, inverse: false)
    }

    /// A geometry of this frame (metres) in WGS84.
    public func unproject(_ geometry: Geometry) throws(GeometryError) -> GeoGeometry {
        GeoGeometry(degrees: try mapAll(geometry, inverse: true))
    }

    private func mapAll(_ geometry: Geometry, inverse: Bool) throws(GeometryError) -> Geometry {
        // Transform every position in one batch, then put them back in order.
        let transformed = try transform(geometry.allCoordinates, inverse: inverse)
        var index = 0
        return geometry.mapCoordinates { _ in
            defer { index += 1 }
            return transformed[index]
        }
    }

    private func transform(_ coordinates: [Coordinate], inverse: Bool) throws(GeometryError) -> [Coordinate] {
        var out = coordinates
        let handle: PROJHandle
        if let pooled = idle.withLock({ $0.popLast() }) { handle = pooled } else { handle = try PROJHandle(definition: definition) }
        defer { idle.withLock { $0.append(handle) } }
        try handle.transform(&out, inverse: inverse).get()
        return out
    }
}

extension LocalFrame: Hashable {
    public static func == (a: LocalFrame, b: LocalFrame) -> Bool { a.origin == b.origin }
    public func hash(into hasher: inout Hasher) { hasher.combine(origin) }
}

/// The single owner of a PROJ context and the transformation made in it. Used by one thread at a time: a frame
/// lends it out of its pool to one caller and takes it back after (hence `@unchecked`).
private final class PROJHandle: @unchecked Sendable {
    let context: OpaquePointer
    let pj: OpaquePointer

    init(definition: String) throws(GeometryError) {
        guard let context = proj_context_create() else { throw .proj("cannot create a PROJ context") }
        guard let pj = proj_create(context, definition) else {
            let message = String(cString: proj_context_errno_string(context, proj_context_errno(context)))
            proj_context_destroy(context)
            throw .proj("cannot create the local frame (\(message))")
        }
        self.context = context
        self.pj = pj
    }

    deinit {
        proj_destroy(pj)
        proj_context_destroy(context)
    }

    func transform(_ coordinates: inout [Coordinate], inverse: Bool) -> Result<Void, GeometryError> {
        guard !coordinates.isEmpty else { return .success(()) }
        let stride = MemoryLayout<Coordinate>.stride
        let count = coordinates.count
        let done = coordinates.withUnsafeMutableBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            let x = base.assumingMemoryBound(to: Double.self)
            let y = (base + MemoryLayout<Double>.size).assumingMemoryBound(to: Double.self)
            return proj_trans_generic(pj, inverse ? PJ_INV : PJ_FWD, x, stride, count, y, stride, count, nil, 0, 0, nil, 0, 0)
        }
        let errno = proj_errno(pj)
        if done != count || errno != 0 {
            proj_errno_reset(pj)
            let message = String(cString: proj_context_errno_string(context, errno))
            return .failure(.proj("transformation failed (\(message))"))
        }
        if let bad = coordinates.firstIndex(where: { !$0.isFinite }) {
            return .failure(.proj("position \(bad) could not be transformed"))
        }
        return .success(())
    }
}
