import Foundation
import IndoorVenue

/// Why no route could be given, with what is cut off and by what.
public enum RoutingError: Error, Hashable, Sendable, Codable {
    /// A place is not on any walkable space of its level (nor near one).
    case offGraph(place: String, level: String)
    /// The graph has no path at all: the destination's part of the venue is not joined to the start's.
    case disconnected(from: String, to: String, detail: String)
    /// A path exists, but the profile or the closures exclude it: the reasons say what the path that remains uses.
    case excluded(from: String, to: String, by: [Exclusion])
    /// A route end names a level that has no walkable space in the graph, or the walk is on a level the venue does
    /// not list (the associated value is its id).
    case unknownLevel(String)
    /// A position of the route could not be given in WGS84 (the venue's frame failed on it).
    case unprojectable(String)
}

extension RoutingError {
    /// What of the routing options cuts the only way there is.
    public enum Exclusion: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The profile excludes these kinds of edge, which the way that remains uses.
        case profile(RoutingOptions.Profile, excludes: [Connector.Kind])
        /// These ids, closed, are on the way.
        case closed([String])
        /// The way crosses non-public areas, which the options do not allow.
        case nonPublicAreas
        /// A door on the way is not accessible (the accessible profile).
        case inaccessibleDoor
        /// The options cut the way, and nothing more precise is known.
        case options

        public var description: String {
            switch self {
            case .profile(let profile, let kinds):
                "for the \(profile.rawValue) profile: the way that remains uses \(kinds.map(\.rawValue).sorted().joined(separator: " and ")), which the profile excludes"
            case .closed(let ids): "with \(ids.joined(separator: ", ")) closed"
            case .nonPublicAreas: "without crossing non-public areas"
            case .inaccessibleDoor: "for the accessible profile: a door on the way is not accessible"
            case .options: "under these options (the unrestricted route is cut by them)"
            }
        }
    }
}

extension RoutingError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .offGraph(let place, let level):
            "\(place) is not on or near a walkable space of level \(level)"
        case .disconnected(let from, let to, let detail):
            "no route from \(from) to \(to): \(detail)"
        case .excluded(let from, let to, let by):
            "no route from \(from) to \(to) \(by.map(\.description).joined(separator: "; "))"
        case .unknownLevel(let level):
            "no level \(level) in this venue"
        case .unprojectable(let reason):
            "the route's positions cannot be given in WGS84: \(reason)"
        }
    }
}
