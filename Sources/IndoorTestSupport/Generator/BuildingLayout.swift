import IndoorBase
import IndoorGeometry

/// How one corridor of a building and the two rows of rooms along it are drawn.
struct WingStyle: Hashable, Sendable {
    /// The corridor is a unit (false: it is the level's footprint minus the units, as CAD exports leave it).
    var corridorDrawn = true
    /// Rooms have their doors drawn (false: units and zero openings).
    var doors = true
    /// Where rooms have no door drawn, some neighbours have one between them and nothing else: clusters of rooms
    /// whose doors lead only to each other (a lounge and its phone booth).
    var innerDoors = false
    /// The corridor is several walkway units, some boundaries open, some walls with an opening drawn.
    var split = false
    /// Rooms drawn inside the corridor polygon (overlapping units), each with its door.
    var nested = false
    /// Corridor width in metres.
    var corridorWidth = 3.0
}

/// One building of rooms along corridors: `wings.count` east–west corridors, each between two rows of rooms,
/// stacked north; an optional north–south spine walkway on the west joins the corridors' west ends (a
/// T-junction at each). Band `i` spans `y ∈ [i·(2d+w), (i+1)·(2d+w)]` for room depth `d`.
struct BuildingPlan {
    var index: Int
    var x0: Double
    var wings: [WingStyle]
    var spine: Bool
    var spineDrawn: Bool
    var spineNoded: Bool
    var spineWidth: Double
    var roomDepth: Double
    var rowLength: Double
    var ordinals: [Int]
    /// Spaces (units) per level, by position in `ordinals`.
    var spaces: [Int]
    var pillars = 0
    var pillarHoles = false
    /// Teeth on the outer wall of each room of the first row (``Draft/Unit/radiators``).
    var radiators = 0
    var doorWidth = 1.0
    var entrances: EntranceSide = .west
    /// The ordinal of the floor the entrances are on: 0, else the lowest above ground, else the highest (a
    /// building whose floors are numbered from 1 is entered on 1).
    var groundOrdinal: Int {
        ordinals.contains(0) ? 0 : ordinals.filter { $0 > 0 }.min() ?? ordinals.max() ?? 0
    }
    /// The IMDF category of the drawn entrance (real data labels some `automobile`).
    var entranceCategory = "pedestrian.principal"

    enum EntranceSide { case west, east, none }

    func bandHeight(_ i: Int) -> Double { 2 * roomDepth + wings[i].corridorWidth }

    func bandY(_ i: Int) -> Double { (0..<i).reduce(0) { $0 + bandHeight($1) } }

    var height: Double { bandY(wings.count) }
    var width: Double { (spine ? spineWidth : 0) + rowLength }
    var footprint: PlanRect { PlanRect(x0: x0, y0: 0, x1: x0 + width, y1: height) }
    var roomsX0: Double { x0 + (spine ? spineWidth : 0) }

    /// Widths of the rooms kept at the start of the first two rows on every level, so they stack.
    static let connectorWidths: [Double] = [4.5, 2.6, 2.2, 2.2]
    static let restroomWidths: [Double] = [3.4, 3.4]

    /// Split positions of wing `i` (x), and whether each boundary is a wall with an opening. Independent of
    /// the level, so split corridors stack.
    func splits(_ i: Int, seed: UInt64) -> [(x: Double, walled: Bool)] {
        guard wings[i].split else { return [] }
        var g = SeededGenerator(seed: seed ^ 0x5117_0000 ^ UInt64(i) &* 0x9E37_79B9)
        let count = max(1, Int(rowLength / 24))
        let firstWalled = g.chance(0.5)
        return (1...count).map { j in
            let x = roomsX0 + rowLength * Double(j) / Double(count + 1) + g.between(-2, 2)
            return (x, (j % 2 == 1) == firstWalled)
        }
    }

