import Foundation
import IndoorVenue

/// The words around instructions — counts with their plurals, durations, an itinerary's summary, a level's label,
/// what a live guidance line says — in each ``InstructionLanguage``, from the same phrasebook as the instructions,
/// so that a line never mixes two languages.
extension InstructionLanguage {
    /// How many of something, with the noun in the form the count takes: `one` for 1 (English, German) or for
    /// 0 and 1 (French); Russian's three forms by the last digits (1, 21: `one`; 2–4, 22–24: `few`; 5–20, 25…:
    /// `many`). Other languages use `many` for every other count.
    /// - Parameters:
    ///   - n: the count.
    ///   - one: the singular (`"minute"`, `"минута"`).
    ///   - few: Russian's form after 2, 3, 4 (`"минуты"`); ignored by the others.
    ///   - many: the plural (`"minutes"`, `"минут"`).
    /// - Returns: the count and its noun, `"1 minute"`, `"21 минута"`, `"5 минут"`.
    public func counted(_ n: Int, one: String, few: String? = nil, many: String) -> String {
        "\(n) \(Phrasebook(language: self).plural(n, one: one, few: few ?? many, many: many))"
    }

    /// A duration as people say it, rounded: seconds to 5 s below a minute (at least 5 s), then whole minutes, and
    /// from an hour on hours and minutes: `"40 seconds"`, `"1 minute"`, `"1 hour 5 minutes"`; `"2 минуты"`,
    /// `"21 минута"`, `"5 минут"` in Russian.
    public func duration(_ seconds: Double) -> String { Phrasebook(language: self).duration(seconds) }

    /// An itinerary's summary line: `"Relay → Café Müller: 25 m, about 20 seconds"`, the distance and duration
    /// rounded as people say them; `"… → Platform 2: you are there"` when there is nothing to walk.
    public func summary(from: String, to: String, distance: Double, duration: Double) -> String {
        guard distance >= 0.5 || duration >= 0.5 else {
            let there = switch self {
            case .en: "you are there"
            case .fr: "vous y êtes"
            case .de: "Sie sind da"
            case .ru: "вы на месте"
            }
            return "\(from) → \(to): \(there)"
        }
        let about: String
        switch self {
        case .en: about = "about"
        case .fr: about = "environ"
        case .de: about = "etwa"
        case .ru: about = "примерно"
        }
        return "\(from) → \(to): \(self.distance(distance)), \(about) \(self.duration(duration))"
    }

    /// A level named by its ordinal, for a level without a name: `"Level 2"`, `"Niveau 2"`, `"Ebene 2"`, `"Этаж 2"`
    /// (`Level.word(in:)`).
    public func level(_ ordinalText: String) -> String { "\(Level.word(in: rawValue)) \(ordinalText)" }

    /// How far the endpoints were moved onto walkable space: `"(start moved 1.5 m and destination 0.2 m onto
    /// walkable space)"`, to the decimetre.
    public func snapped(start: Double, end: Double) -> String {
        func m(_ x: Double) -> String {
            let text = x.formatted(.number.precision(.fractionLength(1)).locale(Locale(identifier: rawValue)))
            return self == .en ? "\(text) m" : "\(text)\u{00A0}\(self == .ru ? "м" : "m")"
        }
        switch self {
        case .en: return "(start moved \(m(start)) and destination \(m(end)) onto walkable space)"
        case .fr: return "(départ déplacé de \(m(start)) et destination de \(m(end)) vers un espace praticable)"
        case .de: return "(Start um \(m(start)) und Ziel um \(m(end)) auf begehbare Fläche verschoben)"
        case .ru: return "(начало сдвинуто на \(m(start)), конец — на \(m(end)) в проходимое пространство)"
        }
    }

