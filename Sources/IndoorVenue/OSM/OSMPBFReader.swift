import Foundation
internal import IndoorCompression

/// Reads an OSM PBF file (https://wiki.openstreetmap.org/wiki/PBF_Format) into the same ``OSMDocument`` the XML
/// reader makes: `OSMHeader` and `OSMData` blobs (raw or zlib-deflated), string tables, dense and plain nodes with
/// the block's granularity and offsets, ways with delta-coded refs, relations with their members and roles.
///
/// Every size is bounded before anything is allocated: a blob header is at most 64 KiB and a blob at most 32 MiB,
/// packed or inflated, as the format says; indexes into a string table are checked. An error names the blob (its
/// number and type) and the byte offset of the blob in the file.
enum OSMPBFReader {
    static let maximumHeaderSize = 64 << 10
    static let maximumBlobSize = 32 << 20
    /// The features a file may require: the OSM schema and dense nodes (history and other extensions are refused).
    static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    /// - Throws: ``VenueError/notAVenue(path:reason:)`` naming the blob and why it could not be read.
    static func parse(_ data: Data, path: String) throws(VenueError) -> OSMDocument {
        let bytes = [UInt8](data)
        var document = OSMDocument()
        var offset = 0
        var blobNumber = 0
        var sawHeader = false
        while offset < bytes.count {
            blobNumber += 1
            let blobStart = offset
            func fail(_ type: String, _ reason: String) -> VenueError {
                .notAVenue(path: path, reason: "PBF blob \(blobNumber)\(type.isEmpty ? "" : " (\(type))") at byte \(blobStart): \(reason)")
            }
            guard bytes.count - offset >= 4 else { throw fail("", "the file ends inside a blob header length") }
            let headerLength = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            offset += 4
            guard headerLength <= maximumHeaderSize else {
                throw fail("", "a blob header of \(headerLength) bytes is more than the \(maximumHeaderSize) allowed (not a PBF file?)")
            }
            guard bytes.count - offset >= headerLength else { throw fail("", "the file ends inside the blob header") }
            var type = ""
            var dataSize = -1
            do {
                var header = ProtobufReader(bytes, range: offset..<offset + headerLength)
                while let (field, wire) = try header.nextField() {
                    switch (field, wire) {
                    case (1, .lengthDelimited): type = try header.string()
                    case (3, .varint): dataSize = Int(truncatingIfNeeded: try header.int64())
                    default: try header.skip(wire)
                    }
                }
            } catch { throw fail(type, "the blob header is not valid: \(error.reason) at byte \(error.offset)") }
            offset += headerLength
            guard dataSize >= 0 else { throw fail(type, "the blob header has no data size") }
            guard dataSize <= maximumBlobSize else { throw fail(type, "a blob of \(dataSize) bytes is more than the 32 MiB allowed") }
            guard bytes.count - offset >= dataSize else { throw fail(type, "the file ends inside the blob (\(dataSize) bytes announced, \(bytes.count - offset) left)") }
            let blobRange = offset..<offset + dataSize
            offset += dataSize
            do {
                switch type {
                case "OSMHeader":
                    try readHeader(try inflate(bytes, blobRange))
                    sawHeader = true
                case "OSMData":
                    guard sawHeader else { throw PBFError(reason: "data comes before the OSMHeader blob") }
                    try readPrimitiveBlock(try inflate(bytes, blobRange), into: &document)
                default:
                    // Unknown blob types are to be skipped, the format says.
                    continue
                }
            } catch let error as ProtobufError {
                throw fail(type, "\(error.reason) at byte \(error.offset) of the block")
            } catch let error as PBFError {
                throw fail(type, error.reason)
            } catch {
                throw fail(type, "\(error)")
            }
        }
        guard sawHeader else { throw .notAVenue(path: path, reason: "not an OSM PBF file: no OSMHeader blob") }
        return document
    }

    /// A reason a block cannot be read that is not a wire-format error.
    struct PBFError: Error {
        let reason: String
    }

