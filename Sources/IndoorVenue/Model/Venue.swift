import IndoorBase
import IndoorGeometry

/// An indoor venue: buildings, their levels, and what lies on them. Geometry is WGS84 (RFC 7946) as loaded;
/// ``frame`` is the venue's local metric frame for every measurement.
///
/// A value: load it once and share it between threads. Features refer to each other by id; ``level(id:)`` is O(1),
/// and the routing graph and the search index keep their own indexes of the rest.
public struct Venue: Hashable, Sendable {
    public var id: String
    public var name: LocalizedText
    public var category: String?
    public var address: Address?
    /// The format the venue was read from ("IMDF 1.0.0", "OSM").
    public var sourceFormat: String
    public var buildings: [Building]
    /// Levels in ascending ordinal order (then by id): kept so whatever is assigned.
    public var levels: [Level] {
        didSet { indexLevels() }
    }
    /// Where each level is in ``levels``, by id.
    private var levelIndex: [String: Int] = [:]
    public var spaces: [Space]
    public var openings: [Opening]
    public var connectors: [Connector]
    public var pois: [POI]
    public var obstacles: [Obstacle]
    /// Problems found while loading (defects accepted with a warning, features skipped with an error).
    public var issues: [VenueIssue]
    /// The venue's local metric frame (transverse Mercator centred on the venue).
    public let frame: LocalFrame
    /// What ``inferringPassages()`` added to what the data draws (empty for a venue as loaded).
    public var inference = InferenceReport()

    public init(
        id: String, name: LocalizedText, category: String? = nil, sourceFormat: String,
        buildings: [Building], levels: [Level], spaces: [Space], openings: [Opening], connectors: [Connector],
        pois: [POI], obstacles: [Obstacle], issues: [VenueIssue], frame: LocalFrame
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.address = nil
        self.sourceFormat = sourceFormat
        self.buildings = buildings
        self.levels = levels
        self.spaces = spaces
        self.openings = openings
        self.connectors = connectors
        self.pois = pois
        self.obstacles = obstacles
        self.issues = issues
        self.frame = frame
        indexLevels()
    }

    /// Sorts the levels and indexes them by id (the first of two levels with one id wins, as loaders report).
    private mutating func indexLevels() {
        let sorted = levels.sorted { ($0.ordinal, $0.id) < ($1.ordinal, $1.id) }
        // Assigning only when the order changed keeps this from calling itself for ever.
        if sorted.map(\.id) != levels.map(\.id) { levels = sorted }
        levelIndex = [:]
        for (k, level) in levels.enumerated() where levelIndex[level.id] == nil { levelIndex[level.id] = k }
    }

    /// The WGS84 box around every space and level.
    public var extent: BoundingBox? {
        BoundingBox(covering: spaces.flatMap { $0.geometry.allCoordinates } + levels.flatMap { $0.geometry?.allCoordinates ?? [] })
    }

    /// The level with this id, in O(1).
    public func level(id: String) -> Level? { levelIndex[id].map { levels[$0] } }
    /// The levels a person's text names: the level with that id, else every level of that ordinal (`0`, `-1`,
    /// `0.5`), one for each building that has it.
    public func levels(named text: String) -> [Level] {
        if let level = level(id: text) { return [level] }
        return Double(text).map { o in levels.filter { $0.ordinal == o } } ?? []
    }
    public func spaces(on levelID: String) -> [Space] { spaces.filter { $0.levelID == levelID } }
    public func openings(on levelID: String) -> [Opening] { openings.filter { $0.levelID == levelID } }
    public func pois(on levelID: String) -> [POI] { pois.filter { $0.levelID == levelID } }
}

public struct Building: Hashable, Sendable {
    public var id: String
    public var name: LocalizedText
    public var category: String?
    /// The ground footprint, when the source gives one.
    public var footprint: Geometry?
    public var address: Address?

    public init(id: String, name: LocalizedText, category: String? = nil, footprint: Geometry? = nil) {
        self.id = id
        self.name = name
        self.category = category
        self.footprint = footprint
        self.address = nil
    }
}

/// A floor of one or more buildings.
public struct Level: Hashable, Sendable {
    public var id: String
    /// The vertical order: 0 is the ground floor, negative below. Fractional for OSM mezzanines (`0.5`).
    public var ordinal: Double
    public var name: LocalizedText
    public var shortName: LocalizedText
    public var isOutdoor: Bool
    public var buildingIDs: [String]
    /// The level's outline, when the source gives one.
    public var geometry: Geometry?

    public init(id: String, ordinal: Double, name: LocalizedText, shortName: LocalizedText = LocalizedText(),
                isOutdoor: Bool = false, buildingIDs: [String] = [], geometry: Geometry? = nil) {
        self.id = id
        self.ordinal = ordinal
        self.name = name
        self.shortName = shortName
        self.isOutdoor = isOutdoor
        self.buildingIDs = buildingIDs
        self.geometry = geometry
    }

