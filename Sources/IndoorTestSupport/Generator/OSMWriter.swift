import Foundation
import IndoorGeometry
import IndoorVenue

/// Collects OSM nodes, ways and relations and writes them as OSM XML 0.6. Positions are rounded to 7 decimals
/// (OSM's own precision, about 1 cm); nodes at the same rounded position are one node unless made `distinct`.
struct OSMBuilder {
    private struct Position: Hashable { var lon: Int64; var lat: Int64 }
    private var nodes: [(position: Position, tags: [(String, String)])] = []
    private var nodeAt: [Position: Int] = [:]
    private var ways: [(refs: [Int], tags: [(String, String)])] = []
    private var relations: [(members: [(type: String, ref: Int, role: String)], tags: [(String, String)])] = []

    private static func position(_ c: (lon: Double, lat: Double)) -> Position {
        Position(lon: Int64((c.lon * 1e7).rounded()), lat: Int64((c.lat * 1e7).rounded()))
    }

    /// The id of the node at a position, made if needed; `tags` are added to it.
    mutating func node(_ c: (lon: Double, lat: Double), tags: [(String, String)] = [], distinct: Bool = false) -> Int {
        let p = Self.position(c)
        if !distinct, let i = nodeAt[p] {
            nodes[i].tags += tags.filter { t in !nodes[i].tags.contains { $0.0 == t.0 } }
            return i + 1
        }
        nodes.append((p, tags))
        if !distinct, nodeAt[p] == nil { nodeAt[p] = nodes.count - 1 }
        return nodes.count
    }

    /// The tags of node `id` so far.
    func tags(ofNode id: Int) -> [(String, String)] { nodes[id - 1].tags }

    mutating func setTags(ofNode id: Int, _ tags: [(String, String)]) { nodes[id - 1].tags = tags }

    /// A way through the nodes; consecutive repeats are dropped.
    mutating func way(_ refs: [Int], tags: [(String, String)]) -> Int {
        var clean: [Int] = []
        for r in refs where clean.last != r { clean.append(r) }
        ways.append((clean, tags))
        return ways.count
    }

    mutating func relation(_ members: [(type: String, ref: Int, role: String)], tags: [(String, String)]) -> Int {
        relations.append((members, tags))
        return relations.count
    }

    func xml() -> Data {
        var out = TextOutput(capacity: nodes.count * 90 + ways.count * 200)
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"IndoorNav VenueGenerator\">\n")
        func tagLines(_ tags: [(String, String)]) {
            for (k, v) in tags {
                out.append("  <tag k=\"")
                out.append(xmlAttribute: k)
                out.append("\" v=\"")
                out.append(xmlAttribute: v)
                out.append("\"/>\n")
            }
        }
        for (i, n) in nodes.enumerated() {
            out.append(" <node id=\"\(i + 1)\" version=\"1\" lat=\"")
            out.append(fixed: Double(n.position.lat) / 1e7, decimals: 7)
            out.append("\" lon=\"")
            out.append(fixed: Double(n.position.lon) / 1e7, decimals: 7)
            if n.tags.isEmpty { out.append("\"/>\n"); continue }
            out.append("\">\n")
            tagLines(n.tags)
            out.append(" </node>\n")
        }
        for (i, w) in ways.enumerated() {
            out.append(" <way id=\"\(i + 1)\" version=\"1\">\n")
            for r in w.refs { out.append("  <nd ref=\"\(r)\"/>\n") }
            tagLines(w.tags)
            out.append(" </way>\n")
        }
        for (i, r) in relations.enumerated() {
            out.append(" <relation id=\"\(i + 1)\" version=\"1\">\n")
            for m in r.members { out.append("  <member type=\"\(m.type)\" ref=\"\(m.ref)\" role=\"\(m.role)\"/>\n") }
            tagLines(r.tags)
            out.append(" </relation>\n")
        }
        out.append("</osm>\n")
        return out.data
    }
}

/// Writes a ``Draft`` as OSM XML with Simple Indoor Tagging: units as `indoor=room|corridor|area` ways (stacked
/// stairwells and shafts as one way with a `level` list), pillars as inner rings of a multipolygon, doors as
/// nodes of the walls they are in, amenities as nodes, levels as `indoor=level` outlines. Jitter is not written:
/// OSM keeps 7 decimals (about 1 cm); shared walls share nodes, and unnoded units still leave T-junctions.
struct OSMWriter {
    let draft: Draft
    let projection: PlanProjection
    let language: String

