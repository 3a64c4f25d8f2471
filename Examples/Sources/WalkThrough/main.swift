// Route, search and follow a simulated walk on the sample venue, through IndoorNav's core API; then what an app's
// map view binds to: a drawn map that answers taps, and the state of the view as the walk goes.
import IndoorCore

// A venue is loaded and prepared once; every question after that is a method of it, from any thread.
let venue = try PreparedVenue(loading: .sample)

// Search, as a visitor types it: everyday words in four languages, typos tolerated.
let hits = try venue.search(SearchRequest(query: "bookshop", limit: 3))
for hit in hits {
    let level = hit.result.levelOrdinal.map { "on level \($0.formatted())" } ?? "on a level the venue does not list"
    print("found \(hit.poi.displayName()) (\(hit.poi.category)) \(level)")
}

// Route between two named places, with the instructions in German.
let plan = try venue.route(RouteRequest(from: "Café Müller", to: "Page Blanche Bookshop", language: "de"))
// The itinerary is structured (maneuvers that name places by id); the plan says it in the request's language.
print("\(plan.said(plan.origin.waypoint.name)) → \(plan.said(plan.destination.name)): \(Int(plan.itinerary.distance.rounded())) m")
for step in plan.itinerary.legs.flatMap(\.steps) {
    print("  \(plan.instruction(step))")
}

// The same route as JSON, as a service would answer it.
let response = RouteResponse(plan)
print("JSON: \(response.legs.count) legs, \(response.legs.flatMap(\.steps).count) steps")

// Follow a simulated walker (seeded: the same walk every run) through the real navigation engine, as fast as the
// engine can take the fixes.
// An app's map: the route's first floor drawn, and the drawing asked what is under a pixel, as a tap would be.
let map = try venue.map(MapRequest(level: "0", route: RouteRequest(from: "Café Müller", to: "Page Blanche Bookshop")))
if let proxy = venue.proxy(for: map), let start = plan.itinerary.legs.first?.steps.first?.location,
   let pixel = proxy.pixel(for: start) {
    switch proxy.hit(at: pixel) {
    case .poi(let poi)?: print("a tap at the start (\(Int(pixel.x)), \(Int(pixel.y))) hits \(poi.displayName())")
    case .space(let space)?: print("a tap at the start hits the space \(space.name.resolved() ?? space.id)")
    case nil: print("a tap at the start hits nothing")
    }
}

// The state the view binds to: the level shown follows the user's until one is picked by hand.
let view = venue.mapSession(viewport: ScreenSize(width: 390, height: 844))
try await view.selectLevel(-1)
print("picked level -1 by hand: following the user's level \(await view.isTrackingUserLevel)")
await view.trackUserLevel()

let simulator = venue.simulator(for: plan, seed: 7)
let engine = NavigationEngine(core: venue.navigation(following: plan))
let walk = SimulatedSessionProvider(simulator: simulator, session: 0, clock: InstantClock())
var fixes = 0
for try await update in engine.events(from: walk) {
    switch update.event {
    case .progress: fixes += 1
    case .stepChanged(let index):
        // A step index is into the route the engine followed then (after a reroute, the new one).
        if let step = update.track?.steps[index] { print("  now: \(step.instruction(in: plan.language, names: plan.nameLanguages))") }
    case .offRoute: print("  off route")
    case .rerouted(let distance, _): print("  rerouted: \(Int(distance.rounded())) m")
    case .arrived: print("arrived after \(fixes) fixes")
    default: break
    }
    await view.apply(update.event)
}
if let level = await view.activeLevelOrdinal { print("the view followed the walk to level \(level.formatted())") }
