import Foundation
import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorTestSupport
import IndoorVenue
import IndoorText
import Testing

/// Itineraries as a good guide says them (issue 13), on small venues drawn in ASCII (OSRM's `features/*.feature`
/// style), each rule in English, French, German and Russian. One character is one metre; y grows northwards.
@Suite struct ItineraryGuidanceTests {
    /// ```
    /// BBBBB...........     a room B (y 4–6) with its door b on its south side, a corridor A (y 2–4),
    /// BBbBB...........     and a room C (y 0–2) with its door c on its north side, east of the corridor
    /// AAAAAAAAAAAAAAAA
    /// AAAAAAAAAAAAAAAA
    /// ..........CCCcC.
    /// ..........CCCCC.
    /// ```
    static func rooms() throws -> Scenario {
        try Scenario([0: """
            BBBBB...........
            BBbBB...........
            AAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAA
            ..........CCCcC.
            ..........CCCCC.
            """], names: ["B": "Room B", "C": "Room C"])
    }

    /// Leaving the start room is one step with the turn outside its door; the destination is through the door on
    /// the right of the corridor walked (the door c is on the walker's right, going east), said with that step: a
    /// walk with nothing to decide between is one step, not a step and an arrival of no metres.
    @Test(arguments: [
        (InstructionLanguage.en, "Leave Room B, then turn left", "You reach Room C through the door on your right"),
        (.fr, "Sortez de Room B, puis tournez à gauche", "Vous arrivez à Room C par la porte sur votre droite"),
        (.de, "Verlassen Sie Room B, dann links", "Sie erreichen Room C durch die Tür rechts"),
        (.ru, "Выйдите из «Room B», затем поверните налево", "«Room C» будет за дверью справа"),
    ])
    func aRoomIsLeftByItsDoorAndTheDestinationIsThroughTheDoorOnItsSide(language: InstructionLanguage, first: String, last: String) throws {
        let s = try Self.rooms()
        let it = try s.router.itinerary(through: [s.end(2.5, 5.5, "Room B"), s.end(10.5, 0.5, "Room C")])
        #expect(s.maneuvers(it) == ["depart + arrive right"])
        let steps = it.legs.flatMap(\.steps)
        #expect(steps.count == 1)
        #expect(steps.first?.instruction(in: language) == "\(first). \(last)")
        #expect(said(steps.last?.arrival) == Said("Room C", .right, .door))
        // The geometry keeps every metre walked.
        #expect(abs(steps.reduce(0) { $0 + $1.distance } - it.distance) < 1e-9)
    }

    /// ```
    /// AAAAAAAAAAAAAAA      west along the corridor, then left (south) into the arm just past the café C
    /// AAAAAAAAAAAAAAA
    /// ........AAAcCC.
    /// ........AAACCC.
    /// ........AAA....
    /// ........AAA....
    /// ........AAA....
    /// ........AAA....      (the arm goes on 10 m: the destination is not beside the corridor)
    /// ........AAA....
    /// ........AAA....
    /// ........AAA....
    /// ```
    /// A turn a few metres after the start is said with it, named by the café passed just before the corner.
    @Test(arguments: [
        (InstructionLanguage.en, "Head west, then turn left after Café Test"),
        (.fr, "Dirigez-vous vers l'ouest, puis tournez à gauche après Café Test"),
        (.de, "Gehen Sie nach Westen, dann links nach Café Test"),
        (.ru, "Идите на запад, затем поверните налево после «Café Test»"),
    ])
    func aTurnSoonAfterTheStartIsSaidWithItAndNamedByALandmark(language: InstructionLanguage, text: String) throws {
        let s = try Scenario([0: """
            AAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAA
            ........AAAcCC.
            ........AAACCC.
            ........AAA....
            ........AAA....
            ........AAA....
            ........AAA....
            ........AAA....
            ........AAA....
            ........AAA....
            """], names: ["C": "Café Test"])
        let it = try s.itinerary((14, 10, 0), (9.5, 0.5, 0))
        let first = try #require(it.legs.first?.steps.first)
        #expect(s.maneuverText(first, in: language) == text)
        #expect(first.landmark?.text(in: .en) == "Café Test")
        #expect(first.then == .left)
        // The itinerary is written in no language: the same route is said in each.
        #expect(try s.itinerary((14, 10, 0), (9.5, 0.5, 0)) == it)
    }

    /// ```
    /// AAAAAAAAAAAA..........      a corridor that steps down 3 m through a narrow jog: two turns too close to
    /// ...........A..........      say apart
    /// ...........A..........
    /// ...........AAAAAAAAAAA
    /// ```
    @Test(arguments: [
        (InstructionLanguage.en, "Turn right, then immediately left"),
        (.fr, "Tournez à droite, puis immédiatement à gauche"),
        (.de, "Biegen Sie rechts ab, dann sofort links"),
        (.ru, "Поверните направо, затем сразу налево"),
    ])
    func twoTurnsTooCloseToSayApartAreOneStep(language: InstructionLanguage, text: String) throws {
        let s = try Scenario([0: """
            AAAAAAAAAAAA..........
            ...........A..........
            ...........A..........
            ...........AAAAAAAAAAA
            """])
        let it = try s.itinerary((0.5, 3.5, 0), (21.5, 0.5, 0))
        #expect(s.maneuvers(it) == ["depart", "turn right + arrive ahead"])
        let turn = try #require(it.legs.first?.steps.dropFirst().first)
        #expect(s.maneuverText(turn, in: language) == text)
        #expect(turn.then == .left)
        #expect(turn.distance >= GuidanceAudit.shortestTurn)
    }

