import Foundation
import IndoorVenue

/// The everyday words people type for a kind of place, in English, French, German and Russian (the languages of the
/// venues we ship), so that "lunch", "Fahrkarten", "pharmacie" or "туалет" find a restaurant, a ticket office, a
/// pharmacy or a restroom whatever the venue calls it.
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

        init(_ en: [String], fr: [String], de: [String], ru: [String]) {
            self.en = en
            self.fr = fr
            self.de = de
            self.ru = ru
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

    /// OSM keys that the loaders write before a value (`shop.bakery`): the value is the concept.
    static let osmKeys: Set<String> = ["shop", "tourism", "office", "vending", "information", "amenity", "room", "craft", "healthcare"]

    /// Other spellings of a concept (IMDF and OSM names of the same thing).
    static let aliases: [String: String] = [
        "toilets": "restroom", "toilet": "restroom", "wc": "restroom",
        "bench": "seating", "seat": "seating",
        "coffee": "cafe", "coffeeshop": "cafe", "tea": "cafe",
        "bakery": "bakedgoods", "pastry": "bakedgoods",
        "clothes": "clothing", "fashion": "clothing", "boutique": "clothing",
        "gift": "souvenirs", "gifts": "souvenirs",
        "drinkingwater": "drinkingfountain", "waterdispenser": "drinkingfountain",
        "wastebasket": "waste", "recycling": "waste", "trash": "waste", "wastedisposal": "waste",
        "ticket": "tickets", "ticketing": "tickets", "publictransporttickets": "tickets", "ticketmachine": "tickets",
        "ticketvalidator": "validator", "ticketoffice": "tickets",
        "vendingmachine": "vending", "sweets": "vending", "drinks": "vending", "food": "eatingdrinking",
        "selfstorage": "baggagestorage", "coinlocker": "baggagestorage", "lockers": "baggagestorage",
        "luggagelocker": "baggagestorage",
        "steps": "stairs", "stairwell": "stairs", "staircase": "stairs",
        "lift": "elevator",
        "movingwalkway": "travelator",
        "entry": "entrance", "door": "entrance",
        "guestservices": "information", "touristinfo": "information",
        "fastfood": "fastfood", "foodcourt": "foodservice", "canteen": "foodservice", "cafeteria": "foodservice",
        "eatingdrinking": "eatingdrinking",
        "phoneroom": "telephone", "payphone": "telephone",
        "huddleroom": "conferenceroom", "meetingroom": "conferenceroom",
        "privatelounge": "lounge",
        "mailbox": "post", "postbox": "post", "postoffice": "post", "postalservice": "post", "mailroom": "post",
        "copymachine": "copyshop",
        "mothersroom": "nursingroom",
        "wheelchairassist": "assistance", "mobilityrescue": "assistance", "mobilityservice": "assistance",
        "childplayarea": "playground",
        "fitnessroom": "fitness", "fitnesscentre": "fitness", "gym": "fitness",
        "movietheater": "cinema",
        "theatre": "theater",
        "bicycleparking": "bicycle",
        "motorcycleparking": "motorcycle",
        "smokingarea": "smoking",
        "newsagent": "kiosk",
        "convenience": "conveniencestore",
        "departmentstore": "mall",
        "jewellery": "jewelry",
        "mobilephone": "phoneshop",
        "travelagency": "travel",
        "drycleaning": "laundry",
        "icecream": "icecream",
        "doctors": "doctor", "clinic": "doctor", "healthscreening": "doctor",
        "boardinggate": "gate", "arrivalgate": "gate", "gatearea": "gate",
        "baggagecarousel": "baggageclaim",
        "baggagecarts": "trolleys",
        "faregate": "faregate",
        "corridor": "walkway", "footway": "walkway", "hallway": "walkway",
        "foyer": "lobby",
        "prayerroom": "prayer", "chapel": "prayer", "placeofworship": "prayer",
        "mufid": "departures",
        "photobooth": "photobooth",
        "bureaudechange": "exchange", "changemachine": "exchange",
        "parkingpaystation": "parking", "parkingentrance": "parking",
        "policeservice": "police",
        "powerchargingstation": "charging", "chargingstation": "charging",
        "lostproperty": "lostandfound",
        "meditation": "prayer",
        "fittingroom": "fittingroom",
        "unenclosedarea": "terrace",
        // IMDF amenity categories that are another concept's kind.
        "amphitheater": "auditorium", "hoteling": "office", "businesscenter": "office", "limo": "taxi",
        "valet": "parking", "travelservices": "travel", "yoga": "fitness", "baggagerecheck": "baggageclaim",
        "strollerrental": "stroller", "pickupdropoff": "pickup", "rideshare": "pickup", "groundtransportation": "transport",
        "publictransit": "transport", "firealarmpullstation": "firealarm", "handsanitizerstation": "sanitizer",
        "animalreliefarea": "petarea", "meetingpoint": "meetingpoint", "swimmingpool": "pool",
        // Common OSM `shop=*` and `amenity=*` values that are another concept's kind, or spelt otherwise.
        "pub": "bar", "wine": "alcohol", "beauty": "beautysalon", "perfumery": "cosmetics", "perfume": "cosmetics",
        "leftluggage": "baggagestorage", "waterpoint": "drinkingfountain", "lostpropertyoffice": "lostandfound",
        "pet": "petshop", "bag": "bags", "watch": "watches", "fish": "seafood", "varietystore": "variety", "videogames": "games",
        "art": "artshop", "lotto": "lottery", "moneylender": "pawnbroker", "ecigarette": "vape", "ferry": "ferryterminal",
        "coworkingspace": "coworking", "eventsvenue": "events", "market": "marketplace", "childcare": "kindergarten",
        "fuel": "fuelstation",
    ]

    /// The broader concept whose words also find a concept: a café is somewhere to eat ("lunch"), a bookshop a shop
    /// ("magasin").
    static let broader: [String: String] = {
        var out: [String: String] = [:]
        for k in ["restaurant", "fastfood", "foodservice", "cafe", "crepes", "bakedgoods", "icecream"] { out[k] = "eatingdrinking" }
        for k in ["books", "souvenirs", "florist", "clothing", "shoes", "optician", "jewelry", "electronics", "phoneshop",
                  "cosmetics", "tobacco", "toys", "sports", "stationery", "supermarket", "conveniencestore", "kiosk", "butcher",
                  "confectionery", "deli", "alcohol", "beverages", "frozenfood", "chemist", "mall", "furniture", "hardware",
                  "petshop", "photo", "computer", "bags", "watches", "greengrocer", "seafood", "variety", "outdoor", "music",
                  "games", "artshop", "lottery", "pawnbroker", "vape", "beautysalon"] { out[k] = "shop" }
        return out
    }()

    /// Concepts and their words; every concept has at least two words in each language.
    static let concepts: [String: Words] = [
        // Restrooms and what they are for.
        "restroom": Words(["restroom", "toilet", "toilets", "wc", "washroom", "bathroom", "lavatory", "loo"],
                          fr: ["toilettes", "wc", "sanitaires", "lavabos"],
                          de: ["toilette", "toiletten", "wc", "klo"],
                          ru: ["туалет", "уборная", "wc", "санузел"]),
        "female": Words(["women", "women's room", "ladies", "ladies' room", "female"],
                        fr: ["femmes", "dames"], de: ["damen", "frauen"], ru: ["женский", "женщины", "дамская комната"]),
        "male": Words(["men", "men's room", "gentlemen", "gents", "male"],
                      fr: ["hommes", "messieurs"], de: ["herren", "männer"], ru: ["мужской", "мужчины"]),
        "unisex": Words(["unisex", "all gender", "gender neutral"], fr: ["mixte", "unisexe"],
                        de: ["unisex", "geschlechtsneutral"], ru: ["унисекс", "общий"]),
        "family": Words(["family", "family room"], fr: ["famille", "familial"], de: ["familie", "familien"],
                        ru: ["семейный", "семья"]),
        "transgender": Words(["transgender", "all gender"], fr: ["transgenre", "non genré"],
                             de: ["transgender", "alle geschlechter"], ru: ["трансгендерный", "для всех"]),
        "wheelchair": Words(["wheelchair", "accessible", "disabled"], fr: ["pmr", "handicapé", "fauteuil roulant", "accessible"],
                            de: ["rollstuhl", "barrierefrei", "behindertengerecht"],
                            ru: ["инвалидный", "для инвалидов", "маломобильных", "доступный"]),
        "shower": Words(["shower", "showers"], fr: ["douche", "douches"], de: ["dusche", "duschen"], ru: ["душ", "душевая"]),
        "babychanging": Words(["baby changing", "changing table", "nappy"], fr: ["table à langer", "espace bébé", "change bébé"],
                              de: ["wickelraum", "wickeltisch"], ru: ["пеленальный столик", "пеленальная", "комната матери и ребёнка"]),
        "nursingroom": Words(["nursing room", "breastfeeding", "mothers room"], fr: ["salle d'allaitement", "allaitement"],
                             de: ["stillraum", "stillen"], ru: ["комната матери и ребёнка", "кормление"]),

        // Getting around.
        "elevator": Words(["elevator", "lift"], fr: ["ascenseur", "élévateur"], de: ["aufzug", "fahrstuhl", "lift"],
                          ru: ["лифт", "подъёмник"]),
        "escalator": Words(["escalator", "moving stairs"], fr: ["escalator", "escalier mécanique", "escalier roulant"],
                           de: ["rolltreppe", "fahrtreppe"], ru: ["эскалатор", "движущаяся лестница"]),
        "stairs": Words(["stairs", "staircase", "stairway", "steps"], fr: ["escalier", "escaliers", "marches"],
                        de: ["treppe", "treppenhaus", "stufen"], ru: ["лестница", "ступеньки", "лестничная клетка"]),
        "ramp": Words(["ramp", "slope"], fr: ["rampe", "pente"], de: ["rampe", "auffahrt"], ru: ["пандус", "рампа"]),
        "travelator": Words(["moving walkway", "travelator", "travolator"], fr: ["tapis roulant", "trottoir roulant"],
                            de: ["laufband", "rollsteig"], ru: ["траволатор", "движущаяся дорожка"]),
        "entrance": Words(["entrance", "entry", "way in"], fr: ["entrée", "accès"], de: ["eingang", "zugang"],
                          ru: ["вход", "входная дверь"]),
        "main": Words(["main", "main entrance"], fr: ["principal", "principale"], de: ["haupt", "haupteingang"],
                      ru: ["главный", "центральный"]),
        "exit": Words(["exit", "way out"], fr: ["sortie", "issue"], de: ["ausgang", "notausgang"], ru: ["выход", "выход наружу"]),
        "walkway": Words(["corridor", "hallway", "walkway", "passage"], fr: ["couloir", "passage", "galerie"],
                         de: ["flur", "gang", "korridor"], ru: ["коридор", "проход"]),
        "building": Words(["building", "block"], fr: ["bâtiment", "immeuble"], de: ["gebäude", "haus"], ru: ["здание", "корпус"]),
        "lobby": Words(["lobby", "foyer", "hall"], fr: ["hall", "foyer"], de: ["foyer", "eingangshalle", "lobby"],
                       ru: ["вестибюль", "холл", "фойе"]),
        "footbridge": Words(["footbridge", "bridge", "skywalk"], fr: ["passerelle", "pont"], de: ["fußgängerbrücke", "brücke", "steg"],
                            ru: ["пешеходный мост", "мост", "переход"]),
        "platform": Words(["platform", "track"], fr: ["quai", "voie"], de: ["gleis", "bahnsteig"], ru: ["платформа", "перрон", "путь"]),
        "train": Words(["train", "rail"], fr: ["train", "trains"], de: ["zug", "bahn"], ru: ["поезд", "электричка"]),
        "bus": Words(["bus", "coach", "bus station"], fr: ["bus", "autobus", "car"], de: ["bus", "busbahnhof"], ru: ["автобус", "автовокзал"]),
        "taxi": Words(["taxi", "cab"], fr: ["taxi", "taxis"], de: ["taxi", "taxistand"], ru: ["такси", "стоянка такси"]),
        "shuttle": Words(["shuttle", "shuttle bus"], fr: ["navette", "shuttle"], de: ["shuttle", "pendelbus"], ru: ["шаттл", "трансфер"]),
        "carrental": Words(["car rental", "car hire"], fr: ["location de voitures", "loueur"], de: ["autovermietung", "mietwagen"],
                           ru: ["прокат автомобилей", "аренда авто"]),
        "parking": Words(["parking", "car park"], fr: ["parking", "stationnement"], de: ["parkplatz", "parkhaus"],
                         ru: ["парковка", "стоянка"]),
        "bicycle": Words(["bike parking", "bicycle parking", "bikes"], fr: ["parking vélo", "vélos"],
                         de: ["fahrradparkplatz", "fahrradständer", "fahrräder"], ru: ["велопарковка", "велосипеды"]),
        "motorcycle": Words(["motorcycle", "motorbike"], fr: ["moto", "motos"], de: ["motorrad", "motorräder"], ru: ["мотоцикл", "мотоциклы"]),
        "gate": Words(["gate", "boarding"], fr: ["porte", "embarquement"], de: ["gate", "flugsteig", "abflug"],
                      ru: ["выход на посадку", "гейт", "посадка"]),
        "checkin": Words(["check-in", "check in", "check-in desk"], fr: ["enregistrement", "comptoir"], de: ["check-in", "abfertigung"],
                         ru: ["регистрация", "стойка регистрации"]),
        "baggageclaim": Words(["baggage claim", "luggage", "carousel"], fr: ["livraison bagages", "bagages", "tapis bagages"],
                              de: ["gepäckausgabe", "gepäckband"], ru: ["выдача багажа", "багаж"]),
        "trolleys": Words(["trolleys", "luggage carts", "baggage carts"], fr: ["chariots", "chariots à bagages"],
                          de: ["gepäckwagen", "kofferkuli"], ru: ["тележки", "багажные тележки"]),
        "immigration": Words(["passport control", "immigration"], fr: ["contrôle des passeports", "immigration"],
                             de: ["passkontrolle", "einreise"], ru: ["паспортный контроль", "пограничный контроль"]),
        "faregate": Words(["fare gates", "ticket barriers", "turnstiles"], fr: ["portiques", "tourniquets"],
                          de: ["zugangssperren", "drehkreuz", "sperren"], ru: ["турникеты", "турникет"]),
        "departures": Words(["departures", "arrivals", "departure board"], fr: ["départs", "arrivées", "tableau des départs"],
                            de: ["abfahrt", "ankunft", "abfahrtstafel"], ru: ["табло", "отправление", "прибытие"]),

        // Tickets, information, help.
        "tickets": Words(["tickets", "ticket office", "ticket machine", "fares"],
                         fr: ["billets", "billetterie", "guichet", "tickets", "billetterie automatique"],
                         de: ["fahrkarten", "tickets", "fahrkartenschalter", "fahrscheine", "fahrkartenautomat"],
                         ru: ["билеты", "кассы", "касса", "билетная касса", "билетный автомат"]),
        "validator": Words(["validator", "ticket validator", "card reader"], fr: ["valideur", "composteur"],
                           de: ["entwerter", "fahrkartenentwerter"], ru: ["валидатор", "компостер"]),
        "information": Words(["information", "info", "help desk", "help"], fr: ["information", "renseignements", "accueil"],
                             de: ["information", "auskunft", "info"], ru: ["справочная", "информация", "справка"]),
        "map": Words(["map", "floor plan"], fr: ["plan", "carte"], de: ["karte", "lageplan"], ru: ["карта", "схема"]),
        "assistance": Words(["assistance", "mobility assistance", "wheelchair assistance"], fr: ["assistance", "aide à la mobilité"],
                            de: ["mobilitätsservice", "hilfe", "rollstuhlservice"], ru: ["помощь", "сопровождение"]),
        "lostandfound": Words(["lost and found", "lost property"], fr: ["objets trouvés", "objets perdus"],
                              de: ["fundbüro", "fundsachen"], ru: ["бюро находок", "находки"]),
        "police": Words(["police", "police station"], fr: ["police", "commissariat", "gendarmerie"],
                        de: ["polizei", "polizeiwache", "bundespolizei"], ru: ["полиция", "отделение полиции"]),
        "security": Words(["security", "guard"], fr: ["sécurité", "gardien"], de: ["sicherheitsdienst", "sicherheit", "wachschutz"],
                          ru: ["охрана", "пост охраны", "безопасность"]),
        "firstaid": Words(["first aid", "medical", "infirmary"], fr: ["premiers secours", "infirmerie", "secours"],
                          de: ["erste hilfe", "sanitäter", "sanitätsraum"], ru: ["медпункт", "первая помощь"]),
        "defibrillator": Words(["defibrillator", "aed"], fr: ["défibrillateur", "dae"], de: ["defibrillator", "aed"],
                               ru: ["дефибриллятор", "аед"]),
        "doctor": Words(["doctor", "medical centre", "clinic"], fr: ["médecin", "cabinet médical"], de: ["arzt", "arztpraxis"],
                        ru: ["врач", "поликлиника"]),
        "dentist": Words(["dentist", "dental"], fr: ["dentiste", "cabinet dentaire"], de: ["zahnarzt", "zahnarztpraxis"],
                         ru: ["стоматолог", "зубной"]),
        "pharmacy": Words(["pharmacy", "chemist", "drugstore", "medicine"], fr: ["pharmacie", "médicaments"],
                          de: ["apotheke", "medikamente"], ru: ["аптека", "лекарства"]),
        "prayer": Words(["prayer room", "chapel", "quiet room"], fr: ["salle de prière", "chapelle", "aumônerie"],
                        de: ["gebetsraum", "kapelle", "raum der stille"], ru: ["молельная комната", "часовня", "молитвенная"]),

        // Money, post, phones.
        "atm": Words(["atm", "cash machine", "cashpoint", "cash"], fr: ["distributeur de billets", "distributeur", "dab", "retrait"],
                     de: ["geldautomat", "bankautomat", "bargeld"], ru: ["банкомат", "наличные"]),
        "bank": Words(["bank", "banking"], fr: ["banque", "agence bancaire"], de: ["bank", "bankfiliale"], ru: ["банк", "отделение банка"]),
        "exchange": Words(["currency exchange", "bureau de change", "money exchange"], fr: ["bureau de change", "change"],
                          de: ["wechselstube", "geldwechsel"], ru: ["обмен валюты", "обменник"]),
        "cashier": Words(["cashier", "checkout", "till"], fr: ["caisse", "caissier"], de: ["kasse", "bezahlen"], ru: ["касса", "оплата"]),
        "post": Words(["post office", "post", "mail"], fr: ["poste", "la poste", "courrier"], de: ["post", "postamt", "briefkasten"],
                      ru: ["почта", "почтовое отделение"]),
        "telephone": Words(["telephone", "phone"], fr: ["téléphone", "cabine téléphonique"], de: ["telefon", "telefonzelle"],
                           ru: ["телефон", "таксофон"]),
        "wifi": Words(["wifi", "wi-fi", "internet"], fr: ["wifi", "internet"], de: ["wlan", "internet"], ru: ["вайфай", "интернет"]),
        "charging": Words(["charging", "phone charging", "power outlet"], fr: ["recharge", "prise"], de: ["ladestation", "steckdose", "aufladen"],
                          ru: ["зарядка", "зарядная станция"]),
        "photobooth": Words(["photo booth", "passport photos"], fr: ["photomaton", "photos d'identité"], de: ["fotoautomat", "passbilder"],
                            ru: ["фотобудка", "фото на документы"]),
        "copyshop": Words(["copy shop", "printing", "photocopy"], fr: ["reprographie", "photocopie", "imprimerie"],
                          de: ["copyshop", "kopieren", "drucken"], ru: ["копицентр", "печать", "ксерокс"]),

        // Waiting, sitting, storing.
        "waitingroom": Words(["waiting room", "waiting area"], fr: ["salle d'attente", "attente"], de: ["wartesaal", "warteraum", "wartebereich"],
                             ru: ["зал ожидания", "ожидание"]),
        "lounge": Words(["lounge", "waiting lounge"], fr: ["salon", "salle d'attente"], de: ["lounge", "aufenthaltsraum"],
                        ru: ["зал ожидания", "лаунж"]),
        "seating": Words(["bench", "seating", "seats", "sit"], fr: ["banc", "sièges", "s'asseoir"], de: ["sitzbank", "sitzplätze", "bank"],
                         ru: ["скамейка", "сиденья", "лавочка"]),
        "baggagestorage": Words(["left luggage", "luggage storage", "lockers", "baggage"], fr: ["consigne", "bagages", "casiers"],
                                de: ["gepäckaufbewahrung", "schließfächer", "gepäck"], ru: ["камера хранения", "багаж", "ячейки"]),
        "wardrobe": Words(["cloakroom", "coat check", "wardrobe"], fr: ["vestiaire", "consigne à manteaux"], de: ["garderobe", "kleiderablage"],
                          ru: ["гардероб", "раздевалка"]),
        "fittingroom": Words(["fitting room", "changing room"], fr: ["cabine d'essayage", "essayage"], de: ["umkleide", "umkleidekabine"],
                             ru: ["примерочная", "кабинка для переодевания"]),
        "storage": Words(["storage", "storeroom"], fr: ["réserve", "stockage"], de: ["lager", "abstellraum"], ru: ["склад", "кладовая"]),
        "drinkingfountain": Words(["drinking water", "water fountain", "water"], fr: ["fontaine à eau", "eau potable"],
                                  de: ["trinkwasser", "trinkbrunnen", "wasserspender"], ru: ["питьевая вода", "фонтанчик", "вода"]),
        "vending": Words(["vending machine", "snacks", "drinks"], fr: ["distributeur automatique", "distributeur", "boissons"],
                         de: ["automat", "verkaufsautomat", "snackautomat", "getränkeautomat"], ru: ["торговый автомат", "вендинг", "автомат"]),
        "waste": Words(["bin", "trash", "rubbish", "recycling"], fr: ["poubelle", "corbeille", "recyclage"],
                       de: ["mülleimer", "abfall", "papierkorb"], ru: ["урна", "мусор", "мусорка"]),
        "clock": Words(["clock", "time"], fr: ["horloge", "heure"], de: ["uhr", "bahnhofsuhr"], ru: ["часы", "время"]),
        "smoking": Words(["smoking area", "smoking"], fr: ["espace fumeurs", "fumeurs"], de: ["raucherbereich", "raucherzone"],
                         ru: ["курилка", "место для курения"]),
        "playground": Words(["playground", "play area", "kids"], fr: ["aire de jeux", "jeux", "enfants"], de: ["spielplatz", "spielecke", "kinder"],
                            ru: ["детская площадка", "игровая зона", "дети"]),
        "terrace": Words(["terrace", "patio", "outdoor seating"], fr: ["terrasse", "patio"], de: ["terrasse", "außenbereich"],
                         ru: ["терраса", "веранда"]),

        // Food and drink.
        "eatingdrinking": Words(["food", "eat", "lunch", "dinner", "breakfast", "meal"], fr: ["manger", "repas", "déjeuner", "restauration", "nourriture"],
                                de: ["essen", "mittagessen", "imbiss", "speisen"], ru: ["еда", "поесть", "обед", "перекус"]),
        "restaurant": Words(["restaurant", "dining", "food", "lunch", "dinner"], fr: ["restaurant", "brasserie", "manger", "déjeuner"],
                            de: ["restaurant", "gaststätte", "essen", "mittagessen"], ru: ["ресторан", "еда", "обед", "поесть"]),
        "fastfood": Words(["fast food", "takeaway", "snack bar", "food", "lunch"], fr: ["restauration rapide", "snack", "fast-food", "manger"],
                          de: ["schnellimbiss", "imbiss", "fast food", "essen"], ru: ["фастфуд", "быстрое питание", "закусочная", "еда"]),
        "foodservice": Words(["canteen", "cafeteria", "food court", "food", "lunch"], fr: ["cantine", "cafétéria", "restauration", "manger"],
                             de: ["kantine", "mensa", "cafeteria", "essen"], ru: ["столовая", "буфет", "кафетерий", "еда"]),
        "cafe": Words(["cafe", "coffee", "coffee shop"], fr: ["café", "cafétéria", "salon de thé"], de: ["café", "kaffee", "kaffeebar"],
                      ru: ["кафе", "кофейня", "кофе"]),
        "bakedgoods": Words(["bakery", "bread", "pastries"], fr: ["boulangerie", "pâtisserie", "viennoiseries"],
                            de: ["bäckerei", "bäcker", "backwaren"], ru: ["пекарня", "булочная", "выпечка"]),
        "crepes": Words(["crepes", "pancakes"], fr: ["crêperie", "crêpes"], de: ["crêpes", "pfannkuchen"], ru: ["блины", "блинная"]),
        "icecream": Words(["ice cream", "gelato"], fr: ["glace", "glacier"], de: ["eis", "eisdiele"], ru: ["мороженое", "джелато"]),
        "bar": Words(["bar", "pub", "drinks"], fr: ["bar", "pub", "bistrot"], de: ["bar", "kneipe", "pub"], ru: ["бар", "паб", "пивная"]),
        "beverages": Words(["drinks", "beverages"], fr: ["boissons", "cave"], de: ["getränke", "getränkemarkt"], ru: ["напитки", "магазин напитков"]),
        "frozenfood": Words(["frozen food", "frozen"], fr: ["surgelés", "produits surgelés"], de: ["tiefkühlkost", "tiefkühl"],
                            ru: ["замороженные продукты", "заморозка"]),
        "supermarket": Words(["supermarket", "grocery", "groceries"], fr: ["supermarché", "épicerie", "courses"],
                             de: ["supermarkt", "lebensmittel"], ru: ["супермаркет", "продукты", "гастроном"]),
        "conveniencestore": Words(["convenience store", "corner shop", "minimarket"], fr: ["supérette", "épicerie", "dépanneur"],
                                  de: ["späti", "minimarkt", "lebensmittel"], ru: ["минимаркет", "продуктовый", "магазин у дома"]),
        "deli": Words(["deli", "delicatessen"], fr: ["traiteur", "épicerie fine"], de: ["feinkost", "delikatessen"], ru: ["деликатесы", "кулинария"]),
        "butcher": Words(["butcher", "meat"], fr: ["boucherie", "viande"], de: ["metzgerei", "fleischerei", "metzger"], ru: ["мясная лавка", "мясо"]),
        "confectionery": Words(["sweets", "candy", "confectionery"], fr: ["confiserie", "bonbons"], de: ["süßwaren", "süßigkeiten"],
                               ru: ["кондитерская", "сладости"]),
        "alcohol": Words(["liquor store", "off licence", "wine"], fr: ["caviste", "vins"], de: ["spirituosen", "weinhandlung", "wein"],
                         ru: ["алкоголь", "вино"]),

        // Shops.
        "shop": Words(["shop", "store", "shopping"], fr: ["magasin", "boutique", "commerce"], de: ["geschäft", "laden", "shop"],
                      ru: ["магазин", "лавка"]),
        "mall": Words(["mall", "department store", "shopping centre"], fr: ["grand magasin", "centre commercial"],
                      de: ["kaufhaus", "warenhaus", "einkaufszentrum"], ru: ["универмаг", "торговый центр"]),
        "books": Words(["books", "bookshop", "bookstore"], fr: ["librairie", "livres"], de: ["buchhandlung", "bücher"], ru: ["книги", "книжный магазин"]),
        "kiosk": Words(["kiosk", "newsagent", "newspapers", "magazines"], fr: ["kiosque", "presse", "journaux", "tabac presse"],
                       de: ["kiosk", "zeitschriften", "zeitungen"], ru: ["киоск", "газеты", "пресса"]),
        "souvenirs": Words(["souvenirs", "gifts", "gift shop"], fr: ["souvenirs", "cadeaux", "boutique de souvenirs"],
                           de: ["souvenirs", "geschenke", "andenken"], ru: ["сувениры", "подарки"]),
        "florist": Words(["florist", "flowers"], fr: ["fleuriste", "fleurs"], de: ["blumen", "blumenladen", "floristik"], ru: ["цветы", "цветочный магазин"]),
        "clothing": Words(["clothes", "clothing", "fashion"], fr: ["vêtements", "mode", "habits"], de: ["kleidung", "mode", "bekleidung"],
                          ru: ["одежда", "магазин одежды"]),
        "shoes": Words(["shoes", "footwear"], fr: ["chaussures", "souliers"], de: ["schuhe", "schuhgeschäft"], ru: ["обувь", "туфли"]),
        "optician": Words(["optician", "glasses"], fr: ["opticien", "lunettes"], de: ["optiker", "brillen"], ru: ["оптика", "очки"]),
        "hairdresser": Words(["hairdresser", "barber", "haircut"], fr: ["coiffeur", "salon de coiffure"], de: ["friseur", "frisör"],
                             ru: ["парикмахерская", "барбершоп"]),
        "jewelry": Words(["jewellery", "jewelry", "jeweller"], fr: ["bijouterie", "bijoux"], de: ["schmuck", "juwelier"], ru: ["ювелирный", "украшения"]),
        "electronics": Words(["electronics", "gadgets"], fr: ["électronique", "high-tech"], de: ["elektronik", "elektronikmarkt"],
                             ru: ["электроника", "техника"]),
        "phoneshop": Words(["mobile phones", "phone shop"], fr: ["téléphonie", "téléphones"], de: ["handy", "handyladen", "mobilfunk"],
                           ru: ["мобильные телефоны", "салон связи"]),
        "chemist": Words(["chemist", "drugstore", "toiletries"], fr: ["droguerie", "parapharmacie"], de: ["drogerie", "drogeriemarkt"],
                         ru: ["бытовая химия", "косметика"]),
        "cosmetics": Words(["cosmetics", "beauty", "makeup"], fr: ["cosmétiques", "beauté", "parfumerie"], de: ["kosmetik", "parfümerie"],
                           ru: ["косметика", "парфюмерия"]),
        "tobacco": Words(["tobacco", "cigarettes", "tobacconist"], fr: ["tabac", "cigarettes"], de: ["tabak", "zigaretten", "tabakladen"],
                         ru: ["табак", "сигареты"]),
        "toys": Words(["toys", "toy shop"], fr: ["jouets", "magasin de jouets"], de: ["spielzeug", "spielwaren"], ru: ["игрушки", "детский магазин"]),
        "travel": Words(["travel agency", "travel agent"], fr: ["agence de voyages", "voyages"], de: ["reisebüro", "reisen"],
                        ru: ["турагентство", "туристическое агентство"]),
        "sports": Words(["sports", "sportswear"], fr: ["sport", "articles de sport"], de: ["sport", "sportgeschäft"], ru: ["спорттовары", "спорт"]),
        "stationery": Words(["stationery", "stationer"], fr: ["papeterie", "fournitures"], de: ["schreibwaren", "bürobedarf"], ru: ["канцтовары", "канцелярия"]),
        "laundry": Words(["laundry", "dry cleaning"], fr: ["laverie", "pressing"], de: ["wäscherei", "reinigung"], ru: ["прачечная", "химчистка"]),
        "hotel": Words(["hotel", "accommodation"], fr: ["hôtel", "hébergement"], de: ["hotel", "unterkunft"], ru: ["гостиница", "отель"]),

        // Culture and leisure.
        "museum": Words(["museum", "gallery"], fr: ["musée", "galerie"], de: ["museum", "galerie"], ru: ["музей", "галерея"]),
        "exhibit": Words(["exhibit", "exhibition", "display"], fr: ["exposition", "œuvre"], de: ["ausstellung", "exponat"], ru: ["экспонат", "выставка"]),
        "artwork": Words(["artwork", "art", "sculpture"], fr: ["œuvre d'art", "art", "sculpture"], de: ["kunstwerk", "kunst", "skulptur"],
                         ru: ["произведение искусства", "скульптура", "искусство"]),
        "cinema": Words(["cinema", "movie theater", "movies"], fr: ["cinéma", "salle de cinéma"], de: ["kino", "kinosaal"], ru: ["кинотеатр", "кино"]),
        "theater": Words(["theatre", "theater", "stage"], fr: ["théâtre", "scène"], de: ["theater", "bühne"], ru: ["театр", "сцена"]),
        "concert": Words(["concert hall", "concerts"], fr: ["salle de concert", "concert"], de: ["konzertsaal", "konzert"], ru: ["концертный зал", "концерт"]),
        "fitness": Words(["gym", "fitness"], fr: ["salle de sport", "fitness"], de: ["fitnessraum", "fitnessstudio"], ru: ["спортзал", "фитнес"]),
        "recreation": Words(["recreation", "games room", "leisure"], fr: ["loisirs", "salle de jeux", "détente"], de: ["freizeit", "spielraum", "aufenthaltsraum"],
                            ru: ["зона отдыха", "отдых"]),

        // Study and work.
        "library": Words(["library", "reading room"], fr: ["bibliothèque", "médiathèque"], de: ["bibliothek", "bücherei"], ru: ["библиотека", "читальный зал"]),
        "reading": Words(["reading room", "reading"], fr: ["salle de lecture", "lecture"], de: ["lesesaal", "lesen"], ru: ["читальный зал", "читальня"]),
        "classroom": Words(["classroom", "class room", "lecture room"], fr: ["salle de classe", "salle de cours"],
                           de: ["seminarraum", "klassenzimmer", "unterrichtsraum"], ru: ["аудитория", "учебная аудитория", "класс"]),
        "auditorium": Words(["auditorium", "lecture hall", "lecture theatre"], fr: ["amphithéâtre", "amphi", "auditorium"],
                            de: ["hörsaal", "aula", "auditorium"], ru: ["аудитория", "лекционный зал", "актовый зал"]),
        "laboratory": Words(["laboratory", "lab"], fr: ["laboratoire", "labo"], de: ["labor", "laboratorium"], ru: ["лаборатория", "лабораторный"]),
        "conferenceroom": Words(["meeting room", "conference room"], fr: ["salle de réunion", "salle de conférence"],
                                de: ["besprechungsraum", "konferenzraum"], ru: ["переговорная", "конференц-зал"]),
        "office": Words(["office", "offices"], fr: ["bureau", "bureaux"], de: ["büro", "dienstzimmer"], ru: ["офис", "кабинет"]),
        "administration": Words(["administration", "admin office", "management"], fr: ["administration", "direction", "secrétariat"],
                                de: ["verwaltung", "sekretariat"], ru: ["администрация", "дирекция"]),
        "council": Words(["council", "board room", "senate"], fr: ["conseil", "salle du conseil"], de: ["senat", "sitzungssaal"],
                         ru: ["учёный совет", "совет"]),
        "archive": Words(["archive", "archives", "records"], fr: ["archives", "archive"], de: ["archiv", "registratur"], ru: ["архив", "архивный отдел"]),
        "university": Words(["university", "campus"], fr: ["université", "fac"], de: ["universität", "uni", "hochschule"], ru: ["университет", "вуз"]),
        "serverroom": Words(["server room", "it room"], fr: ["salle serveur", "salle informatique"], de: ["serverraum", "technikraum"],
                            ru: ["серверная", "серверная комната"]),
        "kitchen": Words(["kitchen", "kitchenette"], fr: ["cuisine", "kitchenette"], de: ["küche", "teeküche"], ru: ["кухня", "мини-кухня"]),
        "transport": Words(["transport", "transit", "ground transportation"], fr: ["transports", "transports en commun"],
                           de: ["verkehr", "nahverkehr"], ru: ["транспорт", "общественный транспорт"]),
        "pickup": Words(["pick-up", "drop-off", "rideshare"], fr: ["dépose-minute", "prise en charge"], de: ["abholung", "kurzparken", "kiss and ride"],
                        ru: ["место посадки", "высадка"]),
        "stroller": Words(["stroller", "pushchair", "buggy"], fr: ["poussette", "location de poussettes"], de: ["kinderwagen", "buggy"],
                          ru: ["коляска", "прокат колясок"]),
        "petarea": Words(["pet relief area", "dogs", "pets"], fr: ["espace animaux", "chiens"], de: ["hundeauslauf", "haustiere"],
                         ru: ["выгул собак", "животные"]),
        "meetingpoint": Words(["meeting point", "meet"], fr: ["point de rencontre", "rendez-vous"], de: ["treffpunkt", "sammelpunkt"],
                              ru: ["место встречи", "точка встречи"]),
        "pool": Words(["swimming pool", "pool"], fr: ["piscine", "bassin"], de: ["schwimmbad", "pool"], ru: ["бассейн", "плавательный бассейн"]),
        "firealarm": Words(["fire alarm", "alarm"], fr: ["alarme incendie", "alarme"], de: ["feuermelder", "brandmelder"], ru: ["пожарная сигнализация", "пожарный извещатель"]),
        "fireextinguisher": Words(["fire extinguisher", "extinguisher"], fr: ["extincteur", "extincteur incendie"], de: ["feuerlöscher", "löscher"],
                                  ru: ["огнетушитель", "пожарный щит"]),
        "sanitizer": Words(["hand sanitizer", "sanitiser"], fr: ["gel hydroalcoolique", "désinfectant"], de: ["desinfektionsmittel", "handdesinfektion"],
                           ru: ["антисептик", "санитайзер"]),
        "emergencyshelter": Words(["emergency shelter", "shelter"], fr: ["abri d'urgence", "abri"], de: ["notunterkunft", "schutzraum"],
                                  ru: ["убежище", "укрытие"]),
        "fieldofplay": Words(["pitch", "court", "field", "sports ground"], fr: ["terrain", "terrain de sport"], de: ["spielfeld", "sportplatz"],
                             ru: ["поле", "площадка", "спортивная площадка"]),
        "landmark": Words(["landmark", "sight", "point of interest"], fr: ["point de repère", "monument"], de: ["wahrzeichen", "sehenswürdigkeit"],
                          ru: ["достопримечательность", "ориентир"]),
        "loadingzone": Words(["loading zone", "deliveries"], fr: ["zone de livraison", "livraisons"], de: ["ladezone", "anlieferung"],
                             ru: ["зона погрузки", "разгрузка"]),
        "nonpublic": Words(["staff only", "private"], fr: ["réservé au personnel", "privé"], de: ["nur für personal", "privat"],
                           ru: ["служебное помещение", "только для персонала"]),
        "room": Words(["room", "space"], fr: ["salle", "pièce"], de: ["raum", "zimmer"], ru: ["комната", "помещение"]),
        // Shops and services of stations, malls and airports (common OSM `shop=*` and `amenity=*` values).
        "furniture": Words(["furniture store", "furniture"], fr: ["magasin de meubles", "meubles"], de: ["möbelhaus", "möbel"],
                           ru: ["мебельный магазин", "мебель"]),
        "hardware": Words(["hardware store", "hardware", "diy"], fr: ["quincaillerie", "bricolage"], de: ["baumarkt", "eisenwaren"],
                          ru: ["хозяйственный магазин", "хозтовары"]),
        "petshop": Words(["pet shop", "pet supplies", "pet store"], fr: ["animalerie", "accessoires pour animaux"],
                         de: ["zoohandlung", "tierbedarf"], ru: ["зоомагазин", "зоотовары"]),
        "photo": Words(["photo studio", "photo", "photography"], fr: ["photographe", "photo"], de: ["fotogeschäft", "foto", "fotograf"],
                       ru: ["фотосалон", "фото", "фотоателье"]),
        "computer": Words(["computer shop", "computers", "computer"], fr: ["informatique", "ordinateurs"],
                          de: ["computerladen", "computer"], ru: ["компьютерный магазин", "компьютеры"]),
        "bags": Words(["bag shop", "bags", "handbags"], fr: ["maroquinerie", "sacs"], de: ["lederwaren", "taschen"],
                      ru: ["сумки", "кожгалантерея"]),
        "watches": Words(["watch shop", "watches"], fr: ["horlogerie", "montres"], de: ["uhrengeschäft", "uhren"],
                         ru: ["часовой магазин", "часовщик"]),
        "greengrocer": Words(["greengrocer", "fruit", "vegetables"], fr: ["primeur", "fruits", "légumes"],
                             de: ["gemüsehändler", "obst", "gemüse"], ru: ["овощной магазин", "фрукты", "овощи"]),
        "seafood": Words(["fishmonger", "seafood", "fish"], fr: ["poissonnerie", "poisson", "fruits de mer"],
                         de: ["fischgeschäft", "fisch", "meeresfrüchte"], ru: ["рыбный магазин", "рыба", "морепродукты"]),
        "variety": Words(["variety store", "discount store", "pound shop"], fr: ["bazar", "solderie"],
                         de: ["sonderpostenmarkt", "restposten"], ru: ["магазин низких цен", "дискаунтер"]),
        "outdoor": Words(["outdoor shop", "outdoor", "camping"], fr: ["magasin de plein air", "plein air", "camping"],
                         de: ["outdoorladen", "outdoor", "campingbedarf"], ru: ["туристический магазин", "туризм", "снаряжение"]),
        "music": Words(["music shop", "music", "instruments"], fr: ["magasin de musique", "musique", "disquaire"],
                       de: ["musikgeschäft", "musik", "schallplatten"], ru: ["музыкальный магазин", "музыка", "пластинки"]),
        "games": Words(["game shop", "video games", "board games"], fr: ["magasin de jeux", "jeux vidéo", "jeux de société"],
                       de: ["spieleladen", "videospiele", "brettspiele"], ru: ["магазин игр", "видеоигры", "настольные игры"]),
        "artshop": Words(["art shop", "art dealer"], fr: ["marchand d'art", "boutique d'art"], de: ["kunsthandel", "kunsthandlung"],
                         ru: ["художественный салон", "арт-салон"]),
        "lottery": Words(["lottery", "lotto"], fr: ["loterie", "loto"], de: ["lotto", "lotterie", "lottoannahme"], ru: ["лотерея", "лото"]),
        "pawnbroker": Words(["pawnbroker", "pawn shop"], fr: ["prêteur sur gages", "mont-de-piété"], de: ["pfandhaus", "pfandleiher"],
                            ru: ["ломбард", "займы"]),
        "vape": Words(["vape shop", "vape"], fr: ["vapoteuse", "vape"], de: ["dampfershop", "vape"], ru: ["вейпшоп", "вейп"]),
        "beautysalon": Words(["beauty salon", "nail salon", "beautician"], fr: ["institut de beauté", "onglerie", "esthéticienne"],
                             de: ["kosmetikstudio", "nagelstudio", "schönheitssalon"], ru: ["салон красоты", "маникюр", "косметолог"]),
        "massage": Words(["massage", "spa"], fr: ["massage", "spa"], de: ["massage", "massagesalon", "wellness"], ru: ["массаж", "спа"]),
        "tattoo": Words(["tattoo studio", "tattoo", "piercing"], fr: ["salon de tatouage", "tatouage", "piercing"],
                        de: ["tattoostudio", "tattoo", "tätowierer"], ru: ["тату-салон", "тату", "татуировка"]),
        "carrepair": Words(["car repair", "garage", "mechanic"], fr: ["garage", "réparation automobile", "mécanicien"],
                           de: ["autowerkstatt", "werkstatt"], ru: ["автосервис", "автомастерская"]),
        "hospital": Words(["hospital", "infirmary"], fr: ["hôpital", "urgences"], de: ["krankenhaus", "notaufnahme", "klinikum"],
                          ru: ["больница", "госпиталь", "приёмный покой"]),
        "school": Words(["school", "schools"], fr: ["école", "collège", "lycée"], de: ["schule", "grundschule"], ru: ["школа", "гимназия"]),
        "kindergarten": Words(["kindergarten", "nursery", "daycare", "preschool"], fr: ["crèche", "garderie", "maternelle"],
                              de: ["kindergarten", "kita", "kinderkrippe"], ru: ["детский сад", "садик", "ясли"]),
        "ferryterminal": Words(["ferry terminal", "ferry"], fr: ["gare maritime", "ferry", "bac"], de: ["fähranleger", "fähre"],
                               ru: ["паромный терминал", "паром", "причал"]),
        "fuelstation": Words(["petrol station", "gas station", "fuel", "petrol"], fr: ["station-service", "carburant", "essence"],
                             de: ["tankstelle", "benzin", "tanken"], ru: ["заправка", "азс", "бензин"]),
        "coworking": Words(["coworking space", "coworking", "shared office"], fr: ["espace de coworking", "coworking", "bureau partagé"],
                           de: ["coworking-space", "coworking", "gemeinschaftsbüro"], ru: ["коворкинг", "рабочее пространство"]),
        "nightclub": Words(["nightclub", "club", "disco"], fr: ["boîte de nuit", "discothèque", "club"], de: ["nachtclub", "diskothek", "disco"],
                           ru: ["ночной клуб", "клуб", "дискотека"]),
        "moneytransfer": Words(["money transfer", "remittance"], fr: ["transfert d'argent", "envoi d'argent"],
                               de: ["geldtransfer", "bargeldtransfer"], ru: ["денежные переводы", "перевод денег"]),
        "marketplace": Words(["market", "marketplace"], fr: ["marché", "halles"], de: ["markt", "markthalle", "wochenmarkt"],
                             ru: ["рынок", "базар", "ярмарка"]),
        "parcellocker": Words(["parcel locker", "parcel station", "packstation"], fr: ["casier à colis", "point relais"],
                              de: ["packstation", "paketstation", "paketautomat"], ru: ["постамат", "пункт выдачи"]),
        "events": Words(["events venue", "banqueting"], fr: ["salle des fêtes", "salle de réception"],
                        de: ["veranstaltungsort", "festsaal", "eventlocation"], ru: ["зал для мероприятий", "банкетный зал"]),
    ]

    /// Words that join the words of a phrase ("lost and found", "salle d'attente"): not indexed on their own.
    static let joiningWords: Set<String> = ["a", "and", "d", "de", "der", "des", "die", "du", "for", "in", "l", "la", "le", "of", "s",
                                            "the", "to", "и", "в", "для", "на"]

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

    /// What a vending machine is called by what it sells (`vending_machine.public_transport_tickets`), by the
    /// concept sold; each word is also one of that concept's.
    static let machines: [String: Words] = [
        "tickets": Words(["ticket machine"], fr: ["billetterie automatique"], de: ["fahrkartenautomat"], ru: ["билетный автомат"]),
    ]

    /// First words that are written in capitals as a label.
    static let acronyms: Set<String> = ["atm", "wc"]

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
