import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorNavigation
import IndoorRouting
import IndoorSampleVenue
import IndoorSearch
import IndoorTestSupport
import IndoorVenue
import IndoorText
import Testing

/// A multi-level route on a shipped venue; by default the sample venue's (Café Müller on the concourse → the
/// bookshop on the mezzanine).
struct SampleRoute {
    let context: NavigationContext
    let itinerary: Itinerary
    let destination: Waypoint

    init(venue path: String? = nil, from fromName: String = "Café Müller", to toName: String = "Page Blanche Bookshop") throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let venue = try path.map { try VenueLoader.load(path: root.appendingPathComponent($0).path) } ?? SampleVenue.load()
        context = NavigationContext(venue: venue)
        let index = SearchIndex(venue: venue)
        let from = try Waypoint(resolving: fromName, in: index), to = try Waypoint(resolving: toName, in: index)
        itinerary = try Router(graph: context.graph).itinerary(through: [from, to])
        destination = to
    }

    func simulator(seed: UInt64, detourRate: Double = 0.2) -> SessionSimulator {
        var walker = WalkerConfiguration()
        walker.noise = 3
        walker.detourRate = detourRate
        return SessionSimulator(context: context, itinerary: itinerary, destination: destination, walker: walker, seed: seed)
    }
}

@Suite struct SessionSimulatorTests {
    /// The acceptance figures at a smaller count: every session arrives, none on the wrong level, at most one
    /// reroute per real detour, off-route within 3 fixes, false alarms in under 1 % of sessions.
    @Test func sessionsArriveOnTheRightLevel() throws {
        let route = try SampleRoute()
        let simulator = route.simulator(seed: 7)
        let results = (0..<100).map { simulator.run(session: $0) }
        let report = SimulationReport(results)
        #expect(report.sessions == 100)
        #expect(report.arrived == 100)
        #expect(report.wrongLevelArrivals == 0)
        #expect(report.detours > 10)
        #expect(report.undetectedDetours == 0)
        #expect((report.detectionDelayMax ?? .max) <= 3)
        #expect(report.maxReroutesPerDetour <= 1)
        #expect(report.falseOffRouteSessions <= 1)
        #expect(report.reroutesWithoutDetour <= report.falseOffRouteSessions)
        #expect((report.matchedErrorMedian ?? .infinity) < 3)
        // Without detours there is nothing to reroute for.
        let straight = route.simulator(seed: 7, detourRate: 0)
        let calm = SimulationReport((0..<50).map { straight.run(session: $0) })
        #expect(calm.arrived == 50 && calm.detours == 0)
        #expect(calm.falseOffRouteSessions == 0 && calm.reroutes == 0)
    }

    /// The other shipped multi-level venues, at a smaller count (the CLI's 1000-session figures are in the README).
    @Test(arguments: [("venues/imdf-spbstu-polytech", "Classroom 104", "Classroom 302"),
                      ("venues/osm-dresden-apb/apb.osm", "way/870541090", "way/870540971")])
    func theShippedVenues(venue: String, from: String, to: String) throws {
        let route = try SampleRoute(venue: venue, from: from, to: to)
        #expect(Set(route.itinerary.legs.map(\.levelOrdinal)).count >= 2)
        let report = SimulationReport((0..<100).map { route.simulator(seed: 3).run(session: $0) })
        #expect(report.arrived == 100 && report.wrongLevelArrivals == 0)
        #expect(report.undetectedDetours == 0 && (report.detectionDelayMax ?? 0) <= 3)
        #expect(report.maxReroutesPerDetour <= 1 && report.falseOffRouteSessions <= 1)
    }

    /// The same seed gives the same sessions, byte for byte; another seed another walk.
    @Test func deterministic() throws {
        let route = try SampleRoute()
        let a = route.simulator(seed: 42).run(session: 3, record: true)
        let b = route.simulator(seed: 42).run(session: 3, record: true)
        let c = route.simulator(seed: 43).run(session: 3, record: true)
        #expect(a.nmea == b.nmea && a.events.map(\.event) == b.events.map(\.event))
        #expect(a.nmea != c.nmea)
    }

