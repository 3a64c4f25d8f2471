import Foundation
import IndoorBase
import IndoorGeometry

/// Which room contains each of the rooms workload's points: PolygonIndex (STR-tree + prepared polygons).
func runGeometry() throws {
    let workloads = workloadsDirectory()
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
