import IndoorBase
import IndoorGeometry
import IndoorVenue

/// Answers an application's questions about a drawn map without a UI toolkit: where a pixel is, where a place
/// is drawn, what is visible, and what was tapped.
public struct MapProxy: Sendable {
    /// The renderer the map was drawn with; its venue's frame converts metres to WGS84.
    public let renderer: MapRenderer
    /// The id of the level drawn.
    public let levelID: String
    /// The part of the level drawn, in the venue's metric frame.
    public let viewport: Viewport

    /// A proxy for the map `renderer` draws of level `levelID` through `viewport`.
    public init(renderer: MapRenderer, levelID: String, viewport: Viewport) {
        self.renderer = renderer
        self.levelID = levelID
        self.viewport = viewport
    }

    /// A proxy for one panel of a drawn map (``RenderedMap/panels``: the whole image, or one level of a route
    /// sheet), its pixels the panel's own.
    public init(renderer: MapRenderer, panel: MapPanel) {
        self.init(renderer: renderer, levelID: panel.levelID, viewport: panel.viewport)
    }

    /// What is under a pixel.
    public enum Hit: Hashable, Sendable {
        /// A POI drawn under the pixel.
        case poi(POI)
        /// The space under the pixel, when no POI is.
        case space(Space)
    }

    /// The position drawn at a pixel.
    public func coordinate(at pixel: Coordinate) -> GeoCoordinate? {
        try? renderer.venue.frame.unproject(viewport.point(at: pixel))
    }

    /// The pixel where a position is drawn.
    public func pixel(for coordinate: GeoCoordinate) -> Coordinate? {
        (try? renderer.venue.frame.project(coordinate)).map(viewport.pixel(for:))
    }

    /// The WGS84 box of what is visible.
    public var visibleBounds: BoundingBox? {
        let b = viewport.visibleBounds
        guard let corners = try? renderer.venue.frame.unproject([Coordinate(x: b.minX, y: b.minY), Coordinate(x: b.maxX, y: b.maxY)])
        else { return nil }
        return BoundingBox(covering: corners.map(\.position))
    }

    /// The POI drawn within `tolerance` pixels of a tap (the nearest), else the space under it.
    public func hit(at pixel: Coordinate, tolerance: Double = 12) -> Hit? {
        var best: (Double, POI)?
        for (poi, point) in renderer.pois where poi.levelID == levelID {
            let d = viewport.pixel(for: point).distance(to: pixel)
            if d <= tolerance, d < (best?.0 ?? .infinity) { best = (d, poi) }
        }
        if let best { return .poi(best.1) }
        let p = viewport.point(at: pixel)
        // The smallest space containing the point (a room inside a hall wins).
        let containing = renderer.spaces.filter { $0.space.levelID == levelID && $0.box.contains(p) }
            .filter { $0.shape.contains(p) }
            .min { $0.box.width * $0.box.height < $1.box.width * $1.box.height }
        return containing.map { .space($0.space) }
    }
}
