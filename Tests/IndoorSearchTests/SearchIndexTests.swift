import Foundation
import IndoorBase
import IndoorGeometry
import IndoorSampleVenue
import IndoorSearch
import IndoorVenue
import Testing

@Suite struct TextNormalizerTests {
    @Test(arguments: [
        ("Café Müller", ["cafe", "muller"]),
        ("STRAßE", ["strasse"]),
        ("Ёлка и ЁЖ", ["елка", "и", "еж"]),
        ("A1605", ["a1605", "a", "1605"]),
        ("room-1021b", ["room", "1021b", "1021", "b"]),
        ("Œuvre, Ærø; Łódź", ["oeuvre", "aero", "lodz"]),
        ("  \u{0}\u{7}\t", []),
    ])
    func foldsAndTokenises(text: String, expected: [String]) {
        #expect(TextNormalizer.tokens(text) == expected)
    }

    @Test func boundsAbsurdInput() {
        let long = String(repeating: "a", count: 10_000)
        let tokens = TextNormalizer.tokens(long)
        #expect(tokens.count == 1 && tokens[0].count == TextNormalizer.maximumTokenLength)
        #expect(TextNormalizer.tokens(String(repeating: "ab ", count: 5000)).count == TextNormalizer.maximumTokens)
    }
}

@Suite struct SearchIndexTests {
    let index = Venues.hub

    /// Kind: a venue built by hand whose POI names a level the venue does not list. The place is found, its level
    /// unknown (`nil`), not made the ground floor.
    @Test func aPlaceOnALevelTheVenueDoesNotListHasNoOrdinal() throws {
        var venue = try SampleVenue.load()
        let k = try #require(venue.pois.firstIndex { $0.name.resolved(for: ["en"]) == "Relay" })
        venue.pois[k].levelID = "unlisted"
        let result = try #require(SearchIndex(venue: venue).search(SearchQuery("Relay")).first)
        #expect(result.poi.id == venue.pois[k].id)
        #expect(result.levelOrdinal == nil)
    }

    @Test func unknownAndEmptyQueriesReturnNothing() throws {
        let index = try #require(self.index)
        for text in ["", "   ", "xyzzy", "qqqqqqqqqq", "\u{0}\u{1}\u{1B}[31m", String(repeating: "z", count: 10_000),
                     String(repeating: "\u{301}", count: 10_000), String(repeating: "한", count: 18)] {
            #expect(index.search(SearchQuery(text)).isEmpty, "\(text.prefix(20).debugDescription)")
        }
    }

