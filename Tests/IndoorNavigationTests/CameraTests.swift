import Foundation
import IndoorBase
import IndoorGeometry
@testable import IndoorNavigation
import IndoorSampleVenue
import IndoorSearch
import IndoorText
import Testing

@Suite struct CameraTests {
    let paris = GeoCoordinate(longitude: 2.3497, latitude: 48.8499)

    @Test func equalityIgnoresWhyTheCameraChanged() {
        let a = CameraState(center: paris, levelOrdinal: 0, zoom: 19, bearing: 10, reason: .user)
        var b = a
        b.reason = .tracking
        #expect(a == b)
        b.bearing = 370
        #expect(a == b)
        b.zoom = 19.5
        #expect(a != b)
    }

    @Test func transitionsEaseOverABoundedTimeAndTurnTheShortWay() {
        let from = CameraState(center: paris, zoom: 18, bearing: 350)
        let to = CameraState(center: GeoCoordinate(longitude: 2.3507, latitude: 48.8509), zoom: 20, bearing: 10, reason: .overview)
        let t = CameraTransition(from: from, to: to, start: 100, duration: 10)
        #expect(t.duration == CameraTransition.maximumDuration)
        #expect(t.camera(at: 99) == from)
        let mid = t.camera(at: 100 + t.duration / 2)
        #expect(abs(mid.zoom - 19) < 1e-9 && abs(mid.bearing) < 1e-9 && mid.reason == .transition)
        #expect(t.camera(at: 200) == to && t.camera(at: 200).reason == .overview)
        #expect(CameraTransition.immediate(to: to, at: 5).camera(at: 5) == to)
    }

    @Test func boundsKeepTheCentreInsideAndZoomAndPitchInRange() {
        let box = BoundingBox(covering: [paris.position, Coordinate(x: 2.3510, y: 48.8510)])
        let bounds = CameraBounds(box: box, zoom: 16...21, pitch: 0...45)
        let c = bounds.clamp(CameraState(center: GeoCoordinate(longitude: 2.4, latitude: 48.9), zoom: 25, pitch: 80))
        #expect(c.center == GeoCoordinate(longitude: 2.3510, latitude: 48.8510) && c.zoom == 21 && c.pitch == 45)
    }

    @Test func overviewFitsTheRouteWithPadding() throws {
        let line = [paris, GeoCoordinate(longitude: 2.3517, latitude: 48.8499)]  // about 146 m east–west
        let c = try #require(CameraState.fitting(line, width: 800, height: 600, padding: 50, bounds: CameraBounds(zoom: 0...24)))
        // 146 m across 700 usable pixels.
        let metres = 0.002 * 111_320 * cos(48.8499 * .pi / 180)
        #expect(abs(c.metresPerPixel * 700 - metres) < 1)
        let rotated = try #require(CameraState.fitting(line, width: 800, height: 600, padding: 50, bearing: 90, bounds: CameraBounds(zoom: 0...24)))
        #expect(rotated.metresPerPixel > c.metresPerPixel)  // along the 500 usable pixels now
    }

    @Test func followWithHeadingSmoothsTheBearing() {
        var follow = FollowCamera(mode: .followWithHeading, smoothing: 0.5, bounds: CameraBounds(zoom: 0...24))
        _ = follow.update(coordinate: paris, levelOrdinal: 0, course: nil, heading: 90)
        let c = follow.update(coordinate: paris, levelOrdinal: 0, course: nil, heading: 110)
        #expect(abs((c?.bearing ?? 0) - 100) < 1e-9 && c?.reason == .tracking)
        var north = FollowCamera(mode: .follow)
        #expect(north.update(coordinate: paris, levelOrdinal: 0, course: 45, heading: 90)?.bearing == 0)
        var off = FollowCamera(mode: .none)
        #expect(off.update(coordinate: paris, levelOrdinal: 0, course: nil, heading: nil) == nil)
    }
}

@Suite struct VenueSessionTests {
    static func session() throws -> (VenueSession, [VenueSession.LoadPhase]) {
        var phases: [VenueSession.LoadPhase] = []
        let s = try VenueSession.load({ try SampleVenue.load() }, phases: { phases.append($0) })
        return (s, phases)
    }

    @Test func loadsInObservablePhases() throws {
        let (_, phases) = try Self.session()
        #expect(phases == [.readingVenue, .indexingSpaces, .buildingRoutingGraph, .indexingSearch, .ready])
    }

    @Test func aLevelPickedByHandStopsTrackingTheUsersLevel() async throws {
        let (session, _) = try Self.session()
        await session.apply(.levelChanged(from: 0, to: 1))
        #expect(await session.activeLevelOrdinal == 1)
        try await session.selectLevel(0)
        await session.apply(.levelChanged(from: 0, to: 1))
        let tracking = await session.isTrackingUserLevel
        #expect(await session.activeLevelOrdinal == 0)
        #expect(!tracking)
        await session.trackUserLevel()
        await session.apply(.levelChanged(from: 0, to: 1))
        #expect(await session.activeLevelOrdinal == 1)
        await #expect(throws: VenueSession.SessionError.self) { try await session.selectLevel(42) }
    }

    @Test func selectingNeverMovesTheCamera() async throws {
        let (session, _) = try Self.session()
        let before = await session.camera
        let poi = try #require(session.venue.pois.first)
        try await session.select(poi: poi.id)
        #expect(await session.selectedPOIs == [poi.id])
        #expect(await session.camera == before)
        await #expect(throws: VenueSession.SessionError.self) { try await session.select(poi: "no-such-poi") }
    }

    @Test func twoWayCameraSynchronisationSettles() async throws {
        let (session, _) = try Self.session()
        var app = await session.camera
        app.zoom += 1
        app.reason = .user
        #expect(await session.setCamera(app))
        // The app receives the session's camera and mirrors it back: nothing changes, the loop ends.
        var mirrored = await session.camera
        mirrored.reason = .programmatic
        #expect(await session.setCamera(mirrored) == false)
    }

    @Test func navigationInfoIsNilOnceNavigationStops() async throws {
        let (session, _) = try Self.session()
        let progress = NavigationProgress(distanceRemaining: 10, durationRemaining: 8, legIndex: 0, legDistanceRemaining: 10,
                                          legDurationRemaining: 8, fractionTraveled: 0.5, stepIndex: 1, maneuverStep: 2,
                                          nextStep: nil, distanceToManeuver: 4, levelChangeAhead: nil, levelOrdinal: 0,
                                          matched: session.venue.frame.origin, matchedDistance: 1)
        await session.apply(.progress(progress))
        #expect(await session.navigation == progress)
        await session.stopNavigation()
        #expect(await session.navigation == nil)
    }
}
