import Foundation
import IndoorBase
import IndoorGeometry

/// The walking network of a station or mall as walkable space: how most railway stations and malls are mapped in
/// OpenStreetMap (https://wiki.openstreetmap.org/wiki/Key:level, https://wiki.openstreetmap.org/wiki/Tag:railway=platform):
/// footways, corridors and platforms on their levels, steps, escalators and elevators between them.
///
/// - Footway-like ways (`highway=footway|corridor|pedestrian|path|living_street|platform`, `railway=platform`,
///   `public_transport=platform`), and streets outdoors (``OSMWalkingNetwork/streetHighways``), on one level are
///   buffered to their `width` (else a width by
///   type) or taken as drawn when they are closed areas, and unioned per level: one walkway space per connected
///   piece. A footway without `level` is on level 0 (reported once, as info).
/// - Steps, escalators (`conveying=*`), ramps (a footway whose `level` lists two levels) and `highway=elevator`
///   nodes and ways become connectors. The level of each end of a way is the level of the ways that end shares,
///   else taken from its own `level` list in the way's direction (`incline=down` reverses it); escalators run
///   with `conveying=forward`, against the way with `backward`; elevators stop on every level they list or that
///   their node's ways are on. A way without a level (taken to be on level 0) that shares a node with a way on
///   another level joins it there by a ramp, reported.
/// - Every connector stop lies in walkable space of its level: where none is, a small area (an elevator car, a
///   landing) is added. Places off the network on a level that has one (stops, doors, rooms, POIs) are joined to
///   it by a short corridor when it is at most ``OSMWalkingNetwork/maximumJoin`` away, each join reported.
struct OSMWalkingNetwork {
    /// Highways a person walks along.
    static let footwayHighways: [String: Double] = [
        "footway": 2, "corridor": 2, "path": 2, "pedestrian": 4, "living_street": 4, "platform": 3, "steps": 1.5,
        "elevator": 2,
    ]
    /// Streets a pedestrian may walk along, as Valhalla's and OSRM's foot profiles do: outdoors they join what the
    /// footways leave apart (a bus stop, a hotel across the square). Motorways and trunk roads are not walked, nor
    /// streets in tunnels, on bridges or on another layer, which would meet the station's floor where they only
    /// pass above or below it.
    static let streetHighways: [String: Double] = [
        "residential": 5, "unclassified": 5, "road": 5, "service": 3, "track": 3, "cycleway": 2, "bridleway": 2,
        "tertiary": 6, "tertiary_link": 5, "secondary": 7, "secondary_link": 5, "primary": 8, "primary_link": 5,
    ]
    /// The width of a platform drawn as a line, and of anything else walkable not in the table.
    static let platformWidth = 3.0
    /// The radius of the area made where a stop has no walkable space: an elevator car, a landing.
    static let anchorRadius = 1.0
    /// The width of a corridor joining a place off the network to it.
    static let joinWidth = 1.5
    /// The farthest a place is joined to the network, metres.
    static let maximumJoin = 25.0
    /// Pieces of walkway smaller than this (slivers of a cut) are dropped, square metres.
    static let minimumArea = 0.5

    /// A stretch of walkable space on a level, in the local frame (metres).
    struct Piece {
        let levelID: String
        let geometry: Geometry
    }

    /// A place that must lie in (or be joined to) walkable space of its level, in metres.
    struct Place {
        /// A building's POI is placed where the building meets the network (its geometry is the footprint).
        enum Kind { case stop, door, space, poi, building }
        let id: String
        let levelID: String
        let geometry: Geometry
        let kind: Kind
    }
}

extension OSMVenueBuilder {
    /// The tags of a way or node that make it part of the walking network (any level), with its width in metres.
    func footwayWidth(_ tags: [String: String]) -> Double? {
        var base: Double?
        if let h = tags["highway"], let w = OSMWalkingNetwork.footwayHighways[h] { base = w }
        if let h = tags["highway"], let w = OSMWalkingNetwork.streetHighways[h], tags["level"] == nil {
            let elsewhere = [tags["tunnel"], tags["bridge"], tags["covered"]].contains { $0 != nil && $0 != "no" }
            if !elsewhere, (tags["layer"] ?? "0") == "0" { base = w }
        }
        if tags["railway"] == "platform" || tags["public_transport"] == "platform" { base = OSMWalkingNetwork.platformWidth }
        guard let base else { return nil }
        if tags["access"] == "no" || tags["access"] == "private" || tags["foot"] == "no" { return nil }
        return tags["width"].flatMap(Self.metres) ?? tags["est_width"].flatMap(Self.metres) ?? base
    }

