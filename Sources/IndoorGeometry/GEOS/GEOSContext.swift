internal import CGEOS
import IndoorBase

/// The owner of one GEOS context handle and of the last error message GEOS reported on it.
///
/// A GEOS context is not thread-safe, so this class is deliberately not `Sendable`: every public operation in this
/// module makes its own context (``withGEOS(_:)``), which makes them safe to call from any number of threads at once.
final class GEOSContext {
    let handle: GEOSContextHandle_t
    private let messages: MessageBox

    /// Collects GEOS error messages; handed to GEOS as the handler's `userdata`.
    final class MessageBox {
        var last: String?
    }

    init() throws(GeometryError) {
        guard let handle = GEOS_init_r() else { throw .geos("cannot create a GEOS context") }
        self.handle = handle
        messages = MessageBox()
        let userdata = Unmanaged.passUnretained(messages).toOpaque()
        // The box lives as long as this context (both are released in deinit), so the unretained pointer is safe.
        _ = GEOSContext_setErrorMessageHandler_r(handle, geosErrorHandler, userdata)
    }

    deinit {
        GEOS_finish_r(handle)
    }

    /// The error GEOS reported last (or a generic one), for a call that returned its failure sentinel.
    func failure(_ operation: String) -> GeometryError {
        defer { messages.last = nil }
        return .geos("\(operation) failed: \(messages.last ?? "unknown error")")
    }

    /// A GEOS predicate result: 1 true, 0 false, 2 exception.
    func predicate(_ result: CChar, _ operation: String) throws(GeometryError) -> Bool {
        switch result {
        case 1: return true
        case 0: return false
        default: throw failure(operation)
        }
    }
}

/// GEOS calls this with a formatted message; it must not throw or retain anything.
private func geosErrorHandler(_ message: UnsafePointer<CChar>?, _ userdata: UnsafeMutableRawPointer?) {
    guard let message, let userdata else { return }
    let box = Unmanaged<GEOSContext.MessageBox>.fromOpaque(userdata).takeUnretainedValue()
    box.last = String(cString: message)
}

/// Runs `body` with a fresh context. Each call owns its context, so concurrent calls never share one.
func withGEOS<T>(_ body: (GEOSContext) throws(GeometryError) -> T) throws(GeometryError) -> T {
    let context = try GEOSContext()
    return try body(context)
}

/// One GEOS geometry owned by Swift: destroyed with the context it was made in.
final class GEOSGeometryHandle {
    let context: GEOSContext
    let pointer: OpaquePointer

    /// Takes ownership of `pointer` (a geometry GEOS handed to the caller).
    init(owning pointer: OpaquePointer, in context: GEOSContext) {
        self.context = context
        self.pointer = pointer
    }

    deinit {
        GEOSGeom_destroy_r(context.handle, pointer)
    }
}

// MARK: - Conversion between Geometry values and GEOS geometries

