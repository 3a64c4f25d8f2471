import Foundation
import IndoorBase
import IndoorGeometry
import IndoorVenue

/// A seeded procedural venue generator: buildings of rooms along corridors, open halls with pillars, twin
/// levels and stations, drawn the ways real IMDF exports and OpenStreetMap data draw them, and written as IMDF 1.0
/// files and OSM XML (Simple Indoor Tagging).
///
/// ```swift
/// let venue = try VenueGenerator(kind: .implicitCorridors, options: .init(seed: 7, levels: 3, rooms: 300)).generate()
/// let loaded = try IMDFLoader.load(files: venue.imdf, source: "generated")
/// ```
///
/// The same kind and options give byte-identical files on every run and machine: every draw comes from a
/// ``SeededGenerator`` seeded with ``Options/seed``, numbers are written with fixed precision, ids are hashes of
/// readable keys. Every place in ``GeneratedVenue/places`` is public and reachable on foot in the world drawn
/// (through a drawn door, an open boundary between walkways, the corridor a doorless room lies along, or a
/// footway), and multi-level buildings are joined by stairs, an elevator and an escalator each way.
public struct VenueGenerator: Sendable {
    /// What the venue reproduces, each from real data the router must handle (issue 12).
    public enum Kind: String, CaseIterable, Sendable {
        /// The baseline: rooms along drawn corridors, every room with a drawn door, a spine walkway joining the
        /// corridors, neighbours sharing their vertices.
        case grid
        /// Corridors not drawn as units (CAD exports): the rooms and their doors are drawn, the corridor is the
        /// level's footprint minus the units; the rooms along the outer wall have it drawn as CAD draws radiators
        /// and window bays, a comb of hundreds of vertices.
        case implicitCorridors
        /// Rooms with no openings at all: IMDF with units and zero openings; OSM rooms and shops beside a corridor
        /// area with no door node.
        case doorless
        /// Corridors split into several walkway units: some boundaries open, others a wall with an opening drawn
        /// (a 3.6 m opening on a 6.7 m boundary), the rest of it wall.
        case splitWalkways
        /// Rooms drawn inside a wide corridor polygon (overlapping units), each with walls and a door.
        case nestedRooms
        /// Corridors whose ends meet the long side of a third walkway without a shared vertex there (a T), and
        /// sub-centimetre gaps and overlaps between units (IMDF).
        case tJunctions
        /// Levels that share an ordinal: two buildings' levels and an outdoor level (a square between them) on
        /// ordinal 0, joined by entrances.
        case twinLevels
        /// An open hall with many pillars (fixtures, or holes in the hall, per seed) and shops around it.
        case hall
        /// OSM only: a station mapped as a footway network on several levels, with steps, escalators
        /// (`conveying=*`), an elevator node on every level, platforms, shops and amenities as `indoor=yes` nodes
        /// and areas, and entrances.
        case station
        /// Several of the above in one building: each corridor drawn in a different way, T-junctions and jitter;
        /// where no room has a door onto its corridor, some neighbours have one between them (clusters of rooms
        /// whose doors lead only to each other).
        case mixed
        /// One building drawn as two blocks standing apart on its levels (a hospital's wards and labs exported as one
        /// building): one footprint and one set of levels around both, each block with its own corridors, stairs
        /// and lifts, open ground between them and nothing drawn there; the west block has an entrance drawn, the
        /// east one none.
        case blocks
        /// IMDF only: a campus of 2 to 5 buildings on a site (the venue polygon), each turned by its own angle, with
        /// its own number of levels (1 to ``Options/levels``) and footprint; nothing drawn joins them but the site.
        /// The first building's floors are numbered from 0; another's from 0, from 1, or from a basement at -1,
        /// and it is entered on its ground floor (0, else its lowest above ground).
        /// Some buildings have an entrance drawn on the footprint, of a random category (`automobile` among them,
        /// as real exports label entrances), others none; sometimes a named outdoor walkway is drawn on the site,
        /// clear of the buildings.
        case campus
    }

