import Foundation
import IndoorBase

/// A small OpenStreetMap file written by a test, with positions in metres east and north of an origin:
/// stations and malls sketched as nodes and ways with their tags, without hand-writing XML.
///
/// ```swift
/// var osm = OSMSketch()
/// let a = osm.node(0, 0), b = osm.node(40, 0)
/// osm.way([a, b], ["highway": "footway", "level": "0"])
/// let xml = osm.xml()
/// ```
public struct OSMSketch: Sendable {
    public struct Node: Sendable {
        public var id: Int64
        public var x: Double
        public var y: Double
        public var tags: [String: String]
    }

    public struct Way: Sendable {
        public var id: Int64
        public var refs: [Int64]
        public var tags: [String: String]
    }

    public struct Relation: Sendable {
        public var id: Int64
        public var members: [(type: String, ref: Int64, role: String)]
        public var tags: [String: String]
    }

    /// The position of the point (0, 0).
    public var origin: GeoCoordinate
    public private(set) var nodes: [Node] = []
    public private(set) var ways: [Way] = []
    public private(set) var relations: [Relation] = []
    private var nextID: Int64 = 1

    public init(origin: GeoCoordinate = GeoCoordinate(longitude: 8, latitude: 50)) {
        self.origin = origin
    }

    /// Metres per degree of latitude, and of longitude at the origin (a sphere is close enough for a sketch).
    var metresPerDegree: (lon: Double, lat: Double) { (111_320 * cos(origin.latitude * .pi / 180), 111_320) }

    /// The position of a point `x` metres east and `y` north of the origin.
    public func position(_ x: Double, _ y: Double) -> GeoCoordinate {
        GeoCoordinate(longitude: origin.longitude + x / metresPerDegree.lon, latitude: origin.latitude + y / metresPerDegree.lat)
    }

    /// Adds a node; returns its id.
    @discardableResult
    public mutating func node(_ x: Double, _ y: Double, _ tags: [String: String] = [:]) -> Int64 {
        defer { nextID += 1 }
        nodes.append(Node(id: nextID, x: x, y: y, tags: tags))
        return nextID
    }

    /// Adds a way through `refs`; returns its id.
    @discardableResult
    public mutating func way(_ refs: [Int64], _ tags: [String: String]) -> Int64 {
        defer { nextID += 1 }
        ways.append(Way(id: nextID, refs: refs, tags: tags))
        return nextID
    }

