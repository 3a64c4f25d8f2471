import CSQLite
import Foundation
import IndoorBase
import IndoorGeometry
import IndoorSampleVenue
import IndoorSearch
import IndoorVenue

/// POI search, ours against SQLite FTS5 (`unicode61 remove_diacritics 2`, prefix queries, ranked by bm25):
/// index build time, query latency p50/p99 and recall, on the shipped venues and on a generated venue of
/// 20,000 POIs with 1,000 seeded queries (exact, prefix, typo, room number, category).
func runSearch() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    var venues: [(String, Venue, [SearchCase])] = []
    let labelled = try String(contentsOf: root.appendingPathComponent("Tests/IndoorSearchTests/Fixtures/queries.tsv"), encoding: .utf8)
        .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
    for (name, load) in [("hub", { try SampleVenue.load() }),
                         ("spbstu", { try VenueLoader.load(path: root.appendingPathComponent("venues/imdf-spbstu-polytech").path) }),
                         ("apb", { try VenueLoader.load(path: root.appendingPathComponent("venues/osm-dresden-apb/apb.osm").path) })]
        as [(String, () throws -> Venue)] {
        let cases = labelled.filter { $0.first == name && $0.count >= 3 }.map { SearchCase(text: $0[1], kind: $0[2], accepted: []) }
        venues.append((name, try load(), cases))
    }
    let (generated, cases) = SyntheticSearchVenue.make(poiCount: 20_000, queryCount: 1_000, seed: 20_261_129)
    venues.append(("generated-20k", generated, cases))
    if let dir = option("--export") { try exportSearchWorkload(generated, cases, to: dir) }

    for run in 1...repeats {
        for (name, venue, cases) in venues {
            for engine in [OursEngine.self, FTS5Engine.self] as [SearchEngine.Type] {
                let t0 = now()
                guard let built = engine.init(venue: venue) else { fail("\(engine.name) could not be built") }
                let t1 = now()
                var latencies: [Double] = []
                var byKind: [String: [Double]] = [:]
                var hits1: [String: Int] = [:], hits5: [String: Int] = [:], counts: [String: Int] = [:]
                for c in cases {
                    let q0 = now()
                    let ids = built.search(c.text, limit: 10)
                    latencies.append(now() - q0)
                    byKind[c.kind, default: []].append(latencies[latencies.count - 1])
                    guard !c.accepted.isEmpty else { continue }
                    counts[c.kind, default: 0] += 1
                    if let first = ids.first, c.accepted.contains(first) { hits1[c.kind, default: 0] += 1 }
                    if ids.prefix(5).contains(where: c.accepted.contains) { hits5[c.kind, default: 0] += 1 }
                }
                latencies.sort()
                func percentile(_ p: Double) -> Double { latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(p * Double(latencies.count)))] * 1000 }
                var line = "{\"suite\":\"search\",\"run\":\(run),\"venue\":\"\(name)\",\"engine\":\"\(engine.name)\","
                    + "\"pois\":\(venue.pois.count),\"queries\":\(cases.count),\"build_s\":\(t1 - t0),"
                    + "\"p50_ms\":\(percentile(0.5)),\"p99_ms\":\(percentile(0.99))"
                for (kind, l) in byKind.sorted(by: { $0.key < $1.key }) where !c_isLabelledOnly(cases) {
                    let sorted = l.sorted()
                    line += ",\"p50_ms_\(kind)\":\(sorted[sorted.count / 2] * 1000),\"p99_ms_\(kind)\":\(sorted[min(sorted.count - 1, Int(0.99 * Double(sorted.count)))] * 1000)"
                }
                for kind in counts.keys.sorted() {
                    let n = Double(counts[kind] ?? 1)
                    line += ",\"recall1_\(kind)\":\(Double(hits1[kind] ?? 0) / n),\"recall5_\(kind)\":\(Double(hits5[kind] ?? 0) / n)"
                }
                emit(line + "}")
            }
        }
    }
}

