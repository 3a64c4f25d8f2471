import IndoorRouting
import IndoorVenue

/// The itinerary's structured steps in words: every maneuver, landmark and name said in an
/// ``InstructionLanguage``, the venue's names in the first of `names` they have (the instruction language by
/// default). One itinerary reads in every language; the CLI, the service and the web map all say a step this way.
extension ItineraryStep {
    /// The step in words: its maneuver, the turn right after it, its landmark, and the arrival it reaches ("Turn
    /// right after Relay. You reach Café Müller on your left").
    public func instruction(in language: InstructionLanguage, names: [String]? = nil) -> String {
        maneuver.instruction(landmark: landmark, then: then, arrival: arrival, in: language, names: names)
    }
}

extension Maneuver {
    /// The maneuver in words.
    /// - Parameters:
    ///   - landmark: the place it is oriented by: passed before a turn ("after Relay"), in view at the start
    ///     ("Head towards Relay").
    ///   - then: a second turn right after this one ("Turn right, then immediately left").
    ///   - arrival: the destination the step reaches, said after the maneuver ("Turn right. You reach Relay on
    ///     your left"); ignored when the maneuver is that arrival itself.
    ///   - language: the language to write in.
    ///   - names: languages for the venue's names, best first (default: `language`).
    public func instruction(landmark: SpokenName? = nil, then: Turn? = nil, arrival: Arrival? = nil,
                            in language: InstructionLanguage, names: [String]? = nil) -> String {
        Phrasebook(language: language, names: names).instruction(self, landmark: landmark, then: then, arrival: arrival)
    }
}

extension Maneuver.Arrival {
    /// The arrival said on its own, as it follows the maneuver of the step that reaches it ("You reach Relay on
    /// your left"): what a guide says on the last stretch, once that maneuver is behind the walker.
    public func instruction(in language: InstructionLanguage, names: [String]? = nil) -> String {
        Phrasebook(language: language, names: names).reaching(self)
    }
}

extension SpokenName {
    /// The name as `language` says it: the venue's name in the first of `names` it has (default: `language`),
    /// else what stands in for it ("Level 2", "Ebene 2", a room's number, "Geldautomat").
    public func text(in language: InstructionLanguage, names: [String]? = nil) -> String {
        Phrasebook(language: language, names: names).said(self)
    }
}
