import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorRouting
import IndoorVenue

/// Why a walk cannot be matched to a venue.
public enum PositioningError: Error, Hashable, Sendable {
    /// The level (by id) has no walkable space to locate a walk on.
    case noWalkableSpace(levelID: String)
}

extension PositioningError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .noWalkableSpace(let levelID): "level \(levelID) has no walkable space to locate a walk on"
        }
    }
}

/// A position from a phone's own sensors, matched to the venue: where the walker is, how sure, on which level and
/// in which space.
public struct MatchedPosition: Hashable, Sendable {
    /// When, seconds on the sensor log's clock.
    public let time: Double
    /// Where, metres in the venue's frame.
    public let point: Coordinate
    /// The level's id.
    public let levelID: String
    /// The level's ordinal (its floor).
    public let ordinal: Double
    /// The space it is in, when it is in one.
    public let spaceID: String?
    /// The spread of the particles about it (the root of their mean squared distance), metres.
    public let accuracy: Double
}

/// Map matching of pedestrian dead reckoning: a particle filter on the venue (seeded, so a log always gives the same
/// track). Each particle is a walker with its own heading bias and step scale; each step moves every particle by
/// the step, scaled, turned by its bias, with noise, and a particle whose step leaves the floor's free area
/// (`NavigationGraph.freeArea(onLevel:)` of every level of the floor, kept 10 cm off its walls: through a wall,
/// into a shop except by its door, through a crack of the map) dies. Particles start in the free area. The
/// survivors are resampled when fewer than half remain; the position is their geometric median. When every
/// particle would die (a step the map cannot explain), the step is tried again with wider noise, then from points
/// scattered about the particles (the walker passed a wall on its other side), then not taken. While the
/// magnetometer holds the heading, a particle's heading bias fades (``biasMemory``); else it drifts.
///
/// Floors change only through the venue's connectors (``changeFloor(by:ride:)``): particles near a stop of
/// stairs, a lift, an escalator or a ramp that runs to the next floor go to its stop there, the others die; the
/// kind of ride the phone felt (steps: stairs; standing and fast: a lift; standing and slow: an escalator) picks
/// the connectors of that kind. Absolute fixes (``fix(_:accuracy:)``: a satellite fix near an entrance, a user's
/// tap) weigh the particles by their distance.
public struct MapMatcher: Sendable {
    struct Particle {
        var point: Coordinate
        var bias: Double
        var scale: Double
    }

    /// One floor's map: the free area of its levels (their edges, to test steps against; their inside, to put
    /// particles in), its spaces, and the connector stops on it.
    struct Floor: Sendable {
        let ordinal: Double
        let levelID: String
        let edges: SegmentGrid
        let inside: PreparedPolygon
        let spaces: [(id: String, levelID: String, area: PreparedPolygon)]
    }

    /// A ride a connector offers from one floor to another (an escalator's only its way): the graph's edge.
    struct Hop: Sendable {
        let kind: NavigationGraph.EdgeKind
        /// Where it is taken, and on which floor.
        let from: Coordinate, fromOrdinal: Double
        /// The graph's node where it is left, and its floor.
        let to: Int, toOrdinal: Double
    }

    /// The number of particles.
    public let count: Int
    /// The standard deviation of the heading bias a walk starts with, radians (a magnetometer indoors is often
    /// 20° off).
    public var initialBias = 20 * Double.pi / 180
    /// The standard deviation of the step scale a walk starts with (Weinberg's constant varies by walker).
    public var initialScale = 0.15
    /// Per step: heading noise (radians), length noise (fraction), and the bias's random walk (radians).
    public var headingNoise = 10 * Double.pi / 180, lengthNoise = 0.1, biasWalk = 1 * Double.pi / 180
    /// While the magnetometer holds the heading (``step(time:length:heading:anchored:)``), the steps over which a
    /// particle's heading bias fades towards none: it is then about ``biasWalk`` × √(memory / 2), 7° by default,
    /// and the selection of the particles by the walls cannot carry the cloud's bias away on a long walk.
    public var biasMemory = 100.0
    /// How near a connector's stop a particle must be to take it when the floor changes, metres.
    public var connectorReach = 10.0
    /// How far particles are scattered when every one of them died on a step, metres (1σ).
    public var scatterRadius = 2.0

    private(set) var particles: [Particle]
    private var random: SeededGenerator
    private let graph: NavigationGraph
    private var floors: [Double: Floor] = [:]
    private var floor: Floor
    private let hops: [Hop]

