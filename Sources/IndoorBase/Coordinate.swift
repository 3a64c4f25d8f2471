/// A position in a plane: metres east (`x`) and north (`y`) of a frame's origin once projected (`LocalFrame`,
/// ``TangentPlane``), or a GeoJSON pair inside a ``GeoGeometry`` (`x` the longitude, `y` the latitude, in degrees).
/// Positions on the Earth handed between parts of the toolkit are ``GeoCoordinate``s.
public struct Coordinate: Hashable, Sendable {
    /// Metres east of the frame's origin (a GeoJSON pair's longitude).
    public var x: Double
    /// Metres north of the frame's origin (a GeoJSON pair's latitude).
    public var y: Double

    /// A position from its two components.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Whether both components are finite (neither NaN nor infinite).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The Euclidean distance to `other`, meaningful in a metric frame.
    @inlinable
    public func distance(to other: Coordinate) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    /// The square of ``distance(to:)``: for comparing distances without a square root.
    @inlinable
    public func distanceSquared(to other: Coordinate) -> Double {
        (x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)
    }

    /// The nearest point to this one on the segment a–b (a itself when the segment is a point).
    public func projected(ontoSegment a: Coordinate, _ b: Coordinate) -> Coordinate {
        let dx = b.x - a.x, dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        guard len2 > 0 else { return a }
        let t = max(0, min(1, ((x - a.x) * dx + (y - a.y) * dy) / len2))
        return Coordinate(x: a.x + t * dx, y: a.y + t * dy)
    }

    /// The distance to the nearest point of the segment a–b.
    public func distance(toSegment a: Coordinate, _ b: Coordinate) -> Double {
        projected(ontoSegment: a, b).distance(to: self)
    }
}

/// An axis-aligned rectangle.
public struct BoundingBox: Hashable, Sendable {
    /// The least ``Coordinate/x`` inside the box (the west edge in WGS84), in the coordinates' units.
    public var minX: Double
    /// The least ``Coordinate/y`` inside the box (the south edge in WGS84), in the coordinates' units.
    public var minY: Double
    /// The greatest ``Coordinate/x`` inside the box (the east edge in WGS84), in the coordinates' units.
    public var maxX: Double
    /// The greatest ``Coordinate/y`` inside the box (the north edge in WGS84), in the coordinates' units.
    public var maxY: Double

    /// A box from its edges, unchecked: a box with `minX > maxX` (as ``empty``) contains nothing.
    @inlinable
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The smallest box holding every coordinate, or `nil` for none.
    public init?<S: Sequence>(covering coordinates: S) where S.Element == Coordinate {
        var iterator = coordinates.makeIterator()
        guard let first = iterator.next() else { return nil }
        var box = BoundingBox(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        while let c = iterator.next() { box.expand(toInclude: c) }
        self = box
    }

    /// `maxX - minX`, in the coordinates' units (negative for ``empty``).
    public var width: Double { maxX - minX }
    /// `maxY - minY`, in the coordinates' units (negative for ``empty``).
    public var height: Double { maxY - minY }
    /// The middle of the box; not finite for ``empty``.
    public var center: Coordinate { Coordinate(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    /// Grows the box, where needed, to hold `c` (an ``empty`` box becomes the point `c`).
    @inlinable
    public mutating func expand(toInclude c: Coordinate) {
        if c.x < minX { minX = c.x }
        if c.x > maxX { maxX = c.x }
        if c.y < minY { minY = c.y }
        if c.y > maxY { maxY = c.y }
    }

    /// Grows the box, where needed, to hold all of `other`; growing by ``empty`` changes nothing.
    public mutating func expand(toInclude other: BoundingBox) {
        minX = Swift.min(minX, other.minX)
        minY = Swift.min(minY, other.minY)
        maxX = Swift.max(maxX, other.maxX)
        maxY = Swift.max(maxY, other.maxY)
    }

    /// The smallest box holding both boxes; `self` when `other` is ``empty``.
    public func union(_ other: BoundingBox) -> BoundingBox {
        var box = self
        box.expand(toInclude: other)
        return box
    }

    /// Whether `c` lies inside or on the edge of the box (false for NaN components).
    @inlinable
    public func contains(_ c: Coordinate) -> Bool {
        c.x >= minX && c.x <= maxX && c.y >= minY && c.y <= maxY
    }

    /// The stretch of the segment a–b inside the box, edges included, as the range of parameters along it (0 at
    /// `a`, 1 at `b`), or `nil` when the segment misses the box (Liang–Barsky).
    public func clip(_ a: Coordinate, _ b: Coordinate) -> ClosedRange<Double>? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        // One side at a time: the segment enters the half-plane q + p·t ≥ 0 … (no array of sides: this is on the
        // visibility tests' hot path).
        func side(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let t = q / p
            if p < 0 { t0 = Swift.max(t0, t) } else { t1 = Swift.min(t1, t) }
            return true
        }
        guard side(-dx, a.x - minX), side(dx, maxX - a.x), side(-dy, a.y - minY), side(dy, maxY - a.y), t0 <= t1 else { return nil }
        return t0...t1
    }

    /// Whether the two boxes share at least one point, edges included (touching boxes intersect).
    public func intersects(_ other: BoundingBox) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// The box grown by `margin` on every side (shrunk for a negative margin).
    public func grown(by margin: Double) -> BoundingBox {
        BoundingBox(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }

    /// A box that holds nothing: `intersects` is false for every box.
    public static let empty = BoundingBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
}
