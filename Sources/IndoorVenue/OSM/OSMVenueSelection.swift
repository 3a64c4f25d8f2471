import Foundation
import IndoorBase
import IndoorGeometry

/// Which venue to pick out of a larger OSM extract (a city's `.osm.pbf`).
public enum VenueSelection: Hashable, Sendable {
    /// The area of the feature with this name: a station (`public_transport=stop_area_group` or `stop_area`), a station or
    /// building drawn as an area (a closed way or multipolygon), a mall; a station node stands for its stop area.
    /// Names are compared without case or diacritics; an exact name wins over one that only contains the text.
    case named(String)
    /// Everything in a box of longitudes and latitudes (`minX` west, `minY` south, `maxX` east, `maxY` north).
    case boundingBox(BoundingBox)
}

extension OSMDocument {
    /// The margin kept around a named feature's area, metres: the forecourt and the entrances' footways.
    static let selectionMargin = 30.0

    /// The part of the document in the selected area: nodes inside it, ways with at least half their nodes inside
    /// (kept whole, with all their nodes), and relations with a kept member (multipolygons whole).
    /// - Returns: the document kept and, for a name, the id and tags of the feature it named.
    /// - Throws: ``VenueError/notAVenue(path:reason:)`` when no feature has the name (with the closest names), or
    ///   nothing lies in the box.
    func selecting(_ selection: VenueSelection, path: String) throws(VenueError) -> (document: OSMDocument, named: (id: String, tags: [String: String])?) {
        let area: Geometry
        var named: (id: String, tags: [String: String])?
        switch selection {
        case .boundingBox(let box):
            guard box.minX < box.maxX, box.minY < box.maxY, abs(box.minY) <= 90, abs(box.maxY) <= 90,
                  abs(box.minX) <= 180, abs(box.maxX) <= 180 else {
                throw .notAVenue(path: path, reason: "the box \(box.minX),\(box.minY),\(box.maxX),\(box.maxY) is not WEST,SOUTH,EAST,NORTH in degrees")
            }
            area = .rectangle(box)
        case .named(let name):
            let found = try feature(named: name, path: path)
            named = (found.id, found.tags)
            area = found.area
        }
        let inside = PreparedPolygon(area)
        var kept = OSMDocument()
        var keptNodes: Set<Int64> = []
        for id in nodeOrder {
            guard let n = nodes[id], inside.contains(Coordinate(x: n.coordinate.lon, y: n.coordinate.lat)) else { continue }
            keptNodes.insert(id)
        }
        var keptWays: Set<Int64> = []
        for id in wayOrder {
            guard let way = ways[id], !way.refs.isEmpty else { continue }
            let count = way.refs.reduce(0) { $0 + (keptNodes.contains($1) ? 1 : 0) }
            if count * 2 >= way.refs.count, count > 0 { keptWays.insert(id) }
        }
        var keptRelations: [Int64] = []
        for id in relationOrder {
            guard let r = relations[id] else { continue }
            let holds = r.members.contains { ($0.type == "way" && keptWays.contains($0.ref)) || ($0.type == "node" && keptNodes.contains($0.ref)) }
            guard holds else { continue }
            keptRelations.append(id)
            if r.tags["type"] == "multipolygon" {
                for m in r.members where m.type == "way" && ways[m.ref] != nil { keptWays.insert(m.ref) }
            }
        }
        var wayNodes: Set<Int64> = []
        for id in wayOrder where keptWays.contains(id) {
            if let way = ways[id] { wayNodes.formUnion(way.refs) }
        }
        for id in nodeOrder where keptNodes.contains(id) || wayNodes.contains(id) {
            if let n = nodes[id] { kept.add(node: id, n) }
        }
        for id in wayOrder where keptWays.contains(id) {
            if let w = ways[id] { kept.add(way: id, w) }
        }
        for id in keptRelations {
            if let r = relations[id] { kept.add(relation: id, r) }
        }
        guard !kept.nodes.isEmpty else { throw .notAVenue(path: path, reason: "nothing of the file lies in the area selected") }
        return (kept, named)
    }

    /// The position of a node, if it is in the document.
    func position(_ id: Int64) -> Coordinate? {
        nodes[id].map { Coordinate(x: $0.coordinate.lon, y: $0.coordinate.lat) }
    }

