@testable import IndoorText
import Testing

/// The words around instructions in each language: counts with the plural the count takes, durations rounded as
/// people say them, a summary with no word of another language.
@Suite struct PhrasesTests {
    /// The phrasebook is data (`Words/phrases.json`): every phrase in every language, each with no placeholder the
    /// English lacks (the code fills the English's; one it does not fill would show as `{name}`), save one the English
    /// leaves unsaid. A language may
    /// have a form of a count English has not (Russian's `.few`), and nothing else of its own.
    @Test(arguments: InstructionLanguage.allCases)
    func everyPhraseIsInEveryLanguageWithTheEnglishsPlaceholders(language: InstructionLanguage) throws {
        let english = try #require(Phrasebook.phrases[.en]), phrases = try #require(Phrasebook.phrases[language])
        #expect(english.count > 100, "the data file decodes")
        // What the code fills that English does not say: a named connector is its name alone ("Take Elevator B up"),
        // where French says "l'ascenseur B".
        let unsaidInEnglish: [String: Set<String>] = ["connector.named": ["connector"]]
        for (key, template) in english {
            let said = try #require(phrases[key], "\(key) in \(language)")
            let filled = template.slots.union(unsaidInEnglish[key] ?? [])
            #expect(said.slots.isSubset(of: filled), "\(key) in \(language): \(said.slots) beyond \(filled)")
        }
        for key in phrases.keys where english[key] == nil {
            #expect(key.hasSuffix(".few") && english[key.dropLast(4) + ".many"] != nil, "\(key) in \(language) only")
        }
    }

    /// Placeholders are filled by name, in any order and any number of times; one without a value stays as written.
    @Test func aTemplateFillsItsPlaceholdersByName() {
        let template = Template("«{to}» {from}–{to} {missing} {")
        #expect(template.slots == ["to", "from", "missing"])
        #expect(template.filled(["from": "A", "to": "B"]) == "«B» A–B {missing} {")
    }

    /// Russian's three forms follow the last digits (1, 21, 101: one; 2–4, 22–24: few; 5–20, 25–30, 111–114:
    /// many); French takes the singular for 0 and 1; English and German for 1 only.
    @Test(arguments: [
        (InstructionLanguage.ru, 1, "1 минута"), (.ru, 2, "2 минуты"), (.ru, 4, "4 минуты"), (.ru, 5, "5 минут"),
        (.ru, 11, "11 минут"), (.ru, 12, "12 минут"), (.ru, 14, "14 минут"), (.ru, 21, "21 минута"), (.ru, 22, "22 минуты"),
        (.ru, 25, "25 минут"), (.ru, 101, "101 минута"), (.ru, 111, "111 минут"), (.ru, 0, "0 минут"),
        (.fr, 0, "0 minute"), (.fr, 1, "1 minute"), (.fr, 2, "2 minutes"),
        (.en, 0, "0 minutes"), (.en, 1, "1 minute"), (.en, 2, "2 minutes"),
        (.de, 1, "1 Minute"), (.de, 2, "2 Minuten"),
    ])
    func countsTakeThePluralOfTheirLanguage(language: InstructionLanguage, n: Int, expected: String) {
        let forms: (String, String, String) = switch language {
        case .en: ("minute", "minutes", "minutes")
        case .fr: ("minute", "minutes", "minutes")
        case .de: ("Minute", "Minuten", "Minuten")
        case .ru: ("минута", "минуты", "минут")
        }
        #expect(language.counted(n, one: forms.0, few: forms.1, many: forms.2) == expected)
    }

    /// Seconds to 5 s below a minute (at least 5 s), then minutes, then hours and minutes, each unit in the plural
    /// its count takes.
    @Test(arguments: [
        (InstructionLanguage.en, 0.0, "5 seconds"), (.en, 21, "20 seconds"), (.en, 42, "40 seconds"), (.en, 58, "1 minute"),
        (.en, 89, "1 minute"), (.en, 91, "2 minutes"), (.en, 3600, "1 hour"), (.en, 3900, "1 hour 5 minutes"),
        (.fr, 21, "20 secondes"), (.fr, 60, "1 minute"), (.fr, 7200, "2 heures"),
        (.de, 21, "20 Sekunden"), (.de, 60, "1 Minute"), (.de, 300, "5 Minuten"), (.de, 3660, "1 Stunde 1 Minute"),
        (.ru, 21, "20 секунд"), (.ru, 60, "1 минута"), (.ru, 120, "2 минуты"), (.ru, 300, "5 минут"), (.ru, 1260, "21 минута"),
        (.ru, 7200, "2 часа"), (.ru, 18_000, "5 часов"), (.ru, 3720, "1 час 2 минуты"),
    ])
    func durationsAreRoundedAndCounted(language: InstructionLanguage, seconds: Double, expected: String) {
        #expect(language.duration(seconds) == expected)
    }

    /// An itinerary's summary is all in one language: the distance rounded and written as the language writes it,
    /// "about" and the duration's unit translated.
    @Test(arguments: [
        (InstructionLanguage.en, "A → B: 65 m, about 1 minute"),
        (.fr, "A → B: 65\u{00A0}m, environ 1 minute"),
        (.de, "A → B: 65\u{00A0}m, etwa 1 Minute"),
        (.ru, "A → B: 65\u{00A0}м, примерно 1 минута"),
    ])
    func summariesAreInOneLanguage(language: InstructionLanguage, expected: String) {
        #expect(language.summary(from: "A", to: "B", distance: 67, duration: 62) == expected)
    }
}