    /// ```
    /// AAAAAAAAAAAAAAAAAAAAAAAA      a long corridor with a jog of half a metre: no step for it
    /// AAAAAAAAAAAAAAAAAAAAAAAA
    /// AAAAAAAAAAAAA###AAAAAAAA
    /// ```
    /// A jog around a pillar is not spoken; the geometry keeps it.
    @Test(arguments: InstructionLanguage.allCases)
    func aJogAroundAPillarIsNotSpoken(language: InstructionLanguage) throws {
        let s = try Scenario([0: """
            AAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAA###AAAAAAAA
            """])
        let it = try s.itinerary((1, 0.5, 0), (23, 0.5, 0))
        let route = try s.route((1, 0.5, 0), (23, 0.5, 0))
        #expect(route.points.count > 2, "the route bends round the pillar")
        #expect(s.maneuvers(it).filter { $0.hasPrefix("turn") }.isEmpty)
        #expect(it.legs.flatMap(\.steps).flatMap(\.polyline).count >= route.points.count)
    }

    /// ```
    /// AAAAAAAAAAAAAAAAAAAA
    /// AAAAAAAAAAAAAAAAAAAA
    /// ```
    /// A place at the side of a corridor, reached at its spot, is on the side of the wall it stands by.
    @Test(arguments: [
        (InstructionLanguage.en, "You reach the kiosk on your left"),
        (.fr, "Vous arrivez à the kiosk sur votre gauche"),
        (.de, "Sie erreichen the kiosk auf der linken Seite"),
        (.ru, "«the kiosk» будет слева"),
    ])
    func aPlaceAgainstAWallIsOnThatSide(language: InstructionLanguage, text: String) throws {
        let s = try Scenario([0: """
            AAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAA
            """])
        let it = try s.router.itinerary(through: [s.end(1, 1), s.end(15, 1.7, "the kiosk")])
        #expect(it.legs.last?.steps.last?.instruction(in: language).hasSuffix(". \(text)") == true)
    }

    /// ```
    /// AAAAAAAAAAAAAAAAAAAA       a hall with two named places: the first step heads towards the one in view
    /// AAAAAAAAAAAAAAAAAAAA
    /// AAAAAAAAAAAAAAAAAAAA
    /// ```
    @Test(arguments: [
        (InstructionLanguage.en, "Head towards Relay"),
        (.fr, "Dirigez-vous vers Relay"),
        (.de, "Gehen Sie in Richtung Relay"),
        (.ru, "Идите в сторону «Relay»"),
    ])
    func theFirstStepHeadsTowardsAPlaceInView(language: InstructionLanguage, text: String) throws {
        let ascii = try AsciiVenue(levels: [0: """
            AAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAA
            """])
        var venue = ascii.venue()
        venue.pois.append(POI(id: "relay", kind: .occupant, category: "newsagent", name: LocalizedText("Relay"), altName: LocalizedText(),
                              ref: nil, levelID: "L0", coordinate: ascii.point(19, 1.5, level: 0).coordinate, spaceID: "A0"))
        let router = Router(graph: NavigationGraph(venue: venue))
        let stop = { (x: Double, label: String) in Waypoint(end: RouteEnd(point: Coordinate(x: x, y: 1.5), levelID: "L0", label: label)) }
        let it = try router.itinerary(through: [stop(1, "start"), stop(12, "the goal")])
        let first = try #require(it.legs.first?.steps.first)
        #expect(first.maneuver.instruction(landmark: first.landmark, then: first.then, in: language) == text)
        // Never the space being stood in, never the place the walk goes to: without Relay, a compass heading.
        let plain = try Router(graph: NavigationGraph(venue: ascii.venue())).itinerary(through: [stop(1, "start"), stop(12, "the goal")])
        #expect(plain.legs.first?.steps.first?.instruction(in: .en) == "Head east. You reach the goal straight ahead")
    }