    /// How large and how drawn the venue is.
    public struct Options: Sendable, Hashable {
        /// The seed of every random draw.
        public var seed: UInt64
        /// Levels per building (stations: levels of the network, street level and below).
        public var levels: Int
        /// Spaces drawn (IMDF units) in all, when nil a size suited to the kind. Grid-like kinds draw exactly this
        /// many units (rooms, corridors, connectors); `.hall` the hall, its shops and connectors; `.station` the
        /// number of shops and amenities.
        public var rooms: Int?
        /// Pillars in the open hall of `.hall`, on every level.
        public var pillars: Int
        /// Rotation of the whole venue in degrees, counter-clockwise; nil draws one from the seed.
        public var rotation: Double?
        /// Largest displacement of a unit vertex in metres, each unit's copy of a shared wall moved on its own
        /// (IMDF only); nil: 4 mm for `.tJunctions` and `.mixed`, none otherwise.
        public var jitter: Double?
        /// Where the venue's centre lies (WGS84).
        public var origin: GeoCoordinate
        /// Pillars drawn as holes in the hall (true) or as fixtures (false); nil draws it from the seed.
        public var pillarHoles: Bool?
        /// Whether stairs, lifts and escalators join a building's levels. False draws none (an export of a station's
        /// floors that maps no way between them): then places reach each other only on their own floor.
        public var joinsLevels: Bool

        /// Options with a size suited to each kind: three levels, the kind's ``VenueGenerator/defaultRooms``,
        /// 120 pillars, a seeded rotation and jitter by kind, centred on 2.35° E, 48.85° N.
        public init(seed: UInt64, levels: Int = 3, rooms: Int? = nil, pillars: Int = 120, rotation: Double? = nil,
                    jitter: Double? = nil, origin: GeoCoordinate = GeoCoordinate(longitude: 2.35, latitude: 48.85),
                    pillarHoles: Bool? = nil, joinsLevels: Bool = true) {
            self.seed = seed
            self.levels = levels
            self.rooms = rooms
            self.pillars = pillars
            self.rotation = rotation
            self.jitter = jitter
            self.origin = origin
            self.pillarHoles = pillarHoles
            self.joinsLevels = joinsLevels
        }
    }

    /// What is drawn.
    public let kind: Kind
    /// How large, rotated and noisy it is drawn, and from which seed.
    public let options: Options

    /// A generator of one kind of venue; nothing is drawn until ``generate()``.
    public init(kind: Kind, options: Options) {
        self.kind = kind
        self.options = options
    }

    /// Draws the venue and writes it in both formats.
    /// - Returns: the IMDF files, the OSM XML and the manifest of public places.
    /// - Throws: ``VenueGeneratorError`` when an option is out of range or too few spaces are asked for the kind.
    /// - Complexity: O(n log n) in the number of spaces; a five-level grid of 20,000 spaces takes
    ///   about 1.5 s in a release build (both formats).
    public func generate() throws(VenueGeneratorError) -> GeneratedVenue {
        try validate()
        var random = SeededGenerator(seed: options.seed)
        let rotation = options.rotation ?? (random.uniform() * 360).rounded()
        let language = random.pick(Phrasebook.languages)
        let words = Phrasebook(language: language)
        let numbering = random.pick(RoomNumbering.allCases)
        let jitter = options.jitter ?? (kind == .tJunctions || kind == .mixed ? 0.004 : 0)
        if kind == .station {
            var station = StationDrawer(random: random, words: words, options: options, shops: options.rooms ?? defaultRooms)
            let (osm, places) = station.draw(rotation: rotation)
            return GeneratedVenue(kind: kind, seed: options.seed, rotation: rotation, language: language, imdf: [:],
                                  osm: osm, places: places,
                                  counts: .init(levels: options.levels, spaces: 0, openings: 0, pillars: 0, nonPublic: 0))
        }
        var drawer = BuildingDrawer(draft: Draft(), random: random, seed: options.seed, words: words, numbering: numbering,
                                    joinsLevels: options.joinsLevels)
        try layout(&drawer, words: words)
        let draft = drawer.draft
        let extent = draft.extent
        let projection = PlanProjection(center: extent.center, rotationDegrees: rotation, origin: options.origin)
        let imdf = IMDFWriter(draft: draft, seed: options.seed, projection: projection, language: language, jitter: jitter).write()
        // A campus's buildings are placed on the site by their own angles, which only the IMDF writer knows.
        let (osm, poiIDs) = kind == .campus ? (Data(), [:]) : OSMWriter(draft: draft, projection: projection, language: language).write()
        let occupantUnit = Dictionary(draft.occupants.map { ($0.key, $0.unit) }, uniquingKeysWith: { a, _ in a })
        let places = draft.places.map { p -> GeneratedPlace in
            let key: String, osmKey: String
            switch p.target {
            case .unit(let k): (key, osmKey) = (k, k)
            case .occupant(let k): (key, osmKey) = (k, occupantUnit[k] ?? k)
            case .amenity(let k): (key, osmKey) = (k, k)
            }
            return GeneratedPlace(imdfID: featureID(seed: options.seed, key: key), osmID: poiIDs[osmKey] ?? "",
                                  name: p.name.en, localName: p.name.local, category: p.category, ordinal: p.ordinal,
                                  simpleIndoorTagged: p.simpleIndoorTagged)
        }
        let pillars = draft.fixtures.count + draft.pillarHoles
        return GeneratedVenue(
            kind: kind, seed: options.seed, rotation: rotation, language: language, imdf: imdf, osm: osm, places: places,
            counts: .init(levels: draft.levels.count, spaces: draft.units.count, openings: draft.openings.count,
                          pillars: pillars, nonPublic: draft.units.filter { $0.restriction != nil }.count))
    }

