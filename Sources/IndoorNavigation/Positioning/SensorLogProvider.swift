import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorRouting

/// Follow mode indoors: a phone's sensor log as a location source. Each step is dead-reckoned and matched to the
/// venue (``SensorLocator``: floors from the barometer, through the venue's connectors), and handed out as a
/// `Location` (the matched position, its level, its spread as the accuracy) with the heading walked, at the pace
/// the log was recorded (times a factor) or as fast as possible, on an injected clock, like `ReplayProvider`.
public struct SensorLogProvider<C: Clock>: LocationProvider where C.Duration == Duration {
    /// The sensor log.
    public let path: String
    /// Its format; `nil` detects it.
    public let format: SensorLogFormat?
    /// The venue's routing graph, whose free area the walk is matched to.
    public let graph: NavigationGraph
    /// Where the walk starts: the level's id and metres in the venue's frame.
    public let levelID: String, start: Coordinate
    /// How the walk is located (start heading, particles, seed, floor height).
    public let options: SensorLocatorOptions
    /// Recorded pace (times a factor) or as fast as possible.
    public let pace: ReplayProvider<C>.Pace
    /// The clock the pace is kept on.
    public let clock: C

    /// A provider of the walk in the log at `path`, from `start` (metres) on `levelID`.
    public init(path: String, format: SensorLogFormat? = nil, graph: NavigationGraph, levelID: String, start: Coordinate,
                options: SensorLocatorOptions = SensorLocatorOptions(), pace: ReplayProvider<C>.Pace, clock: C) {
        self.path = path
        self.format = format
        self.graph = graph
        self.levelID = levelID
        self.start = start
        self.options = options
        self.pace = pace
        self.clock = clock
    }

    /// Connecting, streaming, a location and a heading a step, then finished; a log that cannot be read is a
    /// `failed` status naming it, and the stream throws.
    public func events() -> AsyncThrowingStream<LocationEvent, any Error> {
        let provider = self
        return LocationEvent.finiteStream { continuation in
            let log = try SensorLog.read(path: provider.path, format: provider.format)
            var locator = try SensorLocator(graph: provider.graph, levelID: provider.levelID, start: provider.start,
                                            year: SensorLocator.year(of: log, today: Date()), options: provider.options)
            var pacer = Pacer(pace: provider.pace, start: 0, clock: provider.clock)
            continuation.yield(.status(.streaming))
            for sample in log.samples {
                try Task.checkCancellation()
                guard let step = locator.add(sample) else { continue }
                try await pacer.wait(until: step.time)
                let degrees = (step.heading * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
                // The log's own clock (Unix time for ILC; GetSensorData's seconds from the app's start, as if from 1970).
                let time = Date(timeIntervalSince1970: step.time)
                continuation.yield(.location(Location(coordinate: try locator.frame.unproject(step.point), horizontalAccuracy: step.accuracy,
                                                      course: degrees, levelOrdinal: step.ordinal, timestamp: time, source: provider.path)))
                continuation.yield(.heading(Heading(trueHeading: degrees, timestamp: time)))
            }
        }
    }
}
