import Foundation
import IndoorGeometry

/// The walking network of a station or mall as walkable space: how most railway stations and malls are mapped in
/// OpenStreetMap (https://wiki.openstreetmap.org/wiki/Key:level, https://wiki.openstreetmap.org/wiki/Tag:railway=platform):
/// footways, corridors and platforms on their levels, steps, escalators and elevators between them.
///
/// - Footway-like ways (`highway=footway|corridor|pedestrian|path|living_street|platform`, `railway=platform`,
///   `public_transport=platform`, SIT `indoor=pathway`) on one level are buffered to their `width` (else a width by
///   type) or taken as drawn when they are closed areas, and unioned per level: one walkway space per connected
///   piece. A footway without `level` is on level 0 (reported once, as info).
/// - Steps, escalators (`conveying=*`), ramps (a footway whose `level` lists two levels) and `highway=elevator`
///   nodes and ways become connectors. The level of each end of a way is the level of the ways that end shares,
///   else taken from its own `level` list in the way's direction (`incline=down` reverses it); escalators run
///   with `conveying=forward`, against the way with `backward`; elevators stop on every level they list or that
///   their node's ways are on.
/// - Every connector stop lies in walkable space of its level: where none is, a small area (an elevator car, a
///   landing) is added. Places off the network on a level that has one (stops, doors, rooms, POIs) are joined to
///   it by a short corridor when it is at most ``OSMWalkingNetwork/maximumJoin`` away, each join reported.
struct OSMWalkingNetwork {
    /// Highways a person walks along.
    static let footwayHighways: [String: Double] = [
        "footway": 2, "corridor": 2, "path": 2, "pedestrian": 4, "living_street": 4, "platform": 3, "steps": 1.5,
        "elevator": 2,
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
        enum Kind { case stop, door, space, poi }
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
        if tags["railway"] == "platform" || tags["public_transport"] == "platform" { base = OSMWalkingNetwork.platformWidth }
        if tags["indoor"] == "pathway" { base = base ?? 2 }
        guard let base else { return nil }
        if tags["access"] == "no" || tags["access"] == "private" { return nil }
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

    /// The network's ways: every footway-like way that is not already a Simple Indoor Tagging space.
    func networkWays() -> [Int64] {
        document.wayOrder.filter { wid in
            guard let way = document.ways[wid], footwayWidth(way.tags) != nil || way.tags["conveying"] != nil else { return false }
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

    /// The levels of the single-level network ways through each node (the levels a connector's end can be on).
    func nodeLevels(ways: [Int64]) -> [Int64: Set<Double>] {
        var out: [Int64: Set<Double>] = [:]
        var ignored: [String] = []
        for wid in ways {
            guard let way = document.ways[wid] else { continue }
            let id = key("way", wid)
            if isConnectorWay(way.tags, id) { continue }
            let ls = walkwayLevels(way.tags, id, untagged: &ignored)
            for ref in way.refs { out[ref, default: []].formUnion(ls) }
        }
        return out
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
            guard all.count >= 2, let centre = BoundingBox(covering: cs)?.center else { return nil }
            let ordinals = all.sorted()
            return (Connector(id: id, kind: .elevator, stops: ordinals.map { Connector.Stop(levelID: Level.text(ordinal: $0), location: centre) },
                              name: names(tags)), ordinals, width)
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
        var stops = [Connector.Stop(levelID: Level.text(ordinal: a), location: first),
                     Connector.Stop(levelID: Level.text(ordinal: b), location: last)]
        var directed = false
        switch tags["conveying"] {
        case "forward"?: directed = true
        case "backward"?:
            directed = true
            stops.reverse()
        default: break
        }
        return (Connector(id: id, kind: kind, stops: stops, isDirected: directed, name: names(tags)), [a, b], width)
    }

    /// The walking network: walkway pieces per level and the connectors between levels (stops not yet anchored).
    func walkingNetwork(frame: LocalFrame, levelOrdinals: inout Set<Double>) -> (pieces: [OSMWalkingNetwork.Piece], connectors: [Connector], stopWidths: [Double]) {
        let ways = networkWays()
        let nodeLevels = nodeLevels(ways: ways)
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
            guard !onLevels.isEmpty, let cs = coordinates(way, id), let projected = try? frame.project(cs) else { continue }
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
            let c = Coordinate(longitude: node.coordinate.lon, latitude: node.coordinate.lat)
            let ordinals = all.sorted()
            levelOrdinals.formUnion(ordinals)
            connectors.append(Connector(id: id, kind: .elevator, stops: ordinals.map { Connector.Stop(levelID: Level.text(ordinal: $0), location: c) },
                                        name: names(node.tags)))
            stopWidths.append(2 * OSMWalkingNetwork.anchorRadius)
        }
        return (pieces, connectors, stopWidths)
    }

    /// The walkway spaces of every level: the pieces unioned, with an area for every place that has none and a
    /// joining corridor for every place off the network (within ``OSMWalkingNetwork/maximumJoin``), cut where
    /// Simple Indoor Tagging walkways already are so the two join along their boundary.
    /// - Parameters:
    ///   - walkable: the existing walkable spaces of each level, in metres.
    func walkwaySpaces(pieces: [OSMWalkingNetwork.Piece], places: [OSMWalkingNetwork.Place], walkable: [String: [Geometry]],
                       frame: LocalFrame) -> [Space] {
        let byLevel = Dictionary(grouping: pieces, by: \.levelID)
        let placesByLevel = Dictionary(grouping: places, by: \.levelID)
        var spaces: [Space] = []
        for levelID in Set(byLevel.keys).union(placesByLevel.keys).sorted(by: { (Double($0) ?? 0) < (Double($1) ?? 0) }) {
            var shapes = (byLevel[levelID] ?? []).map(\.geometry)
            let existing = walkable[levelID] ?? []
            guard var network = try? Geometry.union(of: shapes + existing) else {
                log.add(.error, "invalid-geometry", file: file, featureID: "level \(levelID)", "the walkways of this level could not be unioned; skipped")
                continue
            }
            let hasNetwork = !shapes.isEmpty || !existing.isEmpty
            // Stops first: a stop with no walkable space gets an area (a car, a landing), joined like any place.
            let ordered = (placesByLevel[levelID] ?? []).sorted { ($0.kind == .stop ? 0 : 1) < ($1.kind == .stop ? 0 : 1) }
            var added: [Geometry] = []
            for place in ordered {
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
                guard hasNetwork, let (from, to) = try? place.geometry.nearestPoints(to: network) else { continue }
                let d = from.distance(to: to)
                guard d <= OSMWalkingNetwork.maximumJoin else {
                    log.add(.warning, "off-network", file: file, featureID: place.id,
                            "on level \(levelID), \(Int(d.rounded())) m from the walking network (more than \(Int(OSMWalkingNetwork.maximumJoin)) m); not joined")
                    continue
                }
                guard d > 0.05 else { continue }
                // A corridor from the place to the network, reaching a little into both.
                let ux = (to.x - from.x) / d, uy = (to.y - from.y) / d
                let reach = 0.3
                if let line = try? LineString([Coordinate(x: from.x - ux * reach, y: from.y - uy * reach),
                                               Coordinate(x: to.x + ux * reach, y: to.y + uy * reach)]),
                   let corridor = try? Geometry.lineString(line).buffer(OSMWalkingNetwork.joinWidth / 2, quadrantSegments: 2, join: .mitre) {
                    added.append(corridor)
                    log.add(.info, "joined-to-network", file: file, featureID: place.id,
                            "on level \(levelID), joined to the walking network \(String(format: "%.1f", d)) m away")
                }
            }
            shapes += added
            guard !shapes.isEmpty else { continue }
            do {
                network = try Geometry.union(of: shapes)
                if !existing.isEmpty { network = try network.difference(Geometry.union(of: existing)) }
            } catch {
                log.add(.error, "invalid-geometry", file: file, featureID: "level \(levelID)", "the walkways of this level could not be unioned: \(error.localizedDescription)")
                continue
            }
            var k = 0
            for polygon in network.polygons {
                guard let a = try? Geometry.polygon(polygon).area(), a >= OSMWalkingNetwork.minimumArea,
                      let g = try? frame.unproject(.polygon(polygon)) else { continue }
                k += 1
                spaces.append(Space(id: "walkway/\(levelID)/\(k)", category: "footway", levelID: levelID, geometry: g))
            }
        }
        return spaces
    }
}
