import Foundation
import IndoorCore

enum GPXCommand {
    static let definition = CommandDefinition.group("gpx", abstract: "Summarise a GPX file.", [
        CommandDefinition(
            path: ["gpx", "info"], synopsis: "FILE|- [--json] [--verbose]",
            abstract: "Summarise a GPX file (waypoints, routes, tracks, first and last points).",
            discussion: """
                Summarises a GPX 1.0 or 1.1 file (- for standard input): waypoints, routes and their points, tracks,
                segments and their points, and the first and last points (time, position, elevation). Any size is read in
                bounded memory. A file that is not GPX exits 1 with the line and column of the problem.
                """,
            operand: .init(name: "FILE", kind: .file),
            groups: [OptionGroup(title: "OPTIONS", options: [
                .json,
                .flag("--verbose", "-v", help: "Also print the time taken and the peak memory on stderr."),
            ])]),
    ])

    static func run(_ words: [String]) throws -> ExitStatus {
        guard var args = try definition.arguments(words) else { return .success }
        let json = args.flag("--json")
        let verbose = args.flag("--verbose") || args.flag("-v")
        guard let given = args.positional() else { throw args.missing("FILE") }
        let path = try StandardStreams.input(given, command: args.command)
        try args.finish()
        let start = monotonicSeconds()
        let summary = try GPXReader.read(path: path)
        if verbose {
            Output.error(String(format: "read in %.2f s, peak memory %d MiB", monotonicSeconds() - start, peakMemoryMiB()))
        }
        if json {
            Output.json(summary.json)
            return .success
        }
        Output.line("\(path): GPX \(summary.version ?? "?")\(summary.creator.map { " from \($0)" } ?? "")")
        Output.line("\(counted(summary.waypoints, "waypoint")), \(counted(summary.routes, "route")) (\(counted(summary.routePoints, "point"))), "
            + "\(counted(summary.tracks, "track")) in \(counted(summary.segments, "segment")) (\(counted(summary.trackPoints, "point")))")
        if let first = summary.first { Output.line("start: \(describe(first))") }
        if let last = summary.last { Output.line("end:   \(describe(last))") }
        return .success
    }

    static func describe(_ p: GPXPoint) -> String {
        // Longitude first, as places are written (LON,LAT@LEVEL) and as GeoJSON orders them.
        var s = String(format: "%.6f,%.6f", p.coordinate.longitude, p.coordinate.latitude)
        if let e = p.elevation { s += String(format: ", %.1f m", e) }
        if let t = p.time { s += ", " + t.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) }
        return s
    }

    /// This process's peak resident memory: VmHWM from /proc (getrusage's ru_maxrss on Linux carries over the
    /// parent's peak across fork and exec, so a child of a large process would report its parent's).
    static func peakMemoryMiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            if let kB = line.split(separator: " ").compactMap({ Int($0) }).first { return kB / 1024 }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }
}
