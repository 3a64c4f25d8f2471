// The command table and the usage made from it (kept out of main.swift, whose globals are set in order as its
// top-level code runs: these are initialised when first used).

/// Every command, in the order the usage, the completion scripts and the man page list them.
let commands: [(definition: CommandDefinition, run: @Sendable ([String]) throws -> ExitStatus)] = [
    (VenueCommands.definition, VenueCommands.run),
    (SearchCommand.definition, SearchCommand.run),
    (RouteCommand.definition, RouteCommand.run),
    (RenderCommand.definition, RenderCommand.run),
    (NMEACommand.definition, NMEACommand.run),
    (GPXCommand.definition, GPXCommand.run),
    (FollowCommand.definition, FollowCommand.run),
    (LocateCommand.definition, LocateCommand.run),
    (SimulateCommand.definition, SimulateCommand.run),
    (ServeCommand.definition, ServeCommand.run),
    (DocumentCommands.completions, DocumentCommands.runCompletions),
    (DocumentCommands.manpage, DocumentCommands.runManpage),
]

let tagline = "indoor venues, itineraries and navigation, headless and scriptable"

/// What the venue commands share, said once in the usage and the man page.
let venueNote = """
    The venue commands (venue, search, route, render, follow, simulate, serve) take --venue PATH (an IMDF folder or
    .zip/.imdf archive, or an OSM .osm, .osm.pbf or .geojson export; --venue-name NAME or --bbox W,S,E,N picks one venue
    out of an OSM extract); without it, the embedded sample venue is used.
    """

let usage = """
    indoornav — \(tagline).

    USAGE: indoornav <command> [options]
           indoornav help <command> | --help | --version

    COMMANDS:
    \(CommandDefinition.table(commands.flatMap(\.definition.leaves).map { ($0.usageName, $0.abstract) }))

    \(venueNote) Run `indoornav <command> --help` for a command's options.
    Exit status: 0 success, 1 failure (or errors found), 2 usage error.
    """
