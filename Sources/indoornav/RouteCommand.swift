import Foundation
import IndoorCore

enum RouteCommand {
    static let definition = CommandDefinition(
        path: ["route"],
        synopsis: """
            --from PLACE --to PLACE [--via PLACE]... [--profile P] [--avoid ID]... [--non-public]
            [--format text|json|geojson] [--lang en|fr|de|ru] [--render FILE [--force]] [--venue PATH] [--strict]
            """,
        abstract: "Compute a turn-by-turn itinerary between places (multi-level, accessible profiles).",
        discussion: """
            Computes the itinerary a person would walk: around corners, through doors, up and down stairs, elevators
            and escalators, with turn-by-turn instructions.

            PLACE is a POI, space, opening or connector-stop id, a name (the best search result: a whole name wins, then
            the nearest of equally good ones; when several tie, a note on stderr says which was taken and the ids of the
            others), LON,LAT@LEVEL (LEVEL an ordinal such as 0, -1, 0.5, or a level id), or category:C for the nearest
            POI of category C by walking time. Elevators, escalators, stairs and entrances are places too ("Elevator B",
            "Aufzug", "main entrance").
            """,
        groups: [OptionGroup(title: "OPTIONS", options: [
            .value("--from", "PLACE", help: "Where the itinerary starts (required)."),
            .value("--to", "PLACE", help: "Where it ends (required)."),
            .value("--via", "PLACE", repeatable: true, help: "Stop here on the way (repeatable, in order)."),
            .profile,
            .value("--avoid", "ID", repeatable: true, help: "A space, opening or connector id that is closed, or an id search or venue places prints: a lift's or a room's closes it (repeatable)."),
            .flag("--non-public", help: "Allow crossing staff-only and restricted areas."),
            .value("--format", "F", choices: ["text", "json", "geojson"],
                   help: "text (default), json, or geojson (RFC 7946, a LineString per leg and a Point per step)."),
            .flag("--json", help: "The same as --format json."),
            .instructionLanguage("Instruction language: en (default), fr, de or ru; names follow it with fallback."),
            .value("--render", "FILE", .file, help: "Also draw the itinerary (.png, .svg or .pdf): one panel per level it visits."),
            .flag("--force", help: "Overwrite FILE if it exists."),
        ] + OptionDefinition.venueSource)])

    static func run(_ words: [String]) throws -> ExitStatus {
        guard var args = try definition.arguments(words) else { return .success }
        let options = try CommonOptions(&args)
        guard let fromText = try args.option("--from") else { throw args.missing("--from PLACE") }
        guard let toText = try args.option("--to") else { throw args.missing("--to PLACE") }
        var request = RouteRequest(from: fromText, to: toText, language: options.language)
        while let v = try args.option("--via", first: true) { request.via.append(v) }
        while let a = try args.option("--avoid", first: true) { request.avoid.append(a) }
        request.profile = try profileOption(&args)
        request.includeNonPublic = args.flag("--non-public")
        let renderPath = try args.option("--render")
        let force = args.flag("--force")
        let format = try args.option("--format") ?? (options.json ? "json" : "text")
        guard ["text", "json", "geojson"].contains(format) else {
            throw UsageError("unknown format \(format) (text, json, geojson)", command: args.command)
        }
        try args.finish()
        // The image is checked before any routing, as `render -o` does.
        var renderFormat: ImageFormat?
        if let renderPath {
            guard let format = ImageFormat(path: renderPath) else {
                throw UsageError("--render must end in .png, .svg or .pdf, not \(renderPath)", command: args.command)
            }
            try RenderCommand.checkOutput(renderPath, force: force)
            renderFormat = format
        }

        let venue = try options.prepareVenue()
        let plan: RoutePlan
        do {
            plan = try venue.route(request)
        } catch let error as RequestError {
            throw UsageError("--\(error.field.rawValue) \(error.reason)", command: args.command)
        }
        printNotes(plan.notes, to: .error)
        switch format {
        case "json": Output.json(RouteResponse(plan))
        case "geojson": Output.json(plan.geoJSON.json)
        default:
            RouteOutput.text(plan, venue: venue.venue, languages: options.languages)
            printNotes(plan.notes, to: .output, language: plan.language)
        }
        if let renderPath, let format = renderFormat {
            try venue.map(of: plan.itinerary, width: 1200, height: 900, format: format, languages: options.languages).write(to: renderPath)
            Output.error("wrote \(renderPath)")
        }
        return .success
    }

    enum Stream { case output, error }

    /// What a route's caller is told: on stderr, which of several equally good places a name was taken for and how to
    /// name the others (diagnostics, in English as every message on stderr); with the text itinerary, in its
    /// language, a place reached on another floor than its own.
    static func printNotes(_ notes: [RouteNote], to stream: Stream, language: InstructionLanguage = .en) {
        for note in notes {
            switch (note, stream) {
            case (.ambiguousPlace(let tie), .error):
                func described(_ p: PlaceSummary) -> String {
                    "\(p.name)\(p.building.map { " in \($0)," } ?? "") on \(p.levelName)\(p.level.map { " [\(Level.text(ordinal: $0))]" } ?? "")"
                }
                let count = "\(tie.others.count + 1)\(tie.moreMayExist ? " or more" : "")"
                let how = tie.nearestToPreviousStop ? " (the nearest to the stop before it)" : ""
                Output.error("note: \"\(tie.text)\" matches \(count) places equally well; "
                             + "took \(described(tie.taken)), id \(tie.taken.id)\(how). To go to another, name it by its id:")
                for other in tie.others { Output.error("  \(described(other)): \(other.id)") }
            case (.movedToFloor(let place, let asked, let reached), .output):
                Output.line(language.movedToFloor(place, asked: Level.text(ordinal: asked), reached: Level.text(ordinal: reached), below: reached < asked))
            default: break
            }
        }
    }

    /// `--profile P` (default when absent).
    static func profileOption(_ args: inout Arguments) throws(UsageError) -> RoutingOptions.Profile {
        let text = try args.option("--profile") ?? "default"
        guard let profile = RoutingOptions.Profile(rawValue: text) else {
            throw UsageError("unknown profile \(text) (default, accessible, avoid-elevators, avoid-escalators)", command: args.command)
        }
        return profile
    }
}

/// The text itinerary, every word in the instructions' language (``InstructionLanguage``): distances and durations
/// rounded as people say them, counts with their plurals.
enum RouteOutput {
    static func text(_ plan: RoutePlan, venue: Venue, languages: [String]) {
        let it = plan.itinerary
        let language = plan.language
        Output.line(language.summary(from: plan.said(plan.origin.waypoint.name), to: plan.said(plan.destination.name), distance: it.distance, duration: it.duration))
        if it.startSnap > 1 || it.endSnap > 1 {
            Output.line(language.snapped(start: it.startSnap, end: it.endSnap))
        }
        var n = 0
        for leg in it.legs {
            let level = venue.level(id: leg.levelID)
            let name = level.map { $0.displayName(for: languages, wordLanguage: language.rawValue) } ?? leg.levelID
            Output.line("")
            let walked = leg.distance >= 0.5 ? " — \(language.distance(leg.distance)), \(language.duration(leg.duration))" : ""
            Output.line("\(name) [\(level?.ordinalText ?? "?")]\(walked)")
            for step in leg.steps {
                n += 1
                var line = "  \(n). \(plan.instruction(step))"
                // Rounded as people say distances, written as the instruction language writes them.
                if step.distance >= 0.5 { line += " — \(plan.language.distance(step.distance))" }
                Output.line(line)
            }
        }
    }
}
