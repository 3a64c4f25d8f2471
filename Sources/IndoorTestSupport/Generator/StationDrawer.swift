import Foundation
import IndoorBase
import IndoorGeometry

/// A station mapped the way most OSM stations are: no rooms, only a network of footways on several levels
/// (street level 0 down to the platforms), joined by steps, escalators (`highway=steps` + `conveying=forward`,
/// `incline=up|down`) and an elevator node on every level (`highway=elevator`, `level=-2;-1;0`); platforms as
/// `railway=platform` areas; shops and amenities as `indoor=yes` nodes beside the footways, a third of the shops
/// as areas; entrances at the ends of the street-level footway, on the station building's outline; a hall with a
/// kiosk drawn over its corner, and a car park outside whose nearest point of the walkways is under that kiosk.
struct StationDrawer {
    var random: SeededGenerator
    let words: Phrasebook
    let options: VenueGenerator.Options
    /// Shops and amenities to place.
    let shops: Int

    mutating func draw(rotation: Double) -> (Data, [GeneratedPlace]) {
        let levels = (0..<options.levels).map { -$0 }  // 0, -1, …
        let concourses = levels.count > 1 ? Array(levels.dropLast()) : levels
        let perLevel = (shops + concourses.count - 1) / max(1, concourses.count)
        let length = max(120, Double(perLevel / 2 + 1) * 9 + 20)
        let projection = PlanProjection(center: PlanPoint(x: length / 2, y: 0), rotationDegrees: rotation, origin: options.origin)
        var osm = OSMBuilder()
        var places: [GeneratedPlace] = []
        func ll(_ x: Double, _ y: Double) -> (lon: Double, lat: Double) { projection.lonLat(PlanPoint(x: x, y: y)) }
        func nameTags(_ n: Names) -> [(String, String)] { [("name", n.en), ("name:en", n.en), ("name:\(words.language)", n.local)] }
        func place(_ id: String, _ n: Names, _ category: String, _ ordinal: Int, sit: Bool = true) {
            places.append(GeneratedPlace(imdfID: nil, osmID: id, name: n.en, localName: n.local, category: category,
                                         ordinal: ordinal, simpleIndoorTagged: sit))
        }

        // Footway nodes per level, by x along the main footway (y = 0).
        var main: [Int: [Double: Int]] = [:]
        func mainNode(_ ordinal: Int, _ x: Double, tags: [(String, String)] = []) -> Int {
            if let n = main[ordinal]?[x] { return n }
            let n = osm.node(ll(x, 0), tags: tags, distinct: true)
            main[ordinal, default: [:]][x] = n
            return n
        }
        // Entrances on the street level, on the building outline.
        let west = mainNode(0, 0, tags: [("entrance", "main"), ("door", "sliding"), ("level", "0"), ("wheelchair", "yes")]
                            + nameTags(words.callAs("entrance")))
        let east = mainNode(0, length, tags: [("entrance", "yes"), ("door", "hinged"), ("level", "0")] + nameTags(words.callAs("entrance.side")))
        place("node/\(west)", words.callAs("entrance"), "entrance", 0)
        place("node/\(east)", words.callAs("entrance.side"), "entrance", 0)
        let corners = [osm.node(ll(0, -14)), osm.node(ll(length, -14)), east, osm.node(ll(length, 14)), osm.node(ll(0, 14)), west]
        let proper = random.pick(Phrasebook.properNames)
        _ = osm.way(corners + [corners[0]], tags: [("building", "train_station")] + nameTags(words.callAs("venue.station", proper)))

        // Between each level and the one below: stairs, an escalator each way.
        for (upper, lower) in zip(levels, levels.dropFirst()) {
            let levelTag = "\(lower);\(upper)"
            _ = osm.way([mainNode(lower, 20), mainNode(upper, 30)], tags: [("highway", "steps"), ("incline", "up"), ("level", levelTag)]
                        + nameTags(words.callAs("stairs", "").trimmed))
            _ = osm.way([mainNode(lower, 45), mainNode(upper, 55)],
                        tags: [("highway", "steps"), ("conveying", "forward"), ("incline", "up"), ("level", levelTag)] + nameTags(words.callAs("escalator.up")))
            _ = osm.way([mainNode(upper, 65), mainNode(lower, 75)],
                        tags: [("highway", "steps"), ("conveying", "forward"), ("incline", "down"), ("level", levelTag)] + nameTags(words.callAs("escalator.down")))
        }
        // One elevator node on every level, reached by a short footway from each level's main footway.
        let elevator = osm.node(ll(95, 3), tags: [("highway", "elevator"), ("level", levels.sorted().map(String.init).joined(separator: ";")),
                                                   ("wheelchair", "yes")] + nameTags(words.callAs("elevator", "").trimmed), distinct: true)
        for l in levels {
            _ = osm.way([mainNode(l, 95), elevator], tags: [("highway", "footway"), ("indoor", "yes"), ("level", "\(l)")])
        }
        // Platforms on the lowest level, each with a footway along it and three ways onto it.
        if let bottom = levels.last, levels.count > 1 {
            for (k, side) in [1.0, -1.0].enumerated() {
                let name = words.callAs("platform", "\(k + 1)")
                let ring = [ll(5, 4 * side), ll(length - 5, 4 * side), ll(length - 5, 10 * side), ll(5, 10 * side)].map { osm.node($0, distinct: true) }
                let w = osm.way(ring + [ring[0]], tags: [("railway", "platform"), ("public_transport", "platform"), ("level", "\(bottom)"),
                                                         ("ref", "\(k + 1)")] + nameTags(name))
                place("way/\(w)", name, "platform", bottom, sit: false)
                let xs = [10.0, length / 2, length - 10]
                let along = xs.map { osm.node(ll($0, 7 * side), distinct: true) }
                _ = osm.way(along, tags: [("highway", "footway"), ("indoor", "yes"), ("level", "\(bottom)")])
                for (x, n) in zip(xs, along) {
                    _ = osm.way([mainNode(bottom, x), n], tags: [("highway", "footway"), ("indoor", "yes"), ("level", "\(bottom)")])
                }
            }
        }
        // Shops and amenities beside the concourse footways.
        var made = 0
        for l in concourses {
            var slot = 0
            while made < shops, slot < perLevel {
                let x = 10 + Double(slot / 2) * 9, side: Double = slot % 2 == 0 ? 1 : -1
                defer { slot += 1; made += 1 }
                let tags: [(String, String)], name: Names, category: String
                switch made {
                case 0: (tags, name, category) = ([("amenity", "toilets"), ("female", "yes")], words.callAs("restroom.female"), "restroom.female")
                case 1: (tags, name, category) = ([("amenity", "toilets"), ("male", "yes")], words.callAs("restroom.male"), "restroom.male")
                case 2: (tags, name, category) = ([("shop", "ticket")], words.callAs("ticketing"), "ticketing")
                case 3: (tags, name, category) = ([("amenity", "atm")], words.callAs("atm"), "atm")
                default:
                    let shop = random.pick(Phrasebook.shops)
                    let proper = Phrasebook.properNames[(made * 7 + Int(options.seed % 11)) % Phrasebook.properNames.count]
                    (tags, name, category) = ([(shop.osmKey, shop.osmValue)], words.callAs(shop.category, proper), shop.category)
                }
                let all = tags + [("indoor", "yes"), ("level", "\(l)")] + nameTags(name)
                if made >= 4, made % 3 == 0 {
                    let ring = [ll(x - 3, 3 * side), ll(x + 3, 3 * side), ll(x + 3, 8 * side), ll(x - 3, 8 * side)].map { osm.node($0, distinct: true) }
                    let w = osm.way(ring + [ring[0]], tags: all)
                    place("way/\(w)", name, category, l, sit: false)
                } else {
                    let n = osm.node(ll(x, 4 * side), tags: all, distinct: true)
                    place("node/\(n)", name, category, l)
                }
            }
        }
        // A hall south of the street-level footway at its east end (past the shops), a kiosk drawn over the hall's far corner, and a
        // car park outside the station (open ground, off the network) whose nearest point of the hall is under the
        // kiosk: it is joined where the hall is open (Grand'Place's roof car park beside its concourse).
        let hallName = words.callAs("hall")
        let hall = osm.way(rectangle(length - 15, -13, length - 2, -1), tags: [("indoor", "area"), ("level", "0")] + nameTags(hallName))
        place("way/\(hall)", hallName, "walkway", 0, sit: false)
        let kioskName = words.callAs("kiosk", Phrasebook.properNames[Int(options.seed % 7)])
        let kiosk = osm.way(rectangle(length - 15, -13, length - 10, -9), tags: [("indoor", "room"), ("shop", "kiosk"), ("level", "0")] + nameTags(kioskName))
        place("way/\(kiosk)", kioskName, "shop.kiosk", 0, sit: false)
        let parkingName = words.callAs("parking")
        let parking = osm.way(rectangle(length - 28, -30, length - 16, -15), tags: [("amenity", "parking"), ("level", "0")] + nameTags(parkingName))
        place("way/\(parking)", parkingName, "parking", 0, sit: false)
        func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Int] {
            let ring = [ll(x0, y0), ll(x1, y0), ll(x1, y1), ll(x0, y1)].map { osm.node($0, distinct: true) }
            return ring + [ring[0]]
        }
        // The main footways last, west to east through every node made on them. Below street level each is a named
        // indoor street (a station's passages, a mall's avenues), mapped as two ways of one name, as streets are.
        for l in levels {
            _ = mainNode(l, 0)
            _ = mainNode(l, length)
            let nodes = (main[l] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
            guard l < 0, nodes.count >= 3 else {
                _ = osm.way(nodes, tags: [("highway", "footway"), ("indoor", "yes"), ("level", "\(l)")])
                continue
            }
            let name = words.callAs("passage", Phrasebook.properNames[(-l + Int(options.seed % 5)) % Phrasebook.properNames.count])
            let half = nodes.count / 2
            let w = osm.way(Array(nodes[...half]), tags: [("highway", "footway"), ("indoor", "yes"), ("level", "\(l)")] + nameTags(name))
            _ = osm.way(Array(nodes[half...]), tags: [("highway", "footway"), ("indoor", "yes"), ("level", "\(l)")] + nameTags(name))
            place("way/\(w)", name, "walkway", l, sit: false)
        }
        return (osm.xml(), places)
    }
}

extension Names {
    /// Without the spaces a missing `%` value leaves (`"Stairs "` → `"Stairs"`).
    var trimmed: Names {
        Names(en: en.trimmingCharacters(in: .whitespaces), local: local.trimmingCharacters(in: .whitespaces))
    }
}
