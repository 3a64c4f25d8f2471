// The Swift side of IndoorNav's benchmarks: `indoornav-bench SUITE --workloads DIR [--repeat N]`.
// Each suite prints one line of JSON per measured run on stdout; the shell scripts in tools/bench run the peers
// side by side and compute the ratios.
import Foundation
import IndoorGeometry

/// One result line, written at once (stdout may be a pipe to the comparing script).
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("indoornav-bench: \(message)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let suite = arguments.first else {
    fail("usage: indoornav-bench geometry --workloads DIR [--answers FILE] [--repeat N] | search [--repeat N] | routing-graph --workloads DIR [--answers FILE] [--repeat N] | routing-venues [--repeat N] | render [--repeat N] | navigation [--repeat N] | route-pairs --venue PATH [--venue-name NAME] [--pairs N] [--seed S] [--strict] [--verbose] [--dump FILE] | guidance --venue PATH [--venue-name NAME] | --generated KIND [--venue-seed S] [--pairs N] [--seed S] [--lang L] [--verbose] [--print] | simulate --venue PATH [--venue-name NAME] | --generated KIND [--venue-seed S] [--levels N] [--sessions N] [--pairs N] [--seed S] [--noise M] [--detour-rate R] [--verbose] [--explain N] | positioning --walks DIR [--repeat N]")
}
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}
/// The shared workloads folder (suites that read one).
func workloadsDirectory() -> String {
    guard let dir = option("--workloads") else { fail("--workloads DIR is required") }
    return dir
}
let repeats = option("--repeat").flatMap(Int.init) ?? 3

func readLines(_ path: String) -> [Substring] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return String(decoding: data, as: UTF8.self).split(separator: "\n")
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

switch suite {
case "geometry":
    try runGeometry()
case "search":
    try runSearch()
case "routing-graph":
    try runRoutingGraph()
case "routing-venues":
    try runRoutingVenues()
case "render":
    try runRender()
case "navigation":
    try runNavigation()
case "route-pairs":
    try runRoutePairs()
case "guidance":
    try runGuidance()
case "simulate":
    try runSimulate()
case "positioning":
    try runPositioning()
case "positioning-simulated":
    try runSimulatedPositioning()
default:
    fail("unknown suite \(suite)")
}

