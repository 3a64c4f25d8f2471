import Foundation

/// The languages instructions are written in: English, French, German and Russian (the languages of the venues
/// shipped), with plurals and rounded distances done in each. A missing language falls back to English.
public enum InstructionLanguage: String, CaseIterable, Sendable {
    /// English, the fallback.
    case en
    /// French.
    case fr
    /// German.
    case de
    /// Russian.
    case ru

    /// The language of a tag such as `de`, `fr-CA` or `ru_RU`; English for `nil` or an unknown language.
    public init(tag: String?) {
        self = tag.flatMap { InstructionLanguage(rawValue: String($0.prefix(2)).lowercased()) } ?? .en
    }

    /// A distance as people say it in this language, rounded to the metre below 10 m, to 5 m below 100 m, then to
    /// 10 m: `"45 m"`, `"1,200 m"`; `"1 200 m"` in French, `"1.200 m"` in German, `"45 м"` in Russian.
    public func distance(_ metres: Double) -> String { Phrasebook(language: self).distance(metres) }

    /// Where a ride goes, as a map's label beside it says it: `"to Mezzanine"`, `"vers Mezzanine"`,
    /// `"nach Mezzanine"`, `"до «Мезонин»"`.
    public func ride(to level: String) -> String {
        switch self {
        case .en: "to \(level)"
        case .fr: "vers \(level)"
        case .de: "nach \(level)"
        case .ru: "до «\(level)»"
        }
    }
}

/// What a step asks a person to do: the structured maneuver, from which the text is rendered in any
/// ``InstructionLanguage`` (``instruction(landmark:then:arrival:in:)``), as OSRM keeps its guidance apart from its text.
public enum Maneuver: Hashable, Sendable {
    /// A change of direction, by how sharp it is.
    public enum Turn: String, Hashable, Sendable {
        /// From straight on (under 20°) through slight (under 45°), plain (under 120°) and sharp (under 165°) to
        /// a U-turn, to either side.
        case straight, slightLeft = "slight left", left, sharpLeft = "sharp left", slightRight = "slight right", right,
             sharpRight = "sharp right", uTurn = "uturn"

        /// The turn for a change of heading, degrees (positive: to the left).
        public init(degrees: Double) {
            let a = abs(degrees)
            switch a {
            case ..<20: self = .straight
            case ..<45: self = degrees > 0 ? .slightLeft : .slightRight
            case ..<120: self = degrees > 0 ? .left : .right
            case ..<165: self = degrees > 0 ? .sharpLeft : .sharpRight
            default: self = .uTurn
            }
        }

        /// Whether it turns to the left (slight, plain or sharp).
        public var isLeft: Bool { self == .slightLeft || self == .left || self == .sharpLeft }
        /// Whether it turns to the right (slight, plain or sharp).
        public var isRight: Bool { self == .slightRight || self == .right || self == .sharpRight }
    }

    /// Where a place is, seen by the walker arriving.
    public enum Side: String, Hashable, Sendable {
        /// On the walker's left, right, or straight ahead of them.
        case left, right, ahead
    }

    /// How the walk comes to the place it arrives at, beside the side the place is on.
    public enum Approach: String, Hashable, Sendable {
        /// Beside the way: the place is on the walker's left or right (or ahead, not yet told apart).
        case beside
        /// Through the place's own door or doorway, on the side the walk turns into it (or straight ahead).
        case door
        /// Where the way ends: the place is in front of the walker, the walkable space going no further (a
        /// footway mapped up to a shop front, a passage ending at the entrance).
        case endOfWay = "end_of_way"
        /// Off a ride: the place is the stairs, escalator or elevator the walker has just taken.
        case offRide = "off_ride"
        /// Into the open area that is the place (a platform, concourse, corridor or square): the walk ends where it
        /// enters it, the place all around and ahead.
        case entering
        /// In the middle: the place stands ahead, clear of the walls or edges on both sides (a seating area in a
        /// food court, a ticket machine on an island platform), as far from the one as from the other.
        case middle
        /// Already there: the walk starts at the place or in the open area it is (a ticket machine on the platform
        /// asked for), so there is nothing to walk.
        case here
    }

