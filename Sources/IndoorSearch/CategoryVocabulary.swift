import Foundation
import IndoorVenue

/// The everyday words people type for a kind of place, in English, French, German and Russian (the languages of the
/// venues we ship), so that "lunch", "Fahrkarten", "pharmacie" or "туалет" find a restaurant, a ticket office, a
/// pharmacy or a restroom whatever the venue calls it. The words are data (`Vocabulary/categories.json`, compiled
/// in), where a translator adds one; this type reads categories with them.
///
/// Categories are read as the loaders write them: IMDF categories (`restroom.female`, `foodservice.coffee`,
/// `boardinggate.train`: each dot-separated part is looked up), OSM `amenity=*` values (`fast_food`, `toilets`) and
/// other OSM keys as `key.value` (`shop.bakery`, `tourism.information`, `vending.public_transport_tickets`), and the
/// connector kinds (`elevator`, `escalator`, `stairs`, `ramp`, `moving_walkway`). An underscore-joined value is also
/// read whole and in pieces (`bicycle_parking` → bicycle parking, parking).
public enum CategoryVocabulary {
    /// A concept's words by language.
    struct Words: Sendable {
        /// English words.
        let en: [String]
        /// French words.
        let fr: [String]
        /// German words.
        let de: [String]
        /// Russian words.
        let ru: [String]

        /// A concept's words from the data's `{"en": […], "fr": […], …}`; none for a language it lacks.
        init(_ byLanguage: [String: [String]]) {
            en = byLanguage["en"] ?? []
            fr = byLanguage["fr"] ?? []
            de = byLanguage["de"] ?? []
            ru = byLanguage["ru"] ?? []
        }

        /// The words of one language (`en`, `fr`, `de`, `ru`; none for another).
        func callAsFunction(_ language: String) -> [String] {
            switch language {
            case "en": en
            case "fr": fr
            case "de": de
            case "ru": ru
            default: []
            }
        }

        var all: [String] { en + fr + de + ru }
    }

    /// The languages the vocabulary speaks.
    static let languages = ["en", "fr", "de", "ru"]

    /// The vocabulary's data (`Vocabulary/categories.json`, compiled in): concepts and their words by language,
    /// grouped as a reader finds them; other spellings; broader concepts; machine names; acronyms; joining words.
    /// Empty should it not decode, which `VocabularyTests` catches (every category the loaders produce has words).
    private struct Table: Decodable {
        struct ConceptGroup: Decodable { let concepts: [String: [String: [String]]] }
        struct AliasGroup: Decodable { let aliases: [String: String] }
        var concepts: [ConceptGroup] = []
        var aliases: [AliasGroup] = []
        var broader: [String: [String]] = [:]
        var machines: [String: [String: [String]]] = [:]
        var acronyms: [String] = []
        var joiningWords: [String] = []

        static let file: Table = (try? JSONDecoder().decode(Table.self, from: Data(PackageResources.categories_json))) ?? Table()
    }

    /// Concepts and their words; every concept has at least two words in each language.
    static let concepts: [String: Words] = {
        var out: [String: Words] = [:]
        for group in Table.file.concepts { for (key, words) in group.concepts { out[key] = Words(words) } }
        return out
    }()

    /// Other spellings of a concept (IMDF and OSM names of the same thing), folded and without separators.
    static let aliases: [String: String] = Table.file.aliases.reduce(into: [:]) { $0.merge($1.aliases) { a, _ in a } }

    /// The broader concept whose words also find a concept: a café is somewhere to eat ("lunch"), a bookshop a shop
    /// ("magasin").
    static let broader: [String: String] = {
        var out: [String: String] = [:]
        for (broad, narrower) in Table.file.broader { for k in narrower { out[k] = broad } }
        return out
    }()

    /// What a vending machine is called by what it sells (`vending_machine.public_transport_tickets`), by the
    /// concept sold; each word is also one of that concept's.
    static let machines: [String: Words] = Table.file.machines.mapValues(Words.init)

    /// First words that are written in capitals as a label.
    static let acronyms = Set(Table.file.acronyms)

    /// Words that join the words of a phrase ("lost and found", "salle d'attente"): not indexed on their own.
    static let joiningWords = Set(Table.file.joiningWords)

    /// OSM keys that the loaders write before a value (`shop.bakery`): the value is the concept.
    static let osmKeys: Set<String> = ["shop", "tourism", "office", "vending", "information", "amenity", "room", "craft", "healthcare"]