    /// A place reached on another floor than its own: `"(Relay is on level 2, which has no walkable space mapped:
    /// the route goes to level 1, below it)"`.
    public func movedToFloor(_ place: String, asked: String, reached: String, below: Bool) -> String {
        switch self {
        case .en:
            return "(\(place) is on level \(asked), which has no walkable space mapped: the route goes to level \(reached), \(below ? "below" : "above") it)"
        case .fr:
            return "(\(place) est au niveau \(asked), où aucun espace praticable n'est cartographié : l'itinéraire va au niveau \(reached), \(below ? "en dessous" : "au-dessus"))"
        case .de:
            return "(\(place) liegt auf Ebene \(asked), auf der keine begehbare Fläche kartiert ist: die Route führt zu Ebene \(reached) \(below ? "darunter" : "darüber"))"
        case .ru:
            return "(«\(place)» на этаже \(asked), где не нанесено проходимое пространство: маршрут ведёт на этаж \(reached), \(below ? "ниже" : "выше"))"
        }
    }

    /// An instruction with the distance to its maneuver: `"Turn right in 10 m"`, `"Dans 10 m, tournez à droite"`.
    public func instruction(_ instruction: String, in metres: Double) -> String {
        let d = distance(metres)
        switch self {
        case .en: return "\(instruction) in \(d)"
        case .fr: return "Dans \(d) : \(instruction)"
        case .de: return "In \(d): \(instruction)"
        case .ru: return "Через \(d): \(instruction)"
        }
    }

    /// What is left of a walk: `"70 m (1 minute) left"`, `"reste 70 m (1 minute)"`.
    public func remaining(distance metres: Double, duration seconds: Double) -> String {
        let d = distance(metres), t = duration(seconds)
        switch self {
        case .en: return "\(d) (\(t)) left"
        case .fr: return "reste \(d) (\(t))"
        case .de: return "noch \(d) (\(t))"
        case .ru: return "осталось \(d) (\(t))"
        }
    }

    /// The short sentences of live guidance.
    public enum Announcement: Hashable, Sendable {
        /// The walker left the route and a new one is being computed.
        case offRoute
        /// A new route of this many metres.
        case rerouted(distance: Double)
        /// No new route could be found; the reason as the router gives it.
        case noRoute(reason: String)
        /// At the destination.
        case arrived
        /// Now on the level of this ordinal text.
        case levelChanged(to: String)
        /// No position for a while.
        case signalLost
        /// Positions again.
        case signalBack
        /// Where the walker is without a destination, as a person reads it: the level (its name and ordinal,
        /// "Concourse [0]"), the named space they are in (`nil` for an unnamed corridor or hall), whether they are
        /// outside every space, and the nearest place's name.
        case located(level: String, space: String?, outside: Bool, near: String?)
    }

    /// An announcement in this language: `"Off route — rerouting"`, `"Vous êtes arrivé."`.
    public func text(_ announcement: Announcement) -> String {
        switch (announcement, self) {
        case (.offRoute, .en): "Off route — rerouting"
        case (.offRoute, .fr): "Hors itinéraire — nouveau calcul"
        case (.offRoute, .de): "Von der Route abgekommen — neue Berechnung"
        case (.offRoute, .ru): "Вы сошли с маршрута — новый расчёт"
        case (.rerouted(let d), .en): "New route: \(distance(d))"
        case (.rerouted(let d), .fr): "Nouvel itinéraire : \(distance(d))"
        case (.rerouted(let d), .de): "Neue Route: \(distance(d))"
        case (.rerouted(let d), .ru): "Новый маршрут: \(distance(d))"
        case (.noRoute(let reason), .en): "No route: \(reason)"
        case (.noRoute(let reason), .fr): "Aucun itinéraire : \(reason)"
        case (.noRoute(let reason), .de): "Keine Route: \(reason)"
        case (.noRoute(let reason), .ru): "Маршрут не найден: \(reason)"
        case (.arrived, .en): "You have arrived."
        case (.arrived, .fr): "Vous êtes arrivé."
        case (.arrived, .de): "Sie sind angekommen."
        case (.arrived, .ru): "Вы прибыли."
        case (.levelChanged(let to), .en): "Now on level \(to)"
        case (.levelChanged(let to), .fr): "Vous êtes au niveau \(to)"
        case (.levelChanged(let to), .de): "Jetzt auf Ebene \(to)"
        case (.levelChanged(let to), .ru): "Вы на этаже \(to)"
        case (.signalLost, .en): "Signal lost"
        case (.signalLost, .fr): "Signal perdu"
        case (.signalLost, .de): "Signal verloren"
        case (.signalLost, .ru): "Сигнал потерян"
        case (.signalBack, .en): "Signal back"
        case (.signalBack, .fr): "Signal retrouvé"
        case (.signalBack, .de): "Signal wieder da"
        case (.signalBack, .ru): "Сигнал восстановлен"
        case (.located(let level, let space, let outside, let near), _): located(level: level, space: space, outside: outside, near: near)
        }
    }

