/// What an instruction calls a feature, in no language yet: the names the venue gives it in every language, else
/// what stands in for a name. The text module (`IndoorText`) says it in the language asked for, so that one
/// itinerary reads in English, French, German and Russian with the venue's own names in each.
public struct SpokenName: Hashable, Sendable, Codable {
    /// What is said when the venue gives no name.
    public enum StandIn: Hashable, Sendable, Codable {
        /// Nothing stands in: the feature is named (or the names are all there is).
        case none
        /// A level known by its ordinal alone, written as people write it (`"2"`, `"-1"`): "Level 2", "Этаж 2".
        case level(ordinal: String)
        /// A room known by its number on the door ("2016").
        case number(String)
        /// A place known by its kind (its category, as the data gives it), with its number when it has one:
        /// "Vending machine 401102", "Geldautomat".
        case kind(category: String, number: String?)
        /// A door or passage known by its id: "the door d12".
        case entrance(id: String, isDoor: Bool)
        /// Where the user is: the start of a reroute.
        case yourPosition
        /// Words given as they are, in no language (a coordinate, a name typed for a stop).
        case literal(String)
    }

    /// The id of the feature named (a level, space, opening, connector or POI); `nil` for a position.
    public let id: String?
    /// The feature's names in every language given; empty when it has none.
    public let names: LocalizedText
    /// What is said when ``names`` is empty.
    public let standIn: StandIn

    /// The name of feature `id`: `names`, else `standIn`.
    public init(id: String?, names: LocalizedText, standIn: StandIn = .none) {
        self.id = id
        self.names = names
        self.standIn = standIn
    }

    /// Words given as they are, for no feature ("Relay" typed for a stop, a coordinate).
    public init(literal text: String) {
        self.init(id: nil, names: LocalizedText(), standIn: .literal(text))
    }

    /// Where the user is, as the start of a reroute.
    public static let yourPosition = SpokenName(id: nil, names: LocalizedText(), standIn: .yourPosition)

    /// Whether two names say the same thing: a text in common (a name in any language, or words given as they
    /// are: a stop typed "Elevator" and the POI named Elevator), or, with no text, the same stand-in. A landmark
    /// named like the destination is not said.
    public func saysTheSame(as other: SpokenName) -> Bool {
        let mine = texts, theirs = other.texts
        return mine.isEmpty || theirs.isEmpty ? mine.isEmpty && theirs.isEmpty && standIn == other.standIn
            : !Set(mine).isDisjoint(with: theirs)
    }

    /// The name in no language, as a person could type it to find the feature: its name (English, else any), its
    /// number, the words given, else its id. What an error message says where no language was asked for.
    public var typed: String {
        if let text = names.resolved(for: ["en"]) { return text }
        switch standIn {
        case .number(let text), .literal(let text): return text
        case .level(let ordinal): return ordinal
        case .none, .kind, .entrance, .yourPosition: return id ?? ""
        }
    }

    /// Every text the name is said by: its names in every language, or the words given as they are.
    var texts: [String] {
        if case .literal(let text) = standIn, names.isEmpty { return [text] }
        return names.allTexts
    }
}

extension Level {
    /// The level as instructions name it: its names, else its ordinal ("Level 2").
    public var spokenName: SpokenName { SpokenName(id: id, names: name, standIn: .level(ordinal: ordinalText)) }
}
