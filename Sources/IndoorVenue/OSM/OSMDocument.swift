import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The elements of an OSM XML file (API 0.6), parsed with a streaming parser that resolves no external entity.
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

    /// - Throws: ``VenueError/notAVenue(path:reason:)`` with the line and column of a syntax error, or when the root
    ///   is not `<osm>`.
    static func parse(path: String) throws(VenueError) -> OSMDocument {
        guard let stream = InputStream(fileAtPath: path) else { throw .unreadable(path: path, reason: "cannot open") }
        let parser = XMLParser(stream: stream)
        parser.shouldResolveExternalEntities = false
        let delegate = OSMParserDelegate()
        parser.delegate = delegate  // held weakly by the parser: `delegate` keeps it alive
        let ok = parser.parse()
        if let error = parser.parserError ?? (ok ? nil : delegate.error) {
            throw .notAVenue(path: path, reason: "XML error at line \(parser.lineNumber), column \(parser.columnNumber): \(error.localizedDescription)")
        }
        if let error = delegate.error {
            throw .notAVenue(path: path, reason: error.localizedDescription)
        }
        guard delegate.sawRoot else { throw .notAVenue(path: path, reason: "no <osm> root element") }
        return delegate.document
    }
}

private struct OSMStructureError: LocalizedError {
    let errorDescription: String?
}

private final class OSMParserDelegate: NSObject, XMLParserDelegate {
    var document = OSMDocument()
    var sawRoot = false
    var error: (any Error)?
    private var depth = 0
    private var current: (kind: String, id: Int64)?
    private var tags: [String: String] = [:]
    private var refs: [Int64] = []
    private var members: [OSMDocument.Member] = []
    private var coordinate: (lon: Double, lat: Double) = (0, 0)

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        depth += 1
        if depth == 1 {
            if name == "osm" { sawRoot = true } else { fail(parser, "the root element is <\(name)>, not <osm>") }
            return
        }
        switch name {
        case "node", "way", "relation":
            guard depth == 2 else { return }
            guard let id = attributes["id"].flatMap(Int64.init) else {
                return fail(parser, "<\(name)> at line \(parser.lineNumber) has no numeric id")
            }
            current = (name, id)
            tags = [:]
            refs = []
            members = []
            if name == "node" {
                guard let lat = attributes["lat"].flatMap(Double.init), let lon = attributes["lon"].flatMap(Double.init),
                      lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
                    return fail(parser, "node \(id) at line \(parser.lineNumber) has no valid lat/lon")
                }
                coordinate = (lon, lat)
            }
        case "tag":
            if current != nil, let k = attributes["k"], let v = attributes["v"] { tags[k] = v }
        case "nd":
            if current?.kind == "way", let ref = attributes["ref"].flatMap(Int64.init) { refs.append(ref) }
        case "member":
            if current?.kind == "relation", let type = attributes["type"], let ref = attributes["ref"].flatMap(Int64.init) {
                members.append(OSMDocument.Member(type: type, ref: ref, role: attributes["role"] ?? ""))
            }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        defer { depth -= 1 }
        guard depth == 2, let (kind, id) = current, kind == name else { return }
        switch kind {
        case "node":
            document.nodes[id] = OSMDocument.Node(coordinate: coordinate, tags: tags)
            document.nodeOrder.append(id)
        case "way":
            document.ways[id] = OSMDocument.Way(refs: refs, tags: tags)
            document.wayOrder.append(id)
        default:
            document.relations[id] = OSMDocument.Relation(members: members, tags: tags)
            document.relationOrder.append(id)
        }
        current = nil
    }

    private func fail(_ parser: XMLParser, _ message: String) {
        error = OSMStructureError(errorDescription: message)
        parser.abortParsing()
    }
}
