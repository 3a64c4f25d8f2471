import Foundation
import IndoorGeometry

/// Loads an OpenStreetMap file tagged with Simple Indoor Tagging (https://wiki.openstreetmap.org/wiki/Simple_Indoor_Tagging):
/// `indoor=room|area|corridor|level|wall|door`, `door=*`, `level` and `repeat_on` (`0.5`, `1-3`, `-2;-1`),
/// `highway=steps|elevator|footway|corridor`, `conveying=*`, `building`/`building:part`, `name`/`name:xx`, `ref`,
/// `access`, `wheelchair`.
///
/// A feature appears on every level its `level` and `repeat_on` name. Levels have no features of their own in SIT,
/// so they are made from the level values used, with the ordinal as id (`0`, `0.5`, `-1`).
public enum OSMLoader {
    public static func load(path: String) throws(VenueError) -> Venue {
        let document = try OSMDocument.parse(path: path)
        return try OSMVenueBuilder(document: document, file: (path as NSString).lastPathComponent).build(source: path)
    }

    /// Parses an OSM level value: a number (`0.5`), a list (`-2;-1`) or an integer range (`1-3`, `-1-3`).
    /// - Returns: the ordinals, ascending and without duplicates; `nil` when the value is not a level.
    public static func levels(_ value: String) -> [Double]? {
        var out: Set<Double> = []
        for part in value.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let n = Double(part), n.isFinite, abs(n) <= 1e6 {
                out.insert(n)
                continue
            }
            // A range: the '-' that separates is the first one not at the start.
            let chars = Array(part)
            guard let dash = chars.indices.dropFirst().first(where: { chars[$0] == "-" }),
                  let a = Double(String(chars[..<dash])), let b = Double(String(chars[(dash + 1)...])),
                  a.isFinite, b.isFinite, a <= b, b - a <= 200, abs(a) <= 1e6, abs(b) <= 1e6 else { return nil }
            out.insert(a)
            out.insert(b)
            // Whole levels between the ends, counted as integers (a Double loop stalls beyond 2^53).
            for i in Int(a.rounded(.up))...Int(b.rounded(.down)) where Double(i) >= a { out.insert(Double(i)) }
        }
        return out.isEmpty ? nil : out.sorted()
    }
}

struct OSMVenueBuilder {
    let document: OSMDocument
    let file: String
    let log = IssueLog()

    static let indoorSpaceValues: Set<String> = ["room", "area", "corridor"]

    func key(_ kind: String, _ id: Int64) -> String { "\(kind)/\(id)" }

    func names(_ tags: [String: String]) -> LocalizedText {
        var values: [String: String] = [:]
        if let n = tags["name"] { values[""] = n }
        for (k, v) in tags where k.hasPrefix("name:") { values[String(k.dropFirst(5))] = v }
        return LocalizedText(values)
    }

    /// Every level a feature is on: `level` ∪ `repeat_on`; reports unreadable values.
    func levels(_ tags: [String: String], _ id: String) -> [Double] {
        var out: Set<Double> = []
        for k in ["level", "repeat_on"] {
            guard let v = tags[k] else { continue }
            if let ls = OSMLoader.levels(v) { out.formUnion(ls) } else {
                log.add(.warning, "invalid-level", file: file, featureID: id, "\(k)=\(v) is not a level, a list or a range; ignored")
            }
        }
        return out.sorted()
    }

    func coordinates(_ way: OSMDocument.Way, _ id: String) -> [Coordinate]? {
        var cs: [Coordinate] = []
        for ref in way.refs {
            guard let n = document.nodes[ref] else {
                log.add(.error, "dangling-reference", file: file, featureID: id, "node \(ref) is not in the file; feature skipped")
                return nil
            }
            cs.append(Coordinate(longitude: n.coordinate.lon, latitude: n.coordinate.lat))
        }
        return cs
    }