    /// Every position of an element; a relation's members down to `depth` relations deep (a stop area group's
    /// stop areas' platforms).
    func positions(type: String, id: Int64, depth: Int = 2) -> [Coordinate] {
        switch type {
        case "node": return position(id).map { [$0] } ?? []
        case "way": return ways[id]?.refs.compactMap(position) ?? []
        default:
            guard depth > 0 else { return [] }
            return relations[id]?.members.flatMap { m in positions(type: m.type, id: m.ref, depth: depth - 1) } ?? []
        }
    }

    /// The box of some positions grown by `margin` metres on every side.
    static func box(around cs: [Coordinate], margin: Double) -> Geometry? {
        guard let b = BoundingBox(covering: cs) else { return nil }
        // The margin in degrees at the box's middle (a box near a pole is kept finite).
        let plane = TangentPlane(origin: GeoCoordinate(longitude: b.center.x, latitude: max(-89, min(89, b.center.y))))
        let corner = plane.unproject(Coordinate(x: margin, y: margin))
        let dx = corner.longitude - plane.origin.longitude, dy = corner.latitude - plane.origin.latitude
        return .rectangle(BoundingBox(minX: b.minX - dx, minY: b.minY - dy, maxX: b.maxX + dx, maxY: b.maxY + dy))
    }

    /// The feature a name picks and the area it covers (its box plus ``selectionMargin``).
    func feature(named name: String, path: String) throws(VenueError) -> (id: String, tags: [String: String], area: Geometry) {
        let wanted = Self.fold(name)
        guard !wanted.isEmpty else { throw .notAVenue(path: path, reason: "the venue name is empty") }
        // Rank: stop area groups, stop areas, station areas, stations, then any area; an exact name before a
        // partial one.
        func rank(_ type: String, _ tags: [String: String]) -> Int? {
            if tags["public_transport"] == "stop_area_group" { return 0 }
            if tags["public_transport"] == "stop_area" { return 0 }
            if type != "node", tags["railway"] == "station" || tags["public_transport"] == "station" || tags["building"] == "train_station" { return 1 }
            if type == "node", tags["railway"] == "station" || tags["public_transport"] == "station" { return 2 }
            if type == "way" || tags["type"] == "multipolygon" || tags["type"] == "site" {
                if tags["building"] != nil || tags["shop"] == "mall" || tags["amenity"] != nil || tags["type"] == "site" { return 3 }
            }
            return nil
        }
        var best: (score: Int, type: String, id: Int64, tags: [String: String])?
        var near: [String] = []
        func consider(_ type: String, _ id: Int64, _ tags: [String: String]) {
            guard let n = tags["name"] else { return }
            let folded = Self.fold(n)
            guard folded.contains(wanted), let r = rank(type, tags) else {
                if folded.contains(wanted), near.count < 5, !near.contains(n) { near.append(n) }
                return
            }
            // A group of stop areas is the whole station: before any one of its stop areas.
            let group = tags["public_transport"] == "stop_area_group" ? 0 : 1
            let score = r * 4 + (folded == wanted ? 0 : 2) + (r == 0 ? group : 0)
            if let b = best, b.score <= score { return }
            best = (score, type, id, tags)
        }
        for id in relationOrder { if let r = relations[id] { consider("relation", id, r.tags) } }
        for id in wayOrder { if let w = ways[id] { consider("way", id, w.tags) } }
        for id in nodeOrder { if let n = nodes[id], n.tags["name"] != nil { consider("node", id, n.tags) } }
        guard let best else {
            throw .notAVenue(path: path, reason: "no station, stop area, building or mall is named \"\(name)\""
                             + (near.isEmpty ? "" : " (features with that name: \(near.joined(separator: ", ")))"))
        }
        var cs = positions(type: best.type, id: best.id)
        if best.type == "node" {
            // A station node stands for the stop area it is in, else its surroundings.
            if let area = relationOrder.lazy.compactMap({ self.relations[$0] }).first(where: { r in
                r.tags["public_transport"] == "stop_area" && r.members.contains { $0.type == "node" && $0.ref == best.id }
            }) {
                cs = area.members.flatMap { m in positions(type: m.type, id: m.ref, depth: 1) }
            } else {
                cs = cs.isEmpty ? [] : [cs[0]]
            }
        }
        let margin = best.type == "node" && cs.count <= 1 ? 150 : Self.selectionMargin
        guard let area = Self.box(around: cs, margin: margin) else {
            throw .notAVenue(path: path, reason: "\"\(best.tags["name"] ?? name)\" (\(best.type)/\(best.id)) has no position in the file")
        }
        return ("\(best.type)/\(best.id)", best.tags, area)
    }

    /// A name compared without case or diacritics.
    static func fold(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).trimmingCharacters(in: .whitespaces)
    }
}
