import IndoorVenue

extension POI {
    /// What the instructions and labels call the place: its names (else its other names: an OSM `alt_name` or
    /// `description`), else its number (a room or section: what its door says), else its kind and number
    /// (``CategoryVocabulary/kindName(of:)``). `IndoorText` says it in a language (`POI.displayName(for:)`).
    public var spokenName: SpokenName {
        let names = name.isEmpty ? altName : name
        let number = ref.flatMap { $0.isEmpty ? nil : $0 }
        if names.isEmpty, kind == .room || kind == .section, let number {
            return SpokenName(id: id, names: names, standIn: .number(number))
        }
        return SpokenName(id: id, names: names, standIn: .kind(category: category, number: number))
    }
}

extension POI {
    /// The place as English prose names it (routing errors, logs; the text module says it in any language): its
    /// English name (else any name it has), else its number, else its kind and number in English ("ATM 3"), else
    /// its id.
    public var label: String {
        let spoken = spokenName
        guard case .kind(let category, let number) = spoken.standIn, spoken.names.isEmpty else { return spoken.typed }
        let kind = CategoryVocabulary.kindName(of: category).resolved(for: ["en"]) ?? ""
        return [kind, number ?? ""].filter { !$0.isEmpty }.joined(separator: " ").nonEmpty ?? id
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