    /// The area of a closed way, or of a multipolygon relation's closed member ways.
    func area(wayID: Int64) -> Geometry? {
        let id = key("way", wayID)
        guard let way = document.ways[wayID], let cs = coordinates(way, id) else { return nil }
        do {
            return .polygon(try Polygon(rings: [cs]))
        } catch {
            log.add(.error, "invalid-geometry", file: file, featureID: id, "an area needs a closed way: \(error.localizedDescription); skipped")
            return nil
        }
    }

    func area(relationID: Int64) -> Geometry? {
        let id = key("relation", relationID)
        guard let relation = document.relations[relationID] else { return nil }
        var outers: [[Coordinate]] = []
        var inners: [[Coordinate]] = []
        for m in relation.members where m.type == "way" {
            guard let way = document.ways[m.ref], let cs = coordinates(way, id) else {
                log.add(.warning, "dangling-reference", file: file, featureID: id, "member way/\(m.ref) is missing; ignored")
                continue
            }
            guard cs.count >= 4, cs.first == cs.last else {
                log.add(.error, "invalid-geometry", file: file, featureID: id,
                        "member way/\(m.ref) is not closed (rings made of several ways are not supported); relation skipped")
                return nil
            }
            if m.role == "inner" { inners.append(cs) } else { outers.append(cs) }
        }
        guard !outers.isEmpty else { return nil }
        // Each inner ring goes to the outer ring that contains its first position.
        var polygons: [[[Coordinate]]] = outers.map { [$0] }
        for inner in inners {
            let owner = polygons.indices.first { k in
                (try? Polygon(rings: [polygons[k][0]])).map { PreparedPolygon(.polygon($0)).contains(inner[0]) } ?? false
            }
            polygons[owner ?? 0].append(inner)
        }
        do {
            let ps = try polygons.map { rings throws(GeometryError) in try Polygon(rings: rings) }
            return ps.count == 1 ? .polygon(ps[0]) : .multiPolygon(ps)
        } catch {
            log.add(.error, "invalid-geometry", file: file, featureID: id, "\(error.localizedDescription); relation skipped")
            return nil
        }
    }

