import IndoorBase
import IndoorGeometry

/// An indoor venue: buildings, their levels, and what lies on them. Geometry is WGS84 (RFC 7946) as loaded;
/// ``frame`` is the venue's local metric frame for every measurement.
///
/// A value: load it once and share it between threads. Features refer to each other by id; ``level(id:)`` is O(1),
/// and the routing graph and the search index keep their own indexes of the rest.
public struct Venue: Hashable, Sendable {
    /// The venue's id: the IMDF venue feature's id; for OSM the id of the feature it is named after (`relation/12`),
    /// else the file name.
    public var id: String
    /// The venue's name in every language the source gives.
    public var name: LocalizedText
    /// The kind of venue as the source names it (IMDF venue categories such as `transitstation`, `shoppingcenter`),
    /// or `nil` when not given.
    public var category: String?
    /// The venue's postal address (IMDF `address_id`), or `nil` when the source gives none.
    public var address: Address?
    /// The venue's outline around all its buildings and grounds (the IMDF venue polygon, WGS84), or `nil` when the
    /// source gives none.
    public var outline: GeoGeometry?
    /// The format the venue was read from ("IMDF 1.0.0", "OSM").
    public var sourceFormat: String
    /// The buildings, as loaded (IMDF `building` features, OSM buildings).
    public var buildings: [Building]
    /// Levels in ascending ordinal order (then by id): kept so whatever is assigned.
    public var levels: [Level] {
        didSet { indexLevels(); openPlanCache = VenueCache() }
    }
    /// Where each level is in ``levels``, by id.
    private var levelIndex: [String: Int] = [:]
    /// Every space of every level (IMDF units, OSM rooms, areas and corridors, walkways made from footways).
    public var spaces: [Space] {
        didSet { shapesCache = VenueCache(); openPlanCache = VenueCache() }
    }
    /// Every opening of every level: doors and doorways between spaces.
    public var openings: [Opening] {
        didSet { shapesCache = VenueCache(); openPlanCache = VenueCache() }
    }
    /// The stairs, elevators, escalators and ramps that join levels, and IMDF traversals.
    public var connectors: [Connector]
    /// What people search for and route to: amenities, occupants, kiosks, sections, named rooms, entrances.
    public var pois: [POI]
    /// Fixtures and walls inside spaces (IMDF `fixture`, OSM `indoor=wall`).
    public var obstacles: [Obstacle] {
        didSet { shapesCache = VenueCache() }
    }
    /// Problems found while loading (defects accepted with a warning, features skipped with an error).
    public var issues: [VenueIssue]
    /// The venue's local metric frame (transverse Mercator centred on the venue).
    public let frame: LocalFrame
    /// What ``inferringPassages(rules:)`` added to what the data draws (empty for a venue as loaded).
    public var inference = InferenceReport()
    private var shapesCache = VenueCache<VenueShapes>()
    private var openPlanCache = VenueCache<[OpenPlanBoundary]>()

    /// The spaces, openings and obstacles in metres of ``frame``: projected the first time they are asked for,
    /// then kept (and shared by copies) until they change.
    public var shapes: VenueShapes { shapesCache.value { VenueShapes(projecting: self) } }

    /// Every open-plan boundary of the venue, floor by floor (levels of one ordinal are one floor), with the
    /// openings drawn on each floor as they are: found the first time they are asked for, then kept (and shared by
    /// copies) until the levels, spaces or openings change.
    /// - Complexity: O(pairs of walkways of a floor whose boxes touch × their edges), the first time.
    public var openPlanBoundaries: [OpenPlanBoundary] { openPlanCache.value { findOpenPlanBoundaries() } }

    /// A venue from its parts, geometry in WGS84. `levels` is sorted by ordinal, then id; `address` starts `nil`.
    public init(
        id: String, name: LocalizedText, category: String? = nil, sourceFormat: String,
        buildings: [Building], levels: [Level], spaces: [Space], openings: [Opening], connectors: [Connector],
        pois: [POI], obstacles: [Obstacle], issues: [VenueIssue], frame: LocalFrame
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.address = nil
        self.outline = nil
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
        BoundingBox(covering: spaces.flatMap { $0.geometry.degrees.allCoordinates } + levels.flatMap { $0.geometry?.degrees.allCoordinates ?? [] })
    }

    /// The level with this id, in O(1).
    public func level(id: String) -> Level? { levelIndex[id].map { levels[$0] } }

