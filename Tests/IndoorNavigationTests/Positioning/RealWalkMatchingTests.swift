import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorNavigation
import IndoorRouting
import IndoorVenue
import Testing

/// Two real walks of the Indoor Location Competition 2.0 (MIT), matched on their floors turned into venues by
/// `tools/venues/ilc-venue` (Tests/IndoorLocationTests/Fixtures/ms-ilc2).
@Suite struct RealWalkMatchingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("IndoorLocationTests/Fixtures/ms-ilc2")

    /// The plan frame of a floor: its outline's south-west corner and middle latitude.
    static func plan(_ floor: URL) throws -> PlanFrame {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: floor.appendingPathComponent("geojson_map.json"))) as? [String: Any]
        let geometry = try #require((json?["features"] as? [[String: Any]])?.first?["geometry"] as? [String: Any])
        var lons: [Double] = [], lats: [Double] = []
        func walk(_ any: Any) {
            if let pair = any as? [Double], pair.count >= 2 { lons.append(pair[0]); lats.append(pair[1]); return }
            (any as? [Any])?.forEach(walk)
        }
        walk(geometry["coordinates"] ?? [])
        let w = try #require(lons.min()), s = try #require(lats.min()), n = try #require(lats.max())
        return PlanFrame(southWest: GeoCoordinate(longitude: w, latitude: s), middleLatitude: (s + n) / 2)
    }

    /// Kind: a phone walk in a mall, started at its first waypoint and given nothing else absolute. Matched to the
    /// floor, it is nearer the later waypoints than dead reckoning alone, and within 4 m at the median.
    @Test(arguments: ["site1/F4/5ddb653d9191710006b575a5.txt", "site2/F2/5dd36cb827889b0006b768d8.txt"])
    func aRealWalkMatchedToItsFloorIsNearerItsWaypoints(walk: String) throws {
        let path = Self.fixtures.appendingPathComponent(walk)
        let floor = path.deletingLastPathComponent()
        let plan = try Self.plan(floor)
        let venue = try VenueLoader.load(path: floor.appendingPathComponent("venue.osm").path).inferringPassages()
        let graph = NavigationGraph(venue: venue)
        let log = try SensorLog.read(path: path.path)
        var truth: [(time: Double, point: Coordinate)] = []
        for s in log.samples {
            if case .truth(let t) = s.reading, case .plan(let x, let y) = t.position {
                truth.append((s.time, try venue.frame.project(plan.geographic(x: x, y: y))))
            }
        }
        let start = try #require(truth.first)
        let levelID = try #require(venue.levels.first?.id)
        // Every waypoint lies in the floor's free area: the plan frame is the one the data was drawn in.
        let free = PreparedPolygon(try #require(graph.freeArea(onLevel: levelID)).buffer(1))
        #expect(truth.allSatisfy { free.contains($0.point) })
        var matcher = try #require(MapMatcher(graph: graph, levelID: levelID, start: start.point))
        var dr = PedestrianDeadReckoning(start: start.point)
        var matched: [(Double, Coordinate)] = [(start.time, start.point)], reckoned = matched
        for s in log.samples {
            guard let step = dr.add(s), step.time > start.time else { continue }
            reckoned.append((step.time, step.position))
            matched.append((step.time, matcher.step(time: step.time, length: step.length, heading: step.heading).point))
        }
        func error(_ track: [(Double, Coordinate)]) -> Double {
            let errors = truth.dropFirst().map { w in
                (track.last { $0.0 <= w.time } ?? track[0]).1.distance(to: w.point)
            }.sorted()
            return errors[errors.count / 2]
        }
        #expect(error(matched) < error(reckoned) && error(matched) < 4, "matched \(error(matched)) m, dead reckoning \(error(reckoned)) m")
    }
}
