import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorRouting

/// Follow mode indoors: a phone's sensor log as a location source. Each step is dead-reckoned and matched to the
/// venue (``MapMatcher``), and handed out as a `Location` (the matched position, its level, its spread as the
/// accuracy) with the heading walked, at the pace the log was recorded (times a factor) or as fast as possible, on
/// an injected clock, like `ReplayProvider`.
public struct SensorLogProvider<C: Clock>: LocationProvider where C.Duration == Duration {
    /// The sensor log.
    public let path: String
    /// Its format; `nil` detects it.
    public let format: SensorLogFormat?
    /// The venue's routing graph, whose free area the walk is matched to.
    public let graph: NavigationGraph
    /// Where the walk starts: the level's id and metres in the venue's frame.
    public let levelID: String, start: Coordinate
    /// The heading at the start, radians clockwise from north, when known.
    public let heading: Double?
    /// The map matching's particles and seed.
    public let particles: Int, seed: UInt64
    /// Recorded pace (times a factor) or as fast as possible.
    public let pace: ReplayProvider<C>.Pace
    /// The clock the pace is kept on.
    public let clock: C

    /// A provider of the walk in the log at `path`, from `start` (metres) on `levelID`.
    public init(path: String, format: SensorLogFormat? = nil, graph: NavigationGraph, levelID: String, start: Coordinate,
                heading: Double? = nil, particles: Int = 1000, seed: UInt64 = 1, pace: ReplayProvider<C>.Pace, clock: C) {
        self.path = path
        self.format = format
        self.graph = graph
        self.levelID = levelID
        self.start = start
        self.heading = heading
        self.particles = particles
        self.seed = seed
        self.pace = pace
        self.clock = clock
    }

    /// Connecting, streaming, a location and a heading a step, then finished; a log that cannot be read is a
    /// `failed` status naming it, and the stream throws.
    public func events() -> AsyncThrowingStream<LocationEvent, any Error> {
        let provider = self
        return LocationEvent.finiteStream { continuation in
            let log = try SensorLog.read(path: provider.path, format: provider.format)
            let venue = provider.graph.venue
            let ordinal = venue.level(id: provider.levelID)?.ordinal
            guard var matcher = MapMatcher(graph: provider.graph, levelID: provider.levelID, start: provider.start,
                                           count: provider.particles, seed: provider.seed) else {
                throw PositioningError.noWalkableSpace(levelID: provider.levelID)
            }
            let place = try venue.frame.unproject(provider.start)
            // The log's own clock is Unix time for ILC; GetSensorData's app time starts at the app's start.
            let unix = log.format == .ilc ? (log.samples.first?.time ?? 0) : Date().timeIntervalSince1970
            var dr = PedestrianDeadReckoning(at: place, year: PedestrianDeadReckoning.year(unixTime: unix))
            if let heading = provider.heading { dr.heading.start(heading: heading) }
            var pacer = Pacer(pace: provider.pace, start: 0, clock: provider.clock)
            continuation.yield(.status(.streaming))
            for sample in log.samples {
                try Task.checkCancellation()
                guard let step = dr.add(sample) else { continue }
                let matched = matcher.step(time: step.time, length: step.length, heading: step.heading)
                try await pacer.wait(until: step.time)
                let degrees = (step.heading * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
                // The log's own clock (Unix time for ILC; GetSensorData's seconds from the app's start, as if from 1970).
                let time = Date(timeIntervalSince1970: step.time)
                continuation.yield(.location(Location(coordinate: try venue.frame.unproject(matched.point), horizontalAccuracy: matched.accuracy,
                                                      course: degrees, levelOrdinal: ordinal, timestamp: time, source: provider.path)))
                continuation.yield(.heading(Heading(trueHeading: degrees, timestamp: time)))
            }
        }
    }
}
