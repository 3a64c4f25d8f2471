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
    /// The space it is in, when it is in one.
    public let spaceID: String?
    /// The spread of the particles about it (the root of their mean squared distance), metres.
    public let accuracy: Double
}

/// Map matching of pedestrian dead reckoning: a particle filter on the venue (seeded, so a log always gives the same
/// track). Each particle is a walker with its own heading bias and step scale; each step moves every particle by
/// the step, scaled, turned by its bias, with noise, and a particle whose step leaves the floor's free area
/// (`NavigationGraph.freeArea(onLevel:)`: through a wall, into a shop except by its door) dies. The survivors are
/// resampled when fewer than half remain; the position is their mean. When every particle would die (a step the
/// map cannot explain), the step is tried again with wider noise, then not taken.
public struct MapMatcher: Sendable {
    struct Particle {
        var point: Coordinate
        var bias: Double
        var scale: Double
    }

    /// The number of particles.
    public let count: Int
    /// The standard deviation of the heading bias a walk starts with, radians (a magnetometer indoors is often
    /// 20° off).
    public var initialBias = 20 * Double.pi / 180
    /// The standard deviation of the step scale a walk starts with (Weinberg's constant varies by walker).
    public var initialScale = 0.15
    /// Per step: heading noise (radians), length noise (fraction), and the bias's random walk (radians).
    public var headingNoise = 6 * Double.pi / 180, lengthNoise = 0.1, biasWalk = 1 * Double.pi / 180

    private var particles: [Particle]
    private var random: SeededGenerator
    private let levelID: String
    private let edges: SegmentGrid
    private let spaces: [(id: String, area: PreparedPolygon)]

    /// A matcher of `count` particles spread `spread` metres about `start` (metres in `graph`'s venue frame) on
    /// `levelID`, drawn from `seed`.
    /// - Returns: `nil` when the level has no walkable space.
    public init?(graph: NavigationGraph, levelID: String, start: Coordinate, spread: Double = 1, count: Int = 1000, seed: UInt64 = 1) {
        guard let area = graph.freeArea(onLevel: levelID) else { return nil }
        var segments: [(Coordinate, Coordinate)] = []
        for polygon in area.polygons {
            for ring in polygon.rings {
                for (a, b) in zip(ring.coordinates, ring.coordinates.dropFirst()) where a != b { segments.append((a, b)) }
            }
        }
        edges = SegmentGrid(segments)
        let venue = graph.venue
        spaces = venue.spaces.indices.compactMap { s in
            guard venue.spaces[s].levelID == levelID, let shape = venue.shapes.spaces[s] else { return nil }
            return (venue.spaces[s].id, PreparedPolygon(shape))
        }
        self.levelID = levelID
        self.count = max(1, count)
        random = SeededGenerator(seed: seed)
        particles = []
        for _ in 0..<self.count {
            let p = Coordinate(x: start.x + random.gaussian() * spread, y: start.y + random.gaussian() * spread)
            particles.append(Particle(point: p, bias: random.gaussian() * initialBias, scale: max(0.5, 1 + random.gaussian() * initialScale)))
        }
    }

    /// Walks every particle one step of `length` metres on `heading` (radians clockwise from north); returns the
    /// matched position after it.
    /// - Complexity: O(particles · the free area's edges near each move).
    public mutating func step(time: Double, length: Double, heading: Double) -> MatchedPosition {
        for attempt in 0..<3 {
            let widen = Double(1 << attempt)
            var moved: [Particle] = []
            moved.reserveCapacity(particles.count)
            for var p in particles {
                p.bias += random.gaussian() * biasWalk * widen
                let h = heading + p.bias + random.gaussian() * headingNoise * widen
                let l = max(0, length * p.scale * (1 + random.gaussian() * lengthNoise * widen))
                let q = Coordinate(x: p.point.x + l * sin(h), y: p.point.y + l * cos(h))
                if edges.isCrossed(by: p.point, q) { continue }
                p.point = q
                moved.append(p)
            }
            guard !moved.isEmpty else { continue }
            particles = moved.count >= count / 2 ? moved : resample(moved)
            break
        }
        return estimate(time: time)
    }

    /// `count` particles drawn from `from` (all of equal weight), each jittered a little so that copies part.
    private mutating func resample(_ from: [Particle]) -> [Particle] {
        var out: [Particle] = []
        out.reserveCapacity(count)
        for _ in 0..<count {
            var p = from[Int(random.next() % UInt64(from.count))]
            p.bias += random.gaussian() * biasWalk
            p.scale = max(0.5, p.scale * (1 + random.gaussian() * 0.02))
            out.append(p)
        }
        return out
    }

    /// Where the particles are, metres in the venue's frame (a cloud to draw).
    public var points: [Coordinate] { particles.map(\.point) }

    /// The particles' mean and spread, on the matcher's level, in the space holding the mean.
    public func estimate(time: Double) -> MatchedPosition {
        let n = Double(particles.count)
        let mx = particles.reduce(0) { $0 + $1.point.x } / n, my = particles.reduce(0) { $0 + $1.point.y } / n
        let spread = (particles.reduce(0) { $0 + ($1.point.x - mx) * ($1.point.x - mx) + ($1.point.y - my) * ($1.point.y - my) } / n).squareRoot()
        let mean = Coordinate(x: mx, y: my)
        let space = spaces.first { $0.area.contains(mean) }?.id
        return MatchedPosition(time: time, point: mean, levelID: levelID, spaceID: space, accuracy: spread)
    }
}
