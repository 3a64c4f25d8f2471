import Foundation
import IndoorBase
import IndoorGeometry
@testable import IndoorSearch
import IndoorVenue
import Testing

/// Search in a visitor's words: every category the loaders produce on the venues we ship, every IMDF category, the
/// common OSM `shop=*` and `amenity=*` values, and every concept of the vocabulary, found by at least two everyday
/// words in each of English, French, German and Russian.
@Suite struct VocabularyTests {
    /// The categories of every searchable place of the shipped venues and stations (POIs and connector stops).
    static func producedCategories() throws -> Set<String> {
        var out: Set<String> = []
        for (name, index) in Venues.all {
            let index = try #require(index, "venue \(name)")
            out.formUnion(index.places.map(\.category))
        }
        return out
    }

    /// IMDF 1.0 amenity and unit categories that name somewhere a visitor may go (the IMDF loader passes any category
    /// through; materials, structure and voids are left out).
    static let imdfCategories = [
        "amphitheater", "animalreliefarea", "arrivalgate", "atm", "babychanging", "baggagecarousel", "baggagecarousel.intl",
        "baggagecarts", "baggageclaim", "baggageclaim.oversize", "baggagerecheck", "baggagestorage", "boardinggate",
        "boardinggate.aircraft", "boardinggate.bus", "boardinggate.ferry", "boardinggate.train", "bus", "bus.muni", "bus.national",
        "businesscenter", "carrental", "cashier", "changemachine", "checkin", "checkin.desk", "checkin.desk.oversizebaggage",
        "checkin.desk.transfer", "checkin.selfservice", "childplayarea", "coinlocker", "copymachine", "defibrillator",
        "drinkingfountain", "eatingdrinking", "elevator", "emergencyshelter", "entry", "escalator", "exhibit", "faregate",
        "faregate.oversized", "fieldofplay", "fieldofplay.soccer", "fieldofplay.tennis", "firealarmpullstation", "fireextinguisher",
        "firstaid", "fittingroom", "foodservice", "gatearea", "groundtransportation", "guestservices", "handsanitizerstation",
        "healthscreening", "hoteling", "immigration", "information", "information.bid", "information.carrental", "information.hotel",
        "information.mufid", "information.mufid.arrivals", "information.mufid.departures", "information.transit", "landmark",
        "library", "limo", "loadingzone", "lostandfound", "mailbox", "meditation", "meetingpoint", "mobilityrescue",
        "movingwalkway", "nursingroom", "office", "parking", "parking.bicycle", "parking.motorcycle", "parkingpaystation",
        "payphone", "pickupdropoff", "postalservice", "powerchargingstation", "prayerroom", "prayerroom.christianity",
        "prayerroom.islam", "prayerroom.judaism", "ramp", "restroom", "restroom.family", "restroom.female",
        "restroom.female.wheelchair", "restroom.male", "restroom.male.wheelchair", "restroom.transgender", "restroom.unisex",
        "restroom.unisex.wheelchair", "restroom.wheelchair", "rideshare", "seat", "seating", "security", "shuttle",
        "smokingarea", "stairs", "strollerrental", "swimmingpool", "taxi", "telephone", "ticketing", "ticketing.airline",
        "ticketing.bus", "ticketing.rail", "ticketing.shuttle", "trash", "travelservices", "valet", "vendingmachine",
        "wheelchairassist", "wifi", "yoga",
        // Units.
        "auditorium", "classroom", "conferenceroom", "fitnessroom", "footbridge", "huddleroom", "kitchen", "laboratory", "lobby",
        "lounge", "mailroom", "mothersroom", "movietheater", "nonpublic", "phoneroom", "platform", "privatelounge", "recreation",
        "room", "serverroom", "shower", "steps", "storage", "terrace", "theater", "waitingroom", "walkway",
    ]