    /// The block a blob holds: its raw bytes, or inflated from zlib to the size it announces.
    static func inflate(_ bytes: [UInt8], _ range: Range<Int>) throws -> [UInt8] {
        var blob = ProtobufReader(bytes, range: range)
        var raw: Range<Int>?
        var zlib: Range<Int>?
        var rawSize = -1
        while let (field, wire) = try blob.nextField() {
            switch (field, wire) {
            case (1, .lengthDelimited): raw = try blob.lengthDelimited()
            case (2, .varint): rawSize = Int(truncatingIfNeeded: try blob.int64())
            case (3, .lengthDelimited): zlib = try blob.lengthDelimited()
            case (4, .lengthDelimited): throw PBFError(reason: "LZMA-compressed blobs are not supported (convert with `osmium cat`)")
            case (5, .lengthDelimited): throw PBFError(reason: "bzip2-compressed blobs are not supported (convert with `osmium cat`)")
            case (6, .lengthDelimited): throw PBFError(reason: "LZ4-compressed blobs are not supported (convert with `osmium cat`)")
            case (7, .lengthDelimited): throw PBFError(reason: "Zstandard-compressed blobs are not supported (convert with `osmium cat`)")
            default: try blob.skip(wire)
            }
        }
        if let raw { return Array(bytes[raw]) }
        guard let zlib else { throw PBFError(reason: "the blob holds no data") }
        guard rawSize >= 0 else { throw PBFError(reason: "a deflated blob does not say its inflated size") }
        guard rawSize <= maximumBlobSize else { throw PBFError(reason: "a blob inflating to \(rawSize) bytes is more than the 32 MiB allowed") }
        do throws(Zlib.InflateError) {
            return try Zlib.inflate(bytes, range: zlib, to: rawSize)
        } catch {
            switch error {
            case .shorter(let inflated, let announced): throw PBFError(reason: "the blob inflates to \(inflated) bytes, not the \(announced) it announces")
            case .longerOrCutOff(let announced): throw PBFError(reason: "the blob inflates to more than the \(announced) bytes it announces, or is cut off")
            case .outOfMemory: throw PBFError(reason: "out of memory inflating the blob")
            case .corrupt(let status): throw PBFError(reason: "the zlib data is corrupt (zlib status \(status))")
            }
        }
    }

    static func readHeader(_ block: [UInt8]) throws {
        var header = ProtobufReader(block)
        while let (field, wire) = try header.nextField() {
            if field == 4, wire == .lengthDelimited {
                let feature = try header.string()
                guard supportedFeatures.contains(feature) else { throw PBFError(reason: "the file requires \"\(feature)\", which this reader does not support") }
            } else {
                try header.skip(wire)
            }
        }
    }

    /// One `PrimitiveBlock`: its string table, then its groups, with positions as
    /// `1e-9 * (offset + granularity * value)` degrees.
    static func readPrimitiveBlock(_ block: [UInt8], into document: inout OSMDocument) throws {
        var strings: [String] = []
        var groups: [Range<Int>] = []
        var granularity: Int64 = 100
        var latOffset: Int64 = 0
        var lonOffset: Int64 = 0
        var reader = ProtobufReader(block)
        while let (field, wire) = try reader.nextField() {
            switch (field, wire) {
            case (1, .lengthDelimited):
                var table = try reader.message()
                while let (f, w) = try table.nextField() {
                    if f == 1, w == .lengthDelimited { strings.append(try table.string()) } else { try table.skip(w) }
                }
            case (2, .lengthDelimited): groups.append(try reader.lengthDelimited())
            case (17, .varint): granularity = try reader.int64()
            case (19, .varint): latOffset = try reader.int64()
            case (20, .varint): lonOffset = try reader.int64()
            default: try reader.skip(wire)
            }
        }
        guard granularity > 0, granularity <= 1_000_000_000 else { throw PBFError(reason: "granularity \(granularity) is out of range") }
        let block = Block(strings: strings, granularity: granularity, latOffset: latOffset, lonOffset: lonOffset)
        for range in groups {
            var group = ProtobufReader(reader.bytes, range: range)
            while let (field, wire) = try group.nextField() {
                switch (field, wire) {
                case (1, .lengthDelimited): try block.readNode(try group.message(), into: &document)
                case (2, .lengthDelimited): try block.readDenseNodes(try group.message(), into: &document)
                case (3, .lengthDelimited): try block.readWay(try group.message(), into: &document)
                case (4, .lengthDelimited): try block.readRelation(try group.message(), into: &document)
                default: try group.skip(wire)
                }
            }
        }
    }