    /// The destination as the step that reaches it says it: its name, on which side of the walker it is, and how
    /// the walk comes to it.
    public struct Arrival: Hashable, Sendable {
        /// The destination's name in the instructions.
        public let name: String
        /// On which side of the walker it is.
        public let side: Side
        /// How the walk comes to it.
        public let approach: Approach

        /// The destination `name`, on `side`, come to by `approach`.
        public init(name: String, side: Side, approach: Approach) {
            self.name = name
            self.side = side
            self.approach = approach
        }

        /// The arrival said on its own, as it follows the maneuver of the step that reaches it ("You reach Relay
        /// on your left"): what a guide says on the last stretch, once that maneuver is behind the walker.
        public func instruction(in language: InstructionLanguage) -> String { Phrasebook(language: language).reaching(self) }
    }

    /// The start of a walk: the compass heading of its first stretch, degrees clockwise from north, and the named
    /// room it leaves through a door, when the walk starts in one ("Leave Classroom 104").
    case depart(heading: Double, leaving: String?)
    /// Go on straight (a step kept for its landmark).
    case `continue`
    /// A turn, as sharp as it says.
    case turn(Turn)
    /// Through a door, turning as it says first.
    case door(Turn)
    /// Into a named space, walking straight on.
    case enter(name: String)
    /// Out of a named space, walking straight on.
    case leave(name: String)
    /// A ride on a connector over `levels` levels, to the level named `to`; `name` is the connector's own name
    /// when it has one beyond its kind ("elevator B").
    case connector(kind: NavigationGraph.EdgeKind, levels: Int, up: Bool, to: String, name: String?)
    /// A stop on the way (a `--via`).
    case waypoint(name: String)
    /// The destination, on which side of the walker, and how the walk comes to it (through its door, at the end of
    /// the way, off the ride that is the place).
    case arrive(name: String, side: Side, approach: Approach)

    /// A connector's own name, for a ride.
    public var connectorName: String? {
        if case .connector(_, _, _, _, let name) = self { name } else { nil }
    }

    /// A stable name for scripts (`depart`, `turn`, `door`, `stairs`, `arrive`…).
    public var type: String {
        switch self {
        case .depart: "depart"
        case .continue: "continue"
        case .turn: "turn"
        case .door: "door"
        case .enter: "enter"
        case .leave: "leave"
        case .connector(let kind, _, _, _, _): kind.rawValue
        case .waypoint: "waypoint"
        case .arrive: "arrive"
        }
    }

    /// The modifier for scripts: the turn, `up`/`down`, or the side of arrival.
    public var modifier: String? {
        switch self {
        case .turn(let t), .door(let t): t.rawValue
        case .connector(_, _, let up, _, _): up ? "up" : "down"
        case .arrive(_, let side, _): side.rawValue
        default: nil
        }
    }

    /// The arrival this maneuver is, when it is one.
    public var arrival: Arrival? {
        if case .arrive(let name, let side, let approach) = self { Arrival(name: name, side: side, approach: approach) } else { nil }
    }

    /// The text of this maneuver in a language.
    /// - Parameters:
    ///   - landmark: the place it is oriented by: passed before a turn ("after Relay"), in view at the start
    ///     ("Head towards Relay").
    ///   - then: a second turn right after this one ("Turn right, then immediately left").
    ///   - arrival: the destination the step reaches, said after the maneuver ("Turn right. You reach Relay on
    ///     your left"); ignored when the maneuver is that arrival itself.
    ///   - language: the language to write in.
    public func instruction(landmark: String? = nil, then: Turn? = nil, arrival: Arrival? = nil, in language: InstructionLanguage) -> String {
        Phrasebook(language: language).instruction(self, landmark: landmark, then: then, arrival: arrival)
    }
}

