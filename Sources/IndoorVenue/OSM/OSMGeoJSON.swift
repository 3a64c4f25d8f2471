import Foundation
import IndoorBase

/// OpenStreetMap data exported as GeoJSON, as indoor web maps ship it (osmtogeojson, overpass turbo, JOSM's
/// GeoJSON export): each feature is one OSM element, its `id` (or `@id`) `node/N`, `way/N` or `relation/N`, and
/// its properties are the element's tags (or, in osmtogeojson's nested form, `properties.tags`).
///
/// The export has lost the node ids that ways share, so vertices are joined again by position: two ways through
/// the same coordinate meet at one node there, and a tagged point (a door, an elevator) that lies on a way is that
/// way's node, as it was in OSM. A polygon becomes a closed way (`way/N`) or a multipolygon relation (`relation/N`,
/// and any polygon with holes), a line a way; metadata (`@id`, `user`, `changeset`, `timestamp`…) and styling
/// (`fill`, `stroke`…) are not tags and are dropped.
extension OSMDocument {
    /// Properties that exporters add and that are not OSM tags.
    static let exportProperties: Set<String> = [
        "id", "timestamp", "version", "changeset", "user", "uid", "visible",
        // simplestyle-spec, which overpass turbo and geojson.io write
        "fill", "fill-opacity", "stroke", "stroke-opacity", "stroke-width", "marker-color", "marker-size", "marker-symbol",
    ]

    /// The kind and number of an OSM element id written `node/N`, `way/N` or `relation/N`.
    static func elementID(_ text: String) -> (kind: String, id: Int64)? {
        let parts = text.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, ["node", "way", "relation"].contains(parts[0]), let id = Int64(parts[1]) else { return nil }
        return (String(parts[0]), id)
    }

    /// The OSM element id a GeoJSON feature names, from its `id` or its `@id` or `id` property.
    static func elementID(of feature: JSONValue) -> (kind: String, id: Int64)? {
        for candidate in [feature["id"], feature["properties"]?["@id"], feature["properties"]?["id"]] {
            if let text = candidate?.stringValue, let parsed = elementID(text) { return parsed }
        }
        return nil
    }

    /// Whether a parsed GeoJSON document is an OSM export: a FeatureCollection whose features are named by OSM element
    /// ids (more than half of those with an id), and none of which is an IMDF feature (`feature_type`).
    static func isOSMExport(_ document: JSONValue) -> Bool {
        guard let features = document["features"]?.arrayValue, !features.isEmpty else { return false }
        var osm = 0
        var other = 0
        for feature in features {
            if feature["feature_type"] != nil { return false }
            if elementID(of: feature) != nil { osm += 1 } else if feature["id"] != nil { other += 1 }
        }
        return osm > other
    }

    /// Reads an OSM GeoJSON export (see the extension's overview).
    /// - Parameters:
    ///   - document: the parsed FeatureCollection.
    ///   - path: the file, named in errors.
    /// - Returns: the elements, and a note for each feature that could not be read (named by its id or position).
    /// - Throws: ``VenueError/notAVenue(path:reason:)`` when the document is no FeatureCollection.
    static func parse(geoJSON document: JSONValue, path: String) throws(VenueError) -> (document: OSMDocument, skipped: [(id: String, reason: String)]) {
        guard document["type"]?.stringValue == "FeatureCollection", let features = document["features"]?.arrayValue else {
            throw .notAVenue(path: path, reason: "an OSM GeoJSON export is a FeatureCollection; this document is not one")
        }
        var reader = GeoJSONElementReader()
        // Ids taken by the export's own elements, so that made-up ids (a vertex, a relation's member ring) never
        // collide with them.
        for feature in features {
            if let (kind, id) = elementID(of: feature) { reader.taken.insert("\(kind)/\(id)") }
        }
        // Tagged points first, so that a way through one takes it as its node.
        let points = features.indices.filter { features[$0]["geometry"]?["type"]?.stringValue == "Point" }
        let others = features.indices.filter { features[$0]["geometry"]?["type"]?.stringValue != "Point" }
        for k in points + others { reader.read(features[k], index: k) }
        return (reader.document, reader.skipped)
    }
}

/// Turns GeoJSON features into OSM elements, joining vertices by position.
private struct GeoJSONElementReader {
    var document = OSMDocument()
    var skipped: [(id: String, reason: String)] = []
    /// Element ids (`way/12`) the export uses.
    var taken: Set<String> = []
    /// The node at each position (the coordinate's bit patterns), so that ways through it share it.
    private var nodeAt: [[UInt64]: Int64] = [:]
    private var nextMadeUpID: Int64 = -1_000_000_000_000

    mutating func madeUpID(_ kind: String) -> Int64 {
        while taken.contains("\(kind)/\(nextMadeUpID)") { nextMadeUpID -= 1 }
        defer { nextMadeUpID -= 1 }
        return nextMadeUpID
    }

