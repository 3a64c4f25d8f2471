import Foundation
import IndoorBase
import IndoorLocation
import IndoorNavigation
import IndoorRouting
import IndoorTestSupport
import IndoorVenue
import Testing

/// Walks simulated with the phone they record (``SimulatedPhone``, a GetSensorData log with its truth), on a
/// generated venue of three floors: the log reads back, its steps and floor changes are found, and the walk is
/// located on the right floor.
@Suite(.timeLimit(.minutes(TestTier.minutes(3)))) struct SimulatedPhoneTests {
    struct Walk {
        let context: NavigationContext
        let from: RouteAudit.Place
        let samples: [SensorSample]
        let skipped: [SensorSkipReason: Int]

        /// The truth lines: time, metres in the venue's frame, floor.
        var truth: [(time: Double, point: Coordinate, floor: Int)] {
            samples.compactMap { s in
                guard case .truth(let t) = s.reading, case .geographic(let g) = t.position,
                      let p = try? context.venue.frame.project(g) else { return nil }
                return (s.time, p, t.floor ?? 0)
            }
        }

        /// The floor changes of the truth, a floor at a time (+1 up, −1 down).
        var floorChanges: [Int] {
            let floors = truth.map(\.floor)
            return zip(floors, floors.dropFirst()).flatMap { a, b in Array(repeating: b > a ? 1 : -1, count: abs(b - a)) }
        }
    }

    /// `count` walks between seeded pairs of places on a generated venue of `kind`, across floors or on one, with
    /// `phone`'s sensors.
    static func walks(_ kind: VenueGenerator.Kind, seed: UInt64, acrossFloors: Bool, count: Int,
                      phone: PhoneConfiguration = PhoneConfiguration()) throws -> [Walk] {
        let generated = try VenueGenerator(kind: kind, options: .init(seed: seed, levels: 3)).generate()
        let venue = try IMDFLoader.load(files: generated.imdf, source: "generated-\(kind.rawValue)-\(seed)").inferringPassages()
        let context = NavigationContext(venue: venue)
        let audit = RouteAudit(venue: venue)
        var walker = WalkerConfiguration()
        walker.detourRate = 0
        var out: [Walk] = []
        for (a, b) in audit.pairs(60, seed: seed) where out.count < count {
            let across = venue.level(id: a.levelID)?.ordinal != venue.level(id: b.levelID)?.ordinal
            guard across == acrossFloors, !a.name.contains("Escalator"), !a.name.contains("Elevator"), !a.name.contains("Stairs"),
                  let pa = try? venue.frame.project(a.coordinate), let pb = try? venue.frame.project(b.coordinate) else { continue }
            let from = Waypoint(end: RouteEnd(point: pa, levelID: a.levelID, label: a.name))
            let to = Waypoint(end: RouteEnd(point: pb, levelID: b.levelID, label: b.name))
            guard let itinerary = try? Router(graph: context.graph).itinerary(through: [from, to]), itinerary.distance > 20 else { continue }
            var simulator = SessionSimulator(context: context, itinerary: itinerary, destination: to, walker: walker, seed: seed)
            simulator.phone = phone
            let log = simulator.run(session: out.count, sensors: true).sensors
            var decoder = SensorLogDecoder()
            let samples = decoder.feed(Array(log.utf8)) + decoder.finish()
            #expect(decoder.format == .getSensorData)
            out.append(Walk(context: context, from: a, samples: samples, skipped: decoder.skipped))
        }
        #expect(out.count == count, "\(kind) \(seed): \(out.count) walks")
        return out
    }

    /// Kind: a walk on one floor with the phone's steps 0.7 m long: the log reads back whole, and dead reckoning
    /// finds as many steps as the walk's length makes, give or take 3 %.
    @Test func aLogReadsBackAndItsStepsAreCounted() throws {
        var phone = PhoneConfiguration()
        phone.stepLengthVariation = 0
        for walk in try Self.walks(.grid, seed: 2, acrossFloors: false, count: 2, phone: phone) {
            #expect(walk.skipped.isEmpty, "\(walk.skipped)")
            let truth = walk.truth
            let length = zip(truth, truth.dropFirst()).reduce(0) { $0 + $1.0.point.distance(to: $1.1.point) }
            var dr = PedestrianDeadReckoning()
            let steps = walk.samples.compactMap { dr.add($0) }.count
            #expect(abs(Double(steps) - length / 0.7) <= 0.03 * length / 0.7 + 1, "\(steps) steps on \(length) m")
        }
    }

    /// Kind: walks across floors (stairs, escalators, lifts) and walks on one floor, while the weather moves the
    /// pressure 4 hPa an hour (1σ): from the barometer alone, every floor climbed and descended is found, in
    /// order, and none on the flat walks.
    @Test(arguments: TestTier.sample([VenueGenerator.Kind.grid, .mixed], unit: 1))
    func floorChangesAreFoundFromPressureAlone(kind: VenueGenerator.Kind) throws {
        var phone = PhoneConfiguration()
        phone.weatherDrift = 4
        for across in [true, false] {
            for walk in try Self.walks(kind, seed: 3, acrossFloors: across, count: across ? 4 : 2, phone: phone) {
                var altimeter = Altimeter(floorHeight: phone.floorHeight)
                let found = walk.samples.compactMap { s -> Int? in
                    guard case .pressure(let hPa) = s.reading else { return nil }
                    return altimeter.add(time: s.time, pressure: hPa)?.floors
                }
                #expect(found == walk.floorChanges, "\(kind) from \(walk.from.name)")
                if across { #expect(!found.isEmpty) }
            }
        }
    }

    /// Kind: walks across floors, located from their first truth point and nothing else: the floor is right at
    /// 95 % of their steps or more (dead reckoning alone has no floor), and the median error of their steps is
    /// under 3 m.
    @Test func walksAcrossFloorsAreLocatedOnTheRightFloor() throws {
        var right = 0, errors: [Double] = [], reckoned: [Double] = []
        for walk in try Self.walks(.grid, seed: 4, acrossFloors: true, count: 3) {
            let truth = walk.truth
            let first = try #require(truth.first)
            let level = try #require(walk.context.venue.levels.first { Int($0.ordinal) == first.floor })
            var locator = try SensorLocator(graph: walk.context.graph, levelID: level.id, start: first.point, year: 2026)
            var dr = PedestrianDeadReckoning(start: first.point)
            for s in walk.samples {
                let alone = dr.add(s)
                guard let step = locator.add(s), let k = truth.lastIndex(where: { $0.time <= step.time }) else { continue }
                let a = truth[k], b = truth[min(k + 1, truth.count - 1)]
                let f = b.time > a.time ? (step.time - a.time) / (b.time - a.time) : 0
                let p = Coordinate(x: a.point.x + (b.point.x - a.point.x) * f, y: a.point.y + (b.point.y - a.point.y) * f)
                errors.append(p.distance(to: step.point))
                if let alone { reckoned.append(p.distance(to: alone.position)) }
                if Int(step.ordinal) == a.floor { right += 1 }
            }
        }
        #expect(errors.count > 200)
        #expect(Double(right) >= 0.95 * Double(errors.count), "\(right) of \(errors.count) steps on the right floor")
        let median = errors.sorted()[errors.count / 2], alone = reckoned.sorted()[reckoned.count / 2]
        #expect(median < 3, "median error \(median) m (dead reckoning alone: \(alone) m)")
    }

    /// Kind: a lift ride. The walker waits at the lift's door on its floor (the router's 30 s), then the lift moves
    /// a floor in 5 s: the barometer sees a lift's pace (0.8 m/s, not a climb spread over the wait), and the walk
    /// is located up the lift, on the upper floor.
    @Test func aLiftWaitsAtItsFloorThenMovesAtALiftsPace() throws {
        let floor = """
            AAAAAEEAAAAA
            AAAAAeEAAAAA
            AAAAAAAAAAAA
            """
        let ascii = try AsciiVenue(levels: [0: floor, 1: floor], connectors: ["E": .elevator])
        let context = NavigationContext(venue: ascii.venue())
        let from = Waypoint(end: RouteEnd(point: Coordinate(x: 0.5, y: 0.5), levelID: "L0", label: "west"))
        let to = Waypoint(end: RouteEnd(point: Coordinate(x: 11.5, y: 0.5), levelID: "L1", label: "east"))
        let itinerary = try Router(graph: context.graph).itinerary(through: [from, to])
        let simulator = SessionSimulator(context: context, itinerary: itinerary, destination: to, walker: WalkerConfiguration(), seed: 2)
        var decoder = SensorLogDecoder()
        let samples = decoder.feed(Array(simulator.run(session: 0, sensors: true).sensors.utf8)) + decoder.finish()
        var altimeter = Altimeter(floorHeight: simulator.phone.floorHeight)
        let changes = samples.compactMap { s -> FloorChange? in
            guard case .pressure(let hPa) = s.reading else { return nil }
            return altimeter.add(time: s.time, pressure: hPa)
        }
        #expect(changes.map(\.floors) == [1])
        #expect(changes.allSatisfy { $0.rate >= 0.5 }, "\(changes)")
        var locator = try SensorLocator(graph: context.graph, levelID: "L0", start: Coordinate(x: 0.5, y: 0.5), year: 2026)
        let steps = samples.compactMap { locator.add($0) }
        #expect(steps.last?.ordinal == 1)
    }
}
