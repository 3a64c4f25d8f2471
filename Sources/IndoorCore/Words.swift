import IndoorText

/// The web map's own words in one language (`GET /v1/words?lang=`): its buttons, labels and messages, from the
/// text module (`PageWords`), so that the page keeps no table of its own and says a level as the instructions do.
public struct WordsResponse: Codable, Hashable, Sendable {
    /// The language the words are in: `en`, `fr`, `de` or `ru` (English for any other tag).
    public let language: String
    /// Key → words, `{placeholders}` to be filled in by the page.
    public let words: [String: String]

    /// The words for a language tag such as `fr` or `de-AT`; English for `nil` or a language not offered.
    public init(language tag: String?) {
        let language = InstructionLanguage(tag: tag)
        self.language = language.rawValue
        words = PageWords.words(in: language)
    }
}