/// The words of each language. Names are kept as the venue writes them (Russian quotes them «…» rather than
/// declining them).
struct Phrasebook {
    let language: InstructionLanguage

    init(language: InstructionLanguage) { self.language = language }

    func quoted(_ name: String) -> String { language == .ru ? "«\(name)»" : name }

    func compass(_ degrees: Double) -> String {
        let k = Int(((degrees.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45).rounded(.down)) % 8
        let words: [String]
        switch language {
        case .en: words = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]
        case .fr: words = ["le nord", "le nord-est", "l'est", "le sud-est", "le sud", "le sud-ouest", "l'ouest", "le nord-ouest"]
        case .de: words = ["Norden", "Nordosten", "Osten", "Südosten", "Süden", "Südwesten", "Westen", "Nordwesten"]
        case .ru: words = ["север", "северо-восток", "восток", "юго-восток", "юг", "юго-запад", "запад", "северо-запад"]
        }
        return words[k]
    }

    /// Distances as people say them: to the metre below 10 m, to 5 m below 100 m, then to 10 m.
    static func rounded(_ metres: Double) -> Int {
        switch metres {
        case ..<10: max(1, Int(metres.rounded()))
        case ..<100: Int((metres / 5).rounded()) * 5
        default: Int((min(metres, 1e9) / 10).rounded()) * 10
        }
    }

    /// A rounded distance written as the language writes it: `1,200 m`, `1 200 m` (French, narrow no-break
    /// space), `1.200 m` (German), `1 200 м` (Russian); the unit after a no-break space except in English.
    func distance(_ metres: Double) -> String {
        let separator: String
        switch language {
        case .en: separator = ","
        case .de: separator = "."
        case .fr, .ru: separator = "\u{202F}"
        }
        var digits = Array(String(Self.rounded(metres)))
        var number = ""
        while digits.count > 3 {
            number = separator + String(digits.suffix(3)) + number
            digits.removeLast(3)
        }
        number = String(digits) + number
        switch language {
        case .en: return "\(number) m"
        case .fr, .de: return "\(number)\u{00A0}m"
        case .ru: return "\(number)\u{00A0}м"
        }
    }

    /// "1 level", "2 levels"; Russian has three forms (1 этаж, 2 этажа, 5 этажей, 21 этаж).
    func levels(_ n: Int) -> String {
        switch language {
        case .en: return n == 1 ? "1 level" : "\(n) levels"
        case .fr: return n == 1 ? "un niveau" : "\(n) niveaux"
        case .de: return n == 1 ? "eine Ebene" : "\(n) Ebenen"
        case .ru: return "\(n) \(plural(n, one: "этаж", few: "этажа", many: "этажей"))"
        }
    }

    func turn(_ t: Maneuver.Turn) -> String {
        switch language {
        case .en:
            switch t {
            case .straight: "Go straight"
            case .slightLeft: "Bear left"
            case .left: "Turn left"
            case .sharpLeft: "Turn sharp left"
            case .slightRight: "Bear right"
            case .right: "Turn right"
            case .sharpRight: "Turn sharp right"
            case .uTurn: "Make a U-turn"
            }
        case .fr:
            switch t {
            case .straight: "Continuez tout droit"
            case .slightLeft: "Serrez à gauche"
            case .left: "Tournez à gauche"
            case .sharpLeft: "Tournez franchement à gauche"
            case .slightRight: "Serrez à droite"
            case .right: "Tournez à droite"
            case .sharpRight: "Tournez franchement à droite"
            case .uTurn: "Faites demi-tour"
            }
        case .de:
            switch t {
            case .straight: "Gehen Sie geradeaus"
            case .slightLeft: "Halten Sie sich links"
            case .left: "Biegen Sie links ab"
            case .sharpLeft: "Biegen Sie scharf links ab"
            case .slightRight: "Halten Sie sich rechts"
            case .right: "Biegen Sie rechts ab"
            case .sharpRight: "Biegen Sie scharf rechts ab"
            case .uTurn: "Kehren Sie um"
            }
        case .ru:
            switch t {
            case .straight: "Идите прямо"
            case .slightLeft: "Держитесь левее"
            case .left: "Поверните налево"
            case .sharpLeft: "Резко поверните налево"
            case .slightRight: "Держитесь правее"
            case .right: "Поверните направо"
            case .sharpRight: "Резко поверните направо"
            case .uTurn: "Развернитесь"
            }
        }
    }