    /// A matcher of `count` particles spread `spread` metres about `start` (metres in `graph`'s venue frame) on
    /// the floor of `levelID`, drawn from `seed`.
    /// - Returns: `nil` when the floor has no walkable space.
    public init?(graph: NavigationGraph, levelID: String, start: Coordinate, spread: Double = 1, count: Int = 1000, seed: UInt64 = 1) {
        let venue = graph.venue
        guard let ordinal = venue.level(id: levelID)?.ordinal, let floor = Self.floor(ordinal, of: graph) else { return nil }
        self.graph = graph
        self.floor = floor
        floors[ordinal] = floor
        hops = graph.edges.compactMap { edge in
            let a = graph.nodes[Int(edge.from)], b = graph.nodes[Int(edge.to)]
            guard edge.kind != .walk, let from = venue.level(id: a.levelID)?.ordinal, let to = venue.level(id: b.levelID)?.ordinal,
                  from != to else { return nil }
            return Hop(kind: edge.kind, from: a.point, fromOrdinal: from, to: Int(edge.to), toOrdinal: to)
        }
        self.count = max(1, count)
        random = SeededGenerator(seed: seed)
        particles = []
        particles.reserveCapacity(self.count)
        for _ in 0..<self.count {
            // In the free area: a particle drawn in a wall or a shop's block would walk there unchecked, and one
            // drawn outside the building (a start by its outer wall) would never meet a wall again.
            var p = start
            for _ in 0..<8 {
                p = Coordinate(x: start.x + random.gaussian() * spread, y: start.y + random.gaussian() * spread)
                if floor.inside.contains(p) { break }
            }
            p = settle(p, near: start)
            particles.append(Particle(point: p, bias: random.gaussian() * initialBias, scale: max(0.5, 1 + random.gaussian() * initialScale)))
        }
    }

    /// How far a particle keeps off walls, metres: a walker is a body, not a point. Real floor plans leave cracks
    /// and slivers where two outlines do not quite meet (a shop drawn over the outer wall leaves a passage of a
    /// few centimetres to the outside); particles slipping through one would live on where no wall stops them.
    /// Doors, 0.8 m wide and more, stay open.
    static let body = 0.1

    /// Where a particle may be in `area`: `area` kept ``body`` off its walls (all of it when nothing would be
    /// left).
    static func walkable(_ area: Geometry) -> Geometry {
        guard let eroded = try? area.buffer(-body, quadrantSegments: 2, join: .mitre), !eroded.polygons.isEmpty else { return area }
        return eroded
    }

    /// The map of the floor at `ordinal`: the free areas of its levels, unioned, kept ``body`` off their walls;
    /// `nil` when it has none.
    static func floor(_ ordinal: Double, of graph: NavigationGraph) -> Floor? {
        let venue = graph.venue
        let levels = venue.levels.filter { $0.ordinal == ordinal }
        guard let first = levels.first, let whole = freeArea(ordinal, of: graph) else { return nil }
        let area = walkable(whole)
        let ids = Set(levels.map(\.id))
        let spaces = venue.spaces.indices.compactMap { s -> (id: String, levelID: String, area: PreparedPolygon)? in
            guard ids.contains(venue.spaces[s].levelID), let shape = venue.shapes.spaces[s] else { return nil }
            return (venue.spaces[s].id, venue.spaces[s].levelID, PreparedPolygon(shape))
        }
        return Floor(ordinal: ordinal, levelID: first.id, edges: walls(of: area), inside: PreparedPolygon(area), spaces: spaces)
    }

    /// The free area of the floor at `ordinal`: every level's there (`NavigationGraph.freeArea(onLevel:)`: its
    /// spaces less their obstacles, joined through their doors), unioned; `nil` when it has none.
    static func freeArea(_ ordinal: Double, of graph: NavigationGraph) -> Geometry? {
        let areas = graph.venue.levels.filter { $0.ordinal == ordinal }.compactMap { graph.freeArea(onLevel: $0.id) }
        guard !areas.isEmpty else { return nil }
        return areas.count == 1 ? areas[0] : try? Geometry.union(of: areas)
    }

