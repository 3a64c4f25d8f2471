@testable import IndoorSearch
import IndoorVenue
import Testing

/// What a place with no name is called by its kind, for the kind of data that has many: OSM amenities mapped with
/// only their kind and maybe a number (ticket machines, benches, toilets, ATMs) and IMDF amenities without a name.
/// (How it is said in a language: `IndoorTextTests.PlaceNameTests`.)
@Suite struct KindNameTests {
    /// A kind is named in every language the vocabulary speaks, the language left to the text module; a kind no
    /// word names by its category in words, in no stated language.
    @Test func aKindIsNamedInEveryLanguage() {
        #expect(CategoryVocabulary.kindName(of: "atm") == LocalizedText(["en": "ATM", "fr": "Distributeur de billets", "de": "Geldautomat", "ru": "Банкомат"]))
        #expect(CategoryVocabulary.kindName(of: "xyzzy_plugh.a") == LocalizedText("Xyzzy plugh"))
        #expect(CategoryVocabulary.kindName(of: "").isEmpty)
    }

    /// Every machine word is also a word of the concept it sells, so that what a place is called finds it.
    @Test func aMachinesNameFindsIt() {
        for (concept, words) in CategoryVocabulary.machines {
            for language in CategoryVocabulary.languages {
                #expect(Set(words(language)).isSubset(of: CategoryVocabulary.concepts[concept]?(language) ?? []), "\(concept) \(language)")
            }
        }
    }

    /// Every category the loaders produce or IMDF defines has a label in every language.
    @Test(arguments: CategoryVocabulary.languages)
    func everyCategoryHasALabel(language: String) throws {
        let categories = try VocabularyTests.producedCategories().union(VocabularyTests.imdfCategories).union(VocabularyTests.commonOSMCategories)
        let missing = categories.filter { CategoryVocabulary.label(for: $0, language: language) == nil }
        #expect(missing.isEmpty, "\(language): no label for \(missing.sorted())")
    }
}
