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
        let form = Phrasebook(language: self).pluralForm(n)
        return "\(n) \(form == "one" ? one : form == "few" ? few ?? many : many)"
    }

    /// A duration as people say it, rounded: seconds to 5 s below a minute (at least 5 s), then whole minutes, and
    /// from an hour on hours and minutes: `"40 seconds"`, `"1 minute"`, `"1 hour 5 minutes"`; `"2 минуты"`,
    /// `"21 минута"`, `"5 минут"` in Russian.
    public func duration(_ seconds: Double) -> String { Phrasebook(language: self).duration(seconds) }

    /// An itinerary's summary line: `"Relay → Café Müller: 25 m, about 20 seconds"`, the distance and duration
    /// rounded as people say them; `"… → Platform 2: you are there"` when there is nothing to walk.
    public func summary(from: String, to: String, distance: Double, duration: Double) -> String {
        let book = Phrasebook(language: self)
        guard distance >= 0.5 || duration >= 0.5 else { return book.phrase("summary.there", ["from": from, "to": to]) }
        return book.phrase("summary", ["from": from, "to": to, "distance": self.distance(distance), "duration": self.duration(duration)])
    }

    /// A level named by its ordinal, for a level without a name: `"Level 2"`, `"Niveau 2"`, `"Ebene 2"`, `"Этаж 2"`.
    public func level(_ ordinalText: String) -> String { Phrasebook(language: self).phrase("level", ["ordinal": ordinalText]) }

    /// How far the endpoints were moved onto walkable space: `"(start moved 1.5 m and destination 0.2 m onto
    /// walkable space)"`, to the decimetre.
    public func snapped(start: Double, end: Double) -> String {
        let book = Phrasebook(language: self)
        func m(_ x: Double) -> String { book.phrase("distance", ["number": book.number(x, fractionDigits: 1)]) }
        return book.phrase("snapped", ["start": m(start), "end": m(end)])
    }

    /// A place reached on another floor than its own: `"(Relay is on level 2, which has no walkable space mapped:
    /// the route goes to level 1, below it)"`.
    public func movedToFloor(_ place: String, asked: String, reached: String, below: Bool) -> String {
        Phrasebook(language: self).phrase(below ? "movedToFloor.below" : "movedToFloor.above",
                                          ["place": place, "asked": asked, "reached": reached])
    }

    /// An instruction with the distance to its maneuver: `"Turn right in 10 m"`, `"Dans 10 m : tournez à droite"`.
    public func instruction(_ instruction: String, in metres: Double) -> String {
        Phrasebook(language: self).phrase("inDistance", ["instruction": instruction, "distance": distance(metres)])
    }

    /// What is left of a walk: `"70 m (1 minute) left"`, `"reste 70 m (1 minute)"`.
    public func remaining(distance metres: Double, duration seconds: Double) -> String {
        Phrasebook(language: self).phrase("remaining", ["distance": distance(metres), "duration": duration(seconds)])
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
        let book = Phrasebook(language: self)
        switch announcement {
        case .offRoute: return book.phrase("offRoute")
        case .rerouted(let d): return book.phrase("rerouted", ["distance": distance(d)])
        case .noRoute(let reason): return book.phrase("noRoute", ["reason": reason])
        case .arrived: return book.phrase("arrived")
        case .levelChanged(let to): return book.phrase("levelChanged", ["level": to])
        case .signalLost: return book.phrase("signalLost")
        case .signalBack: return book.phrase("signalBack")
        case .located(let level, let space, let outside, let near):
            var parts = [level]
            if outside { parts.append(book.phrase("located.outside")) } else if let space { parts.append(space) }
            // In the place itself ("Relay"), "near Relay" says nothing more.
            if let near, near != space || outside { parts.append(book.phrase("located.near", ["name": near])) }
            return parts.joined(separator: " · ")
        }
    }
}

extension Phrasebook {
    /// A duration as ``InstructionLanguage/duration(_:)`` says it.
    func duration(_ seconds: Double) -> String {
        let s = seconds.isFinite ? max(0, seconds) : 0
        if s < 57.5 { return counted("second", max(5, Int((s / 5).rounded()) * 5)) }
        let minutes = Int((min(s, 1e9) / 60).rounded())
        guard minutes >= 60 else { return counted("minute", max(1, minutes)) }
        let (h, m) = minutes.quotientAndRemainder(dividingBy: 60)
        return m == 0 ? counted("hour", h) : phrase("hoursAndMinutes", ["hours": counted("hour", h), "minutes": counted("minute", m)])
    }
}