/// Whether the cases are the shipped venues' labelled queries (latency only, no kinds worth splitting).
func c_isLabelledOnly(_ cases: [SearchCase]) -> Bool { cases.allSatisfy { $0.accepted.isEmpty } }

/// A query with the POI ids that answer it right (empty: latency only).
struct SearchCase {
    let text: String
    let kind: String
    let accepted: Set<String>
}

protocol SearchEngine {
    static var name: String { get }
    init?(venue: Venue)
    func search(_ text: String, limit: Int) -> [String]
}

struct OursEngine: SearchEngine {
    static let name = "indoornav"
    let index: SearchIndex
    init?(venue: Venue) { index = SearchIndex(venue: venue) }
    func search(_ text: String, limit: Int) -> [String] { index.search(SearchQuery(text, limit: limit)).map(\.poi.id) }
}

/// SQLite FTS5 over the same fields (names in every language, alternative names, ref, category, level), with
/// each typed word a prefix term (`"caf"*`), all required, ranked by bm25.
final class FTS5Engine: SearchEngine {
    static let name = "sqlite-fts5"
    private var db: OpaquePointer?
    private var query: OpaquePointer?
    private var ids: [String] = []
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init?(venue: Venue) {
        guard sqlite3_open(":memory:", &db) == SQLITE_OK,
              sqlite3_exec(db, "CREATE VIRTUAL TABLE poi USING fts5(name, alt, ref, category, place, tokenize='unicode61 remove_diacritics 2')", nil, nil, nil) == SQLITE_OK,
              sqlite3_exec(db, "BEGIN", nil, nil, nil) == SQLITE_OK else { return nil }
        var insert: OpaquePointer?
        guard sqlite3_prepare_v2(db, "INSERT INTO poi(rowid, name, alt, ref, category, place) VALUES (?, ?, ?, ?, ?, ?)", -1, &insert, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(insert) }
        let levels = Dictionary(venue.levels.map { ($0.id, $0.name.allTexts.joined(separator: " ")) }, uniquingKeysWith: { a, _ in a })
        for (i, poi) in venue.pois.enumerated() {
            ids.append(poi.id)
            let fields = [poi.name.allTexts.joined(separator: " "), poi.altName.allTexts.joined(separator: " "), poi.ref ?? "",
                          poi.category.replacingOccurrences(of: ".", with: " "), levels[poi.levelID] ?? ""]
            sqlite3_bind_int64(insert, 1, Int64(i))
            for (k, f) in fields.enumerated() { sqlite3_bind_text(insert, Int32(k + 2), f, -1, Self.transient) }
            guard sqlite3_step(insert) == SQLITE_DONE else { return nil }
            sqlite3_reset(insert)
        }
        guard sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK,
              sqlite3_prepare_v2(db, "SELECT rowid FROM poi WHERE poi MATCH ? ORDER BY rank LIMIT ?", -1, &query, nil) == SQLITE_OK
        else { return nil }
    }

    deinit {
        sqlite3_finalize(query)
        sqlite3_close(db)
    }

    func search(_ text: String, limit: Int) -> [String] {
        let terms = TextNormalizer.tokensAndRuns(text, runs: false).map { "\"\($0.text)\"*" }
        guard !terms.isEmpty else { return [] }
        sqlite3_reset(query)
        sqlite3_bind_text(query, 1, terms.joined(separator: " "), -1, Self.transient)
        sqlite3_bind_int(query, 2, Int32(limit))
        var out: [String] = []
        while sqlite3_step(query) == SQLITE_ROW {
            let row = Int(sqlite3_column_int64(query, 0))
            if row >= 0, row < ids.count { out.append(ids[row]) }
        }
        return out
    }
}