    /// Replaying a recorded session's NMEA through a fresh engine (as `follow --nmea-file` does) gives the same
    /// events.
    @Test func aRecordingReplaysToTheSameEvents() async throws {
        let route = try SampleRoute()
        let recorded = route.simulator(seed: 5).run(session: 0, record: true)
        let path = NSTemporaryDirectory() + "indoornav-session-\(UUID().uuidString).nmea"
        try Data(recorded.nmea.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let core = NavigationCore(context: route.context, itinerary: route.itinerary, destination: route.destination)
        let provider = ReplayProvider(path: path, format: .nmea(lenient: false), pace: .asFastAsPossible, clock: ManualClock())
        var replayed: [NavigationEvent] = []
        for try await update in NavigationEngine(core: core).events(from: provider) {
            if case .providerStatus = update.event { continue }
            replayed.append(update.event)
        }
        #expect(!recorded.events.isEmpty)
        #expect(replayed == recorded.events.map(\.event))
    }

    /// 59.996 s rounds to the next minute's 00.00, not to second 60 (`100060.00`, which a decoder rejects).
    @Test(arguments: [(59.996, "100100.00", "010126"), (86_399.996, "000000.00", "020126"), (59.994, "100059.99", "010126")])
    func theTimeIsRoundedBeforeItIsSplit(offset: Double, hms: String, dmy: String) throws {
        let date = Date(timeIntervalSince1970: 1_767_261_600 + offset - (offset > 80_000 ? 36_000 : 0))
        let text = NMEAWriter.epoch(time: date, coordinate: GeoCoordinate(longitude: 2.35, latitude: 48.85), speed: 1, course: nil,
                                    sigma: 3, heading: nil, level: nil)
        #expect(text.hasPrefix("$GPGGA,\(hms),"), "\(text)")
        #expect(text.contains("$GPRMC,\(hms),A,") && text.contains(",\(dmy),"), "\(text)")
        var decoder = NMEADecoder()
        let fixes = (decoder.feed(Array(text.utf8)) + decoder.finish()).compactMap { if case .fix(let f) = $0 { f } else { nil } }
        #expect(decoder.skipped.isEmpty)
        #expect(fixes.first?.time.map { abs($0.timeIntervalSince(date)) < 0.006 } == true)
    }

    /// What is not a number is written as an empty field, never as `nan` and never by trapping.
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300])
    func valuesThatAreNotNumbersAreEmptyFields(bad: Double) {
        let good = GeoCoordinate(longitude: 2.35, latitude: 48.85)
        let texts = [
            NMEAWriter.epoch(time: Date(timeIntervalSince1970: bad), coordinate: good, speed: 1, course: 90, sigma: 3, heading: 1, level: 0),
            NMEAWriter.epoch(time: Date(timeIntervalSince1970: 1_767_261_600), coordinate: GeoCoordinate(longitude: bad, latitude: bad),
                             altitude: bad, speed: bad, course: bad, sigma: bad, heading: bad, level: bad),
        ]
        for text in texts {
            #expect(!text.lowercased().contains("nan") && !text.lowercased().contains("inf"), "\(text)")
            var decoder = NMEADecoder()
            _ = decoder.feed(Array(text.utf8)) + decoder.finish()
            #expect(decoder.skipped[.badChecksum] == nil && decoder.skipped[.malformed] == nil, "\(decoder.skipped)")
        }
        #expect(texts[1].hasPrefix("$GPGGA,100000.00,,,,,0,10,"), "\(texts[1])")
    }

    /// What the simulated receiver writes decodes to what it meant: position to 1e-7°, level, heading.
    @Test func theSimulatedReceiverWritesDecodableNMEA() throws {
        let date = Date(timeIntervalSince1970: 1_767_261_600 + 59.5)
        let c = GeoCoordinate(longitude: -2.123_456_7, latitude: 48.849_887_7)
        let text = NMEAWriter.epoch(time: date, coordinate: c, speed: 1.3, course: 271.5, sigma: 3, heading: 90.2, level: -1)
        var decoder = NMEADecoder()
        let fixes = (decoder.feed(Array(text.utf8)) + decoder.finish()).compactMap { if case .fix(let f) = $0 { f } else { nil } }
        #expect(decoder.skipped.isEmpty)
        #expect(fixes.count == 1)
        let fix = try #require(fixes.first)
        #expect(abs((fix.latitude ?? 0) - c.latitude) < 1e-7 && abs((fix.longitude ?? 0) - c.longitude) < 1e-7)
        #expect(fix.levelOrdinal == -1 && fix.heading == 90.2 && fix.time == date)
        #expect(abs((fix.speed ?? 0) - 1.3) < 0.01 && fix.track == 271.5)
    }
}