    /// The edges of `area`'s rings, to test straight moves against: a move that crosses one goes through a wall.
    static func walls(of area: Geometry) -> SegmentGrid {
        var segments: [(Coordinate, Coordinate)] = []
        for polygon in area.polygons {
            for ring in polygon.rings {
                for (a, b) in zip(ring.coordinates, ring.coordinates.dropFirst()) where a != b { segments.append((a, b)) }
            }
        }
        return SegmentGrid(segments)
    }

    /// Walks every particle one step of `length` metres on `heading` (radians clockwise from north), `anchored`
    /// when the magnetometer held that heading (its error is then bounded; else it drifts with the gyroscope's);
    /// returns the matched position after it.
    /// - Complexity: O(particles · the free area's edges near each move).
    public mutating func step(time: Double, length: Double, heading: Double, anchored: Bool = false) -> MatchedPosition {
        for attempt in 0..<3 {
            // Every particle died: again with wider noise; then from points scattered about them (the walk is
            // not where the particles thought: often on the other side of a wall it passed close to).
            if attempt == 2 { scatter() }
            let widen = attempt == 1 ? 2.0 : 1.0
            var moved: [Particle] = []
            moved.reserveCapacity(particles.count)
            let sinH = sin(heading), cosH = cos(heading)
            // A heading the magnetometer holds errs by a bias that fades (a first-order Gauss–Markov process);
            // one the gyroscope alone carries drifts on (a random walk).
            let keep = anchored ? 1 - 1 / biasMemory : 1
            for var p in particles {
                let draws = random.next()
                p.bias = p.bias * keep + Self.normal(draws, 0) * biasWalk * widen
                // sin and cos of heading + a small turn, from the heading's once.
                let turn = p.bias + Self.normal(draws, 1) * headingNoise * widen
                let st = sin(turn), ct = cos(turn)
                let l = max(0, length * p.scale * (1 + Self.normal(draws, 2) * lengthNoise * widen))
                let q = Coordinate(x: p.point.x + l * (sinH * ct + cosH * st), y: p.point.y + l * (cosH * ct - sinH * st))
                if floor.edges.isCrossed(by: p.point, q) { continue }
                p.point = q
                moved.append(p)
            }
            guard !moved.isEmpty else { continue }
            particles = moved.count >= count / 2 ? moved : resample(moved)
            break
        }
        return estimate(time: time)
    }

    /// Moves every particle to a point of the free area about it (``scatterRadius``, 1σ), when one is found in a
    /// few draws.
    private mutating func scatter() {
        for k in particles.indices {
            let p = particles[k].point
            for _ in 0..<8 {
                let q = Coordinate(x: p.x + random.gaussian() * scatterRadius, y: p.y + random.gaussian() * scatterRadius)
                if floor.inside.contains(q) {
                    particles[k].point = q
                    break
                }
            }
        }
    }

    /// Standard normal quantiles at (k + ½)/4096: a draw is an entry picked by 12 random bits.
    private static let normals: [Double] = (0..<4096).map { k in
        inverseNormal((Double(k) + 0.5) / 4096)
    }

    /// The `k`-th (0…4) standard normal of one 64-bit draw.
    @inline(__always) private static func normal(_ draws: UInt64, _ k: Int) -> Double {
        normals.withUnsafeBufferPointer { $0[Int((draws >> (12 * UInt64(k))) & 4095)] }
    }

