/// A sequence of two or more positions (RFC 7946 §3.1.4).
public struct LineString: Hashable, Sendable {
    /// The positions in order, at least two, every one finite.
    public let coordinates: [Coordinate]

    /// - Throws: ``GeometryError`` when there are fewer than two positions or one is not finite.
    public init(_ coordinates: [Coordinate]) throws(GeometryError) {
        try checkFinite(coordinates)
        guard coordinates.count >= 2 else {
            throw .tooFewPoints(kind: "line string", count: coordinates.count, minimum: 2)
        }
        self.coordinates = coordinates
    }

    /// The sum of segment lengths, in the units of the coordinates (metres in a `LocalFrame`).
    public var length: Double {
        zip(coordinates, coordinates.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }
}

/// A closed line string of four or more positions, the boundary of a polygon (RFC 7946 §3.1.6).
public struct LinearRing: Hashable, Sendable {
    /// The positions; the last equals the first.
    public let coordinates: [Coordinate]

    /// - Throws: ``GeometryError/ringNotClosed`` when first and last positions differ, or another
    ///   ``GeometryError`` for fewer than four positions or a non-finite one.
    public init(_ coordinates: [Coordinate]) throws(GeometryError) {
        try checkFinite(coordinates)
        guard coordinates.count >= 4 else {
            throw .tooFewPoints(kind: "linear ring", count: coordinates.count, minimum: 4)
        }
        guard coordinates.first == coordinates.last else { throw .ringNotClosed }
        self.coordinates = coordinates
    }

    /// Twice the signed area (shoelace): positive when counter-clockwise.
    var doubleSignedArea: Double {
        var sum = 0.0
        for (a, b) in zip(coordinates, coordinates.dropFirst()) { sum += a.x * b.y - b.x * a.y }
        return sum
    }

    /// Whether the ring turns counter-clockwise (the RFC 7946 orientation of an exterior ring).
    public var isCounterClockwise: Bool { doubleSignedArea > 0 }
}

/// A polygon: one exterior ring and zero or more holes (RFC 7946 §3.1.6).
public struct Polygon: Hashable, Sendable {
    /// The outer boundary (counter-clockwise in RFC 7946, though not enforced).
    public let exterior: LinearRing
    /// The rings of the holes cut out of the exterior, in source order; not checked to lie inside it.
    public let holes: [LinearRing]

    /// A polygon from rings already checked; nothing checks that the holes lie inside the exterior.
    public init(exterior: LinearRing, holes: [LinearRing] = []) {
        self.exterior = exterior
        self.holes = holes
    }

    /// A polygon from rings of positions, the first the exterior.
    /// - Throws: ``GeometryError`` when there is no ring or a ring is invalid.
    public init(rings: [[Coordinate]]) throws(GeometryError) {
        guard let first = rings.first else { throw .empty(kind: "polygon") }
        exterior = try LinearRing(first)
        var holes: [LinearRing] = []
        for ring in rings.dropFirst() { holes.append(try LinearRing(ring)) }
        self.holes = holes
    }

    /// The exterior followed by the holes: the GeoJSON `coordinates` order.
    public var rings: [LinearRing] { [exterior] + holes }