    /// A length in metres from an OSM value (`2`, `2.5 m`, `3m`); `nil` when not a sensible width.
    static func metres(_ value: String) -> Double? {
        var v = value.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        if v.hasSuffix("m") { v = String(v.dropLast()).trimmingCharacters(in: .whitespaces) }
        guard let d = Double(v), d.isFinite, d > 0.3, d <= 100 else { return nil }
        return d
    }

    /// Whether a closed way of the network is an area (drawn as it is) rather than a loop (buffered).
    func isAreaWay(_ way: OSMDocument.Way) -> Bool {
        guard way.refs.count >= 4, way.refs.first == way.refs.last else { return false }
        if way.tags["area"] == "yes" { return true }
        if way.tags["area"] == "no" { return false }
        return way.tags["railway"] == "platform" || way.tags["public_transport"] == "platform" || way.tags["highway"] == "platform"
            || way.tags["highway"] == "elevator"
    }

    /// The network's ways: every footway-like way that is not already a Simple Indoor Tagging space, and SIT
    /// `indoor=pathway` lines (connectors when they join levels; on one level they only trace a route through
    /// rooms already drawn, so they add no space).
    func networkWays() -> [Int64] {
        document.wayOrder.filter { wid in
            guard let way = document.ways[wid],
                  footwayWidth(way.tags) != nil || way.tags["conveying"] != nil || way.tags["indoor"] == "pathway" else { return false }
            if let indoor = way.tags["indoor"], Self.indoorSpaceValues.contains(indoor), isAreaWay(way) || way.refs.first == way.refs.last {
                return false
            }
            return true
        }
    }

    /// Whether a way joins levels rather than lying on them: steps, escalators, ramps and elevators whose `level`
    /// (or, for steps, escalators and elevators, `repeat_on`) lists several.
    func isConnectorWay(_ tags: [String: String], _ id: String) -> Bool {
        if tags["conveying"] != nil || tags["highway"] == "steps" || tags["highway"] == "elevator" || tags["indoor"] == "pathway" {
            return true
        }
        return (tags["level"].flatMap(OSMLoader.levels)?.count ?? 0) >= 2
    }

    /// The levels a network way lies on (`level` ∪ `repeat_on`), level 0 when untagged.
    func walkwayLevels(_ tags: [String: String], _ id: String, untagged: inout [String]) -> [Double] {
        let ls = levels(tags, id)
        if ls.isEmpty, tags["level"] == nil, tags["repeat_on"] == nil {
            untagged.append(id)
            return [0]
        }
        return ls
    }

    /// The levels of the single-level network ways through each node (the levels a connector's end can be on):
    /// those their `level` tags give, and apart the nodes of ways without one (taken to be on level 0).
    func nodeLevels(ways: [Int64]) -> (tagged: [Int64: Set<Double>], untagged: Set<Int64>) {
        var tagged: [Int64: Set<Double>] = [:]
        var untagged: Set<Int64> = []
        for wid in ways {
            guard let way = document.ways[wid] else { continue }
            let id = key("way", wid)
            if isConnectorWay(way.tags, id) { continue }
            var assumed: [String] = []
            let ls = walkwayLevels(way.tags, id, untagged: &assumed)
            if !assumed.isEmpty {
                untagged.formUnion(way.refs)
            } else {
                for ref in way.refs { tagged[ref, default: []].formUnion(ls) }
            }
        }
        return (tagged, untagged)
    }

