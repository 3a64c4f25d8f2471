import IndoorVenue

extension POI {
    /// What to call the place when showing it: its name in the first of `languages` that has one, else another
    /// name it has (an OSM `alt_name` or `description`); else a room's or section's number (what its door says);
    /// else its kind in the first of `languages` the vocabulary speaks (`de-AT` speaks `de`; English by default), with its number when
    /// it has one: "Vending machine 401102", "Geldautomat", "Туалет" (``CategoryVocabulary/label(for:language:)``);
    /// else its category in words ("Vending machine" for `vending_machine.foo`).
    public func displayName(for languages: [String] = []) -> String {
        if let name = name.resolved(for: languages) ?? altName.resolved(for: languages) { return name }
        if kind == .room || kind == .section, let ref, !ref.isEmpty { return ref }
        // A tag's language ("de-AT" → de), as names are resolved.
        let language = languages.lazy.map { LocalizedText.primaryLanguage(of: $0).lowercased() }
            .first(where: CategoryVocabulary.languages.contains) ?? "en"
        let label = CategoryVocabulary.label(for: category, language: language) ?? Self.words(of: category)
        guard let ref, !ref.isEmpty else { return label }
        return label.isEmpty ? ref : "\(label) \(ref)"
    }

    /// A category's first part as words ("vending_machine.x" → "Vending machine"); empty for an empty category.
    static func words(of category: String) -> String {
        let first = category.split(separator: ".").first.map { $0.split(separator: "_").joined(separator: " ") } ?? ""
        return first.prefix(1).uppercased() + first.dropFirst()
    }
}
