import Foundation
import IndoorNavigation
import IndoorRouting

/// What to guide a person to, as they move: nothing (free mode: where they are), or a place, from their first fix
/// or from a given place.
public struct GuidanceRequest: Codable, Hashable, Sendable {
    /// The destination; nil for free mode (level, space and nearest place of each fix).
    public var to: String?
    /// Route from here instead of from the first fix (to replay a recorded session).
    public var from: String?
    /// The walking profile of the route and every reroute; JSON `profile` (`default`, `accessible`, `avoid-elevators`,
    /// `avoid-escalators`).
    public var profile: RoutingOptions.Profile
    /// The language of the instructions, reroutes included.
    public var language: String?

    /// A guidance request; free mode (no destination) by default.
    public init(to: String? = nil, from: String? = nil, profile: RoutingOptions.Profile = .default, language: String? = nil) {
        self.to = to
        self.from = from
        self.profile = profile
        self.language = language
    }
}

extension PreparedVenue {
    /// The navigation core a session runs on (`NavigationEngine` drives it from a location provider).
    /// - Throws: ``RequestError`` for `from` without `to`; what ``route(_:)`` throws when `from` is given;
    ///   `PlaceError` for a destination that names nothing.
    public func navigation(_ request: GuidanceRequest) throws -> NavigationCore {
        let options = RoutingOptions(profile: request.profile)
        guard let to = request.to else {
            if request.from != nil { throw RequestError(.from, .needsDestination) }
            return NavigationCore(context: navigationContext)
        }
        if let from = request.from {
            return navigation(following: try route(RouteRequest(from: from, to: to, profile: request.profile, language: request.language)),
                              profile: request.profile)
        }
        let destination = try resolvePlace(to, languages: Self.nameLanguages(for: request.language)).waypoint
        return NavigationCore(context: navigationContext, destination: destination, options: options)
    }

    /// The navigation core of a session that follows `plan` (rerouting to its destination when the walker strays);
    /// its events are said in the plan's language by `IndoorText`.
    public func navigation(following plan: RoutePlan, profile: RoutingOptions.Profile = .default) -> NavigationCore {
        NavigationCore(context: navigationContext, itinerary: plan.itinerary, destination: plan.destination,
                       options: RoutingOptions(profile: profile))
    }

    /// Simulated people walking `plan`, each followed through the real navigation engine (see `SessionSimulator`).
    /// - Parameter plan: the route walked, and where reroutes go.
    /// - Parameter walker: how the simulated people walk and their receivers err.
    /// - Parameter profile: the routing profile reroutes use.
    /// - Parameter seed: every random choice comes from it: same seed, same sessions.
    public func simulator(for plan: RoutePlan, walker: WalkerConfiguration = WalkerConfiguration(),
                          profile: RoutingOptions.Profile = .default, seed: UInt64 = 1) -> SessionSimulator {
        SessionSimulator(context: navigationContext, itinerary: plan.itinerary, destination: plan.destination, walker: walker,
                         options: RoutingOptions(profile: profile), seed: seed)
    }
}