/// Rides ridden in place (a lift, stairs or an escalator drawn as a point): no fix tells their foot from their top,
/// and near them the simulated receiver says the other floor three times in ten.
@Suite struct RideInPlaceTests {
    /// The sessions from the named place `from` to `to` of a venue (places as `indoornav-bench simulate` draws its
    /// pairs from them; by name, so that a place added elsewhere does not change which pair is walked).
    static func simulator(venue: Venue, from: String, to: String) throws -> SessionSimulator {
        let context = NavigationContext(venue: venue)
        let places = RouteAudit(venue: venue).places
        let pair = (try #require(places.first { $0.name == from }), try #require(places.first { $0.name == to }))
        let a = Waypoint(end: RouteEnd(point: try venue.frame.project(pair.0.coordinate), levelID: pair.0.levelID, label: from))
        let b = Waypoint(end: RouteEnd(point: try venue.frame.project(pair.1.coordinate), levelID: pair.1.levelID, label: to))
        let itinerary = try Router(graph: context.graph).itinerary(through: [a, b])
        var walker = WalkerConfiguration()
        walker.detourRate = 0.2
        return SessionSimulator(context: context, itinerary: itinerary, destination: b, walker: walker, seed: 1)
    }

    /// The destination is a staircase on the floor it leads to: the route ends with the ride (its last leg has no
    /// length). Before, the end of the route was placed on the floor before the ride, so no session ever arrived.
    @Test func aStaircaseOnAnotherFloorAsTheDestinationIsArrivedAt() throws {
        let simulator = try Self.simulator(venue: try SampleVenue.load(), from: "Women's restroom", to: "Stairs")
        let track = RouteTrack(itinerary: simulator.itinerary, plane: simulator.context.plane)
        #expect(track.position(at: track.length).level == track.destinationLevel)
        let report = SimulationReport((0..<40).map { simulator.run(session: $0) })
        #expect(report.arrived == 40 && report.wrongLevelArrivals == 0, "\(report.text)")
    }

    /// The destination is a few metres from an escalator on the floor below, nearly under the user: two fixes
    /// saying that floor at the escalator's head used to carry the user down and arrive. The user is past a ride
    /// no sooner than its planned time after reaching it.
    @Test func aFloorSaidAtTheHeadOfAnEscalatorDoesNotCarryTheUserDown() throws {
        let generated = try VenueGenerator(kind: .grid, options: .init(seed: 1, levels: 3)).generate()
        let venue = try IMDFLoader.load(files: generated.imdf, source: "generated grid").inferringPassages()
        let simulator = try Self.simulator(venue: venue, from: "Classroom R0-3-2-1", to: "Escalator up")
        let report = SimulationReport((0..<100).map { simulator.run(session: $0) })
        #expect(report.wrongLevelArrivals == 0, "\(report.text)")
        #expect(report.arrived >= 99, "\(report.text)")
    }
}
