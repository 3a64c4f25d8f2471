import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorVenue

/// Where the user is along the route, and what to show now.
public struct NavigationProgress: Hashable, Sendable, Codable {
    /// Metres along the route from the matched position to the destination.
    public var distanceRemaining: Double
    /// Seconds left, by the itinerary's costs, from the matched position to the destination.
    public var durationRemaining: Double
    /// The index of the itinerary leg the user is on.
    public var legIndex: Int
    /// Metres along the route to the end of the current leg.
    public var legDistanceRemaining: Double
    /// Seconds to the end of the current leg.
    public var legDurationRemaining: Double
    /// 0 at the start, 1 at the destination.
    public var fractionTraveled: Double
    /// The index of the step in force (in ``RouteTrack/steps``, every leg's steps in a row).
    public var stepIndex: Int
    /// The step (in ``RouteTrack/steps``) whose maneuver is ahead: the next step; on the last step, that step
    /// itself, whose arrival (``RouteTrack/Step/arrival``, "You reach Relay on your left") is what is ahead.
    public var maneuverStep: Int
    /// The step after ``maneuverStep``, or `nil` when that one is the last.
    public var nextStep: Int?
    /// Metres along the route to the maneuver of ``maneuverStep``.
    public var distanceToManeuver: Double
    /// The level the route changes to next, when it does.
    public var levelChangeAhead: Double?
    /// The ordinal of the level of the route where the user is matched.
    public var levelOrdinal: Double
    /// The fix placed on the route.
    public var matched: GeoCoordinate
    /// Metres from the fix to the route.
    public var matchedDistance: Double
    /// The fix's horizontal accuracy in metres, as its provider gave it (a map draws it as the puck's circle).
    public var accuracy: Double? = nil
    /// The fix's course over ground, degrees clockwise from true north, when it has one (the puck's heading).
    public var course: Double? = nil
}

/// Where the user is without a route: free mode.
public struct FreePosition: Hashable, Sendable, Codable {
    /// The fix's position.
    public var coordinate: GeoCoordinate
    /// The level's ordinal: the venue level found under the fix, else the source's; `nil` when neither is known.
    public var levelOrdinal: Double?
    /// The id of the venue level the fix is on, when one was found.
    public var levelID: String?
    /// The id of the space the fix is in, or `nil` outside every space.
    public var spaceID: String?
    /// The id of the nearest POI on that level (straight line), or `nil` when the level has none.
    public var nearestPOI: String?
    /// The level's name (or its ordinal, to be said as "Level 2"): what a person reads for ``levelID``.
    public var levelName: SpokenName? = nil
    /// The space's name; `nil` for an unnamed corridor or hall.
    public var spaceName: SpokenName? = nil
    /// The nearest POI's name (or its kind).
    public var nearestPOIName: SpokenName? = nil
}

/// Why the engine declared the user off route (carried by ``NavigationEvent/offRoute(_:)``).
public enum OffRouteReason: Hashable, Sendable, Codable {
    /// Farther than `threshold` from the route for `fixes` fixes in a row.
    case distance(metres: Double, threshold: Double, fixes: Int)
    /// Walking away from the route, against its direction.
    case heading(metres: Double, degrees: Double)
    /// On another level than the route, by the source, away from any level change.
    case level(believed: Double, route: Double)
}

/// What the navigation engine says, in order. A closed set: a display switches over it.
public enum NavigationEvent: Hashable, Sendable {
    /// The first fix was placed on the route; the progress there.
    case started(NavigationProgress)
    /// A fix was placed on the route; the progress there.
    case progress(NavigationProgress)
    /// A fix in free mode: where it is.
    case located(FreePosition)
    /// The step in force is now `index` (in the engine's ``NavigationCore/track``'s steps).
    case stepChanged(index: Int)
    /// The maneuver of step `step` is `distance` metres ahead (within
    /// ``NavigationConfiguration/approachDistance``).
    case approachingManeuver(step: Int, distance: Double)
    /// The user is now believed on the level of ordinal `to` (`from`: the one before, `nil` at the first).
    case levelChanged(from: Double?, to: Double)
    /// The user left the route, and why; a reroute follows when the backoff allows.
    case offRoute(OffRouteReason)
    /// A new route from the user's position: `distance` metres, `duration` seconds.
    case rerouted(distance: Double, duration: Double)
    /// No new route could be computed, and why; the old one is kept.
    case rerouteFailed(RerouteFailure)
    /// The user reached the destination, on the level of that ordinal.
    case arrived(levelOrdinal: Double)
    /// No fix for `after` seconds (more than ``NavigationConfiguration/signalTimeout``).
    case signalLost(after: Double)
    /// Fixes again, `after` seconds since the last one.
    case signalRegained(after: Double)
    /// The provider's status, passed through.
    case providerStatus(ProviderStatus)