    /// ```
    /// AAAAAAAAAA      two levels joined by an elevator E named "B"
    /// AAAAAAAeEE
    /// AAAAAAAEEE
    /// ```
    @Test(arguments: [
        (InstructionLanguage.en, "Take elevator B up 1 level to Level 1"),
        (.fr, "Prenez l'ascenseur elevator B et montez d'un niveau jusqu'à Level 1"),
        (.de, "Nehmen Sie den Aufzug elevator B eine Ebene hinauf bis Level 1"),
        (.ru, "Поднимитесь на лифте «elevator B» на 1 этаж до «Level 1»"),
    ])
    func aNamedConnectorIsCalledByItsName(language: InstructionLanguage, text: String) throws {
        let plan = """
            AAAAAAAAAA
            AAAAAAAeEE
            AAAAAAAEEE
            """
        let ascii = try AsciiVenue(levels: [0: plan, 1: plan], connectors: ["E": .elevator])
        var venue = ascii.venue()
        let k = try #require(venue.connectors.firstIndex { $0.kind == .elevator })
        venue.connectors[k].name = LocalizedText("elevator B")
        let router = Router(graph: NavigationGraph(venue: venue))
        let stop = { (level: Double) in Waypoint(end: RouteEnd(point: Coordinate(x: 1, y: 1), levelID: AsciiVenue.levelID(level), label: "there")) }
        let it = try router.itinerary(through: [stop(0), stop(1)])
        #expect(it.legs.flatMap(\.steps).map { $0.instruction(in: language) }.contains(text))
        // A name that only says the kind is not a name.
        venue.connectors[k].name = LocalizedText("Elevator (up)")
        let generic = try Router(graph: NavigationGraph(venue: venue)).itinerary(through: [stop(0), stop(1)])
        #expect(generic.legs.flatMap(\.steps).map { $0.instruction(in: .en) }.contains("Take the elevator up 1 level to Level 1"))
    }

    /// ```
    /// BBBBB...........     the rooms of ``rooms()`` with c an open doorway (no door leaf, as IMDF rooms often have):
    /// BBbBB...........     Room C's centre is reached through its doorway on the right of the corridor
    /// AAAAAAAAAAAAAAAA
    /// AAAAAAAAAAAAAAAA
    /// ..........CCCcC.
    /// ..........CCCCC.
    /// ```
    /// A room whose centre the route ends at is through its entrance, on the side the walk turns into it — not
    /// "straight ahead" because the route ends on the place itself.
    @Test(arguments: [
        (InstructionLanguage.en, "You reach Room C through the door on your right"),
        (.fr, "Vous arrivez à Room C par la porte sur votre droite"),
        (.de, "Sie erreichen Room C durch die Tür rechts"),
        (.ru, "«Room C» будет за дверью справа"),
    ])
    func aRoomEnteredThroughADoorwayIsThroughItsEntranceOnThatSide(language: InstructionLanguage, text: String) throws {
        let ascii = try Self.rooms().ascii
        var venue = ascii.venue()
        let c = try #require(venue.openings.firstIndex { $0.id.hasPrefix("door-C") })
        venue.openings[c].isDoor = false
        let router = Router(graph: NavigationGraph(venue: venue))
        let stop = { (x: Double, y: Double, label: String) in Waypoint(end: RouteEnd(point: Coordinate(x: x, y: y), levelID: "L0", label: label)) }
        let it = try router.itinerary(through: [stop(1, 3, "start"), stop(12.5, 1, "Room C")])
        let last = try #require(it.legs.last?.steps.last)
        #expect(last.instruction(in: language).hasSuffix(". \(text)"))
        #expect(GuidanceAudit.measure(it).0.sidelessArrivals == 0)
    }

    /// ```
    /// AAAAAAAAAAAAAAAAAAAA      east along a corridor, then right (south) into a narrow arm: the place at the
    /// AAAAAAAAAAAAAAAAAAAA      arm's end is on the right, and the turn 5 m before it is not a step of its own
    /// ..............A.....
    /// ..............A.....
    /// ..............A.....
    /// ..............A.....
    /// ..............A.....
    /// ```
    @Test(arguments: [
        (InstructionLanguage.en, "You reach the kiosk on your right"),
        (.fr, "Vous arrivez à the kiosk sur votre droite"),
        (.de, "Sie erreichen the kiosk auf der rechten Seite"),
        (.ru, "«the kiosk» будет справа"),
    ])
    func aLastTurnJustBeforeThePlaceIsItsSide(language: InstructionLanguage, text: String) throws {
        let s = try Scenario([0: """
            AAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAA
            ..............A.....
            ..............A.....
            ..............A.....
            ..............A.....
            ..............A.....
            """])
        let it = try s.router.itinerary(through: [s.end(1, 6), s.end(14.5, 0.5, "the kiosk")])
        #expect(s.maneuvers(it) == ["depart + arrive right"])
        #expect(it.legs.last?.steps.last?.instruction(in: language).hasSuffix(". \(text)") == true)
        #expect(abs(it.legs.flatMap(\.steps).reduce(0) { $0 + $1.distance } - it.distance) < 1e-9)
    }

    /// ```
    /// AAAAAAAAAAAAAAA      west along the corridor, then left (south) into a short arm: the shop at the arm's end
    /// AAAAAAAAAAAAAAA      is on the left of the corridor, and the turn into the arm is not said on its own
    /// ........AAA....
    /// ........AAA....
    /// ........AAA....
    /// ........AAA....
    /// ........AAA....
    /// ```
    /// Footway networks (OSM stations mapped as `highway=footway`) draw a shop as a short spur off the way; a
    /// walker hears the side the spur leaves on.
    @Test(arguments: [
        (InstructionLanguage.en, "Head west", "You reach the shop on your left"),
        (.fr, "Dirigez-vous vers l'ouest", "Vous arrivez à the shop sur votre gauche"),
        (.de, "Gehen Sie nach Westen", "Sie erreichen the shop auf der linken Seite"),
        (.ru, "Идите на запад", "«the shop» будет слева"),
    ])
    func aPlaceAtTheEndOfAShortSpurIsOnTheSideTheSpurLeaves(language: InstructionLanguage, first: String, last: String) throws {
        let s = try Scenario([0: """
            AAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAA
            ........AAA....
            ........AAA....
            ........AAA....
            ........AAA....
            ........AAA....
            """])
        let it = try s.router.itinerary(through: [s.end(14, 6), s.end(9.5, 0.5, "the shop")])
        #expect(s.maneuvers(it) == ["depart + arrive left"])
        let steps = it.legs.flatMap(\.steps)
        #expect(steps.first?.instruction(in: language) == "\(first). \(last)")
        #expect(steps.first?.then == nil)
        #expect(GuidanceAudit.measure(it).0.sidelessArrivals == 0)
    }