    /// What a block's elements are decoded with.
    struct Block {
        let strings: [String]
        let granularity: Int64
        let latOffset: Int64
        let lonOffset: Int64

        func string(_ index: Int64) throws -> String {
            guard index >= 0, index < strings.count else {
                throw PBFError(reason: "string \(index) is not in the block's table of \(strings.count)")
            }
            return strings[Int(index)]
        }

        func tags(keys: [Int64], values: [Int64], of element: String) throws -> [String: String] {
            guard keys.count == values.count else { throw PBFError(reason: "\(element) has \(keys.count) keys but \(values.count) values") }
            var tags: [String: String] = [:]
            for (k, v) in zip(keys, values) { tags[try string(k)] = try string(v) }
            return tags
        }

        /// Degrees from a raw coordinate; exact decimal scaling, so 1e-7° values equal the XML's.
        func coordinate(lat: Int64, lon: Int64, of id: Int64) throws -> (lon: Double, lat: Double) {
            let (la, o1) = granularity.multipliedReportingOverflow(by: lat)
            let (lo, o2) = granularity.multipliedReportingOverflow(by: lon)
            let (la2, o3) = la.addingReportingOverflow(latOffset)
            let (lo2, o4) = lo.addingReportingOverflow(lonOffset)
            guard !(o1 || o2 || o3 || o4) else { throw PBFError(reason: "node \(id) has a coordinate out of range") }
            let latitude = Double(la2) / 1e9, longitude = Double(lo2) / 1e9
            guard abs(latitude) <= 90, abs(longitude) <= 180 else { throw PBFError(reason: "node \(id) has no valid lat/lon (\(latitude), \(longitude))") }
            return (longitude, latitude)
        }

        func readNode(_ message: ProtobufReader, into document: inout OSMDocument) throws {
            var m = message
            var id: Int64?
            var keys: [Int64] = [], values: [Int64] = []
            var lat: Int64?, lon: Int64?
            while let (field, wire) = try m.nextField() {
                switch (field, wire) {
                case (1, .varint): id = try m.signedVarint()
                case (2, _): try m.appendRepeated(wire, to: &keys, ProtobufReader.twosComplement)
                case (3, _): try m.appendRepeated(wire, to: &values, ProtobufReader.twosComplement)
                case (8, .varint): lat = try m.signedVarint()
                case (9, .varint): lon = try m.signedVarint()
                default: try m.skip(wire)
                }
            }
            guard let id, let lat, let lon else { throw PBFError(reason: "a node has no id or no position") }
            document.add(node: id, OSMDocument.Node(coordinate: try coordinate(lat: lat, lon: lon, of: id),
                                                    tags: try tags(keys: keys, values: values, of: "node \(id)")))
        }

