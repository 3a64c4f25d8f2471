import Foundation
import IndoorBase
import IndoorGeometry
import Testing

@Suite struct LocalFrameTests {
    @Test(arguments: [(30.3766, 60.0074), (13.7229, 51.0254), (2.35, 48.85), (-74.006, 40.7128), (151.2, -33.86), (179.99, 0.0)])
    func roundTripsBelowAMillimetre(lon: Double, lat: Double) throws {
        let frame = try LocalFrame(origin: GeoCoordinate(longitude: lon, latitude: lat))
        var rng = SeededGenerator(seed: 42)
        let points = (0..<500).map { _ in
            GeoCoordinate(longitude: lon + Double(rng.next() % 20_000) / 1e6 - 0.01, latitude: lat + Double(rng.next() % 20_000) / 1e6 - 0.01)
        }
        let back = try frame.unproject(frame.project(points))
        for (p, q) in zip(points, back) {
            // 1 mm is about 9e-9 degrees of latitude.
            #expect(abs(p.latitude - q.latitude) < 1e-9 && abs(p.longitude - q.longitude) < 1e-9 / cos(lat * .pi / 180))
        }
        let origin = try frame.project(GeoCoordinate(longitude: lon, latitude: lat))
        #expect(abs(origin.x) < 1e-6 && abs(origin.y) < 1e-6)
    }

    @Test func measuresMetres() throws {
        let frame = try LocalFrame(origin: GeoCoordinate(longitude: 2.35, latitude: 48.85))
        // One thousandth of a degree of latitude at 48.85° N is 111.18 m on the WGS84 ellipsoid.
        let north = try frame.project(GeoCoordinate(longitude: 2.35, latitude: 48.851))
        #expect(abs(north.y - 111.18) < 0.05)
        #expect(abs(north.x) < 1e-6)
        let east = try frame.project(GeoCoordinate(longitude: 2.351, latitude: 48.85))
        #expect(abs(east.x - 73.3) < 0.1)
    }

    @Test func rejectsAnOriginThatIsNotWGS84() {
        #expect(throws: GeometryError.self) { try LocalFrame(origin: GeoCoordinate(longitude: 1000, latitude: 5000)) }
        #expect(throws: GeometryError.self) { try LocalFrame(origin: GeoCoordinate(longitude: .nan, latitude: 0)) }
    }

    @Test func isSharedSafelyBetweenTasks() async throws {
        let frame = try LocalFrame(origin: GeoCoordinate(longitude: 13.72, latitude: 51.02))
        let p = GeoCoordinate(longitude: 13.721, latitude: 51.021)
        let expected = try frame.project(p)
        let ok = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 { group.addTask { (0..<500).allSatisfy { _ in (try? frame.project(p)) == expected } } }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(ok)
    }
}

/// The frame's plane (`LocalFrame.plane`) is the venue's frame to second order: within a kilometre of its origin, the
/// same to 0.1 mm.
@Suite struct TangentPlaneTests {
    @Test(arguments: [(13.7229, 51.0254), (30.3766, 60.0074), (151.2, -33.86), (-74.006, 40.7128)])
    func agreesWithTheVenueFrameWithinAVenue(lon: Double, lat: Double) throws {
        let origin = GeoCoordinate(longitude: lon, latitude: lat)
        let frame = try LocalFrame(origin: origin)
        let plane = frame.plane
        var worst = (within500: 0.0, within1000: 0.0)
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let p = Coordinate(x: Double(rng.next() % 2_000_001) / 1000 - 1000, y: Double(rng.next() % 2_000_001) / 1000 - 1000)
            let c = try frame.unproject(p)
            let error = plane.project(c).distance(to: p)
            let r = max(abs(p.x), abs(p.y))
            if r <= 500 { worst.within500 = max(worst.within500, error) }
            worst.within1000 = max(worst.within1000, error)
            // Round trip of the plane itself is exact to floating point.
            let back = plane.unproject(plane.project(c))
            #expect(abs(back.latitude - c.latitude) < 1e-11 && abs(back.longitude - c.longitude) < 1e-11)
        }
        #expect(worst.within500 < 0.0001, "\(worst)")
        #expect(worst.within1000 < 0.0001, "\(worst)")
    }
}
