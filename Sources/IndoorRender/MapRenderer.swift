import Foundation
import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorText
import IndoorVenue

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

/// Draws one level of a venue in its local metric frame: spaces filled by kind, walls, doors as gaps (and no wall
/// where walkways open onto each other: `OpenPlanBoundary`), obstacles, the route (thick on this level with
/// direction arrows, faded where it is on other levels, level-change markers, start and destination pins with
/// their names beside them, step numbers matching the text itinerary), amenity icons (restrooms, elevators,
/// escalators, stairs, food, shops, exhibits, information: ``Amenity``) and POI labels, the user puck, the
/// level's name, a scale bar and a north arrow.
///
/// Nothing overlaps: the route's markers, its step numbers and the names of its ends are placed first and never
/// dropped (a step number crowded out of its place moves further out, with a line to its point); then icons by
/// priority, then labels (beside their icon when they have one) by importance; whatever would overlap what is
/// already placed is dropped.
///
/// Sizes are pixels in every format (CSS pixels for SVG and PDF: a PDF page is 0.75 pt a pixel). In an SVG every
/// text is a `<text>` element over the drawing, so it can be searched and edited.
///
/// A level is drawn with every level that shares its ordinal (an indoor level and its outdoor twin, the same
/// storey of several buildings): one floor, as routing walks it.
///
/// Made once per venue (it projects every feature once); each image is then cheap to draw.
public struct MapRenderer: Sendable {
    /// The venue drawn, as given to ``init(venue:)``.
    public let venue: Venue
    /// Each level's ordinal, for drawing a floor whole.
    let ordinals: [String: Double]
    let spaces: [(space: Space, rings: [[Coordinate]], box: BoundingBox, shape: PreparedPolygon)]
    let openings: [(levelID: String, points: [Coordinate])]
    let obstacles: [(levelID: String, rings: [[Coordinate]], line: [Coordinate])]
    let pois: [(poi: POI, point: Coordinate)]
    /// Amenity icons: every POI that is one, and every restroom or connector space no such POI stands for.
    let icons: [(levelID: String, point: Coordinate, amenity: Amenity, id: String)]

    /// Projects every space, opening, obstacle and POI of `venue` into its local frame, once; features that cannot be
    /// projected are left out.
    /// - Complexity: O(n) in the venue's vertices.
    public init(venue: Venue) {
        self.venue = venue
        ordinals = Dictionary(venue.levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { a, _ in a })
        let frame = venue.frame
        let shapes = venue.shapes
        spaces = zip(venue.spaces, shapes.spaces).compactMap { s, g in
            guard let g, let box = g.boundingBox else { return nil }
            return (s, g.polygons.flatMap { $0.rings.map(\.coordinates) }, box, PreparedPolygon(g))
        }
        // Where two walkways meet with no wall between them, the floor is open: drawn as a gap, like a doorway.
        openings = zip(venue.openings, shapes.openings).compactMap { o, g in g.map { (o.levelID, $0.allCoordinates) } }
            + venue.openPlanBoundaries.map { (venue.spaces[$0.spaces[0]].levelID, $0.line.coordinates) }
        obstacles = zip(venue.obstacles, shapes.obstacles).compactMap { o, g in
            guard let g else { return nil }
            return (o.levelID, g.polygons.flatMap { $0.rings.map(\.coordinates) }, g.polygons.isEmpty ? g.allCoordinates : [])
        }
        pois = venue.pois.compactMap { p in (try? frame.project(p.coordinate)).map { (p, $0) } }
        var icons: [(levelID: String, point: Coordinate, amenity: Amenity, id: String)] = []
        var shown: Set<String> = []
        for (poi, point) in pois {
            guard let amenity = Amenity(poi: poi) else { continue }
            icons.append((poi.levelID, point, amenity, poi.id))
            if let space = poi.spaceID { shown.insert("\(space)/\(amenity.rawValue)") }
        }
        for s in spaces {
            guard let amenity = Amenity(space: s.space.kind), !shown.contains("\(s.space.id)/\(amenity.rawValue)") else { continue }
            let point = s.space.displayPoint.flatMap { try? frame.project($0) } ?? s.box.center
            icons.append((s.space.levelID, point, amenity, s.space.id))
        }
        self.icons = icons.sorted { ($0.amenity, $0.id) < ($1.amenity, $1.id) }
    }