    /// The second of two turns in quick succession: "then immediately left" after a turn, "then turn left" after a
    /// door or leaving a room.
    func then(_ t: Maneuver.Turn, afterTurn: Bool) -> String {
        let left = t.isLeft, right = t.isRight
        if !afterTurn, t != .straight, t != .uTurn {
            switch language {
            case .en: return ", then \(turn(t).prefix(1).lowercased() + turn(t).dropFirst())"
            case .fr: return ", puis \(turn(t).prefix(1).lowercased() + turn(t).dropFirst())"
            case .de: return ", dann \(left ? "links" : "rechts")"
            case .ru: return ", затем \(turn(t).prefix(1).lowercased() + turn(t).dropFirst())"
            }
        }
        switch language {
        case .en: return left ? ", then immediately left" : right ? ", then immediately right" : t == .uTurn ? ", then turn back" : ", then straight on"
        case .fr: return left ? ", puis immédiatement à gauche" : right ? ", puis immédiatement à droite" : t == .uTurn ? ", puis faites demi-tour" : ", puis tout droit"
        case .de: return left ? ", dann sofort links" : right ? ", dann sofort rechts" : t == .uTurn ? ", dann kehren Sie um" : ", dann geradeaus"
        case .ru: return left ? ", затем сразу налево" : right ? ", затем сразу направо" : t == .uTurn ? ", затем развернитесь" : ", затем прямо"
        }
    }

    func side(_ side: Maneuver.Side, approach: Maneuver.Approach) -> String {
        switch (language, approach) {
        case (.en, .endOfWay) where side == .ahead: return ", ahead where the way ends"
        case (.fr, .endOfWay) where side == .ahead: return ", droit devant au bout du passage"
        case (.de, .endOfWay) where side == .ahead: return " geradeaus am Ende des Weges"
        case (.ru, .endOfWay) where side == .ahead: return ", прямо в конце прохода"
        case (.en, .offRide): return ", as you step off"
        case (.fr, .offRide): return ", à l'arrivée"
        case (.de, .offRide): return " am Ausstieg"
        case (.ru, .offRide): return ", на выходе"
        case (.en, .middle) where side == .ahead: return ", straight ahead in the middle"
        case (.fr, .middle) where side == .ahead: return ", droit devant, au milieu"
        case (.de, .middle) where side == .ahead: return " geradeaus in der Mitte"
        case (.ru, .middle) where side == .ahead: return ", прямо впереди, посередине"
        case (.en, .entering): return ", as you enter it"
        case (.fr, .entering): return ", dès l'entrée"
        case (.de, .entering): return " beim Betreten"
        case (.ru, .entering): return ", при входе"
        default: break
        }
        let throughDoor = approach == .door
        return switch (language, throughDoor) {
        case (.en, false): side == .ahead ? ", straight ahead" : ", on your \(side.rawValue)"
        case (.en, true): side == .ahead ? ", through the door ahead" : ", through the door on your \(side.rawValue)"
        case (.fr, false): side == .ahead ? ", droit devant" : side == .left ? ", sur votre gauche" : ", sur votre droite"
        case (.fr, true): side == .ahead ? ", par la porte droit devant" : side == .left ? ", par la porte sur votre gauche" : ", par la porte sur votre droite"
        case (.de, false): side == .ahead ? " geradeaus vor Ihnen" : side == .left ? " auf der linken Seite" : " auf der rechten Seite"
        case (.de, true): side == .ahead ? " durch die Tür geradeaus" : side == .left ? " durch die Tür links" : " durch die Tür rechts"
        case (.ru, false): side == .ahead ? ", прямо впереди" : side == .left ? ", слева" : ", справа"
        case (.ru, true): side == .ahead ? ", за дверью прямо" : side == .left ? ", за дверью слева" : ", за дверью справа"
        }
    }

