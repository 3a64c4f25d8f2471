import Foundation
import IndoorBase
import IndoorGeometry
import IndoorSearch
import IndoorTestSupport
import IndoorVenue
import Testing

/// A whole name typed ranks first: as typed (room numbers with their separators and their order), then with spaces
/// and apostrophes ignored, then the start of a name, then words in any order.
@Suite struct RankingTests {
    static func venue(_ names: [(name: String, kind: POI.Kind, category: String)], seed: UInt64 = 1) throws -> SearchIndex {
        var rng = SeededGenerator(seed: seed)
        let levels = (-1...4).map { Level(id: "L\($0)", ordinal: Double($0), name: LocalizedText(["en": "Level \($0)"])) }
        let pois = names.enumerated().map { i, p in
            POI(id: "p\(i)", kind: p.kind, category: p.category, name: LocalizedText(p.name), levelID: levels[Int(rng.next() % 6)].id,
                coordinate: GeoCoordinate(longitude: 2.35 + Double(rng.next() % 10_000) / 1e6, latitude: 48.85 + Double(rng.next() % 10_000) / 1e6))
        }
        let frame = try LocalFrame(origin: GeoCoordinate(longitude: 2.355, latitude: 48.855))
        return SearchIndex(venue: Venue(id: "v", name: LocalizedText("V"), sourceFormat: "test", buildings: [], levels: levels,
                                        spaces: [], openings: [], connectors: [], pois: pois, obstacles: [], issues: [], frame: frame))
    }

    @Test(arguments: [("mc donalds", "McDonald's"), ("mcdonalds", "McDonald's"), ("McDonald's", "McDonald's"),
                      ("mc paper", "McPaper"), ("starbucks coffee", "Starbucks Coffee"), ("le crobag", "Le Crobag"),
                      ("dm drogerie", "dm-drogerie markt"), ("H&M", "H&M"), ("Café", "Café")])
    func aWholeNameRanksBeforeOtherNames(text: String, expected: String) throws {
        let index = try Self.venue([("McPaper", .occupant, "shop.stationery"), ("McDonald's", .occupant, "fast_food"),
                                    ("McFit", .occupant, "fitness"), ("Mc Clean", .amenity, "toilets"),
                                    ("Starbucks Coffee", .occupant, "cafe"), ("Starbucks", .occupant, "cafe"),
                                    ("Le Crobag", .occupant, "shop.bakery"), ("Crobag Express", .occupant, "shop.bakery"),
                                    ("dm-drogerie markt", .occupant, "shop.chemist"), ("Drogerie Müller", .occupant, "shop.chemist"),
                                    ("H&M", .occupant, "shop.clothes"), ("H Hotel", .amenity, "tourism.hotel"),
                                    ("Café", .amenity, "cafe"), ("Café Müller", .occupant, "cafe")])
        let results = index.search(SearchQuery(text, limit: 5))
        #expect(results.first?.poi.name.resolved() == expected, "\(text) → \(results.map { $0.poi.displayName() })")
    }

    /// Room numbers of the schemes real buildings use, thousands of rooms each.
    enum Scheme: CaseIterable {
        case buildingFloorNumber  // B-2-104
        case dotted               // A.1.12
        case floorNumber          // 2-105
        case wingCode             // R0-1-1-5

        func names(_ rng: inout SeededGenerator) -> [String] {
            var out: [String] = []
            let buildings = 2 + Int(rng.next() % 4), floors = 3 + Int(rng.next() % 5), rooms = 20 + Int(rng.next() % 100)
            for b in 0..<buildings {
                let letter = String(UnicodeScalar(UInt8(65 + b)))
                for f in -1..<floors {
                    for r in 1...rooms {
                        switch self {
                        case .buildingFloorNumber: out.append("\(letter)-\(f)-\(abs(f) * 100 + r)")
                        case .dotted: out.append("\(letter).\(f).\(r)")
                        case .floorNumber: out.append("\(f)-\(abs(f) * 100 + r + b * 1000)")
                        case .wingCode: out.append("R\(b)-\(f)-\(1 + r % 4)-\(1 + r / 4)")
                        }
                    }
                }
            }
            return Array(Set(out)).sorted()
        }
    }

    @Test(arguments: Scheme.allCases, TestTier.sample([1, 2, 3] as [UInt64], unit: 1))
    func anExactRoomNumberIsAlwaysFirst(scheme: Scheme, seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let names = scheme.names(&rng)
        #expect(names.count >= 400)
        let index = try Self.venue(names.map { ($0, .room, "room") }, seed: seed)
        var wrong: [String] = []
        // Every name with the integration tier; 400 of them, evenly spaced, in the unit tier.
        for name in TestTier.sample(names, unit: 400) {
            let first = index.search(SearchQuery(name, limit: 3)).first
            if first?.poi.name.resolved() != name || first?.nameMatch != 3 { wrong.append("\(name) → \(first?.poi.name.resolved() ?? "nothing")") }
            // Typed with spaces for its separators, the first result has the same letters and digits in the same order.
            let spaced = name.map { $0.isLetter || $0.isNumber ? String($0) : " " }.joined()
            let compact = { (s: String) in s.filter { $0.isLetter || $0.isNumber }.lowercased() }
            if let f = index.search(SearchQuery(spaced, limit: 1)).first?.poi.name.resolved(), compact(f) != compact(name) {
                wrong.append("\(spaced) → \(f)")
            }
        }
        print("\(scheme) seed \(seed): \(names.count) rooms, \(wrong.count) not first")
        #expect(wrong.isEmpty, "\(scheme) seed \(seed), \(names.count) rooms: \(wrong.count) wrong, e.g. \(wrong.prefix(5))")
    }

    @Test func theIssuesExample() throws {
        let names = (0...1).flatMap { b in (0...2).flatMap { f in (0...2).flatMap { w in (1...9).map { "R\(b)-\(f)-\(w)-\($0)" } } } }
        let index = try Self.venue(names.map { ($0, .room, "room") })
        let results = index.search(SearchQuery("R0-1-1-5", limit: 3))
        #expect(results.first?.poi.name.resolved() == "R0-1-1-5")
        #expect(results.first.map { r in results.dropFirst().allSatisfy { $0.nameMatch < r.nameMatch } } == true)
    }
}
