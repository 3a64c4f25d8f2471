import Foundation
import IndoorBase
import IndoorNavigation
import IndoorRender
import IndoorRouting

/// A map to draw: a level of the venue, or an itinerary (one panel per level it visits, unless a level is picked).
public struct MapRequest: Sendable {
    /// How the camera frames the map.
    public enum Camera: String, Hashable, Sendable, CaseIterable, Codable {
        /// The route on the level, 10 m around it, or the whole level.
        case overview
        /// Close up on the route's start, turned to face the way to go.
        case follow
    }

    /// The level to draw: an ordinal (the whole floor, every level of it) or a level id (that level, its twins
    /// around it). Default: the route's levels, else the ground level.
    public var level: String?
    /// The route to draw, if any.
    public var route: RouteRequest?
    /// Overview (the default) or follow; see ``MapRequest/Camera``.
    public var camera: Camera
    /// Pixels, 1…16384 (CSS pixels for SVG and PDF: a PDF page is 0.75 pt a pixel, 900 pt for 1200).
    public var width: Int
    /// Pixels, 1…16384 (CSS pixels for SVG and PDF: a PDF page is 0.75 pt a pixel, 675 pt for 900).
    public var height: Int
    /// Colours and label size, light by default.
    public var style: MapStyle
    /// PNG, SVG or PDF; PNG by default.
    public var format: ImageFormat
    /// The languages of the labels, best first.
    public var languages: [String]

    /// A request for a map; by default the ground level, or the route's levels, at 1200 × 900 pixels, as a light PNG.
    public init(level: String? = nil, route: RouteRequest? = nil, camera: Camera = .overview, width: Int = 1200, height: Int = 900,
                style: MapStyle = .light, format: ImageFormat = .png, languages: [String] = ["en"]) {
        self.level = level
        self.route = route
        self.camera = camera
        self.width = width
        self.height = height
        self.style = style
        self.format = format
        self.languages = languages
    }
}

extension PreparedVenue {
    /// The renderer of the venue (built on first use).
    public var renderer: MapRenderer { rendererPart.value { MapRenderer(venue: venue) } }

    /// Draws the map `request` asks for.
    /// - Throws: what ``route(_:)`` throws for the route; `PlaceError` for a level that names nothing;
    ///   `RenderError` when there is nothing to draw.
    public func map(_ request: MapRequest) throws -> RenderedMap {
        try map(request, itinerary: try request.route.map { try route($0).itinerary })
    }

    /// Draws the map `request` asks for with an itinerary already computed (its ``MapRequest/route`` is not used).
    /// - Throws: `PlaceError` for a level that names nothing; `RenderError` when there is nothing to draw.
    public func map(_ request: MapRequest, itinerary: Itinerary?) throws -> RenderedMap {
        let levelID = try request.level.map { try levels(named: $0)[0].id }
        let levelsVisited = Set(itinerary?.legs.map(\.levelID) ?? [])
        if let itinerary, levelID == nil, request.camera == .overview, levelsVisited.count > 1 {
            return try renderer.drawSheet(itinerary, panelWidth: request.width / levelsVisited.count, height: request.height,
                                          style: request.style, languages: request.languages, format: request.format)
        }
        let level = levelID ?? itinerary?.legs.first?.levelID ?? (venue.levels.first { $0.ordinal == 0 } ?? venue.levels.first)?.id
        guard let level else { throw RenderError.nothingToDraw("the venue has no level") }
        // An ordinal names a floor (all its levels); a level id names that level, drawn with its twins around it.
        let wholeFloor = request.level.map { venue.level(id: $0) == nil } ?? true
        let viewport = try viewport(level: level, wholeFloor: wholeFloor, itinerary: itinerary, camera: request.camera,
                                    width: request.width, height: request.height)
        return try renderer.draw(level: level, viewport: viewport, itinerary: itinerary, style: request.style,
                                 languages: request.languages, format: request.format)
    }

    /// Draws an itinerary: one level fitted to its route, or a panel per level.
    /// - Throws: `RenderError` when the itinerary is empty.
    public func map(of itinerary: Itinerary, width: Int, height: Int, style: MapStyle = .light, format: ImageFormat = .png,
                    languages: [String] = ["en"]) throws -> RenderedMap {
        let levels = Set(itinerary.legs.map(\.levelID))
        if levels.count > 1 {
            return try renderer.drawSheet(itinerary, panelWidth: width / levels.count, height: height, style: style,
                                          languages: languages, format: format)
        }
        guard let level = itinerary.legs.first?.levelID else { throw RenderError.nothingToDraw("an empty itinerary") }
        let viewport = try viewport(level: level, itinerary: itinerary, camera: .overview, width: width, height: height)
        return try renderer.draw(level: level, viewport: viewport, itinerary: itinerary, style: style, languages: languages, format: format)
    }