    func build(source: String) throws(VenueError) -> Venue {
        var levelOrdinals: Set<Double> = []
        func levelID(_ o: Double) -> String { Level.text(ordinal: o) }

        // Spaces from ways and multipolygons tagged indoor=room|area|corridor.
        var spaces: [Space] = []
        var levelOutlines: [Double: Geometry] = [:]
        var obstacles: [Obstacle] = []
        var buildings: [Building] = []
        var connectors: [Connector] = []
        var pois: [POI] = []
        // Doors are collected while nodes are read and made into segments once the frame exists.
        var pendingDoors: [(id: String, node: Int64, level: String, tags: [String: String])] = []

        var areal: [(id: String, tags: [String: String], geometry: () -> Geometry?)] = []
        for wid in document.wayOrder {
            guard let way = document.ways[wid] else { continue }
            areal.append((key("way", wid), way.tags, { area(wayID: wid) }))
        }
        for rid in document.relationOrder {
            guard let r = document.relations[rid], r.tags["type"] == "multipolygon" else { continue }
            areal.append((key("relation", rid), r.tags, { area(relationID: rid) }))
        }

        for (id, tags, geometry) in areal {
            let indoor = tags["indoor"]
            if tags["building"] != nil, tags["building"] != "no", tags["indoor"] == nil {
                if let g = geometry() { buildings.append(Building(id: id, name: names(tags), category: tags["building"], footprint: g)) }
                continue
            }
            if indoor == "level" {
                for o in levels(tags, id) {
                    levelOrdinals.insert(o)
                    if let g = geometry() { levelOutlines[o] = g }
                }
                continue
            }
            if indoor == "wall" {
                guard let wid = Int64(id.dropFirst(4)), let way = document.ways[wid], let cs = coordinates(way, id),
                      let line = try? LineString(cs) else { continue }
                for o in levels(tags, id) {
                    levelOrdinals.insert(o)
                    obstacles.append(Obstacle(id: "\(id)@\(levelID(o))", category: "wall", levelID: levelID(o), geometry: .lineString(line)))
                }
                continue
            }
            guard let indoor, Self.indoorSpaceValues.contains(indoor) else { continue }
            let onLevels = levels(tags, id)
            guard !onLevels.isEmpty else {
                log.add(.warning, "missing-property", file: file, featureID: id, "indoor=\(indoor) without level; skipped")
                continue
            }
            guard let g = geometry() else { continue }
            let category = spaceCategory(tags, indoor: indoor)
            var restriction: Restriction?
            switch tags["access"] {
            case "private"?, "no"?: restriction = .private
            case "customers"?, "permissive"?, "yes"?, nil: restriction = nil
            case let other?: restriction = other == "employees" || other == "staff" ? .employeesOnly : .restricted
            }
            let accessibility = tags["wheelchair"] == "yes" ? ["wheelchair"] : []
            for o in onLevels {
                levelOrdinals.insert(o)
                let spaceID = onLevels.count > 1 ? "\(id)@\(levelID(o))" : id
                spaces.append(Space(id: spaceID, category: category, name: names(tags), altName: LocalizedText(tags["alt_name"].map { ["": $0] } ?? [:]),
                                    levelID: levelID(o), geometry: g, accessibility: accessibility, restriction: restriction,
                                    ref: tags["ref"]))
            }
            // A stairwell or elevator on several levels joins them.
            if onLevels.count > 1, let kind = connectorKind(tags, category: category) {
                let center = g.boundingBox?.center
                connectors.append(Connector(
                    id: id, kind: kind,
                    stops: onLevels.map { Connector.Stop(levelID: levelID($0), spaceID: "\(id)@\(levelID($0))", location: center) },
                    name: names(tags)))
            }
        }

        // Steps, escalators and elevator nodes joining levels.
        for wid in document.wayOrder {
            guard let way = document.ways[wid], way.tags["indoor"] == nil || way.tags["indoor"] == "pathway" else { continue }
            let id = key("way", wid)
            let tags = way.tags
            // Steps, escalators and elevators; an indoor pathway on several levels is a flight of stairs.
            guard tags["highway"] == "steps" || tags["conveying"] != nil || tags["highway"] == "elevator"
                || tags["indoor"] == "pathway" else { continue }
            let onLevels = levels(tags, id)
            guard onLevels.count >= 2, let cs = coordinates(way, id), let first = cs.first, let last = cs.last else { continue }
            levelOrdinals.formUnion(onLevels)
            let kind: Connector.Kind = tags["conveying"] != nil ? .escalator : tags["highway"] == "elevator" ? .elevator : .stairs
            // A way is drawn from its first node; `incline=up` means it climbs in that direction.
            let climbs = tags["incline"] != "down"
            let ordered = climbs ? onLevels : onLevels.reversed()
            let stops = ordered.enumerated().map { i, o in
                Connector.Stop(levelID: levelID(o), location: i == 0 ? first : i == ordered.count - 1 ? last : nil)
            }
            var directed = false
            switch tags["conveying"] {
            case "forward"?: directed = true
            case "backward"?: directed = true
            default: break
            }
            var c = Connector(id: id, kind: kind, stops: stops, isDirected: directed, name: names(tags))
            if tags["conveying"] == "backward" { c.stops.reverse() }
            connectors.append(c)
        }

        // Doors, elevator nodes and point POIs.
        for nid in document.nodeOrder {
            guard let node = document.nodes[nid], !node.tags.isEmpty else { continue }
            let id = key("node", nid)
            let tags = node.tags
            let c = Coordinate(longitude: node.coordinate.lon, latitude: node.coordinate.lat)
            var onLevels = levels(tags, id)
            let isDoor = tags["door"] != nil || tags["indoor"] == "door" || tags["entrance"] != nil
            if onLevels.isEmpty && isDoor {
                onLevels = levelsOfWays(containing: nid)
            }
            guard !onLevels.isEmpty else { continue }
            levelOrdinals.formUnion(onLevels)
            if tags["highway"] == "elevator", onLevels.count >= 2 {
                connectors.append(Connector(id: id, kind: .elevator,
                                            stops: onLevels.map { Connector.Stop(levelID: levelID($0), location: c) }, name: names(tags)))
            }
            if isDoor {
                for o in onLevels {
                    pendingDoors.append((id: onLevels.count > 1 ? "\(id)@\(levelID(o))" : id, node: nid, level: levelID(o), tags: tags))
                }
            }
            if tags["entrance"] != nil, tags["entrance"] != "no" {
                for o in onLevels {
                    pois.append(POI(id: onLevels.count > 1 ? "\(id)@\(levelID(o))" : id, kind: .entrance, category: "entrance",
                                    name: names(tags), ref: tags["ref"], levelID: levelID(o), coordinate: c))
                }
            } else if let category = poiCategory(tags) {
                for o in onLevels {
                    pois.append(POI(id: onLevels.count > 1 ? "\(id)@\(levelID(o))" : id, kind: .amenity, category: category,
                                    name: names(tags), ref: tags["ref"], levelID: levelID(o), coordinate: c))
                }
            }
        }
        guard !levelOrdinals.isEmpty else { throw .notAVenue(path: source, reason: "no feature has a level tag (not indoor-mapped)") }

        let positions = spaces.flatMap { $0.geometry.allCoordinates }
        guard let box = BoundingBox(covering: positions.isEmpty ? document.nodes.values.map { Coordinate(longitude: $0.coordinate.lon, latitude: $0.coordinate.lat) } : positions) else {
            throw .noLevels(path: source, issues: log.issues)
        }
        let frame: LocalFrame
        do { frame = try LocalFrame(centeredOn: box) } catch { throw .notAVenue(path: source, reason: error.localizedDescription) }

        // Spaces get a POI when named or numbered; they know which POIs lie in them.
        let byLevel = Dictionary(grouping: spaces.indices, by: { spaces[$0].levelID })
        let indexes = byLevel.mapValues { ids in PolygonIndex(ids.map { spaces[$0].geometry }) }
        for i in pois.indices {
            if let ids = byLevel[pois[i].levelID], let k = indexes[pois[i].levelID]?.firstContaining(pois[i].coordinate) {
                pois[i].spaceID = spaces[ids[k]].id
            }
        }
        for s in spaces where !s.name.isEmpty || s.ref != nil {
            guard let c = s.geometry.boundingBox?.center else { continue }
            pois.append(POI(id: s.id, kind: .room, category: s.category, name: s.name, altName: s.altName, ref: s.ref,
                            levelID: s.levelID, coordinate: c, spaceID: s.id))
        }

        let openings = pendingDoors.compactMap { door(id: $0.id, node: $0.node, levelID: $0.level, tags: $0.tags, frame: frame) }

        let buildingIDs = buildings.map(\.id)
        let levels = levelOrdinals.sorted().map { o in
            Level(id: levelID(o), ordinal: o, name: LocalizedText(["en": "Level \(levelID(o))"]),
                  shortName: LocalizedText(levelID(o)), buildingIDs: buildingIDs, geometry: levelOutlines[o])
        }
        let main = buildings.first { !$0.name.isEmpty } ?? buildings.first
        return Venue(id: main?.id ?? file, name: main?.name ?? LocalizedText(file), category: main?.category,
                     sourceFormat: "OSM", buildings: buildings, levels: levels, spaces: spaces, openings: openings,
                     connectors: connectors, pois: pois, obstacles: obstacles, issues: log.issues, frame: frame)
    }

