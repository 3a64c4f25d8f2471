import Foundation
import IndoorGeometry
import IndoorLocation
import IndoorNavigation
import IndoorRouting
import IndoorSampleVenue
import IndoorTestSupport
import Synchronization
import IndoorText
import Testing

/// Yields to other tasks until `condition` holds (bounded: a test fails rather than hangs, and fails here, where
/// it waited, when the condition never holds).
func settle(sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool) async {
    for _ in 0..<100_000 {
        if condition() { return }
        await Task.yield()
    }
    if condition() { return }
    Issue.record("the condition did not hold after 100,000 yields", sourceLocation: sourceLocation)
}

@Suite(.timeLimit(.minutes(TestTier.minutes(8)))) struct NavigationEngineTests {
    /// A wait that runs out fails the test (it used to return as if the condition held).
    @Test func settleFailsTheTestWhenTheConditionNeverHolds() async {
        await withKnownIssue { await settle { false } }
        var yields = 0
        await settle {
            yields += 1
            return yields > 3
        }
        #expect(yields == 4)
    }

    /// The last step says its maneuver and the arrival together ("Head north, then turn left after Elevator. You
    /// reach Page Blanche Bookshop through the door on your left"): that is the step announced as it begins; once
    /// the walker is on it, what is ahead is the arrival alone, not a turn already behind them.
    @Test func theLastStretchShowsTheArrivalAhead() throws {
        let route = try SampleRoute()
        let track = RouteTrack(itinerary: route.itinerary, plane: route.context.plane)
        let last = try #require(track.steps.last)
        let arrival = try #require(route.itinerary.legs.last?.steps.last?.arrival)
        #expect(last.instruction(in: .en).hasSuffix(". You reach Page Blanche Bookshop through the door on your left"))
        #expect(last.arrival?.instruction(in: .en) == "You reach Page Blanche Bookshop through the door on your left")
        #expect(last.arrival == arrival)
        #expect(track.steps.dropLast().allSatisfy { $0.arrival == nil })
        var core = NavigationCore(context: route.context, itinerary: route.itinerary, destination: route.destination)
        var events: [NavigationEvent] = []
        var s = 0.0, second = 0.0
        while s <= track.length, !core.hasArrived {
            let p = track.position(at: s)
            let fix = Location(coordinate: route.context.plane.unproject(p.point), mode: .threeD, horizontalAccuracy: 5, course: p.bearing,
                               speed: 1.3, levelOrdinal: p.level, timestamp: SessionSimulator.epoch.addingTimeInterval(second), source: "test")
            core.update(fix, into: &events)
            s += 1.3
            second += 1
        }
        #expect(core.hasArrived)
        let progress = events.compactMap { if case .progress(let p) = $0 { p } else { nil } }
        let lastIndex = track.steps.count - 1
        // Before it (the stairs are ridden in place), the whole last step is what comes after the ride; on it, the
        // arrival alone.
        let before = progress.filter { $0.stepIndex < lastIndex }, on = progress.filter { $0.stepIndex == lastIndex }
        #expect(before.last.flatMap { track.instructionAfter($0, in: .en) } == last.instruction(in: .en))
        #expect(events.contains { if case .stepChanged(lastIndex) = $0 { true } else { false } })
        #expect(!on.isEmpty && on.allSatisfy { track.instructionAhead($0, in: .en) == last.arrival?.instruction(in: .en) })
    }

    /// One fix, then a receiver that stays connected but says nothing.
    struct SilentAfterOneFix: LocationProvider {
        let location: Location
        func events() -> AsyncThrowingStream<LocationEvent, any Error> {
            let (stream, continuation) = AsyncThrowingStream<LocationEvent, any Error>.makeStream()
            continuation.yield(.status(.streaming))
            continuation.yield(.location(location))
            _ = continuation
            return stream
        }
    }

    /// A live receiver that goes quiet: signal lost 5 s after its last fix, by the ticking clock, not when the
    /// next fix comes.
    @Test func aSilentLiveSourceIsReportedLost() async throws {
        let route = try SampleRoute()
        let start = try #require(route.itinerary.legs.first?.steps.first?.location)
        let t0 = SessionSimulator.epoch
        let fix = Location(coordinate: start, mode: .threeD, horizontalAccuracy: 5, timestamp: t0, source: "test")
        let engine = NavigationEngine(core: NavigationCore(context: route.context, itinerary: route.itinerary, destination: route.destination))
        let clock = ManualClock()
        let now = Mutex(t0.timeIntervalSince1970)
        let seen = Mutex<[NavigationEvent]>([])
        let task = Task {
            for try await e in engine.events(from: SilentAfterOneFix(location: fix), ticking: clock, now: { now.withLock { $0 } }) {
                seen.withLock { $0.append(e.event) }
            }
        }
        await settle { seen.withLock { $0.contains { if case .started = $0 { true } else { false } } } && clock.sleepers == 1 }
        for second in 1...7 {
            now.withLock { $0 = t0.timeIntervalSince1970 + Double(second) }
            await settle { clock.sleepers == 1 }
            clock.advance(by: .seconds(1))
            // The ticker is back asleep once it has yielded; the loop above may not have read the event yet.
            let expected = second >= 6 ? 1 : 0
            await settle { clock.sleepers == 1 && seen.withLock { $0.filter(Self.isSignalLost).count } >= expected }
            #expect(seen.withLock { $0.filter(Self.isSignalLost).count } == expected, "after \(second) s")
        }
        task.cancel()
    }

    static func isSignalLost(_ event: NavigationEvent) -> Bool { if case .signalLost = event { true } else { false } }

    /// Fixes as fast as the engine takes them, then the end of the stream.
    struct Burst: LocationProvider {
        let locations: [Location]
        func events() -> AsyncThrowingStream<LocationEvent, any Error> {
            let (stream, continuation) = AsyncThrowingStream<LocationEvent, any Error>.makeStream()
            for l in locations { continuation.yield(.location(l)) }
            continuation.finish()
            return stream
        }
    }

    /// A clock whose every sleep is over at once (after letting other tasks run): the ticker checks for a lost
    /// signal as often as it can, racing the fixes.
    struct ImpatientClock: Clock {
        struct Instant: InstantProtocol {
            var offset: Duration
            func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
            func duration(to other: Instant) -> Duration { other.offset - offset }
            static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
        }
        var now: Instant { Instant(offset: .zero) }
        var minimumResolution: Duration { .zero }
        func sleep(until deadline: Instant, tolerance: Duration?) async throws {
            await Task.yield()
            try Task.checkCancellation()
        }
    }

    /// Issue 15, point 8: the ticker declares the signal lost and the next fix regains it, from two tasks. Every
    /// reading of the caller's clock is 10 s after the last, so every tick loses the signal and every fix regains
    /// it; the stream must alternate lost, regained, lost… as the engine decided, whichever task ran when.
    @Test func signalLostAndRegainedArriveInTheOrderTheyHappened() async throws {
        let route = try SampleRoute()
        let start = try #require(route.itinerary.legs.first?.steps.first?.location)
        let t0 = SessionSimulator.epoch
        let fixes = (0..<3000).map {
            Location(coordinate: start, mode: .threeD, horizontalAccuracy: 5, timestamp: t0.addingTimeInterval(Double($0)), source: "test")
        }
        let engine = NavigationEngine(core: NavigationCore(context: route.context))
        let readings = Mutex(0.0)
        var lost = false
        var misordered: [String] = []
        var count = 0
        for try await e in engine.events(from: Burst(locations: fixes), untilArrival: false, ticking: ImpatientClock(),
                                         now: { readings.withLock { $0 += 10; return $0 } }) {
            switch e.event {
            case .signalLost:
                if lost { misordered.append("lost twice, after \(count) changes") }
                lost = true
                count += 1
            case .signalRegained:
                if !lost { misordered.append("regained while not lost, after \(count) changes") }
                lost = false
                count += 1
            default: break
            }
        }
        #expect(count > 100)
        #expect(misordered == [])
    }

    /// A simulated walk through the provider interface gives the engine the events the simulation recorded.
    @Test func aSimulatedSessionIsAProvider() async throws {
        let route = try SampleRoute()
        let simulator = route.simulator(seed: 11)
        let recorded = simulator.run(session: 2, record: true).events.map(\.event)
        let clock = ManualClock()
        let provider = SimulatedSessionProvider(simulator: simulator, session: 2, clock: clock)
        let engine = NavigationEngine(core: NavigationCore(context: route.context, itinerary: route.itinerary, destination: route.destination))
        let seen = Mutex<[NavigationEvent]>([])
        let done = Mutex(false)
        let task = Task {
            for try await e in engine.events(from: provider) where !{ if case .providerStatus = e.event { true } else { false } }() {
                seen.withLock { $0.append(e.event) }
            }
            done.withLock { $0 = true }
        }
        // Each epoch waits a second of the clock.
        for _ in 0..<400 where !done.withLock({ $0 }) {
            await settle { clock.sleepers == 1 || done.withLock { $0 } }
            clock.advance(by: .seconds(1))
        }
        _ = try await task.value
        #expect(seen.withLock { $0 } == recorded)
    }
}