    /// Rooms drawn inside wing `i`'s corridor: rectangles centred across it.
    func nestedRooms(_ i: Int) -> [PlanRect] {
        guard wings[i].nested else { return [] }
        let w = wings[i].corridorWidth, y = bandY(i) + roomDepth
        let count = max(1, Int(rowLength / 22))
        return (1...count).map { j in
            let cx = roomsX0 + rowLength * Double(j) / Double(count + 1)
            return PlanRect(x0: cx - 2, y0: y + w / 2 - 1.6, x1: cx + 2, y1: y + w / 2 + 1.6)
        }
    }

    /// Units per level that are not rooms in rows: drawn corridor pieces, the spine, nested rooms.
    func fixedUnits(seed: UInt64) -> Int {
        var n = spine && spineDrawn ? 1 : 0
        for i in wings.indices {
            if wings[i].corridorDrawn { n += splits(i, seed: seed).count + 1 }
            n += nestedRooms(i).count
        }
        return n
    }
}

/// Builds the plans of the grid-like kinds and draws them into a ``Draft``.
struct BuildingDrawer {
    var draft: Draft
    var random: SeededGenerator
    let seed: UInt64
    let words: Phrasebook
    let numbering: RoomNumbering
    /// Whether a building's levels get stairs, lifts and escalators between them (``VenueGenerator/Options/joinsLevels``).
    var joinsLevels = true

    /// Lays out a building for `spaces` units per level: picks the number of wings and the row length so the
    /// building is roughly square with rooms ~5 m wide.
    static func plan(index: Int, x0: Double, styles: (Int) -> WingStyle, minimumWings: Int, ordinals: [Int],
                     spaces: [Int], spine: Bool, random: inout SeededGenerator, seed: UInt64) -> BuildingPlan {
        let maxSpaces = spaces.max() ?? 0
        // Never fewer wings than the kind needs (two corridors meeting a third for T-junctions).
        let wingCount = max(minimumWings, 1, min(Int((Double(maxSpaces) / 7.5).squareRoot().rounded()), maxSpaces / 14))
        let depth = random.between(6, 8.5)
        var plan = BuildingPlan(
            index: index, x0: x0, wings: (0..<wingCount).map(styles), spine: spine, spineDrawn: true,
            spineNoded: true, spineWidth: random.between(3.2, 4.2), roomDepth: depth, rowLength: 0,
            ordinals: ordinals, spaces: spaces, doorWidth: random.between(0.9, 1.2))
        // Rooms per row, then a row long enough for them at ~5 m each (the corridor pieces and nested rooms
        // depend on the length: two passes settle it).
        for _ in 0..<2 {
            let rows = max(1, maxSpaces - plan.fixedUnits(seed: seed)) / (2 * wingCount)
            plan.rowLength = max(24, Double(rows + 1) * 5.0)
        }
        return plan
    }

    /// The smallest number of spaces per level a plan can hold: its corridors and nested rooms, the connectors
    /// and restrooms, and one room in every row (a row with none would leave a strip of nothing).
    static func minimumSpaces(_ plan: BuildingPlan, seed: UInt64) -> Int {
        plan.fixedUnits(seed: seed) + BuildingPlan.connectorWidths.count + BuildingPlan.restroomWidths.count + 2 * plan.wings.count
    }

    /// Partitions `[x0, x1]` into `fixed` widths followed by `count` rooms of seeded widths.
    mutating func partition(_ x0: Double, _ x1: Double, fixed: [Double], count: Int) -> [Double] {
        var cuts = [x0]
        for w in fixed { cuts.append((cuts.last ?? x0) + w) }
        let start = cuts.last ?? x0
        let weights = (0..<count).map { _ in random.between(0.7, 1.3) }
        let total = weights.reduce(0, +)
        var acc = 0.0
        for (i, w) in weights.enumerated() {
            acc += w
            cuts.append(i == count - 1 ? x1 : start + (x1 - start) * acc / total)
        }
        return cuts
    }

