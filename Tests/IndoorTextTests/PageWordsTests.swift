import IndoorText
import Testing

/// The web map's own words, held as data in the text module (`Words/page.json`) and served by `GET /v1/words`.
@Suite struct PageWordsTests {
    /// Every word in every language, with the placeholders the English has: a phrase missing in one language
    /// would show in English, and a placeholder missing would show a hole.
    @Test(arguments: InstructionLanguage.allCases)
    func everyWordIsInEveryLanguageWithItsPlaceholders(language: InstructionLanguage) throws {
        let english = PageWords.words(in: .en), words = PageWords.words(in: language)
        try #require(english.count > 50, "the data file decodes")
        func placeholders(_ text: String) -> [String] {
            text.split(separator: "{").dropFirst().compactMap { $0.split(separator: "}").first.map(String.init) }.sorted()
        }
        for (key, text) in english {
            let said = try #require(words[key], "\(key) in \(language)")
            #expect(placeholders(said) == placeholders(text), "\(key) in \(language): \(said)")
        }
    }

    /// A floor is called as the instructions call a level, from the phrasebook (the web map once said "Уровень"
    /// where the CLI said "Этаж").
    @Test func aLevelIsTheInstructionsWord() {
        #expect(PageWords.words(in: .ru)["level"] == "Этаж {ordinal}")
        #expect(PageWords.words(in: .de)["level"] == InstructionLanguage.de.level("{ordinal}"))
        #expect(PageWords.words(in: .en)["level"] == "Level {ordinal}")
    }
}
