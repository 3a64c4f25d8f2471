import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorTestSupport
import IndoorVenue
import IndoorText
import Testing

/// Routing on small venues drawn in ASCII, each with the route and maneuvers expected (OSRM's
/// `features/*.feature` style). One character is one metre; y grows upwards (north), row 0 is the top line.
struct Scenario {
    let ascii: AsciiVenue
    let router: Router

    init(_ levels: [Double: String], connectors: [Character: Connector.Kind] = [:], downEscalators: Set<Character> = [],
         names: [Character: String] = [:], nonPublic: Set<Character> = [], walkways: Set<Character> = ["A"]) throws {
        ascii = try AsciiVenue(levels: levels, walkways: walkways, connectors: connectors, downEscalators: downEscalators,
                               names: names, nonPublic: nonPublic)
        router = Router(graph: NavigationGraph(venue: ascii.venue()))
    }

    func end(_ x: Double, _ y: Double, level: Double = 0, _ label: String = "there") -> Waypoint {
        Waypoint(end: RouteEnd(point: Coordinate(x: x, y: y), levelID: AsciiVenue.levelID(level), label: label))
    }

    func route(_ from: (Double, Double, Double), _ to: (Double, Double, Double), options: RoutingOptions = RoutingOptions()) throws -> Route {
        try router.route(from: end(from.0, from.1, level: from.2).end, to: end(to.0, to.1, level: to.2).end, options: options)
    }

    func itinerary(_ from: (Double, Double, Double), _ to: (Double, Double, Double), options: RoutingOptions = RoutingOptions(),
                   language: InstructionLanguage = .en) throws -> Itinerary {
        try router.itinerary(through: [end(from.0, from.1, level: from.2, "start"), end(to.0, to.1, level: to.2, "the goal")],
                             options: options)
    }

    func maneuvers(_ it: Itinerary) -> [String] {
        maneuvers(it.legs.flatMap(\.steps))
    }

    /// Each step's maneuver as `type modifier` ("turn left", "stairs up", "arrive right"), and the arrival said
    /// with it after a `+` ("turn right + arrive left").
    func maneuvers(_ steps: [ItineraryStep]) -> [String] {
        steps.map { s in
            let said = [s.maneuver.type, s.maneuver.modifier].compactMap { $0 }.joined(separator: " ")
            guard let a = s.arrival, s.maneuver.arrival == nil else { return said }
            return "\(said) + arrive \(a.side.rawValue)"
        }
    }

    /// What a step says before the arrival it may end with: "Turn right" of "Turn right. You reach the shop on your
    /// right".
    func maneuverText(_ step: ItineraryStep, in language: InstructionLanguage = .en) -> String {
        step.maneuver.instruction(landmark: step.landmark, then: step.then, in: language)
    }
}

/// An arrival as said in English, for comparing: its name, side and approach.
struct Said: Equatable, CustomStringConvertible {
    let name: String
    let side: Maneuver.Side
    let approach: Maneuver.Approach

    init(_ name: String, _ side: Maneuver.Side, _ approach: Maneuver.Approach) {
        (self.name, self.side, self.approach) = (name, side, approach)
    }

    var description: String { "\(name) \(side.rawValue) \(approach.rawValue)" }
}

/// `arrival` with its name said in English.
func said(_ arrival: Maneuver.Arrival?) -> Said? {
    arrival.map { Said($0.name.text(in: .en), $0.side, $0.approach) }
}

@Suite struct AsciiRoutingTests {
    /// ```
    /// AAAAAAAAAA      a straight corridor: the route is the straight line
    /// AAAAAAAAAA
    /// ```
    @Test func aStraightCorridorIsAStraightLine() throws {
        let s = try Scenario([0: """
            AAAAAAAAAA
            AAAAAAAAAA
            """])
        let r = try s.route((1, 1, 0), (9, 1, 0))
        #expect(abs(r.distance - 8) < 1e-6)
        #expect(r.points.count == 2)
        let m = s.maneuvers(try s.itinerary((1, 1, 0), (9, 1, 0)))
        #expect(m == ["depart + arrive ahead"])
    }