extension GEOSContext {
    /// A GEOS coordinate sequence of `coordinates` (caller owns it).
    private func sequence(_ coordinates: [Coordinate]) throws(GeometryError) -> OpaquePointer {
        let made = coordinates.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Double.self) { doubles in
                // Coordinate is two Doubles laid out x, y: the interleaved buffer GEOS expects (hasZ 0, hasM 0).
                GEOSCoordSeq_copyFromBuffer_r(handle, doubles.baseAddress, UInt32(coordinates.count), 0, 0)
            }
        }
        guard let made else { throw failure("creating a coordinate sequence") }
        return made
    }

    /// A new GEOS geometry for `geometry`; the caller owns it.
    func make(_ geometry: Geometry) throws(GeometryError) -> OpaquePointer {
        switch geometry {
        case .point(let c):
            guard let g = GEOSGeom_createPointFromXY_r(handle, c.x, c.y) else { throw failure("creating a point") }
            return g
        case .lineString(let l):
            let seq = try sequence(l.coordinates)
            // GEOSGeom_createLineString_r takes ownership of the sequence.
            guard let g = GEOSGeom_createLineString_r(handle, seq) else { throw failure("creating a line string") }
            return g
        case .polygon(let p):
            return try makePolygon(p)
        case .multiPoint(let cs):
            return try collection(GEOS_MULTIPOINT, cs.map { Geometry.point($0) })
        case .multiLineString(let ls):
            return try collection(GEOS_MULTILINESTRING, ls.map { Geometry.lineString($0) })
        case .multiPolygon(let ps):
            return try collection(GEOS_MULTIPOLYGON, ps.map { Geometry.polygon($0) })
        case .geometryCollection(let gs):
            return try collection(GEOS_GEOMETRYCOLLECTION, gs)
        }
    }

    private func makeRing(_ ring: LinearRing) throws(GeometryError) -> OpaquePointer {
        let seq = try sequence(ring.coordinates)
        guard let g = GEOSGeom_createLinearRing_r(handle, seq) else { throw failure("creating a linear ring") }
        return g
    }

    private func makePolygon(_ polygon: Polygon) throws(GeometryError) -> OpaquePointer {
        let shell = try makeRing(polygon.exterior)
        var holes: [OpaquePointer?] = []
        for hole in polygon.holes {
            do {
                holes.append(try makeRing(hole))
            } catch {
                GEOSGeom_destroy_r(handle, shell)
                for h in holes { if let h { GEOSGeom_destroy_r(handle, h) } }
                throw error
            }
        }
        // GEOSGeom_createPolygon_r takes ownership of the shell and the holes (the array itself stays ours).
        let g = holes.withUnsafeMutableBufferPointer { buffer in
            GEOSGeom_createPolygon_r(handle, shell, buffer.baseAddress, UInt32(buffer.count))
        }
        guard let g else { throw failure("creating a polygon") }
        return g
    }

    private func collection(_ type: GEOSGeomTypes, _ members: [Geometry]) throws(GeometryError) -> OpaquePointer {
        var parts: [OpaquePointer?] = []
        for member in members {
            do {
                parts.append(try make(member))
            } catch {
                for p in parts { if let p { GEOSGeom_destroy_r(handle, p) } }
                throw error
            }
        }
        // GEOSGeom_createCollection_r takes ownership of the members.
        let g = parts.withUnsafeMutableBufferPointer { buffer in
            GEOSGeom_createCollection_r(handle, Int32(type.rawValue), buffer.baseAddress, UInt32(buffer.count))
        }
        guard let g else { throw failure("creating a collection") }
        return g
    }

    /// Wraps a new GEOS geometry so that it is destroyed when no longer used.
    func own(_ pointer: OpaquePointer?, _ operation: String) throws(GeometryError) -> GEOSGeometryHandle {
        guard let pointer else { throw failure(operation) }
        return GEOSGeometryHandle(owning: pointer, in: self)
    }

    func handle(for geometry: Geometry) throws(GeometryError) -> GEOSGeometryHandle {
        GEOSGeometryHandle(owning: try make(geometry), in: self)
    }

    private func coordinates(of seq: OpaquePointer) throws(GeometryError) -> [Coordinate] {
        var size: UInt32 = 0
        guard GEOSCoordSeq_getSize_r(handle, seq, &size) != 0 else { throw failure("reading a coordinate sequence") }
        var out = [Coordinate](repeating: Coordinate(x: 0, y: 0), count: Int(size))
        let ok = out.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: Double.self) { doubles in
                GEOSCoordSeq_copyToBuffer_r(handle, seq, doubles.baseAddress, 0, 0)
            }
        }
        guard ok != 0 else { throw failure("reading a coordinate sequence") }
        return out
    }

    private func lineCoordinates(_ g: OpaquePointer) throws(GeometryError) -> [Coordinate] {
        guard let seq = GEOSGeom_getCoordSeq_r(handle, g) else { throw failure("reading a line") }
        return try coordinates(of: seq)
    }

    /// The value of a GEOS geometry (which stays owned by the caller). Empty parts are dropped.
    func value(of g: OpaquePointer) throws(GeometryError) -> Geometry {
        let type = GEOSGeomTypeId_r(handle, g)
        switch type {
        case Int32(GEOS_POINT.rawValue):
            guard GEOSisEmpty_r(handle, g) == 0 else { return .multiPoint([]) }
            let cs = try lineCoordinates(g)
            guard let c = cs.first else { return .multiPoint([]) }
            return .point(c)
        case Int32(GEOS_LINESTRING.rawValue), Int32(GEOS_LINEARRING.rawValue):
            let cs = try lineCoordinates(g)
            return cs.count >= 2 ? .lineString(LineString(unchecked: cs)) : .multiLineString([])
        case Int32(GEOS_POLYGON.rawValue):
            guard let p = try polygon(g) else { return .multiPolygon([]) }
            return .polygon(p)
        default:
            let n = GEOSGetNumGeometries_r(handle, g)
            guard n >= 0 else { throw failure("reading a collection") }
            var members: [Geometry] = []
            for i in 0..<n {
                guard let part = GEOSGetGeometryN_r(handle, g, i) else { throw failure("reading a collection") }
                members.append(try value(of: part))
            }
            switch type {
            case Int32(GEOS_MULTIPOINT.rawValue):
                return .multiPoint(members.flatMap(\.allCoordinates))
            case Int32(GEOS_MULTILINESTRING.rawValue):
                return .multiLineString(members.compactMap { if case .lineString(let l) = $0 { l } else { nil } })
            case Int32(GEOS_MULTIPOLYGON.rawValue):
                return .multiPolygon(members.flatMap(\.polygons))
            default:
                return .geometryCollection(members)
            }
        }
    }

    private func polygon(_ g: OpaquePointer) throws(GeometryError) -> Polygon? {
        guard GEOSisEmpty_r(handle, g) == 0 else { return nil }
        guard let shell = GEOSGetExteriorRing_r(handle, g) else { throw failure("reading a polygon") }
        let exterior = LinearRing(unchecked: try lineCoordinates(shell))
        let n = GEOSGetNumInteriorRings_r(handle, g)
        guard n >= 0 else { throw failure("reading a polygon") }
        var holes: [LinearRing] = []
        for i in 0..<n {
            guard let ring = GEOSGetInteriorRingN_r(handle, g, i) else { throw failure("reading a polygon") }
            holes.append(LinearRing(unchecked: try lineCoordinates(ring)))
        }
        return Polygon(exterior: exterior, holes: holes)
    }
}
