/// The words people type for a category, in English, French, German and Russian, keyed by the canonical category
/// (IMDF names, the first dot-separated part: `restroom.female` → `restroom`). The category's own words are
/// searchable too; these add what a visitor would type instead ("toilet", "WC", "lift").
enum CategorySynonyms {
    static let table: [String: [String]] = [
        "restroom": ["restroom", "toilet", "toilets", "wc", "washroom", "lavatory", "bathroom", "loo", "toilettes",
                     "sanitaires", "toilette", "туалет", "уборная"],
        "toilets": ["restroom", "toilet", "toilets", "wc", "washroom", "toilettes", "туалет"],
        "female": ["women", "woman", "ladies", "female", "femmes", "damen", "женский"],
        "male": ["men", "man", "gentlemen", "male", "hommes", "herren", "мужской"],
        "unisex": ["unisex", "accessible", "mixte"],
        "wheelchair": ["wheelchair", "accessible", "pmr", "handicap", "rollstuhl"],
        "elevator": ["elevator", "lift", "ascenseur", "aufzug", "fahrstuhl", "лифт"],
        "escalator": ["escalator", "escalier mécanique", "rolltreppe", "эскалатор"],
        "stairs": ["stairs", "staircase", "stairway", "steps", "escalier", "escaliers", "treppe", "лестница"],
        "cafe": ["cafe", "coffee", "café", "kaffee", "coffeeshop", "кафе", "кофе"],
        "restaurant": ["restaurant", "food", "eat", "dining", "ресторан"],
        "bakedgoods": ["bakery", "boulangerie", "bread", "pastry", "bäckerei", "пекарня"],
        "atm": ["atm", "cash", "cashpoint", "distributeur", "geldautomat", "банкомат"],
        "information": ["information", "info", "help", "accueil", "renseignements", "auskunft", "справочная"],
        "pharmacy": ["pharmacy", "chemist", "drugstore", "pharmacie", "apotheke", "аптека"],
        "tickets": ["tickets", "ticket", "billetterie", "billets", "fahrkarten", "кассы", "билеты"],
        "ticketing": ["tickets", "ticket", "billetterie", "ticket machine"],
        "books": ["books", "bookshop", "bookstore", "librairie", "livres", "buchhandlung"],
        "supermarket": ["supermarket", "grocery", "groceries", "supermarché", "épicerie", "супермаркет"],
        "conveniencestore": ["shop", "newsagent", "convenience", "kiosk", "presse", "magasin"],
        "baggagestorage": ["luggage", "left luggage", "baggage", "consigne", "gepäck"],
        "selfstorage": ["luggage", "left luggage", "consigne"],
        "firstaid": ["first aid", "medical", "infirmary", "secours", "erste hilfe", "медпункт"],
        "drinkingfountain": ["water", "drinking fountain", "fontaine", "eau", "trinkwasser"],
        "seat": ["seat", "bench", "banc", "sitzbank"],
        "entrance": ["entrance", "entry", "way in", "entrée", "eingang", "вход"],
        "exit": ["exit", "way out", "sortie", "ausgang", "выход"],
        "classroom": ["classroom", "class", "room", "аудитория", "кабинет", "salle"],
        "auditorium": ["auditorium", "lecture hall", "hall", "amphithéâtre", "hörsaal", "аудитория"],
        "laboratory": ["laboratory", "lab", "laboratoire", "labor", "лаборатория"],
        "office": ["office", "bureau", "büro", "офис"],
        "administration": ["administration", "office", "admin", "администрация"],
        "wardrobe": ["wardrobe", "cloakroom", "coat check", "vestiaire", "garderobe", "гардероб"],
        "vending": ["vending", "vending machine", "snack", "distributeur", "automat"],
        "vending_machine": ["vending", "vending machine", "snack", "drinks", "distributeur", "automat"],
        "waste_basket": ["bin", "trash", "waste", "poubelle", "mülleimer"],
        "platform": ["platform", "quai", "bahnsteig", "платформа"],
        "shopping": ["shop", "store", "boutique", "magasin", "geschäft"],
        "souvenirs": ["souvenirs", "gifts", "gift shop", "cadeaux"],
        "florist": ["florist", "flowers", "fleurs", "fleuriste", "blumen"],
        "crepes": ["crepes", "crêperie", "pancakes"],
        "museum": ["museum", "musée", "музей"],
        "lounge": ["lounge", "waiting", "salon", "attente"],
        "waitingroom": ["waiting room", "waiting", "salle d'attente", "attente", "wartesaal"],
        "lostandfound": ["lost and found", "lost property", "objets trouvés", "fundbüro"],
        "playground": ["playground", "play area", "children", "jeux", "spielplatz"],
    ]

    /// The searchable words of a category: every part of its name, and the synonyms of each part.
    static func words(for category: String) -> [String] {
        let parts = category.lowercased().split(whereSeparator: { $0 == "." || $0 == "_" || $0 == ":" }).map(String.init)
        var out = parts
        if let whole = table[category.lowercased()] { out += whole }
        for p in parts { out += table[p] ?? [] }
        return out
    }

    /// The canonical category a typed word names, if it is one of the synonyms ("toilettes" → "restroom").
    static func categories(named word: String) -> Set<String> {
        let folded = TextNormalizer.fold(word)
        var out: Set<String> = []
        for (category, words) in table where category == folded || words.contains(where: { TextNormalizer.fold($0) == folded }) {
            out.insert(category)
        }
        return out
    }
}