    /// Draws every level of `plan`, with connectors between them; or with `blockOf`, another block of the building
    /// already drawn on those levels (by ordinal): its units on them, its own stairs and lifts, the building's
    /// footprint and the levels' outlines grown to cover both, and nothing drawn between the blocks.
    /// - Returns: the level index of each ordinal.
    @discardableResult
    mutating func draw(_ plan: BuildingPlan, buildingName: Names, osmBuilding: String, blockOf: [Int: Int]? = nil) -> [Int: Int] {
        let b = plan.index
        let bKey = "B\(b)"
        var levelIndex: [Int: Int] = [:]
        let multiLevel = plan.ordinals.count > 1 && joinsLevels
        if let blockOf {
            for (li, ordinal) in plan.ordinals.enumerated() {
                guard let level = blockOf[ordinal] else { continue }
                levelIndex[ordinal] = level
                draft.levels[level].outline = draft.levels[level].outline.union(plan.footprint)
                if let building = draft.levels[level].building {
                    draft.buildings[building].footprint = draft.buildings[building].footprint.union(plan.footprint)
                }
                drawLevel(plan, level: level, ordinal: ordinal, spaces: plan.spaces[li], multiLevel: multiLevel)
            }
            if multiLevel { connect(plan, levels: plan.ordinals.compactMap { levelIndex[$0] }) }
            return levelIndex
        }
        draft.buildings.append(Draft.Building(key: "building:\(bKey)", name: buildingName, footprint: plan.footprint,
                                              osmBuilding: osmBuilding))
        for (li, ordinal) in plan.ordinals.enumerated() {
            let level = draft.levels.count
            levelIndex[ordinal] = level
            let name = ordinal == 0 ? words.callAs("level.0")
                : ordinal > 0 ? words.callAs("level.up", "\(ordinal)") : words.callAs("level.down", "\(-ordinal)")
            draft.levels.append(Draft.Level(key: "level:\(bKey):L\(ordinal)", ordinal: ordinal, name: name,
                                            outdoor: false, building: b, outline: plan.footprint))
            drawLevel(plan, level: level, ordinal: ordinal, spaces: plan.spaces[li], multiLevel: multiLevel)
        }
        if multiLevel { connect(plan, levels: plan.ordinals.compactMap { levelIndex[$0] }) }
        return levelIndex
    }

