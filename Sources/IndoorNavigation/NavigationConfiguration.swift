/// The engine's thresholds. The defaults suit a phone-grade GNSS or indoor positioning fix at 1 Hz (95 %
/// accuracy 5–10 m) and a walking user.
public struct NavigationConfiguration: Hashable, Sendable {
    /// Off route when farther than max(`offRouteBase`, `offRouteAccuracyFactor` × the fix's accuracy) from the
    /// route for `offRouteFixes` fixes in a row…
    public var offRouteBase = 8.0
    /// The multiple of the fix's 95 % horizontal accuracy that counts as off route (1 by default).
    public var offRouteAccuracyFactor = 1.0
    /// Fixes in a row beyond the threshold before off-route is declared (2 by default)…
    public var offRouteFixes = 2
    /// …spanning at least this many seconds, first to last (2 by default: three fixes at 1 Hz). The threshold is
    /// the fix's 95 % radius, so one fix in a few hundred is beyond it on the route, and in a few dozen where
    /// the route ends or turns back (at its start, its destination, a lift ridden in place: there an error in
    /// any direction counts, not only across). Two in a row happen once a few hundred metres there; three in a
    /// row are a hundred times rarer, and a walker who really left the route is beyond it at every fix anyway —
    /// a detour is caught as soon as it is plain. In seconds, not fixes: at 5 Hz, fixes a fifth of a second
    /// apart err alike.
    public var offRoutePersistence = 2.0
    /// …or farther than three quarters of that while moving (`minimumSpeedForCourse`) against the route's direction by more
    /// than `offRouteCourseDegrees`, for as many fixes.
    public var offRouteCourseDegrees = 60.0
    /// Metres per second above which the course is trusted for the heading test (0.6 by default).
    public var minimumSpeedForCourse = 0.6
    /// Reroutes are at least this far apart, growing while they keep coming (15, 30, 60 s): someone who missed a
    /// turn walks on for a while before turning back, and a storm of new routes helps nobody.
    public var rerouteBackoff: [Double] = [15, 30, 60]
    /// After a reroute, off-route is not declared again until the user has come 10 m along the new route or this
    /// many seconds have passed (the new route starts where they were; they may still be walking away).
    public var rerouteGrace = 30.0
    /// A reroute starts from the mean of the fixes of the last this many seconds (at most `offRouteFixes` of them,
    /// the ones that found the user off the route), not from the last alone: one fix is off by its accuracy, and
    /// now and then beyond it, across a wall from where the user is.
    public var rerouteStartWindow = 5.0
    /// Arrived within this many metres of the destination, on its level only.
    public var arrivalRadius = 4.0
    /// "Approaching" the next maneuver this many metres before it.
    public var approachDistance = 10.0
    /// No fix for this long: signal lost.
    public var signalTimeout = 5.0
    /// A level the source reports is believed after this many fixes in a row say it (hysteresis).
    public var levelHysteresisFixes = 2
    /// Floors are entered at level changes. A new level the source reports is believed after
    /// `levelHysteresisFixes` fixes in a row within `levelChangeReach` metres (plus half the fix's accuracy) of a
    /// stairs, escalator, elevator or ramp that reaches it, or when it is the level the route has where the user
    /// is; elsewhere only after `levelPersistenceFixes` in a row. A receiver's level flips (a barometer's drift, a
    /// beacon heard through the floor) then do not turn a walk far from any stairs into a wrong-level alarm, or a
    /// reroute that starts on another floor; a level said for that long is believed wherever it is said.
    public var levelChangeReach = 5.0
    /// Fixes in a row that make a level believed away from every level change (see `levelChangeReach`).
    public var levelPersistenceFixes = 5
    /// Matching: extra metres of cost for a segment on a level the source contradicts, and for one that runs
    /// against the course (scaled by how much).
    public var levelPenalty = 12.0
    /// Metres of matching cost for a segment at 180° to the course, less for smaller angles (4 by default).
    public var coursePenalty = 4.0
    /// Matching looks this far back and ahead (plus what the user can walk since the last fix) along the route.
    public var windowBehind = 15.0
    /// Metres ahead of the last match that matching looks (20 by default).
    public var windowAhead = 20.0

    /// The defaults, for a phone-grade fix at 1 Hz and a walking user.
    public init() {}

    /// The off-route distance for a fix with this 95 % accuracy.
    public func offRouteThreshold(accuracy: Double?) -> Double {
        max(offRouteBase, offRouteAccuracyFactor * (accuracy ?? 0))
    }
}