    /// The XML, and the id of the POI the OSM loader makes for each unit and amenity key.
    func write() -> (data: Data, poiIDs: [String: String]) {
        var osm = OSMBuilder()
        var poi: [String: String] = [:]
        let (corners, doors) = draft.registries()
        func nameTags(_ n: Names?) -> [(String, String)] {
            guard let n else { return [] }
            return [("name", n.en), ("name:en", n.en), ("name:\(language)", n.local)]
        }
        // No jitter here: OSM's 7 decimals (about 1 cm) cannot carry sub-centimetre gaps.
        func ringNodes(_ ring: [PlanPoint]) -> [Int] { ring.map { osm.node(projection.lonLat($0)) } }
        func levelText(_ ordinals: [Int]) -> String { ordinals.sorted().map(String.init).joined(separator: ";") }

        for b in draft.buildings {
            _ = osm.way(ringNodes(Draft.counterClockwise(b.footprint)),
                        tags: [("building", b.osmBuilding)] + nameTags(b.name))
        }
        for l in draft.levels where !l.outdoor {
            _ = osm.way(ringNodes(Draft.counterClockwise(l.outline)),
                        tags: [("indoor", "level"), ("level", "\(l.ordinal)")] + nameTags(l.name))
        }
        var fixturesInside: [String: [PlanRect]] = [:]
        let walkways = Dictionary(grouping: draft.units.filter { $0.category == "walkway" }, by: \.level)
        for f in draft.fixtures {
            guard let owner = walkways[f.level]?.first(where: { u in
                f.rect.x0 > u.rect.x0 && f.rect.x1 < u.rect.x1 && f.rect.y0 > u.rect.y0 && f.rect.y1 < u.rect.y1
            }) else { continue }
            fixturesInside[owner.key, default: []].append(f.rect)
        }
        // Stacks: every level of a stack, to write its way once.
        var stackOrdinals: [String: [Int]] = [:]
        for u in draft.units { if let s = u.stack { stackOrdinals[s, default: []].append(draft.levels[u.level].ordinal) } }
        var stackWritten: [String: Int] = [:]
        for u in draft.units {
            let ordinal = draft.levels[u.level].ordinal
            if let s = u.stack, let ordinals = stackOrdinals[s], ordinals.count > 1 {
                if let w = stackWritten[s] { poi[u.key] = "way/\(w)@\(Level.text(ordinal: Double(ordinal)))"; continue }
            }
            let levels = u.stack.flatMap { stackOrdinals[$0] } ?? [ordinal]
            var tags = u.osmTags + [("level", levelText(levels))] + nameTags(u.osmName ?? u.name)
            if let r = u.ref { tags.append(("ref", r)) }
            if u.accessibility.contains("wheelchair") { tags.append(("wheelchair", "yes")) }
            // Pillars drawn as IMDF fixtures are inner rings here: OSM has no fixtures the loader reads.
            var rings = draft.rings(of: u, corners: corners, doors: doors)
            rings += (fixturesInside[u.key] ?? []).map(Draft.clockwise)
            let outer = ringNodes(rings[0])
            let id: String
            if rings.count == 1 {
                let w = osm.way(outer, tags: tags)
                id = "way/\(w)"
                if let s = u.stack { stackWritten[s] = w }
            } else {
                var members: [(type: String, ref: Int, role: String)] = [("way", osm.way(outer, tags: []), "outer")]
                for hole in rings.dropFirst() { members.append(("way", osm.way(ringNodes(hole), tags: []), "inner")) }
                id = "relation/\(osm.relation(members, tags: [("type", "multipolygon")] + tags))"
            }
            poi[u.key] = levels.count > 1 ? "\(id)@\(Level.text(ordinal: Double(ordinal)))" : id
        }
        // Doors: one node per position, on every level that has a door there.
        var doorLevels: [Int: [Int]] = [:]
        var doorOrder: [Int] = []
        for o in draft.openings {
            let mid = PlanPoint(x: (o.a.x + o.b.x) / 2, y: (o.a.y + o.b.y) / 2)
            let n = osm.node(projection.lonLat(mid))
            if doorLevels[n] == nil { doorOrder.append(n) }
            doorLevels[n, default: []].append(draft.levels[o.level].ordinal)
            if osm.tags(ofNode: n).contains(where: { $0.0 == "door" }) { continue }
            let width = ((o.b.x - o.a.x) * (o.b.x - o.a.x) + (o.b.y - o.a.y) * (o.b.y - o.a.y)).squareRoot()
            var tags: [(String, String)] = [("door", o.door?.type ?? "no")]
            if o.isEntrance { tags.append(("entrance", "main")) }
            var w = TextOutput(capacity: 8)
            w.append(fixed: width, decimals: 2)
            tags.append(("width", String(decoding: w.bytes, as: UTF8.self)))
            if o.restricted { tags.append(("access", "private")) }
            if o.accessible == true { tags.append(("wheelchair", "yes")) }
            tags += nameTags(o.name)
            osm.setTags(ofNode: n, osm.tags(ofNode: n) + tags)
        }
        for n in doorOrder {
            osm.setTags(ofNode: n, osm.tags(ofNode: n) + [("level", levelText(Array(Set(doorLevels[n] ?? []))))])
        }
        for w in draft.walls {
            _ = osm.way([osm.node(projection.lonLat(w.a)), osm.node(projection.lonLat(w.b))],
                        tags: [("indoor", "wall"), ("level", "\(draft.levels[w.level].ordinal)")])
        }
        for a in draft.amenities {
            let n = osm.node(projection.lonLat(a.point), tags: a.osmTags + [("indoor", "yes"), ("level", "\(draft.levels[a.level].ordinal)")]
                             + nameTags(a.name), distinct: true)
            poi[a.key] = "node/\(n)"
        }
        // Escalators as directed steps between the escalator rooms of adjacent levels.
        let unitByKey = Dictionary(draft.units.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        for r in draft.relationships where r.category == "escalator" {
            guard r.units.count == 2, let from = unitByKey[r.units[0]], let to = unitByKey[r.units[1]] else { continue }
            let lo = draft.levels[from.level].ordinal, hi = draft.levels[to.level].ordinal
            let a = PlanPoint(x: from.rect.center.x, y: from.rect.y0 + 0.6), b = PlanPoint(x: to.rect.center.x, y: to.rect.y1 - 0.6)
            _ = osm.way([osm.node(projection.lonLat(a), distinct: true), osm.node(projection.lonLat(b), distinct: true)],
                        tags: [("highway", "steps"), ("conveying", "forward"), ("incline", hi > lo ? "up" : "down"),
                               ("level", levelText([lo, hi]))])
        }
        return (osm.xml(), poi)
    }
}
