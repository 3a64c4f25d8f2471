import Foundation
import IndoorBase
import IndoorLocation
import Testing

/// Steps, heading and dead reckoning on synthetic phone samples with exact truth (50 Hz, seeded noise).
@Suite struct DeadReckoningTests {
    /// The field a phone reads, µT, in its own frame, for a field of 20 µT north and 40 µT down when its top edge
    /// faces `heading` (radians clockwise from north) and it lies flat, screen up.
    static func field(heading: Double) -> Vector3 {
        // The phone's x axis points to heading + 90°, its y axis to heading; the north component splits on them.
        Vector3(-20 * sin(heading), 20 * cos(heading), -40)
    }

    /// A walk of `seconds` at `cadence` steps a second along `heading(t)`, the phone flat in hand: acceleration
    /// swings `swing` m/s² about gravity at each step; the gyroscope reads the turn; seeded noise on every axis.
    static func walk(seconds: Double, cadence: Double = 1.8, swing: Double = 2.5, seed: UInt64 = 1,
                     heading: (Double) -> Double = { _ in 0 }) -> [SensorSample] {
        var rng = SeededGenerator(seed: seed)
        func noise(_ k: Double) -> Double { (Double(rng.next() % 2001) / 1000 - 1) * k }
        var out: [SensorSample] = []
        let dt = 0.02
        var t = 0.0
        while t < seconds {
            let bounce = swing * sin(2 * .pi * cadence * t)
            out.append(SensorSample(time: t, reading: .acceleration(Vector3(noise(0.2), noise(0.2), 9.81 + bounce + noise(0.2)))))
            let turn = (heading(t + dt) - heading(t)) / dt
            // Clockwise (heading growing) is a negative rate about z, which points up.
            out.append(SensorSample(time: t + 0.001, reading: .rotationRate(Vector3(noise(0.01), noise(0.01), -turn + noise(0.01)))))
            let m = field(heading: heading(t))
            out.append(SensorSample(time: t + 0.002, reading: .magneticField(Vector3(m.x + noise(0.5), m.y + noise(0.5), m.z + noise(0.5)))))
            t += dt
        }
        return out
    }

    /// Kind: a walk at a steady cadence: one step per stride of the acceleration, none while standing still.
    @Test func stepsAreCountedAtTheCadenceAndNoneStandingStill() {
        var detector = StepDetector()
        var steps: [DetectedStep] = []
        for s in Self.walk(seconds: 20) {
            if case .acceleration(let a) = s.reading, let step = detector.add(time: s.time, acceleration: a) { steps.append(step) }
        }
        #expect(abs(steps.count - 36) <= 1, "\(steps.count) steps in 20 s at 1.8 a second")
        #expect(steps.allSatisfy { (0.45...0.9).contains($0.length) }, "\(steps.map(\.length))")
        var still = StepDetector()
        let none = Self.walk(seconds: 20, swing: 0).compactMap { s -> DetectedStep? in
            guard case .acceleration(let a) = s.reading else { return nil }
            return still.add(time: s.time, acceleration: a)
        }
        #expect(none.isEmpty)
    }

    /// The heading of a flat phone facing east is 90°; of a phone held upright, facing the way its back faces; the
    /// declination turns it from magnetic to true.
    @Test func theHeadingIsTiltCompensatedAndTrue() {
        var filter = HeadingFilter()
        filter.add(time: 0, acceleration: Vector3(0, 0, 9.81))
        filter.add(time: 0, magneticField: Self.field(heading: .pi / 2))
        #expect(abs((filter.heading ?? 0) - .pi / 2) < 1e-9)
        // Upright, facing north: y up, the back (−z) north; the field's down is −y, its north is −z.
        var upright = HeadingFilter(declination: 10)
        upright.add(time: 0, acceleration: Vector3(0, 9.81, 0))
        upright.add(time: 0, magneticField: Vector3(0, -40, -20))
        #expect(abs((upright.heading ?? 0) - 10 * .pi / 180) < 1e-9)
    }

