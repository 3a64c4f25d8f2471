import Foundation
import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorVenue
import Testing

/// An independent check of route lengths: the exact Euclidean shortest path through a level's free space, by
/// brute force. The free space is built here from GEOS operations alone (every public walkable space shrunk by
/// the clearance, joined by passages across its openings and open-plan boundaries on which no opening is drawn,
/// less obstacles); the path is
/// A* over all its reflex vertices (the straight line to the goal as the bound: exact all the same) with visibility
/// by GEOS `covers`, each pair tested once, when a search first needs it. It shares no code with the router's
/// per-space decomposition, and lets a path cross a door anywhere, where the router uses a few door points.
final class BruteForceShortestPath {
    let free: PreparedGeometry
    let nodes: [Coordinate]
    /// Whether vertex i sees vertex j, at i · count + j: 1 yes, 0 no, −1 not tested yet.
    private var visible: [Int8]

    init(graph: NavigationGraph, levelID: String) throws {
        let venue = graph.venue
        let frame = venue.frame
        let c = graph.costs.clearance
        var parts: [Geometry] = []
        let spaces = venue.spaces.filter { s in
            s.levelID == levelID && s.restriction == nil && ![.openToBelow, .shaft, .structure, .nonPublic].contains(s.kind)
        }
        var shapes: [Geometry] = []
        for s in spaces {
            let shape = try frame.project(s.geometry)
            shapes.append(shape)
            parts.append(try shape.buffer(-c, quadrantSegments: 2, join: .mitre))
        }
        // Passages: across every opening, and along shared boundaries of walkways.
        var lines: [(Coordinate, Coordinate)] = []
        for o in venue.openings where o.levelID == levelID {
            let cs = try frame.project(o.geometry).allCoordinates
            if let a = cs.first, let b = cs.last { lines.append((a, b)) }
        }
        // Open plan: walkways join along a shared boundary, except a stretch of it on which an opening is drawn
        // (the rest of that stretch is wall).
        let openingEnds = lines
        let walkways = spaces.indices.filter { spaces[$0].kind == .walkway }
        for i in walkways {
            for j in walkways where j > i {
                let segments = try Self.lines(shapes[i].intersection(shapes[j])).flatMap { cs in Array(zip(cs, cs.dropFirst())) }
                for stretch in Self.connected(segments) {
                    // An opening on the stretch runs along it: both its ends are near it.
                    let near = { (p: Coordinate) in stretch.contains { p.distance(toSegment: $0.0, $0.1) <= 0.3 } }
                    let crossed = openingEnds.contains { near($0.0) && near($0.1) }
                    let length = stretch.reduce(0) { $0 + $1.0.distance(to: $1.1) }
                    guard !crossed, length >= 1 else { continue }
                    lines += stretch.filter { $0.0.distance(to: $0.1) >= 0.3 }
                }
            }
        }
        for (a, b) in lines {
            let len = a.distance(to: b)
            // A passage is crossed at least the clearance from its jambs, or 30 % of its width where it is narrower.
            let inset = min(c, len * 0.3)
            guard len > 2 * inset + 0.01 else { continue }
            let ux = (b.x - a.x) / len, uy = (b.y - a.y) / len
            let nx = -uy * (c + 0.02), ny = ux * (c + 0.02)
            let a2 = Coordinate(x: a.x + ux * inset, y: a.y + uy * inset), b2 = Coordinate(x: b.x - ux * inset, y: b.y - uy * inset)
            parts.append(.polygon(try Polygon(rings: [[
                Coordinate(x: a2.x - nx, y: a2.y - ny), Coordinate(x: b2.x - nx, y: b2.y - ny),
                Coordinate(x: b2.x + nx, y: b2.y + ny), Coordinate(x: a2.x + nx, y: a2.y + ny), Coordinate(x: a2.x - nx, y: a2.y - ny),
            ]])))
        }
        var area = try Geometry.union(of: parts)
        let obstacles = try venue.obstacles.filter { $0.levelID == levelID && !$0.geometry.degrees.polygons.isEmpty }
            .map { try frame.project($0.geometry).buffer(c, quadrantSegments: 2, join: .mitre) }
        if !obstacles.isEmpty { area = try area.difference(Geometry.union(of: obstacles)) }
        // Reflex vertices: where the boundary turns away from the free side.
        var nodes: [Coordinate] = []
        for polygon in area.polygons {
            for (k, ring) in polygon.rings.enumerated() {
                // Overlays repeat a vertex, or leave two a few micrometres apart: one corner, not two turns along an
                // edge too short to have a direction.
                var cs: [Coordinate] = []
                for c in ring.coordinates.dropLast() where cs.last.map({ $0.distance(to: c) > 1e-4 }) ?? true { cs.append(c) }
                while let first = cs.first, let last = cs.last, cs.count > 1, first.distance(to: last) <= 1e-4 { cs.removeLast() }
                let signed = zip(ring.coordinates, ring.coordinates.dropFirst()).reduce(0.0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
                if (signed > 0) != (k == 0) { cs.reverse() }
                for i in cs.indices {
                    let p = cs[(i + cs.count - 1) % cs.count], v = cs[i], n = cs[(i + 1) % cs.count]
                    if (v.x - p.x) * (n.y - v.y) - (v.y - p.y) * (n.x - v.x) < -1e-9 { nodes.append(v) }
                }
            }
        }
        // A tenth of a millimetre of tolerance: positions are written to 9 decimals of a degree (about 0.1 mm), so a
        // "straight" wall zigzags by that much, and a walk hugging it at the clearance may graze a vertex.
        free = try PreparedGeometry(area.buffer(1e-4))
        self.nodes = nodes
        visible = Array(repeating: -1, count: nodes.count * nodes.count)
    }

    /// Whether vertices `i` and `j` see each other (tested once, then remembered both ways).
    private func sees(_ i: Int, _ j: Int) throws -> Bool {
        let n = nodes.count
        if visible[i * n + j] < 0 {
            let v: Int8 = try sees(nodes[i], nodes[j]) ? 1 : 0
            visible[i * n + j] = v
            visible[j * n + i] = v
        }
        return visible[i * n + j] == 1
    }

    /// Segments grouped into chains that meet end to end.
    static func connected(_ segments: [(Coordinate, Coordinate)]) -> [[(Coordinate, Coordinate)]] {
        var group = Array(segments.indices)
        func find(_ i: Int) -> Int { group[i] == i ? i : find(group[i]) }
        for i in segments.indices {
            for j in segments.indices where j > i {
                let (a, b) = segments[i], (c, d) = segments[j]
                if [a.distance(to: c), a.distance(to: d), b.distance(to: c), b.distance(to: d)].min() ?? 1 < 1e-6 { group[find(j)] = find(i) }
            }
        }
        return Dictionary(grouping: segments.indices, by: find).values.sorted { $0[0] < $1[0] }.map { $0.map { segments[$0] } }
    }

    static func lines(_ g: Geometry) -> [[Coordinate]] {
        switch g {
        case .lineString(let l): [l.coordinates]
        case .multiLineString(let ls): ls.map(\.coordinates)
        case .geometryCollection(let gs): gs.flatMap(lines)
        default: []
        }
    }

    func sees(_ a: Coordinate, _ b: Coordinate) throws -> Bool {
        a == b ? true : try free.covers(.lineString(LineString([a, b])))
    }

    /// The shortest distance from a to b through the free space (both must lie in it).
    func distance(_ a: Coordinate, _ b: Coordinate) throws -> Double? {
        if try sees(a, b) { return a.distance(to: b) }
        let n = nodes.count
        var dist = [Double](repeating: .infinity, count: n)
        var done = [Bool](repeating: false, count: n)
        for i in 0..<n where try sees(a, nodes[i]) { dist[i] = a.distance(to: nodes[i]) }
        // A*: the straight line to `b` never overestimates, and a vertex's bound plus its distance never falls
        // along a path (the triangle inequality), so the first time the best bound reaches `best`, it is exact.
        let rest = nodes.map { $0.distance(to: b) }
        var best = Double.infinity
        while true {
            var u = -1
            for i in 0..<n where !done[i] && dist[i].isFinite && (u < 0 || dist[i] + rest[i] < dist[u] + rest[u]) { u = i }
            guard u >= 0, dist[u] + rest[u] < best else { break }
            done[u] = true
            if try sees(nodes[u], b) { best = min(best, dist[u] + rest[u]) }
            for v in 0..<n where !done[v] {
                let through = dist[u] + nodes[u].distance(to: nodes[v])
                if through < dist[v], try sees(u, v) { dist[v] = through }
            }
        }
        return best.isFinite ? best : nil
    }
}

@Suite struct ShortestPathTests {
    /// Single-level routes on the transit hub are within 2 % of the exact shortest path through the free space.
    @Test func routeLengthsAreWithinTwoPercentOfTheExactShortestPath() throws {
        let graph = try #require(ShippedVenues.all.first { $0.name == "hub" }?.graph)
        let venue = graph.venue
        let router = Router(graph: graph)
        var rng = SeededGenerator(seed: 99)
        var compared = 0
        var worst = 1.0
        for level in venue.levels {
            let exact = try BruteForceShortestPath(graph: graph, levelID: level.id)
            let pois = venue.pois.filter { $0.levelID == level.id }
            for _ in 0..<8 {
                let a = pois[Int(rng.next() % UInt64(pois.count))], b = pois[Int(rng.next() % UInt64(pois.count))]
                let pa = try venue.frame.project(a.coordinate), pb = try venue.frame.project(b.coordinate)
                guard let route = try? router.route(from: RouteEnd(point: pa, levelID: level.id, label: "a"),
                                                    to: RouteEnd(point: pb, levelID: level.id, label: "b")),
                      route.points.allSatisfy({ $0.edge.map { graph.edges[$0].kind == .walk } ?? true }),
                      let first = route.points.first, let last = route.points.last,
                      let reference = try exact.distance(first.point, last.point), reference > 1 else { continue }
                let ratio = route.distance / reference
                worst = max(worst, ratio)
                #expect(ratio <= 1.02, "\(a.name.resolved() ?? a.id) → \(b.name.resolved() ?? b.id): \(route.distance) m, exact \(reference) m")
                #expect(ratio >= 1 - 1e-6, "shorter than the exact path: \(route.distance) < \(reference)")
                compared += 1
            }
        }
        print("routes compared with the exact shortest path: \(compared), worst ratio \(worst)")
        #expect(compared >= 12)
    }
}
