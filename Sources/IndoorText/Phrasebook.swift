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
        self = tag.flatMap(Self.spoken) ?? .en
    }

    /// The first of `languages` (tags such as `de-AT`) the phrasebook speaks; English when none does.
    static func first(of languages: [String]) -> InstructionLanguage {
        languages.lazy.compactMap(spoken).first ?? .en
    }

    /// The language a tag names, when the phrasebook speaks it (its first two letters, any case).
    private static func spoken(_ tag: String) -> InstructionLanguage? {
        InstructionLanguage(rawValue: String(tag.prefix(2)).lowercased())
    }

    /// A distance as people say it in this language, rounded to the metre below 10 m, to 5 m below 100 m, then to
    /// 10 m: `"45 m"`, `"1,200 m"`; `"1 200 m"` in French, `"1.200 m"` in German, `"45 м"` in Russian.
    public func distance(_ metres: Double) -> String { Phrasebook(language: self).distance(metres) }

    /// Where a ride goes, as a map's label beside it says it: `"to Mezzanine"`, `"vers Mezzanine"`,
    /// `"nach Mezzanine"`, `"до «Мезонин»"`.
    public func ride(to level: String) -> String { Phrasebook(language: self).phrase("ride", ["level": level]) }
}

/// The phrasebook: every sentence and word this module says, in each language, held as data (`Words/phrases.json`,
/// compiled in) and said here. The data holds the words, keyed (`turn.left`, `connector.up`), with placeholders
/// for what changes (`"Take {connector} up {levels} to {to}"`); the code holds the grammar that is not words: which
/// plural form a count takes, how numbers are rounded and grouped, which phrase a maneuver calls for. Names are kept
/// as the venue writes them (Russian's phrases quote them «…» rather than decline them).
struct Phrasebook {
    let language: InstructionLanguage
    /// Languages for the venue's names, best first (the instruction language by default).
    let names: [String]

    init(language: InstructionLanguage, names: [String]? = nil) {
        self.language = language
        self.names = names ?? [language.rawValue]
    }

    /// The phrases by language, then key, from the data file.
    static let phrases: [InstructionLanguage: [String: Template]] = {
        var table: [InstructionLanguage: [String: Template]] = [:]
        for (tag, words) in WordTable.decode(PackageResources.phrases_json) {
            guard let language = InstructionLanguage(rawValue: tag) else { continue }
            table[language] = words.mapValues(Template.init)
        }
        return table
    }()

    /// The phrase `key` in this language (else in English) with its placeholders filled in; the key itself when no
    /// language has it, so that a missing phrase shows (PhrasesTests checks every one is there).
    func phrase(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        guard let template = Self.phrases[language]?[key] ?? Self.phrases[.en]?[key] else { return key }
        return template.filled(values)
    }

    /// A count in the form the language gives it: the phrase `key.one`, `key.few` or `key.many` (a language without
    /// a form uses `many`) with `{n}` filled in by `shown` (default: the count's digits).
    func counted(_ key: String, _ n: Int, shown: String? = nil) -> String {
        let form = "\(key).\(pluralForm(n))"
        return phrase(Self.phrases[language]?[form] != nil ? form : "\(key).many", ["n": shown ?? String(n)])
    }

    /// Which form of a noun follows the count `n`: `one` for 1 (English, German) or for 0 and 1 (French); Russian's
    /// three forms by the last digits (1, 21: `one`; 2–4, 22–24: `few`; 5–20, 25…: `many`).
    func pluralForm(_ n: Int) -> String {
        switch language {
        case .en, .de: return n == 1 ? "one" : "many"
        case .fr: return abs(n) <= 1 ? "one" : "many"
        case .ru:
            let n = abs(n)
            switch (n % 10, n % 100) {
            case (1, let h) where h != 11: return "one"
            case (2...4, let h) where !(12...14).contains(h): return "few"
            default: return "many"
            }
        }
    }