    @Test func neverTrapsOnRandomInput() throws {
        let index = try #require(self.index)
        var rng = SeededGenerator(seed: 11)
        let alphabet = Array("aécmülr ТУАЛЕТ0123456789-_.,;:'\"\\/\u{0}\u{7F}\u{200B}\u{FEFF}😀")
        for _ in 0..<500 {
            let text = String((0..<Int(rng.next() % 30)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            _ = index.search(SearchQuery(text))
        }
    }

    @Test func completesAsYouType() throws {
        let index = try #require(self.index)
        let steps = index.autocomplete("cafe muller")
        #expect(steps.count == 11)
        #expect(steps.map(\.typed).last == "cafe muller")
        // From "cafe m" on, Café Müller is the first suggestion.
        for step in steps.dropFirst(5) {
            #expect(step.results.first?.poi.name.resolved() == "Café Müller", "\(step.typed)")
        }
    }

    @Test func ranksEquallyRelevantResultsByDistance() throws {
        let index = try #require(self.index)
        let venue = index.venue
        let concourse = try #require(venue.levels.first { $0.ordinal == 0 })
        let from = try #require(venue.pois.first { $0.name.resolved() == "Relay" })
        var query = SearchQuery("toilet")
        query.near = .coordinate(from.coordinate, levelID: concourse.id)
        let results = index.search(query)
        #expect(results.first?.poi.levelID == concourse.id)
        let distances = results.prefix(3).compactMap(\.distance)
        #expect(distances == distances.sorted())
        #expect(results.allSatisfy { $0.distance != nil })
    }

    /// Given walking distances, equally relevant results are ordered by them, and they are the distances reported.
    @Test func walkingDistancesReorderEquallyRelevantResults() throws {
        let index = try #require(self.index)
        let venue = index.venue
        let relay = try #require(venue.pois.first { $0.name.resolved() == "Relay" })
        var query = SearchQuery("category:restroom", limit: 9)
        query.near = .coordinate(relay.coordinate, levelID: relay.levelID)
        let straight = index.search(query)
        // Pretend walls make the farthest the nearest on foot.
        let reversed = Dictionary(uniqueKeysWithValues: straight.enumerated().map { ($1.poi.id, Double(100 - $0)) })
        let walked = index.search(query, walkingDistance: { reversed[$0.id] })
        #expect(walked.map(\.poi.id) == straight.map(\.poi.id).reversed())
        #expect(walked.first?.distance == 92)
        // Unreachable results come last.
        let unreachable = index.search(query, walkingDistance: { $0.id == straight[0].poi.id ? nil : 1 })
        #expect(unreachable.last?.poi.id == straight[0].poi.id)
        #expect(unreachable.last?.distance == nil)
    }

    @Test func filtersByBuilding() throws {
        let index = try #require(Venues.spbstu)
        let venue = index.venue
        // The campus has levels in two buildings: every result of a building filter is on one of its levels.
        let buildings = Set(venue.levels.flatMap(\.buildingIDs))
        #expect(buildings.count >= 2)
        for building in buildings {
            var query = SearchQuery("classroom", limit: 50)
            query.buildingID = building
            let results = index.search(query)
            #expect(!results.isEmpty)
            let levels = Set(venue.levels.filter { $0.buildingIDs.contains(building) }.map(\.id))
            #expect(results.allSatisfy { levels.contains($0.poi.levelID) })
        }
    }

    @Test func nearestOfACategory() throws {
        let index = try #require(self.index)
        let venue = index.venue
        let platforms = try #require(venue.levels.first { $0.ordinal == -1 })
        var query = SearchQuery("category:elevator", limit: 3)
        query.near = .coordinate(try #require(venue.pois.first { $0.name.resolved() == "Marché Express" }).coordinate, levelID: platforms.id)
        let results = index.search(query)
        #expect(results.first?.poi.levelID == platforms.id)
        #expect(results.allSatisfy { $0.poi.category == "elevator" })
    }

    @Test func filtersByLevelAndCategory() throws {
        let index = try #require(self.index)
        let mezzanine = try #require(index.venue.levels.first { $0.ordinal == 1 })
        var query = SearchQuery("restroom", limit: 20)
        query.levelIDs = [mezzanine.id]
        #expect(!index.search(query).isEmpty)
        #expect(index.search(query).allSatisfy { $0.poi.levelID == mezzanine.id })
        var byCategory = SearchQuery("", limit: 50)
        byCategory.category = "toilettes"
        let restrooms = index.search(byCategory)
        #expect(restrooms.count == 9)
        #expect(restrooms.allSatisfy { $0.poi.category.hasPrefix("restroom") })
    }

    @Test func resolvesPlacesByIdCoordinateAndName() throws {
        let index = try #require(self.index)
        let venue = index.venue
        let relay = try #require(venue.pois.first { $0.name.resolved() == "Relay" })
        #expect(try index.place(relay.id) == .poi(relay))
        #expect(try index.place("relay") == .poi(relay))
        guard case .coordinate(let c, let level) = try index.place("2.35,48.85@-1") else { Issue.record("not a coordinate"); return }
        #expect(c == GeoCoordinate(longitude: 2.35, latitude: 48.85))
        #expect(venue.level(id: level)?.ordinal == -1)
        #expect(throws: PlaceError.unknownLevel(text: "7", available: ["-1", "0", "1"])) { try index.place("2.35,48.85@7") }
        #expect(throws: PlaceError.self) { try index.place("200,48.85@0") }
        #expect(throws: PlaceError.self) { try index.place("xyzzy") }
    }
}