        func readDenseNodes(_ message: ProtobufReader, into document: inout OSMDocument) throws {
            var m = message
            var ids: [Int64] = [], lats: [Int64] = [], lons: [Int64] = [], keysVals: [Int64] = []
            while let (field, wire) = try m.nextField() {
                switch field {
                case 1: try m.appendRepeated(wire, to: &ids, ProtobufReader.zigzag)
                case 8: try m.appendRepeated(wire, to: &lats, ProtobufReader.zigzag)
                case 9: try m.appendRepeated(wire, to: &lons, ProtobufReader.zigzag)
                case 10: try m.appendRepeated(wire, to: &keysVals, ProtobufReader.twosComplement)
                default: try m.skip(wire)
                }
            }
            guard ids.count == lats.count, ids.count == lons.count else {
                throw PBFError(reason: "dense nodes have \(ids.count) ids, \(lats.count) latitudes and \(lons.count) longitudes")
            }
            var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
            var k = 0
            for i in ids.indices {
                id &+= ids[i]
                lat &+= lats[i]
                lon &+= lons[i]
                var tags: [String: String] = [:]
                // keys_vals: key, value, key, value, …, 0 for each node (empty when no node has tags).
                while k < keysVals.count {
                    let key = keysVals[k]
                    k += 1
                    if key == 0 { break }
                    guard k < keysVals.count else { throw PBFError(reason: "node \(id) has a key without a value") }
                    tags[try string(key)] = try string(keysVals[k])
                    k += 1
                }
                document.add(node: id, OSMDocument.Node(coordinate: try coordinate(lat: lat, lon: lon, of: id), tags: tags))
            }
        }

        func readWay(_ message: ProtobufReader, into document: inout OSMDocument) throws {
            var m = message
            var id: Int64?
            var keys: [Int64] = [], values: [Int64] = [], deltas: [Int64] = []
            while let (field, wire) = try m.nextField() {
                switch (field, wire) {
                case (1, .varint): id = try m.int64()
                case (2, _): try m.appendRepeated(wire, to: &keys, ProtobufReader.twosComplement)
                case (3, _): try m.appendRepeated(wire, to: &values, ProtobufReader.twosComplement)
                case (8, _): try m.appendRepeated(wire, to: &deltas, ProtobufReader.zigzag)
                default: try m.skip(wire)
                }
            }
            guard let id else { throw PBFError(reason: "a way has no id") }
            var ref: Int64 = 0
            let refs = deltas.map { ref &+= $0; return ref }
            document.add(way: id, OSMDocument.Way(refs: refs, tags: try tags(keys: keys, values: values, of: "way \(id)")))
        }

        func readRelation(_ message: ProtobufReader, into document: inout OSMDocument) throws {
            var m = message
            var id: Int64?
            var keys: [Int64] = [], values: [Int64] = [], roles: [Int64] = [], deltas: [Int64] = [], types: [Int64] = []
            while let (field, wire) = try m.nextField() {
                switch (field, wire) {
                case (1, .varint): id = try m.int64()
                case (2, _): try m.appendRepeated(wire, to: &keys, ProtobufReader.twosComplement)
                case (3, _): try m.appendRepeated(wire, to: &values, ProtobufReader.twosComplement)
                case (8, _): try m.appendRepeated(wire, to: &roles, ProtobufReader.twosComplement)
                case (9, _): try m.appendRepeated(wire, to: &deltas, ProtobufReader.zigzag)
                case (10, _): try m.appendRepeated(wire, to: &types, ProtobufReader.twosComplement)
                default: try m.skip(wire)
                }
            }
            guard let id else { throw PBFError(reason: "a relation has no id") }
            guard roles.count == deltas.count, types.count == deltas.count else {
                throw PBFError(reason: "relation \(id) has \(deltas.count) members but \(roles.count) roles and \(types.count) types")
            }
            var ref: Int64 = 0
            var members: [OSMDocument.Member] = []
            for i in deltas.indices {
                ref &+= deltas[i]
                let type: String
                switch types[i] {
                case 0: type = "node"
                case 1: type = "way"
                case 2: type = "relation"
                default: throw PBFError(reason: "relation \(id) has a member of unknown type \(types[i])")
                }
                members.append(OSMDocument.Member(type: type, ref: ref, role: try string(roles[i])))
            }
            document.add(relation: id, OSMDocument.Relation(members: members, tags: try tags(keys: keys, values: values, of: "relation \(id)")))
        }
    }
}