    func levelsOfWays(containing node: Int64) -> [Double] {
        var out: Set<Double> = []
        for wid in document.wayOrder {
            guard let way = document.ways[wid], way.tags["indoor"] != nil, way.refs.contains(node) else { continue }
            out.formUnion(levels(way.tags, key("way", wid)))
        }
        return out.sorted()
    }

    /// A door node becomes a segment of its width (`width`, else 0.9 m) along the wall it sits in.
    func door(id: String, node: Int64, levelID: String, tags: [String: String], frame: LocalFrame) -> Opening? {
        guard let n = document.nodes[node] else { return nil }
        let center = Coordinate(longitude: n.coordinate.lon, latitude: n.coordinate.lat)
        let width = tags["width"].flatMap { Double($0.replacingOccurrences(of: " m", with: "")) }.flatMap { $0 > 0 && $0 < 20 ? $0 : nil } ?? 0.9
        // The wall direction: the neighbours of the node in the first indoor way that holds it.
        var direction = Coordinate(x: 1, y: 0)
        if let way = document.wayOrder.lazy.compactMap({ document.ways[$0] }).first(where: { $0.tags["indoor"] != nil && $0.refs.contains(node) }),
           let k = way.refs.firstIndex(of: node) {
            let prev = k > 0 ? way.refs[k - 1] : way.refs.count > 2 ? way.refs[way.refs.count - 2] : node
            let next = k + 1 < way.refs.count ? way.refs[k + 1] : way.refs.count > 1 ? way.refs[1] : node
            if let a = document.nodes[prev], let b = document.nodes[next],
               let pa = try? frame.project(Coordinate(longitude: a.coordinate.lon, latitude: a.coordinate.lat)),
               let pb = try? frame.project(Coordinate(longitude: b.coordinate.lon, latitude: b.coordinate.lat)) {
                let d = pa.distance(to: pb)
                if d > 0 { direction = Coordinate(x: (pb.x - pa.x) / d, y: (pb.y - pa.y) / d) }
            }
        }
        guard let c = try? frame.project(center),
              let ends = try? frame.unproject([Coordinate(x: c.x - direction.x * width / 2, y: c.y - direction.y * width / 2),
                                               Coordinate(x: c.x + direction.x * width / 2, y: c.y + direction.y * width / 2)]),
              let line = try? LineString(ends) else { return nil }
        let doorValue = tags["door"] ?? (tags["indoor"] == "door" ? "yes" : nil)
        let restriction: Restriction? = ["private", "no"].contains(tags["access"] ?? "") ? .private : nil
        return Opening(id: id, category: tags["entrance"] != nil ? "entrance" : "pedestrian", levelID: levelID,
                       geometry: .lineString(line), isDoor: doorValue != nil && doorValue != "no", doorType: doorValue,
                       isAccessible: tags["wheelchair"].map { $0 == "yes" }, name: names(tags), restriction: restriction,
                       width: width)
    }

