import Foundation
import IndoorBase
import IndoorGeometry
import IndoorRender
import IndoorRouting
import IndoorText
import IndoorTestSupport
import IndoorSampleVenue
import IndoorVenue

/// The graph workload: 1,000 shortest-path queries on 100,000 nodes (5 levels) with our search engine,
/// distances checked to the millimetre against the reference.
func runRoutingGraph() throws {
    let workloads = workloadsDirectory()
    let t0 = now()
    var positions: [(Double, Double, Double)] = []
    for line in readLines("\(workloads)/graph/indoor.nodes") where !line.hasPrefix("#") {
        let f = line.split(separator: " ")
        guard f.count >= 5, let x = Double(f[2]), let y = Double(f[3]), let z = Double(f[4]) else { continue }
        positions.append((x, y, z))
    }
    var edges: [RoutingGraph.Edge] = []
    for line in readLines("\(workloads)/graph/indoor.edges") where !line.hasPrefix("#") {
        let f = line.split(separator: " ")
        guard f.count >= 3, let a = Int32(f[0]), let b = Int32(f[1]), let w = Double(f[2]) else { continue }
        edges.append(RoutingGraph.Edge(a, b, w))
    }
    let queries: [(Int32, Int32)] = readLines("\(workloads)/graph/queries.txt").compactMap { line in
        guard !line.hasPrefix("#") else { return nil }
        let f = line.split(separator: " ")
        guard f.count >= 2, let a = Int32(f[0]), let b = Int32(f[1]) else { return nil }
        return (a, b)
    }
    let expected: [Int]? = option("--answers").map { readLines($0).compactMap { Int($0) } }
    let t1 = now()
    let graph = RoutingGraph(nodeCount: positions.count, edges: edges)
    let lowerBound = EuclideanLowerBound(positions: positions, edges: edges)
    let t2 = now()
    emit("{\"suite\":\"routing-graph\",\"phase\":\"build\",\"nodes\":\(positions.count),\"edges\":\(edges.count),"
        + "\"read_s\":\(t1 - t0),\"build_s\":\(t2 - t1),\"heuristic_scale\":\(lowerBound.scale)}")
    let search = ShortestPathSearch(graph: graph)
    let hierarchy = ContractionHierarchy(graph: graph)
    emit("{\"suite\":\"routing-graph\",\"phase\":\"contraction\",\"build_s\":\(hierarchy.buildSeconds),"
        + "\"shortcuts\":\(hierarchy.shortcutCount),\"memory_mb\":\(Double(hierarchy.memoryBytes) / 1e6)}")
    /// Answers every query `repeats` times with `engine`, checking distances against the reference (mm).
    func measure(_ engine: String, _ distance: (Int32, Int32) -> Double?) {
        for run in 1...repeats {
            var latencies: [Double] = []
            var mismatches = 0
            for (k, (s, t)) in queries.enumerated() {
                let q0 = now()
                let d = distance(s, t)
                latencies.append(now() - q0)
                let mm = d.map { Int(($0 * 1000).rounded()) } ?? -1
                if let expected, k < expected.count, expected[k] != mm { mismatches += 1 }
            }
            let sorted = latencies.sorted()
            emit("{\"suite\":\"routing-graph\",\"engine\":\"\(engine)\",\"run\":\(run),\"queries\":\(queries.count),"
                + "\"mean_ms\":\(latencies.reduce(0, +) / Double(latencies.count) * 1000),"
                + "\"p50_ms\":\(sorted[sorted.count / 2] * 1000),\"p99_ms\":\(sorted[sorted.count * 99 / 100] * 1000),"
                + "\"mismatches\":\(expected == nil ? -1 : mismatches)}")
        }
    }
    measure("contraction-hierarchy") { hierarchy.distance(from: $0, to: $1) }
    measure("astar") { s, t in
        let target = positions[Int(t)]
        return search.run(from: [(s, 0)], to: [(t, 0)], heuristic: { lowerBound.estimate(from: Int($0), to: target) })?.cost
    }
}

/// A* lower bound from straight-line distance: the workload's weights are metres along corridors and stairs,
/// never shorter than the 3-D distance between their ends; the scale is checked on every edge (and lowered if an
/// edge is shorter), so the bound stays admissible and the answers exact.
struct EuclideanLowerBound {
    let positions: [(Double, Double, Double)]
    let scale: Double

    init(positions: [(Double, Double, Double)], edges: [RoutingGraph.Edge]) {
        self.positions = positions
        var scale = 1.0
        for e in edges {
            let d = Self.distance(positions[Int(e.from)], positions[Int(e.to)])
            if d > 0, e.weight < d * scale { scale = e.weight / d }
        }
        // A hair under, so rounding in the sums can never make the bound exceed the true cost.
        self.scale = scale * (1 - 1e-9)
    }