    /// Whether two levels are one floor: the same level, or levels of the same ordinal.
    func sameFloor(_ a: String, _ b: String) -> Bool {
        a == b || (ordinals[a] != nil && ordinals[a] == ordinals[b])
    }

    /// The metres covered by a level's spaces.
    public func bounds(of levelID: String) -> BoundingBox? {
        spaces.filter { $0.space.levelID == levelID }.map(\.box).reduce(nil) { $0?.union($1) ?? $1 }
    }

    /// The metres covered by the spaces of a level's floor: every level of its ordinal.
    public func bounds(ofFloor levelID: String) -> BoundingBox? {
        spaces.filter { sameFloor($0.space.levelID, levelID) }.map(\.box).reduce(nil) { $0?.union($1) ?? $1 }
    }

    /// The metres covered by an itinerary's polylines on a level (all levels when `levelID` is nil).
    public func bounds(of itinerary: Itinerary, on levelID: String? = nil) -> BoundingBox? {
        let points = itinerary.legs.flatMap(\.steps).filter { levelID == nil || $0.levelID == levelID }
            .flatMap(\.polyline).compactMap { try? venue.frame.project($0) }
        return BoundingBox(covering: points)
    }

    /// Draws one level.
    /// - Parameters:
    ///   - levelID: the level to draw, with every level that shares its ordinal.
    ///   - viewport: the part of the floor shown and the image's size in pixels.
    ///   - itinerary: a route to draw over the floor, or `nil`.
    ///   - puck: the user's position, drawn when on this floor, or `nil`.
    ///   - style: the colours and label size.
    ///   - format: PNG, SVG or PDF.
    ///   - languages: display languages for labels, best first (names fall back to English, then any).
    public func draw(level levelID: String, viewport: Viewport, itinerary: Itinerary? = nil, puck: Puck? = nil,
                     style: MapStyle = .light, languages: [String] = ["en"], format: ImageFormat = .png) throws(RenderError) -> RenderedMap {
        let canvas = try Canvas(width: viewport.width, height: viewport.height, format: format)
        let map = RenderedMap(canvas: canvas)
        canvas.fillBackground(style.background)
        let drawn = drawLevel(levelID, on: canvas, viewport: viewport, itinerary: itinerary, puck: puck, style: style, languages: languages)
        map.add(drawn, levelID: levelID, viewport: viewport)
        return map
    }

    /// Draws every level an itinerary visits side by side, each centred on its part of the route, with its name.
    /// Every panel has the same scale (the one that fits the largest part), so a metre is as long in each and their
    /// scale bars agree.
    public func drawSheet(_ itinerary: Itinerary, panelWidth: Int, height: Int, style: MapStyle = .light,
                          languages: [String] = ["en"], format: ImageFormat = .png) throws(RenderError) -> RenderedMap {
        var levels: [String] = []
        for leg in itinerary.legs where !levels.contains(leg.levelID) { levels.append(leg.levelID) }
        guard !levels.isEmpty else { throw .nothingToDraw("the itinerary has no leg") }
        let fitted = levels.map { level in
            bounds(of: itinerary, on: level).map { box in
                Viewport.fitting(box.grown(by: 8), width: panelWidth, height: height, padding: 36)
            }
        }
        let metresPerPixel = fitted.compactMap { $0?.metresPerPixel }.max() ?? 1
        let canvas = try Canvas(width: panelWidth * levels.count, height: height, format: format)
        let map = RenderedMap(canvas: canvas)
        canvas.fillBackground(style.background)
        for (k, (level, fit)) in zip(levels, fitted).enumerated() {
            guard var viewport = fit else { continue }
            viewport.metresPerPixel = metresPerPixel
            let x = Double(k * panelWidth)
            try canvas.panel(x: x, y: 0, width: Double(panelWidth), height: Double(height)) { () throws(RenderError) in
                let drawn = drawLevel(level, on: canvas, viewport: viewport, itinerary: itinerary, puck: nil, style: style,
                                      languages: languages)
                map.add(drawn, levelID: level, viewport: viewport, x: x)
                if k > 0 {
                    canvas.polyline([Coordinate(x: 0.5, y: 0), Coordinate(x: 0.5, y: Double(height))], color: style.wall, width: 1)
                }
            }
        }
        return map
    }

