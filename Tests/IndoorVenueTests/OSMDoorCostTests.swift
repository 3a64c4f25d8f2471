import Foundation
import IndoorBase
import IndoorGeometry
import IndoorTestSupport
@testable import IndoorVenue
import Testing

/// Every OSM door used to scan every way's node list for the ways through it (doors × ways × nodes).
@Suite struct OSMDoorCostTests {
    /// `rooms` rooms in a row, each a closed way of 12 nodes with a door node (no `level`: it takes its ways').
    static func document(rooms: Int) -> OSMDocument {
        var document = OSMDocument()
        var next: Int64 = 1
        for r in 0..<rooms {
            var refs: [Int64] = []
            for k in 0..<12 {
                let angle = Double(k) / 12 * 2 * .pi
                let tags = k == 0 ? ["door": "yes"] : [:]
                document.add(node: next, .init(coordinate: (lon: 13.72 + Double(r) * 1e-4 + 3e-5 * cos(angle), lat: 51.02 + 3e-5 * sin(angle)), tags: tags))
                refs.append(next)
                next += 1
            }
            document.add(way: Int64(r + 1), .init(refs: refs + [refs[0]], tags: ["indoor": "room", "level": "\(r % 3)"]))
        }
        return document
    }

    /// The doors of a document: each one's levels (from its ways) and its opening across the wall.
    static func doors(_ builder: OSMVenueBuilder, frame: LocalFrame) -> [Opening] {
        builder.document.nodeOrder.compactMap { nid -> Opening? in
            guard builder.document.nodes[nid]?.tags["door"] != nil, let level = builder.levelsOfWays(containing: nid).first else { return nil }
            return builder.door(id: "node/\(nid)", node: nid, levelID: Level.text(ordinal: level), tags: ["door": "yes"], frame: frame)
        }
    }

    @Test func doorsCostLinearTime() throws {
        let frame = try LocalFrame(origin: GeoCoordinate(longitude: 13.72, latitude: 51.02))
        let documents = [1_000: Self.document(rooms: 1_000), 2_000: Self.document(rooms: 2_000)]
        // Hash tables twice the size miss the cache a little more (about 2.05× on a quiet machine): five rounds at most.
        let growth = Growth.measure(size: 1_000, attempts: 5) { n in
            guard let document = documents[n] else { return }
            _ = Self.doors(OSMVenueBuilder(document: document, file: "rooms.osm"), frame: frame)
        }
        print("1,000 OSM doors: \(growth)")
        #expect(growth.ratio < 2.2, "\(growth.small) s for 1,000 doors, \(growth.large) s for 2,000")
        let doors = Self.doors(OSMVenueBuilder(document: Self.document(rooms: 10), file: "rooms.osm"), frame: frame)
        #expect(doors.count == 10)
        #expect(doors.map(\.levelID) == (0..<10).map { Level.text(ordinal: Double($0 % 3)) })
    }
}