    /// Common OSM `shop=*` and `amenity=*` values of stations, malls and airports, as the OSM loader writes them
    /// (`shop.bakery`; an amenity by its value): the loader passes any value through, so the kinds a visitor meets
    /// in a venue nobody here has seen are these, not only the ones of the venues we ship.
    static let commonOSMCategories = [
        "shop.alcohol", "shop.art", "shop.bag", "shop.bakery", "shop.beauty", "shop.books", "shop.butcher", "shop.car_repair",
        "shop.chemist", "shop.clothes", "shop.computer", "shop.confectionery", "shop.convenience", "shop.cosmetics", "shop.deli",
        "shop.department_store", "shop.e-cigarette", "shop.electronics", "shop.fish", "shop.florist", "shop.frozen_food",
        "shop.furniture", "shop.games", "shop.gift", "shop.greengrocer", "shop.hairdresser", "shop.hardware", "shop.ice_cream",
        "shop.jewelry", "shop.kiosk", "shop.laundry", "shop.dry_cleaning", "shop.lottery", "shop.mall", "shop.massage",
        "shop.mobile_phone", "shop.music", "shop.newsagent", "shop.optician", "shop.outdoor", "shop.pastry", "shop.pawnbroker",
        "shop.perfumery", "shop.pet", "shop.photo", "shop.seafood", "shop.shoes", "shop.sports", "shop.stationery",
        "shop.supermarket", "shop.tattoo", "shop.tea", "shop.coffee", "shop.ticket", "shop.tobacco", "shop.toys",
        "shop.travel_agency", "shop.variety_store", "shop.video_games", "shop.watches", "shop.wine",
        "atm", "bank", "bar", "bench", "bicycle_parking", "bicycle_rental", "bureau_de_change", "bus_station", "cafe", "car_rental",
        "charging_station", "childcare", "cinema", "clinic", "coworking_space", "defibrillator", "dentist", "doctors",
        "drinking_water", "events_venue", "fast_food", "ferry_terminal", "first_aid", "food_court", "fuel", "hospital",
        "ice_cream", "information", "kindergarten", "left_luggage", "library", "lockers", "lost_property_office",
        "luggage_locker", "marketplace", "money_transfer", "nightclub", "parcel_locker", "parking", "pharmacy", "photo_booth", "place_of_worship",
        "police", "post_box", "post_office", "pub", "recycling", "restaurant", "school", "shower", "taxi", "telephone", "theatre",
        "ticket_validator", "toilets", "university", "vending_machine", "waiting_room", "waste_basket", "water_point",
    ]

    /// A venue with one place of each category, named by a code that no word matches.
    static func oneOfEach(_ categories: [String]) throws -> SearchIndex {
        let level = Level(id: "L0", ordinal: 0, name: LocalizedText(["en": "Ground"]))
        let pois = categories.enumerated().map { i, c in
            POI(id: "p\(i)", kind: .amenity, category: c, name: LocalizedText(), ref: "Q\(i)", levelID: "L0",
                coordinate: GeoCoordinate(longitude: 2.35 + Double(i) * 1e-5, latitude: 48.85))
        }
        let frame = try LocalFrame(origin: GeoCoordinate(longitude: 2.35, latitude: 48.85))
        return SearchIndex(venue: Venue(id: "v", name: LocalizedText("V"), sourceFormat: "test", buildings: [], levels: [level],
                                        spaces: [], openings: [], connectors: [], pois: pois, obstacles: [], issues: [], frame: frame))
    }

