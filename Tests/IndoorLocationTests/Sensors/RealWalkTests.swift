import Foundation
import IndoorBase
import IndoorLocation
import Testing

/// Real phone walks (Indoor Location Competition 2.0 sample data, MIT: Fixtures/ms-ilc2, and the same walk written in
/// the GetSensorData format: Fixtures/sensors).
@Suite struct RealWalkTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func steps(_ log: SensorLog) -> [DeadReckonedStep] {
        var dr = PedestrianDeadReckoning()
        return log.samples.compactMap { dr.add($0) }
    }

    /// Kind: one walk in both formats. The formats are detected, every motion line is read, and dead reckoning
    /// walks the same steps from both (times on each log's own clock).
    @Test func aWalkInEitherFormatIsTheSameWalk() throws {
        let ilc = try SensorLog.read(path: Self.fixtures.appendingPathComponent("ms-ilc2/site1/F4/5ddb653d9191710006b575a5.txt").path)
        let gsd = try SensorLog.read(path: Self.fixtures.appendingPathComponent("sensors/walk.getsensordata.txt").path)
        #expect(ilc.format == .ilc && gsd.format == .getSensorData)
        #expect(ilc.skipped.isEmpty && gsd.skipped.isEmpty)
        func motion(_ log: SensorLog) -> Int {
            log.samples.count { if case .truth = $0.reading { false } else { true } }
        }
        #expect(motion(ilc) == 3 * 1054 && motion(gsd) == motion(ilc))
        let a = Self.steps(ilc), b = Self.steps(gsd)
        #expect(a.count == b.count && a.count > 25, "\(a.count) and \(b.count) steps")
        // The GetSensorData log's clock starts at the walk's first line; the ILC's is Unix time.
        let offset = try #require(ilc.samples.first?.time) - (try #require(gsd.samples.first?.time))
        for (x, y) in zip(a, b) {
            #expect(abs(x.time - offset - y.time) < 0.002 && x.position.distance(to: y.position) < 0.01)
        }
        // The waypoints: five in plan metres, five POSI lines on WGS84, on floor 4.
        let posi = gsd.samples.compactMap { s -> GroundTruth? in if case .truth(let t) = s.reading { t } else { nil } }
        #expect(posi.count == 5 && posi.allSatisfy { $0.floor == 4 })
    }

    /// Kind: a real walk of about 20 s at a normal pace: steps at one to two and a half a second, each 0.4–1 m.
    @Test func aRealWalkHasHumanStepsAndCadence() throws {
        for walk in ["ms-ilc2/site1/F4/5ddb653d9191710006b575a5.txt", "ms-ilc2/site2/F2/5dd36cb827889b0006b768d8.txt"] {
            let log = try SensorLog.read(path: Self.fixtures.appendingPathComponent(walk).path)
            let steps = Self.steps(log)
            let duration = (log.samples.last?.time ?? 0) - (log.samples.first?.time ?? 0)
            let cadence = Double(steps.count) / duration
            #expect((1.0...2.5).contains(cadence), "\(walk): \(cadence) steps a second")
            #expect(steps.allSatisfy { (0.4...1.0).contains($0.length) }, "\(walk): \(steps.map(\.length))")
        }
    }
}