    // MARK: - Drawing a level

    /// The name a level's map is titled with: its name in the languages asked for, else "Level" and its ordinal in
    /// the first of them;
    /// then the other names of the levels of its floor that the map shows (`shown`), as "Level 2 / Level 3" where two
    /// buildings number the same storey differently.
    func title(of levelID: String, showing shown: Set<String>, languages: [String]) -> String {
        guard let level = venue.level(id: levelID) else { return levelID }
        return venue.names(of: [level] + venue.levels.filter { shown.contains($0.id) }, languages: languages)
    }

    /// Draws a level in the canvas's current panel; boxes are in the panel's pixels.
    func drawLevel(_ levelID: String, on canvas: Canvas, viewport: Viewport, itinerary: Itinerary?, puck: Puck?,
                   style: MapStyle, languages: [String]) -> DrawnLevel {
        let visible = viewport.visibleBounds
        let px = { (p: Coordinate) in viewport.pixel(for: p) }
        let wallWidth = max(1, min(3, 0.15 / viewport.metresPerPixel))
        // Spaces and walls.
        var shownLevels: Set<String> = []
        for s in spaces where sameFloor(s.space.levelID, levelID) && s.box.intersects(visible) {
            shownLevels.insert(s.space.levelID)
            canvas.polygon(s.rings.map { $0.map(px) }, fill: style.fill(for: s.space), stroke: style.wall, width: wallWidth)
        }
        // Doors: a gap in the wall, drawn over it in the walkway colour.
        for o in openings where sameFloor(o.levelID, levelID) && o.points.count >= 2 {
            canvas.polyline(o.points.map(px), color: style.door, width: wallWidth + 1.5)
        }
        for o in obstacles where sameFloor(o.levelID, levelID) {
            if !o.rings.isEmpty { canvas.polygon(o.rings.map { $0.map(px) }, fill: style.obstacle) }
            if o.line.count >= 2 { canvas.polyline(o.line.map(px), color: style.wall, width: wallWidth) }
        }
        // Labels keep clear of the title, the scale bar and the north arrow.
        let w = Double(viewport.width), h = Double(viewport.height)
        let title = self.title(of: levelID, showing: shownLevels, languages: languages)
        let titleSize = canvas.measure(title, size: 14, bold: true)
        let titleBox = BoundingBox(minX: w / 2 - titleSize.width / 2 - 4, minY: 0, maxX: w / 2 + titleSize.width / 2 + 4, maxY: 30)
        var taken = [titleBox, BoundingBox(minX: 0, minY: h - 40, maxX: 150, maxY: h), BoundingBox(minX: w - 48, minY: 0, maxX: w, maxY: 58)]
        var labels: [PlacedLabel] = []
        if let itinerary {
            let route = drawRoute(itinerary, levelID: levelID, on: canvas, viewport: viewport, style: style, languages: languages)
            taken += route.boxes
            labels += route.labels
        }
        let placed = placeIcons(levelID, on: canvas, viewport: viewport, style: style, taken: taken)
        labels += placeLabels(levelID, on: canvas, viewport: viewport, style: style, languages: languages,
                              taken: taken + placed.map(\.box), icons: placed)
        if let puck, puck.levelID == levelID, let p = try? venue.frame.project(puck.coordinate) {
            drawPuck(puck, at: px(p), viewport: viewport, on: canvas, style: style)
        }
        let scaleBar = drawScaleBar(on: canvas, viewport: viewport, style: style)
        drawNorthArrow(on: canvas, viewport: viewport, style: style)
        let titleCentre = Coordinate(x: w / 2, y: 16)
        canvas.text(title, centeredAt: titleCentre, size: 14, color: style.text, halo: style.halo, bold: true)
        labels.append(PlacedLabel(text: title, poiID: levelID, box: box(centredAt: titleCentre, size: titleSize), kind: .title))
        return DrawnLevel(labels: labels, icons: placed, scaleBar: scaleBar)
    }

    /// What drawing a level placed, in its panel's pixels.
    struct DrawnLevel {
        var labels: [PlacedLabel]
        var icons: [PlacedIcon]
        var scaleBar: ScaleBar
    }

