import Foundation
import IndoorBase
import IndoorGeometry
import IndoorTestSupport
@testable import IndoorVenue
import Testing

/// Writes the Protocol Buffers wire format, to build PBF files (and broken ones) by hand.
struct ProtobufWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func key(_ field: Int, _ wire: UInt64) { varint(UInt64(field) << 3 | wire) }
    mutating func int(_ field: Int, _ v: Int64) { key(field, 0); varint(UInt64(bitPattern: v)) }
    mutating func sint(_ field: Int, _ v: Int64) { key(field, 0); varint(UInt64(bitPattern: (v << 1) ^ (v >> 63))) }
    mutating func bytes(_ field: Int, _ b: [UInt8]) { key(field, 2); varint(UInt64(b.count)); bytes += b }
    mutating func string(_ field: Int, _ s: String) { bytes(field, Array(s.utf8)) }
    mutating func message(_ field: Int, _ build: (inout ProtobufWriter) -> Void) {
        var inner = ProtobufWriter()
        build(&inner)
        bytes(field, inner.bytes)
    }

    /// A packed repeated field; `zigzag` for sint types.
    mutating func packed(_ field: Int, _ values: [Int64], zigzag: Bool) {
        var inner = ProtobufWriter()
        for v in values { inner.varint(zigzag ? UInt64(bitPattern: (v << 1) ^ (v >> 63)) : UInt64(bitPattern: v)) }
        bytes(field, inner.bytes)
    }
}

/// An OSM PBF file: blobs of a type around a block, raw (uncompressed), as the format allows.
struct PBFWriter {
    var data: [UInt8] = []