/// A venue of `poiCount` POIs on ten levels with names drawn from word lists (English and French), room numbers
/// such as "B1207", and categories; and seeded queries, each with the POIs that answer it.
enum SyntheticSearchVenue {
    static let first = ["Café", "Boulangerie", "Librairie", "Pharmacie", "Fleurs", "Galerie", "Atelier", "Studio", "Maison",
                        "Bistro", "Épicerie", "Crêperie", "Papeterie", "Optique", "Boutique", "Salon", "Comptoir", "Marché"]
    static let second = ["Müller", "Dupont", "Lefèvre", "Rosalie", "Étoile", "Soleil", "Lumière", "Château", "Jardin",
                         "Horizon", "Mistral", "Océan", "Pavillon", "Brasserie", "Céleste", "Aurore", "Zéphyr", "Saint-Honoré",
                         "Montmartre", "Belleville", "Quintessence", "Providence", "Renaissance", "Harmonie"]
    static let firstWords = ["cafe": ["Café", "Bistro", "Comptoir"], "bakedgoods": ["Boulangerie", "Maison"],
                             "books": ["Librairie", "Papeterie"], "pharmacy": ["Pharmacie"], "florist": ["Fleurs", "Atelier"],
                             "restaurant": ["Crêperie", "Brasserie", "Salon"], "shopping": ["Boutique", "Galerie", "Optique",
                             "Studio", "Épicerie", "Marché"]]
    static let third = ["Nord", "Sud", "Est", "Ouest", "Centre", "Gare", "Quai", "Place", "Parc", "Port", "Pont", "Rive",
                        "Tour", "Cour", "Halle", "Porte", "Plage", "Butte", "Colline", "Vallée"]
    static let categories = ["cafe", "bakedgoods", "books", "pharmacy", "florist", "restaurant", "shopping", "restroom",
                             "classroom", "office", "laboratory", "atm", "information"]

    static func make(poiCount: Int, queryCount: Int, seed: UInt64) -> (Venue, [SearchCase]) {
        var rng = SeededGenerator(seed: seed)
        func pick<T>(_ a: [T]) -> T { a[Int(rng.next() % UInt64(a.count))] }
        let levels = (0..<10).map { Level(id: "L\($0)", ordinal: Double($0), name: LocalizedText(["en": "Level \($0)", "fr": "Niveau \($0)"])) }
        var combinations: [(Int, Int, Int)] = []
        for a in first.indices { for b in second.indices { for c in third.indices { combinations.append((a, b, c)) } } }
        combinations.shuffle(using: &rng)
        var pois: [POI] = []
        for i in 0..<poiCount {
            let level = levels[i % levels.count]
            let c = GeoCoordinate(longitude: 2.35 + Double(rng.next() % 10_000) / 1e6, latitude: 48.85 + Double(rng.next() % 10_000) / 1e6)
            let category = pick(categories)
            let ref = "\(pick(["A", "B", "C", "D", "E"]))\(Int(level.ordinal))\(String(format: "%03d", i % 1000))"
            let name: LocalizedText
            switch category {
            case "restroom", "atm", "information": name = LocalizedText(["en": category.capitalized, "fr": category == "restroom" ? "Toilettes" : category.uppercased()])
            case "classroom", "office", "laboratory": name = LocalizedText(["en": "\(category.capitalized) \(ref)"])
            default:
                // Unique names: the i-th of a seeded shuffle of every first × second × third combination.
                // The first word says what the shop is, as real names do ("Pharmacie …" is a pharmacy).
                let k = combinations[i % combinations.count]
                let firsts = firstWords[category] ?? first
                name = LocalizedText(["fr": "\(firsts[k.0 % firsts.count]) \(second[k.1]) \(third[k.2])"])
            }
            pois.append(POI(id: "poi-\(i)", kind: .occupant, category: category, name: name, ref: ref, levelID: level.id, coordinate: c))
        }
        var cases: [SearchCase] = []
        func answers(_ predicate: (POI) -> Bool) -> Set<String> { Set(pois.filter(predicate).map(\.id)) }
        let folded = Dictionary(uniqueKeysWithValues: pois.map { ($0.id, $0.name.allTexts.map(TextNormalizer.fold)) })
        while cases.count < queryCount {
            let target = pick(pois)
            guard let text = target.name.resolved("fr"), target.name.values["fr"] != nil else { continue }
            let words = text.split(separator: " ").map(String.init)
            switch cases.count % 5 {
            case 0:  // the whole name
                cases.append(SearchCase(text: text, kind: "exact", accepted: answers { $0.name.allTexts.contains(text) }))
            case 1:  // a name being typed: all but the last letters of the last word
                guard let last = words.last, last.count > 3 else { continue }
                let typed = (words.dropLast() + [String(last.prefix(last.count - 2))]).joined(separator: " ")
                let foldedTyped = TextNormalizer.fold(typed)
                cases.append(SearchCase(text: typed, kind: "prefix", accepted: answers { p in
                    (folded[p.id] ?? []).contains { $0.hasPrefix(foldedTyped) } }))
            case 2:  // one typo in a long word
                guard let k = words.indices.filter({ words[$0].count >= 5 }).randomElement(using: &rng) else { continue }
                var w = Array(words[k])
                let j = 1 + Int(rng.next() % UInt64(w.count - 2))
                switch rng.next() % 3 {
                case 0: w.swapAt(j, j + 1)
                case 1: w.remove(at: j)
                default: w[j] = w[j] == "x" ? "z" : "x"
                }
                var typo = words
                typo[k] = String(w)
                cases.append(SearchCase(text: typo.joined(separator: " "), kind: "typo", accepted: answers { $0.name.allTexts.contains(text) }))
            case 3:  // a room number, spaced as people type it
                guard let ref = target.ref else { continue }
                let spaced = "\(ref.prefix(1)) \(ref.dropFirst())"
                cases.append(SearchCase(text: rng.next() % 2 == 0 ? ref : spaced, kind: "ref", accepted: answers { $0.ref == ref }))
            default:  // a category in the visitor's words
                let words = ["restroom": "toilets", "cafe": "coffee", "bakedgoods": "bakery", "books": "bookshop",
                             "pharmacy": "pharmacie", "atm": "cash", "information": "info", "florist": "flowers"]
                guard let word = words[target.category] else { continue }
                let category = target.category
                cases.append(SearchCase(text: word, kind: "category", accepted: answers { $0.category == category }))
            }
        }
        let frame = (try? LocalFrame(origin: GeoCoordinate(longitude: 2.355, latitude: 48.855)))
        guard let frame else { fail("cannot make a frame") }
        let venue = Venue(id: "generated", name: LocalizedText("Generated"), sourceFormat: "generated", buildings: [],
                          levels: levels, spaces: [], openings: [], connectors: [], pois: pois, obstacles: [], issues: [], frame: frame)
        return (venue, cases)
    }
}

