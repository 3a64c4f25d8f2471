import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorNavigation
import IndoorRouting
import IndoorVenue

/// `positioning --walks DIR [--repeat N]`: the Indoor Location Competition 2.0 walks under DIR (`site*/F*/*.txt`,
/// with the floor's `geojson_map.json`), each located by dead reckoning from its first waypoint and nothing else
/// absolute. One line per walk and run: the error at each later waypoint (metres), and the time taken to read and
/// locate the log (`--explain 1`: each waypoint and where the walk was then, on stderr).
func runPositioning() throws {
    guard let dir = option("--walks") else { fail("--walks DIR is required") }
    let floors = (FileManager.default.subpaths(atPath: dir) ?? []).filter { $0.hasSuffix("geojson_map.json") }.sorted()
    guard !floors.isEmpty else { fail("no site*/F*/geojson_map.json under \(dir)") }
    for _ in 0..<repeats {
        for floor in floors {
            let folder = (dir as NSString).appendingPathComponent((floor as NSString).deletingLastPathComponent)
            let center = siteCenter((folder as NSString).appendingPathComponent("geojson_map.json"))
            let walks = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".txt") }.sorted()
            for walk in walks {
                let path = (folder as NSString).appendingPathComponent(walk)
                // Timed from the file: reading and decoding the log is part of locating it.
                let start = now()
                let log: SensorLog
                do { log = try SensorLog.read(path: path) } catch { fail(error.localizedDescription) }
                let errors = deadReckoningErrors(log, at: center)
                let seconds = now() - start
                var matchedJSON = ""
                if let venues = option("--venues") {
                    let venuePath = (venues as NSString).appendingPathComponent((floor as NSString).deletingLastPathComponent + "/venue.osm")
                    let frame = planFrame((folder as NSString).appendingPathComponent("geojson_map.json"))
                    let matched = mapMatchedErrors(log, venuePath: venuePath, plan: frame, at: center)
                    matchedJSON = #","mm_errors":[\#(matched.errors.map { String(format: "%.2f", $0) }.joined(separator: ","))],"mm_seconds":\#(matched.seconds),"venue_seconds":\#(matched.venueSeconds)"#
                }
                let duration = (log.samples.last?.time ?? 0) - (log.samples.first?.time ?? 0)
                emit(#"{"suite":"positioning","walk":"\#((floor as NSString).deletingLastPathComponent)/\#(walk)","samples":\#(log.samples.count),"duration_s":\#(duration),"seconds":\#(seconds),"dr_errors":[\#(errors.map { String(format: "%.2f", $0) }.joined(separator: ","))]\#(matchedJSON)}"#)
            }
        }
    }
}

/// The centre of a floor's GeoJSON map (its first feature, the floor's outline).
func siteCenter(_ path: String) -> GeoCoordinate {
    guard let data = FileManager.default.contents(atPath: path),
          let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let features = json["features"] as? [[String: Any]], let geometry = features.first?["geometry"] as? [String: Any] else {
        fail("cannot read \(path)")
    }
    var lons: [Double] = [], lats: [Double] = []
    func walk(_ any: Any) {
        if let pair = any as? [Double], pair.count >= 2 { lons.append(pair[0]); lats.append(pair[1]); return }
        if let list = any as? [Any] { list.forEach(walk) }
    }
    walk(geometry["coordinates"] ?? [])
    guard let w = lons.min(), let e = lons.max(), let s = lats.min(), let n = lats.max() else { fail("\(path): no coordinates") }
    return GeoCoordinate(longitude: (w + e) / 2, latitude: (s + n) / 2)
}