    /// The ordinal as people write it: `2`, `-1`, `0.5`.
    public var ordinalText: String { Level.text(ordinal: ordinal) }

    /// An ordinal as people write it: whole numbers without a decimal point (`2`, `-1`), others as they are
    /// (`0.5`); absurdly large values as Swift writes doubles, never trapping.
    public static func text(ordinal: Double) -> String {
        ordinal.rounded() == ordinal && abs(ordinal) < 1e15 ? String(Int64(ordinal)) : String(ordinal)
    }
}

/// Who may enter.
public enum Restriction: String, Hashable, Sendable, CaseIterable {
    case employeesOnly = "employeesonly"
    case restricted
    case `private`
}

/// An enclosed or open area of a level: a room, corridor, hall, stairwell… (IMDF `unit`, OSM `indoor=room|area|corridor`).
public struct Space: Hashable, Sendable {
    public var id: String
    /// The category as the source names it (IMDF unit categories: `walkway`, `room`, `stairs`, `restroom.female`…).
    public var category: String
    public var kind: SpaceKind
    public var name: LocalizedText
    public var altName: LocalizedText
    public var levelID: String
    /// A Polygon or MultiPolygon.
    public var geometry: Geometry
    /// Accessibility features (IMDF `accessibility`: `wheelchair`, `hearing`…; OSM `wheelchair=yes`).
    public var accessibility: [String]
    public var restriction: Restriction?
    /// The room number or reference (OSM `ref`, IMDF occupant short names).
    public var ref: String?
    public var displayPoint: Coordinate?
    /// Not drawn in the data but inferred from it: a corridor left implicit as the level's footprint minus its
    /// units (see ``Venue/inferringPassages()``).
    public var isInferred = false

    public init(id: String, category: String, name: LocalizedText = LocalizedText(), altName: LocalizedText = LocalizedText(),
                levelID: String, geometry: Geometry, accessibility: [String] = [], restriction: Restriction? = nil,
                ref: String? = nil, displayPoint: Coordinate? = nil) {
        self.id = id
        self.category = category
        kind = SpaceKind(category: category)
        self.name = name
        self.altName = altName
        self.levelID = levelID
        self.geometry = geometry
        self.accessibility = accessibility
        self.restriction = restriction
        self.ref = ref
        self.displayPoint = displayPoint
    }

    /// Whether a person may walk through it unasked: passable, public and unrestricted.
    public var isWalkable: Bool { kind.isPassable && kind != .nonPublic && restriction == nil }
}

/// What a space is for routing and drawing, from its category.
public enum SpaceKind: String, Hashable, Sendable, CaseIterable {
    case walkway, room, restroom, stairs, elevator, escalator, ramp, movingWalkway, openToBelow, shaft, structure,
         nonPublic, outdoor, unknown

    public init(category: String) {
        let c = category.lowercased()
        switch c {
        case "walkway", "corridor", "area", "lobby", "foyer", "concourse", "platform", "pathway", "footway":
            self = .walkway
        case _ where c.hasPrefix("restroom") || c == "toilets": self = .restroom
        case "stairs", "steps", "stairwell": self = .stairs
        case "elevator": self = .elevator
        case "escalator": self = .escalator
        case "ramp": self = .ramp
        case "movingwalkway", "moving_walkway": self = .movingWalkway
        case "opentobelow", "void": self = .openToBelow
        case "shaft", "firstaid.shaft": self = .shaft
        case "structure", "column", "wall", "unenclosedarea.structure": self = .structure
        case "nonpublic": self = .nonPublic
        case "unenclosedarea", "vegetation", "parking", "road", "terrace": self = .outdoor
        case "unspecified", "": self = .unknown
        default: self = .room
        }
    }

    /// Whether a person can physically be there: not a shaft, a void or structure. (Whether they may, unasked,
    /// is ``Space/isWalkable``.)
    public var isPassable: Bool {
        switch self {
        case .openToBelow, .shaft, .structure: false
        default: true
        }
    }

    /// Open plan: walkways and outdoor areas open onto each other without a door wherever they meet (unless an
    /// opening is drawn on the boundary they share).
    public var isOpenPlan: Bool { self == .walkway || self == .outdoor }

    /// Vertical circulation: a person changes level here.
    public var isConnector: Bool {
        switch self {
        case .stairs, .elevator, .escalator, .ramp, .movingWalkway: true
        default: false
        }
    }
}

/// A passage between spaces: a door or an open doorway (IMDF `opening`, OSM `door=*` / `indoor=door`).
public struct Opening: Hashable, Sendable {
    public var id: String
    public var category: String
    public var levelID: String
    /// A LineString across the passage (IMDF gives one; for an OSM door node a segment of its width along the wall).
    public var geometry: Geometry
    /// Whether there is a door leaf (false for an open passage).
    public var isDoor: Bool
    /// The door type as given: `hinged`, `sliding`, `revolving`, `automatic`…
    public var doorType: String?
    /// `true` known accessible, `false` known not, `nil` unknown.
    public var isAccessible: Bool?
    /// For a one-way passage, the space it may be entered from (walk from this space to the other only).
    public var oneWayFrom: String?
    public var name: LocalizedText
    public var restriction: Restriction?
    /// Width in metres, when known.
    public var width: Double?
    /// Not drawn in the data but inferred from it: the entrance of a room that has no opening, placed on the
    /// longest stretch of boundary it shares with walkable space (see ``Venue/inferringPassages()``).
    public var isInferred = false