    /// The connector a way is (steps, escalator, ramp, elevator shaft), with each stop's coordinate; `nil` when it
    /// lies on one level (then it is walkway).
    func connector(way wid: Int64, nodeLevels: [Int64: Set<Double>]) -> (connector: Connector, ordinals: [Double], width: Double)? {
        guard let way = document.ways[wid], way.refs.count >= 2 else { return nil }
        let id = key("way", wid)
        let tags = way.tags
        guard isConnectorWay(tags, id) else { return nil }
        let own = levels(tags, id)
        let kind: Connector.Kind = tags["conveying"] != nil ? .escalator
            : tags["highway"] == "elevator" ? .elevator
            : tags["highway"] == "steps" || tags["indoor"] == "pathway" ? .stairs : .ramp
        let width = footwayWidth(tags) ?? 1.5
        guard let cs = coordinates(way, id), let first = cs.first, let last = cs.last else { return nil }

        if kind == .elevator {
            // A shaft drawn as a way: a stop at its centre on every level it names or its nodes' ways are on.
            var all = Set(own)
            for ref in way.refs { all.formUnion(nodeLevels[ref] ?? []) }
            guard all.count >= 2, let box = BoundingBox(covering: cs) else { return nil }
            let centre = GeoCoordinate(position: box.center)
            let ordinals = all.sorted()
            let connector = labelled(Connector(id: id, kind: .elevator, stops: ordinals.map { Connector.Stop(levelID: Level.text(ordinal: $0), location: centre) }), tags)
            return (connector, ordinals, width)
        }

        // Each end's level: the one its other ways are on (preferring the way's own list), else from the list.
        func endLevel(_ ref: Int64?) -> Double? {
            guard let ref, let candidates = nodeLevels[ref], !candidates.isEmpty else { return nil }
            let preferred = candidates.intersection(own)
            let pool = preferred.isEmpty ? candidates : preferred
            return pool.count == 1 ? pool.first : nil
        }
        var a = endLevel(way.refs.first)
        var b = endLevel(way.refs.last)
        let ascending = tags["incline"].map { !($0.hasPrefix("down") || $0.hasPrefix("-")) } ?? true
        let listed = ascending ? own : own.reversed()
        if a == nil, b == nil, listed.count >= 2 {
            a = listed.first
            b = listed.last
        } else if a == nil, let b {
            a = listed.first { $0 != b }
        } else if b == nil, let a {
            b = listed.last { $0 != a }
        }
        guard let a, let b, a != b else { return nil }
        var stops = [Connector.Stop(levelID: Level.text(ordinal: a), location: GeoCoordinate(position: first)),
                     Connector.Stop(levelID: Level.text(ordinal: b), location: GeoCoordinate(position: last))]
        var directed = false
        switch tags["conveying"] {
        case "forward"?: directed = true
        case "backward"?:
            directed = true
            stops.reverse()
        default: break
        }
        let connector = labelled(Connector(id: id, kind: kind, stops: stops, isDirected: directed), tags)
        return (connector, [a, b], width)
    }

