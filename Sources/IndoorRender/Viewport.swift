import Foundation
import IndoorBase
import IndoorGeometry

/// What part of a level an image shows: a centre (metres in the venue's frame), a scale, a bearing (the compass
/// direction at the top of the image, degrees clockwise from north) and a size in pixels. Pure data: pixel ↔
/// metre conversion lives here, so a renderer and a tap handler agree.
public struct Viewport: Hashable, Sendable {
    /// The point at the middle of the image, metres in the venue's local frame (not WGS84).
    public var center: Coordinate
    /// Metres per pixel.
    public var metresPerPixel: Double
    /// The compass direction at the top of the image, degrees clockwise from north (0: north up).
    public var bearing: Double
    /// The image's width in pixels.
    public var width: Int
    /// The image's height in pixels.
    public var height: Int

    /// A viewport centred on `center` (metres in the venue's frame) at `metresPerPixel`, turned by `bearing` degrees.
    public init(center: Coordinate, metresPerPixel: Double, bearing: Double = 0, width: Int, height: Int) {
        self.center = center
        self.metresPerPixel = metresPerPixel
        self.bearing = bearing
        self.width = width
        self.height = height
    }

    /// The viewport that shows `box` (metres) whole, with `padding` pixels on every side, turned by `bearing`.
    public static func fitting(_ box: BoundingBox, width: Int, height: Int, padding: Double = 24, bearing: Double = 0) -> Viewport {
        let corners = [Coordinate(x: box.minX, y: box.minY), Coordinate(x: box.maxX, y: box.minY),
                       Coordinate(x: box.maxX, y: box.maxY), Coordinate(x: box.minX, y: box.maxY)]
        let probe = Viewport(center: box.center, metresPerPixel: 1, bearing: bearing, width: width, height: height)
        // Extent of the rotated box, in metres along the screen axes.
        let screen = corners.map { probe.rotated($0) }
        let w = (screen.map(\.x).max() ?? 0) - (screen.map(\.x).min() ?? 0)
        let h = (screen.map(\.y).max() ?? 0) - (screen.map(\.y).min() ?? 0)
        let usableW = max(1, Double(width) - 2 * padding), usableH = max(1, Double(height) - 2 * padding)
        let scale = max(w / usableW, h / usableH, 0.01)
        return Viewport(center: box.center, metresPerPixel: scale, bearing: bearing, width: width, height: height)
    }

    /// Metres relative to the centre, turned so that +y is the top of the screen.
    private func rotated(_ p: Coordinate) -> Coordinate {
        let dx = p.x - center.x, dy = p.y - center.y
        let a = bearing * .pi / 180
        return Coordinate(x: dx * cos(a) - dy * sin(a), y: dx * sin(a) + dy * cos(a))
    }

    /// Metres → pixels (origin top-left, y down).
    public func pixel(for p: Coordinate) -> Coordinate {
        let r = rotated(p)
        return Coordinate(x: Double(width) / 2 + r.x / metresPerPixel, y: Double(height) / 2 - r.y / metresPerPixel)
    }

    /// Pixels → metres.
    public func point(at pixel: Coordinate) -> Coordinate {
        let rx = (pixel.x - Double(width) / 2) * metresPerPixel, ry = (Double(height) / 2 - pixel.y) * metresPerPixel
        let a = -bearing * .pi / 180
        return Coordinate(x: center.x + rx * cos(a) - ry * sin(a), y: center.y + rx * sin(a) + ry * cos(a))
    }

    /// The metres visible, as the box around the image's four corners.
    public var visibleBounds: BoundingBox {
        let corners = [Coordinate(x: 0, y: 0), Coordinate(x: Double(width), y: 0),
                       Coordinate(x: Double(width), y: Double(height)), Coordinate(x: 0, y: Double(height))].map(point)
        return BoundingBox(covering: corners) ?? BoundingBox(minX: center.x, minY: center.y, maxX: center.x, maxY: center.y)
    }
}
