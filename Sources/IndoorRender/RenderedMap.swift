import Foundation
import IndoorBase

/// The user's position as the renderer draws it: a dot, the accuracy circle, and the heading cone.
public struct Puck: Hashable, Sendable {
    /// WGS84.
    public var coordinate: GeoCoordinate
    /// The id of the level the user is on; the puck is drawn only on that level's floor.
    public var levelID: String
    /// Horizontal accuracy radius, metres.
    public var accuracy: Double?
    /// Degrees clockwise from true north.
    public var heading: Double?

    /// A puck at `coordinate` (WGS84) on `levelID`; `accuracy` in metres, `heading` in degrees from true north.
    public init(coordinate: GeoCoordinate, levelID: String, accuracy: Double? = nil, heading: Double? = nil) {
        self.coordinate = coordinate
        self.levelID = levelID
        self.accuracy = accuracy
        self.heading = heading
    }
}

/// A label the renderer placed: its text and its box in pixels.
public struct PlacedLabel: Hashable, Sendable {
    /// What a label names.
    public enum Kind: Hashable, Sendable {
        /// A POI.
        case poi
        /// The route's start, beside its pin.
        case start
        /// A stop or the destination of the route, beside its pin.
        case destination
        /// A step's number on the route, as in the text itinerary.
        case step
        /// The name of the level drawn, at the top of the map or of its panel.
        case title
    }

    /// The text drawn: the POI's name in the first available language asked for, else its ref ("A1605"); a step's
    /// number; a level's name.
    public let text: String
    /// The id of the POI labelled; for the route's labels its role ("start", "destination", "step"); for a title,
    /// the level's id.
    public let poiID: String
    /// Where the text is, in pixels from the image's top left corner (`y` down).
    public let box: BoundingBox
    /// What the label names.
    public let kind: Kind

    init(text: String, poiID: String, box: BoundingBox, kind: Kind = .poi) {
        self.text = text
        self.poiID = poiID
        self.box = box
        self.kind = kind
    }

    /// The same label `dx` pixels to the right (a panel's label, in the whole image's pixels).
    func shifted(by dx: Double) -> PlacedLabel {
        PlacedLabel(text: text, poiID: poiID, box: box.shifted(by: dx), kind: kind)
    }
}

/// The scale bar of a map: a round length of the venue and how long it is drawn.
public struct ScaleBar: Hashable, Sendable {
    /// The length it stands for, in metres (1, 2 or 5 × 10ⁿ).
    public let metres: Double
    /// Its length in pixels.
    public let length: Double
}

/// One map in an image: a level drawn through a viewport in a rectangle of the image (the whole image, or one panel
/// of a route sheet).
public struct MapPanel: Hashable, Sendable {
    /// The id of the level drawn (with every level of its ordinal).
    public let levelID: String
    /// Where the panel is, in pixels from the image's top left corner.
    public let frame: BoundingBox
    /// The part of the venue shown, in the panel's own pixels (its top left corner is (0, 0)).
    public let viewport: Viewport
    /// The scale bar drawn in the panel.
    public let scaleBar: ScaleBar
}

/// An image drawn by ``MapRenderer``, ready to be written.
public final class RenderedMap {
    let canvas: Canvas
    /// The labels drawn (those that collided with more important ones were dropped).
    public private(set) var labels: [PlacedLabel] = []
    /// The maps the image holds, left to right: one, or a panel per level of a route sheet.
    public private(set) var panels: [MapPanel] = []

    init(canvas: Canvas) {
        self.canvas = canvas
    }

    /// The amenity icons drawn (those that collided with more important ones were dropped).
    public private(set) var icons: [PlacedIcon] = []

    /// Adds what was drawn in a panel whose left edge is `x` pixels from the image's.
    func add(_ drawn: MapRenderer.DrawnLevel, levelID: String, viewport: Viewport, x: Double = 0) {
        labels += drawn.labels.map { $0.shifted(by: x) }
        icons += drawn.icons.map { PlacedIcon(amenity: $0.amenity, featureID: $0.featureID, box: $0.box.shifted(by: x)) }
        let frame = BoundingBox(minX: x, minY: 0, maxX: x + Double(viewport.width), maxY: Double(viewport.height))
        panels.append(MapPanel(levelID: levelID, frame: frame, viewport: viewport, scaleBar: drawn.scaleBar))
    }

    /// Writes the image (PNG, SVG or PDF, as it was made) to `path`, atomically.
    public func write(to path: String) throws(RenderError) {
        try canvas.finish(to: path)
    }

    /// The image's bytes (PNG, SVG or PDF, as it was made), as ``write(to:)`` would write them: for a service
    /// that answers with the image. Call it once: the image is finished by it.
    /// - Throws: ``RenderError/cairo(_:)`` when Cairo cannot encode it.
    public func encoded() throws(RenderError) -> Data {
        try canvas.encoded()
    }

    /// Premultiplied ARGB pixels of a PNG image, row by row (for comparing images in tests: package access).
    package var pixels: [UInt32] { canvas.pixels() }
    /// The image's width in pixels (CSS pixels for SVG and PDF: a PDF page is 0.75 pt a pixel).
    public var width: Int { canvas.width }
    /// The image's height in pixels (CSS pixels for SVG and PDF: a PDF page is 0.75 pt a pixel).
    public var height: Int { canvas.height }
}