    /// ```
    /// AAAAAAAAAAAAAAAAAAAA      a corridor that ends at the café: nothing walkable beyond it
    /// AAAAAAAAAAAAAAAAAAAA
    /// ```
    /// A place where the walkable space ends is in front of the walker: "straight ahead" there is where the way
    /// ends (an entrance ahead), not a side left unsaid; a place the corridor runs on past is not.
    @Test(arguments: [
        (InstructionLanguage.en, "You reach the café ahead where the way ends"),
        (.fr, "Vous arrivez à the café droit devant au bout du passage"),
        (.de, "Sie erreichen the café geradeaus am Ende des Weges"),
        (.ru, "«the café» будет прямо в конце прохода"),
    ])
    func aPlaceWhereTheWayEndsIsAheadAtItsEnd(language: InstructionLanguage, text: String) throws {
        let s = try Scenario([0: """
            AAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAA
            """])
        let it = try s.router.itinerary(through: [s.end(1, 1), s.end(19.5, 1, "the café")])
        let last = try #require(it.legs.last?.steps.last)
        #expect(last.instruction(in: language).hasSuffix(". \(text)"))
        #expect(said(last.arrival) == Said("the café", .ahead, .endOfWay))
        #expect(GuidanceAudit.measure(it).0.sidelessArrivals == 0)
        let midway = try s.router.itinerary(through: [s.end(1, 1), s.end(12, 1, "the café")])
        #expect(said(midway.legs.last?.steps.last?.arrival) == Said("the café", .ahead, .beside))
        #expect(GuidanceAudit.measure(midway).0.sidelessArrivals == 1)
    }

    /// ```
    /// AAAAAAAAAAAAAAAAAAAA      a hall 8 m wide: tables in its middle, a kiosk 1.2 m from its north wall, and
    /// AAAAAAAAAAAAAAAAAAAA      a corridor 2 m wide (the rows below) whose middle leaves 1 m on each side
    /// AAAAAAAAAAAAAAAAAAAA
    /// AAAAAAAAAAAAAAAAAAAA
    /// AAAAAAAAAAAAAAAAAAAA
    /// AAAAAAAAAAAAAAAAAAAA
    /// AAAAAAAAAAAAAAAAAAAA
    /// AAAAAAAAAAAAAAAAAAAA
    /// ```
    /// A place standing free in a hall, reached head-on, is as far from one wall as from the other: it is ahead in
    /// the middle, which tells the walker not to look along a wall. Where one wall is nearer it is on that side;
    /// in the middle of a corridor too narrow to pass it on both sides, no side is known (the audit counts it).
    @Test(arguments: [
        (InstructionLanguage.en, "You reach the tables straight ahead in the middle"),
        (.fr, "Vous arrivez à the tables droit devant, au milieu"),
        (.de, "Sie erreichen the tables geradeaus in der Mitte"),
        (.ru, "«the tables» будет прямо впереди, посередине"),
    ])
    func aPlaceStandingFreeInAHallIsAheadInTheMiddle(language: InstructionLanguage, text: String) throws {
        let hall = try Scenario([0: String(repeating: "AAAAAAAAAAAAAAAAAAAA\n", count: 8)])
        let it = try hall.router.itinerary(through: [hall.end(1, 4), hall.end(12, 4, "the tables")])
        let last = try #require(it.legs.last?.steps.last)
        #expect(last.instruction(in: language).hasSuffix(". \(text)"))
        #expect(said(last.arrival) == Said("the tables", .ahead, .middle))
        #expect(GuidanceAudit.measure(it).0.sidelessArrivals == 0)
        let byTheWall = try hall.router.itinerary(through: [hall.end(1, 6.8), hall.end(12, 6.8, "the kiosk")])
        #expect(byTheWall.legs.last?.steps.last?.arrival?.side == .left)
        let corridor = try Scenario([0: String(repeating: "AAAAAAAAAAAAAAAAAAAA\n", count: 2)])
        let narrow = try corridor.router.itinerary(through: [corridor.end(1, 1), corridor.end(12, 1, "the kiosk")])
        #expect(said(narrow.legs.last?.steps.last?.arrival) == Said("the kiosk", .ahead, .beside))
    }

