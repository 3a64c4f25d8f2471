import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorNavigation
import IndoorRouting
import IndoorTestSupport
import IndoorVenue

/// `positioning --walks DIR [--venues DIR] [--repeat N]`: the Indoor Location Competition 2.0 walks under DIR
/// (`site*/F*/*.txt`, with the floor's `geojson_map.json`), each located by dead reckoning from its first waypoint
/// and nothing else absolute, and with `--venues` (each floor as `site*/F*/venue.osm`) by ``SensorLocator`` too.
/// One line per walk and run: the error at each later waypoint (metres), the time taken to read the log, to read
/// and dead-reckon it, and to locate it on the venue once loaded (`--explain 1`: each waypoint and where the walk
/// was then, dead-reckoned and matched, on stderr; `--explain 2` also every matched step, and the floor's free
/// area as a JSON of rings in /tmp/free-real.json, to draw). Run k (from 0) matches with seed `--seed` + k
/// (default 1 + k): a particle filter's error is a draw, and the runs pool it over seeds.
func runPositioning() throws {
    guard let dir = option("--walks") else { fail("--walks DIR is required") }
    let floors = (FileManager.default.subpaths(atPath: dir) ?? []).filter { $0.hasSuffix("geojson_map.json") }.sorted()
    guard !floors.isEmpty else { fail("no site*/F*/geojson_map.json under \(dir)") }
    let firstSeed = option("--seed").flatMap(UInt64.init) ?? 1
    for run in 0..<repeats {
        let seed = firstSeed + UInt64(run)
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
                let read = now() - start
                let errors = deadReckoningErrors(log, at: center)
                let seconds = now() - start
                var matchedJSON = ""
                if let venues = option("--venues") {
                    let venuePath = (venues as NSString).appendingPathComponent((floor as NSString).deletingLastPathComponent + "/venue.osm")
                    let frame = planFrame((folder as NSString).appendingPathComponent("geojson_map.json"))
                    let matched = mapMatchedErrors(log, venuePath: venuePath, plan: frame, at: center, seed: seed)
                    matchedJSON = #","seed":\#(seed),"mm_errors":[\#(matched.errors.map { String(format: "%.2f", $0) }.joined(separator: ","))],"mm_seconds":\#(matched.seconds),"venue_seconds":\#(matched.venueSeconds)"#
                }
                let duration = (log.samples.last?.time ?? 0) - (log.samples.first?.time ?? 0)
                emit(#"{"suite":"positioning","walk":"\#((floor as NSString).deletingLastPathComponent)/\#(walk)","samples":\#(log.samples.count),"duration_s":\#(duration),"read_seconds":\#(read),"seconds":\#(seconds),"dr_errors":[\#(errors.map { String(format: "%.2f", $0) }.joined(separator: ","))]\#(matchedJSON)}"#)
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

/// The locator's options: `--seed S` (default 1) for the map matching.
/// Dead reckoning matched to the floor's venue (1,000 particles, drawn from `seed`) from the first waypoint: the
/// error at each later one, metres; the time to load the venue and build its graph, and the time to locate the log.
func mapMatchedErrors(_ log: SensorLog, venuePath: String, plan: PlanFrame, at place: GeoCoordinate, seed: UInt64) -> (errors: [Double], venueSeconds: Double, seconds: Double) {
    let loading = now()
    let venue: Venue
    do { venue = try VenueLoader.load(path: venuePath).inferringPassages() } catch { fail("\(venuePath): \(error.localizedDescription)") }
    guard let levelID = venue.levels.first?.id else { fail("\(venuePath): no level") }
    let graph = NavigationGraph(venue: venue)
    let truth = waypoints(log) { try? venue.frame.project(plan.geographic(x: $0, y: $1)) }
    var options = SensorLocatorOptions()
    options.seed = seed
    guard let first = truth.first,
          var locator = try? SensorLocator(graph: graph, levelID: levelID, start: first.p, year: SensorLocator.year(of: log, today: Date()),
                                           options: options) else {
        return ([], 0, 0)
    }
    // (Read before the timed loop, not at each step inside it.)
    let explain = option("--explain")
    let located = now()
    var track = [first]
    for s in log.samples {
        guard let step = locator.add(s), step.time > first.time else { continue }
        track.append((step.time, step.point))
        if explain == "2" {
            FileHandle.standardError.write(Data(String(format: "step %.2f %.2f\n", step.point.x, step.point.y).utf8))
        }
    }
    if explain == "2", let area = graph.freeArea(onLevel: levelID) {
        writeRings([(nil, area)], to: "/tmp/free-real.json")
    }
    if explain != nil {
        for w in truth {
            let p = position(track, at: w.time)
            FileHandle.standardError.write(Data(String(format: "t %.1f truth %.1f,%.1f matched %.1f,%.1f\ntruth %.2f %.2f\nmatched %.2f %.2f\n", w.time - first.time, w.p.x, w.p.y, p.x, p.y, w.p.x, w.p.y, p.x, p.y).utf8))
        }
    }
    return (truth.dropFirst().map { position(track, at: $0.time).distance(to: $0.p) }, located - loading, now() - located)
}

/// `positioning-simulated [--walks 100] [--floor-height M] [--keep M]`: walks between places on different floors of
/// generated multi-level venues (every IMDF kind of ``VenueGenerator``, seeded), along routes kept `--keep` metres
/// off walls (default 0.45 m: people do not brush them), each simulated by ``SessionSimulator`` with
/// the phone it records (``SimulatedPhone``: a GetSensorData log with a truth line a second), read back as a log
/// and located from its first truth point. One line per walk: the error at every step (metres, the truth between
/// its seconds), whether the step's floor was right, the floor changes walked and found, and the time taken.
func runSimulatedPositioning() throws {
    let wanted = option("--walks").flatMap(Int.init) ?? 100
    let floorHeight = option("--floor-height").flatMap(Double.init) ?? 4
    // `--explain VENUE` (e.g. mixed-1, or all): every step of its walks, on stderr.
    let explain = option("--explain")
    let kinds = VenueGenerator.Kind.allCases.filter { $0 != .station }
    var walks = 0
    var seed: UInt64 = 0
    while walks < wanted {
        seed += 1
        for kind in kinds where walks < wanted {
            let generated: GeneratedVenue
            let venue: Venue
            do {
                generated = try VenueGenerator(kind: kind, options: .init(seed: seed, levels: 3, rooms: nil,
                                                                          pillars: 40)).generate()
                venue = try IMDFLoader.load(files: generated.imdf, source: "generated-\(kind.rawValue)-\(seed)").inferringPassages()
            } catch { fail("generated \(kind) \(seed): \(error)") }
            let context = NavigationContext(venue: venue)
            let audit = RouteAudit(venue: venue)
            // People keep off walls: the walks follow routes kept `--keep` metres (default 0.45 m, the shy distance
            // of pedestrians from walls in the Highway Capacity Manual) off them, not the router's 5 cm.
            var keep = RoutingCosts()
            keep.clearance = option("--keep").flatMap(Double.init) ?? 0.45
            let walkGraph = keep.clearance == RoutingCosts().clearance ? context.graph : NavigationGraph(venue: venue, costs: keep)
            var walker = WalkerConfiguration()
            walker.detourRate = 0
            // Two walks a venue, between places on different floors when there are such.
            var here = 0
            for (a, b) in audit.pairs(40, seed: seed) where here < 2 && walks < wanted {
                let oa = venue.level(id: a.levelID)?.ordinal, ob = venue.level(id: b.levelID)?.ordinal
                guard oa != ob, let pa = try? venue.frame.project(a.coordinate), let pb = try? venue.frame.project(b.coordinate) else { continue }
                let from = Waypoint(end: RouteEnd(point: pa, levelID: a.levelID, label: a.name))
                let to = Waypoint(end: RouteEnd(point: pb, levelID: b.levelID, label: b.name))
                guard let itinerary = try? Router(graph: walkGraph).itinerary(through: [from, to]), itinerary.distance > 20 else { continue }
                var simulator = SessionSimulator(context: context, itinerary: itinerary, destination: to, walker: walker, seed: seed)
                simulator.phone.floorHeight = floorHeight
                let session = simulator.run(session: here, sensors: true)
                here += 1
                walks += 1
                let start = now()
                var decoder = SensorLogDecoder(format: .getSensorData)
                let samples = decoder.feed(Array(session.sensors.utf8)) + decoder.finish()
                var truth: [(time: Double, p: Coordinate, floor: Int)] = []
                for s in samples {
                    guard case .truth(let t) = s.reading, case .geographic(let g) = t.position, let p = try? venue.frame.project(g) else { continue }
                    truth.append((s.time, p, t.floor ?? 0))
                }
                guard let first = truth.first else { continue }
                let track = truth.map { ($0.time, $0.p) }
                var options = SensorLocatorOptions()
                options.floorHeight = floorHeight
                // (A walk from an escalator or a lift starts on the floor it is at, not the connector's first.)
                let startLevel = venue.levels.first { Int($0.ordinal.rounded()) == first.floor }?.id ?? a.levelID
                guard var locator = try? SensorLocator(graph: context.graph, levelID: startLevel, start: first.p,
                                                       year: PedestrianDeadReckoning.year(unixTime: SessionSimulator.epoch.timeIntervalSince1970),
                                                       options: options) else { continue }
                var errors: [Double] = [], right = 0, steps = 0, along: [Double] = []
                var found = 0, stepped = 0.0
                var ordinal = Double(first.floor)
                var dr = PedestrianDeadReckoning(start: first.p, at: venue.frame.origin,
                                                 year: PedestrianDeadReckoning.year(unixTime: SessionSimulator.epoch.timeIntervalSince1970))
                for s in samples {
                    guard let step = locator.add(s) else { continue }
                    stepped += step.length
                    if step.ordinal != ordinal { found += 1; ordinal = step.ordinal }
                    let p = position(track, at: step.time)
                    let floor = truth.last { $0.time <= step.time }?.floor ?? first.floor
                    errors.append(p.distance(to: step.point))
                    let ahead = position(track, at: step.time + 0.5), behind = position(track, at: step.time - 0.5)
                    let d = ahead.distance(to: behind)
                    if d > 0.3 {
                        let ux = (ahead.x - behind.x) / d, uy = (ahead.y - behind.y) / d
                        along.append((step.point.x - p.x) * ux + (step.point.y - p.y) * uy)
                    }
                    steps += 1
                    if Int(step.ordinal.rounded()) == floor { right += 1 }
                    if explain == "\(kind.rawValue)-\(seed)" || explain == "all" {
                        let way = atan2(ahead.x - behind.x, ahead.y - behind.y) * 180 / .pi
                        FileHandle.standardError.write(Data(String(format: "\(kind.rawValue)-\(seed)/\(here) t %.1f floor %d/%.0f error %.1f truth %.1f,%.1f at %.1f,%.1f rate %.2f heading %.0f truth %.0f\n", step.time, floor, step.ordinal,
                                                                   p.distance(to: step.point), p.x, p.y, step.point.x, step.point.y, locator.altimeter.rate,
                                                                   step.heading * 180 / .pi, way).utf8))
                    }
                }
                let seconds = now() - start
                var drErrors: [Double] = []
                for s in samples {
                    guard let alone = dr.add(s) else { continue }
                    drErrors.append(position(track, at: alone.time).distance(to: alone.position))
                }
                if explain == "\(kind.rawValue)-\(seed)" {
                    // The free areas, for drawing.
                    writeRings(venue.levels.compactMap { level in context.graph.freeArea(onLevel: level.id).map { (level.ordinal, $0) } },
                               to: "/tmp/free-\(kind.rawValue)-\(seed)-\(here).json")
                }
                let changes = zip(truth, truth.dropFirst()).filter { $0.0.floor != $0.1.floor }.count
                emit(#"{"suite":"positioning-simulated","venue":"\#(kind.rawValue)-\#(seed)","walk":"\#(a.name) → \#(b.name)","duration_s":\#(truth.last.map { $0.time - first.time } ?? 0),"samples":\#(samples.count),"seconds":\#(seconds),"steps":\#(steps),"floor_right":\#(right),"changes":\#(changes),"changes_found":\#(found),"stepped":\#(stepped),"walked":\#(zip(truth, truth.dropFirst()).reduce(0) { $0 + $1.0.p.distance(to: $1.1.p) }),"dr_errors":[\#(drErrors.map { String(format: "%.2f", $0) }.joined(separator: ","))],"along":[\#(along.map { String(format: "%.2f", $0) }.joined(separator: ","))],"errors":[\#(errors.map { String(format: "%.2f", $0) }.joined(separator: ","))]}"#)
            }
        }
    }
}

/// Writes the rings of free areas (metres), each with its floor's ordinal when known, as a JSON array of
/// `{"ordinal": …, "ring": [[x, y], …]}` to `path`: what `--explain` leaves to draw a walk on.
func writeRings(_ areas: [(ordinal: Double?, area: Geometry)], to path: String) {
    let rings = areas.flatMap { ordinal, area in
        area.polygons.flatMap(\.rings).map { ring in
            let floor = ordinal.map { #""ordinal":\#($0),"# } ?? ""
            return #"{\#(floor)"ring":[\#(ring.coordinates.map { String(format: "[%.2f,%.2f]", $0.x, $0.y) }.joined(separator: ","))]}"#
        }
    }
    try? Data(("[" + rings.joined(separator: ",\n") + "]").utf8).write(to: URL(fileURLWithPath: path))
}
