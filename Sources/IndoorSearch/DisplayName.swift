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
        return CategoryVocabulary.displayLabel(for: category, number: ref, language: language)
    }

    /// What the instructions call the place: its names (else its other names), else its number (a room or
    /// section), else its kind and number (``CategoryVocabulary/displayLabel(for:number:language:)``).
    public var spokenName: SpokenName {
        let names = name.isEmpty ? altName : name
        let number = ref.flatMap { $0.isEmpty ? nil : $0 }
        if names.isEmpty, kind == .room || kind == .section, let number {
            return SpokenName(id: id, names: names, standIn: .number(number))
        }
        return SpokenName(id: id, names: names, standIn: .kind(category: category, number: number))
    }
}

extension CategoryVocabulary {
    /// What to call an unnamed place of `category` in `language` (`en`, `fr`, `de`, `ru`), with its number when it
    /// has one: "Vending machine 401102", "Geldautomat" (``label(for:language:)``); else the category's first part
    /// in words ("Vending machine" for `vending_machine.foo`).
    public static func displayLabel(for category: String, number: String?, language: String) -> String {
        let first = category.split(separator: ".").first.map { $0.split(separator: "_").joined(separator: " ") } ?? ""
        let label = label(for: category, language: language) ?? first.prefix(1).uppercased() + first.dropFirst()
        guard let number, !number.isEmpty else { return label }
        return label.isEmpty ? number : "\(label) \(number)"
    }
}
