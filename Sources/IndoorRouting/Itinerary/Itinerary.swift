import Foundation
import IndoorBase
import IndoorGeometry
import IndoorVenue

/// Seconds spent on a leg, by what they are spent on.
public struct CostBreakdown: Hashable, Sendable {
    /// Seconds walking at the walking speed (traversals included).
    public var walking = 0.0
    /// Seconds of door penalties.
    public var doors = 0.0
    /// Seconds on stairs.
    public var stairs = 0.0
    /// Seconds waiting for and riding elevators.
    public var elevator = 0.0
    /// Seconds riding escalators.
    public var escalator = 0.0
    /// Seconds on ramps and moving walkways between levels.
    public var ramp = 0.0

    /// The sum of the components, seconds.
    public var total: Double { walking + doors + stairs + elevator + escalator + ramp }

    /// The seconds of two stretches together.
    public static func + (a: CostBreakdown, b: CostBreakdown) -> CostBreakdown {
        CostBreakdown(walking: a.walking + b.walking, doors: a.doors + b.doors, stairs: a.stairs + b.stairs,
                      elevator: a.elevator + b.elevator, escalator: a.escalator + b.escalator, ramp: a.ramp + b.ramp)
    }
}

/// One instruction and the stretch of the route it covers: a structured maneuver (``maneuver``, ``landmark``,
/// ``then``, ``arrival``), in no language (the text module, `IndoorText`, says it in any).
public struct ItineraryStep: Hashable, Sendable {
    /// The structured maneuver (kind, turn, what is entered or ridden).
    public let maneuver: Maneuver
    /// Metres from this maneuver to the next.
    public let distance: Double
    /// Seconds from this maneuver to the next.
    public let duration: Double
    /// The id of the level the maneuver is on.
    public let levelID: String
    /// The ordinal of that level (0 ground, negative below). Every step's level is one of the venue's: a walk on
    /// a level the venue does not list is no itinerary (`RoutingError.unknownLevel`).
    public let levelOrdinal: Double
    /// Where the maneuver is.
    public let location: GeoCoordinate
    /// The stretch this step covers, from the maneuver on.
    public let polyline: [GeoCoordinate]
    /// The named place the maneuver is oriented by: passed just before a turn or door ("after Relay"), or in view
    /// ahead at the start of a walk ("Head towards Relay"). Never the space walked through or entered, never the
    /// landmark of the step before.
    public let landmark: SpokenName?
    /// A second turn right after the maneuver, too close to be a step of its own ("Turn right, then immediately
    /// left"; "Leave Classroom 104, then turn right").
    public var then: Maneuver.Turn?
    /// Metres from the maneuver to the turn ``then`` names.
    public var thenAfter: Double?
    /// Whether the step passes through an entrance the data does not draw but routing inferred
    /// (`Opening.isInferred`): a room with no opening in the data.
    public var throughInferredOpening = false
    /// The destination, on the step that reaches it: said after the step's maneuver ("Turn right. You reach
    /// Relay on your left"), as a good guide says the last turn and the arrival together; or the step's maneuver
    /// itself (``Maneuver/arrive(name:side:approach:)``) when nothing is walked to it on its level (off a ride,
    /// or already there).
    public var arrival: Maneuver.Arrival?
}

/// The part of an itinerary on one level (legs split where the level changes).
public struct ItineraryLeg: Hashable, Sendable {
    /// The id of the level the leg is on (its first step's).
    public let levelID: String
    /// The ordinal of that level.
    public let levelOrdinal: Double
    /// The steps in travel order; never empty.
    public let steps: [ItineraryStep]
    /// Metres: the sum of the steps' distances.
    public let distance: Double
    /// Seconds: the sum of the steps' durations.
    public let duration: Double
    /// The leg's seconds by what they are spent on.
    public let costs: CostBreakdown
}

/// A route in words: legs of steps with maneuvers, distances, durations and polylines.
public struct Itinerary: Hashable, Sendable {
    /// The legs in travel order; a new leg starts where the level changes.
    public let legs: [ItineraryLeg]
    /// Metres in all: the sum of the legs' distances.
    public var distance: Double { legs.reduce(0) { $0 + $1.distance } }
    /// Seconds in all: the sum of the legs' durations.
    public var duration: Double { legs.reduce(0) { $0 + $1.duration } }
    /// How far the ends were moved onto walkable space, metres.
    public let startSnap: Double
    /// How far the destination was moved onto walkable space, metres.
    public let endSnap: Double
    /// What the stops are called, from the start to the destination (for labelling them on a map).
    public var stopNames: [SpokenName] = []
}

/// One stop of a multi-stop route: where, and what it is called in the instructions.
public struct Waypoint: Sendable {
    /// Where the stop is (metres in the venue's frame) and its level.
    public let end: RouteEnd
    /// What the instructions call it: the place's names, or `end`'s label as given.
    public let name: SpokenName
    /// Where the place itself is (metres), for "on your left/right" (a POI's point; defaults to `end.point`).
    public let target: Coordinate
    /// The open area the place is, metres in the venue's frame, when it is one (a platform, concourse, corridor or
    /// square: `Venue.openArea(of:)`): a route to it as the destination ends where the walk enters it, not at
    /// `end`, its middle. `nil` for a point or a room behind doors.
    public let area: Geometry?

    /// A stop at `end`, called `name` (`end`'s label as given if `nil`); `target` (metres in the venue's frame) is
    /// where the place itself stands, `end.point` if `nil`; `area` (metres) the open area it is, if it is one.
    public init(end: RouteEnd, name: SpokenName? = nil, target: Coordinate? = nil, area: Geometry? = nil) {
        self.end = end
        self.name = name ?? SpokenName(literal: end.label)
        self.target = target ?? end.point
        self.area = area
    }

    /// The open area `place` is (`Venue.openArea(of:)`) in metres in `venue`'s frame, for ``area``; `nil` when
    /// it is none or the frame cannot project it.
    public static func area(of place: Place, in venue: Venue) -> Geometry? {
        venue.openArea(of: place).flatMap { try? venue.frame.project($0) }
    }
}