    /// The levels a person's text names: the level with that id, else every level of that ordinal (`0`, `-1`,
    /// `0.5`), one for each building that has it.
    public func levels(named text: String) -> [Level] {
        if let level = level(id: text) { return [level] }
        return Double(text).map { o in levels.filter { $0.ordinal == o } } ?? []
    }
    /// The spaces on the level with id `levelID`, in venue order; empty for an unknown id.
    /// - Complexity: O(n) in the number of spaces.
    public func spaces(on levelID: String) -> [Space] { spaces.filter { $0.levelID == levelID } }
    /// The openings on the level with id `levelID`, in venue order; empty for an unknown id.
    /// - Complexity: O(n) in the number of openings.
    public func openings(on levelID: String) -> [Opening] { openings.filter { $0.levelID == levelID } }
    /// The POIs on the level with id `levelID`, in venue order; empty for an unknown id.
    /// - Complexity: O(n) in the number of POIs.
    public func pois(on levelID: String) -> [POI] { pois.filter { $0.levelID == levelID } }
}

/// A building of a venue (IMDF `building`, OSM `building=*`); levels name the buildings they belong to.
public struct Building: Hashable, Sendable {
    /// The building's id: an IMDF feature id, or an OSM id such as `way/123`.
    public var id: String
    /// The building's name in every language given.
    public var name: LocalizedText
    /// The category as given (IMDF building categories, OSM's `building` value such as `train_station`), or `nil`.
    public var category: String?
    /// The ground footprint, when the source gives one.
    public var footprint: GeoGeometry?
    /// The building's postal address (IMDF `address_id`), or `nil`.
    public var address: Address?

    /// A building with no address; `footprint` is WGS84.
    public init(id: String, name: LocalizedText, category: String? = nil, footprint: GeoGeometry? = nil) {
        self.id = id
        self.name = name
        self.category = category
        self.footprint = footprint
        self.address = nil
    }
}

/// A floor of one or more buildings.
public struct Level: Hashable, Sendable {
    /// The level's id: an IMDF feature id, or for OSM the ordinal as written (`0`, `-1`, `0.5`).
    public var id: String
    /// The vertical order: 0 is the ground floor, negative below. Fractional for OSM mezzanines (`0.5`).
    public var ordinal: Double
    /// The level's name in every language given; empty for an OSM level, which has none (see
    /// ``spokenName``, and `IndoorText`'s `displayName(for:wordLanguage:)`).
    public var name: LocalizedText
    /// The short name on signs and elevator buttons (IMDF `short_name`: "G", "B1"); empty when not given.
    public var shortName: LocalizedText
    /// Whether the level is outdoors (IMDF `outdoor`): the ground around the buildings.
    public var isOutdoor: Bool
    /// The ids of the buildings the level belongs to (IMDF `building_ids`); empty when not given.
    public var buildingIDs: [String]
    /// The level's outline, when the source gives one.
    public var geometry: GeoGeometry?

    /// A level; `geometry`, its outline, is WGS84.
    public init(id: String, ordinal: Double, name: LocalizedText, shortName: LocalizedText = LocalizedText(),
                isOutdoor: Bool = false, buildingIDs: [String] = [], geometry: GeoGeometry? = nil) {
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
    /// Staff only (IMDF `employeesonly`, OSM `access=employees|staff`).
    case employeesOnly = "employeesonly"
    /// Restricted in another way (IMDF `restricted`, any other limiting OSM `access` value).
    case restricted
    /// Private (OSM `access=private|no`).
    case `private`
}

/// An enclosed or open area of a level: a room, corridor, hall, stairwell… (IMDF `unit`, OSM `indoor=room|area|corridor`).
public struct Space: Hashable, Sendable {
    /// The space's id: an IMDF unit id, or an OSM id such as `way/123` (`@LEVEL` added when mapped on several levels).
    public var id: String
    /// The category as the source names it (IMDF unit categories: `walkway`, `room`, `stairs`, `restroom.female`…).
    public var category: String
    /// What the space is for routing and drawing, derived from `category` (see ``SpaceKind/init(category:)``).
    public var kind: SpaceKind
    /// The space's name in every language given; empty when unnamed.
    public var name: LocalizedText
    /// Other names (IMDF `alt_name`, OSM `alt_name`); empty when none.
    public var altName: LocalizedText
    /// The id of the ``Level`` the space is on.
    public var levelID: String
    /// A Polygon or MultiPolygon.
    public var geometry: GeoGeometry
    /// Accessibility features (IMDF `accessibility`: `wheelchair`, `hearing`…; OSM `wheelchair=yes`).
    public var accessibility: [String]
    /// Who may enter, or `nil` for anyone; a restricted space is not walked through (see ``isWalkable``).
    public var restriction: Restriction?
    /// The room number or reference (OSM `ref`, IMDF occupant short names).
    public var ref: String?
    /// Where to draw the label (IMDF `display_point`, WGS84), or `nil`: then the middle of the geometry's box.
    public var displayPoint: GeoCoordinate?
    /// Not drawn in the data but inferred from it: a corridor left implicit as the level's footprint minus its
    /// units, or a campus's grounds (see ``Venue/inferringPassages(rules:)``).
    public var isInferred = false