    /// The spaces drawn when ``Options/rooms`` is nil.
    public var defaultRooms: Int {
        switch kind {
        case .station: 16
        case .hall: 30 * options.levels
        case .campus: 100 * options.levels
        default: 60 * options.levels
        }
    }

    private func validate() throws(VenueGeneratorError) {
        guard (1...50).contains(options.levels), kind != .station || options.levels >= 2 else {
            throw .invalidOption(name: "levels", value: "\(options.levels)", reason: kind == .station ? "a station has 2 to 50 levels" : "1 to 50 levels")
        }
        if let r = options.rooms, r < 1 || r > 1_000_000 {
            throw .invalidOption(name: "rooms", value: "\(r)", reason: "1 to 1,000,000 spaces")
        }
        guard (0...100_000).contains(options.pillars) else {
            throw .invalidOption(name: "pillars", value: "\(options.pillars)", reason: "0 to 100,000 pillars")
        }
        if let a = options.rotation, !a.isFinite {
            throw .invalidOption(name: "rotation", value: "\(a)", reason: "a finite angle in degrees")
        }
        if let j = options.jitter, !(0...0.05).contains(j) {
            throw .invalidOption(name: "jitter", value: "\(j)", reason: "0 to 0.05 m (sub-centimetre noise)")
        }
        let o = options.origin
        guard o.longitude.isFinite, o.latitude.isFinite, abs(o.longitude) <= 179, abs(o.latitude) <= 80 else {
            throw .invalidOption(name: "origin", value: "\(o.longitude),\(o.latitude)", reason: "longitude within ±179°, latitude within ±80°")
        }
    }

    /// Spaces per level: `total` shared out, the first levels taking the remainder.
    static func share(_ total: Int, _ levels: Int) -> [Int] {
        (0..<levels).map { total / levels + ($0 < total % levels ? 1 : 0) }
    }

