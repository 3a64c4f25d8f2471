import Foundation
import IndoorGeometry
import IndoorNavigation
import IndoorRender
import IndoorRouting
import IndoorVenue

enum RenderCommand {
    static let help = """
        USAGE: indoornav render [--venue PATH] [--level L] [--from PLACE --to PLACE [--via PLACE]... [--profile P]]
                                [--camera overview|follow] [--size WxH] [--style light|dark] [--lang LANG]
                                -o FILE.png|svg|pdf [--force]

        Draws a level of the venue, or an itinerary: spaces by kind, walls and doors, obstacles, amenity icons
        (restrooms, elevators, escalators, stairs, food, shops, exhibits, information) and POI labels that do not
        collide, the route with direction arrows, level changes, pins with the start and destination names and
        step numbers matching the text itinerary, a scale bar and a north arrow. An itinerary over several levels
        is drawn as one panel per level side by side, unless --level picks one.

        OPTIONS:
          --level L          The level to draw (an ordinal such as 0 or -1, or a level id), with every level of
                             its ordinal (one floor). Default: ground level, or the route's levels.
          --from/--to/--via  Places, as for `indoornav route`.
          --camera C         overview (default): fit the route or the level; follow: close up on the start of the
                             route, turned to face the way to go.
          --size WxH         Image size in pixels (default 1200x900).
          --style S          light (default) or dark.
          --lang LANG        Label language (names fall back to English, then any).
          --venue PATH       An IMDF folder or archive, or an OSM file (.osm, .osm.pbf; default: the sample venue).
          --venue-name NAME  Pick a station, building or mall by name out of an OSM extract.
          --bbox W,S,E,N     Pick what lies in a box (degrees) out of an OSM extract.
          -o FILE            Output; the format follows the extension. An existing file is kept unless --force.
          --force            Replace an existing output file.
          --venue PATH       An IMDF folder or archive, or an OSM file (default: the embedded sample venue).
          --strict           Only what the venue data draws: no inferred corridors or entrances.
        """

    static func run(_ words: [String]) throws -> ExitStatus {
        var args = Arguments(words, command: "indoornav render")
        if args.wantsHelp() {
            Output.line(help)
            return .success
        }
        let options = try CommonOptions(&args)
        let levelText = try args.option("--level")
        let fromText = try args.option("--from")
        let toText = try args.option("--to")
        var vias: [String] = []
        while let v = try args.option("--via", first: true) { vias.append(v) }
        let profile = try RouteCommand.profileOption(&args)
        let camera = try args.option("--camera") ?? "overview"
        let sizeText = try args.option("--size") ?? "1200x900"
        let styleText = try args.option("--style") ?? "light"
        guard let output = try args.option("-o") ?? args.option("--output") else {
            throw UsageError("missing -o FILE (.png, .svg or .pdf)", command: args.command)
        }
        let force = args.flag("--force")
        try args.finish()
        guard ["overview", "follow"].contains(camera) else {
            throw UsageError("unknown camera \(camera) (overview or follow)", command: args.command)
        }
        let (width, height) = try Self.size(sizeText, command: args.command)
        let size = [width, height]
        let style: MapStyle
        switch styleText {
        case "light": style = .light
        case "dark": style = .dark
        default: throw UsageError("unknown style \(styleText) (light or dark)", command: args.command)
        }
        guard ImageFormat(path: output) != nil else {
            throw UsageError("-o must end in .png, .svg or .pdf, not \(output)", command: args.command)
        }
        guard (fromText == nil) == (toText == nil) else {
            throw UsageError("--from and --to go together", command: args.command)
        }
        try checkOutput(output, force: force)

        let venue = try options.loadVenue()
        let levelID = try levelText.map { try CommonOptions.level($0, in: venue).id }
        var itinerary: Itinerary?
        if let fromText, let toText {
            itinerary = try RouteCommand.plan(venue: venue, from: fromText, vias: vias, to: toText,
                                              options: RoutingOptions(profile: profile), language: InstructionLanguage(tag: options.language),
                                              languages: options.languages).itinerary
        }
        let renderer = MapRenderer(venue: venue)
        let map: RenderedMap
        if let itinerary, levelID == nil, camera == "overview", Set(itinerary.legs.map(\.levelID)).count > 1 {
            map = try renderer.drawSheet(itinerary, panelWidth: size[0] / Set(itinerary.legs.map(\.levelID)).count,
                                         height: size[1], style: style, languages: options.languages, format: ImageFormat(path: output) ?? .png)
        } else {
            let level = levelID ?? itinerary?.legs.first?.levelID ?? defaultLevel(venue)
            guard let level else { throw RenderError.nothingToDraw("the venue has no level") }
            // An ordinal names a floor (all its levels); a level id names that level, drawn with its twins around it.
            let wholeFloor = levelText.map { venue.level(id: $0) == nil } ?? true
            let viewport = try frame(level: level, wholeFloor: wholeFloor, itinerary: itinerary, camera: camera, renderer: renderer,
                                     width: size[0], height: size[1])
            map = try renderer.draw(level: level, viewport: viewport, itinerary: itinerary, style: style,
                                    languages: options.languages, format: ImageFormat(path: output) ?? .png)
        }
        try map.write(to: output)
        Output.error("wrote \(output) (\(map.width)×\(map.height), \(map.labels.count) labels)")
        return .success
    }

