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
guard let suite = arguments.first else { fail("usage: indoornav-bench geometry --workloads DIR [--repeat N]") }
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}
guard let workloads = option("--workloads") else { fail("--workloads DIR is required") }
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
default:
    fail("unknown suite \(suite)")
}

/// Which room contains each of the rooms workload's points: PolygonIndex (STR-tree + prepared polygons).
func runGeometry() throws {
    let rooms = try readLines("\(workloads)/rooms/rooms.wkt").map { try Geometry(wkt: String($0)) }
    let points: [Coordinate] = readLines("\(workloads)/rooms/points.txt").map { line in
        let parts = line.split(separator: " ")
        return Coordinate(x: Double(parts[0]) ?? .nan, y: Double(parts[1]) ?? .nan)
    }
    let answersPath = option("--answers")
    let expected: [Int]? = answersPath.map { readLines($0).map { Int($0) ?? -2 } }
    for run in 1...repeats {
        let t0 = now()
        let index = PolygonIndex(rooms)
        let t1 = now()
        var found = [Int](repeating: -1, count: points.count)
        for (i, p) in points.enumerated() { found[i] = index.firstContaining(p) ?? -1 }
        let t2 = now()
        let mismatches = expected.map { e in zip(e, found).filter { $0 != $1 }.count } ?? -1
        emit("{\"suite\":\"geometry\",\"run\":\(run),\"rooms\":\(rooms.count),\"points\":\(points.count),"
            + "\"build_s\":\(t1 - t0),\"query_s\":\(t2 - t1),\"points_per_s\":\(Double(points.count) / (t2 - t1)),"
            + "\"mismatches\":\(mismatches)}")
    }
}