    /// A space, its ``kind`` derived from `category`; `geometry` and `displayPoint` are WGS84.
    public init(id: String, category: String, name: LocalizedText = LocalizedText(), altName: LocalizedText = LocalizedText(),
                levelID: String, geometry: GeoGeometry, accessibility: [String] = [], restriction: Restriction? = nil,
                ref: String? = nil, displayPoint: GeoCoordinate? = nil) {
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
    /// Walkable circulation: a corridor, lobby, concourse, platform, footway (`walkway`, `corridor`, `area`…).
    case walkway
    /// Any other named category: a room, a shop, an office. Entered through its openings.
    case room
    /// A restroom (`restroom`, `restroom.female`…, OSM `toilets`).
    case restroom
    /// A stairwell or steps (`stairs`, `steps`, `stairwell`): vertical circulation.
    case stairs
    /// An elevator car or shaft a person rides in (`elevator`).
    case elevator
    /// An escalator (`escalator`).
    case escalator
    /// A ramp between levels (`ramp`).
    case ramp
    /// A moving walkway (`movingwalkway`, `moving_walkway`).
    case movingWalkway
    /// A void over a lower level (`opentobelow`, `void`): no one can stand there.
    case openToBelow
    /// A shaft (`shaft`): not passable.
    case shaft
    /// A column, a wall or other structure (`structure`, `column`, `wall`): not passable.
    case structure
    /// Passable but not public (`nonpublic`): never walked through unasked.
    case nonPublic
    /// Outdoor ground (`unenclosedarea`, `parking`, `road`, `terrace`…): open plan like a walkway.
    case outdoor
    /// No category given (`unspecified` or empty).
    case unknown
    /// The site around a campus's buildings, inferred where the data draws nothing (category `grounds`, see
    /// ``Venue/inferringPassages(rules:)``): walked like outdoor ground, but entered from a building only through
    /// its entrances, never across a facade.
    case grounds

    /// The kind a source category means, case ignored; any category not listed (a shop, `office`) is ``room``.
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
        case "grounds": self = .grounds
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
    /// The opening's id: an IMDF opening id, or an OSM door node id such as `node/123`.
    public var id: String
    /// The category as given (IMDF `pedestrian`, `service`, `emergencyexit`…; OSM `entrance` or `pedestrian`).
    public var category: String
    /// The id of the ``Level`` the opening is on.
    public var levelID: String
    /// A LineString across the passage (IMDF gives one; for an OSM door node a segment of its width along the wall).
    public var geometry: GeoGeometry
    /// Whether there is a door leaf (false for an open passage).
    public var isDoor: Bool
    /// The door type as given: `hinged`, `sliding`, `revolving`, `automatic`…
    public var doorType: String?
    /// `true` known accessible, `false` known not, `nil` unknown.
    public var isAccessible: Bool?
    /// For a one-way passage, the space it may be entered from (walk from this space to the other only).
    public var oneWayFrom: String?
    /// The opening's name in every language given (a named entrance); empty when unnamed.
    public var name: LocalizedText
    /// Who may pass, or `nil` for anyone.
    public var restriction: Restriction?
    /// Width in metres, when known.
    public var width: Double?
    /// Not drawn in the data but inferred from it: the entrance of a room that has no opening, placed on the
    /// longest stretch of boundary it shares with walkable space, or a building's entrance from a campus's grounds
    /// (see ``Venue/inferringPassages(rules:)``).
    public var isInferred = false

    /// An opening; `geometry` is WGS84, `width` metres.
    public init(id: String, category: String, levelID: String, geometry: GeoGeometry, isDoor: Bool = true,
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
    /// What kind of vertical circulation a connector is; the raw value is the IMDF relationship category.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Codable {
        /// Stairs (IMDF `stairs`, OSM `highway=steps` or a stairwell on several levels).
        case stairs
        /// An elevator, one stop per level it serves.
        case elevator
        /// An escalator; usually directed (OSM `conveying=forward|backward`).
        case escalator
        /// A ramp between levels (OSM: a footway on two levels).
        case ramp
        /// A moving walkway; raw value `moving_walkway`.
        case movingWalkway = "moving_walkway"
        /// A declared path between spaces that is not a door (IMDF `traversal`), possibly on one level.
        case traversal
    }

    /// One place where the connector is entered or left.
    public struct Stop: Hashable, Sendable {
        /// The id of the ``Level`` of this stop.
        public var levelID: String
        /// The space of the connector on that level (the stairwell, the elevator car), when known.
        public var spaceID: String?
        /// Where on the level (WGS84).
        public var location: GeoCoordinate?

        /// A stop on the level `levelID`; `location` is WGS84.
        public init(levelID: String, spaceID: String? = nil, location: GeoCoordinate? = nil) {
            self.levelID = levelID
            self.spaceID = spaceID
            self.location = location
        }
    }

    /// The connector's id: an IMDF relationship id, an OSM id (`way/123`, `node/45`), or `inferred:A+B` for stacked
    /// stairs or elevator units joined when a venue declares no relationships.
    public var id: String
    /// Stairs, elevator, escalator, ramp, moving walkway or traversal.
    public var kind: Kind
    /// The stops in order; for a directed connector travel goes from the first towards the last.
    public var stops: [Stop]
    /// Whether travel goes one way only (an escalator, a one-way stair).
    public var isDirected: Bool
    /// The connector's name in every language given; empty when unnamed.
    public var name: LocalizedText
    /// Other names and labels people read on signs (OSM `alt_name`, or `description` such as "Aufzug Gleis 5+6").
    public var altName: LocalizedText
    /// A short reference (OSM `ref`: an elevator's number).
    public var ref: String?

    /// A connector through `stops`, undirected unless `isDirected`.
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

    /// The level ids of the stops, in stop order (a level may repeat for a traversal on one level).
    public var levelIDs: [String] { stops.map(\.levelID) }
}

/// A point of interest people search for and route to: an amenity, an occupant (shop, office), a kiosk, a
/// named room.
public struct POI: Hashable, Sendable {
    /// What a POI is; the raw value is written in JSON output.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// An IMDF amenity or OSM `amenity=*`: restroom, ATM, information…
        case amenity
        /// A business or organisation in a space (IMDF occupant, at its anchor).
        case occupant
        /// A kiosk (IMDF `kiosk`): a stand in a space.
        case kiosk
        /// A named or numbered space.
        case room
        /// A named area of a level (IMDF section).
        case section
        /// A way in: an OSM `entrance=*` node, or a named opening or entrance the search index lists as a place.
        case entrance
        /// A named building the venue draws floors of, as the search index lists it: reached at its outline.
        case building
    }