    /// The vocabulary is data (`Vocabulary/categories.json`): it decodes, every concept has two words or more in
    /// each language, lower case as typed, and every other spelling, broader concept and machine names a concept.
    @Test func theDataFileHoldsAConsistentVocabulary() {
        let concepts = CategoryVocabulary.concepts
        #expect(concepts.count > 150, "the data file decodes")
        for (key, words) in concepts {
            for language in CategoryVocabulary.languages {
                #expect(words(language).count >= 2, "\(key) in \(language): \(words(language))")
                #expect(words(language).allSatisfy { $0 == $0.lowercased() }, "\(key) in \(language) is lower case")
            }
        }
        for (alias, key) in CategoryVocabulary.aliases { #expect(concepts[key] != nil, "alias \(alias) → \(key)") }
        for (narrow, broad) in CategoryVocabulary.broader { #expect(concepts[narrow] != nil && concepts[broad] != nil, "\(narrow) → \(broad)") }
        for key in CategoryVocabulary.machines.keys { #expect(concepts[key] != nil, "machine \(key)") }
        #expect(CategoryVocabulary.joiningWords.contains("and") && CategoryVocabulary.acronyms.contains("atm"))
    }

    @Test func everyProducedCategoryHasAConcept() throws {
        let unknown = try Self.producedCategories().union(Self.imdfCategories).union(Self.commonOSMCategories)
            .filter { CategoryVocabulary.concepts(of: $0).isEmpty }
        #expect(unknown.isEmpty, "categories no everyday word finds: \(unknown.sorted())")
    }

    /// Each word is searched alone on a venue with one place of every category: a place of the category must be
    /// among the best results (others may tie: "shop" finds every shop).
    @Test(arguments: CategoryVocabulary.languages)
    func everyCategoryIsFoundByTwoEverydayWords(language: String) throws {
        let categories = try Array(Self.producedCategories().union(Self.imdfCategories).union(Self.commonOSMCategories)
            .union(CategoryVocabulary.concepts.keys)).sorted()
        let index = try Self.oneOfEach(categories)
        var lacking: [String] = []
        var missed: [String] = []
        for category in categories {
            let words = CategoryVocabulary.words(for: category, language: language)
            var found = 0
            for word in words {
                let results = index.search(SearchQuery(word, limit: 200))
                guard let best = results.first else { missed.append("\(category): \(word) → nothing"); continue }
                let top = results.prefix { $0.nameMatch == best.nameMatch && abs($0.score - best.score) < 0.005 }
                if top.contains(where: { $0.poi.category == category }) { found += 1 } else {
                    missed.append("\(category): \(word) → \(best.poi.category)")
                }
            }
            if found < 2 { lacking.append("\(category) (\(found) of \(words))") }
        }
        print("\(language): \(categories.count) categories, \(categories.map { CategoryVocabulary.words(for: $0, language: language).count }.reduce(0, +)) words tried, \(missed.count) not among the best")
        #expect(lacking.isEmpty, "\(language): categories found by fewer than two words: \(lacking)")
        if !missed.isEmpty { print("\(language): words that do not find their category first (\(missed.count)): \(missed.prefix(40))") }
    }

    /// A word a visitor types for one kind of place finds that kind among the best results, and not a kind whose
    /// words merely share a word with it (a phrase's words are indexed one by one): "consigne" is left luggage, not a
    /// parcel locker; "часы" a clock, not a watch shop; "cigarettes" tobacco, not a vape shop; a photo booth
    /// (`photo_booth`: "photo" is a word in it) is no shop.
    @Test(arguments: [
        ("consigne", "baggagestorage", "parcellocker"), ("часы", "clock", "watches"), ("cigarettes", "tobacco", "vape"),
        ("zigaretten", "tobacco", "vape"), ("galerie", "museum", "artshop"), ("emergency", "emergencyshelter", "hospital"),
        ("records", "archive", "music"), ("jeux vidéo", "games", "playground"), ("shop", "books", "photobooth"),
        ("Zoohandlung", "petshop", "petarea"), ("Tankstelle", "fuelstation", "charging"), ("ломбард", "pawnbroker", "bank"),
        ("pub", "bar", "restaurant"), ("packstation", "parcellocker", "baggagestorage"), ("nail salon", "beautysalon", "cosmetics"),
        ("board games", "games", "toys"), ("photo", "photobooth", "room"),
    ])
    func aWordFindsItsKindAndNotOneThatSharesAWord(word: String, finds: String, notFinds: String) throws {
        let categories = Array(CategoryVocabulary.concepts.keys).sorted() + ["photo_booth"]
        let index = try Self.oneOfEach(categories)
        let results = index.search(SearchQuery(word, limit: 400))
        let best = try #require(results.first, "\(word): nothing")
        let top = Set(results.prefix { $0.nameMatch == best.nameMatch && abs($0.score - best.score) < 0.005 }.map(\.poi.category))
        #expect(top.contains(finds) || (finds == "photobooth" && top.contains("photo_booth")), "\(word) → \(top.sorted())")
        #expect(!top.contains(notFinds) && !(notFinds == "photobooth" && top.contains("photo_booth")), "\(word) → \(top.sorted())")
    }

    /// What visitors type, hand-written, on the shipped venues: the first result is what they mean.
    @Test(arguments: [
        ("hub", "tickets", "tickets"), ("hub", "Fahrkarten", "tickets"), ("hub", "билеты", "tickets"), ("hub", "billetterie", "tickets"),
        ("hub", "souvenirs", "souvenirs"), ("hub", "gift shop", "souvenirs"), ("hub", "Geschenke", "souvenirs"),
        ("hub", "ladies room", "restroom.female"), ("hub", "ladies' room", "restroom.female"), ("hub", "women's room", "restroom.female"),
        ("hub", "Damen WC", "restroom.female"), ("hub", "gents", "restroom.male"),
        ("hub", "pharmacy", "pharmacy"), ("hub", "Apotheke", "pharmacy"), ("hub", "pharmacie", "pharmacy"), ("hub", "аптека", "pharmacy"),
        ("hub", "lift", "elevator"), ("hub", "Aufzug", "elevator"), ("hub", "лифт", "elevator"), ("hub", "Rolltreppe", "escalator"),
        ("hub", "Bäckerei", "bakedgoods"), ("hub", "left luggage", "baggagestorage"), ("hub", "Geldautomat", "atm"),
        ("darmstadt", "Bäckerei", "shop.bakery"), ("darmstadt", "bakery", "shop.bakery"), ("darmstadt", "Apotheke", "pharmacy"),
        ("darmstadt", "Fahrkarten", "vending_machine.public_transport_tickets"), ("darmstadt", "Polizei", "police"),
        ("darmstadt", "Haupteingang", "entrance"), ("darmstadt", "lift", "elevator"), ("darmstadt", "Geldautomat", "atm"),
        ("darmstadt", "Toilette", "toilets"), ("darmstadt", "Supermarkt", "shop.supermarket"), ("darmstadt", "Buchhandlung", "shop.books"),
        ("hackney", "lift", "elevator"), ("hackney", "ascenseur", "elevator"), ("hackney", "coffee", "cafe"),
        ("spbstu", "библиотека", "library"), ("spbstu", "bibliothèque", "library"), ("spbstu", "гардероб", "wardrobe"), ("spbstu", "cloakroom", "wardrobe"),
    ])
    func visitorsWords(venue: String, text: String, category: String) throws {
        let index = try #require(Venues.named(venue) ?? Venues.all.first { $0.name == venue }?.index)
        let first = index.search(SearchQuery(text, limit: 5)).first
        // The same concepts: "left luggage" may be a self-storage locker or a baggage office.
        let concepts = Set(first.map { CategoryVocabulary.concepts(of: $0.poi.category) } ?? [])
        #expect(concepts.isSuperset(of: CategoryVocabulary.concepts(of: category)), "[\(venue)] \(text) → \(first.map { "\($0.poi.displayName()) (\($0.poi.category))" } ?? "nothing")")
    }

    /// "lunch" and "essen" find somewhere to eat, whatever kind it is.
    @Test(arguments: ["lunch", "food", "manger", "essen", "поесть"])
    func somewhereToEat(text: String) throws {
        for (name, index) in Venues.all {
            let index = try #require(index)
            let eating = index.places.filter { CategoryVocabulary.concepts(of: $0.category).contains("eatingdrinking") }
            guard !eating.isEmpty else { continue }
            let first = index.search(SearchQuery(text, limit: 3)).first
            // Somewhere to eat, or a place named so ("Food Court").
            #expect(first.map { CategoryVocabulary.concepts(of: $0.poi.category).contains("eatingdrinking")
                                || $0.poi.displayName().lowercased().contains(text) } == true,
                    "[\(name)] \(text) → \(first.map { "\($0.poi.displayName()) (\($0.poi.category))" } ?? "nothing")")
        }
    }
}

/// Elevators and entrances of the shared stations are places: found by name and by kind, with their levels.
@Suite struct ConnectorAndEntranceTests {
    static let kindWords: [Connector.Kind: [String]] = [
        .elevator: ["elevator", "lift", "ascenseur", "Aufzug", "лифт"],
        .escalator: ["escalator", "escalier mécanique", "Rolltreppe", "эскалатор"],
        .stairs: ["stairs", "escalier", "Treppe", "лестница"],
    ]