    mutating func blob(_ type: String, _ block: [UInt8], declaredSize: Int? = nil) {
        var blob = ProtobufWriter()
        blob.bytes(1, block)
        var header = ProtobufWriter()
        header.string(1, type)
        header.int(3, Int64(declaredSize ?? blob.bytes.count))
        let n = header.bytes.count
        data += [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        data += header.bytes + blob.bytes
    }

    static func header(features: [String] = ["OsmSchema-V0.6", "DenseNodes"]) -> [UInt8] {
        var h = ProtobufWriter()
        for f in features { h.string(4, f) }
        return h.bytes
    }

    /// A sketch as one primitive block: dense (or plain) nodes, ways and relations, positions in 1e-7° (granularity
    /// 100) from the offsets given in nanodegrees.
    static func block(_ sketch: OSMSketch, dense: Bool = true, latOffset: Int64 = 0, lonOffset: Int64 = 0) -> [UInt8] {
        var strings = [""]
        var index: [String: Int64] = ["": 0]
        func sid(_ s: String) -> Int64 {
            if let i = index[s] { return i }
            strings.append(s)
            index[s] = Int64(strings.count - 1)
            return Int64(strings.count - 1)
        }
        var group = ProtobufWriter()
        // Dense nodes, delta-coded.
        var ids: [Int64] = [], lats: [Int64] = [], lons: [Int64] = [], kv: [Int64] = []
        var last = (id: Int64(0), lat: Int64(0), lon: Int64(0))
        for n in sketch.nodes {
            let p = sketch.position(n.x, n.y)
            let lat = Int64((p.latitude * 1e7).rounded()) - latOffset / 100, lon = Int64((p.longitude * 1e7).rounded()) - lonOffset / 100
            if !dense {
                group.message(1) { m in
                    m.sint(1, n.id)
                    m.packed(2, n.tags.keys.sorted().map(sid), zigzag: false)
                    m.packed(3, n.tags.keys.sorted().map { sid(n.tags[$0] ?? "") }, zigzag: false)
                    m.sint(8, lat)
                    m.sint(9, lon)
                }
                continue
            }
            ids.append(n.id - last.id); lats.append(lat - last.lat); lons.append(lon - last.lon)
            last = (n.id, lat, lon)
            for k in n.tags.keys.sorted() { kv += [sid(k), sid(n.tags[k] ?? "")] }
            kv.append(0)
        }
        if dense {
            group.message(2) { d in
                d.packed(1, ids, zigzag: true)
                d.packed(8, lats, zigzag: true)
                d.packed(9, lons, zigzag: true)
                d.packed(10, kv, zigzag: false)
            }
        }
        for w in sketch.ways {
            group.message(3) { m in
                m.int(1, w.id)
                m.packed(2, w.tags.keys.sorted().map(sid), zigzag: false)
                m.packed(3, w.tags.keys.sorted().map { sid(w.tags[$0] ?? "") }, zigzag: false)
                m.packed(8, zip(w.refs, [0] + w.refs).map { $0 - $1 }, zigzag: true)
            }
        }
        for r in sketch.relations {
            group.message(4) { m in
                m.int(1, r.id)
                m.packed(2, r.tags.keys.sorted().map(sid), zigzag: false)
                m.packed(3, r.tags.keys.sorted().map { sid(r.tags[$0] ?? "") }, zigzag: false)
                m.packed(8, r.members.map { sid($0.role) }, zigzag: false)
                let refs = r.members.map(\.ref)
                m.packed(9, zip(refs, [0] + refs).map { $0 - $1 }, zigzag: true)
                m.packed(10, r.members.map { $0.type == "node" ? 0 : $0.type == "way" ? 1 : 2 }, zigzag: false)
            }
        }
        var block = ProtobufWriter()
        block.message(1) { t in for s in strings { t.string(1, s) } }
        block.bytes(2, group.bytes)
        if latOffset != 0 { block.int(19, latOffset) }
        if lonOffset != 0 { block.int(20, lonOffset) }
        return block.bytes
    }
}

@Suite struct OSMPBFTests {
    /// A small station: a platform at −1, a concourse footway at 0, steps and an elevator, a shop, a stop area.
    static func station() -> OSMSketch {
        var osm = OSMSketch()
        let p0 = osm.node(0, 0), p1 = osm.node(60, 0)
        let platform = osm.way([p0, p1], ["railway": "platform", "level": "-1", "ref": "1"])
        let c0 = osm.node(60, 8), c1 = osm.node(120, 8)
        osm.way([c0, c1], ["highway": "footway", "level": "0"])
        osm.way([p1, c0], ["highway": "steps", "level": "-1;0"])
        osm.node(30, 0, ["highway": "elevator", "level": "-1;0"])
        osm.rectangle(80, 10, 90, 20, ["indoor": "yes", "shop": "bakery", "name": "Bäckerei \"Korn\" & Co", "level": "0"])
        osm.relation([(type: "way", ref: platform, role: "platform")], ["type": "public_transport", "public_transport": "stop_area", "name": "Teststadt Hbf"])
        return osm
    }

    static func pbf(_ sketch: OSMSketch) -> Data {
        var file = PBFWriter()
        file.blob("OSMHeader", PBFWriter.header())
        file.blob("OSMData", PBFWriter.block(sketch))
        return Data(file.data)
    }

    /// The parts of a venue that must not depend on the file format.
    func content(_ v: Venue) -> [String] {
        [v.name.resolved() ?? "", "\(v.levels)", "\(v.spaces)", "\(v.openings)", "\(v.connectors)", "\(v.pois)", "\(v.buildings)", "\(v.obstacles)"]
    }

    @Test func aHandBuiltPBFGivesTheSameVenueAsItsXML() throws {
        let dir = try TemporaryDirectory()
        let xml = try VenueLoader.load(path: try dir.write("station.osm", Data(Self.station().xml().utf8)))
        let pbf = try VenueLoader.load(path: try dir.write("station.osm.pbf", Self.pbf(Self.station())))
        #expect(content(pbf) == content(xml))
        #expect(pbf.connectors.contains { $0.kind == .elevator })
        #expect(pbf.pois.contains { $0.name.resolved() == "Bäckerei \"Korn\" & Co" })
    }

