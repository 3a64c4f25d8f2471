import Foundation
import IndoorBase
import IndoorGeometry
import IndoorRender
import IndoorRouting
import IndoorSampleVenue
import IndoorTestSupport
import IndoorVenue
import Testing

let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

enum Hub {
    static let venue: Venue? = try? SampleVenue.load()
    static let renderer: MapRenderer? = venue.map { MapRenderer(venue: $0) }
    static let itinerary: Itinerary? = venue.flatMap { v -> Itinerary? in
        let router = Router(graph: NavigationGraph(venue: v))
        guard let a = v.pois.first(where: { $0.name.resolved() == "Café Müller" }),
              let b = v.pois.first(where: { $0.name.resolved() == "Page Blanche Bookshop" }),
              let pa = try? v.frame.project(a.coordinate), let pb = try? v.frame.project(b.coordinate) else { return nil }
        return try? router.itinerary(through: [
            Waypoint(end: RouteEnd(point: pa, levelID: a.levelID, label: "Café Müller")),
            Waypoint(end: RouteEnd(point: pb, levelID: b.levelID, label: "Page Blanche Bookshop")),
        ])
    }
}

/// Compares an image with its reference in `References/`, pixel by pixel with a tolerance, so regressions show
/// and font hinting does not. `INDOORNAV_UPDATE_REFERENCES=1 swift test` rewrites the references.
func expectMatchesReference(_ map: RenderedMap, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let reference = testsDirectory.appendingPathComponent("References/\(name).png").path
    if ProcessInfo.processInfo.environment["INDOORNAV_UPDATE_REFERENCES"] != nil {
        try? FileManager.default.removeItem(atPath: reference)
        try map.write(to: reference)
        return
    }
    guard let decoded = PNGImage(contentsOf: reference) else {
        Issue.record("missing reference \(name).png (run with INDOORNAV_UPDATE_REFERENCES=1)", sourceLocation: sourceLocation)
        return
    }
    let pixels = map.pixels
    #expect(decoded.width == map.width && decoded.height == map.height, sourceLocation: sourceLocation)
    guard decoded.pixels.count == pixels.count else { return }
    var differing = 0
    for (a, b) in zip(decoded.pixels, pixels) where channelDifference(a, b) > 24 { differing += 1 }
    let share = Double(differing) / Double(pixels.count)
    #expect(share < 0.01, "\(name): \(differing) pixels (\(share * 100) %) differ from the reference", sourceLocation: sourceLocation)
}

/// The largest difference of one 8-bit channel between two ARGB pixels.
func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
    var largest = 0
    for shift in stride(from: UInt32(0), to: 32, by: 8) {
        let x = Int((a >> shift) & 0xFF), y = Int((b >> shift) & 0xFF)
        largest = max(largest, abs(x - y))
    }
    return largest
}

@Suite struct RenderTests {
    @Test func theHubLevelMatchesItsReference() throws {
        let renderer = try #require(Hub.renderer), venue = try #require(Hub.venue)
        let level = try #require(venue.levels.first { $0.ordinal == 0 })
        let box = try #require(renderer.bounds(of: level.id))
        let map = try renderer.draw(level: level.id, viewport: Viewport.fitting(box, width: 600, height: 400))
        #expect(Set(map.icons.map(\.amenity)).isSuperset(of: [.restroom, .elevator, .escalator, .food, .shop, .information]))
        try expectMatchesReference(map, "hub-level-0")
    }