    /// ```
    /// AAAAAAAAAAPPPPPPPPPP      a corridor A opening onto a platform P (both walkways: no door between them),
    /// AAAAAAAAAAPPPPPPPPPP      the platform's middle 5 m past its edge
    /// ```
    /// A place that is an open area (a platform, a concourse, a corridor, a square) is reached as the walk enters
    /// it: the route ends a metre inside its edge, not at its middle, and the arrival says so. A stop on the way
    /// keeps its end; a walk that starts in the area is already there.
    @Test(arguments: [
        (InstructionLanguage.en, "You reach Platform 2 as you enter it", "You are already at Platform 2"),
        (.fr, "Vous arrivez à Platform 2 dès l'entrée", "Vous êtes déjà à Platform 2"),
        (.de, "Sie erreichen Platform 2 beim Betreten", "Sie sind bereits am Ziel: Platform 2"),
        (.ru, "«Platform 2» будет при входе", "Вы уже на месте: «Platform 2»"),
    ])
    func anOpenAreaIsReachedWhereTheWalkEntersIt(language: InstructionLanguage, text: String, here: String) throws {
        let s = try Scenario([0: """
            AAAAAAAAAAPPPPPPPPPP
            AAAAAAAAAAPPPPPPPPPP
            """], names: ["P": "Platform 2"], walkways: ["A", "P"])
        let venue = s.router.graph.venue
        let platform = try #require(venue.spaces.first { $0.name.resolved() == "Platform 2" })
        let area = try #require(Waypoint.area(of: .space(platform), in: venue))
        func platformStop() -> Waypoint {
            Waypoint(end: RouteEnd(point: Coordinate(x: 15, y: 1), levelID: AsciiVenue.levelID(0), label: "Platform 2"), area: area)
        }
        let it = try s.router.itinerary(through: [s.end(1, 1), platformStop()])
        let last = try #require(it.legs.last?.steps.last)
        #expect(last.instruction(in: language).hasSuffix(". \(text)"))
        #expect(said(last.arrival) == Said("Platform 2", .ahead, .entering))
        #expect(abs(it.distance - 10) < 0.1, "to a metre past the edge at x = 10, not the middle at x = 15: \(it.distance) m")
        #expect(GuidanceAudit.measure(it).0.sidelessArrivals == 0)
        // The same place as a stop on the way: the next stretch starts from its middle, so the walk goes there.
        let via = try s.router.itinerary(through: [s.end(1, 1), platformStop(), s.end(1, 0.5, "back")])
        #expect(via.distance > 27)
        // Starting on the platform (a ticket machine on it): already there, nothing to walk, one step.
        let within = try s.router.itinerary(through: [s.end(18, 1), platformStop()])
        #expect(within.legs.flatMap(\.steps).map { $0.instruction(in: language) } == [here])
        #expect(within.legs.last?.steps.last?.maneuver.arrival.map { said($0) } == Said("Platform 2", .ahead, .here))
        #expect(within.distance == 0 && within.duration == 0)
        #expect(GuidanceAudit.measure(within).0.sidelessArrivals == 0)
        // Starting in the corridor beside it, a step away: still the walk onto it.
        let beside = try s.router.itinerary(through: [s.end(9, 1), platformStop()])
        #expect(said(beside.legs.last?.steps.last?.arrival) == Said("Platform 2", .ahead, .entering))
        // A place (no area) is "already there" from its own point, but not from the room behind its wall, 0.4 m
        // away and a walk round through two doors:
        //   AAAAAAAA      a corridor
        //   RRrRSsSS      rooms R and S, back to back, their doors r and s onto the corridor
        //   RRRRSSSS
        let rooms = try Scenario([0: "AAAAAAAA\nRRrRSsSS\nRRRRSSSS"])
        let same = try rooms.router.itinerary(through: [rooms.end(4.5, 1), rooms.end(4.5, 1, "Room S")])
        #expect(same.legs.flatMap(\.steps).map(\.maneuver) == [.arrive(name: SpokenName(literal: "Room S"), side: .ahead, approach: .here)])
        let behind = try rooms.router.itinerary(through: [rooms.end(3.8, 1), rooms.end(4.2, 1, "Room S")])
        #expect(behind.distance > 3, "the room behind the wall is reached through the corridor: \(behind.distance) m")
        #expect(behind.legs.last?.steps.last?.arrival?.approach != .here)
        // A room behind doors is no open area: it is reached through its door, at the place.
        let shop = Space(id: "shop", category: "shop", levelID: platform.levelID, geometry: platform.geometry)
        #expect(venue.openArea(of: .space(shop)) == nil)
    }

    /// ```
    /// AAAAAAAAAAAAAAAAAAAA      a corridor; a stairwell lobby L south of it, entered by its door l; the stairs S
    /// AAAAAAAAAAAAAAAAAAAA      through their door s, 3 m from l (both levels drawn alike)
    /// ..........LlL.......
    /// ..........LLL.......
    /// ..........LLL.......
    /// ..........SsS.......
    /// ..........SSS.......
    /// ..........SSS.......
    /// ```
    static func stairwell(lobby rows: Int = 3) throws -> Scenario {
        let plan = (["AAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAA", "..........LlL......."]
            + Array(repeating: "..........LLL.......", count: rows - 1)
            + ["..........SsS.......", "..........SSS.......", "..........SSS......."]).joined(separator: "\n")
        return try Scenario([0: plan, 1: plan], connectors: ["S": .stairs])
    }

