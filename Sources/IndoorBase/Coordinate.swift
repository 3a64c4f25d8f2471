/// A position in two dimensions.
///
/// In WGS84 (RFC 7946) `x` is the longitude and `y` the latitude, in degrees. In a ``LocalFrame`` `x` is metres east
/// and `y` metres north of the frame's origin. The type does not say which: the API that hands one out does.
public struct Coordinate: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// A WGS84 coordinate; `x` is the longitude.
    @inlinable
    public init(longitude: Double, latitude: Double) {
        self.init(x: longitude, y: latitude)
    }

    public var longitude: Double { x }
    public var latitude: Double { y }

    /// Whether both components are finite (neither NaN nor infinite).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The Euclidean distance to `other`, meaningful in a metric frame.
    @inlinable
    public func distance(to other: Coordinate) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
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
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

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

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var center: Coordinate { Coordinate(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    @inlinable
    public mutating func expand(toInclude c: Coordinate) {
        if c.x < minX { minX = c.x }
        if c.x > maxX { maxX = c.x }
        if c.y < minY { minY = c.y }
        if c.y > maxY { maxY = c.y }
    }

    public mutating func expand(toInclude other: BoundingBox) {
        minX = Swift.min(minX, other.minX)
        minY = Swift.min(minY, other.minY)
        maxX = Swift.max(maxX, other.maxX)
        maxY = Swift.max(maxY, other.maxY)
    }

    public func union(_ other: BoundingBox) -> BoundingBox {
        var box = self
        box.expand(toInclude: other)
        return box
    }

    @inlinable
    public func contains(_ c: Coordinate) -> Bool {
        c.x >= minX && c.x <= maxX && c.y >= minY && c.y <= maxY
    }

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