    /// `--size WIDTHxHEIGHT`, 16…16384 pixels each.
    static func size(_ text: String, command: String) throws(UsageError) -> (Int, Int) {
        let size = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard size.count == 2, (16...16384).contains(size[0]), (16...16384).contains(size[1]) else {
            throw UsageError("--size takes WIDTHxHEIGHT in pixels (16…16384), not \(text)", command: command)
        }
        return (size[0], size[1])
    }

    static func defaultLevel(_ venue: Venue) -> String? {
        (venue.levels.first { $0.ordinal == 0 } ?? venue.levels.first).map(\.id)
    }

    /// The viewport, from the navigation camera: overview fits the route on this level (10 m around it) or the
    /// level; follow is the follow camera at the route's start, turned to its first heading.
    static func frame(level: String, wholeFloor: Bool = false, itinerary: Itinerary?, camera: String, renderer: MapRenderer,
                      width: Int, height: Int) throws -> Viewport {
        let frame = renderer.venue.frame
        let bounds = CameraBounds(zoom: 0...24)
        var state: CameraState?
        if camera == "follow", let itinerary, let first = itinerary.legs.first?.steps.first {
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

    /// Draws an itinerary: one level fitted to its route, or a panel per level.
    static func renderItinerary(_ itinerary: Itinerary, venue: Venue, to path: String, size: (Int, Int), style: MapStyle,
                                languages: [String], force: Bool) throws {
        guard let format = ImageFormat(path: path) else { throw RenderError.unsupportedFormat((path as NSString).pathExtension) }
        try checkOutput(path, force: force)
        let renderer = MapRenderer(venue: venue)
        let levels = Set(itinerary.legs.map(\.levelID))
        let map: RenderedMap
        if levels.count > 1 {
            map = try renderer.drawSheet(itinerary, panelWidth: size.0 / levels.count, height: size.1, style: style,
                                         languages: languages, format: format)
        } else {
            guard let level = itinerary.legs.first?.levelID else { throw RenderError.nothingToDraw("an empty itinerary") }
            let viewport = try frame(level: level, itinerary: itinerary, camera: "overview", renderer: renderer, width: size.0, height: size.1)
            map = try renderer.draw(level: level, viewport: viewport, itinerary: itinerary, style: style, languages: languages, format: format)
        }
        try map.write(to: path)
    }

    /// An existing output is kept unless `--force`; a directory is never replaced.
    static func checkOutput(_ path: String, force: Bool) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw RenderError.write(path: path, reason: "it is a directory") }
            if !force { throw RenderError.write(path: path, reason: "the file exists (use --force to replace it)") }
        }
    }
}