    public init(id: String, category: String, levelID: String, geometry: Geometry, isDoor: Bool = true,
                doorType: String? = nil, isAccessible: Bool? = nil, oneWayFrom: String? = nil,
                name: LocalizedText = LocalizedText(), restriction: Restriction? = nil, width: Double? = nil) {
        self.id = id
        self.category = category
        self.levelID = levelID
        self.geometry = geometry
        self.isDoor = isDoor
        self.doorType = doorType
        self.isAccessible = isAccessible
        self.oneWayFrom = oneWayFrom
        self.name = name
        self.restriction = restriction
        self.width = width
    }
}

/// Vertical circulation joining levels (IMDF `relationship`, OSM stairs/elevators/`conveying` on several levels).
public struct Connector: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case stairs, elevator, escalator, ramp, movingWalkway = "moving_walkway"
        /// A declared path between spaces that is not a door (IMDF `traversal`), possibly on one level.
        case traversal
    }

    /// One place where the connector is entered or left.
    public struct Stop: Hashable, Sendable {
        public var levelID: String
        /// The space of the connector on that level (the stairwell, the elevator car), when known.
        public var spaceID: String?
        /// Where on the level (WGS84).
        public var location: Coordinate?

        public init(levelID: String, spaceID: String? = nil, location: Coordinate? = nil) {
            self.levelID = levelID
            self.spaceID = spaceID
            self.location = location
        }
    }

    public var id: String
    public var kind: Kind
    /// The stops in order; for a directed connector travel goes from the first towards the last.
    public var stops: [Stop]
    /// Whether travel goes one way only (an escalator, a one-way stair).
    public var isDirected: Bool
    public var name: LocalizedText
    /// Other names and labels people read on signs (OSM `alt_name`, or `description` such as "Aufzug Gleis 5+6").
    public var altName: LocalizedText
    /// A short reference (OSM `ref`: an elevator's number).
    public var ref: String?

    public init(id: String, kind: Kind, stops: [Stop], isDirected: Bool = false, name: LocalizedText = LocalizedText(),
                altName: LocalizedText = LocalizedText(), ref: String? = nil) {
        self.id = id
        self.kind = kind
        self.stops = stops
        self.isDirected = isDirected
        self.name = name
        self.altName = altName
        self.ref = ref
    }

    public var levelIDs: [String] { stops.map(\.levelID) }
}

/// A point of interest people search for and route to: an amenity, an occupant (shop, office), a kiosk, a
/// named room.
public struct POI: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// An IMDF amenity or OSM `amenity=*`: restroom, ATM, information…
        case amenity
        /// A business or organisation in a space (IMDF occupant, at its anchor).
        case occupant
        case kiosk
        /// A named or numbered space.
        case room
        /// A named area of a level (IMDF section).
        case section
        case entrance
    }

    public var id: String
    public var kind: Kind
    public var category: String
    public var name: LocalizedText
    public var altName: LocalizedText
    /// Short name or room number ("A1605", "104").
    public var ref: String?
    public var levelID: String
    /// Where it is (WGS84).
    public var coordinate: Coordinate
    /// The space it lies in, when known.
    public var spaceID: String?

    public init(id: String, kind: Kind, category: String, name: LocalizedText, altName: LocalizedText = LocalizedText(),
                ref: String? = nil, levelID: String, coordinate: Coordinate, spaceID: String? = nil) {
        self.id = id
        self.kind = kind
        self.category = category
        self.name = name
        self.altName = altName
        self.ref = ref
        self.levelID = levelID
        self.coordinate = coordinate
        self.spaceID = spaceID
    }
}

/// Something in the way inside a space: a fixture, a column, a wall segment (IMDF `fixture`, OSM `indoor=wall`).
public struct Obstacle: Hashable, Sendable {
    public var id: String
    public var category: String
    public var levelID: String
    public var geometry: Geometry
    public var name: LocalizedText

    public init(id: String, category: String, levelID: String, geometry: Geometry, name: LocalizedText = LocalizedText()) {
        self.id = id
        self.category = category
        self.levelID = levelID
        self.geometry = geometry
        self.name = name
    }
}

extension Geometry {
    /// The length of the lines of a geometry in a metric frame (0 for points and areas).
    var metricLength: Double {
        switch self {
        case .lineString(let l): l.length
        case .multiLineString(let ls): ls.reduce(0) { $0 + $1.length }
        case .geometryCollection(let gs): gs.reduce(0) { $0 + $1.metricLength }
        default: 0
        }
    }
}