    /// The route: faded on other levels, thick with arrows on this one; markers; the names of its start and
    /// destination beside their pins. Returns the boxes it occupies and the names it wrote.
    func drawRoute(_ itinerary: Itinerary, levelID: String, on canvas: Canvas, viewport: Viewport, style: MapStyle,
                   languages: [String]) -> (boxes: [BoundingBox], labels: [PlacedLabel]) {
        var ends: [(pin: Coordinate, name: String, kind: PlacedLabel.Kind)] = []
        var numbered: [(number: Int, point: Coordinate)] = []
        let frame = venue.frame
        let px = { (c: GeoCoordinate) -> Coordinate? in (try? frame.project(c)).map { viewport.pixel(for: $0) } }
        let steps = itinerary.legs.flatMap(\.steps)
        var taken: [BoundingBox] = []
        // Other levels first, faded and dashed.
        for leg in itinerary.legs where leg.levelID != levelID {
            let line = leg.steps.flatMap(\.polyline).compactMap(px)
            canvas.polyline(line, color: style.routeOtherLevel, width: 4, dash: [6, 6])
        }
        let width = max(4, min(10, 1.2 / viewport.metresPerPixel))
        for leg in itinerary.legs where leg.levelID == levelID {
            let line = dedupe(leg.steps.flatMap(\.polyline).compactMap(px))
            canvas.polyline(line, color: style.routeCasing, width: width + 3)
            canvas.polyline(line, color: style.route, width: width)
            drawArrows(along: line, width: width, on: canvas, style: style)
        }
        func destination(_ name: String, at p: Coordinate) {
            drawPin(at: p, color: style.pinEnd, on: canvas, style: style)
            taken.append(BoundingBox(minX: p.x - 10, minY: p.y - 30, maxX: p.x + 10, maxY: p.y + 2))
            ends.append((Coordinate(x: p.x, y: p.y - 19), name, .destination))
        }
        // Level changes, pins and step numbers; names in the first display language the venue has.
        func said(_ name: SpokenName) -> String { name.text(in: InstructionLanguage(tag: languages.first), names: languages) }
        for (n, step) in steps.enumerated() where step.levelID == levelID {
            guard let p = px(step.location) else { continue }
            switch step.maneuver {
            case .connector(let kind, _, let up, let to, _):
                let glyph: String
                switch kind {
                case .elevator: glyph = "E"
                case .escalator: glyph = up ? "↗" : "↘"
                case .stairs: glyph = up ? "▲" : "▼"
                default: glyph = "⇅"
                }
                canvas.circle(p, radius: 11, fill: style.route, stroke: style.routeCasing, width: 2)
                canvas.text(glyph, centeredAt: p, size: 12, color: style.routeCasing, halo: nil, bold: true)
                let language = InstructionLanguage(tag: languages.first)
                let label = language.ride(to: to.text(in: language, names: languages))
                let size = canvas.measure(label, size: 12, bold: true)
                let at = Coordinate(x: p.x, y: p.y - 22)
                canvas.text(label, centeredAt: at, size: 12, color: style.text, halo: style.halo, bold: true)
                taken.append(BoundingBox(minX: at.x - size.width / 2, minY: at.y - size.height / 2, maxX: at.x + size.width / 2, maxY: at.y + size.height / 2))
                taken.append(box(around: p, radius: 12))
                // A route that starts on a connector is named there.
                if n == 0, let name = itinerary.stopNames.first { ends.append((p, said(name), .start)) }
            case .depart where n == 0 || (steps.indices.contains(n - 1) && steps[n - 1].levelID != levelID):
                let color = n == 0 ? style.pinStart : style.route
                canvas.circle(p, radius: 8, fill: color, stroke: style.routeCasing, width: 3)
                taken.append(box(around: p, radius: 10))
                if n == 0, let name = itinerary.stopNames.first { ends.append((p, said(name), .start)) }
            case .waypoint(let name):
                destination(said(name), at: p)
            default:
                break
            }
            // The destination is where the step that reaches it ends.
            if let arrival = step.arrival, let end = step.polyline.last.flatMap(px) { destination(said(arrival.name), at: end) }
            if case .depart = step.maneuver { continue }
            if case .arrive = step.maneuver { continue }
            if case .connector = step.maneuver { continue }
            numbered.append((n + 1, p))
        }
        var labels: [PlacedLabel] = []
        let frameBox = BoundingBox(minX: 2, minY: 2, maxX: Double(viewport.width) - 2, maxY: Double(viewport.height) - 2)
        // The steps' numbers, as in the text itinerary, once every pin and marker is placed: beside the step's point,
        // else further out with a line to it; never over another number, nor over a marker when there is room.
        var numbers: [BoundingBox] = []
        for (number, p) in numbered {
            let candidates: [BoundingBox] = stepNumberCandidates(around: p).map { box(around: $0, radius: 9) }
            let inFrame = { (b: BoundingBox) -> Bool in
                frameBox.contains(Coordinate(x: b.minX, y: b.minY)) && frameBox.contains(Coordinate(x: b.maxX, y: b.maxY))
            }
            let clear = { (b: BoundingBox, boxes: [BoundingBox]) -> Bool in !boxes.contains(where: b.intersects) }
            let spot: BoundingBox = candidates.first { inFrame($0) && clear($0, taken) }
                ?? candidates.first { inFrame($0) && clear($0, numbers) }
                ?? candidates.first { clear($0, numbers) } ?? candidates[0]
            let centre = spot.center
            if centre.distance(to: p) > 20 {
                let d = centre.distance(to: p), reach = (d - 8) / d
                canvas.polyline([p, Coordinate(x: p.x + (centre.x - p.x) * reach, y: p.y + (centre.y - p.y) * reach)],
                                color: style.route, width: 1.5)
            }
            canvas.circle(centre, radius: 8, fill: style.routeCasing, stroke: style.route, width: 1.5)
            canvas.text("\(number)", centeredAt: centre, size: 9, color: style.route, halo: nil, bold: true)
            taken.append(spot)
            numbers.append(spot)
            labels.append(PlacedLabel(text: "\(number)", poiID: "step", box: spot, kind: .step))
        }
        // The names of the ends, beside their pins: on the side with room in the frame and clear of the route's
        // markers when one is, never dropped.
        for end in ends {
            let size = canvas.measure(end.name, size: style.labelSize + 1, bold: true)
            let candidates = [14.0, -14.0].map { dx -> BoundingBox in
                let cx = end.pin.x + dx + (dx > 0 ? 1 : -1) * size.width / 2
                return BoundingBox(minX: cx - size.width / 2 - 2, minY: end.pin.y - size.height / 2 - 1,
                                   maxX: cx + size.width / 2 + 2, maxY: end.pin.y + size.height / 2 + 1)
            }
            let fits = { (b: BoundingBox) in frameBox.contains(Coordinate(x: b.minX, y: b.minY)) && frameBox.contains(Coordinate(x: b.maxX, y: b.maxY)) }
            let box = candidates.first { fits($0) && !taken.contains(where: $0.intersects) } ?? candidates.first(where: fits) ?? candidates[0]
            canvas.text(end.name, centeredAt: box.center, size: style.labelSize + 1, color: style.text, halo: style.halo, bold: true)
            taken.append(box)
            labels.append(PlacedLabel(text: end.name, poiID: end.kind == .start ? "start" : "destination", box: box, kind: end.kind))
        }
        return (taken, labels)
    }