    @Test func osmiumsPBFOfTheDarmstadtStationGivesTheSameVenueAsTheXML() throws {
        let xml = try VenueLoader.load(path: Repository.path("venues/osm-stations/da_hbf.osm"))
        let pbf = try VenueLoader.load(path: Repository.fixture("da_hbf.osm.pbf"))
        #expect(content(pbf) == content(xml))
        #expect(pbf.spaces.count == xml.spaces.count)
    }

    @Test func plainNodesAndOffsetsGiveTheSameVenueAsDenseNodes() throws {
        var plain = PBFWriter()
        plain.blob("OSMHeader", PBFWriter.header(features: ["OsmSchema-V0.6"]))
        plain.blob("OSMData", PBFWriter.block(Self.station(), dense: false, latOffset: 49_000_000_000, lonOffset: 7_500_000_000))
        let a = try OSMLoader.load(pbf: Data(plain.data), path: "station.osm.pbf")
        let b = try OSMLoader.load(pbf: Self.pbf(Self.station()), path: "station.osm.pbf")
        #expect(content(a) == content(b))
    }

    @Test func unknownBlobTypesAreSkipped() throws {
        var file = PBFWriter()
        file.blob("OSMHeader", PBFWriter.header())
        file.blob("MyIndex", [1, 2, 3])
        file.blob("OSMData", PBFWriter.block(Self.station()))
        let venue = try OSMLoader.load(pbf: Data(file.data), path: "x.osm.pbf")
        #expect(venue.name.resolved() == "Teststadt Hbf")
    }

    /// Broken files, each with the words the error must contain.
    static let broken: [(name: String, data: [UInt8], says: String)] = {
        var cases: [(String, [UInt8], String)] = []
        cases.append(("empty", [], "no OSMHeader blob"))
        cases.append(("XML named .pbf", Array("<osm></osm>".utf8), "blob 1"))
        cases.append(("cut in a header length", [0, 0], "ends inside a blob header length"))
        var big = PBFWriter()
        big.blob("OSMHeader", PBFWriter.header(), declaredSize: 40 << 20)
        cases.append(("a 40 MiB blob", big.data, "more than the 32 MiB allowed"))
        var cut = PBFWriter()
        cut.blob("OSMHeader", PBFWriter.header())
        cut.blob("OSMData", PBFWriter.block(station()))
        cases.append(("cut inside a blob", Array(cut.data.dropLast(10)), "blob 2 (OSMData)"))
        var history = PBFWriter()
        history.blob("OSMHeader", PBFWriter.header(features: ["OsmSchema-V0.6", "HistoricalInformation"]))
        cases.append(("a history file", history.data, "requires \"HistoricalInformation\""))
        var first = PBFWriter()
        first.blob("OSMData", PBFWriter.block(station()))
        cases.append(("data before the header", first.data, "data comes before the OSMHeader blob"))
        // A way whose key is string 99 of a table of 2.
        var badIndex = ProtobufWriter()
        badIndex.message(1) { t in t.string(1, ""); t.string(1, "highway") }
        badIndex.message(2) { g in g.message(3) { w in w.int(1, 7); w.packed(2, [99], zigzag: false); w.packed(3, [1], zigzag: false) } }
        var strings = PBFWriter()
        strings.blob("OSMHeader", PBFWriter.header())
        strings.blob("OSMData", badIndex.bytes)
        cases.append(("a string index out of the table", strings.data, "string 99 is not in the block's table of 2"))
        // A zlib blob that is not zlib.
        var zlib = ProtobufWriter()
        zlib.int(2, 100)
        zlib.bytes(3, [1, 2, 3, 4])
        var header = ProtobufWriter()
        header.string(1, "OSMHeader")
        header.int(3, Int64(zlib.bytes.count))
        let n = header.bytes.count
        cases.append(("corrupt zlib", [0, 0, 0, UInt8(n)] + header.bytes + zlib.bytes, "zlib data is corrupt"))
        var lzma = ProtobufWriter()
        lzma.bytes(4, [1, 2, 3])
        var lzmaHeader = ProtobufWriter()
        lzmaHeader.string(1, "OSMHeader")
        lzmaHeader.int(3, Int64(lzma.bytes.count))
        cases.append(("LZMA", [0, 0, 0, UInt8(lzmaHeader.bytes.count)] + lzmaHeader.bytes + lzma.bytes, "LZMA-compressed blobs are not supported"))
        return cases.map { (name: $0.0, data: $0.1, says: $0.2) }
    }()

