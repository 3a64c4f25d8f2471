import Foundation
import IndoorGeometry
import IndoorSampleVenue
import IndoorSearch
import IndoorVenue
import Testing

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The shipped venues, indexed once for all tests.
enum Venues {
    static let hub: SearchIndex? = (try? SampleVenue.load()).map { SearchIndex(venue: $0) }
    static let spbstu: SearchIndex? = (try? VenueLoader.load(path: repositoryRoot.appendingPathComponent("venues/imdf-spbstu-polytech").path))
        .map { SearchIndex(venue: $0) }
    static let apb: SearchIndex? = (try? VenueLoader.load(path: repositoryRoot.appendingPathComponent("venues/osm-dresden-apb/apb.osm").path))
        .map { SearchIndex(venue: $0) }
    /// The shared stations (OSM as routers meet it: elevators as nodes, entrances labelled by `description`).
    static let darmstadt: SearchIndex? = (try? VenueLoader.load(path: repositoryRoot.appendingPathComponent("venues/osm-stations/da_hbf.osm").path))
        .map { SearchIndex(venue: $0) }
    static let hackney: SearchIndex? = (try? VenueLoader.load(path: repositoryRoot.appendingPathComponent("venues/osm-stations/london-corridor.osm.pbf").path))
        .map { SearchIndex(venue: $0) }

    /// Every shipped venue, by name.
    static var all: [(name: String, index: SearchIndex?)] {
        [("hub", hub), ("spbstu", spbstu), ("apb", apb), ("darmstadt", darmstadt), ("hackney", hackney)]
    }

    static func named(_ name: String) -> SearchIndex? {
        switch name {
        case "hub": hub
        case "spbstu": spbstu
        case "apb": apb
        default: nil
        }
    }
}

/// One line of `Fixtures/queries.tsv`.
struct LabelledQuery: CustomStringConvertible {
    let venue: String
    let text: String
    let kind: String
    let accepted: [(key: String, value: String)]

    var description: String { "[\(venue)] \(text)" }

    func accepts(_ poi: POI) -> Bool {
        accepted.contains { key, value in
            switch key {
            case "name": poi.name.allTexts.contains(value)
            case "category": poi.category == value || poi.category.hasPrefix(value + ".")
            case "ref": poi.ref == value
            default: false
            }
        }
    }

    static func all() throws -> [LabelledQuery] {
        let url = repositoryRoot.appendingPathComponent("Tests/IndoorSearchTests/Fixtures/queries.tsv")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 4 else { return nil }
            let accepted = f[3].split(separator: ";").compactMap { part -> (String, String)? in
                guard let eq = part.firstIndex(of: "=") else { return nil }
                return (String(part[..<eq]), String(part[part.index(after: eq)...]))
            }
            return LabelledQuery(venue: f[0], text: f[1], kind: f[2], accepted: accepted)
        }
    }
}

@Suite struct SearchRecallTests {
    /// recall@k: the share of labelled queries with a right answer among the first k results.
    @Test func recallOnTheLabelledQuerySet() throws {
        let queries = try LabelledQuery.all()
        #expect(queries.count >= 60)
        var at1 = 0, at5 = 0
        var misses: [String] = []
        for q in queries {
            let index = try #require(Venues.named(q.venue), "venue \(q.venue)")
            let results = index.search(SearchQuery(q.text, limit: 5))
            if let first = results.first, q.accepts(first.poi) { at1 += 1 } else {
                misses.append("\(q) → \(results.first.map { "\($0.poi.name.resolved() ?? $0.poi.ref ?? "?") (\($0.poi.category))" } ?? "nothing")")
            }
            if results.contains(where: { q.accepts($0.poi) }) { at5 += 1 }
        }
        let recall1 = Double(at1) / Double(queries.count), recall5 = Double(at5) / Double(queries.count)
        print("search recall on \(queries.count) labelled queries: @1 \(recall1), @5 \(recall5); first-result misses:\n  "
              + misses.joined(separator: "\n  "))
        #expect(recall1 >= 0.9)
        #expect(recall5 >= 0.98)
    }
}