    /// Amenity icons by priority (``Amenity``), each dropped when it would overlap what is already placed.
    func placeIcons(_ levelID: String, on canvas: Canvas, viewport: Viewport, style: MapStyle, taken: [BoundingBox]) -> [PlacedIcon] {
        let r = 8.0
        var occupied = taken
        var placed: [PlacedIcon] = []
        let frameBox = BoundingBox(minX: 2, minY: 2, maxX: Double(viewport.width) - 2, maxY: Double(viewport.height) - 2)
        for icon in icons where sameFloor(icon.levelID, levelID) {
            let p = viewport.pixel(for: icon.point)
            let box = self.box(around: p, radius: r + 1)
            guard frameBox.contains(Coordinate(x: box.minX, y: box.minY)), frameBox.contains(Coordinate(x: box.maxX, y: box.maxY)),
                  !occupied.contains(where: { $0.intersects(box) }) else { continue }
            canvas.icon(icon.amenity, at: p, radius: r, style: style)
            occupied.append(box)
            placed.append(PlacedIcon(amenity: icon.amenity, featureID: icon.id, box: box))
        }
        return placed
    }

    func dedupe(_ points: [Coordinate]) -> [Coordinate] {
        var out: [Coordinate] = []
        for p in points where out.last.map({ $0.distance(to: p) > 0.5 }) ?? true { out.append(p) }
        return out
    }