    func connector(_ kind: NavigationGraph.EdgeKind, name: String?, levels n: Int, up: Bool, to: String) -> String {
        switch language {
        case .en:
            let what: String
            switch kind {
            case .stairs: what = "the stairs"
            case .elevator: what = "the elevator"
            case .escalator: what = "the escalator"
            case .ramp: what = "the ramp"
            case .movingWalkway: what = "the moving walkway"
            case .walk, .traversal: what = "the passage"
            }
            return "Take \(name ?? what) \(up ? "up" : "down") \(levels(n)) to \(to)"
        case .fr:
            let what: String
            switch kind {
            case .stairs: what = "l'escalier"
            case .elevator: what = "l'ascenseur"
            case .escalator: what = "l'escalator"
            case .ramp: what = "la rampe"
            case .movingWalkway: what = "le trottoir roulant"
            case .walk, .traversal: what = "le passage"
            }
            let verb = up ? "montez" : "descendez"
            return "Prenez \(name.map { "\(what) \($0)" } ?? what) et \(verb) \(n == 1 ? "d'un niveau" : "de \(levels(n))") jusqu'à \(to)"
        case .de:
            let what: String
            switch kind {
            case .stairs: what = "die Treppe"
            case .elevator: what = "den Aufzug"
            case .escalator: what = "die Rolltreppe"
            case .ramp: what = "die Rampe"
            case .movingWalkway: what = "das Laufband"
            case .walk, .traversal: what = "den Durchgang"
            }
            return "Nehmen Sie \(name.map { "\(what) \($0)" } ?? what) \(levels(n)) \(up ? "hinauf" : "hinunter") bis \(to)"
        case .ru:
            let what: String
            switch kind {
            case .stairs: what = "по лестнице"
            case .elevator: what = "на лифте"
            case .escalator: what = "на эскалаторе"
            case .ramp: what = "по пандусу"
            case .movingWalkway: what = "по траволатору"
            case .walk, .traversal: what = "по переходу"
            }
            return "\(up ? "Поднимитесь" : "Спуститесь") \(what)\(name.map { " \(quoted($0))" } ?? "") на \(levels(n)) до \(quoted(to))"
        }
    }

    /// The destination said after the step that reaches it, as a sentence of its own: "You reach Relay through the
    /// door on your left", "«Relay» будет за дверью слева".
    func reaching(_ a: Maneuver.Arrival) -> String {
        let side = side(a.side, approach: a.approach).drop { $0 == "," || $0 == " " }
        return switch language {
        case .en: "You reach \(a.name) \(side)"
        case .fr: "Vous arrivez à \(a.name) \(side)"
        case .de: "Sie erreichen \(a.name) \(side)"
        case .ru: "\(quoted(a.name)) будет \(side)"
        }
    }

