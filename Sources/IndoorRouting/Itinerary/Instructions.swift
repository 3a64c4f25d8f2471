import Foundation

/// Instruction texts by language, with plurals and rounded distances: English and French. A missing language
/// falls back to English.
public enum InstructionLanguage: String, CaseIterable, Sendable {
    case en, fr

    public init(tag: String?) {
        self = tag.flatMap { InstructionLanguage(rawValue: String($0.prefix(2)).lowercased()) } ?? .en
    }
}

/// What a step asks a person to do.
public enum Maneuver: Hashable, Sendable {
    public enum Turn: String, Hashable, Sendable {
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
    }

    public enum Side: String, Hashable, Sendable { case left, right, ahead }

    case depart(heading: Double)
    case `continue`
    case turn(Turn)
    case door(Turn)
    case enter(name: String)
    case leave(name: String)
    case connector(kind: NavigationGraph.EdgeKind, levels: Int, up: Bool, to: String)
    case waypoint(name: String)
    case arrive(name: String, side: Side)

    /// A stable name for scripts (`depart`, `turn`, `door`, `stairs`, `arrive`…).
    public var type: String {
        switch self {
        case .depart: "depart"
        case .continue: "continue"
        case .turn: "turn"
        case .door: "door"
        case .enter: "enter"
        case .leave: "leave"
        case .connector(let kind, _, _, _): kind.rawValue
        case .waypoint: "waypoint"
        case .arrive: "arrive"
        }
    }

    /// The modifier for scripts: the turn, `up`/`down`, or the side of arrival.
    public var modifier: String? {
        switch self {
        case .turn(let t), .door(let t): t.rawValue
        case .connector(_, _, let up, _): up ? "up" : "down"
        case .arrive(_, let side): side.rawValue
        default: nil
        }
    }
}

enum Phrasebook {
    static func compass(_ degrees: Double, _ lang: InstructionLanguage) -> String {
        let en = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]
        let fr = ["le nord", "le nord-est", "l'est", "le sud-est", "le sud", "le sud-ouest", "l'ouest", "le nord-ouest"]
        let k = Int(((degrees.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45).rounded(.down)) % 8
        return lang == .fr ? fr[k] : en[k]
    }

    /// Distances as people say them: to the metre below 10 m, to 5 m below 100 m, then to 10 m.
    static func distance(_ metres: Double, _ lang: InstructionLanguage) -> String {
        let rounded: Int
        switch metres {
        case ..<10: rounded = max(1, Int(metres.rounded()))
        case ..<100: rounded = Int((metres / 5).rounded()) * 5
        default: rounded = Int((metres / 10).rounded()) * 10
        }
        return "\(rounded) m"
    }

    static func turn(_ t: Maneuver.Turn, _ lang: InstructionLanguage) -> String {
        switch (t, lang) {
        case (.straight, .en): "Go straight"
        case (.slightLeft, .en): "Bear left"
        case (.left, .en): "Turn left"
        case (.sharpLeft, .en): "Turn sharp left"
        case (.slightRight, .en): "Bear right"
        case (.right, .en): "Turn right"
        case (.sharpRight, .en): "Turn sharp right"
        case (.uTurn, .en): "Make a U-turn"
        case (.straight, .fr): "Continuez tout droit"
        case (.slightLeft, .fr): "Serrez à gauche"
        case (.left, .fr): "Tournez à gauche"
        case (.sharpLeft, .fr): "Tournez franchement à gauche"
        case (.slightRight, .fr): "Serrez à droite"
        case (.right, .fr): "Tournez à droite"
        case (.sharpRight, .fr): "Tournez franchement à droite"
        case (.uTurn, .fr): "Faites demi-tour"
        }
    }

    static func levels(_ n: Int, _ lang: InstructionLanguage) -> String {
        switch lang {
        case .en: n == 1 ? "1 level" : "\(n) levels"
        case .fr: n == 1 ? "un niveau" : "\(n) niveaux"
        }
    }

    static func instruction(_ m: Maneuver, landmark: String?, _ lang: InstructionLanguage) -> String {
        var text: String
        switch (m, lang) {
        case (.depart(let h), .en): text = "Head \(compass(h, .en))"
        case (.depart(let h), .fr): text = "Dirigez-vous vers \(compass(h, .fr))"
        case (.continue, .en): text = "Continue straight"
        case (.continue, .fr): text = "Continuez tout droit"
        case (.turn(let t), _): text = turn(t, lang)
        case (.door(let t), .en): text = t == .straight ? "Go through the door" : "\(turn(t, .en)) through the door"
        case (.door(let t), .fr): text = t == .straight ? "Passez la porte" : "\(turn(t, .fr)) en passant la porte"
        case (.enter(let name), .en): text = "Enter \(name)"
        case (.enter(let name), .fr): text = "Entrez dans \(name)"
        case (.leave(let name), .en): text = "Leave \(name)"
        case (.leave(let name), .fr): text = "Sortez de \(name)"
        case (.connector(let kind, let n, let up, let to), .en):
            let what: String
            switch kind {
            case .stairs: what = "the stairs"
            case .elevator: what = "the elevator"
            case .escalator: what = "the escalator"
            case .ramp: what = "the ramp"
            case .movingWalkway: what = "the moving walkway"
            case .walk, .traversal: what = "the passage"
            }
            text = "Take \(what) \(up ? "up" : "down") \(levels(n, .en)) to \(to)"
        case (.connector(let kind, let n, let up, let to), .fr):
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
            text = "Prenez \(what) et \(verb) \(n == 1 ? "d'un niveau" : "de \(levels(n, .fr))") jusqu'à \(to)"
        case (.waypoint(let name), .en): text = "You have reached \(name)"
        case (.waypoint(let name), .fr): text = "Vous êtes à \(name)"
        case (.arrive(let name, let side), .en):
            text = "Arrive at \(name)" + (side == .ahead ? ", straight ahead" : ", on your \(side.rawValue)")
        case (.arrive(let name, let side), .fr):
            text = "Vous êtes arrivé à \(name)" + (side == .ahead ? ", droit devant" : side == .left ? ", sur votre gauche" : ", sur votre droite")
        }
        if let landmark {
            text += lang == .fr ? " après \(landmark)" : " after \(landmark)"
        }
        return text
    }
}
