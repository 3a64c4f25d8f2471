import IndoorNavigation
import IndoorRouting
import IndoorSampleVenue
import IndoorSearch
import IndoorText
import IndoorVenue
import Testing

/// One itinerary, written once with no language, read in English, French, German and Russian: the maneuvers are
/// structured and name places, levels and connectors by ``SpokenName``, and only the text module says them.
@Suite struct StepTextTests {
    static func sampleItinerary() throws -> (Venue, Itinerary) {
        let venue = try SampleVenue.load()
        let index = SearchIndex(venue: venue)
        let from = try Waypoint(resolving: "Café Müller", in: index), to = try Waypoint(resolving: "Page Blanche Bookshop", in: index)
        return (venue, try Router(graph: NavigationGraph(venue: venue)).itinerary(through: [from, to]))
    }

    @Test func oneItinerarysStepsReadInFourLanguagesWithTheVenuesNamesInEach() throws {
        let (venue, itinerary) = try Self.sampleItinerary()
        let steps = itinerary.legs.flatMap(\.steps)
        try #require(steps.count >= 3)
        for step in steps {
            let texts = InstructionLanguage.allCases.map { step.instruction(in: $0) }
            // Four different sentences, none with a structure's description in it.
            #expect(Set(texts).count == 4, "\(texts)")
            #expect(texts.allSatisfy { !$0.contains("SpokenName") && !$0.contains("LocalizedText") && !$0.isEmpty })
        }
        // The destination is said in each language by the venue's name in that language, where it has one.
        let arrival = try #require(steps.last?.arrival ?? steps.last?.maneuver.arrival)
        for language in InstructionLanguage.allCases {
            let name = try #require(arrival.name.names.resolved(for: [language.rawValue]))
            #expect(steps.last?.instruction(in: language).contains(name) == true)
        }
        // The ride names the level it goes to as each language calls it: the level's own name, else its word
        // for a level and the ordinal.
        let ride = try #require(steps.first { if case .connector = $0.maneuver { true } else { false } })
        guard case .connector(_, _, _, let to, _) = ride.maneuver else { Issue.record("not a ride: \(ride.maneuver)"); return }
        let levelID = try #require(to.id)
        let level = try #require(venue.level(id: levelID))
        for language in InstructionLanguage.allCases {
            let said = to.text(in: language)
            #expect(said == level.name.resolved(for: [language.rawValue]) ?? language.level(level.ordinalText))
            #expect(ride.instruction(in: language).contains(said))
        }
    }

    /// The stand-ins for a feature with no name, in each language (kind: an OSM level with no name, a room known by
    /// its number, a vending machine with no name).
    @Test(arguments: [
        (InstructionLanguage.en, "Level 2", "2016", "Ticket machine 7"),
        (.fr, "Niveau 2", "2016", "Billetterie automatique 7"),
        (.de, "Ebene 2", "2016", "Fahrkartenautomat 7"),
        (.ru, "Этаж 2", "2016", "Билетный автомат 7"),
    ])
    func aFeatureWithNoNameIsCalledByItsKindInEachLanguage(language: InstructionLanguage, level: String, room: String, machine: String) {
        #expect(SpokenName(id: "l2", names: LocalizedText(), standIn: .level(ordinal: "2")).text(in: language) == level)
        #expect(SpokenName(id: "r", names: LocalizedText(), standIn: .number("2016")).text(in: language) == room)
        let ticket = SpokenName(id: "m", names: LocalizedText(), standIn: .kind(category: "vending_machine.public_transport_tickets", number: "7"))
        #expect(ticket.text(in: language) == machine)
        // A name in another language than asked is said as the venue gives it.
        #expect(SpokenName(id: "c", names: LocalizedText(["fr": "Relais"])).text(in: language) == "Relais")
    }
}
