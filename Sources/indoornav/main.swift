// indoornav: the IndoorNav command-line tool. Thin: parses arguments, calls the libraries, formats output.
// Exit status: 0 success, 1 failure (or errors found), 2 usage error.
import Foundation
import IndoorCore
import IndoorLocation

let usage = """
    indoornav — indoor venues, itineraries and navigation, headless and scriptable.

    USAGE: indoornav <command> [options]
           indoornav help <command> | --help | --version

    COMMANDS:
      venue info       Summarise a venue (buildings, levels, counts, extent).
      venue validate   Check a venue and report every problem by feature id.
      search QUERY     Find POIs by name, room number or category (typo-tolerant, any language).
      route            Compute a turn-by-turn itinerary between places (multi-level, accessible profiles).
      render           Draw a level or an itinerary to PNG, SVG or PDF.
      nmea decode      Decode NMEA 0183 into one JSON fix per epoch (gpsd's TPV field names).
      gpx info         Summarise a GPX file (waypoints, routes, tracks, first and last points).
      follow           Follow a live or replayed position source on the venue, with guidance to a place.
      simulate         Run simulated navigation sessions through the engine and report how it did.
      serve            Serve venues over HTTP: routes, search, floors as GeoJSON and maps, as JSON.

    The venue commands (venue, search, route, render, serve) take --venue PATH (an IMDF folder or .zip/.imdf archive, or
    an OSM .osm or .osm.pbf file; --venue-name NAME or --bbox W,S,E,N picks one venue out of an OSM extract);
    without it, the embedded sample venue is used. Run `indoornav <command> --help` for a
    command's options. Exit status: 0 success, 1 failure (or errors found), 2 usage error.
    """

func main() -> Int32 {
    StandardStreams.prepare()
    var words = Array(CommandLine.arguments.dropFirst())
    guard let command = words.first else {
        Output.error(usage)
        return ExitStatus.usage.rawValue
    }
    words.removeFirst()
    do {
        return try run(command, words).rawValue
    } catch let error as UsageError {
        Output.error("\(error.command): \(error.message)\nRun `\(error.command) --help` for usage.")
        return ExitStatus.usage.rawValue
    } catch {
        Output.error("indoornav: \(error.localizedDescription)")
        if let hint = (error as? VenueError)?.recoverySuggestion { Output.error("hint: \(hint)") }
        return ExitStatus.failure.rawValue
    }
}

/// Runs `command` with the words after it.
func run(_ command: String, _ words: [String]) throws -> ExitStatus {
    switch command {
    case "--help", "-h":
        Output.line(usage)
        return .success
    case "help":
        // `help CMD` is `CMD --help`.
        guard let topic = words.first else {
            Output.line(usage)
            return .success
        }
        return try run(topic, Array(words.dropFirst()) + ["--help"])
    case "--version":
        Output.line("indoornav \(PreparedVenue.toolkitVersion)")
        return .success
    case "venue": return try VenueCommands.run(words)
    case "search": return try SearchCommand.run(words)
    case "route": return try RouteCommand.run(words)
    case "render": return try RenderCommand.run(words)
    case "nmea": return try NMEACommand.run(words)
    case "gpx": return try GPXCommand.run(words)
    case "follow": return try FollowCommand.run(words)
    case "simulate": return try SimulateCommand.run(words)
    case "serve": return try ServeCommand.run(words)
    default: throw UsageError("unknown command \(command)", command: "indoornav")
    }
}

exit(main())