    func box(around p: Coordinate, radius r: Double) -> BoundingBox {
        BoundingBox(minX: p.x - r, minY: p.y - r, maxX: p.x + r, maxY: p.y + r)
    }

    func box(centredAt p: Coordinate, size: (width: Double, height: Double)) -> BoundingBox {
        BoundingBox(minX: p.x - size.width / 2, minY: p.y - size.height / 2, maxX: p.x + size.width / 2, maxY: p.y + size.height / 2)
    }

    /// Where a step's number may go, best first: up and right of its point (where it always was), the other
    /// diagonals, then the sides, on rings ever further out; 96 places, so a free one is always among them.
    func stepNumberCandidates(around p: Coordinate) -> [Coordinate] {
        let d = 0.5.squareRoot()
        let directions: [Coordinate] = [Coordinate(x: d, y: -d), Coordinate(x: -d, y: -d), Coordinate(x: d, y: d), Coordinate(x: -d, y: d),
                                        Coordinate(x: 1, y: 0), Coordinate(x: 0, y: -1), Coordinate(x: -1, y: 0), Coordinate(x: 0, y: 1)]
        return (0..<12).flatMap { (ring: Int) -> [Coordinate] in
            let r = 17 + Double(ring) * 12
            return directions.map { Coordinate(x: p.x + $0.x * r, y: p.y + $0.y * r) }
        }
    }

    /// Chevrons every 70 px along the line, pointing the way.
    func drawArrows(along line: [Coordinate], width: Double, on canvas: Canvas, style: MapStyle) {
        var carried = 35.0
        for (a, b) in zip(line, line.dropFirst()) {
            let length = a.distance(to: b)
            guard length > 0 else { continue }
            let ux = (b.x - a.x) / length, uy = (b.y - a.y) / length
            var t = carried
            while t < length {
                let c = Coordinate(x: a.x + ux * t, y: a.y + uy * t)
                let s = width * 0.45
                canvas.polyline([Coordinate(x: c.x - ux * s - uy * s, y: c.y - uy * s + ux * s), c,
                                 Coordinate(x: c.x - ux * s + uy * s, y: c.y - uy * s - ux * s)],
                                color: style.routeCasing, width: max(1.5, width / 4))
                t += 70
            }
            carried = t - length
        }
    }

    func drawPin(at p: Coordinate, color: Color, on canvas: Canvas, style: MapStyle) {
        canvas.polygon([[Coordinate(x: p.x, y: p.y), Coordinate(x: p.x - 8, y: p.y - 16), Coordinate(x: p.x + 8, y: p.y - 16), p]],
                       fill: color, stroke: style.routeCasing, width: 1.5)
        canvas.circle(Coordinate(x: p.x, y: p.y - 19), radius: 9, fill: color, stroke: style.routeCasing, width: 2)
        canvas.circle(Coordinate(x: p.x, y: p.y - 19), radius: 3.5, fill: style.routeCasing)
    }

