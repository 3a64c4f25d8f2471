import IndoorVenue

/// What a step asks a person to do: the structured maneuver, naming what it refers to by `SpokenName` (the
/// feature's id and its names in every language). It holds no words: the text module (`IndoorText`) says it in a
/// language, as OSRM keeps its guidance apart from its text.
public enum Maneuver: Hashable, Sendable {
    /// A change of direction, by how sharp it is.
    public enum Turn: String, Hashable, Sendable {
        /// From straight on (under 20°) through slight (under 45°), plain (under 120°) and sharp (under 165°) to
        /// a U-turn, to either side.
        case straight, slightLeft = "slight left", left, sharpLeft = "sharp left", slightRight = "slight right", right,
             sharpRight = "sharp right", uTurn = "uturn"

        /// The turn for a change of heading, degrees (positive: to the left).
        public init(degrees: Double) {
            let a = abs(degrees)
            switch a {
            case ..<20: self = .straight
            case ..<45: self = degrees > 0 ? .slightLeft : .slightRight
            case ..<120: self = degrees > 0 ? .left : .right
            case ..<165: self = degrees > 0 ? .sharpLeft : .sharpRight
            default: self = .uTurn
            }
        }

        /// Whether it turns to the left (slight, plain or sharp).
        public var isLeft: Bool { self == .slightLeft || self == .left || self == .sharpLeft }
        /// Whether it turns to the right (slight, plain or sharp).
        public var isRight: Bool { self == .slightRight || self == .right || self == .sharpRight }
    }

    /// Where a place is, seen by the walker arriving.
    public enum Side: String, Hashable, Sendable {
        /// On the walker's left, right, or straight ahead of them.
        case left, right, ahead
    }

    /// How the walk comes to the place it arrives at, beside the side the place is on.
    public enum Approach: String, Hashable, Sendable {
        /// Beside the way: the place is on the walker's left or right (or ahead, not yet told apart).
        case beside
        /// Through the place's own door or doorway, on the side the walk turns into it (or straight ahead).
        case door
        /// Where the way ends: the place is in front of the walker, the walkable space going no further (a
        /// footway mapped up to a shop front, a passage ending at the entrance).
        case endOfWay = "end_of_way"
        /// Off a ride: the place is the stairs, escalator or elevator the walker has just taken.
        case offRide = "off_ride"
        /// Into the open area that is the place (a platform, concourse, corridor or square): the walk ends where it
        /// enters it, the place all around and ahead.
        case entering
        /// In the middle: the place stands ahead, clear of the walls or edges on both sides (a seating area in a
        /// food court, a ticket machine on an island platform), as far from the one as from the other.
        case middle
        /// Already there: the walk starts at the place or in the open area it is (a ticket machine on the platform
        /// asked for), so there is nothing to walk.
        case here
    }

    /// The destination as the step that reaches it says it: its name, on which side of the walker it is, and how
    /// the walk comes to it.
    public struct Arrival: Hashable, Sendable {
        /// The destination's name in the instructions.
        public let name: SpokenName
        /// On which side of the walker it is.
        public let side: Side
        /// How the walk comes to it.
        public let approach: Approach

        /// The destination `name`, on `side`, come to by `approach`.
        public init(name: SpokenName, side: Side, approach: Approach) {
            self.name = name
            self.side = side
            self.approach = approach
        }

    }

    /// The start of a walk: the compass heading of its first stretch, degrees clockwise from north, and the named
    /// room it leaves through a door, when the walk starts in one ("Leave Classroom 104").
    case depart(heading: Double, leaving: SpokenName?)
    /// Go on straight (a step kept for its landmark).
    case `continue`
    /// A turn, as sharp as it says.
    case turn(Turn)
    /// Through a door, turning as it says first.
    case door(Turn)
    /// Into a named space, walking straight on.
    case enter(name: SpokenName)
    /// Out of a named space, walking straight on.
    case leave(name: SpokenName)
    /// A ride on a connector over `levels` levels, to the level named `to`; `name` is the connector's own name
    /// when it has one beyond its kind ("elevator B").
    case connector(kind: Connector.Kind, levels: Int, up: Bool, to: SpokenName, name: SpokenName?)
    /// A stop on the way (a `--via`).
    case waypoint(name: SpokenName)
    /// The destination, on which side of the walker, and how the walk comes to it (through its door, at the end of
    /// the way, off the ride that is the place).
    case arrive(name: SpokenName, side: Side, approach: Approach)

    /// A connector's own name, for a ride.
    public var connectorName: SpokenName? {
        if case .connector(_, _, _, _, let name) = self { name } else { nil }
    }

    /// A stable name for scripts (`depart`, `turn`, `door`, `stairs`, `arrive`…).
    public var type: String {
        switch self {
        case .depart: "depart"
        case .continue: "continue"
        case .turn: "turn"
        case .door: "door"
        case .enter: "enter"
        case .leave: "leave"
        case .connector(let kind, _, _, _, _): kind.rawValue
        case .waypoint: "waypoint"
        case .arrive: "arrive"
        }
    }

    /// The modifier for scripts: the turn, `up`/`down`, or the side of arrival.
    public var modifier: String? {
        switch self {
        case .turn(let t), .door(let t): t.rawValue
        case .connector(_, _, let up, _, _): up ? "up" : "down"
        case .arrive(_, let side, _): side.rawValue
        default: nil
        }
    }

    /// The arrival this maneuver is, when it is one.
    public var arrival: Arrival? {
        if case .arrive(let name, let side, let approach) = self { Arrival(name: name, side: side, approach: approach) } else { nil }
    }
}
