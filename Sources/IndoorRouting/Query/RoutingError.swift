import Foundation

/// Why no route could be given, with what is cut off and by what.
public enum RoutingError: Error, Equatable, Sendable {
    /// A place is not on any walkable space of its level (nor near one).
    case offGraph(place: String, level: String)
    /// The graph has no path at all: the destination's part of the venue is not joined to the start's.
    case disconnected(from: String, to: String, detail: String)
    /// A path exists, but the profile or the closures exclude it.
    case excluded(from: String, to: String, by: String)
    case unknownLevel(String)
}

extension RoutingError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .offGraph(let place, let level):
            "\(place) is not on or near a walkable space of level \(level)"
        case .disconnected(let from, let to, let detail):
            "no route from \(from) to \(to): \(detail)"
        case .excluded(let from, let to, let by):
            "no route from \(from) to \(to) \(by)"
        case .unknownLevel(let level):
            "no level \(level) in this venue"
        }
    }
}