    /// ```
    /// AAA.....      an L: the route bends once, at the inner corner (3, 2), the clearance off both walls
    /// AAA.....
    /// AAAAAAAA
    /// AAAAAAAA
    /// ```
    @Test func anLTurnsAtTheInnerCornerKeepingClearance() throws {
        let s = try Scenario([0: """
            AAA.....
            AAA.....
            AAAAAAAA
            AAAAAAAA
            """])
        let r = try s.route((1, 3.5, 0), (7.5, 1, 0))
        #expect(r.points.count == 3)
        let corner = r.points[1].point
        let c = RoutingCosts().clearance
        #expect(abs(corner.x - (3 - c)) < 1e-6 && abs(corner.y - (2 - c)) < 1e-6)
        let expected = Coordinate(x: 1, y: 3.5).distance(to: corner) + corner.distance(to: Coordinate(x: 7.5, y: 1))
        #expect(abs(r.distance - expected) < 1e-6)
        let m = s.maneuvers(try s.itinerary((1, 3.5, 0), (7.5, 1, 0)))
        // A slight bend following the corridor is not a choice: not spoken (the geometry keeps it).
        #expect(m == ["depart + arrive ahead"])
    }

    /// ```
    /// AAAAAaBBBB     a corridor and a shop joined by one door at x = 6
    /// AAAAAABBBB
    /// ```
    @Test func roomsAreEnteredThroughTheirDoor() throws {
        let s = try Scenario([0: """
            AAAAAaBBBB
            AAAAAABBBB
            """], names: ["B": "the Shop"])
        let it = try s.itinerary((1, 0.5, 0), (8, 0.5, 0))
        // The door just before the shop is where the shop is: the arrival says so.
        #expect(s.maneuvers(it) == ["depart + arrive ahead"])
        #expect(it.legs.last?.steps.last?.instruction(in: .en).hasSuffix(". You reach the goal through the door ahead") == true)
        // The only way in is the door (y 1..2 at x = 6): the route passes through it, the clearance from its jambs.
        let r = try s.route((1, 0.5, 0), (8, 0.5, 0))
        let c = RoutingCosts().clearance
        #expect(r.points.contains { abs($0.point.x - 6) < 1e-6 && $0.point.y >= 1 + c - 1e-6 && $0.point.y <= 2 - c + 1e-6 })
        #expect(it.legs.first?.costs.doors == 2)
    }

    /// ```
    /// AAAAAAAAAA     level 0: corridor with stairs S (x 8–10)
    /// AAAAAAAsSS
    /// AAAAAAASSS
    ///
    /// AAAAAAAAAA     level 1: the same
    /// AAAAAAAsSS
    /// AAAAAAASSS
    /// ```
    @Test func stairsJoinLevelsButNotForTheAccessibleProfile() throws {
        let plan = """
            AAAAAAAAAA
            AAAAAAAsSS
            AAAAAAASSS
            """
        let s = try Scenario([0: plan, 1: plan], connectors: ["S": .stairs])
        let it = try s.itinerary((1, 1, 0), (1, 1, 1))
        #expect(it.legs.count == 2)
        #expect(s.maneuvers(it).contains("stairs up"))
        #expect(it.legs[0].costs.stairs == 20)
        do {
            _ = try s.route((1, 1, 0), (1, 1, 1), options: RoutingOptions(profile: .accessible))
            Issue.record("an accessible route used stairs")
        } catch {
            guard let e = error as? RoutingError, case .excluded(_, _, let by) = e else { Issue.record("\(error)"); return }
            #expect(by == [.profile(.accessible, excludes: [.stairs])])
            #expect(e.localizedDescription.contains("accessible profile: the way that remains uses stairs"))
        }
    }

