import Foundation
import IndoorBase

/// A feature identifier: RFC 7946 allows a string or a number.
public enum FeatureID: Hashable, Sendable, CustomStringConvertible {
    /// A string id, as IMDF's UUIDs.
    case string(String)
    /// A numeric id; ``description`` writes an integral value without a fraction (`42`, not `42.0`).
    case number(Double)

    public var description: String {
        switch self {
        case .string(let s): s
        case .number(let n): n.rounded() == n && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        }
    }
}

/// A GeoJSON Feature (RFC 7946 §3.2): a geometry (or none), its properties, and every foreign member kept.
public struct Feature: Hashable, Sendable {
    /// The member `id`, or `nil` when the feature has none.
    public var id: FeatureID?
    /// The member `geometry`, or `nil` for a feature whose geometry is JSON `null` (an IMDF address, say), in the
    /// coordinates of the file (WGS84 degrees for RFC 7946 documents).
    public var geometry: Geometry?
    /// The member `properties`; empty when the document has `null` or none.
    public var properties: [String: JSONValue]
    /// Members other than `type`, `id`, `geometry`, `properties` and `bbox` (IMDF's `feature_type` is one).
    public var foreignMembers: [String: JSONValue]

    /// A feature from its members; `id` and `foreignMembers` are written back by ``json`` as given.
    public init(id: FeatureID? = nil, geometry: Geometry?, properties: [String: JSONValue] = [:],
                foreignMembers: [String: JSONValue] = [:]) {
        self.id = id
        self.geometry = geometry
        self.properties = properties
        self.foreignMembers = foreignMembers
    }
}

/// A GeoJSON FeatureCollection (RFC 7946 §3.3).
public struct FeatureCollection: Hashable, Sendable {
    /// The member `features`, in document order.
    public var features: [Feature]
    /// Members other than `type`, `features` and `bbox` (a `name`, IMDF's extras), kept to be written back.
    public var foreignMembers: [String: JSONValue]

    /// A collection of `features`; ``json`` writes `foreignMembers` back beside them.
    public init(features: [Feature], foreignMembers: [String: JSONValue] = [:]) {
        self.features = features
        self.foreignMembers = foreignMembers
    }
}

// MARK: - Reading GeoJSON from parsed JSON

extension Geometry {
    /// Reads an RFC 7946 geometry object.
    /// - Parameter path: where the object is, for messages (`features[3].geometry`).
    /// - Throws: ``GeometryError`` naming the path and what is wrong (a wrong `type`, a non-closed ring, NaN…).
    public init(json: JSONValue, path: String = "geometry") throws(GeometryError) {
        guard let object = json.objectValue else {
            throw .invalidGeoJSON(path: path, reason: "expected an object, found \(json.typeName)")
        }
        guard let type = object["type"]?.stringValue else {
            throw .invalidGeoJSON(path: path, reason: "missing \"type\"")
        }
        if type == "GeometryCollection" {
            guard let members = object["geometries"]?.arrayValue else {
                throw .invalidGeoJSON(path: path, reason: "a GeometryCollection needs a \"geometries\" array")
            }
            var geometries: [Geometry] = []
            for (i, member) in members.enumerated() {
                geometries.append(try Geometry(json: member, path: "\(path).geometries[\(i)]"))
            }
            self = .geometryCollection(geometries)
            return
        }
        guard let coordinates = object["coordinates"] else {
            throw .invalidGeoJSON(path: path, reason: "a \(type) needs \"coordinates\"")
        }
        let at = "\(path).coordinates"
        do {
            switch type {
            case "Point": self = .point(try Self.position(coordinates, path: at))
            case "MultiPoint": self = .multiPoint(try Self.positions(coordinates, path: at))
            case "LineString": self = .lineString(try LineString(Self.positions(coordinates, path: at)))
            case "MultiLineString":
                self = .multiLineString(try Self.array(coordinates, path: at).enumerated().map { i, line throws(GeometryError) in
                    try LineString(Self.positions(line, path: "\(at)[\(i)]"))
                })
            case "Polygon": self = .polygon(try Self.polygon(coordinates, path: at))
            case "MultiPolygon":
                self = .multiPolygon(try Self.array(coordinates, path: at).enumerated().map { i, p throws(GeometryError) in
                    try Self.polygon(p, path: "\(at)[\(i)]")
                })
            default:
                throw GeometryError.invalidGeoJSON(path: path, reason: "unknown geometry type \"\(type)\"")
            }
        } catch let error as GeometryError {
            switch error {
            case .invalidGeoJSON: throw error
            default: throw .invalidGeoJSON(path: at, reason: error.localizedDescription)
            }
        } catch {
            throw .invalidGeoJSON(path: at, reason: "\(error)")
        }
    }

    private static func array(_ json: JSONValue, path: String) throws(GeometryError) -> [JSONValue] {
        guard let a = json.arrayValue else {
            throw .invalidGeoJSON(path: path, reason: "expected an array, found \(json.typeName)")
        }
        return a
    }

    private static func position(_ json: JSONValue, path: String) throws(GeometryError) -> Coordinate {
        let a = try array(json, path: path)
        guard a.count >= 2, let x = a[0].numberValue, let y = a[1].numberValue else {
            throw .invalidGeoJSON(path: path, reason: "a position needs two numbers, found \(a.count == 0 ? "an empty array" : "[\(a.map(\.typeName).joined(separator: ", "))]")")
        }
        return Coordinate(x: x, y: y)
    }

    private static func positions(_ json: JSONValue, path: String) throws(GeometryError) -> [Coordinate] {
        var out: [Coordinate] = []
        for (i, p) in try array(json, path: path).enumerated() { out.append(try position(p, path: "\(path)[\(i)]")) }
        return out
    }