    /// Adds a closed way around the rectangle `[x0, x1] × [y0, y1]`; returns its id.
    @discardableResult
    public mutating func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ tags: [String: String]) -> Int64 {
        let a = node(x0, y0), b = node(x1, y0), c = node(x1, y1), d = node(x0, y1)
        return way([a, b, c, d, a], tags)
    }

    /// Adds a relation; returns its id.
    @discardableResult
    public mutating func relation(_ members: [(type: String, ref: Int64, role: String)], _ tags: [String: String]) -> Int64 {
        defer { nextID += 1 }
        relations.append(Relation(id: nextID, members: members, tags: tags))
        return nextID
    }

    /// The sketch as OSM XML (API 0.6).
    public func xml() -> String {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: ">", with: "&gt;")
        }
        func tags(_ t: [String: String]) -> String {
            t.keys.sorted().map { "    <tag k=\"\(escape($0))\" v=\"\(escape(t[$0] ?? ""))\"/>\n" }.joined()
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"OSMSketch\">\n"
        for n in nodes {
            let p = position(n.x, n.y)
            out += "  <node id=\"\(n.id)\" lat=\"\(String(format: "%.7f", p.latitude))\" lon=\"\(String(format: "%.7f", p.longitude))\">\n\(tags(n.tags))  </node>\n"
        }
        for w in ways {
            out += "  <way id=\"\(w.id)\">\n" + w.refs.map { "    <nd ref=\"\($0)\"/>\n" }.joined() + tags(w.tags) + "  </way>\n"
        }
        for r in relations {
            out += "  <relation id=\"\(r.id)\">\n"
                + r.members.map { "    <member type=\"\($0.type)\" ref=\"\($0.ref)\" role=\"\(escape($0.role))\"/>\n" }.joined()
                + tags(r.tags) + "  </relation>\n"
        }
        return out + "</osm>\n"
    }

    /// The sketch as OpenStreetMap exported to GeoJSON, as osmtogeojson and overpass turbo write it: a Point per
    /// tagged node, a Polygon per closed way that is an area (a LineString for other ways: a closed footway is a
    /// loop unless `area=yes`), a Polygon or MultiPolygon per multipolygon relation (named `relation/N`; its member
    /// ways, untagged, are not written); untagged nodes are only the ways' vertices. Each feature's properties are
    /// its tags, with the exporter's own members beside them (`@id`, `user`, `stroke`), which are not tags.
    public func geoJSON() -> String {
        let byID = Dictionary(nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func escape(_ s: String) -> String {
            var out = ""
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case let c where c.value < 0x20: out += String(format: "\\u%04x", c.value)
                default: out.unicodeScalars.append(u)
                }
            }
            return out
        }
        func position(_ id: Int64) -> String {
            guard let n = byID[id] else { return "[]" }
            let p = self.position(n.x, n.y)
            return "[\(String(format: "%.7f", p.longitude)),\(String(format: "%.7f", p.latitude))]"
        }
        func line(_ refs: [Int64]) -> String { "[" + refs.map(position).joined(separator: ",") + "]" }
        func feature(_ id: String, _ tags: [String: String], _ geometry: String) -> String {
            let properties = ["\"@id\":\"\(id)\"", "\"user\":\"sketch\"", "\"stroke\":\"#555555\""]
                + tags.keys.sorted().map { "\"\(escape($0))\":\"\(escape(tags[$0] ?? ""))\"" }
            return "{\"type\":\"Feature\",\"id\":\"\(id)\",\"properties\":{\(properties.joined(separator: ","))},\"geometry\":\(geometry)}"
        }
        var features: [String] = []
        let members = Set(relations.filter { $0.tags["type"] == "multipolygon" }.flatMap { $0.members.filter { $0.type == "way" }.map(\.ref) })
        for n in nodes where !n.tags.isEmpty {
            features.append(feature("node/\(n.id)", n.tags, "{\"type\":\"Point\",\"coordinates\":\(position(n.id))}"))
        }
        for w in ways where !(members.contains(w.id) && w.tags.isEmpty) {
            let closed = w.refs.count >= 4 && w.refs.first == w.refs.last
            let area = closed && w.tags["area"] != "no" && (w.tags["highway"] == nil || w.tags["area"] == "yes")
            let geometry = area ? "{\"type\":\"Polygon\",\"coordinates\":[\(line(w.refs))]}" : "{\"type\":\"LineString\",\"coordinates\":\(line(w.refs))}"
            features.append(feature("way/\(w.id)", w.tags, geometry))
        }
        let wayRefs = Dictionary(ways.map { ($0.id, $0.refs) }, uniquingKeysWith: { a, _ in a })
        for r in relations where r.tags["type"] == "multipolygon" {
            let outers = r.members.filter { $0.type == "way" && $0.role != "inner" }.compactMap { wayRefs[$0.ref] }
            let inners = r.members.filter { $0.type == "way" && $0.role == "inner" }.compactMap { wayRefs[$0.ref] }
            guard !outers.isEmpty else { continue }
            // Each inner ring goes with the first outer (a sketch's multipolygons have one outer with holes, or
            // several outers without).
            let polygons = outers.enumerated().map { k, outer in "[" + ([line(outer)] + (k == 0 ? inners.map(line) : [])).joined(separator: ",") + "]" }
            let geometry = polygons.count == 1 ? "{\"type\":\"Polygon\",\"coordinates\":\(polygons[0])}"
                : "{\"type\":\"MultiPolygon\",\"coordinates\":[\(polygons.joined(separator: ","))]}"
            features.append(feature("relation/\(r.id)", r.tags, geometry))
        }
        return "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}\n"
    }
}