    /// The viewport the navigation camera gives: overview fits the route on this level (10 m around it), or the
    /// level (or its whole floor); follow is the follow camera at the route's start, turned to its first heading.
    /// - Throws: `RenderError.nothingToDraw(_:)` for a level with no space; a frame that cannot unproject.
    public func viewport(level: String, wholeFloor: Bool = false, itinerary: Itinerary?, camera: MapRequest.Camera,
                         width: Int, height: Int) throws -> Viewport {
        let frame = venue.frame
        let bounds = CameraBounds(zoom: 0...24)
        var state: CameraState?
        if camera == .follow, let itinerary, let first = itinerary.legs.first?.steps.first {
            var heading = 0.0
            if case .depart(let h, _) = first.maneuver { heading = h }
            var follow = FollowCamera(mode: .followWithHeading, zoom: 20.5, bounds: bounds)
            state = follow.update(coordinate: first.location, levelOrdinal: nil, course: nil, heading: heading)
        } else {
            let box = itinerary.flatMap { renderer.bounds(of: $0, on: level) }.map { b in
                BoundingBox(minX: b.minX - 10, minY: b.minY - 10, maxX: b.maxX + 10, maxY: b.maxY + 10)
            } ?? (wholeFloor ? renderer.bounds(ofFloor: level) : renderer.bounds(of: level))
            guard let box else { throw RenderError.nothingToDraw("level \(level) has no space") }
            let corners = try [Coordinate(x: box.minX, y: box.minY), Coordinate(x: box.maxX, y: box.maxY),
                               Coordinate(x: box.minX, y: box.maxY), Coordinate(x: box.maxX, y: box.minY)].map { c throws in try frame.unproject(c) }
            state = CameraState.fitting(corners, width: width, height: height, bounds: bounds)
        }
        guard let state else { throw RenderError.nothingToDraw("nothing to frame on level \(level)") }
        return Viewport(center: try frame.project(state.center), metresPerPixel: state.metresPerPixel, bearing: state.bearing,
                        width: width, height: height)
    }
}

extension PreparedVenue {
    /// Draws a recorded simulated session, a frame per fix, as the app would show it: the level the engine places the
    /// user on, the route it follows, the puck with its accuracy and heading, and the camera following with the
    /// heading. Fixes with no level to draw are skipped.
    /// - Parameters:
    ///   - session: a session run with `record: true` (it keeps its frames).
    ///   - width: each frame's width in pixels.
    ///   - height: each frame's height in pixels.
    ///   - languages: the languages of the labels, best first.
    ///   - shouldContinue: asked before each frame; drawing stops when it says no.
    ///   - body: given each frame's index among the session's fixes and its map.
    public func drawFrames(of session: SessionResult, width: Int, height: Int, languages: [String] = ["en"],
                           while shouldContinue: () -> Bool = { true }, _ body: (Int, RenderedMap) throws -> Void) throws {
        let context = navigationContext
        var camera = FollowCamera(mode: .followWithHeading, zoom: 20.5, bounds: CameraBounds(box: venue.extent, zoom: 15...23))
        for (k, frame) in session.frames.enumerated() {
            guard shouldContinue() else { return }
            let position = frame.progress?.matched ?? frame.fix.coordinate
            let ordinal = frame.levelOrdinal ?? frame.fix.levelOrdinal ?? 0
            guard let level = context.level(ordinal: ordinal, at: position),
                  let state = camera.update(coordinate: position, levelOrdinal: ordinal, course: frame.fix.course, heading: frame.heading)
            else { continue }
            let viewport = Viewport(center: try venue.frame.project(state.center), metresPerPixel: state.metresPerPixel,
                                    bearing: state.bearing, width: width, height: height)
            let puck = Puck(coordinate: position, levelID: level.id, accuracy: frame.fix.horizontalAccuracy, heading: frame.heading)
            try body(k, try renderer.draw(level: level.id, viewport: viewport, itinerary: frame.itinerary, puck: puck, languages: languages))
        }
    }
}

extension PreparedVenue {
    /// What a drawn map answers an app without a UI toolkit: where a pixel is, where a place is drawn, what a tap
    /// hits; for panel `index` of `map` (0: the whole image, or a route sheet's first level), its pixels the
    /// panel's own. `nil` when the map has no such panel.
    public func proxy(for map: RenderedMap, panel index: Int = 0) -> MapProxy? {
        map.panels.indices.contains(index) ? MapProxy(renderer: renderer, panel: map.panels[index]) : nil
    }

    /// The state an app's map view binds to, on this venue as prepared (nothing is loaded again): the active
    /// level, which follows the user's until one is picked by hand; the selected places; the navigation info; the
    /// camera, fitted to `viewport`.
    public func mapSession(viewport: ScreenSize = ScreenSize(width: 1200, height: 900)) -> VenueSession {
        VenueSession(context: navigationContext, search: searchIndex, viewport: viewport)
    }
}