    /// ```
    /// AAAAABBBBB      corridor A opens onto food court B (walkways, no wall between them); room C's edge with
    /// AAAAABBBBB      A is a wall
    /// AAAAACCCCC
    /// ```
    /// Two walkways drawn as units that share an edge are one open floor: no wall is drawn between them (a route
    /// crosses there), while a room's edge is a wall.
    @Test func walkwaysOpenOntoEachOtherAreDrawnWithoutAWall() throws {
        let venue = try AsciiVenue(levels: [0: """
            AAAAABBBBB
            AAAAABBBBB
            AAAAACCCCC
            """], walkways: ["A", "B"]).venue()
        let renderer = MapRenderer(venue: venue)
        let viewport = Viewport.fitting(try #require(renderer.bounds(of: "L0")), width: 300, height: 120)
        let map = try renderer.draw(level: "L0", viewport: viewport)
        func colour(at x: Double, _ y: Double) -> UInt32 {
            let p = viewport.pixel(for: Coordinate(x: x, y: y))
            return map.pixels[Int(p.y) * map.width + Int(p.x)]
        }
        let wall = colour(at: 5, 0.5), open = colour(at: 5, 2)
        #expect(channelDifference(open, colour(at: 4, 2)) <= 24, "the A|B edge is the walkway's colour")
        #expect(channelDifference(wall, colour(at: 4, 0.5)) > 24, "the A|C edge is a wall")
    }

    /// The PNG writer (our own since Cairo's spent most of a frame choosing filters) loses nothing: the file
    /// decodes, through Cairo's reader, to exactly the pixels drawn, and `encoded()` gives the file's bytes.
    @Test func aPNGDecodesToExactlyThePixelsDrawn() throws {
        let renderer = try #require(Hub.renderer), venue = try #require(Hub.venue), itinerary = try #require(Hub.itinerary)
        let level = try #require(venue.levels.first { $0.ordinal == 0 })
        let box = try #require(renderer.bounds(of: level.id))
        let map = try renderer.draw(level: level.id, viewport: Viewport.fitting(box, width: 333, height: 217), itinerary: itinerary)
        let path = NSTemporaryDirectory() + "indoornav-png-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try map.write(to: path)
        let decoded = try #require(PNGImage(contentsOf: path))
        #expect(decoded.width == 333 && decoded.height == 217)
        #expect(decoded.pixels == map.pixels)
        #expect(try map.encoded() == Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func aRouteSheetMatchesItsReference() throws {
        let renderer = try #require(Hub.renderer), itinerary = try #require(Hub.itinerary)
        let map = try renderer.drawSheet(itinerary, panelWidth: 400, height: 400, style: .dark)
        try expectMatchesReference(map, "hub-route-sheet-dark")
    }

    /// The hub's route names its start and destination beside their pins and shows the amenities on the way.
    @Test func aRouteNamesItsEndsAndShowsAmenities() throws {
        let renderer = try #require(Hub.renderer), itinerary = try #require(Hub.itinerary)
        let map = try renderer.drawSheet(itinerary, panelWidth: 600, height: 450)
        #expect(map.labels.contains { $0.text == "Café Müller" && $0.poiID == "start" })
        #expect(map.labels.contains { $0.text == "Page Blanche Bookshop" && $0.poiID == "destination" })
        let kinds = Set(map.icons.map(\.amenity))
        #expect(kinds.isSuperset(of: [.elevator, .escalator, .shop]), "\(kinds)")
        try expectMatchesReference(map, "hub-route-sheet-light")
    }

    /// On a generated venue never seen before, the same: both ends named, restrooms, stairs, elevators,
    /// escalators and shops as icons.
    @Test func aGeneratedVenueRouteNamesItsEndsAndShowsAmenities() throws {
        let generated = try VenueGenerator(kind: .grid, options: .init(seed: 5, levels: 2, rooms: 40, rotation: 0)).generate()
        let venue = try IMDFLoader.load(files: generated.imdf, source: "generated-grid-5").inferringPassages()
        let audit = RouteAudit(venue: venue)
        let levels = venue.levels.sorted { $0.ordinal < $1.ordinal }
        let from = try #require(audit.places.first { $0.levelID == levels.first?.id })
        let to = try #require(audit.places.last { $0.levelID == levels.last?.id })
        let stops = try [from, to].map { p in
            Waypoint(end: RouteEnd(point: try venue.frame.project(p.coordinate), levelID: p.levelID, label: p.name))
        }
        let itinerary = try Router(graph: audit.graph).itinerary(through: stops)
        let map = try MapRenderer(venue: venue).drawSheet(itinerary, panelWidth: 600, height: 450)
        #expect(map.labels.contains { $0.text == from.name && $0.poiID == "start" })
        #expect(map.labels.contains { $0.text == to.name && $0.poiID == "destination" })
        #expect(map.icons.count >= 4, "\(map.icons.map(\.amenity))")
        try expectMatchesReference(map, "generated-grid-route")
    }

    @Test func cyrillicAndAccentedLabelsRender() throws {
        let venue = try VenueLoader.load(path: repositoryRoot.appendingPathComponent("venues/imdf-spbstu-polytech").path)
        let renderer = MapRenderer(venue: venue)
        let level = try #require(venue.levels.first { $0.name.resolved("en") == "Level 2" && $0.ordinal == 2 })
        let box = try #require(renderer.bounds(of: level.id))
        let map = try renderer.draw(level: level.id, viewport: Viewport.fitting(box, width: 800, height: 600), languages: ["ru"])
        #expect(map.labels.contains { $0.text.hasPrefix("Кабинет") })
        try expectMatchesReference(map, "spbstu-level-2-ru")
        let hub = try #require(Hub.renderer), hubVenue = try #require(Hub.venue)
        let concourse = try #require(hubVenue.levels.first { $0.ordinal == 0 })
        let fr = try hub.draw(level: concourse.id, viewport: Viewport.fitting(try #require(hub.bounds(of: concourse.id)), width: 1000, height: 600),
                              languages: ["fr"])
        #expect(fr.labels.contains { $0.text == "Boulangerie Au Pain Doré" || $0.text == "Café Müller" })
    }

    /// On every level of every shipped venue, in both styles, no two labels overlap.
    @Test func labelsNeverOverlap() throws {
        var venues = [try #require(Hub.venue)]
        venues.append(try VenueLoader.load(path: repositoryRoot.appendingPathComponent("venues/osm-dresden-apb/apb.osm").path))
        venues.append(try VenueLoader.load(path: repositoryRoot.appendingPathComponent("venues/imdf-spbstu-polytech").path))
        var checked = 0
        for venue in venues {
            let renderer = MapRenderer(venue: venue)
            for level in venue.levels {
                guard let box = renderer.bounds(of: level.id) else { continue }
                for style in [MapStyle.light, .dark] {
                    let map = try renderer.draw(level: level.id, viewport: Viewport.fitting(box, width: 700, height: 500), style: style)
                    let boxes = map.labels.map { ($0.text, $0.box) } + map.icons.map { ("\($0.amenity) icon", $0.box) }
                    for (i, a) in boxes.enumerated() {
                        for b in boxes[(i + 1)...] { #expect(!a.1.intersects(b.1), "\(a.0) overlaps \(b.0)") }
                    }
                    checked += map.labels.count
                }
            }
        }
        #expect(checked > 300)
    }

    @Test func writesPNGSVGAndPDFAtomically() throws {
        let renderer = try #require(Hub.renderer), itinerary = try #require(Hub.itinerary)
        let dir = NSTemporaryDirectory() + "indoornav-render-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (format, magic) in [(ImageFormat.png, [UInt8]([0x89, 0x50, 0x4E, 0x47])), (.svg, Array("<?xml".utf8)), (.pdf, Array("%PDF".utf8))] {
            let path = "\(dir)/route.\(format.rawValue)"
            try renderer.drawSheet(itinerary, panelWidth: 300, height: 300, format: format).write(to: path)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(Array(data.prefix(magic.count)) == magic)
            if format == .svg { #expect(String(decoding: data, as: UTF8.self).contains("width=\"600px\"")) }
        }
        // Nothing but the three files: no temporary left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["route.pdf", "route.png", "route.svg"])
        #expect(throws: RenderError.self) { try renderer.drawSheet(itinerary, panelWidth: 300, height: 300).write(to: "/nonexistent/dir/x.png") }
        #expect(throws: RenderError.invalidSize(width: 0, height: 10)) {
            try renderer.draw(level: "x", viewport: Viewport(center: Coordinate(x: 0, y: 0), metresPerPixel: 1, width: 0, height: 10))
        }
    }
}

@Suite struct MapProxyTests {
    @Test func pixelsAndCoordinatesRoundTripAtAnyBearing() throws {
        let renderer = try #require(Hub.renderer), venue = try #require(Hub.venue)
        let level = try #require(venue.levels.first { $0.ordinal == 0 })
        for bearing in [0.0, 30, 90, 200] {
            let viewport = Viewport.fitting(try #require(renderer.bounds(of: level.id)), width: 800, height: 600, bearing: bearing)
            let proxy = MapProxy(renderer: renderer, levelID: level.id, viewport: viewport)
            for pixel in [Coordinate(x: 0, y: 0), Coordinate(x: 400, y: 300), Coordinate(x: 799, y: 17)] {
                let c = try #require(proxy.coordinate(at: pixel))
                let back = try #require(proxy.pixel(for: c))
                #expect(back.distance(to: pixel) < 1e-6)
            }
            // Everything of the level is inside the image.
            let box = try #require(renderer.bounds(of: level.id))
            for corner in [Coordinate(x: box.minX, y: box.minY), Coordinate(x: box.maxX, y: box.maxY)] {
                let p = viewport.pixel(for: corner)
                #expect(p.x >= 0 && p.x <= 800 && p.y >= 0 && p.y <= 600)
            }
            #expect(proxy.visibleBounds != nil)
        }
    }

    @Test func hitTestingFindsThePOIOrTheSpaceUnderATap() throws {
        let renderer = try #require(Hub.renderer), venue = try #require(Hub.venue)
        let level = try #require(venue.levels.first { $0.ordinal == 0 })
        let proxy = MapProxy(renderer: renderer, levelID: level.id,
                             viewport: Viewport.fitting(try #require(renderer.bounds(of: level.id)), width: 1200, height: 900))
        let cafe = try #require(venue.pois.first { $0.name.resolved() == "Café Müller" })
        let tap = try #require(proxy.pixel(for: cafe.coordinate))
        #expect(proxy.hit(at: Coordinate(x: tap.x + 3, y: tap.y - 2)) == .poi(cafe))
        // Further off the point but still inside the café's room: the space.
        guard case .space(let space)? = proxy.hit(at: Coordinate(x: tap.x, y: tap.y + 40)) else {
            Issue.record("no space under the tap")
            return
        }
        #expect(space.id == cafe.spaceID)
        #expect(proxy.hit(at: Coordinate(x: 2, y: 2)) == nil)
    }
}

/// Levels that share an ordinal (an indoor level and its outdoor twin, two buildings' storeys) are one floor: a
/// level is drawn with its twins, and a floor's bounds cover them all.
@Suite struct SharedFloorRenderTests {
    @Test func aLevelIsDrawnWithTheLevelsThatShareItsOrdinal() throws {
        var venue = try AsciiVenue(levels: [0: """
            AAAAABBBB.......
            AAAAABBBB.......
            """, 1: """
            .........CCCCCCC
            .........CCCCCCC
            """], names: ["B": "Bakery", "C": "Courtyard café"]).venue()
        let twin = try #require(venue.levels.firstIndex { $0.id == "L1" })
        venue.levels[twin].ordinal = 0
        let renderer = MapRenderer(venue: venue)
        let floor = try #require(renderer.bounds(ofFloor: "L0")), own = try #require(renderer.bounds(of: "L0"))
        #expect(floor.width > own.width + 6, "the floor spans both levels")
        let map = try renderer.draw(level: "L0", viewport: Viewport.fitting(floor, width: 800, height: 300))
        #expect(Set(map.labels.map(\.text)).isSuperset(of: ["Bakery", "Courtyard café"]))
    }
}
