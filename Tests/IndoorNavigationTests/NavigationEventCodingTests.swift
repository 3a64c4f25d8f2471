import Foundation
import IndoorBase
import IndoorLocation
@testable import IndoorNavigation
import IndoorRouting
import IndoorVenue
import Testing

/// The engine's events in their structured JSON form: every case written tagged by its name and read back equal,
/// names in no language (a place known by its kind stays a kind), a routing failure with its reasons.
@Suite struct NavigationEventCodingTests {
    static let progress = NavigationProgress(
        distanceRemaining: 41.5, durationRemaining: 33, legIndex: 1, legDistanceRemaining: 12, legDurationRemaining: 9.5,
        fractionTraveled: 0.25, stepIndex: 2, maneuverStep: 3, nextStep: nil, distanceToManeuver: 7.25, levelChangeAhead: 1,
        levelOrdinal: 0, matched: GeoCoordinate(longitude: 2.3497, latitude: 48.8499), matchedDistance: 1.5, accuracy: 4, course: nil)

    static let everyCase: [NavigationEvent] = [
        .started(progress),
        .progress(progress),
        .located(FreePosition(coordinate: GeoCoordinate(longitude: 2.35, latitude: 48.85), levelOrdinal: -1, levelID: "L-1",
                              spaceID: "hall", nearestPOI: "atm-3",
                              levelName: SpokenName(id: "L-1", names: LocalizedText(), standIn: .level(ordinal: "-1")),
                              spaceName: SpokenName(id: "hall", names: LocalizedText(["en": "Hall", "fr": "Hall"])),
                              nearestPOIName: SpokenName(id: "atm-3", names: LocalizedText(), standIn: .kind(category: "atm", number: "3")))),
        .stepChanged(index: 4),
        .approachingManeuver(step: 4, distance: 12.5),
        .levelChanged(from: nil, to: 1),
        .levelChanged(from: 1, to: 0),
        .offRoute(.distance(metres: 9, threshold: 6, fixes: 3)),
        .offRoute(.heading(metres: 3, degrees: 150)),
        .offRoute(.level(believed: 1, route: 0)),
        .rerouted(distance: 55, duration: 42),
        .rerouteFailed(.noDestination),
        .rerouteFailed(.routing(.excluded(from: "Relay", to: "Platform 2", by: [.profile(.accessible, excludes: [.stairs, .escalator]), .closed(["d1"])]))),
        .arrived(levelOrdinal: 1),
        .signalLost(after: 6),
        .signalRegained(after: 8),
        .providerStatus(.disconnected(reason: "/dev/ttyUSB0: the device went away")),
        .providerStatus(.finished),
    ]

    @Test func everyEventIsReadBackAsItWasWritten() throws {
        let data = try JSONEncoder().encode(Self.everyCase)
        #expect(try JSONDecoder().decode([NavigationEvent].self, from: data) == Self.everyCase)
    }

    /// The event's name tags the object, as in the worded JSON of `follow --json`.
    @Test func anEventIsTaggedByItsName() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(NavigationEvent.approachingManeuver(step: 4, distance: 12.5)), as: UTF8.self)
        #expect(text == #"{"distance":12.5,"event":"approaching_maneuver","step":4}"#)
        let located = String(decoding: try encoder.encode(Self.everyCase[2]), as: UTF8.self)
        #expect(located.contains(#""event":"located""#) && located.contains(#""names":{"en":"Hall","fr":"Hall"}"#), "\(located)")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(NavigationEvent.self, from: Data(#"{"event":"teleported"}"#.utf8)) }
    }
}