    private func layout(_ drawer: inout BuildingDrawer, words: Phrasebook) throws(VenueGeneratorError) {
        let total = options.rooms ?? defaultRooms
        let ordinals = Array(0..<options.levels)
        let proper = drawer.random.pick(Phrasebook.properNames)
        var random = drawer.random
        func styles(_ i: Int) -> WingStyle {
            var s = WingStyle(corridorWidth: 2.6 + Double((i * 7 + Int(options.seed % 5)) % 5) * 0.25)
            switch kind {
            case .implicitCorridors: s.corridorDrawn = false
            case .doorless: s.doors = false
            case .splitWalkways: s.split = true; s.corridorWidth = 6.7
            case .nestedRooms: s.nested = true; s.corridorWidth = 10
            case .mixed:
                switch (i + Int(options.seed % 5)) % 5 {
                case 0: break
                case 1: s.corridorDrawn = false
                case 2: s.doors = false; s.innerDoors = true
                case 3: s.split = true; s.corridorWidth = 6.7
                default: s.nested = true; s.corridorWidth = 10
                }
            default: break
            }
            return s
        }
        switch kind {
        case .twinLevels:
            // Building A on the west, the square, building B on the east; every level 0 is ordinal 0.
            let plazaSpaces = 1
            let aTotal = (total - plazaSpaces) * 3 / 5, bTotal = total - plazaSpaces - aTotal
            let bLevels = max(1, options.levels - 1)
            var a = BuildingDrawer.plan(index: 0, x0: 0, styles: styles, minimumWings: 1, ordinals: ordinals,
                                        spaces: Self.share(aTotal, options.levels), spine: true, random: &random, seed: options.seed)
            a.entrances = .none
            let plazaWidth = 24.0
            var b = BuildingDrawer.plan(index: 1, x0: a.width + plazaWidth, styles: styles, minimumWings: 1,
                                        ordinals: Array(0..<bLevels), spaces: Self.share(bTotal, bLevels), spine: true,
                                        random: &random, seed: options.seed)
            b.entrances = .west
            drawer.random = random
            try check(a, drawer)
            try check(b, drawer)
            drawer.draft.venueName = words.callAs("venue.twin", proper)
            drawer.draft.venueCategory = "businesscampus"
            let aLevels = drawer.draw(a, buildingName: words.callAs("building", "A"), osmBuilding: "office")
            drawer.draw(b, buildingName: words.callAs("building", "B"), osmBuilding: "office")
            // The outdoor level: a square between the buildings, as tall as the taller one.
            let plaza = PlanRect(x0: a.width, y0: 0, x1: a.width + plazaWidth, y1: max(a.height, b.height))
            let outdoor = drawer.draft.levels.count
            drawer.draft.levels.append(Draft.Level(key: "level:outdoor:L0", ordinal: 0, name: words.callAs("level.outdoor"),
                                                   outdoor: true, building: nil, outline: plaza))
            let plazaName = words.callAs("plaza")
            drawer.draft.units.append(Draft.Unit(key: "unit:outdoor:plaza", level: outdoor, rect: plaza, category: "walkway",
                                                 name: plazaName, osmTags: [("highway", "pedestrian"), ("area", "yes")]))
            // An outdoor square is `highway=pedestrian` in OSM, not Simple Indoor Tagging.
            drawer.draft.places.append(Draft.PlaceRef(target: .unit("unit:outdoor:plaza"), name: plazaName, category: "walkway",
                                                      ordinal: 0, simpleIndoorTagged: false))
            // Building A opens onto the square at the east end of each corridor, on the ground floor.
            if let ground = aLevels[0] {
                for i in a.wings.indices {
                    let y = a.bandY(i) + a.roomDepth + a.wings[i].corridorWidth / 2
                    var o = Draft.Opening(key: "opening:B0:L0:entrance-east-\(i)", level: ground, a: PlanPoint(x: a.width, y: y - 0.9),
                                          b: PlanPoint(x: a.width, y: y + 0.9), category: "pedestrian.principal", door: .glass)
                    o.isEntrance = true
                    o.name = words.callAs("entrance.side")
                    drawer.draft.openings.append(o)
                }
            }
        case .blocks:
            let gap = random.between(14, 24)
            var west = BuildingDrawer.plan(index: 0, x0: 0, styles: styles, minimumWings: 1, ordinals: ordinals,
                                           spaces: Self.share(total / 2, options.levels), spine: true, random: &random, seed: options.seed)
            west.entrances = .west
            var east = BuildingDrawer.plan(index: 1, x0: west.width + gap, styles: styles, minimumWings: 1, ordinals: ordinals,
                                           spaces: Self.share(total - total / 2, options.levels), spine: true, random: &random,
                                           seed: options.seed)
            east.entrances = .none
            drawer.random = random
            try check(west, drawer)
            try check(east, drawer)
            drawer.draft.venueName = words.callAs("venue.grid", proper)
            drawer.draft.venueCategory = "healthcarefacility"
            let levels = drawer.draw(west, buildingName: drawer.draft.venueName, osmBuilding: "hospital")
            drawer.draw(east, buildingName: drawer.draft.venueName, osmBuilding: "hospital", blockOf: levels)
        case .campus:
            try layoutCampus(&drawer, words: words, proper: proper, total: total, random: &random)
        case .hall:
            var plan = BuildingDrawer.plan(index: 0, x0: 0, styles: { _ in WingStyle() }, minimumWings: 1, ordinals: ordinals,
                                           spaces: Self.share(total, options.levels), spine: false, random: &random, seed: options.seed)
            plan.wings = [WingStyle(corridorWidth: 12)]
            plan.pillars = options.pillars
            plan.pillarHoles = options.pillarHoles ?? random.chance(0.5)
            // Long enough for the rooms and for a grid of pillars about twice as long as deep; the grid then
            // fills the length (BuildingDrawer.pillarRects) and the hall is as deep as its rows.
            let wanted = max(1, Int((Double(options.pillars) * 2).squareRoot().rounded(.up)))
            let perRow = ((plan.spaces.max() ?? 0) - 1) / 2
            plan.rowLength = max(Double(perRow + 1) * 5.0, Double(wanted - 1) * BuildingDrawer.pillarSpacing + 6)
            let columns = BuildingDrawer.pillarColumns(rowLength: plan.rowLength)
            let rows = max(1, (options.pillars + columns - 1) / columns)
            plan.wings[0].corridorWidth = max(12, Double(rows - 1) * BuildingDrawer.pillarSpacing + 6)
            drawer.random = random
            try check(plan, drawer)
            drawer.draft.venueName = words.callAs("venue.hall", proper)
            drawer.draft.venueCategory = "conventioncenter"
            drawer.draw(plan, buildingName: words.callAs("venue.hall", proper), osmBuilding: "yes")
            if let hall = drawer.draft.units.firstIndex(where: { $0.key.hasSuffix(":corridor-0-0") }) {
                drawer.draft.units[hall].name = words.callAs("hall")
                drawer.draft.units[hall].osmTags = [("indoor", "area")]
            }
        default:
            let minimumWings = kind == .tJunctions ? 2 : kind == .mixed ? 5 : 1
            var plan = BuildingDrawer.plan(index: 0, x0: 0, styles: styles, minimumWings: minimumWings, ordinals: ordinals,
                                           spaces: Self.share(total, options.levels), spine: true, random: &random, seed: options.seed)
            plan.spineDrawn = kind != .implicitCorridors
            if kind == .implicitCorridors { plan.radiators = 60 }
            if kind == .doorless { plan.entrances = .none }
            plan.spineNoded = !(kind == .tJunctions || kind == .mixed)
            drawer.random = random
            try check(plan, drawer)
            let mall = kind == .mixed || kind == .nestedRooms
            drawer.draft.venueName = words.callAs(mall ? "venue.mall" : "venue.grid", proper)
            drawer.draft.venueCategory = mall ? "shoppingcenter" : "university"
            drawer.draw(plan, buildingName: drawer.draft.venueName, osmBuilding: mall ? "retail" : "university")
        }
    }