    /// A door a few metres before a ride (a stairwell or lift lobby door) is the way onto it: the ride is the
    /// step after the walk to it (which keeps the metres to the door and beyond); a door farther from the ride
    /// is a step of its own.
    @Test(arguments: [
        (InstructionLanguage.en, "Take the stairs up 1 level to Level 1"),
        (.fr, "Prenez l'escalier et montez d'un niveau jusqu'à Level 1"),
        (.de, "Nehmen Sie die Treppe eine Ebene hinauf bis Level 1"),
        (.ru, "Поднимитесь по лестнице на 1 этаж до «Level 1»"),
    ])
    func aDoorJustBeforeARideIsTheWayOntoIt(language: InstructionLanguage, text: String) throws {
        let s = try Self.stairwell()
        let it = try s.itinerary((1, 7, 0), (1, 7, 1))
        let first = try #require(it.legs.first)
        #expect(s.maneuvers(first.steps) == ["depart", "stairs up"])
        #expect(first.steps.last?.instruction(in: language) == text)
        #expect(abs(it.legs.flatMap(\.steps).reduce(0) { $0 + $1.distance } - it.distance) < 1e-9)
        // A lobby 8 m deep: its door is a step of its own.
        let far = try Self.stairwell(lobby: 8)
        let long = try far.itinerary((1, 7, 0), (1, 7, 1))
        #expect(far.maneuvers(long.legs.first?.steps ?? []) == ["depart", "door right", "stairs up"])
    }

    /// The stairs themselves as the destination, on the level above: the walk ends where the ride does.
    @Test(arguments: [
        (InstructionLanguage.en, "Arrive at the stairs, as you step off"),
        (.fr, "Vous êtes arrivé à the stairs, à l'arrivée"),
        (.de, "Sie erreichen the stairs am Ausstieg"),
        (.ru, "Вы прибыли: «the stairs», на выходе"),
    ])
    func theConnectorRiddenToIsWhereTheRideEnds(language: InstructionLanguage, text: String) throws {
        let s = try Self.stairwell()
        let it = try s.router.itinerary(through: [s.end(1, 7), s.end(11.5, 1.5, level: 1, "the stairs")])
        #expect(s.maneuvers(it).suffix(2) == ["stairs up", "arrive ahead"])
        let last = try #require(it.legs.last?.steps.last)
        #expect(last.instruction(in: language) == text)
        #expect(last.maneuver.arrival.map { said($0) } == Said("the stairs", .ahead, .offRide))
        #expect(GuidanceAudit.measure(it).0.sidelessArrivals == 0)
    }

    /// ```
    /// AAAAAAAAAAAAAAAAAAAAAAEEE      a corridor 22 m long that ends at an elevator E, entered by its doorway e
    /// AAAAAAAAAAAAAAAAAAAAAAeEE      (an opening with no door leaf); both levels drawn alike
    /// AAAAAAAAAAAAAAAAAAAAAAEEE
    /// ```
    static func elevatorAhead() throws -> (ascii: AsciiVenue, router: Router) {
        let plan = """
            AAAAAAAAAAAAAAAAAAAAAAEEE
            AAAAAAAAAAAAAAAAAAAAAAeEE
            AAAAAAAAAAAAAAAAAAAAAAEEE
            """
        let ascii = try AsciiVenue(levels: [0: plan, 1: plan], connectors: ["E": .elevator])
        var venue = ascii.venue()
        for k in venue.openings.indices where venue.openings[k].id.hasPrefix("door-E") { venue.openings[k].isDoor = false }
        return (ascii, Router(graph: NavigationGraph(venue: venue)))
    }

    /// A stop at `(x, y)` metres on a level of a drawing.
    static func stop(_ x: Double, _ y: Double, _ level: Double, _ label: String) -> Waypoint {
        Waypoint(end: RouteEnd(point: Coordinate(x: x, y: y), levelID: AsciiVenue.levelID(level), label: label))
    }

    /// A connector straight ahead a few metres from the start is in view: taking it is the first step (which
    /// keeps the metres to it); one 20 m away is walked to first.
    @Test(arguments: [
        (InstructionLanguage.en, "Take the elevator up 1 level to Level 1"),
        (.fr, "Prenez l'ascenseur et montez d'un niveau jusqu'à Level 1"),
        (.de, "Nehmen Sie den Aufzug eine Ebene hinauf bis Level 1"),
        (.ru, "Поднимитесь на лифте на 1 этаж до «Level 1»"),
    ])
    func aConnectorInViewAtTheStartIsTheFirstStep(language: InstructionLanguage, text: String) throws {
        let (_, router) = try Self.elevatorAhead()
        let near = try router.itinerary(through: [Self.stop(13, 1.5, 0, "start"), Self.stop(13, 1.5, 1, "the goal")])
        let first = try #require(near.legs.first?.steps)
        #expect(first.map(\.maneuver.type) == ["elevator"])
        #expect(first.first?.instruction(in: language) == text)
        #expect(abs((first.first?.distance ?? 0) - near.legs[0].distance) < 1e-9 && near.legs[0].distance > 9)
        let far = try router.itinerary(through: [Self.stop(2, 1.5, 0, "start"), Self.stop(13, 1.5, 1, "the goal")])
        #expect(far.legs.first?.steps.map(\.maneuver.type) == ["depart", "elevator"])
    }