/// Writes the generated venue's POIs and its labelled queries for the peers that run outside this process
/// (tools/bench/peers/tantivy_search.py): `pois.jsonl` (the fields FTS5 indexes, plus `vocabulary`: the everyday
/// words of the category in en/fr/de/ru, which a peer may index to search in a visitor's words as we do) and
/// `queries.jsonl` (`kind`, `text`, `accepted` POI ids).
func exportSearchWorkload(_ venue: Venue, _ cases: [SearchCase], to dir: String) throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let levels = Dictionary(venue.levels.map { ($0.id, $0.name.allTexts.joined(separator: " ")) }, uniquingKeysWith: { a, _ in a })
    func line(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
    var pois = ""
    for poi in venue.pois {
        let vocabulary = CategoryVocabulary.everydayWords(for: poi.category)
        pois += try line(["id": poi.id, "name": poi.name.allTexts.joined(separator: " "), "alt": poi.altName.allTexts.joined(separator: " "),
                          "ref": poi.ref ?? "", "category": poi.category.replacingOccurrences(of: ".", with: " "),
                          "place": levels[poi.levelID] ?? "", "vocabulary": vocabulary.joined(separator: " ")]) + "\n"
    }
    var queries = ""
    for c in cases { queries += try line(["kind": c.kind, "text": c.text, "accepted": c.accepted.sorted()]) + "\n"}
    try Data(pois.utf8).write(to: URL(fileURLWithPath: dir).appendingPathComponent("pois.jsonl"))
    try Data(queries.utf8).write(to: URL(fileURLWithPath: dir).appendingPathComponent("queries.jsonl"))
}