    /// The buildings of a campus, each in its own plan (x0 = 0), placed on the site one after another west to
    /// east, their circumscribed circles at least 8 m apart, so no turn makes them overlap.
    private func layoutCampus(_ drawer: inout BuildingDrawer, words: Phrasebook, proper: String, total: Int,
                              random: inout SeededGenerator) throws(VenueGeneratorError) {
        // Two to five buildings, fewer when few spaces are asked (about 14 a level each at least); the outdoor
        // walkway, when drawn, is one of the spaces asked.
        let count = min(2 + Int(random.next() % 4), max(2, total / (14 * options.levels)))
        let walkway = random.chance(0.5)
        let buildingSpaces = total - (walkway ? 1 : 0)
        let categories = ["pedestrian", "pedestrian.principal", "automobile", "automobile", "service", "bicycle"]
        var plans: [BuildingPlan] = []
        for b in 0..<count {
            // The first building has every level; the others between one and all.
            let levels = b == 0 ? options.levels : 1 + Int(random.next() % UInt64(options.levels))
            let spaces = Self.share(buildingSpaces, count)[b]
            // The first building's floors are numbered from 0; another's from 0, from 1 (entered on 1, as
            // SPbSTU's building №3), or from a basement at -1 (entered on 0), drawn apart from the plan's draws.
            var numbering = SeededGenerator(seed: options.seed ^ 0x6_F100_0000 ^ UInt64(b))
            let lowest = b == 0 ? 0 : [0, 0, 1, levels > 1 ? -1 : 1][Int(numbering.next() % 4)]
            var plan = BuildingDrawer.plan(index: b, x0: 0, styles: { i in WingStyle(corridorWidth: 2.6 + Double(i % 3) * 0.4) },
                                           minimumWings: 1, ordinals: Array(lowest..<(lowest + levels)), spaces: Self.share(spaces, levels),
                                           spine: true, random: &random, seed: options.seed)
            // The first building has an entrance drawn, the second none, the others either.
            let drawn = b == 0 || (b > 1 && random.chance(0.5))
            plan.entrances = drawn ? random.pick([.west, .east]) : .none
            plan.entranceCategory = random.pick(categories)
            drawer.random = random
            try check(plan, drawer)
            plans.append(plan)
        }
        drawer.draft.venueName = words.callAs("venue.grid", proper)
        drawer.draft.venueCategory = "university"
        var x = 0.0, previous = 0.0
        var circles: [(c: PlanPoint, r: Double)] = []
        for plan in plans {
            let r = (plan.width * plan.width + plan.height * plan.height).squareRoot() / 2
            x += circles.isEmpty ? r : previous + random.between(8, 16) + r
            circles.append((PlanPoint(x: x, y: random.between(-0.4, 0.4) * r), r))
            previous = r
        }
        let margin = 14.0
        let minY = (circles.map { $0.c.y - $0.r }.min() ?? 0) - margin, maxY = (circles.map { $0.c.y + $0.r }.max() ?? 0) + margin
        let site = PlanRect(x0: -margin, y0: minY, x1: x + previous + margin, y1: maxY)
        drawer.draft.site = site
        drawer.random = random
        for (b, plan) in plans.enumerated() {
            let letter = String(UnicodeScalar(UInt8(65 + b)))
            drawer.draw(plan, buildingName: words.callAs("building", letter), osmBuilding: "university")
            drawer.draft.buildings[b].placement = Draft.Placement(degrees: (drawer.random.uniform() * 360).rounded(), center: circles[b].c)
        }
        // Sometimes a walkway drawn along the south of the site, clear of every building (at least 6 m away).
        if walkway {
            let strip = PlanRect(x0: circles[0].c.x, y0: site.y0 + 3, x1: circles[circles.count - 1].c.x, y1: site.y0 + 7)
            let level = drawer.draft.levels.count
            drawer.draft.levels.append(Draft.Level(key: "level:outdoor:L0", ordinal: 0, name: words.callAs("level.outdoor"),
                                                   outdoor: true, building: nil, outline: site))
            let name = words.callAs("plaza")
            drawer.draft.units.append(Draft.Unit(key: "unit:outdoor:walk", level: level, rect: strip, category: "walkway",
                                                 name: name, osmTags: [("highway", "footway")]))
            drawer.draft.places.append(Draft.PlaceRef(target: .unit("unit:outdoor:walk"), name: name, category: "walkway",
                                                      ordinal: 0, simpleIndoorTagged: false))
        }
    }

    private func check(_ plan: BuildingPlan, _ drawer: BuildingDrawer) throws(VenueGeneratorError) {
        let minimum = BuildingDrawer.minimumSpaces(plan, seed: options.seed)
        if let fewest = plan.spaces.min(), fewest < minimum {
            let levels = kind == .twinLevels ? options.levels * 2 : options.levels
            throw .tooFewRooms(requested: options.rooms ?? defaultRooms, minimum: minimum * levels + (kind == .twinLevels ? 1 : 0))
        }
    }
}

/// Why a venue cannot be generated.
public enum VenueGeneratorError: Error, Equatable, Sendable, LocalizedError {
    /// An option outside its range.
    case invalidOption(name: String, value: String, reason: String)
    /// Fewer spaces asked than the kind's corridors, connectors and restrooms take.
    case tooFewRooms(requested: Int, minimum: Int)

    public var errorDescription: String? {
        switch self {
        case .invalidOption(let name, let value, let reason): "invalid \(name) \(value): expected \(reason)"
        case .tooFewRooms(let requested, let minimum):
            "\(requested) spaces are too few for this kind and number of levels: ask for at least about \(minimum)"
        }
    }
}