    /// The walking network: walkway pieces per level and the connectors between levels (stops not yet anchored).
    func walkingNetwork(frame: LocalFrame, levelOrdinals: inout Set<Double>) -> (pieces: [OSMWalkingNetwork.Piece], connectors: [Connector], stopWidths: [Double]) {
        let ways = networkWays()
        let (taggedLevels, untaggedNodes) = nodeLevels(ways: ways)
        var nodeLevels = taggedLevels
        for ref in untaggedNodes { nodeLevels[ref, default: []].insert(0) }
        var pieces: [OSMWalkingNetwork.Piece] = []
        var connectors: [Connector] = []
        var stopWidths: [Double] = []
        var untagged: [String] = []
        for wid in ways {
            guard let way = document.ways[wid] else { continue }
            let id = key("way", wid)
            if let (c, ordinals, width) = connector(way: wid, nodeLevels: nodeLevels) {
                connectors.append(c)
                stopWidths.append(width)
                levelOrdinals.formUnion(ordinals)
                // An elevator shaft drawn as an area is its car on every level.
                if c.kind == .elevator, isAreaWay(way), let g = area(wayID: wid), let m = try? frame.project(g) {
                    for stop in c.stops { pieces.append(.init(levelID: stop.levelID, geometry: m)) }
                }
                continue
            }
            // Flat steps, an elevator on one level, a footway: walkway on each of its levels.
            guard let width = footwayWidth(way.tags) ?? (way.tags["conveying"] != nil ? 1.2 : nil) else { continue }
            let onLevels = walkwayLevels(way.tags, id, untagged: &untagged)
            guard !onLevels.isEmpty, let cs = coordinates(way, id), let projected = try? frame.project(cs.map(GeoCoordinate.init(position:))) else { continue }
            var shape: Geometry?
            if isAreaWay(way), let polygon = try? Polygon(rings: [projected]) {
                shape = (try? Geometry.polygon(polygon).makeValid()) ?? .polygon(polygon)
            } else if projected.count >= 2, let line = try? LineString(projected) {
                shape = try? Geometry.lineString(line).buffer(width / 2, quadrantSegments: 4)
            }
            guard let shape else {
                log.add(.warning, "invalid-geometry", file: file, featureID: id, "a walkway with fewer than two positions; skipped")
                continue
            }
            for o in onLevels {
                levelOrdinals.insert(o)
                pieces.append(.init(levelID: Level.text(ordinal: o), geometry: shape))
            }
        }
        if !untagged.isEmpty {
            log.add(.info, "level-assumed", file: file, featureID: untagged[0],
                    "\(untagged.count) walkway\(untagged.count == 1 ? "" : "s") without a level tag (\(untagged.prefix(3).joined(separator: ", "))\(untagged.count > 3 ? ", …" : "")) taken to be on level 0")
        }

        // Elevators mapped as nodes: a stop on each level the node lists or its ways are on.
        for nid in document.nodeOrder {
            guard let node = document.nodes[nid], node.tags["highway"] == "elevator" else { continue }
            let id = key("node", nid)
            let all = Set(levels(node.tags, id)).union(nodeLevels[nid] ?? [])
            guard all.count >= 2 else { continue }
            let c = GeoCoordinate(longitude: node.coordinate.lon, latitude: node.coordinate.lat)
            let ordinals = all.sorted()
            levelOrdinals.formUnion(ordinals)
            connectors.append(labelled(Connector(id: id, kind: .elevator, stops: ordinals.map { Connector.Stop(levelID: Level.text(ordinal: $0), location: c) }),
                                       node.tags))
            stopWidths.append(2 * OSMWalkingNetwork.anchorRadius)
        }

        // A way without a level that shares a node with a way on another level meets it there (a street reaching a
        // station's lower concourse, a sidewalk becoming a covered one): a ramp at the node joins level 0 to it.
        var joins: [String] = []
        for nid in document.nodeOrder where untaggedNodes.contains(nid) {
            guard let node = document.nodes[nid], let others = taggedLevels[nid], !others.contains(0) else { continue }
            let c = GeoCoordinate(longitude: node.coordinate.lon, latitude: node.coordinate.lat)
            for o in others.sorted() {
                let id = key("node", nid) + "/level-join/" + Level.text(ordinal: o)
                connectors.append(Connector(id: id, kind: .ramp, stops: [Connector.Stop(levelID: Level.text(ordinal: 0), location: c),
                                                                          Connector.Stop(levelID: Level.text(ordinal: o), location: c)]))
                stopWidths.append(OSMWalkingNetwork.joinWidth)
                levelOrdinals.formUnion([0, o])
                joins.append(key("node", nid))
            }
        }
        if !joins.isEmpty {
            log.add(.info, "level-joined", file: file, featureID: joins[0],
                    "\(joins.count) node\(joins.count == 1 ? "" : "s") where a way without a level meets a way on another level (\(joins.prefix(3).joined(separator: ", "))\(joins.count > 3 ? ", …" : "")): joined there by a ramp from level 0")
        }
        return (pieces, connectors, stopWidths)
    }