    /// The POI's id: the IMDF feature id (amenity, occupant, kiosk, section, unit), an OSM id (`node/123`, with
    /// `@LEVEL` when it is on several levels).
    public var id: String
    /// Amenity, occupant, kiosk, room, section, entrance or building.
    public var kind: Kind
    /// The category as the source names it (IMDF amenity or occupant category, OSM `amenity`/`shop`/`tourism`
    /// value: `restroom`, `cafe`, `atm`); search matches its everyday words.
    public var category: String
    /// The POI's name in every language given.
    public var name: LocalizedText
    /// Other names people use (IMDF and OSM `alt_name`); empty when none.
    public var altName: LocalizedText
    /// Short name or room number ("A1605", "104").
    public var ref: String?
    /// The id of the ``Level`` the POI is on.
    public var levelID: String
    /// Where it is (WGS84).
    public var coordinate: GeoCoordinate
    /// The space it lies in, when known.
    public var spaceID: String?
    /// The ground it covers when it is mapped as an area of its own, not a space (an OSM platform drawn as an
    /// area), WGS84; `nil` for a point.
    public var footprint: GeoGeometry?

    /// A POI; `coordinate` and `footprint` are WGS84.
    public init(id: String, kind: Kind, category: String, name: LocalizedText, altName: LocalizedText = LocalizedText(),
                ref: String? = nil, levelID: String, coordinate: GeoCoordinate, spaceID: String? = nil, footprint: GeoGeometry? = nil) {
        self.id = id
        self.kind = kind
        self.category = category
        self.name = name
        self.altName = altName
        self.ref = ref
        self.levelID = levelID
        self.coordinate = coordinate
        self.spaceID = spaceID
        self.footprint = footprint
    }
}

/// Something in the way inside a space: a fixture, a column, a wall segment (IMDF `fixture`, OSM `indoor=wall`).
public struct Obstacle: Hashable, Sendable {
    /// The obstacle's id: an IMDF fixture id, or an OSM wall's id with `@LEVEL` (`way/123@0`).
    public var id: String
    /// The category as given (IMDF fixture categories: `furniture`, `wall`…; `wall` for OSM), `unspecified` if none.
    public var category: String
    /// The id of the ``Level`` the obstacle is on.
    public var levelID: String
    /// Its shape, WGS84: a polygon, or a line for a wall.
    public var geometry: GeoGeometry
    /// The obstacle's name in every language given; usually empty.
    public var name: LocalizedText

    /// An obstacle; `geometry` is WGS84.
    public init(id: String, category: String, levelID: String, geometry: GeoGeometry, name: LocalizedText = LocalizedText()) {
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
