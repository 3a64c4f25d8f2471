import Foundation
import IndoorRouting
import IndoorSearch
import IndoorVenue

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

/// The words of each language. Names are kept as the venue writes them (Russian quotes them «…» rather than
/// declining them).
struct Phrasebook {
    let language: InstructionLanguage
    /// Languages for the venue's names, best first (the instruction language by default).
    let names: [String]

    init(language: InstructionLanguage, names: [String]? = nil) {
        self.language = language
        self.names = names ?? [language.rawValue]
    }

    /// A feature's name as this language says it: the venue's name in the first of ``names`` it has, else what
    /// stands in for it ("Level 2", "Ebene 2"; a room's number; a place's kind, "Geldautomat").
    func said(_ name: SpokenName) -> String {
        if let text = name.names.resolved(for: names) { return text }
        switch name.standIn {
        case .none: return name.id ?? ""
        case .level(let ordinal): return language.level(ordinal)
        case .number(let number): return number
        case .kind(let category, let number): return CategoryVocabulary.displayLabel(for: category, number: number, language: language.rawValue)
        case .entrance(let id, let isDoor):
            return switch language {
            case .en: "the \(isDoor ? "door" : "passage") \(id)"
            case .fr: "\(isDoor ? "la porte" : "le passage") \(id)"
            case .de: "\(isDoor ? "die Tür" : "den Durchgang") \(id)"
            case .ru: "\(isDoor ? "дверь" : "проход") \(id)"
            }
        case .yourPosition:
            return switch language {
            case .en: "your position"
            case .fr: "votre position"
            case .de: "Ihr Standort"
            case .ru: "ваше местоположение"
            }
        case .literal(let text): return text
        }
    }

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
        case .en: "You reach \(said(a.name)) \(side)"
        case .fr: "Vous arrivez à \(said(a.name)) \(side)"
        case .de: "Sie erreichen \(said(a.name)) \(side)"
        case .ru: "\(quoted(said(a.name))) будет \(side)"
        }
    }

    func instruction(_ m: Maneuver, landmark: SpokenName?, then: Maneuver.Turn?, arrival: Maneuver.Arrival? = nil) -> String {
        var text: String
        var oriented = false
        switch (m, language) {
        case (.depart(_, let leaving?), .en): text = "Leave \(said(leaving))"
        case (.depart(_, let leaving?), .fr): text = "Sortez de \(said(leaving))"
        case (.depart(_, let leaving?), .de): text = "Verlassen Sie \(said(leaving))"
        case (.depart(_, let leaving?), .ru): text = "Выйдите из \(quoted(said(leaving)))"
        case (.depart(let h, nil), _):
            // With a turn to follow, the landmark is where that turn is ("after"), not what the walk heads for.
            oriented = landmark != nil && then == nil
            let towards = oriented ? landmark.map(said) : nil
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
        case (.enter(let name), .en): text = "Enter \(said(name))"
        case (.enter(let name), .fr): text = "Entrez dans \(said(name))"
        case (.enter(let name), .de): text = "Betreten Sie \(said(name))"
        case (.enter(let name), .ru): text = "Войдите в \(quoted(said(name)))"
        case (.leave(let name), .en): text = "Leave \(said(name))"
        case (.leave(let name), .fr): text = "Sortez de \(said(name))"
        case (.leave(let name), .de): text = "Verlassen Sie \(said(name))"
        case (.leave(let name), .ru): text = "Выйдите из \(quoted(said(name)))"
        case (.connector(let kind, let n, let up, let to, let name), _): text = connector(kind, name: name.map(said), levels: n, up: up, to: said(to))
        case (.waypoint(let name), .en): text = "You have reached \(said(name))"
        case (.waypoint(let name), .fr): text = "Vous êtes à \(said(name))"
        case (.waypoint(let name), .de): text = "Sie haben \(said(name)) erreicht"
        case (.waypoint(let name), .ru): text = "Вы у \(quoted(said(name)))"
        case (.arrive(let name, _, .here), .en): text = "You are already at \(said(name))"
        case (.arrive(let name, _, .here), .fr): text = "Vous êtes déjà à \(said(name))"
        case (.arrive(let name, _, .here), .de): text = "Sie sind bereits am Ziel: \(said(name))"
        case (.arrive(let name, _, .here), .ru): text = "Вы уже на месте: \(quoted(said(name)))"
        case (.arrive(let name, let s, let approach), .en): text = "Arrive at \(said(name))" + side(s, approach: approach)
        case (.arrive(let name, let s, let approach), .fr): text = "Vous êtes arrivé à \(said(name))" + side(s, approach: approach)
        case (.arrive(let name, let s, let approach), .de): text = "Sie erreichen \(said(name))" + side(s, approach: approach)
        case (.arrive(let name, let s, let approach), .ru): text = "Вы прибыли: \(quoted(said(name)))" + side(s, approach: approach)
        }
        if let then {
            let afterTurn: Bool = if case .turn = m { true } else { false }
            text += self.then(then, afterTurn: afterTurn)
        }
        if let landmark, !oriented {
            switch language {
            case .en: text += " after \(said(landmark))"
            case .fr: text += " après \(said(landmark))"
            case .de: text += " nach \(said(landmark))"
            case .ru: text += " после \(quoted(said(landmark)))"
            }
        }
        if let arrival, m.arrival == nil { text += ". " + reaching(arrival) }
        return text
    }
}
