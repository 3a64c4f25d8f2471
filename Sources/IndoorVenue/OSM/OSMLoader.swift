import Foundation
import IndoorBase
import IndoorGeometry

/// Loads an OpenStreetMap file tagged with Simple Indoor Tagging (https://wiki.openstreetmap.org/wiki/Simple_Indoor_Tagging):
/// `indoor=room|area|corridor|level|wall|column|door`, `door=*`, `level` and `repeat_on` (`0.5`, `1-3`, `-2;-1`),
/// `highway=steps|elevator|footway|corridor`, `conveying=*`, `building`/`building:part`, `name`/`name:xx`, `ref`,
/// `access`, `wheelchair`.
///
/// A feature appears on every level its `level` and `repeat_on` name. Levels have no features of their own in SIT,
/// so they are made from the level values used, with the ordinal as id (`0`, `0.5`, `-1`).
public enum OSMLoader {
    /// Loads an OSM XML file.
    /// - Parameter path: the `.osm` file, also named in issues and errors.
    /// - Parameter selection: the venue to pick out of a larger extract (by name or box); `nil` for the whole file.
    public static func load(path: String, selection: VenueSelection? = nil) throws(VenueError) -> Venue {
        try build(OSMDocument.parse(path: path), path: path, selection: selection)
    }

    /// Loads an OSM PBF file's bytes (see ``load(path:selection:)`` for what is read).
    /// - Throws: ``VenueError/notAVenue(path:reason:)`` naming the blob that could not be read, and why.
    public static func load(pbf data: Data, path: String, selection: VenueSelection? = nil) throws(VenueError) -> Venue {
        try build(OSMPBFReader.parse(data, path: path), path: path, selection: selection)
    }

    /// Loads an OSM export in GeoJSON (osmtogeojson, overpass turbo: one feature per element, its id `way/N`, its
    /// properties the tags), already parsed. Vertices that ways share are joined again by position; a feature that
    /// is no element (no geometry, a GeometryCollection) is a warning.
    public static func load(geoJSON document: JSONValue, path: String, selection: VenueSelection? = nil) throws(VenueError) -> Venue {
        let (elements, skipped) = try OSMDocument.parse(geoJSON: document, path: path)
        let file = (path as NSString).lastPathComponent
        return try build(elements, path: path, selection: selection) { log in
            for s in skipped { log.add(.warning, "unsupported-geometry", file: file, featureID: s.id, "\(s.reason); skipped") }
        }
    }

    static func build(_ document: OSMDocument, path: String, selection: VenueSelection?,
                      notes: (IssueLog) -> Void = { _ in }) throws(VenueError) -> Venue {
        var document = document
        var named: (id: String, tags: [String: String])?
        if let selection { (document, named) = try document.selecting(selection, path: path) }
        var builder = OSMVenueBuilder(document: document, file: (path as NSString).lastPathComponent)
        builder.named = named
        notes(builder.log)
        return try builder.build(source: path)
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
    /// The feature a venue was picked out of an extract by: its name is the venue's.
    var named: (id: String, tags: [String: String])?
    /// The ways through each node, in file order: found once, so that each door or POI node looks up its ways
    /// instead of scanning every way's node list (doors × ways × nodes).
    let waysThrough: [Int64: [Int64]]

    init(document: OSMDocument, file: String) {
        self.document = document
        self.file = file
        var through: [Int64: [Int64]] = [:]
        for wid in document.wayOrder {
            guard let way = document.ways[wid] else { continue }
            // A closed way repeats its first node: list the way once per node.
            for ref in way.refs where through[ref]?.last != wid { through[ref, default: []].append(wid) }
        }
        waysThrough = through
    }

    static let indoorSpaceValues: Set<String> = ["room", "area", "corridor"]

    func key(_ kind: String, _ id: Int64) -> String { "\(kind)/\(id)" }

    func names(_ tags: [String: String]) -> LocalizedText {
        var values: [String: String] = [:]
        if let n = tags["name"] { values[""] = n }
        for (k, v) in tags where k.hasPrefix("name:") { values[String(k.dropFirst(5))] = v }
        return LocalizedText(values)
    }

    /// What else a feature is called: `alt_name`, `official_name`, `loc_name` and `short_name` (each also per
    /// language, `alt_name:de`), and `description` when the feature has no name (stations label elevators and
    /// entrances that way: "Aufzug Gleis 5+6", "Darmstadt Hbf, Haupteingang"). Several values of one language are
    /// joined with "; ", as OSM joins multiple values.
    func alternativeNames(_ tags: [String: String]) -> LocalizedText {
        var keys = ["alt_name", "official_name", "loc_name", "short_name"]
        if tags["name"] == nil { keys.append("description") }
        var values: [String: [String]] = [:]
        for (k, v) in tags.sorted(by: { $0.key < $1.key }) {
            let parts = k.split(separator: ":", maxSplits: 1).map(String.init)
            guard let base = parts.first, keys.contains(base) else { continue }
            // Trailing separators are common ("Darmstadt Hbf, Haupteingang;").
            let isPadding = { (c: Character) in c == ";" || c.isWhitespace }
            let text = String(v.drop(while: isPadding).reversed().drop(while: isPadding).reversed())
            guard !text.isEmpty else { continue }
            values[parts.count > 1 ? parts[1] : "", default: []].append(text)
        }
        return LocalizedText(values.mapValues { $0.joined(separator: "; ") })
    }

    /// `connector` with the names, alternative names and ref its tags give.
    func labelled(_ connector: Connector, _ tags: [String: String]) -> Connector {
        var c = connector
        c.name = names(tags)
        c.altName = alternativeNames(tags)
        c.ref = tags["ref"]
        return c
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
            cs.append(Coordinate(x: n.coordinate.lon, y: n.coordinate.lat))
        }
        return cs
    }

