import IndoorVenue

/// A level's words: what a level with no name is called, in the language of the sentence it is in.
extension Level {
    /// What to call the level: its name in the first of `languages` it has one in (see
    /// ``LocalizedText/resolved(for:)``), else the word for a level in `wordLanguage` (default: the first of
    /// `languages`) and its ordinal ("Level 2", "Niveau 2", "Ebene 2", "Этаж 2"). An itinerary passes its
    /// instruction language as `wordLanguage`, so the made-up name speaks the language of the sentence it is in.
    public func displayName(for languages: [String], wordLanguage: String? = nil) -> String {
        name.resolved(for: languages) ?? "\(Level.word(in: wordLanguage ?? languages.first ?? "en")) \(ordinalText)"
    }

    /// The word a level is called by in `language` (a tag such as `de` or `de-AT`): "Level", "Niveau", "Ebene",
    /// "Этаж"; "Level" in a language without one here. The phrasebook's word: instructions, the CLI and the web
    /// map all say it.
    public static func word(in language: String) -> String {
        switch LocalizedText.primaryLanguage(of: language) {
        case "fr": "Niveau"
        case "de": "Ebene"
        case "ru": "Этаж"
        default: "Level"
        }
    }
}

extension Venue {
    /// How a floor is written when its levels go by different names (two buildings of a campus numbering the same
    /// storey differently): the names of `levels`, in order and each once, in the first of `languages` each has,
    /// joined by " / " ("Level 2 / Level 3"); a level without a name as `Level.displayName(for:wordLanguage:)`
    /// calls it.
    public func names(of levels: [Level], languages: [String]) -> String {
        var names: [String] = []
        for level in levels {
            let name = level.displayName(for: languages)
            if !names.contains(name) { names.append(name) }
        }
        return names.joined(separator: " / ")
    }
}