    /// The walkway spaces of every level: the pieces unioned, with an area for every place that has none and a
    /// joining corridor for every place off the network (within ``OSMWalkingNetwork/maximumJoin``). A Simple
    /// Indoor Tagging walkway (a concourse drawn as `indoor=corridor|area`) that the network touches becomes part
    /// of the piece it touches, which keeps its id and name: the footways and the concourse are one open space.
    /// A piece that no path reaches from the venue's main network (neither on its level nor by a connector) is
    /// joined to the nearest piece that is, when it is close enough; each join is reported.
    /// - Parameters:
    ///   - spaces: the spaces so far; their walkable walkways are joined to the network.
    ///   - connectors: what joins pieces on different levels.
    /// - Returns: the walkway spaces, the ids of the spaces they replace, and where each building place meets the
    ///   network (metres).
    func walkwaySpaces(pieces: [OSMWalkingNetwork.Piece], places: [OSMWalkingNetwork.Place], spaces existingSpaces: [Space],
                       connectors: [Connector], frame: LocalFrame) -> (spaces: [Space], replaced: Set<String>, doorsteps: [String: Coordinate]) {
        var walkable: [String: [(space: Space, shape: Geometry)]] = [:]
        var drawnOver: [String: [Geometry]] = [:]
        for s in existingSpaces {
            guard let g = try? frame.project(s.geometry) else { continue }
            if s.kind == .walkway && s.isWalkable {
                walkable[s.levelID, default: []].append((s, g))
            } else if s.kind != .walkway {
                drawnOver[s.levelID, default: []].append(g)
            }
        }
        let byLevel = Dictionary(grouping: pieces, by: \.levelID)
        let placesByLevel = Dictionary(grouping: places, by: \.levelID)
        let levelIDs = Set(byLevel.keys).union(placesByLevel.keys).sorted { (Double($0) ?? 0) < (Double($1) ?? 0) }
        // Each level's network: its pieces, the areas and joins its places need, and the walkways they touch.
        var networks: [String: (polygons: [Polygon], joined: [(space: Space, shape: Geometry)])] = [:]
        var doorsteps: [String: Coordinate] = [:]
        for levelID in levelIDs {
            let shapes = (byLevel[levelID] ?? []).map(\.geometry)
            let existing = (walkable[levelID] ?? []).map(\.shape)
            guard let network = try? Geometry.union(of: shapes + existing) else {
                log.add(.error, "invalid-geometry", file: file, featureID: "level \(levelID)", "the walkways of this level could not be unioned; skipped")
                continue
            }
            // Places are joined only on a level with a walking network: a building mapped with rooms and doors
            // alone is left as drawn.
            let added = joins(placesByLevel[levelID] ?? [], to: network, levelID: levelID, hasNetwork: !shapes.isEmpty,
                              drawnOver: drawnOver[levelID] ?? [], doorsteps: &doorsteps)
            guard !shapes.isEmpty || !added.isEmpty else { continue }
            do {
                var merged = try Geometry.union(of: shapes + added)
                let joined = (walkable[levelID] ?? []).filter { ((try? $0.shape.distance(to: merged)) ?? .infinity) < 0.01 }
                if !joined.isEmpty { merged = try Geometry.union(of: [merged] + joined.map(\.shape)) }
                networks[levelID] = (merged.polygons, joined)
            } catch {
                log.add(.error, "invalid-geometry", file: file, featureID: "level \(levelID)", "the walkways of this level could not be unioned: \(error.localizedDescription)")
            }
        }
        joinIsolatedPieces(&networks, connectors: connectors, drawnOver: drawnOver, frame: frame)

        var spaces: [Space] = []
        var replaced: Set<String> = []
        for levelID in levelIDs {
            guard let (polygons, joined) = networks[levelID] else { continue }
            var k = 0
            for drawn in polygons {
                // A hole of under a square centimetre is a sliver the union left where outlines nearly meet: in
                // degrees its corners can coincide, an invalid ring.
                let polygon = Polygon(exterior: drawn.exterior, holes: drawn.holes.filter { abs(Polygon(exterior: $0).area) >= 1e-4 })
                guard let a = try? Geometry.polygon(polygon).area(), a >= OSMWalkingNetwork.minimumArea,
                      let g = try? frame.unproject(.polygon(polygon)) else { continue }
                let piece = Geometry.polygon(polygon)
                let inside = joined.filter { ((try? piece.distance(to: $0.shape)) ?? .infinity) == 0 }
                // The first joined walkway inside the piece names it.
                if var space = inside.first?.space {
                    space.geometry = g
                    spaces.append(space)
                    for other in inside {
                        replaced.insert(other.space.id)
                        if other.space.id != space.id {
                            log.add(.info, "walkway-joined", file: file, featureID: other.space.id, "joined with \(space.id) and the footways it touches into one walkway")
                        }
                    }
                    continue
                }
                k += 1
                spaces.append(Space(id: "walkway/\(levelID)/\(k)", category: "footway", levelID: levelID, geometry: g))
            }
        }
        return (spaces, replaced, doorsteps)
    }