/// Free mode says where a fix is in names a person reads, with the ids beside them (issue 18: `follow` printed
/// `Level 0 · 1725d00d-… · near 08e0288e-…`).
@Suite struct FreePositionTests {
    @Test func aFixIsLocatedByTheNamesOfItsLevelSpaceAndNearestPlace() throws {
        let venue = try SampleVenue.load()
        let context = NavigationContext(venue: venue)
        let cafe = try #require(venue.pois.first { $0.name.resolved() == "Café Müller" })
        let level = try #require(venue.levels.first { $0.id == cafe.levelID })
        var core = NavigationCore(context: context)
        var events: [NavigationEvent] = []
        core.update(Location(coordinate: cafe.coordinate, mode: .threeD, horizontalAccuracy: 3, levelOrdinal: level.ordinal,
                             timestamp: SessionSimulator.epoch, source: "test"), into: &events)
        let located = try #require(events.compactMap { if case .located(let f) = $0 { f } else { nil } }.first)
        #expect(located.nearestPOI == cafe.id)
        #expect(located.nearestPOIName?.text(in: .en) == "Café Müller")
        #expect(located.levelID == level.id)
        #expect(located.levelName?.text(in: .en) == level.name.resolved())
        #expect(located.levelName != nil)
        let space = try #require(located.spaceID.flatMap { id in venue.spaces.first { $0.id == id } })
        #expect(located.spaceName?.text(in: .en) == space.name.resolved())
    }
}