    /// Names of POIs, most important first; a label that would overlap one already placed (or the route's
    /// markers) is dropped.
    func placeLabels(_ levelID: String, on canvas: Canvas, viewport: Viewport, style: MapStyle, languages: [String],
                     taken: [BoundingBox], icons: [PlacedIcon] = []) -> [PlacedLabel] {
        let iconBoxes = Dictionary(icons.map { ($0.featureID, $0.box) }, uniquingKeysWith: { a, _ in a })
        func rank(_ p: POI) -> Int {
            switch p.kind {
            case .occupant: 0
            case .amenity: 1
            case .kiosk, .entrance: 2
            case .room: 3
            case .section, .building: 4
            }
        }
        var occupied = taken
        var placed: [PlacedLabel] = []
        let candidates = pois.filter { sameFloor($0.poi.levelID, levelID) }
            .sorted { (rank($0.poi), $0.poi.id) < (rank($1.poi), $1.poi.id) }
        let frameBox = BoundingBox(minX: 2, minY: 2, maxX: Double(viewport.width) - 2, maxY: Double(viewport.height) - 2)
        for (poi, point) in candidates {
            guard let text = poi.name.resolved(for: languages) ?? poi.ref, !text.isEmpty else { continue }
            let size = canvas.measure(text, size: style.labelSize)
            // A place with an icon has its name beside it: right, left, below or above, where there is room.
            let centres: [Coordinate]
            if let icon = iconBoxes[poi.id] {
                let c = icon.center, w = size.width / 2, h = size.height / 2
                centres = [Coordinate(x: icon.maxX + 4 + w, y: c.y), Coordinate(x: icon.minX - 4 - w, y: c.y),
                           Coordinate(x: c.x, y: icon.maxY + 3 + h), Coordinate(x: c.x, y: icon.minY - 3 - h)]
            } else {
                centres = [viewport.pixel(for: point)]
            }
            let boxes = centres.map { p in
                BoundingBox(minX: p.x - size.width / 2 - 2, minY: p.y - size.height / 2 - 1, maxX: p.x + size.width / 2 + 2, maxY: p.y + size.height / 2 + 1)
            }
            guard let box = boxes.first(where: { box in
                frameBox.contains(Coordinate(x: box.minX, y: box.minY)) && frameBox.contains(Coordinate(x: box.maxX, y: box.maxY))
                    && !occupied.contains(where: { $0.intersects(box) })
            }) else { continue }
            canvas.text(text, centeredAt: box.center, size: style.labelSize, color: style.text, halo: style.halo)
            occupied.append(box)
            placed.append(PlacedLabel(text: text, poiID: poi.id, box: box))
        }
        return placed
    }

    func drawPuck(_ puck: Puck, at p: Coordinate, viewport: Viewport, on canvas: Canvas, style: MapStyle) {
        if let accuracy = puck.accuracy, accuracy > 0 {
            var fill = style.puck
            fill.alpha = 0.15
            canvas.circle(p, radius: accuracy / viewport.metresPerPixel, fill: fill, stroke: style.puck, width: 1)
        }
        if let heading = puck.heading {
            // Screen angle: heading is clockwise from north; the top of the screen is `bearing`.
            let a = (heading - viewport.bearing - 90) * .pi / 180
            var cone = style.puck
            cone.alpha = 0.35
            canvas.wedge(p, radius: 34, from: a - 0.45, to: a + 0.45, fill: cone)
        }
        canvas.circle(p, radius: 8, fill: style.puck, stroke: style.routeCasing, width: 3)
    }

    func drawScaleBar(on canvas: Canvas, viewport: Viewport, style: MapStyle) -> ScaleBar {
        // The longest round length (1, 2 or 5 × 10ⁿ m) under 120 px.
        let maxMetres = 120 * viewport.metresPerPixel
        let magnitude = pow(10, floor(log10(maxMetres)))
        let metres = [5, 2, 1].map { Double($0) * magnitude }.first { $0 <= maxMetres } ?? magnitude
        let length = metres / viewport.metresPerPixel
        let y = Double(viewport.height) - 16, x = 16.0
        canvas.polyline([Coordinate(x: x, y: y - 5), Coordinate(x: x, y: y), Coordinate(x: x + length, y: y), Coordinate(x: x + length, y: y - 5)],
                        color: style.text, width: 2)
        let label = metres >= 1 ? "\(Int(metres)) m" : "\(Int(metres * 100)) cm"
        canvas.text(label, centeredAt: Coordinate(x: x + length / 2, y: y - 10), size: 10, color: style.text, halo: style.halo)
        return ScaleBar(metres: metres, length: length)
    }

    func drawNorthArrow(on canvas: Canvas, viewport: Viewport, style: MapStyle) {
        let c = Coordinate(x: Double(viewport.width) - 24, y: 30)
        let a = -viewport.bearing * .pi / 180
        func rot(_ dx: Double, _ dy: Double) -> Coordinate {
            Coordinate(x: c.x + dx * cos(a) - dy * sin(a), y: c.y + dx * sin(a) + dy * cos(a))
        }
        canvas.polygon([[rot(0, -14), rot(6, 8), rot(0, 4), rot(-6, 8), rot(0, -14)]], fill: style.text, stroke: style.halo, width: 1)
        canvas.text("N", centeredAt: rot(0, -22), size: 10, color: style.text, halo: style.halo, bold: true)
    }
}

extension BoundingBox {
    /// The same box `dx` to the right.
    func shifted(by dx: Double) -> BoundingBox {
        BoundingBox(minX: minX + dx, minY: minY, maxX: maxX + dx, maxY: maxY)
    }
}
