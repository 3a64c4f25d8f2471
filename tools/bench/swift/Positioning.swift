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

/// The bounding box of a floor's outline (the first feature of its GeoJSON map): west, south, east, north.
func outlineBox(_ path: String) -> (w: Double, s: Double, e: Double, n: Double) {
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
    return (w, s, e, n)
}

/// The centre of a floor's outline.
func siteCenter(_ path: String) -> GeoCoordinate {
    let box = outlineBox(path)
    return GeoCoordinate(longitude: (box.w + box.e) / 2, latitude: (box.s + box.n) / 2)
}

/// The plan frame of an ILC floor, from its outline.
func planFrame(_ path: String) -> PlanFrame {
    let box = outlineBox(path)
    return PlanFrame(southWest: GeoCoordinate(longitude: box.w, latitude: box.s), middleLatitude: (box.s + box.n) / 2)
}

/// Where a track of timed points was at `t`, interpolated between them (its ends before and after).
func position(_ track: [(time: Double, p: Coordinate)], at t: Double) -> Coordinate {
    guard let k = track.firstIndex(where: { $0.time >= t }) else { return track[track.count - 1].p }
    guard k > 0 else { return track[0].p }
    let a = track[k - 1], b = track[k]
    let f = b.time > a.time ? (t - a.time) / (b.time - a.time) : 1
    return Coordinate(x: a.p.x + f * (b.p.x - a.p.x), y: a.p.y + f * (b.p.y - a.p.y))
}

/// A log's waypoints, each placed by `place` (nil: dropped).
func waypoints(_ log: SensorLog, _ place: (Double, Double) -> Coordinate?) -> [(time: Double, p: Coordinate)] {
    log.samples.compactMap { s in
        guard case .truth(let t) = s.reading, case .plan(let x, let y) = t.position, let p = place(x, y) else { return nil }
        return (s.time, p)
    }
}

/// Dead reckoning from the first waypoint (plan metres): the error at each later one.
func deadReckoningErrors(_ log: SensorLog, at place: GeoCoordinate) -> [Double] {
    let truth = waypoints(log) { Coordinate(x: $0, y: $1) }
    guard let first = truth.first, let t0 = log.samples.first?.time else { return [] }
    var dr = PedestrianDeadReckoning(start: first.p, at: place, year: PedestrianDeadReckoning.year(unixTime: t0))
    var track = [first]
    for s in log.samples {
        guard let step = dr.add(s), step.time > first.time else { continue }
        track.append((step.time, step.position))
    }
    if option("--explain") != nil {
        for w in truth {
            let p = position(track, at: w.time)
            FileHandle.standardError.write(Data(String(format: "t %.1f truth %.1f,%.1f dr %.1f,%.1f\n", w.time - first.time, w.p.x, w.p.y, p.x, p.y).utf8))
        }
    }
    return truth.dropFirst().map { position(track, at: $0.time).distance(to: $0.p) }
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
    let truth = waypoints(log) { try? venue.frame.project(plan.geographic(x: $0, y: $1)) }
    guard let first = truth.first, let t0 = log.samples.first?.time,
          var matcher = MapMatcher(graph: graph, levelID: levelID, start: first.p) else { return ([], 0, 0) }
    var dr = PedestrianDeadReckoning(at: place, year: PedestrianDeadReckoning.year(unixTime: t0))
    var track = [first]
    for s in log.samples {
        guard let step = dr.add(s), step.time > first.time else { continue }
        track.append((step.time, matcher.step(time: step.time, length: step.length, heading: step.heading).point))
    }
    return (truth.dropFirst().map { position(track, at: $0.time).distance(to: $0.p) }, located - loading, now() - located)
}
