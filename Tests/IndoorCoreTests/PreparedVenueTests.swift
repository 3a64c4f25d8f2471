import Foundation
import IndoorBase
import IndoorCore
import IndoorGeometry
import IndoorSearch
import IndoorVenue
import Testing

/// The use cases on the sample venue (a three-level transit hub), as every front end calls them.
@Suite struct PreparedVenueTests {
    static let hub: PreparedVenue? = try? PreparedVenue(loading: .sample)

    func hub() throws -> PreparedVenue { try #require(Self.hub) }

    @Test func aRouteRequestDecodesWithOnlyItsEnds() throws {
        let request = try JSONDecoder().decode(RouteRequest.self, from: Data(#"{"from": "Café Müller", "to": "Page Blanche Bookshop"}"#.utf8))
        #expect(request == RouteRequest(from: "Café Müller", to: "Page Blanche Bookshop"))
        let full = try JSONDecoder().decode(RouteRequest.self, from: Data(#"""
            {"from": "a", "to": "b", "via": ["c"], "profile": "accessible", "avoid": ["d"], "include_non_public": true, "language": "de"}
            """#.utf8))
        #expect(full == RouteRequest(from: "a", to: "b", via: ["c"], profile: .accessible, avoid: ["d"], includeNonPublic: true, language: "de"))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RouteRequest.self, from: Data(#"{"from": "a"}"#.utf8)) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(RouteRequest.self, from: Data(#"{"from": "a", "to": "b", "profile": "flying"}"#.utf8))
        }
    }

    @Test func aRouteAnswersWithTheItineraryAndItsJSONRoundTrips() throws {
        let venue = try hub()
        let plan = try venue.route(RouteRequest(from: "Café Müller", to: "Page Blanche Bookshop"))
        #expect(plan.origin.waypoint.end.label == "Café Müller")
        #expect(plan.notes.isEmpty)
        let response = RouteResponse(plan)
        #expect(response.legs.count == plan.itinerary.legs.count)
        #expect(abs(response.distance - plan.itinerary.distance) <= 0.05)
        #expect(response.notes == nil)
        let decoded = try JSONDecoder().decode(RouteResponse.self, from: try JSONEncoder().encode(response))
        #expect(decoded == response)
        // The GeoJSON has a line per leg and a point per step.
        let steps = plan.itinerary.legs.reduce(0) { $0 + $1.steps.count }
        #expect(plan.geoJSON.features.count == plan.itinerary.legs.count + steps)
    }

    /// The hub's metro platform is an open area: the route ends as the walk steps onto it, not at its middle.
    @Test func aPlatformIsReachedAsTheWalkStepsOntoIt() throws {
        let venue = try hub()
        let plan = try venue.route(RouteRequest(from: "Relay", to: "Platform 2"))
        let arrival = try #require(plan.itinerary.legs.last?.steps.last)
        #expect(plan.instruction(arrival).hasSuffix(". You reach Platform 2 – Line M2 towards Porte Sud as you enter it"))
        #expect(arrival.arrival?.approach == .entering)
        let middle = plan.destination.end.point
        let end = try venue.venue.frame.project(try #require(arrival.polyline.last))
        #expect(end.distance(to: middle) > 5, "the platform's middle is farther on")
    }

    /// Kind: a named building the venue draws floors of (SPbSTU's campus, IMDF, Apache-2.0): it is a place, on its
    /// ground floor at its principal entrance, reached as the walk enters it; a walk that starts inside is there.
    @Test func aNamedBuildingIsAPlaceReachedAsTheWalkEntersIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let campus = try PreparedVenue(loading: VenueSource(path: root.appendingPathComponent("venues/imdf-spbstu-polytech").path))
        let building = try campus.searchIndex.place("Main academic building")
        guard case .poi(let poi) = building else { Issue.record("\(building) is no POI"); return }
        #expect(poi.kind == .building && poi.id == "5f4874a1-38e7-43ad-b8b0-23e375d9208e")
        #expect(poi.footprint != nil)
        let from = try #require(campus.searchIndex.search(SearchQuery("Coffee Leto")).first?.poi.id)
        let plan = try campus.route(RouteRequest(from: from, to: "Main academic building"))
        let arrival = try #require(plan.itinerary.legs.last?.steps.last)
        #expect(arrival.arrival?.approach == .entering, "\(plan.instruction(arrival))")
        #expect(plan.instruction(arrival).hasSuffix("You reach Main academic building as you enter it"), "\(plan.instruction(arrival))")
        let inside = try campus.route(RouteRequest(from: "Library archive", to: "Main academic building"))
        #expect(inside.itinerary.distance == 0)
    }

    @Test func instructionsFollowTheRequestedLanguage() throws {
        let venue = try hub()
        let english = try venue.route(RouteRequest(from: "Café Müller", to: "Page Blanche Bookshop"))
        let german = try venue.route(RouteRequest(from: "Café Müller", to: "Page Blanche Bookshop", language: "de"))
        #expect(german.language == .de)
        #expect(english.itinerary.legs.map(\.steps.count) == german.itinerary.legs.map(\.steps.count))
        #expect(english.itinerary == german.itinerary, "one itinerary, said in two languages")
        #expect(english.instruction(english.itinerary.legs[0].steps[0]) != german.instruction(german.itinerary.legs[0].steps[0]))
    }

    @Test func anUnknownIdToAvoidIsARequestErrorNamingIt() throws {
        let venue = try hub()
        #expect(throws: RequestError(.avoid, .unknownID("no-such-door"))) {
            try venue.route(RouteRequest(from: "Café Müller", to: "Page Blanche Bookshop", avoid: ["no-such-door"]))
        }
        #expect(RequestError(.avoid, .unknownID("no-such-door")).localizedDescription
                == "avoid: no-such-door names no space, opening, connector or place of this venue")
    }

    /// Every id `search` prints is accepted back by `avoid` (issue 18: `search lift --json` gave ids that `--avoid`
    /// refused): a lift's POI closes the lift, so the accessible route, which needs it, has none; a place in a hall
    /// is refused with the hall's own id to close instead.
    @Test func idsThatSearchPrintsAreAcceptedByAvoid() throws {
        let venue = try hub()
        let accessible = RouteRequest(from: "Platform 1 – Line M2 towards Porte Nord", to: "Page Blanche Bookshop", profile: .accessible)
        let route = try venue.route(accessible)
        #expect(route.itinerary.legs.flatMap(\.steps).contains { $0.maneuver.type == "elevator" })
        let lifts = try venue.search(SearchRequest(query: "lift", limit: 10)).filter { $0.poi.category == "elevator" }
        #expect(lifts.count == 3)
        for lift in lifts {
            var closed = accessible
            closed.avoid = [lift.poi.id]
            #expect(throws: RoutingError.self) { try venue.route(closed) }
        }
        let inHall = try #require(venue.venue.pois.first { poi in
            poi.spaceID.map { id in venue.venue.spaces.first { $0.id == id }?.kind.isOpenPlan == true } ?? false
        })
        var refused = accessible
        refused.avoid = [inHall.id]
        do {
            _ = try venue.route(refused)
            Issue.record("a place in a hall was closed")
        } catch let e as RequestError {
            #expect(e.field == .avoid && e.problem.code == "shared_space", "\(e.problem)")
            #expect(e.reason.contains("to close it all the same, avoid \(inHall.spaceID ?? "?")"), "\(e.reason)")
        }
    }

    @Test func theNearestOfACategoryIsTheQuickestToWalkTo() throws {
        let venue = try hub()
        let plan = try venue.route(RouteRequest(from: "Café Müller", to: "category:restroom"))
        let candidates = try venue.search(SearchRequest(query: "category:restroom", limit: 50))
        #expect(!candidates.isEmpty)
        for hit in candidates {
            guard let other = try? venue.route(RouteRequest(from: "Café Müller", to: hit.poi.id)) else { continue }
            #expect(plan.itinerary.duration <= other.itinerary.duration + 1e-6, "\(hit.poi.id) is quicker")
        }
    }

    @Test func aNameThatMatchesSeveralPlacesSaysWhichWasTakenAndHowToNameTheOthers() throws {
        // The hub has a women's restroom on more than one level.
        let venue = try hub()
        let place = try venue.resolvePlace("Women's restroom")
        let tie = try #require(place.tie)
        #expect(tie.taken.id != tie.others.first?.id)
        #expect(!tie.others.isEmpty)
        for other in tie.others {
            // Each other one is named alone by its id.
            let again = try venue.resolvePlace(other.id)
            #expect(again.tie == nil)
            #expect(again.waypoint.end.levelID == other.levelID)
        }
    }

    /// A route's notes are `Codable` in the form the JSON response gives them, tagged by `kind`, and read back.
    @Test func routeNotesRoundTripThroughJSON() throws {
        let venue = try hub()
        let plan = try venue.route(RouteRequest(from: "Women's restroom", to: "Café Müller"))
        let tie = try #require(plan.notes.first)
        let moved = RouteNote.movedToFloor(place: "Relay", asked: 5, reached: 0)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode([tie, moved]), as: UTF8.self)
        #expect(text.hasPrefix(#"[{"kind":"ambiguous_place","tie":{"#))
        #expect(text.hasSuffix(#"{"asked_level":5,"kind":"moved_to_floor","place":"Relay","reached_level":0}]"#))
        #expect(try JSONDecoder().decode([RouteNote].self, from: Data(text.utf8)) == [tie, moved])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RouteNote.self, from: Data(#"{"kind":"detour"}"#.utf8)) }
    }

    /// An app's map through the core: a drawn floor answers what a tap hits, and the view's state comes from the
    /// prepared venue (nothing loaded again), the active level following the user's until one is picked by hand.
    @Test func aDrawnMapAnswersTapsAndTheViewStateFollowsTheUser() async throws {
        let venue = try hub()
        let map = try venue.map(MapRequest(level: "0", width: 800, height: 600))
        let proxy = try #require(venue.proxy(for: map))
        #expect(venue.proxy(for: map, panel: 1) == nil)
        let cafe = try #require(venue.venue.pois.first { $0.name.resolved(for: ["en"]) == "Café Müller" })
        let pixel = try #require(proxy.pixel(for: cafe.coordinate))
        #expect(proxy.hit(at: pixel) == .poi(cafe))
        let view = venue.mapSession()
        #expect(await view.activeLevelOrdinal == 0)
        try await view.selectLevel(1)
        await view.apply(.levelChanged(from: 1, to: -1))
        #expect(await view.activeLevelOrdinal == 1, "a level picked by hand stays")
        await view.trackUserLevel()
        await view.apply(.levelChanged(from: 1, to: -1))
        #expect(await view.activeLevelOrdinal == -1)
    }

    @Test func searchLimitsAndLevelsAreChecked() throws {
        let venue = try hub()
        #expect(throws: RequestError(.limit, .notPositive(0))) { try venue.search(SearchRequest(query: "café", limit: 0)) }
        #expect(throws: PlaceError.self) { try venue.search(SearchRequest(query: "café", level: "42")) }
        let onGround = try venue.search(SearchRequest(query: "category:restroom", level: "0", limit: 50))
        #expect(onGround.allSatisfy { $0.result.levelOrdinal == 0 })
        let response = SearchResponse(query: "café", hits: try venue.search(SearchRequest(query: "café")), languages: ["en"])
        #expect(try JSONDecoder().decode(SearchResponse.self, from: try JSONEncoder().encode(response)) == response)
    }

    @Test func partsAreBuiltOnceEvenWhenAskedForFromManyTasksAtOnce() async throws {
        let venue = try PreparedVenue(loading: .sample)
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { venue.graph.nodes.count } }
            return await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(counts.count == 1)
        // Routes from many tasks at once agree with one another (each takes its own router from the pool).
        let distances = await withTaskGroup(of: Double?.self) { group in
            for _ in 0..<8 {
                group.addTask { try? venue.route(RouteRequest(from: "Café Müller", to: "Page Blanche Bookshop")).itinerary.distance }
            }
            return await group.reduce(into: [Double?]()) { $0.append($1) }
        }
        #expect(Set(distances).count == 1 && distances[0] != nil)
    }

    @Test func guidanceWithoutADestinationIsFreeModeAndAStartNeedsOne() throws {
        let venue = try hub()
        #expect(throws: RequestError(.from, .needsDestination)) { try venue.navigation(GuidanceRequest(from: "Café Müller")) }
        _ = try venue.navigation(GuidanceRequest())
        _ = try venue.navigation(GuidanceRequest(to: "Page Blanche Bookshop", from: "Café Müller"))
    }

    @Test func validationOfAPathThatIsNoVenueIsAReportWithOneError() {
        let report = ValidationReport(validating: VenueSource(path: "/nonexistent/venue"))
        #expect(!report.valid)
        #expect(report.errors == 1)
        #expect(report.issues.last?.code == "not-a-venue")
    }
}

/// A floor as map clients draw it.
@Suite struct LevelFeaturesTests {
    @Test func aFloorHasItsSpacesOpeningsConnectorsAndPOIsAndNothingOfOtherFloors() throws {
        let venue = try #require(PreparedVenueTests.hub)
        let floor = try venue.levelFeatures("0")
        let kinds = Dictionary(grouping: floor.features, by: { $0.properties["feature"] })
        for kind in ["space", "opening", "connector", "poi"] { #expect(kinds[.string(kind)] != nil, "no \(kind)") }
        let ground = Set(venue.venue.levels.filter { $0.ordinal == 0 }.map(\.id))
        #expect(floor.features.allSatisfy { f in
            if case .string(let id) = f.properties["level_id"] { return ground.contains(id) }
            return false
        })
        #expect(kinds[.string("space")]?.count == venue.venue.spaces.filter { ground.contains($0.levelID) }.count)
        // A connector stop on this floor says which floors it reaches, and routes take its id.
        let stairs = try #require(kinds[.string("connector")]?.first { $0.properties["connector"] == .string("stairs") })
        guard case .array(let levels) = stairs.properties["levels"] else { Issue.record("no levels"); return }
        #expect(levels.count >= 2 && levels.contains(.number(0)))
        guard case .string(let id) = stairs.properties["id"] else { Issue.record("no id"); return }
        _ = try venue.route(RouteRequest(from: "Café Müller", to: id))
        #expect(throws: PlaceError.self) { try venue.levelFeatures("7") }
    }

    /// An OSM extract's levels belong to every building drawn in it: a place is said to be in the one whose
    /// footprint holds it, not in all of them, nor in the hotel next door to the station's platform.
    @Test func aPlaceOnALevelOfSeveralBuildingsIsInTheOneThatHoldsIt() throws {
        func block(_ west: Double) -> GeoGeometry { GeoGeometry(degrees: .rectangle(BoundingBox(minX: west, minY: 49.870, maxX: west + 0.001, maxY: 49.871))) }
        let buildings = [Building(id: "way/1", name: LocalizedText("Hotel"), footprint: block(8.630)),
                         Building(id: "way/2", name: LocalizedText("Station"), footprint: block(8.632)),
                         Building(id: "way/3", name: LocalizedText(), footprint: block(8.634))]
        let level = Level(id: "0", ordinal: 0, name: LocalizedText("Level 0"), buildingIDs: buildings.map(\.id))
        func place(_ id: String, _ longitude: Double) -> POI {
            POI(id: id, kind: .amenity, category: "atm", name: LocalizedText(id), levelID: "0",
                coordinate: GeoCoordinate(longitude: longitude, latitude: 49.8705))
        }
        let pois = [place("in-hotel", 8.6305), place("in-station", 8.6325), place("outside", 8.6315), place("unnamed-building", 8.6345)]
        let venue = PreparedVenue(Venue(id: "v", name: LocalizedText("V"), sourceFormat: "test", buildings: buildings, levels: [level],
                                        spaces: [], openings: [], connectors: [], pois: pois, obstacles: [], issues: [],
                                        frame: try LocalFrame(origin: GeoCoordinate(longitude: 8.63, latitude: 49.87))))
        #expect(pois.map { venue.buildingName(of: $0, languages: []) } == ["Hotel", "Station", nil, nil])
        // Buildings with no footprint (a source may draw none): a place outside every drawn one is in those; one in
        // an unnamed drawn building is in no named one.
        let drawnAndNot = buildings + [Building(id: "b4", name: LocalizedText("Annex")), Building(id: "b5", name: LocalizedText("Wing"))]
        let shared = Level(id: "0", ordinal: 0, name: LocalizedText("Level 0"), buildingIDs: drawnAndNot.map(\.id))
        let second = PreparedVenue(Venue(id: "v", name: LocalizedText("V"), sourceFormat: "test", buildings: drawnAndNot, levels: [shared],
                                         spaces: [], openings: [], connectors: [], pois: pois, obstacles: [], issues: [],
                                         frame: try LocalFrame(origin: GeoCoordinate(longitude: 8.63, latitude: 49.87))))
        #expect(pois.map { second.buildingName(of: $0, languages: []) } == ["Hotel", "Station", "Annex / Wing", nil])
        // A place that is a building (OSM puts a police station's at its entrance, on its outline) is in itself.
        let police = POI(id: "way/2", kind: .amenity, category: "police", name: LocalizedText("Police"), levelID: "0",
                         coordinate: GeoCoordinate(longitude: 8.632, latitude: 49.8705))
        #expect(venue.buildingName(of: police, languages: []) == "Station")
    }
}