    private mutating func drawLevel(_ plan: BuildingPlan, level: Int, ordinal: Int, spaces: Int, multiLevel: Bool) {
        let lKey = "B\(plan.index):L\(ordinal)"
        let wings = plan.wings
        let rowsCount = 2 * wings.count
        var roomsInRows = spaces - plan.fixedUnits(seed: seed)
        // Connector and restroom rooms come first in rows 0 and 1.
        let rowFixed: [[Double]] = [multiLevel ? BuildingPlan.connectorWidths : [], BuildingPlan.restroomWidths]
        let fixedCount = rowFixed.reduce(0) { $0 + $1.count }
        roomsInRows -= fixedCount
        var roomIndex = 0
        let firstOpening = draft.openings.count
        var publicRooms: [(key: String, unit: Int)] = []

        // The spine.
        if plan.spine && plan.spineDrawn {
            let rect = PlanRect(x0: plan.x0, y0: 0, x1: plan.x0 + plan.spineWidth, y1: plan.height)
            var u = unit("unit:\(lKey):spine", level, rect, "walkway", osm: [("indoor", "corridor")])
            u.noded = plan.spineNoded
            draft.units.append(u)
        }
        // Corridors, split or whole, with the walls and openings of their splits, and nested rooms.
        for (i, wing) in wings.enumerated() {
            let y0 = plan.bandY(i) + plan.roomDepth, y1 = y0 + wing.corridorWidth
            let xs = [plan.roomsX0] + plan.splits(i, seed: seed).map(\.x) + [plan.roomsX0 + plan.rowLength]
            let walled = plan.splits(i, seed: seed).map(\.walled)
            if wing.corridorDrawn {
                for k in 0..<(xs.count - 1) {
                    let rect = PlanRect(x0: xs[k], y0: y0, x1: xs[k + 1], y1: y1)
                    draft.units.append(unit("unit:\(lKey):corridor-\(i)-\(k)", level, rect, "walkway",
                                            osm: [("indoor", "corridor")]))
                }
                for (k, isWall) in walled.enumerated() where isWall {
                    // A 3.6 m opening centred on a 6.7 m boundary in the example: 54 % of the width.
                    let x = xs[k + 1], half = wing.corridorWidth * 0.27
                    let mid = (y0 + y1) / 2
                    draft.openings.append(Draft.Opening(
                        key: "opening:\(lKey):split-\(i)-\(k)", level: level, a: PlanPoint(x: x, y: mid - half),
                        b: PlanPoint(x: x, y: mid + half), category: "pedestrian", door: nil))
                    draft.walls.append(Draft.Wall(level: level, a: PlanPoint(x: x, y: y0), b: PlanPoint(x: x, y: mid - half)))
                    draft.walls.append(Draft.Wall(level: level, a: PlanPoint(x: x, y: mid + half), b: PlanPoint(x: x, y: y1)))
                }
                if i == 0, ordinal == plan.ordinals.first {
                    addCorridorAmenities(level: level, ordinal: ordinal, corridorKey: "unit:\(lKey):corridor-0-0",
                                         y: y0 + 0.7, x0: xs[0], x1: xs[1])
                }
            }
            for (k, rect) in plan.nestedRooms(i).enumerated() {
                let key = "unit:\(lKey):nested-\(i)-\(k)"
                let ref = numbering.ref(building: plan.index, ordinal: ordinal, wing: i, position: 900 + k, index: 900 + roomIndex)
                roomIndex += 1
                draft.units.append(unit(key, level, rect, "room", name: words.callAs("room", ref), ref: ref,
                                        osm: [("indoor", "room")]))
                publicRooms.append((key, draft.units.count - 1))
                if wing.doors {
                    let c = rect.center.x, hw = plan.doorWidth / 2
                    draft.openings.append(Draft.Opening(
                        key: "opening:\(key):0", level: level, a: PlanPoint(x: c - hw, y: rect.y0),
                        b: PlanPoint(x: c + hw, y: rect.y0), category: "pedestrian", door: .wood, room: key))
                }
            }
        }
        // Pillars of an open hall (wing 0): a regular grid, as fixtures or as holes in the hall.
        if plan.pillars > 0 {
            let pillars = pillarRects(plan)
            if plan.pillarHoles, let hall = draft.units.lastIndex(where: { $0.key == "unit:\(lKey):corridor-0-0" }) {
                draft.units[hall].holes = pillars
                draft.pillarHoles += pillars.count
            } else {
                for (k, rect) in pillars.enumerated() {
                    draft.fixtures.append(Draft.Fixture(key: "fixture:\(lKey):pillar-\(k)", level: level, rect: rect))
                }
            }
        }
        // Rows of rooms: row 2i below corridor i, row 2i+1 above it.
        let perRow = max(0, roomsInRows) / rowsCount, extra = max(0, roomsInRows) % rowsCount
        for r in 0..<rowsCount {
            let i = r / 2, wing = wings[i], below = r % 2 == 0
            let fixed = r < rowFixed.count ? rowFixed[r] : []
            let count = perRow + (r < extra ? 1 : 0)
            let yc0 = plan.bandY(i) + plan.roomDepth, yc1 = yc0 + wing.corridorWidth
            let ry0 = below ? plan.bandY(i) : yc1, ry1 = below ? yc0 : yc1 + plan.roomDepth
            let doorY = below ? yc0 : yc1
            let cuts = partition(plan.roomsX0, plan.roomsX0 + plan.rowLength, fixed: fixed, count: count)
            // The room just drawn to the west in this row, for an inner door between neighbours.
            var west: String?
            for k in 0..<(cuts.count - 1) {
                let rect = PlanRect(x0: cuts[k], y0: ry0, x1: cuts[k + 1], y1: ry1)
                let special: String? = r == 0 && k < fixed.count ? ["stairs", "elevator", "escalator.up", "escalator.down"][k]
                    : r == 1 && k < fixed.count ? ["restroom.female", "restroom.male"][k] : nil
                let key = "unit:\(lKey):row-\(r)-\(k)"
                if let special {
                    drawSpecial(special, key: key, plan: plan, level: level, ordinal: ordinal, rect: rect,
                                doorY: doorY, doors: wing.doors, multiLevel: multiLevel)
                    west = nil
                    continue
                }
                // Where no door onto the corridor is drawn, some neighbours have a door between them (a lounge and
                // its phone booth, an office suite): exports draw the inner doors and forget the outer one.
                if wing.innerDoors, !wing.doors, let neighbour = west, random.chance(0.3) {
                    let y = ry0 + min(0.6, rect.height / 4)
                    draft.openings.append(Draft.Opening(
                        key: "opening:\(key):inner", level: level, a: PlanPoint(x: rect.x0, y: y),
                        b: PlanPoint(x: rect.x0, y: y + plan.doorWidth), category: "pedestrian", door: .wood, room: neighbour))
                }
                west = key
                // Along a wing, one side has the odd numbers and the other the even ones.
                let ref = numbering.ref(building: plan.index, ordinal: ordinal, wing: i, position: 2 * k + (below ? 0 : 1),
                                        index: roomIndex)
                roomIndex += 1
                let category = random.pick(["room", "room", "office", "office", "classroom", "conferenceroom", "laboratory"])
                var u = unit(key, level, rect, category, name: words.callAs(category, ref), ref: ref, osm: [("indoor", "room")])
                if r == 0 { u.radiators = plan.radiators }
                if category != "room" { u.osmTags.append(("room", category == "conferenceroom" ? "conference" : category)) }
                draft.units.append(u)
                publicRooms.append((key, draft.units.count - 1))
                if wing.doors {
                    let count = rect.width >= 9 ? 2 : 1
                    for d in 0..<count {
                        let part = rect.width / Double(count)
                        let lo = rect.x0 + Double(d) * part + 0.35, hi = rect.x0 + Double(d + 1) * part - 0.35 - plan.doorWidth
                        let a = hi > lo ? random.between(lo, hi) : rect.x0 + Double(d) * part + (part - plan.doorWidth) / 2
                        draft.openings.append(Draft.Opening(
                            key: "opening:\(key):\(d)", level: level, a: PlanPoint(x: a, y: doorY),
                            b: PlanPoint(x: a + plan.doorWidth, y: doorY), category: "pedestrian", door: .wood, room: key))
                    }
                }
            }
        }
        // Some rooms are not public; on the ground floor some are shops and a ticket office.
        var doorsOf: [String: [Int]] = [:]
        for o in firstOpening..<draft.openings.count {
            if let room = draft.openings[o].room { doorsOf[room, default: []].append(o) }
        }
        var shuffled = random.shuffled(publicRooms)
        let staff = max(1, shuffled.count / 40)
        for (n, room) in shuffled.prefix(staff).enumerated() {
            draft.units[room.unit].restriction = "employeesonly"
            draft.units[room.unit].category = "nonpublic"
            let name = words.callAs(n % 2 == 0 ? "staff" : "storage")
            draft.units[room.unit].name = name
            draft.units[room.unit].osmTags.append(("access", "private"))
            for o in doorsOf[room.key] ?? [] {
                draft.openings[o].category = "service"
                draft.openings[o].restricted = true
            }
        }
        shuffled.removeFirst(min(staff, shuffled.count))
        if ordinal == plan.ordinals.first {
            let shops = min(max(3, shuffled.count / 8), 60, shuffled.count)
            for (n, room) in shuffled.prefix(shops).enumerated() {
                if n == 0 {
                    draft.units[room.unit].category = "room"
                    draft.units[room.unit].name = words.callAs("ticketing")
                    draft.units[room.unit].osmTags.append(("shop", "ticket"))
                    continue
                }
                let shop = random.pick(Phrasebook.shops)
                let proper = Phrasebook.properNames[(n + Int(seed % 7)) % Phrasebook.properNames.count]
                let name = words.callAs(shop.category, proper)
                draft.units[room.unit].name = nil
                draft.units[room.unit].category = shop.category == "cafe" || shop.category == "restaurant" ? "foodservice" : "room"
                draft.units[room.unit].osmName = name
                draft.units[room.unit].osmTags.append((shop.osmKey, shop.osmValue))
                draft.occupants.append(Draft.Occupant(key: "occupant:\(room.key)", unit: room.key, category: shop.category,
                                                      name: name, hours: "Mo-Sa 08:00-20:00"))
            }
        }
        let occupantOf = Dictionary(draft.occupants.map { ($0.unit, $0) }, uniquingKeysWith: { _, b in b })
        for room in publicRooms where draft.units[room.unit].restriction == nil {
            let u = draft.units[room.unit]
            if let occupant = occupantOf[room.key] {
                draft.places.append(Draft.PlaceRef(target: .occupant(occupant.key), name: occupant.name,
                                                   category: occupant.category, ordinal: ordinal))
            } else if let name = u.name {
                draft.places.append(Draft.PlaceRef(target: .unit(room.key), name: name, category: u.category, ordinal: ordinal))
            }
        }
        // Entrances on the ground floor: on the west wall of the spine or corridor 0, or its east end.
        if ordinal == plan.groundOrdinal {
            let y = plan.bandY(0) + plan.roomDepth + wings[0].corridorWidth / 2
            switch plan.entrances {
            case .west:
                draft.openings.append(entrance("opening:\(lKey):entrance-west", level, x: plan.x0, y: y, width: 1.8, facing: -1,
                                               category: plan.entranceCategory))
            case .east:
                draft.openings.append(entrance("opening:\(lKey):entrance-east", level, x: plan.footprint.x1, y: y, width: 1.8, facing: 1,
                                               category: plan.entranceCategory))
            case .none: break
            }
        }
    }