    @Test func theAccessibleProfileTakesTheElevator() throws {
        let plan = """
            AAAAAAAAAAAAA
            AAAAAAAsSSAeE
            AAAAAAASSSAEE
            """
        let s = try Scenario([0: plan, 1: plan], connectors: ["S": .stairs, "E": .elevator])
        let walking = try s.itinerary((1, 1, 0), (1, 1, 1))
        #expect(s.maneuvers(walking).contains("stairs up"))
        let accessible = try s.itinerary((1, 1, 0), (1, 1, 1), options: RoutingOptions(profile: .accessible))
        #expect(s.maneuvers(accessible).contains("elevator up"))
        #expect(!s.maneuvers(accessible).contains("stairs up"))
        let text = accessible.legs[0].steps.map { $0.instruction(in: .en) }
        #expect(text.contains("Take the elevator up 1 level to Level 1"))
        let fr = try s.itinerary((1, 1, 0), (1, 1, 1), options: RoutingOptions(profile: .accessible))
        #expect(fr.legs[0].steps.map { $0.instruction(in: .fr) }.contains("Prenez l'ascenseur et montez d'un niveau jusqu'à Level 1"))
    }

    /// An escalator that only goes up: down is refused when it is the only way, and stairs are used when they exist.
    @Test func escalatorsRunOnlyInTheirDirection() throws {
        let plan = """
            AAAAAAAAAA
            AAAAAAAuUU
            AAAAAAAUUU
            """
        let s = try Scenario([0: plan, 1: plan], connectors: ["U": .escalator])
        #expect(s.maneuvers(try s.itinerary((1, 1, 0), (1, 1, 1))).contains("escalator up"))
        #expect(throws: RoutingError.self) { try s.route((1, 1, 1), (1, 1, 0)) }
        let down = try Scenario([0: plan, 1: plan], connectors: ["U": .escalator], downEscalators: ["U"])
        #expect(down.maneuvers(try down.itinerary((1, 1, 1), (1, 1, 0))).contains("escalator down"))
        #expect(throws: RoutingError.self) { try down.route((1, 1, 0), (1, 1, 1)) }
    }

