import Foundation

/// The web map's own words — its buttons, labels and messages — held as data (`Words/page.json`) beside the
/// phrasebook, and served to the page by `GET /v1/words`, so that the page has no table of its own. Placeholders
/// such as `{ordinal}` are filled in by the page. A level's word is the phrasebook's ("Этаж {ordinal}"), the same
/// as the instructions and the command line say.
public enum PageWords {
    /// Every word of the page in `language`: each in that language, else in English.
    public static func words(in language: InstructionLanguage) -> [String: String] {
        var words = table["en"] ?? [:]
        for (key, text) in table[language.rawValue] ?? [:] { words[key] = text }
        words["level"] = language.level("{ordinal}")
        return words
    }

    /// The words by language, then by key, as the data file gives them (compiled in from Words/page.json;
    /// PageWordsTests checks it decodes, with every key in every language).
    static let table = WordTable.decode(PackageResources.page_json)
}