    /// The areas a level's places need: a car or landing for a stop with no walkable space, and a corridor from
    /// each place off the network to it (up to ``OSMWalkingNetwork/maximumJoin``, reported).
    /// - Parameter doorsteps: where each building place meets the network (the point of the building nearest it).
    /// - Parameter drawnOver: the level's other spaces (rooms, shops, decks): a join lands on the network where none
    ///   is drawn over it (``JoinGround``).
    func joins(_ places: [OSMWalkingNetwork.Place], to network: Geometry, levelID: String, hasNetwork: Bool,
               drawnOver: [Geometry], doorsteps: inout [String: Coordinate]) -> [Geometry] {
        var added: [Geometry] = []
        var ground: JoinGround?
        for place in places.sorted(by: { ($0.kind == .stop ? 0 : 1) < ($1.kind == .stop ? 0 : 1) }) {
            if place.kind == .building, hasNetwork, let (from, to) = try? place.geometry.nearestPoints(to: network) {
                doorsteps[place.id] = from
                if from.distance(to: to) <= 0.05 { continue }
            }
            let inside: Bool
            switch place.geometry {
            case .point(let p): inside = (try? network.covers(.point(p))) ?? false
            default: inside = ((try? network.distance(to: place.geometry)) ?? .infinity) <= 0.05
            }
            if inside { continue }
            if place.kind == .stop, case .point(let p) = place.geometry,
               let car = try? Geometry.point(p).buffer(OSMWalkingNetwork.anchorRadius, quadrantSegments: 4) {
                added.append(car)
            }
            guard hasNetwork else { continue }
            if ground == nil { ground = JoinGround(network: network, drawnOver: drawnOver) }
            guard let (from, to, d) = ground?.landing(from: place.geometry) else { continue }
            guard d <= OSMWalkingNetwork.maximumJoin else {
                log.add(.warning, "off-network", file: file, featureID: place.id,
                        "on level \(levelID), \(Int(d.rounded())) m from the walking network (more than \(Int(OSMWalkingNetwork.maximumJoin)) m); not joined")
                continue
            }
            guard d > 0.05, let corridor = Self.corridor(from, to) else { continue }
            added.append(corridor)
            log.add(.info, "joined-to-network", file: file, featureID: place.id,
                    "on level \(levelID), joined to the walking network \(String(format: "%.1f", d)) m away")
        }
        return added
    }

    /// A corridor of ``OSMWalkingNetwork/joinWidth`` between two points, reaching 0.3 m past both.
    static func corridor(_ from: Coordinate, _ to: Coordinate) -> Geometry? {
        let d = from.distance(to: to)
        guard d > 0 else { return nil }
        let ux = (to.x - from.x) / d, uy = (to.y - from.y) / d
        let reach = 0.3
        guard let line = try? LineString([Coordinate(x: from.x - ux * reach, y: from.y - uy * reach),
                                          Coordinate(x: to.x + ux * reach, y: to.y + uy * reach)]) else { return nil }
        return try? Geometry.lineString(line).buffer(OSMWalkingNetwork.joinWidth / 2, quadrantSegments: 2, join: .mitre)
    }

