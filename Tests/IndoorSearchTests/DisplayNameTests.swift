@testable import IndoorSearch
import IndoorBase
import IndoorVenue
import Testing

/// What a place with no name is called, for the kind of data that has many: OSM amenities mapped with only their
/// kind and maybe a number (ticket machines, benches, toilets, ATMs) and IMDF amenities without a name.
@Suite struct DisplayNameTests {
    static func place(_ category: String, ref: String? = nil, kind: POI.Kind = .amenity, name: LocalizedText = LocalizedText()) -> POI {
        POI(id: "p", kind: kind, category: category, name: name, ref: ref, levelID: "L0",
            coordinate: GeoCoordinate(longitude: 8.63, latitude: 49.87))
    }

    @Test(arguments: [
        ("vending_machine.public_transport_tickets", "401102", "en", "Ticket machine 401102"),
        ("vending_machine.public_transport_tickets", "401102", "de", "Fahrkartenautomat 401102"),
        ("vending_machine.public_transport_tickets", "401102", "fr", "Billetterie automatique 401102"),
        ("vending_machine.public_transport_tickets", "401102", "ru", "Билетный автомат 401102"),
        // A machine with no word of its own for what it sells.
        ("vending_machine.sweets;drinks", nil, "en", "Vending machine"), ("vending_machine.coffee", "2", "de", "Automat 2"),
        ("bench", nil, "en", "Bench"), ("bench", nil, "fr", "Banc"), ("bench", nil, "de", "Sitzbank"), ("bench", nil, "ru", "Скамейка"),
        ("shop.bakery", nil, "en", "Bakery"), ("shop.bakery", nil, "de", "Bäckerei"),
        ("toilets", nil, "ru", "Туалет"), ("atm", "3", "en", "ATM 3"), ("atm", nil, "de", "Geldautomat"),
        ("restroom.female", nil, "fr", "Toilettes"),
        // A kind no word names: its category in words.
        ("parcel_locker.dhl", "12", "en", "Parcel locker 12"),
    ] as [(String, String?, String, String)])
    func anUnnamedPlaceIsCalledByItsKindAndNumber(category: String, ref: String?, language: String, expected: String) {
        #expect(Self.place(category, ref: ref).displayName(for: [language]) == expected)
    }

    @Test func aNameOrARoomNumberIsKeptAndTheLanguageIsTheFirstOneSpoken() {
        #expect(Self.place("supermarket", name: LocalizedText("REWE")).displayName(for: ["de"]) == "REWE")
        // A room's or a section's number is what its door or sign says.
        #expect(Self.place("classroom", ref: "104", kind: .room).displayName(for: ["fr"]) == "104")
        #expect(Self.place("platform", ref: "5", kind: .section).displayName() == "5")
        // The first of the reader's languages the vocabulary speaks; English when none.
        #expect(Self.place("atm").displayName(for: ["es", "ru"]) == "Банкомат")
        #expect(Self.place("atm").displayName(for: ["es"]) == "ATM")
        #expect(Self.place("atm").displayName() == "ATM")
        // A regional tag speaks its language; an empty number is no number.
        #expect(Self.place("atm").displayName(for: ["de-AT"]) == "Geldautomat")
        #expect(Self.place("classroom", ref: "", kind: .room).displayName() == "Classroom")
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
