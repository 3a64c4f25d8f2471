import IndoorVenue

/// A level's words: what a level with no name is called, in the language of the sentence it is in.
extension Level {
    /// What to call the level: its name in the first of `languages` it has one in (see
    /// ``LocalizedText/resolved(for:)``), else the word for a level in `wordLanguage` (default: the first of
    /// `languages`) and its ordinal, as the phrasebook says it (``InstructionLanguage/level(_:)``: "Level 2",
    /// "Niveau 2", "Ebene 2", "Этаж 2"; English in a language without one). An itinerary passes its
    /// instruction language as `wordLanguage`, so the made-up name speaks the language of the sentence it is in.
    public func displayName(for languages: [String], wordLanguage: String? = nil) -> String {
        name.resolved(for: languages) ?? InstructionLanguage(tag: wordLanguage ?? languages.first).level(ordinalText)
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
