/// A name in English and in the venue's second language.
struct Names: Hashable, Sendable {
    var en: String
    var local: String
}

/// The words a generated venue is named with: English plus one second language per venue (French, German or
/// Russian), room numbers in one of the numbering schemes real buildings use, and proper names for shops.
struct Phrasebook {
    /// The venue's second language (IMDF label key, OSM `name:xx` suffix).
    let language: String
    private let column: Int

    static let languages = ["fr", "de", "ru"]

    init(language: String) {
        self.language = language
        column = (Self.languages.firstIndex(of: language) ?? 0) + 1
    }

    /// `phrase` (a key of ``table``) with `%` replaced by `value`, in both languages.
    func callAs(_ phrase: String, _ value: String = "") -> Names {
        let row = Self.table[phrase] ?? [phrase, phrase, phrase, phrase]
        return Names(en: row[0].replacingOccurrences(of: "%", with: value),
                     local: row[column].replacingOccurrences(of: "%", with: value))
    }

    /// English, French, German, Russian; `%` stands for a number or a proper name.
    static let table: [String: [String]] = [
        "room": ["Room %", "Salle %", "Raum %", "Аудитория %"],
        "office": ["Office %", "Bureau %", "Büro %", "Кабинет %"],
        "classroom": ["Classroom %", "Salle de cours %", "Seminarraum %", "Учебная аудитория %"],
        "conferenceroom": ["Meeting room %", "Salle de réunion %", "Besprechungsraum %", "Переговорная %"],
        "laboratory": ["Lab %", "Laboratoire %", "Labor %", "Лаборатория %"],
        "stairs": ["Stairs %", "Escalier %", "Treppe %", "Лестница %"],
        "elevator": ["Elevator %", "Ascenseur %", "Aufzug %", "Лифт %"],
        "escalator.up": ["Escalator up", "Escalator montant", "Rolltreppe aufwärts", "Эскалатор вверх"],
        "escalator.down": ["Escalator down", "Escalator descendant", "Rolltreppe abwärts", "Эскалатор вниз"],
        "restroom.male": ["Men's restroom", "Toilettes hommes", "Herren-WC", "Мужской туалет"],
        "restroom.female": ["Women's restroom", "Toilettes femmes", "Damen-WC", "Женский туалет"],
        "ticketing": ["Ticket office", "Billetterie", "Fahrkartenschalter", "Билетная касса"],
        "staff": ["Staff room", "Local du personnel", "Personalraum", "Служебное помещение"],
        "storage": ["Storage", "Réserve", "Lager", "Склад"],
        "hall": ["Main hall", "Grand hall", "Haupthalle", "Главный зал"],
        "plaza": ["Central square", "Place centrale", "Zentralplatz", "Центральная площадь"],
        "passage": ["% Passage", "Galerie %", "%-Passage", "Галерея «%»"],
        "platform": ["Platform %", "Quai %", "Gleis %", "Платформа %"],
        "entrance": ["Main entrance", "Entrée principale", "Haupteingang", "Главный вход"],
        "entrance.side": ["Side entrance", "Entrée latérale", "Seiteneingang", "Боковой вход"],
        "cafe": ["Café %", "Café %", "Café %", "Кафе «%»"],
        "pharmacy": ["% Pharmacy", "Pharmacie %", "%-Apotheke", "Аптека «%»"],
        "books": ["% Books", "Librairie %", "Buchhandlung %", "Книжный магазин «%»"],
        "bakedgoods": ["% Bakery", "Boulangerie %", "Bäckerei %", "Пекарня «%»"],
        "clothing": ["% Fashion", "Mode %", "Mode %", "Одежда «%»"],
        "conveniencestore": ["% Express", "% Express", "% Express", "% Экспресс"],
        "restaurant": ["Restaurant %", "Restaurant %", "Restaurant %", "Ресторан «%»"],
        "atm": ["ATM", "Distributeur de billets", "Geldautomat", "Банкомат"],
        "kiosk": ["% Kiosk", "Kiosque %", "Kiosk %", "Киоск «%»"],
        "parking": ["Car park", "Parking", "Parkplatz", "Парковка"],
        "information": ["Information", "Information", "Information", "Справочная"],
        "drinkingfountain": ["Drinking fountain", "Fontaine à eau", "Trinkbrunnen", "Питьевой фонтанчик"],
        "vendingmachine": ["Vending machine", "Distributeur automatique", "Verkaufsautomat", "Торговый автомат"],
        "level.0": ["Ground floor", "Rez-de-chaussée", "Erdgeschoss", "Первый этаж"],
        "level.up": ["Level %", "Niveau %", "Ebene %", "Уровень %"],
        "level.down": ["Basement %", "Sous-sol %", "Untergeschoss %", "Подземный уровень %"],
        "level.outdoor": ["Outdoors", "Extérieur", "Außenbereich", "Улица"],
        "building": ["Building %", "Bâtiment %", "Gebäude %", "Корпус %"],
        "venue.grid": ["% Campus", "Campus %", "Campus %", "Кампус «%»"],
        "venue.hall": ["% Exhibition Hall", "Hall d'exposition %", "Messehalle %", "Выставочный зал «%»"],
        "venue.station": ["% Station", "Gare de %", "Bahnhof %", "Вокзал «%»"],
        "venue.twin": ["% Business Park", "Parc d'affaires %", "Gewerbepark %", "Бизнес-парк «%»"],
        "venue.mall": ["% Centre", "Centre %", "Einkaufszentrum %", "Торговый центр «%»"],
    ]