    @inline(__always)
    static func distance(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        let dx = a.0 - b.0, dy = a.1 - b.1, dz = a.2 - b.2
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }

    @inline(__always)
    func estimate(from node: Int, to target: (Double, Double, Double)) -> Double {
        scale * Self.distance(positions[node], target)
    }
}

/// The shipped venues: graph build time and size, and per-query latency (p50, p99) and nodes settled for routes
/// between seeded random pairs of POIs (any level to any level): with plain A* (straight-line bound, what a
/// one-shot command does), then with the graph's landmarks prepared (ALT, what the service does), with their build
/// time and memory. Both answer the same pairs; a pair whose two costs differ by more than 1e-6 of the cost counts
/// as a mismatch.
func runRoutingVenues() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let venues: [(String, () throws -> Venue)] = [
        ("hub", { try SampleVenue.load() }),
        ("spbstu", { try VenueLoader.load(path: root.appendingPathComponent("venues/imdf-spbstu-polytech").path) }),
        ("apb", { try VenueLoader.load(path: root.appendingPathComponent("venues/osm-dresden-apb/apb.osm").path) }),
    ]
    for (name, load) in venues {
        let venue = try load().inferringPassages()
        for run in 1...repeats {
            let graph = NavigationGraph(venue: venue)
            let router = Router(graph: graph)
            /// Routes the seeded pairs: per pair its cost (nil: no route), latencies, nodes settled.
            func measure() -> (costs: [Double?], latencies: [Double], routed: [Double], settled: [Int]) {
                var rng = SeededGenerator(seed: 7)
                let pois = venue.pois
                var costs: [Double?] = [], latencies: [Double] = [], routed: [Double] = [], settled: [Int] = []
                for _ in 0..<200 {
                    let a = pois[Int(rng.next() % UInt64(pois.count))], b = pois[Int(rng.next() % UInt64(pois.count))]
                    guard let pa = try? venue.frame.project(a.coordinate), let pb = try? venue.frame.project(b.coordinate) else { continue }
                    let q0 = now()
                    let route = try? router.route(from: RouteEnd(point: pa, levelID: a.levelID, label: "a"),
                                                  to: RouteEnd(point: pb, levelID: b.levelID, label: "b"))
                    let elapsed = now() - q0
                    latencies.append(elapsed)
                    if route != nil { routed.append(elapsed) }
                    costs.append(route?.cost)
                    settled.append(router.settledInLastSearch)
                }
                return (costs, latencies.sorted(), routed.sorted(), settled)
            }
            let plain = measure()
            let landmarks = graph.prepareLandmarks()
            let alt = measure()
            let mismatches = zip(plain.costs, alt.costs).filter { p, a in
                guard let p, let a else { return (p == nil) != (a == nil) }
                return abs(p - a) > 1e-6 * max(1, p)
            }.count
            let p50 = { (xs: [Double]) in xs.isEmpty ? 0 : xs[xs.count / 2] * 1000 }
            let mean = { (xs: [Int]) in Double(xs.reduce(0, +)) / Double(max(1, xs.count)) }
            // What sets a server's routes per second: the mean, outliers included.
            let average = { (xs: [Double]) in xs.reduce(0, +) / Double(max(1, xs.count)) * 1000 }
            emit("{\"suite\":\"routing-venues\",\"run\":\(run),\"venue\":\"\(name)\",\"nodes\":\(graph.nodes.count),"
                + "\"edges\":\(graph.edges.count),\"build_s\":\(graph.buildSeconds),\"queries\":\(plain.latencies.count),"
                + "\"no_route\":\(plain.latencies.count - plain.routed.count),\"p50_ms\":\(p50(plain.latencies)),"
                + "\"p99_ms\":\(plain.latencies[plain.latencies.count * 99 / 100] * 1000),"
                + "\"routed_p50_ms\":\(p50(plain.routed)),\"settled_mean\":\(mean(plain.settled)),"
                + "\"landmarks\":\(landmarks.count),\"landmarks_build_s\":\(landmarks.buildSeconds),"
                + "\"landmarks_mb\":\(Double(landmarks.memoryBytes) / 1e6),\"alt_p50_ms\":\(p50(alt.latencies)),"
                + "\"alt_p99_ms\":\(alt.latencies[alt.latencies.count * 99 / 100] * 1000),"
                + "\"alt_routed_p50_ms\":\(p50(alt.routed)),\"alt_routed_mean_ms\":\(average(alt.routed)),"
                + "\"alt_settled_mean\":\(mean(alt.settled)),"
                + "\"alt_mismatches\":\(mismatches)}")
        }
    }
}