    static func tags(_ properties: JSONValue?) -> [String: String] {
        // osmtogeojson's nested form keeps tags apart from its metadata.
        let members = properties?["tags"]?.objectValue ?? properties?.objectValue ?? [:]
        var tags: [String: String] = [:]
        for (key, value) in members where !key.hasPrefix("@") && !OSMDocument.exportProperties.contains(key) {
            switch value {
            case .string(let s): tags[key] = s
            case .number(let n): tags[key] = n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
            case .bool(let b): tags[key] = b ? "yes" : "no"
            default: continue
            }
        }
        return tags
    }

    /// A position `[lon, lat, …]`, or `nil` when it is not one.
    static func position(_ value: JSONValue) -> (lon: Double, lat: Double)? {
        guard let a = value.arrayValue, a.count >= 2, let lon = a[0].numberValue, let lat = a[1].numberValue,
              abs(lon) <= 180, abs(lat) <= 90 else { return nil }
        return (lon, lat)
    }

    mutating func node(at p: (lon: Double, lat: Double)) -> Int64 {
        let key = [p.lon.bitPattern, p.lat.bitPattern]
        if let id = nodeAt[key] { return id }
        let id = madeUpID("node")
        document.add(node: id, OSMDocument.Node(coordinate: p, tags: [:]))
        nodeAt[key] = id
        return id
    }

    /// The nodes of a line or ring; `nil` when a position is not one.
    mutating func refs(_ value: JSONValue?, closed: Bool) -> [Int64]? {
        guard let positions = value?.arrayValue else { return nil }
        var refs: [Int64] = []
        for v in positions {
            guard let p = Self.position(v) else { return nil }
            refs.append(node(at: p))
        }
        if closed, let first = refs.first, refs.last != first { refs.append(first) }
        return refs.count >= (closed ? 4 : 2) ? refs : nil
    }

    mutating func read(_ feature: JSONValue, index: Int) {
        let element = OSMDocument.elementID(of: feature)
        let name = element.map { "\($0.kind)/\($0.id)" } ?? "feature \(index + 1)"
        let tags = Self.tags(feature["properties"])
        let geometry = feature["geometry"]
        // The export's own id, unless another feature took it already.
        func id(_ kind: String) -> Int64 {
            guard let element, element.kind == kind else { return madeUpID(kind) }
            let used = switch kind {
            case "node": document.nodes[element.id] != nil
            case "way": document.ways[element.id] != nil
            default: document.relations[element.id] != nil
            }
            return used ? madeUpID(kind) : element.id
        }
        switch geometry?["type"]?.stringValue {
        case "Point":
            guard let p = geometry?["coordinates"].flatMap(Self.position) else { return skip(name, "a Point without a valid position") }
            let key = [p.lon.bitPattern, p.lat.bitPattern]
            let nid = id("node")
            document.add(node: nid, OSMDocument.Node(coordinate: p, tags: tags))
            if nodeAt[key] == nil { nodeAt[key] = nid }
        case "LineString":
            guard let refs = refs(geometry?["coordinates"], closed: false) else { return skip(name, "a LineString without two valid positions") }
            document.add(way: id("way"), OSMDocument.Way(refs: refs, tags: tags))
        case "MultiLineString":
            guard let lines = geometry?["coordinates"]?.arrayValue else { return skip(name, "a MultiLineString without lines") }
            var members: [OSMDocument.Member] = []
            for line in lines {
                guard let refs = refs(line, closed: false) else { return skip(name, "a line without two valid positions") }
                let wid = madeUpID("way")
                document.add(way: wid, OSMDocument.Way(refs: refs, tags: [:]))
                members.append(.init(type: "way", ref: wid, role: ""))
            }
            document.add(relation: id("relation"), OSMDocument.Relation(members: members, tags: tags))
        case "Polygon", "MultiPolygon":
            let isMulti = geometry?["type"]?.stringValue == "MultiPolygon"
            guard let raw = geometry?["coordinates"]?.arrayValue, !raw.isEmpty else { return skip(name, "a polygon without rings") }
            let polygons = isMulti ? raw.compactMap(\.arrayValue) : [raw]
            var rings: [(refs: [Int64], role: String)] = []
            for polygon in polygons {
                for (k, ring) in polygon.enumerated() {
                    guard let refs = refs(ring, closed: true) else { return skip(name, "a ring without three valid positions") }
                    rings.append((refs, k == 0 ? "outer" : "inner"))
                }
            }
            guard !rings.isEmpty else { return skip(name, "a polygon without rings") }
            // One ring of a way is that way; anything else (holes, parts, a relation's outline) is a multipolygon.
            if rings.count == 1, element?.kind != "relation" {
                document.add(way: id("way"), OSMDocument.Way(refs: rings[0].refs, tags: tags))
            } else {
                var members: [OSMDocument.Member] = []
                for ring in rings {
                    let wid = madeUpID("way")
                    document.add(way: wid, OSMDocument.Way(refs: ring.refs, tags: [:]))
                    members.append(.init(type: "way", ref: wid, role: ring.role))
                }
                var relationTags = tags
                relationTags["type"] = "multipolygon"
                document.add(relation: id("relation"), OSMDocument.Relation(members: members, tags: relationTags))
            }
        case let other:
            skip(name, other.map { "a \($0) geometry, which no OSM element exports as" } ?? "no geometry")
        }
    }

    mutating func skip(_ name: String, _ reason: String) {
        skipped.append((name, reason))
    }
}