    /// Pillar spacing in an open hall, metres.
    static let pillarSpacing = 6.0

    /// Pillars in a row of the grid along a hall whose rooms' rows are `rowLength` long.
    static func pillarColumns(rowLength: Double) -> Int { max(1, Int((rowLength - 6) / pillarSpacing) + 1) }

    /// The hall's pillars: `plan.pillars` squares of 0.7 m on a grid 6 m apart, 3 m clear of the hall's walls.
    func pillarRects(_ plan: BuildingPlan) -> [PlanRect] {
        let y0 = plan.bandY(0) + plan.roomDepth + 3, x0 = plan.roomsX0 + 3
        let columns = Self.pillarColumns(rowLength: plan.rowLength)
        return (0..<plan.pillars).map { k in
            let c = PlanPoint(x: x0 + Double(k % columns) * Self.pillarSpacing, y: y0 + Double(k / columns) * Self.pillarSpacing)
            return PlanRect(x0: c.x - 0.35, y0: c.y - 0.35, x1: c.x + 0.35, y1: c.y + 0.35)
        }
    }

    private func entrance(_ key: String, _ level: Int, x: Double, y: Double, width: Double, facing: Double,
                          category: String) -> Draft.Opening {
        var o = Draft.Opening(key: key, level: level, a: PlanPoint(x: x, y: y - facing * width / 2),
                              b: PlanPoint(x: x, y: y + facing * width / 2), category: category, door: .glass)
        o.accessible = true
        o.isEntrance = true
        o.name = words.callAs("entrance")
        return o
    }

