import IndoorVenue

/// Who is walking, and what they avoid. Per-query closures and non-public access ride along.
public struct RoutingOptions: Hashable, Sendable {
    /// A walking profile: which connectors and doors a route may use. The raw value is the CLI's and JSON's name.
    public enum Profile: String, Hashable, Sendable, CaseIterable, Codable {
        /// Walking: every connector.
        case `default`
        /// Wheelchairs, strollers, luggage: no stairs, no escalators, no door known to be inaccessible.
        case accessible
        /// Every connector but elevators (`avoid-elevators`).
        case avoidElevators = "avoid-elevators"
        /// Every connector but escalators (`avoid-escalators`).
        case avoidEscalators = "avoid-escalators"
    }

    /// The walking profile; ``Profile/default`` unless set.
    public var profile: Profile = .default
    /// Space or opening ids that may not be used (a closed corridor, a locked door).
    public var closed: Set<String> = []
    /// Whether non-public (staff-only, restricted) spaces may be crossed.
    public var includeNonPublic = false

    /// Options for one query; by default anyone walking, nothing closed, public spaces only.
    public init(profile: Profile = .default, closed: Set<String> = [], includeNonPublic: Bool = false) {
        self.profile = profile
        self.closed = closed
        self.includeNonPublic = includeNonPublic
    }

    /// Whether the profile lets this kind of connector be used (a walk always may).
    func permits(_ kind: Connector.Kind) -> Bool {
        switch (profile, kind) {
        case (.accessible, .stairs), (.accessible, .escalator): false
        case (.avoidElevators, .elevator), (.avoidEscalators, .escalator): false
        default: true
        }
    }
}