/// The renderer: a 1000×1000 PNG of a level with a route (draw and encode), and a 100-frame session (a puck
/// walking the route, the camera following it, a PNG per frame).
func runRender() throws {
    let venue = try SampleVenue.load()
    let router = Router(graph: NavigationGraph(venue: venue))
    guard let a = venue.pois.first(where: { $0.name.resolved() == "Café Müller" }),
          let b = venue.pois.first(where: { $0.name.resolved() == "Page Blanche Bookshop" }) else { fail("sample venue changed") }
    let itinerary = try router.itinerary(through: [
        Waypoint(end: RouteEnd(point: try venue.frame.project(a.coordinate), levelID: a.levelID, label: "a")),
        Waypoint(end: RouteEnd(point: try venue.frame.project(b.coordinate), levelID: b.levelID, label: "b")),
    ])
    let renderer = MapRenderer(venue: venue)
    let directory = NSTemporaryDirectory() + "indoornav-bench-render-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let level = a.levelID
    guard let box = renderer.bounds(of: level) else { fail("no level") }
    // The frames: points along the route, each drawn on its level with the camera centred on it.
    let walk: [(GeoCoordinate, String, Double)] = itinerary.legs.flatMap { leg in
        leg.steps.flatMap { step in zip(step.polyline, step.polyline.dropFirst()).map { ($0.0, step.levelID, heading($0.0, $0.1)) } }
    }
    for run in 1...repeats {
        var single: [Double] = []
        for k in 0..<20 {
            let t0 = now()
            let map = try renderer.draw(level: level, viewport: Viewport.fitting(box, width: 1000, height: 1000), itinerary: itinerary)
            try map.write(to: "\(directory)/level-\(k).png")
            single.append(now() - t0)
        }
        let t1 = now()
        for frame in 0..<100 {
            let (c, levelID, h) = walk[frame * walk.count / 100]
            let center = try venue.frame.project(c)
            let puck = Puck(coordinate: c, levelID: levelID, accuracy: 3, heading: h)
            let map = try renderer.draw(level: levelID, viewport: Viewport(center: center, metresPerPixel: 0.05, bearing: h, width: 800, height: 600),
                                        itinerary: itinerary, puck: puck)
            try map.write(to: "\(directory)/frame-\(frame).png")
        }
        let t2 = now()
        single.sort()
        emit("{\"suite\":\"render\",\"run\":\(run),\"level_1000px_p50_ms\":\(single[single.count / 2] * 1000),"
            + "\"level_1000px_max_ms\":\((single.last ?? 0) * 1000),\"session_100_frames_s\":\(t2 - t1)}")
    }
}

/// Degrees clockwise from north, from a to b (WGS84, a local approximation).
func heading(_ a: GeoCoordinate, _ b: GeoCoordinate) -> Double {
    let dx = (b.longitude - a.longitude) * cos(a.latitude * .pi / 180), dy = b.latitude - a.latitude
    return (atan2(dx, dy) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
}

/// Seeded pairs of named public places of one venue, routed and judged by ``RouteAudit``: how many route, why the
/// others do not, and any route that crosses a wall. One JSON line on stdout; with `--verbose`, each failure and
/// crossing on stderr.
func runRoutePairs() throws {
    guard let path = option("--venue") else { fail("route-pairs needs --venue PATH") }
    let drawn = try VenueLoader.load(path: path, selection: option("--venue-name").map { .named($0) })
    let venue = arguments.contains("--strict") ? drawn : drawn.inferringPassages()
    let t0 = now()
    let audit = RouteAudit(venue: venue)
    let built = now() - t0
    // Routed as the service routes (with the graph's landmarks), unless --plain.
    let landmarks = arguments.contains("--plain") ? nil : audit.graph.prepareLandmarks()
    let outcomes = audit.run(pairs: option("--pairs").flatMap(Int.init) ?? 40, seed: option("--seed").flatMap(UInt64.init) ?? 1)
    let routed = outcomes.filter { $0.distance != nil }
    let crossing = outcomes.filter { !$0.crossings.isEmpty }
    if arguments.contains("--verbose") {
        for o in outcomes where o.failure != nil || !o.crossings.isEmpty {
            let head = "\(o.from.name) [\(o.from.id)] → \(o.to.name) [\(o.to.id)]: "
            FileHandle.standardError.write(Data((head + (o.failure ?? o.crossings.joined(separator: "; ")) + "\n").utf8))
        }
    }
    // --dump FILE: one JSON line a pair (places, WGS84 and level ordinals, our length or failure), for a peer to route.
    if let dump = option("--dump") {
        let ordinal = { (id: String) in venue.level(id: id)?.ordinal ?? 0 }
        let lines = outcomes.map { o -> String in
            let place = { (p: RouteAudit.Place) in
                "{\"id\":\"\(p.id)\",\"lon\":\(p.coordinate.longitude),\"lat\":\(p.coordinate.latitude),\"level\":\(ordinal(p.levelID))}"
            }
            return "{\"from\":\(place(o.from)),\"to\":\(place(o.to)),\"distance\":\(o.distance.map { String($0) } ?? "null")}"
        }
        guard FileManager.default.createFile(atPath: dump, contents: Data((lines.joined(separator: "\n") + "\n").utf8)) else {
            fail("cannot write \(dump)")
        }
    }
    var reasons: [String: Int] = [:]
    for o in outcomes { if let f = o.failure { reasons[String(f.prefix(60)), default: 0] += 1 } }
    let reasonJSON = reasons.sorted { $0.value > $1.value }.map { "\"\($0.key.replacingOccurrences(of: "\"", with: "'"))\":\($0.value)" }
    emit("{\"suite\":\"route-pairs\",\"venue\":\"\(path)\",\"places\":\(audit.places.count),\"pairs\":\(outcomes.count),"
        + "\"routed\":\(routed.count),\"crossing\":\(crossing.count),\"unrouted_within_a_building\":\(outcomes.filter { $0.distance == nil && $0.sameBuilding }.count),\"graph_s\":\(built),\"landmarks\":\(landmarks?.count ?? 0),\"landmarks_s\":\(landmarks?.buildSeconds ?? 0),\"landmarks_mb\":\(Double(landmarks?.memoryBytes ?? 0) / 1e6),\"failures\":{\(reasonJSON.joined(separator: ","))}}")
}