    /// Off a ride, a few metres straight on to the place: the arrival is the step (with its side), no "Head west"
    /// before it. Farther on, the walk is the step, and the arrival is said with it.
    @Test(arguments: [
        (InstructionLanguage.en, "Arrive at the kiosk, on your right", "Head west. You reach the kiosk on your right"),
        (.fr, "Vous êtes arrivé à the kiosk, sur votre droite", "Dirigez-vous vers l'ouest. Vous arrivez à the kiosk sur votre droite"),
        (.de, "Sie erreichen the kiosk auf der rechten Seite", "Gehen Sie nach Westen. Sie erreichen the kiosk auf der rechten Seite"),
        (.ru, "Вы прибыли: «the kiosk», справа", "Идите на запад. «the kiosk» будет справа"),
    ])
    func aShortWalkOffARideToThePlaceIsSaidWithTheArrival(language: InstructionLanguage, text: String, walked: String) throws {
        let (_, router) = try Self.elevatorAhead()
        let it = try router.itinerary(through: [Self.stop(2, 1.5, 0, "start"), Self.stop(18, 2.5, 1, "the kiosk")])
        let last = try #require(it.legs.last?.steps)
        #expect(last.map(\.maneuver.type) == ["arrive"])
        #expect(last.first?.instruction(in: language) == text)
        #expect(abs((last.first?.distance ?? 0) - (it.legs.last?.distance ?? 0)) < 1e-9 && (last.first?.distance ?? 0) > 5)
        #expect(GuidanceAudit.measure(it).0.sidelessArrivals == 0)
        // Farther on, the walk is a step of its own.
        let farther = try router.itinerary(through: [Self.stop(2, 1.5, 0, "start"), Self.stop(8, 2.5, 1, "the kiosk")])
        #expect(farther.legs.last?.steps.map(\.maneuver.type) == ["depart"])
        #expect(farther.legs.last?.steps.last?.instruction(in: language) == walked)
    }

