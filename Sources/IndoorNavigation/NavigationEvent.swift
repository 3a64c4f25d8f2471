import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation

/// Where the user is along the route, and what to show now.
public struct NavigationProgress: Hashable, Sendable {
    public var distanceRemaining: Double
    public var durationRemaining: Double
    public var legIndex: Int
    public var legDistanceRemaining: Double
    public var legDurationRemaining: Double
    /// 0 at the start, 1 at the destination.
    public var fractionTraveled: Double
    public var stepIndex: Int
    /// The instruction of the maneuver ahead (the next step's), or the current one's on the last step.
    public var instruction: String
    public var nextInstruction: String?
    public var distanceToManeuver: Double
    /// The level the route changes to next, when it does.
    public var levelChangeAhead: Double?
    public var levelOrdinal: Double
    /// WGS84: the fix placed on the route.
    public var matched: Coordinate
    /// Metres from the fix to the route.
    public var matchedDistance: Double
}

/// Where the user is without a route: free mode.
public struct FreePosition: Hashable, Sendable {
    public var coordinate: Coordinate
    public var levelOrdinal: Double?
    public var levelID: String?
    public var spaceID: String?
    public var nearestPOI: String?
}

public enum OffRouteReason: Hashable, Sendable {
    /// Farther than `threshold` from the route for `fixes` fixes in a row.
    case distance(metres: Double, threshold: Double, fixes: Int)
    /// Walking away from the route, against its direction.
    case heading(metres: Double, degrees: Double)
    /// On another level than the route, by the source, away from any level change.
    case level(believed: Double, route: Double)
}

/// What the navigation engine says, in order. A closed set: a display switches over it.
public enum NavigationEvent: Hashable, Sendable {
    case started(NavigationProgress)
    case progress(NavigationProgress)
    case located(FreePosition)
    case stepChanged(index: Int, instruction: String)
    case approachingManeuver(step: Int, distance: Double, instruction: String)
    case levelChanged(from: Double?, to: Double)
    case offRoute(OffRouteReason)
    case rerouted(distance: Double, duration: Double)
    case rerouteFailed(RerouteFailure)
    case arrived(levelOrdinal: Double)
    case signalLost(after: Double)
    case signalRegained(after: Double)
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