    /// Proper names for venues and shops.
    static let properNames = [
        "Aurora", "Lumière", "Müller", "Belvedere", "Odeon", "Meridian", "Linden", "Atlas", "Rivoli", "Nordlicht",
        "Sokol", "Zephyr", "Colibri", "Mistral", "Orion", "Vega", "Alma", "Helios", "Kalina", "Ivy", "Riverside",
        "Northgate", "Belleville", "Kingsway", "Montclair", "Harbour", "Elm", "Granit", "Polaris", "Sirius",
    ]

    /// Shop kinds: IMDF occupant category and the OSM tag that says the same.
    static let shops: [(category: String, osmKey: String, osmValue: String)] = [
        ("cafe", "amenity", "cafe"), ("pharmacy", "amenity", "pharmacy"), ("books", "shop", "books"),
        ("bakedgoods", "shop", "bakery"), ("clothing", "shop", "clothes"), ("conveniencestore", "shop", "convenience"),
        ("restaurant", "amenity", "restaurant"),
    ]

    /// Amenities placed in corridors: IMDF amenity category and the OSM tag.
    static let amenities: [(category: String, osmKey: String, osmValue: String)] = [
        ("atm", "amenity", "atm"), ("information", "tourism", "information"),
        ("drinkingfountain", "amenity", "drinking_water"), ("vendingmachine", "amenity", "vending_machine"),
    ]
}

/// How rooms are numbered: the schemes seen on real floor plans.
enum RoomNumbering: CaseIterable {
    /// `B-2-104`: building letter, floor, floor × 100 + room.
    case buildingFloorNumber
    /// `A.1.12`: building letter, floor, room.
    case dotted
    /// `2-105`: floor, floor × 100 + room.
    case floorNumber
    /// `R0-1-1-5`: building index, floor, wing (corridor), room along it.
    case wingCode

    /// The number of the `index`-th room (0-based) of a floor, the `position`-th (0-based) along wing `wing`.
    /// Floors count from 1 at ordinal 0, as signs do; basements are `-1`, `-2`.
    func ref(building: Int, ordinal: Int, wing: Int, position: Int, index: Int) -> String {
        let letter = String(UnicodeScalar(UInt8(65 + building % 26)))
        let floor = ordinal >= 0 ? ordinal + 1 : ordinal
        let n = index + 1
        let width = n < 100 ? 100 : n < 1000 ? 1000 : 10000
        let number = abs(floor) * width + n
        switch self {
        case .buildingFloorNumber: return "\(letter)-\(floor)-\(floor < 0 ? "-" : "")\(number)"
        case .dotted: return "\(letter).\(floor).\(n)"
        case .floorNumber: return "\(floor)-\(floor < 0 ? "-" : "")\(number)"
        case .wingCode: return "R\(building)-\(floor)-\(wing + 1)-\(position + 1)"
        }
    }
}