    /// The area of a closed way, or of a multipolygon relation's closed member ways.
    func area(wayID: Int64) -> GeoGeometry? {
        let id = key("way", wayID)
        guard let way = document.ways[wayID], let cs = coordinates(way, id) else { return nil }
        do {
            return GeoGeometry(degrees: .polygon(try Polygon(rings: [cs])))
        } catch {
            log.add(.error, "invalid-geometry", file: file, featureID: id, "an area needs a closed way: \(error.localizedDescription); skipped")
            return nil
        }
    }

    func area(relationID: Int64) -> GeoGeometry? {
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
            return GeoGeometry(degrees: ps.count == 1 ? .polygon(ps[0]) : .multiPolygon(ps))
        } catch {
            log.add(.error, "invalid-geometry", file: file, featureID: id, "\(error.localizedDescription); relation skipped")
            return nil
        }
    }

    func build(source: String) throws(VenueError) -> Venue {
        var f = OSMFeatures()
        readAreas(into: &f)
        readNodes(into: &f)
        // Footways without a level are on level 0 only in a file that is indoor-mapped somewhere.
        let leveled = { (tags: [String: String]) in tags["level"] != nil || tags["repeat_on"] != nil }
        guard !f.levelOrdinals.isEmpty || document.ways.values.contains(where: { leveled($0.tags) }) else {
            throw .notAVenue(path: source, reason: "no feature has a level tag (not indoor-mapped)")
        }
        let networkWays = networkWays()
        let positions = f.spaces.flatMap { $0.geometry.degrees.allCoordinates }
            + networkWays.flatMap { document.ways[$0]?.refs ?? [] }.compactMap { document.nodes[$0] }.map { Coordinate(x: $0.coordinate.lon, y: $0.coordinate.lat) }
        guard let box = BoundingBox(covering: positions.isEmpty ? document.nodes.values.map { Coordinate(x: $0.coordinate.lon, y: $0.coordinate.lat) } : positions) else {
            throw .noLevels(path: source, issues: log.issues)
        }
        let frame: LocalFrame
        do { frame = try LocalFrame(centeredOn: box) } catch { throw .notAVenue(path: source, reason: error.localizedDescription) }

        addWalkingNetwork(to: &f, ways: networkWays, frame: frame)
        guard !f.levelOrdinals.isEmpty else { throw .notAVenue(path: source, reason: "no feature has a level tag (not indoor-mapped)") }

        placePOIsInSpaces(&f)

        let openings = f.pendingDoors.compactMap { door(id: $0.id, node: $0.node, levelID: $0.level, tags: $0.tags, frame: frame) }

        let buildingIDs = f.buildings.map(\.id)
        let levels = f.levelOrdinals.sorted().map { o in
            Level(id: levelID(o), ordinal: o, name: LocalizedText(),
                  shortName: LocalizedText(levelID(o)), buildingIDs: buildingIDs, geometry: f.levelOutlines[o])
        }
        let main = venueIdentity(buildings: f.buildings, frame: frame)
        return Venue(id: main?.id ?? file, name: main?.name ?? LocalizedText(file), category: main?.category,
                     sourceFormat: "OSM", buildings: f.buildings, levels: levels, spaces: f.spaces, openings: openings,
                     connectors: f.connectors, pois: f.pois, obstacles: f.obstacles, issues: log.issues, frame: frame)
    }

    /// What the venue is: the station (`railway=station`, `public_transport=station`, a `train_station` or
    /// `transportation` building, a stop area), else a mall, else the largest named building; never just the first named one
    /// (a hotel next door).
    func venueIdentity(buildings: [Building], frame: LocalFrame) -> (id: String, name: LocalizedText, category: String?)? {
        if let named { return (named.id, names(named.tags), named.tags["building"] ?? "transitstation") }
        var elements: [(id: String, tags: [String: String])] = []
        for nid in document.nodeOrder { if let t = document.nodes[nid]?.tags, t["name"] != nil { elements.append((key("node", nid), t)) } }
        for wid in document.wayOrder { if let t = document.ways[wid]?.tags, t["name"] != nil { elements.append((key("way", wid), t)) } }
        for rid in document.relationOrder { if let t = document.relations[rid]?.tags, t["name"] != nil { elements.append((key("relation", rid), t)) } }
        let ranks: [(String, String)] = [("railway", "station"), ("public_transport", "station"), ("building", "train_station"),
                                         ("building", "transportation"), ("public_transport", "stop_area"), ("shop", "mall"),
                                         ("amenity", "bus_station")]
        for (k, v) in ranks {
            // A building counts as what it houses when it says (a police station in a transport building).
            if let e = elements.first(where: { $0.tags[k] == v && (k != "building" || poiCategory($0.tags) == nil) }) { return (e.id, names(e.tags), v == "mall" ? "mall" : v == "bus_station" ? "busstation" : "transitstation") }
        }
        let named = buildings.filter { !$0.name.isEmpty }
        let size = { (b: Building) -> Double in b.footprint.flatMap { try? frame.project($0).area() } ?? 0 }
        if let b = named.max(by: { size($0) < size($1) }) ?? buildings.first { return (b.id, b.name, b.category) }
        return nil
    }

    /// The levels of the indoor and walkway ways through a node (a walkway without a level is on level 0).
    func levelsOfWays(containing node: Int64) -> [Double] {
        var out: Set<Double> = []
        var untagged: [String] = []
        for wid in waysThrough[node] ?? [] {
            guard let way = document.ways[wid] else { continue }
            if way.tags["indoor"] != nil {
                out.formUnion(levels(way.tags, key("way", wid)))
            } else if footwayWidth(way.tags) != nil, !isConnectorWay(way.tags, key("way", wid)) {
                out.formUnion(walkwayLevels(way.tags, key("way", wid), untagged: &untagged))
            }
        }
        return out.sorted()
    }

    /// Named or numbered platforms, as places to go to.
    func platformPOIs(ways: [Int64]) -> [POI] {
        var pois: [POI] = []
        var ignored: [String] = []
        for wid in ways {
            guard let way = document.ways[wid], way.tags["railway"] == "platform" || way.tags["public_transport"] == "platform"
                    || way.tags["highway"] == "platform" else { continue }
            let tags = way.tags
            let id = key("way", wid)
            guard tags["name"] != nil || tags["ref"] != nil || tags["local_ref"] != nil, let cs = coordinates(way, id), !cs.isEmpty else { continue }
            // A point on the platform: its middle node (a line), or its box's centre (an area).
            let at = isAreaWay(way) ? BoundingBox(covering: cs)?.center ?? cs[0] : cs[cs.count / 2]
            // An area is reached where the walk steps onto it.
            let footprint = isAreaWay(way) ? (try? Polygon(rings: [cs])).map { GeoGeometry(degrees: .polygon($0)) } : nil
            let onLevels = walkwayLevels(tags, id, untagged: &ignored)
            for o in onLevels {
                let levelID = Level.text(ordinal: o)
                pois.append(POI(id: onLevels.count > 1 ? "\(id)@\(levelID)" : id, kind: .amenity, category: "platform", name: names(tags),
                                ref: tags["ref"] ?? tags["local_ref"], levelID: levelID, coordinate: GeoCoordinate(position: at),
                                footprint: footprint))
            }
        }
        return pois
    }

    /// Named walkways as places to go to: a mall's avenues and galleries, a station's passages, a footbridge
    /// (`highway=footway|pedestrian|corridor|path|living_street` with a `name`, not steps or other connectors, not
    /// platforms, which are places of their own). The ways of one name on one level are one place (a street is
    /// mapped as many ways): its footprint is the ground they cover, at their width, so a walk arrives as it steps
    /// onto it; its point the node nearest their middle.
    func namedWalkwayPOIs(ways: [Int64], frame: LocalFrame) -> [POI] {
        var groups: [String: (tags: [String: String], id: String, lines: [[Coordinate]], areas: [[Coordinate]], width: Double)] = [:]
        var order: [String] = []
        var ignored: [String] = []
        for wid in ways {
            guard let way = document.ways[wid], let name = way.tags["name"], !name.isEmpty,
                  let highway = way.tags["highway"], OSMWalkingNetwork.footwayHighways[highway] != nil, highway != "platform",
                  highway != "steps", highway != "elevator", way.tags["railway"] != "platform", way.tags["public_transport"] != "platform"
            else { continue }
            let id = key("way", wid)
            guard !isConnectorWay(way.tags, id), let cs = coordinates(way, id), cs.count >= 2, let width = footwayWidth(way.tags) else { continue }
            for o in walkwayLevels(way.tags, id, untagged: &ignored) {
                let k = "\(name)\u{0}\(Level.text(ordinal: o))"
                var g = groups[k] ?? (way.tags, id, [], [], width)
                if groups[k] == nil { order.append(k) }
                if isAreaWay(way) { g.areas.append(cs) } else { g.lines.append(cs) }
                g.width = max(g.width, width)
                groups[k] = g
            }
        }
        var pois: [POI] = []
        for k in order {
            guard let g = groups[k], let levelID = k.split(separator: "\u{0}").last.map(String.init) else { continue }
            // Metres, to buffer the lines at the walkway's width.
            var shapes: [Geometry] = []
            for line in g.lines {
                if let m = try? frame.project(GeoGeometry(degrees: .lineString(LineString(line)))), let b = try? m.buffer(g.width / 2, quadrantSegments: 2) { shapes.append(b) }
            }
            for ring in g.areas {
                if let m = try? frame.project(GeoGeometry(degrees: .polygon(Polygon(rings: [ring])))) { shapes.append(m) }
            }
            let all = (g.lines + g.areas).flatMap { $0 }
            guard let box = BoundingBox(covering: all) else { continue }
            let middle = box.center
            let at = all.min { $0.distance(to: middle) < $1.distance(to: middle) } ?? middle
            let footprint = shapes.isEmpty ? nil : (try? Geometry.union(of: shapes)).flatMap { try? frame.unproject($0) }
            let idSuffix = groups.keys.contains { $0 != k && $0.hasPrefix(String(k.prefix { $0 != "\u{0}" }) + "\u{0}") } ? "@\(levelID)" : ""
            pois.append(POI(id: g.id + idSuffix, kind: .section, category: "walkway", name: names(g.tags), altName: alternativeNames(g.tags),
                            ref: g.tags["ref"], levelID: levelID, coordinate: GeoCoordinate(position: at), footprint: footprint))
        }
        return pois
    }

    /// What must lie in or be joined to walkable space: connector stops, doors, rooms and POIs, in metres.
    /// - Parameter buildings: the footprints of buildings that are places with no entrance mapped.
    func networkPlaces(spaces: [Space], connectors: [Connector], doors: [(id: String, node: Int64, level: String, tags: [String: String])],
                       pois: [POI], buildings: [String: GeoGeometry], frame: LocalFrame) -> [OSMWalkingNetwork.Place] {
        var places: [OSMWalkingNetwork.Place] = []
        // A stop inside a room or stairwell of its level is where it is: only a stop outside every space needs one.
        let passable = Dictionary(grouping: spaces.indices.filter { spaces[$0].kind.isPassable }, by: { spaces[$0].levelID })
            .mapValues { ids in PolygonIndex(ids.map { spaces[$0].geometry.degrees }) }
        for c in connectors {
            for stop in c.stops where stop.spaceID == nil {
                guard let at = stop.location, passable[stop.levelID]?.firstContaining(at.position) == nil, let p = try? frame.project(at) else { continue }
                places.append(.init(id: c.id, levelID: stop.levelID, geometry: .point(p), kind: .stop))
            }
        }
        for door in doors {
            guard let n = document.nodes[door.node], let p = try? frame.project(GeoCoordinate(longitude: n.coordinate.lon, latitude: n.coordinate.lat)) else { continue }
            places.append(.init(id: door.id, levelID: door.level, geometry: .point(p), kind: .door))
        }
        let rooms = spaces.filter { $0.kind.isPassable && $0.kind != .walkway && !$0.kind.isConnector }
        for s in rooms {
            guard let g = try? frame.project(s.geometry) else { continue }
            places.append(.init(id: s.id, levelID: s.levelID, geometry: g, kind: .space))
        }
        let byLevel = Dictionary(grouping: spaces.indices, by: { spaces[$0].levelID })
        let indexes = byLevel.mapValues { ids in PolygonIndex(ids.map { spaces[$0].geometry.degrees }) }
        for poi in pois where indexes[poi.levelID]?.firstContaining(poi.coordinate.position) == nil || buildings[poi.id] != nil {
            if let footprint = buildings[poi.id], let g = try? frame.project(footprint) {
                places.append(.init(id: poi.id, levelID: poi.levelID, geometry: g, kind: .building))
                continue
            }
            guard let p = try? frame.project(poi.coordinate) else { continue }
            places.append(.init(id: poi.id, levelID: poi.levelID, geometry: .point(p), kind: .poi))
        }
        // A node that is both a door and a POI is one place.
        var seen: Set<String> = []
        return places.filter { seen.insert("\($0.id)@\($0.levelID)").inserted }
    }

    /// A door node becomes a segment of its width (`width`, else 0.9 m) along the wall it sits in.
    func door(id: String, node: Int64, levelID: String, tags: [String: String], frame: LocalFrame) -> Opening? {
        guard let n = document.nodes[node] else { return nil }
        let center = GeoCoordinate(longitude: n.coordinate.lon, latitude: n.coordinate.lat)
        var width = tags["width"].flatMap(Self.metres) ?? 0.9
        // The wall direction: the neighbours of the node in the first indoor way (or building outline) that holds
        // it; on a walkway, the door spans it, across the way.
        var direction = Coordinate(x: 1, y: 0)
        let holders = (waysThrough[node] ?? []).compactMap { document.ways[$0] }
        let wall = holders.first { $0.tags["indoor"] != nil } ?? holders.first { $0.tags["building"] != nil || $0.tags["building:part"] != nil }
        let walkway = wall == nil ? holders.first { footwayWidth($0.tags) != nil } : nil
        if let walkway, tags["width"] == nil, let w = footwayWidth(walkway.tags) { width = w }
        if let way = wall ?? walkway, let k = way.refs.firstIndex(of: node) {
            let prev = k > 0 ? way.refs[k - 1] : way.refs.count > 2 ? way.refs[way.refs.count - 2] : node
            let next = k + 1 < way.refs.count ? way.refs[k + 1] : way.refs.count > 1 ? way.refs[1] : node
            if let a = document.nodes[prev], let b = document.nodes[next],
               let pa = try? frame.project(GeoCoordinate(longitude: a.coordinate.lon, latitude: a.coordinate.lat)),
               let pb = try? frame.project(GeoCoordinate(longitude: b.coordinate.lon, latitude: b.coordinate.lat)) {
                let d = pa.distance(to: pb)
                if d > 0 {
                    direction = Coordinate(x: (pb.x - pa.x) / d, y: (pb.y - pa.y) / d)
                    if wall == nil { direction = Coordinate(x: -direction.y, y: direction.x) }
                }
            }
        }
        guard let c = try? frame.project(center),
              let ends = try? frame.unproject([Coordinate(x: c.x - direction.x * width / 2, y: c.y - direction.y * width / 2),
                                               Coordinate(x: c.x + direction.x * width / 2, y: c.y + direction.y * width / 2)]),
              let line = try? LineString(ends.map(\.position)) else { return nil }
        let doorValue = tags["door"] ?? (tags["indoor"] == "door" ? "yes" : nil)
        let restriction: Restriction? = ["private", "no"].contains(tags["access"] ?? "") ? .private : nil
        return Opening(id: id, category: tags["entrance"] != nil ? "entrance" : "pedestrian", levelID: levelID,
                       geometry: GeoGeometry(degrees: .lineString(line)), isDoor: doorValue != nil && doorValue != "no", doorType: doorValue,
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
        // What a vending machine sells is what people look for ("tickets"), as an IMDF-style subcategory.
        if tags["amenity"] == "vending_machine", let sells = tags["vending"] { return "vending_machine.\(sells)" }
        for k in ["amenity", "shop", "tourism", "office", "vending", "information"] { if let v = tags[k] { return k == "amenity" ? v : "\(k).\(v)" } }
        return nil
    }
}