    /// ```
    /// AAAAAAAAAAAA     two ways from W (west) to E (east): round by the corridor A, or through the staff room X
    /// aAAAAAAAAAAA
    /// WwXXXXXXxEeE
    /// WWXXXXXXXEEE
    /// ```
    @Test func closuresAndNonPublicAreasAreAvoidedAndExplained() throws {
        let s = try Scenario([0: """
            AAAAAAAAAAAA
            aAAAAAAAAAAA
            WwXXXXXXxEeE
            WWXXXXXXXEEE
            """], nonPublic: ["X"], walkways: ["A"])
        // Whether some stretch of the route runs through the staff room (x 2–9, y 0–2).
        let inStaffRoom = { (r: Route) in
            zip(r.points, r.points.dropFirst()).contains { a, b in
                let m = Coordinate(x: (a.point.x + b.point.x) / 2, y: (a.point.y + b.point.y) / 2)
                return m.x > 2.05 && m.x < 8.95 && m.y < 1.95
            }
        }
        let normal = try s.route((0.5, 0.5, 0), (10.5, 0.5, 0))
        #expect(!inStaffRoom(normal))
        let staff = try s.route((0.5, 0.5, 0), (10.5, 0.5, 0), options: RoutingOptions(includeNonPublic: true))
        #expect(inStaffRoom(staff))
        #expect(staff.distance < normal.distance)
        do {
            _ = try s.route((0.5, 0.5, 0), (10.5, 0.5, 0), options: RoutingOptions(closed: ["A0"]))
            Issue.record("routed through a closed corridor")
        } catch {
            guard let e = error as? RoutingError, case .excluded(_, _, let by) = e else { Issue.record("\(error)"); return }
            #expect(by.contains(.nonPublicAreas), "\(by)")
        }
        #expect(throws: RoutingError.self) {
            try s.route((0.5, 0.5, 0), (10.5, 0.5, 0), options: RoutingOptions(closed: ["A0"], includeNonPublic: false))
        }
        // With the staff room allowed but the corridor closed, the staff room is the way.
        let closed = try s.route((0.5, 0.5, 0), (10.5, 0.5, 0), options: RoutingOptions(closed: ["A0"], includeNonPublic: true))
        #expect(inStaffRoom(closed))
    }

    /// Stairs climbed over three levels are one step, "up 3 levels".
    @Test func ridesOverSeveralLevelsAreOneStep() throws {
        let plan = """
            AAAAAAAAAA
            AAAAAAAsSS
            AAAAAAASSS
            """
        let s = try Scenario([0: plan, 1: plan, 2: plan, 3: plan], connectors: ["S": .stairs])
        let it = try s.itinerary((1, 1, 0), (1, 1, 3))
        #expect(s.maneuvers(it).filter { $0.hasPrefix("stairs") } == ["stairs up"])
        #expect(it.legs.flatMap(\.steps).contains { $0.instruction(in: .en) == "Take the stairs up 3 levels to Level 3" })
        #expect(it.legs.count == 2)
        #expect(it.legs[0].costs.stairs == 60)
    }

    /// A closed door cannot be used even when the start sees it directly (the query's own first step).
    @Test func aClosedDoorIsClosedToTheQuerysOwnEndsToo() throws {
        let s = try Scenario([0: """
            AAAAAaBBBB
            AAAAAABBBB
            """])
        #expect(throws: RoutingError.self) {
            try s.route((5.5, 1.5, 0), (8, 1.5, 0), options: RoutingOptions(closed: ["door-A0-5-0"]))
        }
    }

    @Test func aPlaceOffTheWalkableAreaIsSnappedAndSaysHowFar() throws {
        let s = try Scenario([0: """
            AAAAA...
            AAAAA...
            """])
        let r = try s.route((1, 1, 0), (7, 1, 0))
        // Onto the free space the clearance from the east wall, and a centimetre further in.
        #expect(abs(r.endSnap - (7 - (5 - RoutingCosts().clearance))) < 0.02)
        #expect(r.startSnap == 0)
    }

    /// Kind: a fix that falls across a wall from the user, beside a corridor whose neighbour (a yard, a shop, an
    /// outdoor area) is joined to it only far away: satellite noise near a station's wall. Within the fix's
    /// accuracy the route may start on the other side, at twice the walk there; an exact start stays where it is.
    /// ```
    /// BBBBBBBBBBBBBBBBBBBB     a yard B (y 2–4) and a corridor A (y 0–2), joined by the door b at the west end
    /// BbBBBBBBBBBBBBBBBBBB
    /// AAAAAAAAAAAAAAAAAAAA
    /// AAAAAAAAAAAAAAAAAAAA
    /// ```
    @Test func aFixAcrossAWallMayStartOnTheOtherSideWithinItsAccuracy() throws {
        let s = try Scenario([0: """
            BBBBBBBBBBBBBBBBBBBB
            BbBBBBBBBBBBBBBBBBBB
            AAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAA
            """], walkways: ["A", "B"])
        let goal = s.end(18.5, 0.5).end
        func fix(within accuracy: Double) -> RouteEnd {
            RouteEnd(point: Coordinate(x: 18.5, y: 2.5), levelID: AsciiVenue.levelID(0), label: "your position", uncertainty: accuracy)
        }
        // Exactly in the yard: round by its door, 17 m west and back.
        let exact = try s.router.route(from: fix(within: 0), to: goal)
        #expect(exact.distance > 30)
        // The corridor is beyond a fix's accuracy of 0.5 m (its free area keeps the clearance off the wall).
        #expect(try s.router.route(from: fix(within: 0.5), to: goal).distance > 30)
        // Within 3 m: across the wall, and the route says how far its start is from the fix.
        let near = try s.router.route(from: fix(within: 3), to: goal)
        #expect(near.distance < 3)
        #expect(abs(near.startSnap - (0.5 + RoutingCosts().clearance)) < 0.02)
        #expect(near.points.first?.point.y ?? 9 < 2)
    }

    /// Kind: a fix between two parts of one space, snapped into the wrong one: a walkway drawn as a U (a passage
    /// and the platform beside it, joined at one end), the fix in the gap between them (the tracks' edge). Its
    /// nearest free point is in the lower band, 36 m round from the goal in the upper one; within the fix's
    /// accuracy, the upper band's nearest point is a start too, at twice the walk.
    /// ```
    /// AAAAAAAAAAAAAAAAAAAA     the upper band (y 5–7)
    /// AAAAAAAAAAAAAAAAAAAA
    /// AA..................     the gap (y 2–5), the fix at (18, 2.8)
    /// AA..................
    /// AA..................
    /// AAAAAAAAAAAAAAAAAAAA     the lower band (y 0–2)
    /// AAAAAAAAAAAAAAAAAAAA
    /// ```
    @Test func aFixBetweenTwoPartsOfOneSpaceMayStartInTheOtherWithinItsAccuracy() throws {
        let band = String(repeating: "A", count: 20), gap = "AA" + String(repeating: ".", count: 18)
        let s = try Scenario([0: [band, band, gap, gap, gap, band, band].joined(separator: "\n")])
        let goal = s.end(18.5, 6).end
        func fix(within accuracy: Double) -> RouteEnd {
            RouteEnd(point: Coordinate(x: 18, y: 2.8), levelID: AsciiVenue.levelID(0), label: "your position", uncertainty: accuracy)
        }
        #expect(try s.router.route(from: fix(within: 0), to: goal).distance > 30)
        // The upper band is 2.25 m off: beyond an accuracy of 2 m, within one of 4 m.
        #expect(try s.router.route(from: fix(within: 2), to: goal).distance > 30)
        let near = try s.router.route(from: fix(within: 4), to: goal)
        #expect(near.distance < 3, "\(near.points.map(\.point))")
        #expect(abs(near.startSnap - (2.2 + RoutingCosts().clearance)) < 0.05, "\(near.startSnap)")
    }

    @Test func disconnectedPartsSayWhatIsCutOff() throws {
        let s = try Scenario([0: """
            AAAA.BBBB
            AAAA.BBBB
            """], names: ["B": "the Vault"], walkways: ["A"])
        do {
            _ = try s.route((1, 1, 0), (7, 1, 0))
            Issue.record("routed into a closed room")
        } catch {
            guard let e = error as? RoutingError, case .disconnected(_, _, let detail) = e else { Issue.record("\(error)"); return }
            #expect(detail.contains("the Vault"))
        }
    }

    @Test func arrivalSaysOnWhichSideThePlaceIs() throws {
        let s = try Scenario([0: """
            AAAAAAAAAA
            AAAAAAAAAA
            """])
        // Walking east, a place north of the end of the route is on the left.
        let target = Coordinate(x: 8, y: 2.5)
        let stops = [s.end(1, 1), Waypoint(end: RouteEnd(point: Coordinate(x: 8, y: 1), levelID: "L0", label: "the kiosk"), target: target)]
        let it = try s.router.itinerary(through: stops)
        #expect(it.legs.last?.steps.last?.instruction(in: .en) == "Head east. You reach the kiosk on your left")
    }
}