    /// Joins each piece that neither its level nor a connector links to the venue's main network (the connected
    /// pieces of largest area) to the nearest main piece of its level, within ``OSMWalkingNetwork/maximumJoin``:
    /// a bus platform across a street whose crossing is not mapped. Pieces joined by connectors (platforms under
    /// their stairs) are never joined across.
    func joinIsolatedPieces(_ networks: inout [String: (polygons: [Polygon], joined: [(space: Space, shape: Geometry)])],
                            connectors: [Connector], drawnOver: [String: [Geometry]], frame: LocalFrame) {
        var keys: [(level: String, index: Int)] = []
        var first: [String: Int] = [:]
        for levelID in networks.keys.sorted() {
            first[levelID] = keys.count
            for i in networks[levelID, default: ([], [])].polygons.indices { keys.append((levelID, i)) }
        }
        guard keys.count > 1 else { return }
        var parts = DisjointSets(count: keys.count)
        func find(_ i: Int) -> Int { parts.root(of: i) }
        let prepared = keys.map { PreparedPolygon(.polygon(networks[$0.level, default: ([], [])].polygons[$0.index])) }
        func piece(levelID: String, at p: Coordinate) -> Int? {
            guard let start = first[levelID], let count = networks[levelID]?.polygons.count else { return nil }
            return (start..<start + count).first { prepared[$0].contains(p) }
        }
        for c in connectors {
            let ends = c.stops.compactMap { stop -> Int? in
                guard let at = stop.location, let p = try? frame.project(at) else { return nil }
                return piece(levelID: stop.levelID, at: p)
            }
            for (a, b) in zip(ends, ends.dropFirst()) { parts.merge(a, into: b) }
        }
        let areas = keys.map { (try? Geometry.polygon(networks[$0.level, default: ([], [])].polygons[$0.index]).area()) ?? 0 }
        var componentArea: [Int: Double] = [:]
        for i in keys.indices { componentArea[find(i), default: 0] += areas[i] }
        guard let main = componentArea.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else { return }
        for levelID in networks.keys.sorted() {
            guard let start = first[levelID], let level = networks[levelID] else { continue }
            let indices = start..<start + level.polygons.count
            let mains = indices.filter { find($0) == main }
            guard !mains.isEmpty else { continue }
            var links: [Geometry] = []
            // Made for the first piece to join: most levels have none.
            var ground: JoinGround?
            for i in indices where find(i) != main && areas[i] >= OSMWalkingNetwork.minimumArea {
                let g = Geometry.polygon(level.polygons[i - start])
                if ground == nil { ground = JoinGround(network: .multiPolygon(mains.map { level.polygons[$0 - start] }), drawnOver: drawnOver[levelID] ?? []) }
                guard let (from, to, d) = ground?.landing(from: g) else { continue }
                // Named by where it is, as it has no id of its own yet.
                let at = (try? frame.unproject(from)).map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) } ?? "?"
                guard d <= OSMWalkingNetwork.maximumJoin, let corridor = Self.corridor(from, to) else {
                    log.add(.warning, "isolated-walkway", file: file, featureID: "walkway at \(at)@\(levelID)",
                            "a walkway piece no path reaches is \(Int(d.rounded())) m from the rest of level \(levelID); not joined")
                    continue
                }
                links.append(corridor)
                log.add(.info, "joined-to-network", file: file, featureID: "walkway at \(at)@\(levelID)",
                        "a walkway piece no path reached is joined to the rest of level \(levelID), \(String(format: "%.1f", d)) m away")
            }
            guard !links.isEmpty, let merged = try? Geometry.union(of: level.polygons.map(Geometry.polygon) + links) else { continue }
            networks[levelID]?.polygons = merged.polygons
        }
    }

    /// Puts each stop that names no space in the walkway it lies in (a landing is on the walkway, not in the shop
    /// drawn over it), else in the nearest walkway of its level within a metre.
    func placeStops(_ connectors: inout [Connector], in spaces: [Space], frame: LocalFrame) {
        let walkways = spaces.indices.filter { spaces[$0].kind == .walkway && spaces[$0].isWalkable }
        let byLevel = Dictionary(grouping: walkways, by: { spaces[$0].levelID })
        let indexes = byLevel.mapValues { ids in PolygonIndex(ids.map { spaces[$0].geometry.degrees }) }
        // A walkway in metres, projected the first time a stop beside it asks, then kept.
        var metric: [Int: Geometry?] = [:]
        func metres(_ s: Int) -> Geometry? {
            if let known = metric[s] { return known }
            let g = try? frame.project(spaces[s].geometry)
            metric[s] = g
            return g
        }
        for c in connectors.indices {
            for k in connectors[c].stops.indices where connectors[c].stops[k].spaceID == nil {
                let stop = connectors[c].stops[k]
                guard let at = stop.location, let ids = byLevel[stop.levelID], let index = indexes[stop.levelID] else { continue }
                if let i = index.firstContaining(at.position) {
                    connectors[c].stops[k].spaceID = spaces[ids[i]].id
                    continue
                }
                // Measured in metres (a threshold in degrees is narrower east–west than north–south by the cosine of
                // the latitude).
                guard let p = try? frame.project(at) else { continue }
                let nearest = ids.map { s in (s, metres(s).flatMap { try? $0.distance(to: .point(p)) } ?? .infinity) }.min { $0.1 < $1.1 }
                if let (s, d) = nearest, d < 1 { connectors[c].stops[k].spaceID = spaces[s].id }
            }
        }
    }
}