    /// A field of the wrong strength (steel, a motor) is ignored: the gyroscope carries the turn.
    @Test func aDisturbedFieldIsIgnoredAndTheGyroscopeCarriesTheTurn() {
        var filter = HeadingFilter(expectedField: 44.7)
        filter.add(time: 0, acceleration: Vector3(0, 0, 9.81))
        filter.add(time: 0, magneticField: Self.field(heading: 0))
        var t = 0.0
        while t < 2 {
            t += 0.02
            filter.add(time: t, acceleration: Vector3(0, 0, 9.81))
            filter.add(time: t, rotationRate: Vector3(0, 0, -0.5))
            filter.add(time: t, magneticField: Vector3(0, 90, -40))
        }
        #expect(abs((filter.heading ?? 0) - 1.0) < 0.02)
        #expect(filter.disturbed == 100)
        // The last reading that held the heading is the first, trusted one: the gyroscope alone has carried it since.
        #expect(filter.anchoredAt == 0)
    }

    /// Kinds of disturbance of the right strength: a field that turns while the gyroscope says the phone does not
    /// (a walker passing a steel pillar), and a field dipping at the wrong angle. Both are ignored; the field is
    /// trusted again once it keeps step with the turns for a second.
    @Test func aFieldThatTurnsOnItsOwnOrDipsWronglyIsIgnored() {
        // The field of `field(heading:)` dips atan(40 / 20) = 63.4° below the horizontal.
        var filter = HeadingFilter(expectedField: (20.0 * 20 + 40 * 40).squareRoot(), expectedInclination: 63.4)
        filter.add(time: 0, acceleration: Vector3(0, 0, 9.81))
        filter.add(time: 0, magneticField: Self.field(heading: 0))
        var t = 0.0
        // Five seconds standing still while the field swings 60° past: the heading stays.
        while t < 5 {
            t += 0.02
            filter.add(time: t, acceleration: Vector3(0, 0, 9.81))
            filter.add(time: t, rotationRate: Vector3(0, 0, 0))
            filter.add(time: t, magneticField: Self.field(heading: -60 * .pi / 180 * sin(.pi * t / 5)))
        }
        #expect(abs(filter.heading ?? 1) < 2 * .pi / 180, "\((filter.heading ?? 0) * 180 / .pi)°")
        // A field of the right strength dipping 30° (a horizontal disturbance added), the phone facing 30° off it.
        let shallow = Vector3(-0.5 * 38.7, 0.866 * 38.7, -22.4)
        while t < 15 {
            t += 0.02
            filter.add(time: t, acceleration: Vector3(0, 0, 9.81))
            filter.add(time: t, rotationRate: Vector3(0, 0, 0))
            filter.add(time: t, magneticField: shallow)
        }
        #expect(abs(filter.heading ?? 1) < 2 * .pi / 180, "\((filter.heading ?? 0) * 180 / .pi)°")
        // No reading of the wrong dip held the heading.
        #expect((filter.anchoredAt ?? 99) <= 5, "\(String(describing: filter.anchoredAt))")
        // The true field again, facing 20° east now: followed.
        while t < 45 {
            t += 0.02
            filter.add(time: t, acceleration: Vector3(0, 0, 9.81))
            filter.add(time: t, rotationRate: Vector3(0, 0, 0))
            filter.add(time: t, magneticField: Self.field(heading: 20 * .pi / 180))
        }
        #expect(abs((filter.heading ?? 0) - 20 * .pi / 180) < 2 * .pi / 180, "\((filter.heading ?? 0) * 180 / .pi)°")
        #expect((filter.anchoredAt ?? 0) > 44.9)
    }

    /// Kind: dead reckoning a walk north then east, turning on the spot: it ends where its steps, walked along the
    /// true heading, lead, within a twentieth of the distance walked.
    @Test func deadReckoningFollowsAWalkWithATurn() throws {
        let heading = { (t: Double) in t < 20 ? 0 : min(.pi / 2, (t - 20) * .pi) }
        var dr = PedestrianDeadReckoning(expectedField: (20.0 * 20 + 40 * 40).squareRoot())
        var steps: [DeadReckonedStep] = []
        for s in Self.walk(seconds: 40, heading: heading) {
            if let step = dr.add(s) { steps.append(step) }
        }
        let end = try #require(steps.last).position
        let walked = steps.reduce(0) { $0 + $1.length }
        let expected = steps.reduce(Coordinate(x: 0, y: 0)) { p, s in
            Coordinate(x: p.x + s.length * sin(heading(s.time)), y: p.y + s.length * cos(heading(s.time)))
        }
        #expect(abs(steps.count - 72) <= 2)
        #expect(end.distance(to: expected) < walked / 20, "\(end) vs \(expected) after \(walked) m")
    }
}