    private mutating func drawSpecial(_ kind: String, key: String, plan: BuildingPlan, level: Int, ordinal: Int,
                                      rect: PlanRect, doorY: Double, doors: Bool, multiLevel: Bool) {
        let bLetter = String(UnicodeScalar(UInt8(65 + plan.index % 26)))
        var category = kind, osm: [(String, String)] = [("indoor", "room")]
        var name = words.callAs(kind, bLetter)
        var accessibility: [String] = []
        var stack: String?
        switch kind {
        case "stairs": osm += [("stairs", "yes"), ("room", "stairs")]; stack = "stairs:B\(plan.index)"
        case "elevator": osm.append(("room", "elevator")); accessibility = ["wheelchair"]; stack = "elevator:B\(plan.index)"
        case "escalator.up", "escalator.down": category = "escalator"; osm.append(("room", "escalator"))
        case "restroom.male": osm += [("amenity", "toilets"), ("male", "yes")]
        case "restroom.female": osm += [("amenity", "toilets"), ("female", "yes")]
        default: break
        }
        if kind.hasPrefix("escalator") { name = words.callAs(kind) }
        var u = unit(key, level, rect, category, name: name, osm: osm)
        u.accessibility = accessibility
        u.stack = multiLevel ? stack : nil
        draft.units.append(u)
        draft.places.append(Draft.PlaceRef(target: .unit(key), name: name, category: category, ordinal: ordinal))
        guard doors else { return }
        // Centred, so the doors of a stairwell or shaft stack too.
        let w = kind == "elevator" ? 1.1 : min(rect.width - 0.6, kind == "stairs" ? 1.6 : 1.4)
        let c = rect.center.x
        draft.openings.append(Draft.Opening(
            key: "opening:\(key):0", level: level, a: PlanPoint(x: c - w / 2, y: doorY), b: PlanPoint(x: c + w / 2, y: doorY),
            category: "pedestrian", door: kind == "elevator" ? .lift : kind.hasPrefix("escalator") || kind == "stairs" ? nil : .wood,
            accessible: kind == "elevator" ? true : nil))
    }