    private func located(level: String, space: String?, outside: Bool, near: String?) -> String {
        let outsideWord: String, nearWord: String
        switch self {
        case .en: (outsideWord, nearWord) = ("outside", "near")
        case .fr: (outsideWord, nearWord) = ("dehors", "près de")
        case .de: (outsideWord, nearWord) = ("draußen", "nahe")
        case .ru: (outsideWord, nearWord) = ("снаружи", "рядом с")
        }
        var parts = [level]
        if outside { parts.append(outsideWord) } else if let space { parts.append(space) }
        // In the place itself ("Relay"), "near Relay" says nothing more.
        if let near, near != space || outside { parts.append("\(nearWord) \(near)") }
        return parts.joined(separator: " · ")
    }
}

extension Phrasebook {
    /// The noun's form for `n`: see ``InstructionLanguage/counted(_:one:few:many:)``.
    func plural(_ n: Int, one: String, few: String, many: String) -> String {
        switch language {
        case .en, .de: return n == 1 ? one : many
        case .fr: return abs(n) <= 1 ? one : many
        case .ru:
            let n = abs(n)
            switch (n % 10, n % 100) {
            case (1, let h) where h != 11: return one
            case (2...4, let h) where !(12...14).contains(h): return few
            default: return many
            }
        }
    }

    func count(_ n: Int, _ unit: Unit) -> String {
        let forms: (one: String, few: String, many: String)
        switch (unit, language) {
        case (.second, .en): forms = ("second", "seconds", "seconds")
        case (.second, .fr): forms = ("seconde", "secondes", "secondes")
        case (.second, .de): forms = ("Sekunde", "Sekunden", "Sekunden")
        case (.second, .ru): forms = ("секунда", "секунды", "секунд")
        case (.minute, .en): forms = ("minute", "minutes", "minutes")
        case (.minute, .fr): forms = ("minute", "minutes", "minutes")
        case (.minute, .de): forms = ("Minute", "Minuten", "Minuten")
        case (.minute, .ru): forms = ("минута", "минуты", "минут")
        case (.hour, .en): forms = ("hour", "hours", "hours")
        case (.hour, .fr): forms = ("heure", "heures", "heures")
        case (.hour, .de): forms = ("Stunde", "Stunden", "Stunden")
        case (.hour, .ru): forms = ("час", "часа", "часов")
        }
        return "\(n) \(plural(n, one: forms.one, few: forms.few, many: forms.many))"
    }

    enum Unit { case second, minute, hour }

    /// See ``InstructionLanguage/duration(_:)``.
    func duration(_ seconds: Double) -> String {
        let s = seconds.isFinite ? max(0, seconds) : 0
        if s < 57.5 { return count(max(5, Int((s / 5).rounded()) * 5), .second) }
        let minutes = Int((min(s, 1e9) / 60).rounded())
        guard minutes >= 60 else { return count(max(1, minutes), .minute) }
        let (h, m) = minutes.quotientAndRemainder(dividingBy: 60)
        return m == 0 ? count(h, .hour) : "\(count(h, .hour)) \(count(m, .minute))"
    }
}
