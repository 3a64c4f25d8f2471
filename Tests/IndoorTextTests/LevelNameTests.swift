import Foundation
import IndoorTestSupport
import IndoorText
import IndoorVenue
import Testing

/// What a level is called in the reader's language: its own name, else the word for a level and its ordinal. OSM
/// levels have no name, so a German or Russian itinerary, map or search result on an OSM station says "Ebene -1"
/// or "Этаж -1", not "Level -1".
@Suite struct LevelNameTests {
    @Test(arguments: [(["en"], "Level -1"), (["fr"], "Niveau -1"), (["de-AT", "en"], "Ebene -1"), (["ru"], "Этаж -1"),
                      (["it"], "Level -1"), ([], "Level -1")])
    func anUnnamedLevelIsCalledByItsOrdinalInTheReadersLanguage(languages: [String], expected: String) {
        #expect(Level(id: "-1", ordinal: -1, name: LocalizedText()).displayName(for: languages) == expected)
    }

    @Test func aNamedLevelKeepsItsName() {
        let level = Level(id: "L1", ordinal: 1, name: LocalizedText(["en": "Mezzanine", "fr": "Mezzanine", "ru": "Антресоль"]))
        #expect(level.displayName(for: ["ru"]) == "Антресоль")
        #expect(level.displayName(for: ["de"]) == "Mezzanine", "a name in another language before a made-up one")
    }

    /// Kind: an OSM station, whose levels are numbers (`level=-1`) with no name.
    @Test func osmLevelsHaveNoMadeUpName() throws {
        var osm = OSMSketch()
        osm.way([osm.node(0, 0), osm.node(30, 0)], ["highway": "footway", "level": "-1"])
        let path = NSTemporaryDirectory() + "indoornav-levels-\(UUID().uuidString).osm"
        try Data(osm.xml().utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let level = try #require(try OSMLoader.load(path: path).levels.first)
        #expect(level.name.resolved(for: ["en"]) == nil)
        #expect(level.displayName(for: ["de"]) == "Ebene -1")
    }
}
