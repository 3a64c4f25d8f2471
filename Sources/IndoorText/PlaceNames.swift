import IndoorSearch
import IndoorVenue

extension POI {
    /// What to call the place when showing it (a search result, a map label): its name in the first of `languages`
    /// that has one, else another name it has (an OSM `alt_name` or `description`); else a room's or section's
    /// number (what its door says); else its kind in the first of `languages` the phrasebook speaks (`de-AT` speaks
    /// `de`; English when none does), with its number when it has one: "Ticket machine 401102", "Geldautomat",
    /// "Туалет".
    public func displayName(for languages: [String] = []) -> String {
        spokenName.text(in: InstructionLanguage.first(of: languages), names: languages)
    }
}

extension PlaceError {
    /// The error with the places it suggests said in the reader's `languages` (their names in the first of them
    /// that has one, else their kind in the first the phrasebook speaks), as words given: "did you mean:
    /// Geldautomat 3" for a German reader rather than the place's id.
    public func said(for languages: [String]) -> PlaceError {
        guard case .notFound(let text, let suggestions) = self else { return self }
        let language = InstructionLanguage.first(of: languages)
        return .notFound(text: text, suggestions: suggestions.map { SpokenName(literal: $0.text(in: language, names: languages)) })
    }
}
