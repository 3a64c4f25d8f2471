import Foundation
import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorText
import IndoorVenue

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
}

extension BoundingBox {
    /// The same box `dx` to the right.
    func shifted(by dx: Double) -> BoundingBox {
        BoundingBox(minX: minX + dx, minY: minY, maxX: maxX + dx, maxY: maxY)
    }
}