/// Dead reckoning from the first waypoint: the error at each later one, the walk's position at its time
/// interpolated between steps.
func deadReckoningErrors(_ log: SensorLog, at place: GeoCoordinate) -> [Double] {
    var waypoints: [(time: Double, x: Double, y: Double)] = []
    for s in log.samples {
        if case .truth(let t) = s.reading, case .plan(let x, let y) = t.position { waypoints.append((s.time, x, y)) }
    }
    guard let first = waypoints.first, let t0 = log.samples.first?.time else { return [] }
    let year = 1970 + t0 / (365.2425 * 86400)
    let field = WorldMagneticModel.wmm2025?.field(latitude: place.latitude, longitude: place.longitude, year: year)
    let strength = field.map { ($0.north * $0.north + $0.east * $0.east + $0.down * $0.down).squareRoot() / 1000 }
    var dr = PedestrianDeadReckoning(start: Coordinate(x: first.x, y: first.y), declination: field?.declination ?? 0, expectedField: strength)
    var track: [(time: Double, p: Coordinate)] = [(first.time, Coordinate(x: first.x, y: first.y))]
    for s in log.samples {
        guard let step = dr.add(s), step.time > first.time else { continue }
        track.append((step.time, step.position))
    }
    func at(_ t: Double) -> Coordinate {
        guard let k = track.firstIndex(where: { $0.time >= t }) else { return track[track.count - 1].p }
        guard k > 0 else { return track[0].p }
        let a = track[k - 1], b = track[k]
        let f = b.time > a.time ? (t - a.time) / (b.time - a.time) : 1
        return Coordinate(x: a.p.x + f * (b.p.x - a.p.x), y: a.p.y + f * (b.p.y - a.p.y))
    }
    if option("--explain") != nil {
        for w in waypoints { let p = at(w.time); FileHandle.standardError.write(Data(String(format: "t %.1f truth %.1f,%.1f dr %.1f,%.1f\n", w.time - first.time, w.x, w.y, p.x, p.y).utf8)) }
        FileHandle.standardError.write(Data("steps \(track.count - 1) length \(track.count > 1 ? zip(track, track.dropFirst()).reduce(0) { $0 + $1.0.p.distance(to: $1.1.p) } : 0)\n".utf8))
    }
    return waypoints.dropFirst().map { w in at(w.time).distance(to: Coordinate(x: w.x, y: w.y)) }
}

/// The plan frame of an ILC floor, from its outline (the first feature of `geojson_map.json`).
func planFrame(_ path: String) -> PlanFrame {
    guard let data = FileManager.default.contents(atPath: path),
          let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let features = json["features"] as? [[String: Any]], let geometry = features.first?["geometry"] as? [String: Any] else {
        fail("cannot read \(path)")
    }
    var lons: [Double] = [], lats: [Double] = []
    func walk(_ any: Any) {
        if let pair = any as? [Double], pair.count >= 2 { lons.append(pair[0]); lats.append(pair[1]); return }
        if let list = any as? [Any] { list.forEach(walk) }
    }
    walk(geometry["coordinates"] ?? [])
    guard let w = lons.min(), let s = lats.min(), let n = lats.max() else { fail("\(path): no coordinates") }
    return PlanFrame(southWest: GeoCoordinate(longitude: w, latitude: s), middleLatitude: (s + n) / 2)
}

/// Dead reckoning matched to the floor's venue (1,000 particles, seed 1) from the first waypoint: the error at
/// each later one, metres; the time to load the venue and build its graph, and the time to locate the log.
func mapMatchedErrors(_ log: SensorLog, venuePath: String, plan: PlanFrame, at place: GeoCoordinate) -> (errors: [Double], venueSeconds: Double, seconds: Double) {
    let loading = now()
    let venue: Venue
    do { venue = try VenueLoader.load(path: venuePath).inferringPassages() } catch { fail("\(venuePath): \(error.localizedDescription)") }
    guard let levelID = venue.levels.first?.id else { fail("\(venuePath): no level") }
    let graph = NavigationGraph(venue: venue)
    let located = now()
    var waypoints: [(time: Double, p: Coordinate)] = []
    for s in log.samples {
        if case .truth(let t) = s.reading, case .plan(let x, let y) = t.position, let p = try? venue.frame.project(plan.geographic(x: x, y: y)) {
            waypoints.append((s.time, p))
        }
    }
    guard let first = waypoints.first, let t0 = log.samples.first?.time,
          var matcher = MapMatcher(graph: graph, levelID: levelID, start: first.p) else { return ([], 0, 0) }
    let year = 1970 + t0 / (365.2425 * 86400)
    let field = WorldMagneticModel.wmm2025?.field(latitude: place.latitude, longitude: place.longitude, year: year)
    let strength = field.map { ($0.north * $0.north + $0.east * $0.east + $0.down * $0.down).squareRoot() / 1000 }
    var dr = PedestrianDeadReckoning(declination: field?.declination ?? 0, expectedField: strength)
    var track: [(time: Double, p: Coordinate)] = [(first.time, first.p)]
    for s in log.samples {
        guard let step = dr.add(s), step.time > first.time else { continue }
        track.append((step.time, matcher.step(time: step.time, length: step.length, heading: step.heading).point))
    }
    func at(_ t: Double) -> Coordinate {
        guard let k = track.firstIndex(where: { $0.time >= t }) else { return track[track.count - 1].p }
        guard k > 0 else { return track[0].p }
        let a = track[k - 1], b = track[k]
        let f = b.time > a.time ? (t - a.time) / (b.time - a.time) : 1
        return Coordinate(x: a.p.x + f * (b.p.x - a.p.x), y: a.p.y + f * (b.p.y - a.p.y))
    }
    return (waypoints.dropFirst().map { at($0.time).distance(to: $0.p) }, located - loading, now() - located)
}