    /// The standard normal quantile of `p` (Acklam's rational approximation, relative error under 1.2e-9).
    static func inverseNormal(_ p: Double) -> Double {
        let a = [-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00]
        let b = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01, -1.328068155288572e+01]
        let c = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        func tail(_ q: Double) -> Double {
            (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        if p < 0.02425 { return tail((-2 * log(p)).squareRoot()) }
        if p > 1 - 0.02425 { return -tail((-2 * log(1 - p)).squareRoot()) }
        let q = p - 0.5, r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }

    /// How the walker rode between floors, as the phone felt it.
    public enum Ride: Hashable, Sendable {
        /// Taking steps: stairs or a ramp.
        case stairs
        /// Standing, fast (a floor in a few seconds): a lift.
        case lift
        /// Standing, slowly: an escalator or a moving walkway.
        case escalator

        /// Whether a connector ridden as `kind` is ridden this way (a traversal, of no known kind, is either).
        func fits(_ kind: NavigationGraph.EdgeKind) -> Bool {
            switch kind {
            case .connector(.stairs), .connector(.ramp): self == .stairs
            case .connector(.elevator): self == .lift
            case .connector(.escalator), .connector(.movingWalkway): self == .escalator
            case .walk, .connector(.traversal): true
            }
        }
    }

    /// The walker went `floors` floors up (down when negative, one at a time): particles within
    /// ``connectorReach`` of a stop of a connector that runs to the next floor that way (an escalator only its
    /// own way) go to its stop there; the others die. When the `ride` is known (stairs, a lift, an escalator),
    /// only connectors of its kind are taken if one is within reach of a particle. When no particle is near one,
    /// all go to the stop nearest to one of them. When no connector reaches a floor that way, nothing changes.
    /// - Returns: whether the floor changed.
    @discardableResult
    public mutating func changeFloor(by floors: Int, ride: Ride? = nil) -> Bool {
        var changed = false
        for _ in 0..<abs(floors) where hop(up: floors > 0, ride: ride) { changed = true }
        return changed
    }

    private mutating func hop(up: Bool, ride: Ride?) -> Bool {
        let here = floor.ordinal
        let rides = hops.filter { $0.fromOrdinal == here && ($0.toOrdinal > here) == up }
        // The floor they lead to: the nearest one that way.
        guard let target = rides.map(\.toOrdinal).min(by: { abs($0 - here) < abs($1 - here) }),
              let map = floors[target] ?? Self.floor(target, of: graph) else { return false }
        floors[target] = map
        // Each ride to it: where it is taken, where it is left.
        var ways = rides.filter { $0.toOrdinal == target }.map { ($0.from, Self.arrival(at: $0.to, on: map, graph: graph), $0.kind) }
        // The connectors ridden the way the walker rode, when one is within reach of a particle.
        if let ride {
            let fitting = ways.filter { ride.fits($0.2) }
            let reach = connectorReach * connectorReach
            if fitting.contains(where: { way in particles.contains { $0.point.distanceSquared(to: way.0) <= reach } }) { ways = fitting }
        }
        var moved: [Particle] = []
        for var p in particles {
            guard let way = ways.min(by: { $0.0.distanceSquared(to: p.point) < $1.0.distanceSquared(to: p.point) }),
                  way.0.distance(to: p.point) <= connectorReach else { continue }
            p.point = way.1
            moved.append(p)
        }
        if moved.isEmpty {
            // The connector some particle is nearest to: the cloud's mean may lie between two.
            func gap(_ stop: Coordinate) -> Double { particles.reduce(Double.infinity) { min($0, $1.point.distanceSquared(to: stop)) } }
            guard let way = ways.min(by: { gap($0.0) < gap($1.0) }) else { return false }
            moved = particles.map { var p = $0; p.point = way.1; return p }
        }
        floor = map
        // About the stop, in the floor's free area.
        particles = resample(moved).map { p in
            var p = p
            p.point = settle(Coordinate(x: p.point.x + random.gaussian() * 0.7, y: p.point.y + random.gaussian() * 0.7), near: p.point)
            return p
        }
        return true
    }

    /// Where a walker leaving a connector at `stop` stands on the floor `map`: the stop when it is in the floor's
    /// free area, else the first point in it along the graph's walks from the stop (a lift's stop may lie in its
    /// shaft, the walk from it leads out through its door, not through the wall behind it).
    static func arrival(at node: Int, on map: Floor, graph: NavigationGraph) -> Coordinate {
        let stop = graph.nodes[node].point
        if map.inside.contains(stop) { return stop }
        var best: Coordinate?
        for edge in graph.edges where Int(edge.from) == node && edge.kind == .walk {
            let end = graph.nodes[Int(edge.to)].point
            let length = stop.distance(to: end)
            guard length > 0 else { continue }
            // The first point in the free area along the walk, in steps of 10 cm.
            for k in 1...max(1, Int(length / 0.1)) {
                let f = min(1, Double(k) * 0.1 / length)
                let p = Coordinate(x: stop.x + (end.x - stop.x) * f, y: stop.y + (end.y - stop.y) * f)
                if map.inside.contains(p) {
                    if best.map({ $0.distance(to: stop) > p.distance(to: stop) }) ?? true { best = p }
                    break
                }
            }
        }
        return best ?? stop
    }

    /// `point` if it is in the floor's free area, else `fallback` if that is, else the nearest point of the free
    /// area's edge, nudged 10 cm in.
    private func settle(_ point: Coordinate, near fallback: Coordinate) -> Coordinate {
        if floor.inside.contains(point) { return point }
        if floor.inside.contains(fallback) { return fallback }
        guard let k = floor.edges.nearest(to: fallback)?.index else { return fallback }
        let (a, b) = floor.edges.segments[k]
        let foot = fallback.projected(ontoSegment: a, b)
        let d = fallback.distance(to: foot)
        for nudge in [0.1, -0.1] where d > 0 {
            let p = Coordinate(x: foot.x + (foot.x - fallback.x) / d * nudge, y: foot.y + (foot.y - fallback.y) / d * nudge)
            if floor.inside.contains(p) { return p }
        }
        return foot
    }

    /// An absolute fix: the walker is about `point` (metres), `accuracy` metres 1σ. Particles are drawn again by
    /// how well they agree with it; when none does (all farther than four σ), the walk starts again about it.
    public mutating func fix(_ point: Coordinate, accuracy: Double) {
        let sigma = max(accuracy, 0.5)
        let weights = particles.map { exp(-$0.point.distanceSquared(to: point) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        guard total > Double(particles.count) * exp(-8) else {
            particles = particles.map { p in
                var p = p
                p.point = settle(Coordinate(x: point.x + random.gaussian() * sigma, y: point.y + random.gaussian() * sigma), near: point)
                return p
            }
            return
        }
        // Systematic resampling: one uniform, `count` evenly spaced picks along the cumulative weights.
        var out: [Particle] = []
        out.reserveCapacity(count)
        let stride = total / Double(count)
        var u = random.uniform() * stride, k = 0, cumulative = weights[0]
        for _ in 0..<count {
            while u > cumulative, k < weights.count - 1 {
                k += 1
                cumulative += weights[k]
            }
            out.append(particles[k])
            u += stride
        }
        particles = out
    }

    /// `count` particles drawn from `from` (all of equal weight, systematically), each jittered a little so that
    /// copies part.
    private mutating func resample(_ from: [Particle]) -> [Particle] {
        var out: [Particle] = []
        out.reserveCapacity(count)
        // Systematic: `count` evenly spaced picks from one uniform (less noise than as many independent ones).
        let u = random.uniform()
        for i in 0..<count {
            var p = from[min(Int((Double(i) + u) * Double(from.count) / Double(count)), from.count - 1)]
            p.bias += random.gaussian() * biasWalk
            p.scale = max(0.5, p.scale * (1 + random.gaussian() * 0.02))
            out.append(p)
        }
        return out
    }

    /// Where the particles are, metres in the venue's frame (a cloud to draw).
    public var points: [Coordinate] { particles.map(\.point) }

    /// The ordinal of the floor the particles are on.
    public var ordinal: Double { floor.ordinal }

    /// Where the particles are: their geometric median and their spread about it, on the matcher's floor, in the
    /// space holding it (its level that space's).
    public func estimate(time: Double) -> MatchedPosition {
        let n = Double(particles.count)
        var mx = 0.0, my = 0.0
        for p in particles {
            mx += p.point.x
            my += p.point.y
        }
        let point = Self.geometricMedian(of: particles, from: Coordinate(x: mx / n, y: my / n))
        let squares = particles.reduce(0.0) { $0 + $1.point.distanceSquared(to: point) }
        let space = floor.spaces.first { $0.area.contains(point) }
        return MatchedPosition(time: time, point: point, levelID: space?.levelID ?? floor.levelID, ordinal: floor.ordinal,
                               spaceID: space?.id, accuracy: (squares / n).squareRoot())
    }

    /// The point whose distances to the particles sum least (Weiszfeld's iteration from `start`, until it moves
    /// less than 5 cm, ten times at most). Errors are distances: this is the estimate that makes their
    /// expectation least, where the mean makes the expected square least and is pulled by a stray branch of the
    /// cloud (the particles that took the other corridor at a junction).
    static func geometricMedian(of particles: [Particle], from start: Coordinate) -> Coordinate {
        var point = start
        for _ in 0..<10 {
            var sx = 0.0, sy = 0.0, sw = 0.0
            for p in particles {
                // Particles on the point weigh as if 5 cm away (Weiszfeld's division by zero).
                let w = 1 / max(0.05, p.point.distance(to: point))
                sx += p.point.x * w
                sy += p.point.y * w
                sw += w
            }
            let next = Coordinate(x: sx / sw, y: sy / sw)
            defer { point = next }
            if next.distance(to: point) < 0.05 { break }
        }
        return point
    }
}