    @Test(arguments: ["darmstadt", "hackney", "hub", "spbstu"])
    func everyElevatorStopIsFoundByKindNearIt(venue: String) throws {
        let index = try #require(Venues.all.first { $0.name == venue }?.index)
        let elevators = index.places.filter { $0.category == "elevator" }
        #expect(!elevators.isEmpty)
        // Every level an elevator connector serves has a place for it.
        for c in index.venue.connectors where c.kind == .elevator {
            for stop in c.stops {
                #expect(index.places.contains { $0.category == "elevator" && $0.levelID == stop.levelID },
                        "\(c.id) has no searchable place on level \(stop.levelID)")
            }
        }
        for elevator in elevators {
            for word in Self.kindWords[.elevator] ?? [] {
                var query = SearchQuery(word, limit: 3)
                query.near = .coordinate(elevator.coordinate, levelID: elevator.levelID)
                let first = index.search(query).first
                #expect(first?.poi.category == "elevator" && first?.poi.levelID == elevator.levelID
                        && first?.distance.map { $0 < 1 } == true,
                        "[\(venue)] \(word) near \(elevator.id) → \(first?.poi.id ?? "nothing")")
            }
        }
    }

    @Test func namedElevatorsAndEntrancesAreFoundByName() throws {
        let index = try #require(Venues.darmstadt)
        let named = index.places.filter { ($0.category == "elevator" || $0.kind == .entrance) && !($0.name.isEmpty && $0.altName.isEmpty) }
        // The station labels five elevators and four entrances (by `description`).
        #expect(Set(named.map { $0.displayName() }).count >= 8)
        for place in named {
            var query = SearchQuery(place.displayName(), limit: 3)
            query.near = .coordinate(place.coordinate, levelID: place.levelID)
            let first = index.search(query).first
            #expect(first?.poi.id == place.id, "\(place.displayName()) → \(first?.poi.id ?? "nothing"), not \(place.id)")
        }
        // As typed without the platform's pair: "Aufzug Gleis 5" is the elevator of platforms 5 and 6.
        let five = index.search(SearchQuery("Aufzug Gleis 5", limit: 1)).first
        #expect(five?.poi.displayName() == "Aufzug Gleis 5+6")
        #expect(index.search(SearchQuery("Eingang Gleis 1", limit: 1)).first?.poi.kind == .entrance)
    }

    @Test(arguments: ["darmstadt", "hackney", "apb"])
    func everyEntranceIsFoundByKind(venue: String) throws {
        let index = try #require(Venues.all.first { $0.name == venue }?.index)
        let entrances = index.places.filter { $0.kind == .entrance }
        #expect(!entrances.isEmpty)
        for word in ["entrance", "entrée", "Eingang", "вход"] {
            let found = Set(index.search(SearchQuery(word, limit: index.places.count)).map(\.poi.id))
            let missing = entrances.filter { !found.contains($0.id) }
            #expect(missing.isEmpty, "[\(venue)] \(word) misses \(missing.map(\.id))")
        }
    }

    /// IMDF draws entrances as openings: a named one or the principal one is a place, an unnamed door is not.
    @Test func namedAndPrincipalOpeningsArePlaces() throws {
        let level = Level(id: "L0", ordinal: 0, name: LocalizedText(["en": "Ground"]))
        func door(_ id: String, _ category: String, _ name: LocalizedText, x: Double) throws -> Opening {
            let line = try LineString([Coordinate(x: 2.35 + x, y: 48.85), Coordinate(x: 2.35001 + x, y: 48.85)])
            return Opening(id: id, category: category, levelID: "L0", geometry: GeoGeometry(degrees: .lineString(line)), name: name)
        }
        let openings = [try door("main", "pedestrian.principal", LocalizedText(["en": "Main entrance", "de": "Haupteingang"]), x: 0),
                        try door("side", "pedestrian", LocalizedText(["en": "Side entrance", "de": "Seiteneingang"]), x: 0.001),
                        try door("plain", "pedestrian", LocalizedText(), x: 0.002),
                        try door("back", "pedestrian.principal", LocalizedText(), x: 0.003)]
        let venue = Venue(id: "v", name: LocalizedText("V"), sourceFormat: "test", buildings: [], levels: [level], spaces: [],
                          openings: openings, connectors: [], pois: [], obstacles: [], issues: [],
                          frame: try LocalFrame(origin: GeoCoordinate(longitude: 2.35, latitude: 48.85)))
        let index = SearchIndex(venue: venue)
        #expect(Set(index.places.map(\.id)) == ["main", "side", "back"])
        #expect(index.search(SearchQuery("Haupteingang", limit: 1)).first?.poi.id == "main")
        #expect(index.search(SearchQuery("side entrance", limit: 1)).first?.poi.id == "side")
        // By kind, in a visitor's words: the two principal entrances before a side door.
        let main = index.search(SearchQuery("главный вход", limit: 3)).prefix(2).map(\.poi.id)
        #expect(Set(main) == ["main", "back"], "\(main)")
    }

    /// "Aufzug U5": the elevator named U5, not the platform of line U5 nor another elevator.
    @Test(arguments: ["Aufzug U5", "lift U5", "ascenseur U5", "лифт U5", "U5 elevator"])
    func anElevatorByKindAndName(text: String) throws {
        let levels = [Level(id: "-1", ordinal: -1, name: LocalizedText(["en": "Platforms"])),
                      Level(id: "0", ordinal: 0, name: LocalizedText(["en": "Street"]))]
        func elevator(_ id: String, _ name: String, x: Double) -> Connector {
            let at = GeoCoordinate(longitude: 13.4 + x, latitude: 52.5)
            return Connector(id: id, kind: .elevator, stops: levels.map { Connector.Stop(levelID: $0.id, location: at) },
                             name: LocalizedText(name))
        }
        let platform = POI(id: "platform-u5", kind: .amenity, category: "platform", name: LocalizedText("U5"), levelID: "-1",
                           coordinate: GeoCoordinate(longitude: 13.4, latitude: 52.5))
        let venue = Venue(id: "v", name: LocalizedText("V"), sourceFormat: "test", buildings: [], levels: levels, spaces: [],
                          openings: [], connectors: [elevator("e6", "U6", x: 0.001), elevator("e5", "U5", x: 0.002)], pois: [platform],
                          obstacles: [], issues: [], frame: try LocalFrame(origin: GeoCoordinate(longitude: 13.4, latitude: 52.5)))
        let results = SearchIndex(venue: venue).search(SearchQuery(text, limit: 3))
        #expect(results.prefix(2).allSatisfy { $0.poi.id.hasPrefix("e5@") }, "\(results.map(\.poi.id))")
        #expect(Set(results.prefix(2).map(\.poi.levelID)) == ["-1", "0"])
    }

    @Test func aConnectorStopIdIsAPlace() throws {
        let index = try #require(Venues.darmstadt)
        let stop = try #require(index.places.first { $0.category == "elevator" })
        #expect(try index.place(stop.id) == .poi(stop))
    }

    @Test func tiesAreReportedWithTheOthers() throws {
        let index = try #require(Venues.hub)
        let restrooms = try index.resolve("Women's restroom")
        #expect(restrooms.alternatives.count == 2)
        #expect(Set(restrooms.alternatives.map(\.poi.levelID)).count == 2)
        #expect(try index.resolve("Relay").alternatives.isEmpty)
    }
}