    private static func polygon(_ json: JSONValue, path: String) throws(GeometryError) -> Polygon {
        var rings: [[Coordinate]] = []
        for (i, r) in try array(json, path: path).enumerated() { rings.append(try positions(r, path: "\(path)[\(i)]")) }
        do {
            return try Polygon(rings: rings)
        } catch {
            throw .invalidGeoJSON(path: path, reason: error.localizedDescription)
        }
    }

    /// The RFC 7946 geometry object.
    public var json: JSONValue {
        func pos(_ c: Coordinate) -> JSONValue { .array([.number(c.x), .number(c.y)]) }
        func line(_ cs: [Coordinate]) -> JSONValue { .array(cs.map(pos)) }
        func poly(_ p: Polygon) -> JSONValue { .array(p.rings.map { line($0.coordinates) }) }
        switch self {
        case .point(let c): return .object(["type": .string("Point"), "coordinates": pos(c)])
        case .multiPoint(let cs): return .object(["type": .string("MultiPoint"), "coordinates": line(cs)])
        case .lineString(let l): return .object(["type": .string("LineString"), "coordinates": line(l.coordinates)])
        case .multiLineString(let ls):
            return .object(["type": .string("MultiLineString"), "coordinates": .array(ls.map { line($0.coordinates) })])
        case .polygon(let p): return .object(["type": .string("Polygon"), "coordinates": poly(p)])
        case .multiPolygon(let ps): return .object(["type": .string("MultiPolygon"), "coordinates": .array(ps.map(poly))])
        case .geometryCollection(let gs):
            return .object(["type": .string("GeometryCollection"), "geometries": .array(gs.map(\.json))])
        }
    }
}

extension Feature {
    static let reservedMembers: Set<String> = ["type", "id", "geometry", "properties", "bbox"]

    /// Reads an RFC 7946 Feature; `type` must be `"Feature"`, `geometry` an object or `null`, `properties` an object or
    /// `null`. Members the RFC does not name are kept in ``foreignMembers``.
    public init(json: JSONValue, path: String = "feature") throws(GeometryError) {
        guard let object = json.objectValue else {
            throw .invalidGeoJSON(path: path, reason: "expected a Feature object, found \(json.typeName)")
        }
        guard object["type"]?.stringValue == "Feature" else {
            throw .invalidGeoJSON(path: path, reason: "\"type\" must be \"Feature\", found \(object["type"].map { $0.stringValue.map { "\"\($0)\"" } ?? $0.typeName } ?? "nothing")")
        }
        switch object["id"] {
        case .string(let s)?: id = .string(s)
        case .number(let n)?: id = .number(n)
        case nil, .null?: id = nil
        case let other?: throw .invalidGeoJSON(path: "\(path).id", reason: "an id must be a string or a number, found \(other.typeName)")
        }
        switch object["geometry"] {
        case nil, .null?: geometry = nil
        case let g?: geometry = try Geometry(json: g, path: "\(path).geometry")
        }
        switch object["properties"] {
        case nil, .null?: properties = [:]
        case .object(let p)?: properties = p
        case let other?: throw .invalidGeoJSON(path: "\(path).properties", reason: "expected an object, found \(other.typeName)")
        }
        foreignMembers = object.filter { !Self.reservedMembers.contains($0.key) }
    }

    /// The feature as an RFC 7946 object: its foreign members with `type`, `id` (when set), `geometry` (`null`
    /// when none) and `properties`, which win over foreign members of the same name.
    public var json: JSONValue {
        var object = foreignMembers
        object["type"] = .string("Feature")
        switch id {
        case .string(let s)?: object["id"] = .string(s)
        case .number(let n)?: object["id"] = .number(n)
        case nil: break
        }
        object["geometry"] = geometry?.json ?? .null
        object["properties"] = .object(properties)
        return .object(object)
    }
}

extension FeatureCollection {
    /// Reads an RFC 7946 FeatureCollection; foreign members (such as `name`) are kept.
    public init(json: JSONValue) throws(GeometryError) {
        guard let object = json.objectValue else {
            throw .invalidGeoJSON(path: "", reason: "expected a FeatureCollection object, found \(json.typeName)")
        }
        guard object["type"]?.stringValue == "FeatureCollection" else {
            throw .invalidGeoJSON(path: "type", reason: "\"type\" must be \"FeatureCollection\"")
        }
        guard let members = object["features"]?.arrayValue else {
            throw .invalidGeoJSON(path: "features", reason: "a FeatureCollection needs a \"features\" array")
        }
        var features: [Feature] = []
        features.reserveCapacity(members.count)
        for (i, f) in members.enumerated() { features.append(try Feature(json: f, path: "features[\(i)]")) }
        self.features = features
        foreignMembers = object.filter { !["type", "features", "bbox"].contains($0.key) }
    }

    /// The collection as an RFC 7946 `FeatureCollection` object, foreign members kept; no `bbox` is written.
    public var json: JSONValue {
        var object = foreignMembers
        object["type"] = .string("FeatureCollection")
        object["features"] = .array(features.map(\.json))
        return .object(object)
    }
}

// MARK: - Codable, through the same readers

/// Decoding goes through ``JSONValue`` and the readers above, so Codable and the loaders check GeoJSON the same way.
extension Geometry: Codable {
    public init(from decoder: any Decoder) throws { try self.init(json: JSONValue(from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension Feature: Codable {
    public init(from decoder: any Decoder) throws { try self.init(json: JSONValue(from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension FeatureCollection: Codable {
    public init(from decoder: any Decoder) throws { try self.init(json: JSONValue(from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}