@Suite struct OneWayTests {
    /// ```
    /// AAAAAAAAAA     a corridor A and a room B with two doors: the west one (col 2) is an exit only,
    /// AAaAAAAaAA     B → A; the east one (col 7) is closed in one test
    /// BBBBBBBBBB
    /// ```
    @Test func oneWayOpeningsAreRespected() throws {
        let ascii = try AsciiVenue(levels: [0: """
            AAAAAAAAAA
            AAaAAAAaAA
            BBBBBBBBBB
            """])
        var venue = ascii.venue()
        let west = try #require(venue.openings.firstIndex { $0.id == "door-A0-2-1" })
        let east = try #require(venue.openings.firstIndex { $0.id == "door-A0-7-1" })
        venue.openings[west].oneWayFrom = "B0"
        let router = Router(graph: NavigationGraph(venue: venue))
        let inA = RouteEnd(point: Coordinate(x: 2.5, y: 2.5), levelID: "L0", label: "a")
        let inB = RouteEnd(point: Coordinate(x: 2.5, y: 0.5), levelID: "L0", label: "b")
        let westDoor = venue.openings[west].id, eastDoor = venue.openings[east].id
        // B → A may use the west door (the short way); A → B must go round by the east one.
        let out = try router.route(from: inB, to: inA)
        #expect(out.distance < 3)
        let back = try router.route(from: inA, to: inB)
        #expect(back.distance > 8)
        #expect(back.points.contains { $0.opening == east })
        // With the east door closed, A → B has no way in, and says what closes it.
        do {
            _ = try router.route(from: inA, to: inB, options: RoutingOptions(closed: [eastDoor]))
            Issue.record("entered through a one-way exit")
        } catch {
            #expect("\(error.localizedDescription)".contains("no route"))
        }
        #expect(westDoor != eastDoor)
    }
}
