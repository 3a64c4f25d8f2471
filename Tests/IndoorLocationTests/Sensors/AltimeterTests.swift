import Foundation
import IndoorBase
import IndoorLocation
import Testing

/// Floor changes from pressure alone: a barometer's series drawn here from a height profile (standard atmosphere),
/// with the weather's drift and a phone barometer's noise, seeded.
@Suite struct AltimeterTests {
    /// Pressure readings at 10 Hz of a walk whose height (metres) is `height(t)`, the sea-level pressure drifting
    /// `drift(t)` hPa, with 0.04 hPa of noise.
    static func readings(seconds: Double, height: (Double) -> Double, drift: (Double) -> Double, seed: UInt64) -> [(Double, Double)] {
        var random = SeededGenerator(seed: seed)
        return (0..<Int(seconds * 10)).map { k in
            let t = Double(k) / 10
            let p = (1013.25 + drift(t)) * pow(1 - (40 + height(t)) / 44_330.8, 1 / 0.190263) + 0.04 * random.gaussian()
            return (t, p)
        }
    }

    /// A height profile of flat stretches and rides: each ride (start, duration, floors) moves at a steady rate.
    static func profile(_ rides: [(start: Double, duration: Double, floors: Double)], floorHeight: Double = 4) -> (Double) -> Double {
        { t in
            rides.reduce(0) { h, r in h + floorHeight * r.floors * min(max((t - r.start) / r.duration, 0), 1) }
        }
    }

    /// Kind: climbs and descents of every pace (stairs a floor in 15 s, a lift two floors in 8 s, an escalator
    /// down, a ramp up half as fast as stairs) while the weather moves the pressure 3 hPa an hour: each floor
    /// is found once, in its direction, during its ride.
    @Test func everyClimbAndDescentIsFoundThroughWeatherDrift() {
        let rides: [(start: Double, duration: Double, floors: Double)] = [(60, 15, 1), (140, 8, 2), (230, 20, -1), (330, 40, 1), (450, 12, -3)]
        for seed: UInt64 in 1...5 {
            let readings = Self.readings(seconds: 560, height: Self.profile(rides), drift: { 3 * $0 / 3600 }, seed: seed)
            var altimeter = Altimeter(floorHeight: 4)
            let changes = readings.compactMap { altimeter.add(time: $0.0, pressure: $0.1) }
            #expect(changes.map(\.floors) == [1, 1, 1, -1, 1, -1, -1, -1], "seed \(seed): \(changes)")
            for change in changes {
                #expect(rides.contains { change.time >= $0.start && change.time <= $0.start + $0.duration + 2 }, "seed \(seed): \(change) in no ride")
            }
        }
    }

    /// Kind: flat walks in a storm: two hours of a front (−4 hPa an hour) with a swell of ±0.5 hPa an hour (up to
    /// 7 hPa an hour together, past the worst a barometer records), and steps of a fifth of a floor (a kerb, a
    /// landing) every five minutes: no floor is invented.
    @Test func aFlatWalkInAStormInventsNoFloor() {
        for seed: UInt64 in 1...3 {
            let readings = Self.readings(seconds: 7200, height: { 0.8 * (Int($0 / 300) % 2 == 0 ? 0 : 1) },
                                         drift: { -4 * $0 / 3600 + 0.5 * sin(2 * .pi * $0 / 3600) }, seed: seed)
            var altimeter = Altimeter(floorHeight: 4)
            let changes = readings.compactMap { altimeter.add(time: $0.0, pressure: $0.1) }
            #expect(changes.isEmpty, "seed \(seed): \(changes)")
        }
    }

    /// Kind: floors taller than the altimeter is told (5 m against 4 m): a ride of one floor is one floor, and
    /// the next ride starts from where the last one settled, so the errors do not add up.
    @Test func floorsOfAnotherHeightDoNotAddUp() {
        let rides: [(start: Double, duration: Double, floors: Double)] = [(30, 15, 1), (90, 15, 1), (150, 15, 1), (210, 15, -1)]
        let readings = Self.readings(seconds: 280, height: Self.profile(rides, floorHeight: 5), drift: { _ in 0 }, seed: 9)
        var altimeter = Altimeter(floorHeight: 4)
        let changes = readings.compactMap { altimeter.add(time: $0.0, pressure: $0.1) }
        #expect(changes.map(\.floors) == [1, 1, 1, -1], "\(changes)")
    }

    /// Kind: rides of each pace a floor change can have: a lift (a floor in 5 s, 0.8 m/s), an escalator (15 s,
    /// 0.27 m/s; down, 20 s) and stairs (20 s, 0.2 m/s), through weather drift. Each change says the ride's mean
    /// rate within 30 %: lifts are told from escalators and stairs by it (the walker's steps tell stairs from an
    /// escalator).
    @Test func aFloorChangeSaysHowFastItsRideClimbed() {
        let rides: [(start: Double, duration: Double, floors: Double)] = [(40, 5, 1), (100, 15, 1), (170, 20, -1), (240, 20, 1), (310, 10, -2)]
        for seed: UInt64 in 1...3 {
            let readings = Self.readings(seconds: 360, height: Self.profile(rides), drift: { 3 * $0 / 3600 }, seed: seed)
            var altimeter = Altimeter(floorHeight: 4)
            let changes = readings.compactMap { altimeter.add(time: $0.0, pressure: $0.1) }
            #expect(changes.map(\.floors) == [1, 1, -1, 1, -1, -1], "seed \(seed): \(changes)")
            let truth = [0.8, 4.0 / 15, -0.2, 0.2, -0.8, -0.8]
            for (change, rate) in zip(changes, truth) {
                #expect(abs(change.rate - rate) <= 0.3 * abs(rate), "seed \(seed): \(change) against \(rate) m/s")
            }
        }
    }
}