    /// Kind: stairs in two flights with a landing between, mapped as OSM stations map them (Darmstadt Hbf): `steps`
    /// tagged `level=-1;-0.5`, a short `footway` landing at `level=-0.5`, `steps` tagged `level=-0.5;0`. The flights
    /// are one ride that climbs one floor, not one level per flight; between whole floors (a landing at 0, from -1
    /// to 1) it climbs two.
    @Test(arguments: [("-0.5", "0", "Take the stairs up 1 level to Level 0"), ("0", "1", "Take the stairs up 2 levels to Level 1")])
    func stairsWithALandingMappedAsALevelClimbTheFloorsBetween(landing: String, top: String, text: String) throws {
        var osm = OSMSketch()
        let kiosk = osm.node(0, 0, ["shop": "kiosk", "name": "Kiosk", "level": "-1"])
        let foot = osm.node(20, 0), landingFrom = osm.node(24, 0), landingTo = osm.node(26, 0), head = osm.node(30, 0)
        let cafe = osm.node(50, 0, ["amenity": "cafe", "name": "Café", "level": top])
        osm.way([kiosk, foot], ["highway": "footway", "level": "-1"])
        osm.way([foot, landingFrom], ["highway": "steps", "incline": "up", "level": "-1;\(landing)"])
        osm.way([landingFrom, landingTo], ["highway": "footway", "level": landing])
        osm.way([landingTo, head], ["highway": "steps", "incline": "up", "level": "\(landing);\(top)"])
        osm.way([head, cafe], ["highway": "footway", "level": top])
        let path = NSTemporaryDirectory() + "indoornav-landing-\(UUID().uuidString).osm"
        try Data(osm.xml().utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let venue = try OSMLoader.load(path: path).inferringPassages()
        let audit = RouteAudit(venue: venue)
        let a = try #require(audit.places.first { $0.name == "Kiosk" }), b = try #require(audit.places.first { $0.name == "Café" })
        let it = try Router(graph: audit.graph).itinerary(through: [
            Waypoint(end: RouteEnd(point: try venue.frame.project(a.coordinate), levelID: a.levelID, label: a.name)),
            Waypoint(end: RouteEnd(point: try venue.frame.project(b.coordinate), levelID: b.levelID, label: b.name)),
        ])
        let rides = it.legs.flatMap(\.steps).filter { $0.maneuver.type == "stairs" }
        #expect(rides.map { $0.instruction(in: .en) } == [text])
    }

    /// Kind: escalators as OSM maps them (the generator's OSM output): a `room=escalator` on each level, the
    /// conveying `steps` inside it, their top end just outside on the corridor. A route from below to the escalator's
    /// room on the upper level rides it, and is there as the walker steps off, not "straight ahead" of them; the
    /// room of the escalator beside it, not ridden, is walked into.
    @Test func theRoomOfTheEscalatorJustRiddenIsReachedAsYouStepOff() throws {
        let generated = try VenueGenerator(kind: .grid, options: .init(seed: 31)).generate()
        let path = NSTemporaryDirectory() + "indoornav-escalator-\(UUID().uuidString).osm"
        try generated.osm.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let venue = try VenueLoader.load(path: path).inferringPassages()
        let audit = RouteAudit(venue: venue)
        let router = Router(graph: audit.graph)
        let upper = try #require(venue.levels.first { $0.ordinal == 1 })
        let escalators = venue.spaces.filter { $0.levelID == upper.id && $0.kind == .escalator }
        try #require(!escalators.isEmpty)
        let start = try #require(audit.places.first { $0.levelID == venue.levels.first { $0.ordinal == 0 }?.id && !$0.name.isEmpty })
        var ridden: [Maneuver.Approach] = [], beside: [Maneuver.Approach] = []
        for space in escalators {
            let shape = try venue.frame.project(space.geometry)
            let box = try #require(shape.boundingBox)
            let it = try router.itinerary(through: [
                Waypoint(end: RouteEnd(point: try venue.frame.project(start.coordinate), levelID: start.levelID, label: start.name)),
                Waypoint(end: RouteEnd(point: box.center, levelID: upper.id, label: space.name.resolved() ?? "escalator")),
            ])
            let rides = it.legs.flatMap(\.steps).filter { $0.maneuver.type == "escalator" }
            guard rides.count == 1, let from = rides.first?.location, let arrival = it.legs.last?.steps.last?.arrival else { continue }
            // The escalator's rooms on both levels have one footprint: the ride starts in this one's when it is its own.
            if PreparedPolygon(shape).contains(try venue.frame.project(from)) { ridden.append(arrival.approach) } else { beside.append(arrival.approach) }
        }
        #expect(!ridden.isEmpty && ridden.allSatisfy { $0 == .offRide }, "\(ridden)")
        #expect(beside.allSatisfy { $0 != .offRide }, "\(beside)")
    }

    /// Plurals and rounded distances in each language.
    @Test func pluralsAndDistancesAreSaidAsEachLanguageSaysThem() {
        let ride = { (n: Int, language: InstructionLanguage) in
            Maneuver.connector(kind: .stairs, levels: n, up: false, to: SpokenName(literal: "X"), name: nil).instruction(in: language)
        }
        #expect(ride(1, .en) == "Take the stairs down 1 level to X")
        #expect(ride(2, .en) == "Take the stairs down 2 levels to X")
        #expect(ride(1, .fr) == "Prenez l'escalier et descendez d'un niveau jusqu'à X")
        #expect(ride(3, .fr) == "Prenez l'escalier et descendez de 3 niveaux jusqu'à X")
        #expect(ride(1, .de) == "Nehmen Sie die Treppe eine Ebene hinunter bis X")
        #expect(ride(4, .de) == "Nehmen Sie die Treppe 4 Ebenen hinunter bis X")
        #expect(ride(1, .ru) == "Спуститесь по лестнице на 1 этаж до «X»")
        #expect(ride(3, .ru) == "Спуститесь по лестнице на 3 этажа до «X»")
        #expect(ride(5, .ru) == "Спуститесь по лестнице на 5 этажей до «X»")
        #expect(ride(11, .ru) == "Спуститесь по лестнице на 11 этажей до «X»")
        #expect(ride(21, .ru) == "Спуститесь по лестнице на 21 этаж до «X»")
        #expect(ride(22, .ru) == "Спуститесь по лестнице на 22 этажа до «X»")
        #expect(InstructionLanguage.en.distance(7.4) == "7 m")
        #expect(InstructionLanguage.en.distance(43) == "45 m")
        #expect(InstructionLanguage.en.distance(1234) == "1,230 m")
        #expect(InstructionLanguage.fr.distance(1234) == "1\u{202F}230\u{00A0}m")
        #expect(InstructionLanguage.de.distance(1234) == "1.230\u{00A0}m")
        #expect(InstructionLanguage.ru.distance(0.2) == "1\u{00A0}м")
        #expect(InstructionLanguage(tag: "de-AT") == .de)
        #expect(InstructionLanguage(tag: "ru_RU") == .ru)
        #expect(InstructionLanguage(tag: "xx") == .en)
    }

    /// Over seeded pairs of generated venues, no rule of ``GuidanceAudit`` is broken but for arrivals in the
    /// middle of an open space (no side to give).
    @Test func generatedVenuesAreGuidedWithoutShortTurnsOrRepeatedLandmarks() throws {
        for (kind, seed) in [(VenueGenerator.Kind.grid, UInt64(1)), (.splitWalkways, 4), (.hall, 8)] {
            let generated = try VenueGenerator(kind: kind, options: .init(seed: seed, levels: 2, rooms: kind == .hall ? nil : 60, pillars: 40)).generate()
            let venue = try IMDFLoader.load(files: generated.imdf, source: "generated").inferringPassages()
            let (f, findings) = GuidanceAudit(venue: venue).run(pairs: 25, seed: seed)
            #expect(f.routed == f.pairs, "\(kind)")
            #expect(f.shortTurns == 0, "\(kind): \(findings.map(\.problem))")
            #expect(f.repeatedLandmarks == 0, "\(kind): \(findings.map(\.problem))")
            // Short walks on small venues: a depart and an arrival weigh more (tools/guidance/metrics measures ≤ 6).
            #expect(f.stepsPer100m <= 9, "\(kind): \(f.stepsPer100m)")
        }
    }
}