    /// Stairs and the elevator join every pair of adjacent levels; escalators run up and down between them.
    private mutating func connect(_ plan: BuildingPlan, levels: [Int]) {
        let keys = levels.map { "unit:B\(plan.index):L\(draft.levels[$0].ordinal):row-0-" }
        let b = "B\(plan.index)"
        for i in 0..<(keys.count - 1) {
            let lo = draft.levels[levels[i]].ordinal, hi = draft.levels[levels[i + 1]].ordinal
            draft.relationships.append(Draft.Relationship(key: "relationship:\(b):stairs:\(lo):\(hi)", category: "stairs",
                                                          directed: false, units: [keys[i] + "0", keys[i + 1] + "0"]))
            draft.relationships.append(Draft.Relationship(key: "relationship:\(b):escalator-up:\(lo):\(hi)", category: "escalator",
                                                          directed: true, units: [keys[i] + "2", keys[i + 1] + "2"]))
            draft.relationships.append(Draft.Relationship(key: "relationship:\(b):escalator-down:\(hi):\(lo)", category: "escalator",
                                                          directed: true, units: [keys[i + 1] + "3", keys[i] + "3"]))
        }
        draft.relationships.append(Draft.Relationship(key: "relationship:\(b):elevator", category: "elevator",
                                                      directed: false, units: keys.map { $0 + "1" }))
    }

    private mutating func addCorridorAmenities(level: Int, ordinal: Int, corridorKey: String, y: Double, x0: Double, x1: Double) {
        for (n, a) in Phrasebook.amenities.enumerated() {
            let x = x0 + (x1 - x0) * Double(n + 1) / Double(Phrasebook.amenities.count + 1)
            let key = "amenity:\(corridorKey):\(a.category)"
            let name = words.callAs(a.category)
            draft.amenities.append(Draft.Amenity(key: key, level: level, point: PlanPoint(x: x, y: y), unit: corridorKey,
                                                 category: a.category, name: name, osmTags: [(a.osmKey, a.osmValue)]))
            draft.places.append(Draft.PlaceRef(target: .amenity(key), name: name, category: a.category, ordinal: ordinal))
        }
    }

    func unit(_ key: String, _ level: Int, _ rect: PlanRect, _ category: String, name: Names? = nil, ref: String? = nil,
              osm: [(String, String)]) -> Draft.Unit {
        Draft.Unit(key: key, level: level, rect: rect, category: category, name: name, ref: ref, osmTags: osm)
    }
}