    func instruction(_ m: Maneuver, landmark: String?, then: Maneuver.Turn?, arrival: Maneuver.Arrival? = nil) -> String {
        var text: String
        var oriented = false
        switch (m, language) {
        case (.depart(_, let leaving?), .en): text = "Leave \(leaving)"
        case (.depart(_, let leaving?), .fr): text = "Sortez de \(leaving)"
        case (.depart(_, let leaving?), .de): text = "Verlassen Sie \(leaving)"
        case (.depart(_, let leaving?), .ru): text = "Выйдите из \(quoted(leaving))"
        case (.depart(let h, nil), _):
            // With a turn to follow, the landmark is where that turn is ("after"), not what the walk heads for.
            oriented = landmark != nil && then == nil
            let towards = oriented ? landmark : nil
            switch language {
            case .en: text = towards.map { "Head towards \($0)" } ?? "Head \(compass(h))"
            case .fr: text = "Dirigez-vous vers \(towards ?? compass(h))"
            case .de: text = towards.map { "Gehen Sie in Richtung \($0)" } ?? "Gehen Sie nach \(compass(h))"
            case .ru: text = towards.map { "Идите в сторону \(quoted($0))" } ?? "Идите на \(compass(h))"
            }
        case (.continue, _): text = turn(.straight)
        case (.turn(let t), _): text = turn(t)
        case (.door(let t), .en): text = t == .straight ? "Go through the door" : "\(turn(t)) through the door"
        case (.door(let t), .fr): text = t == .straight ? "Passez la porte" : "\(turn(t)) en passant la porte"
        case (.door(let t), .de):
            switch t {
            case .straight: text = "Gehen Sie durch die Tür"
            case .uTurn: text = "Kehren Sie um und gehen Sie durch die Tür"
            default: text = "Gehen Sie \(t.isLeft ? "links" : "rechts") durch die Tür"
            }
        case (.door(let t), .ru): text = t == .straight ? "Пройдите через дверь" : "\(turn(t)) и пройдите через дверь"
        case (.enter(let name), .en): text = "Enter \(name)"
        case (.enter(let name), .fr): text = "Entrez dans \(name)"
        case (.enter(let name), .de): text = "Betreten Sie \(name)"
        case (.enter(let name), .ru): text = "Войдите в \(quoted(name))"
        case (.leave(let name), .en): text = "Leave \(name)"
        case (.leave(let name), .fr): text = "Sortez de \(name)"
        case (.leave(let name), .de): text = "Verlassen Sie \(name)"
        case (.leave(let name), .ru): text = "Выйдите из \(quoted(name))"
        case (.connector(let kind, let n, let up, let to, let name), _): text = connector(kind, name: name, levels: n, up: up, to: to)
        case (.waypoint(let name), .en): text = "You have reached \(name)"
        case (.waypoint(let name), .fr): text = "Vous êtes à \(name)"
        case (.waypoint(let name), .de): text = "Sie haben \(name) erreicht"
        case (.waypoint(let name), .ru): text = "Вы у \(quoted(name))"
        case (.arrive(let name, _, .here), .en): text = "You are already at \(name)"
        case (.arrive(let name, _, .here), .fr): text = "Vous êtes déjà à \(name)"
        case (.arrive(let name, _, .here), .de): text = "Sie sind bereits am Ziel: \(name)"
        case (.arrive(let name, _, .here), .ru): text = "Вы уже на месте: \(quoted(name))"
        case (.arrive(let name, let s, let approach), .en): text = "Arrive at \(name)" + side(s, approach: approach)
        case (.arrive(let name, let s, let approach), .fr): text = "Vous êtes arrivé à \(name)" + side(s, approach: approach)
        case (.arrive(let name, let s, let approach), .de): text = "Sie erreichen \(name)" + side(s, approach: approach)
        case (.arrive(let name, let s, let approach), .ru): text = "Вы прибыли: \(quoted(name))" + side(s, approach: approach)
        }
        if let then {
            let afterTurn: Bool = if case .turn = m { true } else { false }
            text += self.then(then, afterTurn: afterTurn)
        }
        if let landmark, !oriented {
            switch language {
            case .en: text += " after \(landmark)"
            case .fr: text += " après \(landmark)"
            case .de: text += " nach \(landmark)"
            case .ru: text += " после \(quoted(landmark))"
            }
        }
        if let arrival, m.arrival == nil { text += ". " + reaching(arrival) }
        return text
    }
}
