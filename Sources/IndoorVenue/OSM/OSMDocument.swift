import Foundation
import IndoorBase
import IndoorGeometry

/// The elements of an OSM file (API 0.6): XML parsed with a streaming parser that resolves no entity, or PBF
/// (``OSMPBFReader``).
struct OSMDocument {
    struct Node {
        var coordinate: (lon: Double, lat: Double)
        var tags: [String: String]
    }

    struct Way {
        var refs: [Int64]
        var tags: [String: String]
    }

    struct Member {
        var type: String
        var ref: Int64
        var role: String
    }

    struct Relation {
        var members: [Member]
        var tags: [String: String]
    }

    var nodes: [Int64: Node] = [:]
    var ways: [Int64: Way] = [:]
    var relations: [Int64: Relation] = [:]
    /// Way ids in file order, so output is deterministic.
    var wayOrder: [Int64] = []
    var nodeOrder: [Int64] = []
    var relationOrder: [Int64] = []

    mutating func add(node id: Int64, _ node: Node) {
        nodes[id] = node
        nodeOrder.append(id)
    }

    mutating func add(way id: Int64, _ way: Way) {
        ways[id] = way
        wayOrder.append(id)
    }

    mutating func add(relation id: Int64, _ relation: Relation) {
        relations[id] = relation
        relationOrder.append(id)
    }

    /// Reads the file with the byte-level ``XMLScanner`` (the GPX reader's): streamed in bounded chunks, the DOCTYPE
    /// skipped whole so no entity is ever defined or resolved, and no libxml2 in the way of hostile bytes.
    /// - Throws: ``VenueError/notAVenue(path:reason:)`` with the line and column of a syntax error, or when the root
    ///   is not `<osm>`.
    static func parse(path: String) throws(VenueError) -> OSMDocument {
        let handle: FileHandle
        switch ReadableFile.open(path) {
        case .success(let opened): handle = opened
        case .failure(let unopenable): throw .unreadable(path: path, reason: unopenable.reason)
        }
        defer { try? handle.close() }
        var scanner = XMLScanner(handle: handle)
        var document = OSMDocument()
        var depth = 0
        var current: (kind: String, id: Int64)?
        var tags: [String: String] = [:]
        var refs: [Int64] = []
        var members: [Member] = []
        var coordinate: (lon: Double, lat: Double) = (0, 0)
        func fail(_ message: String) -> VenueError {
            .notAVenue(path: path, reason: "line \(scanner.location.line): \(message)")
        }
        do {
            while let event = try scanner.next() {
                switch event {
                case .start(let nameRange, let selfClosing):
                    depth += 1
                    let name = String(decoding: scanner.buffer[nameRange], as: UTF8.self)
                    defer { if selfClosing { depth -= 1 } }
                    if depth == 1 {
                        guard name == "osm" else { throw fail("the root element is <\(name)>, not <osm>") }
                        continue
                    }
                    switch name {
                    case "node", "way", "relation":
                        guard depth == 2 else { continue }
                        guard let id = try scanner.attribute("id").flatMap(Int64.init) else { throw fail("<\(name)> has no numeric id") }
                        current = (name, id)
                        tags = [:]
                        refs = []
                        members = []
                        if name == "node" {
                            guard let lat = try scanner.attribute("lat").flatMap(Double.init), let lon = try scanner.attribute("lon").flatMap(Double.init),
                                  lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
                                throw fail("node \(id) has no valid lat/lon")
                            }
                            coordinate = (lon, lat)
                        }
                    case "tag":
                        if current != nil, let k = try scanner.attribute("k"), let v = try scanner.attribute("v") { tags[k] = v }
                    case "nd":
                        if current?.kind == "way", let ref = try scanner.attribute("ref").flatMap(Int64.init) { refs.append(ref) }
                    case "member":
                        if current?.kind == "relation", let type = try scanner.attribute("type"), let ref = try scanner.attribute("ref").flatMap(Int64.init) {
                            members.append(Member(type: type, ref: ref, role: try scanner.attribute("role") ?? ""))
                        }
                    default:
                        break
                    }
                    if selfClosing, depth == 2 { close(&current) }
                case .end:
                    if depth == 2 { close(&current) }
                    depth -= 1
                case .text:
                    break
                }
            }
        } catch let error as VenueError {
            throw error
        } catch let error as XMLScanner.SyntaxError {
            if error.isReadError { throw .unreadable(path: path, reason: error.reason) }
            throw .notAVenue(path: path, reason: "XML error at line \(error.line), column \(error.column): \(error.reason)")
        } catch {
            throw .notAVenue(path: path, reason: "\(error)")
        }
        return document

        /// The node, way or relation being read is complete.
        func close(_ current: inout (kind: String, id: Int64)?) {
            guard let (kind, id) = current else { return }
            switch kind {
            case "node": document.add(node: id, Node(coordinate: coordinate, tags: tags))
            case "way": document.add(way: id, Way(refs: refs, tags: tags))
            default: document.add(relation: id, Relation(members: members, tags: tags))
            }
            current = nil
        }
    }
}