    func spaceCategory(_ tags: [String: String], indoor: String) -> String {
        if tags["highway"] == "elevator" || tags["room"] == "elevator" { return "elevator" }
        if tags["stairs"] == "yes" || tags["room"] == "stairs" || tags["highway"] == "steps" { return "stairs" }
        if tags["conveying"] != nil { return "escalator" }
        if tags["amenity"] == "toilets" || tags["room"] == "toilets" || tags["room"] == "toilet" {
            if tags["female"] == "yes" && tags["male"] != "yes" { return "restroom.female" }
            if tags["male"] == "yes" && tags["female"] != "yes" { return "restroom.male" }
            return "restroom"
        }
        if indoor == "corridor" { return "walkway" }
        if indoor == "area" { return tags["room"] ?? "walkway" }
        return tags["room"] ?? tags["amenity"] ?? "room"
    }

    func connectorKind(_ tags: [String: String], category: String) -> Connector.Kind? {
        switch SpaceKind(category: category) {
        case .stairs: .stairs
        case .elevator: .elevator
        case .escalator: .escalator
        case .ramp: .ramp
        default: nil
        }
    }

    func poiCategory(_ tags: [String: String]) -> String? {
        for k in ["amenity", "shop", "tourism", "office", "vending", "information"] { if let v = tags[k] { return k == "amenity" ? v : "\(k).\(v)" } }
        return nil
    }
}