/// `guidance --venue PATH [--venue-name NAME] | --generated KIND [--venue-seed S]` `[--pairs 40] [--seed 1] [--lang L]
/// [--verbose] [--print]`: issue 13's guidance figures (``GuidanceAudit``) over seeded pairs of named places, one JSON line;
/// with --verbose, every broken rule on stderr; with --print, every itinerary.
func runGuidance() throws {
    let (name, venue) = try benchVenue()
    let audit = GuidanceAudit(venue: venue)
    let language = InstructionLanguage(tag: option("--lang"))
    let (f, findings) = audit.run(pairs: option("--pairs").flatMap(Int.init) ?? 40, seed: option("--seed").flatMap(UInt64.init) ?? 1,
                                  language: language) { from, to, itinerary in
        guard arguments.contains("--print") else { return }
        let steps = itinerary.legs.flatMap(\.steps).map { "  \($0.instruction(in: language)) — \(Int($0.distance.rounded())) m" }
        FileHandle.standardError.write(Data("\(from) → \(to) (\(Int(itinerary.distance)) m)\n\(steps.joined(separator: "\n"))\n".utf8))
    }
    if arguments.contains("--verbose") {
        for x in findings { FileHandle.standardError.write(Data("\(name): \(x.from) → \(x.to): \(x.problem)\n".utf8)) }
    }
    let fields: [(String, String)] = [
        ("suite", "\"guidance\""), ("venue", "\"\(name)\""), ("pairs", "\(f.pairs)"), ("routed", "\(f.routed)"),
        ("steps", "\(f.steps)"), ("metres", String(format: "%.1f", f.metres)), ("short_turns", "\(f.shortTurns)"),
        ("repeated_landmarks", "\(f.repeatedLandmarks)"), ("arrivals", "\(f.arrivals)"), ("sideless_arrivals", "\(f.sidelessArrivals)"),
    ]
    emit("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}")
}

/// The venue a suite measures: `--venue PATH [--venue-name NAME]`, or `--generated KIND [--venue-seed S] [--levels N]`
/// (``VenueGenerator``'s, three levels by default; a station goes through its OSM, the others through IMDF), with
/// its inferred passages, as the CLI routes it.
/// - Returns: a name for the venue in reports, and the venue.
func benchVenue() throws -> (name: String, venue: Venue) {
    if let kindText = option("--generated") {
        guard let kind = VenueGenerator.Kind(rawValue: kindText) else {
            fail("--generated is one of \(VenueGenerator.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let seed = option("--venue-seed").flatMap(UInt64.init) ?? 1
        let levels = option("--levels").flatMap(Int.init) ?? 3
        let generated = try VenueGenerator(kind: kind, options: .init(seed: seed, levels: levels)).generate()
        let name = "generated \(kind.rawValue) seed \(seed)"
        if kind == .station {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(kind.rawValue)-\(seed)-\(getpid()).osm")
            try generated.osm.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            return (name, try VenueLoader.load(path: file.path).inferringPassages())
        }
        return (name, try IMDFLoader.load(files: generated.imdf, source: name).inferringPassages())
    }
    guard let path = option("--venue") else { fail("\(arguments[0]) needs --venue PATH or --generated KIND") }
    let name = option("--venue-name").map { "\(path) (\($0))" } ?? path
    return (name, try VenueLoader.load(path: path, selection: option("--venue-name").map { .named($0) }).inferringPassages())
}