    /// The concepts a category names, in order: the whole category, then each part (`restroom.female` →
    /// restroom, female; `shop.frozen_food` → shop, frozenfood, frozen, food).
    /// - Complexity: O(length of the category).
    static func concepts(of category: String) -> [String] {
        let folded = TextNormalizer.fold(category)
        var out: [String] = []
        var whole: [String] = []
        func add(_ key: String, piece: Bool = false) {
            let k = aliases[key] ?? key
            guard concepts[k] != nil, !out.contains(k) else { return }
            out.append(k)
            if !piece { whole.append(k) }
        }
        add(folded.filter { $0.isLetter || $0.isNumber })
        for part in folded.split(whereSeparator: { $0 == "." || $0 == ":" || $0 == ";" }) {
            add(part.filter { $0.isLetter || $0.isNumber })
            let pieces = part.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " })
            if pieces.count > 1 { pieces.forEach { add(String($0), piece: true) } }
        }
        // A broader concept comes of what the category is, not of a word in it: a photo booth (`photo_booth`) is
        // found by "photo", but is no shop.
        for k in whole { if let b = broader[k] { add(b) } }
        return out
    }

    /// The everyday words that name `category` in every language the vocabulary speaks (English, French, German,
    /// Russian, in that order; empty when the category has no known concept): what a visitor may type for it.
    public static func everydayWords(for category: String) -> [String] {
        languages.flatMap { words(for: category, language: $0) }
    }

    /// The words of one language that name `category` (empty when the category has no known concept).
    static func words(for category: String, language: String) -> [String] {
        var seen: Set<String> = []
        return concepts(of: category).flatMap { concepts[$0]?(language) ?? [] }.filter { seen.insert($0).inserted }
    }

    /// What a place of `category` is called by its kind when it has no name, in each language the vocabulary
    /// speaks: the first word of the first concept the category names, capitalised ("Bakery", "Bäckerei" for
    /// `shop.bakery`; "ATM", "Geldautomat" for `atm`; "Туалет" for `toilets`). An OSM key's concept (`shop`,
    /// `office`) gives way to its value's, but not `vending`: a vending machine is one whatever it sells, named by
    /// what it sells where there is a word for it ("Ticket machine", "Fahrkartenautomat"). A category no concept
    /// names is called by its first part in words, in no stated language ("Parcel locker" for `parcel_locker.dhl`);
    /// an empty category by nothing. Which language is said is the text module's choice (`IndoorText`).
    /// - Complexity: O(length of the category).
    public static func kindName(of category: String) -> LocalizedText {
        var names: [String: String] = [:]
        for language in languages { names[language] = label(for: category, language: language) }
        guard names.isEmpty else { return LocalizedText(names) }
        let first = category.split(separator: ".").first.map { $0.split(separator: "_").joined(separator: " ") } ?? ""
        return first.isEmpty ? LocalizedText() : LocalizedText(first.prefix(1).uppercased() + first.dropFirst())
    }

    /// The kind's word in `language` (`en`, `fr`, `de`, `ru`), as ``kindName(of:)`` gives it; `nil` when the
    /// category names no concept or the language has no word for it.
    static func label(for category: String, language: String) -> String? {
        // (A broader concept comes after the category's own, so it is never the label.)
        let found = concepts(of: category)
        let concept = found.first { !osmKeys.contains($0) || $0 == "vending" } ?? found.first
        // A vending machine is called by what it sells where the language has a word for it ("Fahrkartenautomat").
        let machine = concept == "vending" ? found.lazy.compactMap { machines[$0]?(language).first }.first : nil
        guard let word = machine ?? concept.flatMap({ concepts[$0]?(language).first }) else { return nil }
        return acronyms.contains(word) ? word.uppercased() : word.prefix(1).uppercased() + word.dropFirst()
    }



    /// The searchable words of a category: its own parts, the concepts it names, and their words in every language.
    static func words(for category: String) -> [String] {
        let parts = category.lowercased().split(whereSeparator: { $0 == "." || $0 == "_" || $0 == ":" || $0 == ";" }).map(String.init)
        let found = concepts(of: category)
        return parts.filter { (!osmKeys.contains($0) || found.contains($0)) && $0 != "yes" && $0 != "no" } + found + found.flatMap { concepts[$0]?.all ?? [] }
    }

    /// Every folded word of the vocabulary → the concepts it belongs to.
    private static let conceptsByWord: [String: Set<String>] = {
        var out: [String: Set<String>] = [:]
        for (key, words) in concepts {
            out[key, default: []].insert(key)
            for w in words.all { out[TextNormalizer.fold(w), default: []].insert(key) }
        }
        for (alias, key) in aliases { out[alias, default: []].insert(key) }
        return out
    }()

    /// The concepts a typed word or phrase names ("toilettes" → restroom; "lift" → elevator).
    static func categories(named word: String) -> Set<String> {
        let folded = TextNormalizer.fold(word).trimmingCharacters(in: .whitespaces)
        return conceptsByWord[folded] ?? conceptsByWord[folded.filter { $0.isLetter || $0.isNumber }] ?? []
    }
}
