import Foundation
import IndoorBase
import IndoorLocation
import Testing

@Suite struct SimulatedHeadingSensorTests {
    let paris = GeoCoordinate(longitude: 2.3522, latitude: 48.8566)
    let date = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01

    func readings(_ config: SimulatedHeadingSensor.Configuration, seed: UInt64, seconds: Double = 100,
                  at place: GeoCoordinate? = nil) -> [Heading] {
        var sensor = SimulatedHeadingSensor(configuration: config, seed: seed)
        var out: [Heading] = []
        var t = 0.0
        while t < seconds {
            if let h = sensor.reading(at: t, trueHeading: 90, coordinate: place ?? paris, date: date) { out.append(h) }
            t += 0.01
        }
        return out
    }

    @Test func theSameSeedGivesTheSameReadings() {
        #expect(readings(.init(), seed: 4) == readings(.init(), seed: 4))
        #expect(readings(.init(), seed: 4) != readings(.init(), seed: 5))
    }

    @Test func noiseBiasRateAndDeclinationBehave() throws {
        var config = SimulatedHeadingSensor.Configuration()
        config.noise = 2
        config.bias = 5
        config.drift = 0
        let r = readings(config, seed: 1)
        #expect(abs(r.count - 1000) <= 1)  // 10 Hz for 100 s
        let errors = r.compactMap { $0.trueHeading.map { $0 - 90 } }
        let mean = errors.reduce(0, +) / Double(errors.count)
        let sd = (errors.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(errors.count)).squareRoot()
        #expect(abs(mean - 5) < 0.3)
        #expect(abs(sd - 2) < 0.2)
        // True and magnetic differ by the declination in Paris (+1.968° in 2026).
        let first = try #require(r.first)
        let difference = (first.trueHeading ?? 0) - (first.magneticHeading ?? 0)
        #expect(abs(difference - 1.968) < 0.01)
    }

    @Test func driftGrowsAndDropoutsDrop() {
        var config = SimulatedHeadingSensor.Configuration()
        config.noise = 0
        config.drift = 1
        let errors = readings(config, seed: 3, seconds: 400).compactMap { $0.trueHeading.map { abs($0 - 90) } }
        // With no white noise, the error is the drift alone: after 400 s at 1°/√s it has wandered degrees away.
        #expect((errors.max() ?? 0) > 5)
        #expect((errors.first ?? 1) < 1)
        var lossy = SimulatedHeadingSensor.Configuration()
        lossy.dropout = 0.3
        let count = readings(lossy, seed: 8).count
        #expect(count > 620 && count < 780)
    }

    @Test func disturbanceZonesMakeItWorse() throws {
        let square = try Polygon(rings: [[Coordinate(x: 2.35, y: 48.85), Coordinate(x: 2.36, y: 48.85), Coordinate(x: 2.36, y: 48.86),
                                          Coordinate(x: 2.35, y: 48.86), Coordinate(x: 2.35, y: 48.85)]])
        var config = SimulatedHeadingSensor.Configuration()
        config.noise = 1
        config.drift = 0
        config.zones = [.init(area: .polygon(square), extraNoise: 20, extraBias: 10)]
        func spread(_ place: GeoCoordinate) -> Double {
            let e = readings(config, seed: 2, at: place).compactMap { $0.trueHeading.map { $0 - 90 } }
            let m = e.reduce(0, +) / Double(e.count)
            return (e.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(e.count)).squareRoot()
        }
        #expect(spread(GeoCoordinate(longitude: 2.355, latitude: 48.855)) > 10 * spread(GeoCoordinate(longitude: 2.40, latitude: 48.90)))
    }
}
