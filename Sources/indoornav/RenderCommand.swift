import Foundation
import IndoorCore

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
        let cameraText = try args.option("--camera") ?? "overview"
        let sizeText = try args.option("--size") ?? "1200x900"
        let styleText = try args.option("--style") ?? "light"
        guard let output = try args.option("-o") ?? args.option("--output") else {
            throw args.missing("-o FILE (.png, .svg or .pdf)")
        }
        let force = args.flag("--force")
        try args.finish()
        guard let camera = MapRequest.Camera(rawValue: cameraText) else {
            throw UsageError("unknown camera \(cameraText) (overview or follow)", command: args.command)
        }
        let (width, height) = try Self.size(sizeText, command: args.command)
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

        let request = MapRequest(level: levelText, camera: camera, width: width, height: height, style: style,
                                 format: ImageFormat(path: output) ?? .png, languages: options.languages)
        let venue = try options.prepareVenue()
        var itinerary: Itinerary?
        if let fromText, let toText {
            let plan = try venue.route(RouteRequest(from: fromText, to: toText, via: vias, profile: profile, language: options.language))
            RouteCommand.printNotes(plan.notes, to: .error)
            itinerary = plan.itinerary
        }
        let map = try venue.map(request, itinerary: itinerary)
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

    /// An existing output is kept unless `--force`; a directory is never replaced.
    static func checkOutput(_ path: String, force: Bool) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw RenderError.write(path: path, reason: "it is a directory") }
            if !force { throw RenderError.write(path: path, reason: "the file exists (use --force to replace it)") }
        }
    }
}