/// Where joins land on a level's walking network: the ground of it that no other space is drawn over (a shop or
/// kiosk drawn over a concourse is carved out of it later, by passage inference), and the core of that ground, as
/// wide as a join. The network's nearest point alone is often a corner between two shops, or the floor of a kiosk,
/// where a join would meet the walkable ground across a neck too narrow to walk, or not at all: a mall's car-park
/// deck joined to the corner of the concourse where two shops meet.
struct JoinGround {
    let network: Geometry
    let ground: Geometry
    /// The ground less half a join's width; `nil` where none of it is that wide.
    let core: Geometry?

    /// - Parameter drawnOver: the level's spaces that are not walkways (metres).
    init(network: Geometry, drawnOver: [Geometry]) {
        self.network = network
        let box = network.boundingBox ?? .empty
        let over = drawnOver.filter { $0.boundingBox?.intersects(box) ?? false }
        var ground = network
        if !over.isEmpty, let union = try? Geometry.union(of: over), let rest = try? network.difference(union), !rest.polygons.isEmpty {
            ground = rest
        }
        // Slivers between the network's edge and the outlines drawn over it are no ground to land on.
        let core = (try? ground.buffer(-OSMWalkingNetwork.joinWidth / 2, quadrantSegments: 2)).flatMap { $0.polygons.isEmpty ? nil : $0 }
        self.core = core
        self.ground = core.flatMap { try? $0.buffer(OSMWalkingNetwork.joinWidth / 2, quadrantSegments: 2) } ?? ground
    }

    /// Where a join from `place` arrives. At the network's nearest point when ground a join wide is within a join's
    /// width of it (the usual case: a door across a gap from a corridor). Else (that point is under a kiosk, or a
    /// corner where shops meet) at the nearest point of the core, unless that is more than a join's width farther
    /// than the ground (a narrow passage beside the place, a wide hall beyond it), then at the ground's nearest
    /// point; all within ``OSMWalkingNetwork/maximumJoin``, else the network's nearest point, for the report.
    /// - Returns: the join's ends (`from` on the place) and its length; `nil` when GEOS cannot measure.
    func landing(from place: Geometry) -> (from: Coordinate, to: Coordinate, distance: Double)? {
        let width = OSMWalkingNetwork.joinWidth
        func nearest(_ target: Geometry?) -> (from: Coordinate, to: Coordinate, distance: Double)? {
            guard let target, let (from, to) = try? place.nearestPoints(to: target) else { return nil }
            return (from, to, from.distance(to: to))
        }
        guard let plain = nearest(network) else { return nil }
        guard let core, let wide = try? Geometry.point(plain.to).distance(to: core), wide > width else { return plain }
        let open = nearest(ground)
        if let inner = nearest(core), inner.distance <= min((open?.distance ?? plain.distance) + width, OSMWalkingNetwork.maximumJoin) {
            return inner
        }
        if let open, open.distance <= OSMWalkingNetwork.maximumJoin { return open }
        return plain
    }
}