    @Test(arguments: broken.indices)
    func aBrokenPBFIsRefusedSayingWhichBlobAndWhy(index: Int) throws {
        let (name, data, says) = Self.broken[index]
        do {
            _ = try OSMLoader.load(pbf: Data(data), path: "broken.osm.pbf")
            Issue.record("\(name): loaded")
        } catch {
            let message = error.localizedDescription
            #expect(message.contains(says), "\(name): \(message)")
            #expect(message.contains("broken.osm.pbf"), "\(name): \(message)")
        }
    }

    @Test func everyPrefixOfAPBFIsReadOrRefusedWithoutACrash() {
        let data = [UInt8](Self.pbf(Self.station()))
        var loaded = 0
        for n in stride(from: 0, through: data.count, by: 7) {
            if (try? OSMLoader.load(pbf: Data(data.prefix(n)), path: "p.osm.pbf")) != nil { loaded += 1 }
        }
        // Only a prefix that ends at a blob boundary after the data blob is a whole file.
        #expect(loaded <= 1)
    }

    @Test func seededRandomBytesNeverCrashTheReader() {
        var rng = SeededGenerator(seed: 12)
        let valid = [UInt8](Self.pbf(Self.station()))
        for _ in 0..<300 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            _ = try? OSMLoader.load(pbf: Data(bytes), path: "r.osm.pbf")
        }
    }
}

@Suite struct ProtobufReaderTests {
    static let varints: [(bytes: [UInt8], value: UInt64)] = [
        ([0x96, 0x01], 150), ([0x00], 0), ([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01], UInt64.max),
    ]

    @Test(arguments: varints.indices)
    func readsVarints(index: Int) throws {
        let (bytes, value) = Self.varints[index]
        var r = ProtobufReader(bytes)
        #expect(try r.varint() == value)
        #expect(r.isAtEnd)
    }

    @Test(arguments: [[0x80, 0x80] as [UInt8], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]])
    func refusesCutOrOverlongVarints(bytes: [UInt8]) {
        var r = ProtobufReader(bytes)
        #expect(throws: ProtobufError.self) { try r.varint() }
    }

    @Test func zigzagDecodesSignedValues() {
        #expect(ProtobufReader.zigzag(0) == 0)
        #expect(ProtobufReader.zigzag(1) == -1)
        #expect(ProtobufReader.zigzag(2) == 1)
        #expect(ProtobufReader.zigzag(UInt64.max) == Int64.min)
    }

    @Test func aLengthPastTheEndIsRefused() {
        var r = ProtobufReader([0x0A, 0x05, 1, 2])
        #expect(throws: ProtobufError.self) {
            _ = try r.nextField()
            _ = try r.lengthDelimited()
        }
    }

    @Test func packedAndUnpackedRepeatedFieldsReadAlike() throws {
        var w = ProtobufWriter()
        w.packed(2, [1, 2, 300], zigzag: false)
        w.int(2, 4)
        var r = ProtobufReader(w.bytes)
        var values: [Int64] = []
        while let (field, wire) = try r.nextField() {
            #expect(field == 2)
            try r.appendRepeated(wire, to: &values, ProtobufReader.twosComplement)
        }
        #expect(values == [1, 2, 300, 4])
    }
}
