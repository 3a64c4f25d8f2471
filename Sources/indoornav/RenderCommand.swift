import Foundation
import IndoorCore

enum RenderCommand {
    static let definition = CommandDefinition(
        path: ["render"],
        synopsis: """
            [--venue PATH] [--level L] [--from PLACE --to PLACE [--via PLACE]... [--profile P]]
            [--camera overview|follow] [--size WxH] [--style light|dark] [--lang LANG] -o FILE.png|svg|pdf [--force]
            """,
        abstract: "Draw a level or an itinerary to PNG, SVG or PDF.",
        discussion: """
            Draws a level of the venue, or an itinerary: spaces by kind, walls and doors (no wall where walkways
            open onto each other), obstacles, amenity icons (restrooms, elevators, escalators, stairs, food, shops,
            exhibits, information) and POI labels that do not collide, the route with direction arrows, level
            changes, pins with the start and destination names and step numbers matching the text itinerary, the
            level's name, a scale bar and a north arrow. An itinerary
            over several levels is drawn as one panel per level side by side, all at one scale, unless --level picks
            one. An SVG's labels are <text> elements, searchable and editable.
            """,
        groups: [OptionGroup(title: "OPTIONS", options: [
            .value("--level", "L", help: "The level to draw (an ordinal such as 0 or -1, or a level id), with every level of its "
                   + "ordinal (one floor). Default: ground level, or the route's levels."),
            .value("--from", "PLACE", help: "Draw the itinerary from PLACE, as for `indoornav route` (with --to)."),
            .value("--to", "PLACE", help: "The itinerary's destination (with --from)."),
            .value("--via", "PLACE", repeatable: true, help: "Stop here on the way (repeatable, in order)."),
            .profile,
            .value("--camera", "C", choices: ["overview", "follow"], help: "overview (default): fit the route or the level; "
                   + "follow: close up on the start of the route, turned to face the way to go."),
            .value("--size", "WxH", help: "Image size in CSS pixels (default 1200x900); a PDF page is 0.75 pt a pixel (900x675 pt)."),
            .value("--style", "S", choices: ["light", "dark"], help: "light (default) or dark."),
            .value("--lang", "LANG", help: "Label language (names fall back to English, then any)."),
            .value("-o", "FILE", .file, aliases: ["--output"],
                   help: "Output (required); the format follows the extension (.png, .svg or .pdf). An existing file is kept unless --force."),
            .flag("--force", help: "Replace an existing output file."),
        ] + OptionDefinition.venueSource)])

    static func run(_ words: [String]) throws -> ExitStatus {
        guard var args = try definition.arguments(words) else { return .success }
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
        Output.error("wrote \(output) (\(map.width)×\(map.height), \(counted(map.labels.count, "label")))")
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
        // The folder it goes in, checked before anything is drawn: "no such folder", not an I/O error afterwards.
        let folder = (path as NSString).deletingLastPathComponent
        let dir = folder.isEmpty ? "." : folder
        if !FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory) {
            throw RenderError.write(path: path, reason: "there is no folder \(dir)")
        }
        if !isDirectory.boolValue { throw RenderError.write(path: path, reason: "\(dir) is not a folder") }
        if !FileManager.default.isWritableFile(atPath: dir) { throw RenderError.write(path: path, reason: "the folder \(dir) is not writable (permission denied)") }
    }
}