    /// A feature's name as this language says it: the venue's name in the first of ``names`` it has, else what
    /// stands in for it ("Level 2", "Ebene 2"; a room's number; a place's kind, "Geldautomat").
    func said(_ name: SpokenName) -> String {
        if let text = name.names.resolved(for: names) { return text }
        switch name.standIn {
        case .none: return name.id ?? ""
        case .level(let ordinal): return phrase("level", ["ordinal": ordinal])
        case .number(let number): return number
        case .kind(let category, let number):
            let kind = CategoryVocabulary.kindName(of: category).resolved(for: [language.rawValue]) ?? ""
            guard let number, !number.isEmpty else { return kind }
            return kind.isEmpty ? number : phrase("numbered", ["kind": kind, "number": number])
        case .entrance(let id, let isDoor): return phrase(isDoor ? "standIn.door" : "standIn.passage", ["id": id])
        case .yourPosition: return phrase("standIn.yourPosition")
        case .literal(let text): return text
        }
    }

    func compass(_ degrees: Double) -> String {
        let k = Int(((degrees.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45).rounded(.down)) % 8
        let keys = ["north", "northEast", "east", "southEast", "south", "southWest", "west", "northWest"]
        return phrase("compass." + keys[k])
    }

    /// Distances as people say them: to the metre below 10 m, to 5 m below 100 m, then to 10 m.
    static func rounded(_ metres: Double) -> Int {
        switch metres {
        case ..<10: max(1, Int(metres.rounded()))
        case ..<100: Int((metres / 5).rounded()) * 5
        default: Int((min(metres, 1e9) / 10).rounded()) * 10
        }
    }

    /// `x` written as the language writes numbers: `fractionDigits` decimals after its decimal mark, and the whole
    /// part's digits grouped by threes when `grouped` (`1,234.5`, `1 234,5` in French, `1.234,5` in German).
    func number(_ x: Double, fractionDigits: Int = 0, grouped: Bool = true) -> String {
        let text = String(format: "%.\(fractionDigits)f", x)
        var whole = Substring(text), fraction = Substring("")
        if let dot = text.firstIndex(of: ".") { (whole, fraction) = (text[..<dot], text[text.index(after: dot)...]) }
        let sign = whole.hasPrefix("-") ? "-" : ""
        var digits = Array(whole.drop { $0 == "-" })
        var number = ""
        if grouped {
            let separator = phrase("number.group")
            while digits.count > 3 {
                number = separator + String(digits.suffix(3)) + number
                digits.removeLast(3)
            }
        }
        number = sign + String(digits) + number
        return fraction.isEmpty ? number : number + phrase("number.decimal") + fraction
    }

    /// A rounded distance written as the language writes it: `1,200 m`, `1 200 m` (French, narrow no-break
    /// space), `1.200 m` (German), `1 200 м` (Russian); the unit after a no-break space except in English.
    func distance(_ metres: Double) -> String {
        phrase("distance", ["number": number(Double(Self.rounded(metres)))])
    }

    /// A turn's phrase key: `turn.slightLeft`.
    private static func key(_ t: Maneuver.Turn) -> String {
        switch t {
        case .straight: "straight"
        case .slightLeft: "slightLeft"
        case .left: "left"
        case .sharpLeft: "sharpLeft"
        case .slightRight: "slightRight"
        case .right: "right"
        case .sharpRight: "sharpRight"
        case .uTurn: "uTurn"
        }
    }

    func turn(_ t: Maneuver.Turn) -> String { phrase("turn." + Self.key(t)) }

    /// `sentence` and the second of two turns in quick succession: "then immediately left" after a turn, "then turn
    /// left" after a door or leaving a room.
    func then(_ t: Maneuver.Turn, after sentence: String, afterTurn: Bool) -> String {
        let side = t.isLeft ? "left" : t.isRight ? "right" : nil
        let key = switch (side, t) {
        case (let side?, _): afterTurn ? "then.immediately.\(side)" : "then.\(side)"
        case (nil, .uTurn): "then.uTurn"
        default: "then.straight"
        }
        let turn = turn(t)
        return phrase(key, ["sentence": sentence, "turn": turn.prefix(1).lowercased() + turn.dropFirst()])
    }

    /// Where a place is, as a fragment after its sentence, with its own leading punctuation (", on your left",
    /// German " auf der linken Seite").
    func side(_ side: Maneuver.Side, approach: Maneuver.Approach) -> String {
        switch approach {
        case .endOfWay where side == .ahead: phrase("side.endOfWay.ahead")
        case .middle where side == .ahead: phrase("side.middle.ahead")
        case .offRide: phrase("side.offRide")
        case .entering: phrase("side.entering")
        case .door: phrase("side.door.\(side.rawValue)")
        default: phrase("side.\(side.rawValue)")
        }
    }

    func connector(_ kind: Connector.Kind, name: String?, levels n: Int, up: Bool, to: String) -> String {
        let what = switch kind {
        case .stairs: "stairs"
        case .elevator: "elevator"
        case .escalator: "escalator"
        case .ramp: "ramp"
        case .movingWalkway: "movingWalkway"
        case .traversal: "passage"
        }
        var connector = phrase("connector." + what)
        if let name { connector = phrase("connector.named", ["connector": connector, "name": name]) }
        return phrase(up ? "connector.up" : "connector.down", ["connector": connector, "levels": counted("levels", n), "to": to])
    }

    /// The destination said after the step that reaches it, as a sentence of its own: "You reach Relay through the
    /// door on your left", "«Relay» будет за дверью слева".
    func reaching(_ a: Maneuver.Arrival) -> String {
        let side = side(a.side, approach: a.approach).drop { $0 == "," || $0 == " " }
        return phrase("reaching", ["name": said(a.name), "side": String(side)])
    }

    func instruction(_ m: Maneuver, landmark: SpokenName?, then: Maneuver.Turn?, arrival: Maneuver.Arrival? = nil) -> String {
        var text: String
        var oriented = false
        switch m {
        case .depart(_, let leaving?): text = phrase("leave", ["name": said(leaving)])
        case .depart(let h, nil):
            // With a turn to follow, the landmark is where that turn is ("after"), not what the walk heads for.
            oriented = landmark != nil && then == nil
            if oriented, let landmark {
                text = phrase("depart.towards", ["landmark": said(landmark)])
            } else {
                text = phrase("depart.heading", ["compass": compass(h)])
            }
        case .continue: text = turn(.straight)
        case .turn(let t): text = turn(t)
        case .door(let t):
            let key = t.isLeft ? "left" : t.isRight ? "right" : t == .uTurn ? "uTurn" : "straight"
            text = phrase("door." + key, ["turn": turn(t)])
        case .enter(let name): text = phrase("enter", ["name": said(name)])
        case .leave(let name): text = phrase("leave", ["name": said(name)])
        case .connector(let kind, let n, let up, let to, let name):
            text = connector(kind, name: name.map(said), levels: n, up: up, to: said(to))
        case .waypoint(let name): text = phrase("waypoint", ["name": said(name)])
        case .arrive(let name, _, .here): text = phrase("arrive.here", ["name": said(name)])
        case .arrive(let name, let s, let approach): text = phrase("arrive", ["name": said(name), "side": side(s, approach: approach)])
        }
        if let then {
            let afterTurn: Bool = if case .turn = m { true } else { false }
            text = self.then(then, after: text, afterTurn: afterTurn)
        }
        if let landmark, !oriented { text = phrase("landmark", ["sentence": text, "landmark": said(landmark)]) }
        if let arrival, m.arrival == nil { text = phrase("andReaching", ["sentence": text, "reaching": reaching(arrival)]) }
        return text
    }
}