    /// A stable name for scripts and logs.
    public var name: String {
        switch self {
        case .started: "started"
        case .progress: "progress"
        case .located: "located"
        case .stepChanged: "step_changed"
        case .approachingManeuver: "approaching_maneuver"
        case .levelChanged: "level_changed"
        case .offRoute: "off_route"
        case .rerouted: "rerouted"
        case .rerouteFailed: "reroute_failed"
        case .arrived: "arrived"
        case .signalLost: "signal_lost"
        case .signalRegained: "signal_regained"
        case .providerStatus: "provider_status"
        }
    }
}

/// An event in a structured JSON form that loses nothing and says nothing in any language, for a program that keeps
/// or sends the engine's events (a recording to replay, a process feeding another): an object whose `event` is
/// ``NavigationEvent/name`` and whose other members are the case's values — `progress` (a ``NavigationProgress``),
/// `position` (a ``FreePosition``), `index`, `step` and `distance`, `from` and `to`, `reason` (an
/// ``OffRouteReason``), `distance` and `duration`, `failure` (a ``RerouteFailure``), `level`, `after`, `status` (a
/// `ProviderStatus`). What a person reads — the instructions in a language, figures rounded — is
/// `IndoorText`'s `NavigationEvent.json(track:in:names:)`. (A non-finite accuracy or course needs the encoder's
/// `nonConformingFloatEncodingStrategy`.)
extension NavigationEvent: Codable {
    enum CodingKeys: String, CodingKey {
        case event, progress, position, index, step, distance, duration, from, to, reason, failure, level, after, status
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .event)
        switch self {
        case .started(let p), .progress(let p): try c.encode(p, forKey: .progress)
        case .located(let f): try c.encode(f, forKey: .position)
        case .stepChanged(let index): try c.encode(index, forKey: .index)
        case .approachingManeuver(let step, let distance):
            try c.encode(step, forKey: .step)
            try c.encode(distance, forKey: .distance)
        case .levelChanged(let from, let to):
            try c.encodeIfPresent(from, forKey: .from)
            try c.encode(to, forKey: .to)
        case .offRoute(let reason): try c.encode(reason, forKey: .reason)
        case .rerouted(let distance, let duration):
            try c.encode(distance, forKey: .distance)
            try c.encode(duration, forKey: .duration)
        case .rerouteFailed(let failure): try c.encode(failure, forKey: .failure)
        case .arrived(let level): try c.encode(level, forKey: .level)
        case .signalLost(let after), .signalRegained(let after): try c.encode(after, forKey: .after)
        case .providerStatus(let status): try c.encode(status, forKey: .status)
        }
    }

    /// Reads an event written by ``encode(to:)``.
    /// - Throws: `DecodingError` for an `event` no case is named, or a member its case lacks.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .event) {
        case "started": self = .started(try c.decode(NavigationProgress.self, forKey: .progress))
        case "progress": self = .progress(try c.decode(NavigationProgress.self, forKey: .progress))
        case "located": self = .located(try c.decode(FreePosition.self, forKey: .position))
        case "step_changed": self = .stepChanged(index: try c.decode(Int.self, forKey: .index))
        case "approaching_maneuver":
            self = .approachingManeuver(step: try c.decode(Int.self, forKey: .step), distance: try c.decode(Double.self, forKey: .distance))
        case "level_changed":
            self = .levelChanged(from: try c.decodeIfPresent(Double.self, forKey: .from), to: try c.decode(Double.self, forKey: .to))
        case "off_route": self = .offRoute(try c.decode(OffRouteReason.self, forKey: .reason))
        case "rerouted": self = .rerouted(distance: try c.decode(Double.self, forKey: .distance), duration: try c.decode(Double.self, forKey: .duration))
        case "reroute_failed": self = .rerouteFailed(try c.decode(RerouteFailure.self, forKey: .failure))
        case "arrived": self = .arrived(levelOrdinal: try c.decode(Double.self, forKey: .level))
        case "signal_lost": self = .signalLost(after: try c.decode(Double.self, forKey: .after))
        case "signal_regained": self = .signalRegained(after: try c.decode(Double.self, forKey: .after))
        case "provider_status": self = .providerStatus(try c.decode(ProviderStatus.self, forKey: .status))
        case let name:
            throw DecodingError.dataCorruptedError(forKey: .event, in: c, debugDescription: "no navigation event is named \"\(name)\"")
        }
    }
}