    /// The planar area (exterior less holes), in squared coordinate units.
    public var area: Double {
        abs(exterior.doubleSignedArea) / 2 - holes.reduce(0) { $0 + abs($1.doubleSignedArea) / 2 }
    }
}

/// A geometry of RFC 7946, without C inside: what GEOS operations take. On its own it is in metres, in a frame
/// (`LocalFrame`, ``TangentPlane``); in degrees it is wrapped as a ``GeoGeometry`` (what loaders produce and a
/// venue's features hold), so that the two are not mixed.
public indirect enum Geometry: Hashable, Sendable {
    /// A GeoJSON `Point`.
    case point(Coordinate)
    /// A GeoJSON `MultiPoint` (possibly empty).
    case multiPoint([Coordinate])
    /// A GeoJSON `LineString`.
    case lineString(LineString)
    /// A GeoJSON `MultiLineString`.
    case multiLineString([LineString])
    /// A GeoJSON `Polygon`.
    case polygon(Polygon)
    /// A GeoJSON `MultiPolygon`.
    case multiPolygon([Polygon])
    /// A GeoJSON `GeometryCollection`, which may nest further collections.
    case geometryCollection([Geometry])

    /// Every position, in order.
    public var allCoordinates: [Coordinate] {
        switch self {
        case .point(let c): [c]
        case .multiPoint(let cs): cs
        case .lineString(let l): l.coordinates
        case .multiLineString(let ls): ls.flatMap(\.coordinates)
        case .polygon(let p): p.rings.flatMap(\.coordinates)
        case .multiPolygon(let ps): ps.flatMap { $0.rings.flatMap(\.coordinates) }
        case .geometryCollection(let gs): gs.flatMap(\.allCoordinates)
        }
    }

    /// The polygons of an areal geometry (empty for points and lines).
    public var polygons: [Polygon] {
        switch self {
        case .polygon(let p): [p]
        case .multiPolygon(let ps): ps
        case .geometryCollection(let gs): gs.flatMap(\.polygons)
        default: []
        }
    }

    /// The smallest box holding every position, or `nil` for a geometry with none (an empty collection).
    public var boundingBox: BoundingBox? { BoundingBox(covering: allCoordinates) }

    /// The box `b` as a polygon, its ring counter-clockwise from the lower left corner; an empty multipolygon when
    /// no ring can be made of it (a corner not finite).
    public static func rectangle(_ b: BoundingBox) -> Geometry {
        let ring = [Coordinate(x: b.minX, y: b.minY), Coordinate(x: b.maxX, y: b.minY), Coordinate(x: b.maxX, y: b.maxY),
                    Coordinate(x: b.minX, y: b.maxY), Coordinate(x: b.minX, y: b.minY)]
        return (try? Polygon(rings: [ring])).map(Geometry.polygon) ?? .multiPolygon([])
    }

    /// The GeoJSON `type` name.
    public var typeName: String {
        switch self {
        case .point: "Point"
        case .multiPoint: "MultiPoint"
        case .lineString: "LineString"
        case .multiLineString: "MultiLineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        case .geometryCollection: "GeometryCollection"
        }
    }

    /// The same geometry with every position transformed by `transform`.
    ///
    /// Used to move between WGS84 and a `LocalFrame`; a transform that keeps rings closed keeps them valid.
    public func mapCoordinates(_ transform: (Coordinate) throws -> Coordinate) rethrows -> Geometry {
        // The transformed values keep the invariants of the originals (closure, count, finiteness is re-checked
        // by `unchecked` initialisers only where the transform cannot break them).
        switch self {
        case .point(let c): return .point(try transform(c))
        case .multiPoint(let cs): return .multiPoint(try cs.map(transform))
        case .lineString(let l): return .lineString(LineString(unchecked: try l.coordinates.map(transform)))
        case .multiLineString(let ls):
            return .multiLineString(try ls.map { LineString(unchecked: try $0.coordinates.map(transform)) })
        case .polygon(let p): return .polygon(try p.mapCoordinates(transform))
        case .multiPolygon(let ps): return .multiPolygon(try ps.map { try $0.mapCoordinates(transform) })
        case .geometryCollection(let gs): return .geometryCollection(try gs.map { try $0.mapCoordinates(transform) })
        }
    }
}

extension Polygon {
    func mapCoordinates(_ transform: (Coordinate) throws -> Coordinate) rethrows -> Polygon {
        Polygon(
            exterior: LinearRing(unchecked: try exterior.coordinates.map(transform)),
            holes: try holes.map { LinearRing(unchecked: try $0.coordinates.map(transform)) })
    }
}

extension LineString {
    /// For coordinates that are known to satisfy the invariants (a transform of a valid line string, GEOS output).
    package init(unchecked coordinates: [Coordinate]) { self.coordinates = coordinates }
}

extension LinearRing {
    /// For coordinates known to be closed (a transform of a valid ring, GEOS output). The ring is closed again if a
    /// transform moved the last position by rounding.
    package init(unchecked coordinates: [Coordinate]) {
        var cs = coordinates
        if let first = cs.first, cs.last != first { cs[cs.count - 1] = first }
        self.coordinates = cs
    }
}

func checkFinite(_ coordinates: [Coordinate]) throws(GeometryError) {
    for (i, c) in coordinates.enumerated() where !c.isFinite { throw .nonFiniteCoordinate(index: i) }
}
