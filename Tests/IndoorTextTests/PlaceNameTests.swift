import IndoorBase
import IndoorText
import IndoorVenue
import Testing

/// What a place is called when shown, in the reader's languages, for the kind of data that has many places with no
/// name: OSM amenities mapped with only their kind and maybe a number (ticket machines, benches, toilets, ATMs) and
/// IMDF amenities without a name.
@Suite struct PlaceNameTests {
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
        ("xyzzy_plugh.a", "12", "de", "Xyzzy plugh 12"),
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

}

/// A place typed that matches nothing: the places suggested come in no language from search and are said in the
/// reader's, so that a German reader is offered "Geldautomat 3", not the English kind or the place's id. Kind: an
/// unnamed OSM amenity among the suggestions.
@Suite struct PlaceErrorWordsTests {
    @Test func suggestionsAreSaidInTheReadersLanguage() {
        let atm = PlaceNameTests.place("atm", ref: "3")
        let relay = POI(id: "relay", kind: .amenity, category: "shop", name: LocalizedText(["en": "Relay", "ru": "Релей"]), levelID: "L0",
                        coordinate: GeoCoordinate(longitude: 8.63, latitude: 49.87))
        let error = PlaceError.notFound(text: "Geldautomt", suggestions: [atm.spokenName, relay.spokenName])
        #expect(error.localizedDescription == "no place matches \"Geldautomt\" (did you mean: p; Relay?)", "in no language: ids and names")
        #expect(error.said(for: ["de"]).localizedDescription == "no place matches \"Geldautomt\" (did you mean: Geldautomat 3; Relay?)")
        #expect(error.said(for: ["ru", "en"]).localizedDescription == "no place matches \"Geldautomt\" (did you mean: Банкомат 3; Релей?)")
        #expect(PlaceError.empty.said(for: ["de"]) == .empty)
    }
}
