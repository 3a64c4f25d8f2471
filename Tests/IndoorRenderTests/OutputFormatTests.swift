import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import IndoorBase
import IndoorGeometry
import IndoorRender
import IndoorRouting
import IndoorSampleVenue
import IndoorTestSupport
import IndoorVenue
import Testing

/// The elements of an SVG document, as a reader sees them: each element's name and attributes, and the
/// characters of every `<text>`.
final class SVGDocument: NSObject, XMLParserDelegate {
    struct Text {
        var attributes: [String: String]
        var string = ""
        var x: Double { Double(attributes["x"] ?? "") ?? .nan }
        var y: Double { Double(attributes["y"] ?? "") ?? .nan }
    }

    private(set) var elements: [(name: String, attributes: [String: String])] = []
    private(set) var texts: [Text] = []
    private var inText = false
    /// The parser's error, if the document is not well-formed XML (`parse()` says `true` anyway on Linux).
    private(set) var error: Error?

    init(_ data: Data) {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        _ = parser.parse()
        error = error ?? parser.parserError
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append((name, attributes))
        if name == "text" {
            texts.append(Text(attributes: attributes))
            inText = true
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" { inText = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inText { texts[texts.count - 1].string += string }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        error = parseError
    }
}

/// The numbers of a PDF's first `/MediaBox [x0 y0 x1 y1]`: the page's size in points.
func mediaBox(of pdf: Data) -> [Double]? {
    let text = String(decoding: pdf, as: UTF8.self)
    guard let start = text.range(of: "/MediaBox") else { return nil }
    let rest = text[start.upperBound...].drop { $0 == " " || $0 == "[" }
    guard let end = rest.firstIndex(of: "]") else { return nil }
    let numbers = rest[..<end].split(separator: " ").compactMap { Double($0) }
    return numbers.count == 4 ? numbers : nil
}

extension Hub {
    /// The hub's route from the pharmacy on the platforms to the crêperie on the mezzanine by the ticket office and
    /// Relay: three levels, turns close together, two stops with pins.
    static let longItinerary: Itinerary? = venue.flatMap { v -> Itinerary? in
        let router = Router(graph: NavigationGraph(venue: v))
        let names = ["Station Pharmacy", "Ticket office", "Relay", "Crêperie du Quai"]
        let stops = names.compactMap { name -> Waypoint? in
            guard let poi = v.pois.first(where: { $0.name.resolved() == name }), let p = try? v.frame.project(poi.coordinate) else { return nil }
            return Waypoint(end: RouteEnd(point: p, levelID: poi.levelID, label: name))
        }
        return stops.count == names.count ? try? router.itinerary(through: stops) : nil
    }
}

/// Issue 18: each output follows its format's conventions: an SVG's labels are text, a PDF page measures CSS
/// pixels in points, the panels of a route sheet share a scale, step numbers never cover each other, and every map
/// names its level.
@Suite struct OutputFormatTests {
    /// Every label the map placed (names of places and of the route's ends, step numbers, level titles) is a `<text>`
    /// element holding its string, where the PNG draws it, in the same font, size, colour and halo; no glyph outline
    /// is left in the document.
    @Test func anSVGRouteSheetWritesEveryLabelAsTextWhereItIsDrawn() throws {
        let renderer = try #require(Hub.renderer), itinerary = try #require(Hub.itinerary)
        let map = try renderer.drawSheet(itinerary, panelWidth: 600, height: 450, format: .svg)
        let svg = SVGDocument(try map.encoded())
        #expect(svg.error == nil, "\(String(describing: svg.error))")
        #expect(!svg.elements.contains { $0.name == "symbol" || $0.name == "use" }, "glyph outlines left in the SVG")
        for label in map.labels {
            let texts = svg.texts.filter { $0.string == label.text }
            #expect(texts.contains { label.box.grown(by: 1).contains(Coordinate(x: $0.x, y: $0.y)) },
                    "no <text> \(label.text) in \(label.box): \(texts.map { ($0.x, $0.y) })")
        }
        let kinds = Set(map.labels.map(\.kind))
        #expect(kinds.isSuperset(of: [.start, .destination, .title, .poi]), "\(kinds)")
        let start = try #require(svg.texts.first { $0.string == "Café Müller" })
        #expect(start.attributes["font-weight"] == "bold" && start.attributes["font-size"] == "13")
        #expect(start.attributes["fill"] == "#2b2926")
        #expect(start.attributes["stroke"] == "#ffffff" && start.attributes["paint-order"] == "stroke", "\(start.attributes)")
        #expect(svg.texts.contains { $0.string == "Page Blanche Bookshop" })
        #expect(svg.texts.filter { $0.string == "5 m" }.count == 2, "a scale bar's text in each panel")
        #expect(svg.elements.contains { $0.name == "g" && $0.attributes["font-family"]?.hasPrefix("DejaVu Sans") == true })
    }

    /// The label beside a ride's marker says where it goes in the map's language (it said "to" in German and
    /// Russian maps).
    @Test(arguments: [("en", "to Mezzanine"), ("fr", "vers Mezzanine"), ("de", "nach Mezzanine"), ("ru", "до «Mezzanine»")])
    func aRideIsLabelledInTheMapsLanguage(language: String, label: String) throws {
        let renderer = try #require(Hub.renderer), itinerary = try #require(Hub.itinerary)
        let map = try renderer.drawSheet(itinerary, panelWidth: 600, height: 450, languages: [language], format: .svg)
        let svg = SVGDocument(try map.encoded())
        #expect(svg.texts.contains { $0.string == label }, "\(svg.texts.map(\.string))")
    }

    /// The document is UTF-8 and markup in a name is escaped: Cyrillic survives, and a name with `&`, `<` and quotes
    /// reads back exactly.
    @Test func anSVGKeepsCyrillicAndEscapesMarkupInNames() throws {
        let spbstu = try VenueLoader.load(path: repositoryRoot.appendingPathComponent("venues/imdf-spbstu-polytech").path)
        let renderer = MapRenderer(venue: spbstu)
        let level = try #require(spbstu.levels.first { $0.name.resolved("en") == "Level 2" && $0.ordinal == 2 })
        let box = try #require(renderer.bounds(of: level.id))
        let ru = try renderer.draw(level: level.id, viewport: Viewport.fitting(box, width: 800, height: 600), languages: ["ru"], format: .svg)
        let document = SVGDocument(try ru.encoded())
        #expect(document.error == nil)
        #expect(document.texts.contains { $0.string.hasPrefix("Кабинет") })
        #expect(document.texts.contains { $0.string == "Этаж 2" }, "the level's title, in Russian: \(document.texts.map(\.string))")

        let name = #"Fish & Chips <"Bar"> 'n' Co"#
        let venue = try AsciiVenue(levels: [0: """
            AAAAABBBBBBBBBBBBB
            AAAAABBBBBBBBBBBBB
            """], names: ["B": name]).venue()
        let plain = MapRenderer(venue: venue)
        let floor = try #require(plain.bounds(of: "L0"))
        let map = try plain.draw(level: "L0", viewport: Viewport.fitting(floor, width: 800, height: 300), format: .svg)
        let data = try map.encoded()
        let escaped = SVGDocument(data)
        #expect(escaped.error == nil, "\(String(describing: escaped.error))")
        #expect(escaped.texts.contains { $0.string == name }, "\(escaped.texts.map(\.string))")
        #expect(String(decoding: data, as: UTF8.self).contains("Fish &amp; Chips &lt;&quot;Bar&quot;&gt;"))
    }

    /// Sizes are CSS pixels: a PDF page is 0.75 pt a pixel (900 × 675 pt for 1200 × 900), an SVG stays in pixels.
    @Test(arguments: [(1200, 900, 900.0, 675.0), (333, 217, 249.75, 162.75)])
    func aPDFPageMeasuresThePixelsInPoints(width: Int, height: Int, points: Double, pointsHigh: Double) throws {
        let renderer = try #require(Hub.renderer), venue = try #require(Hub.venue)
        let level = try #require(venue.levels.first { $0.ordinal == 0 })
        let viewport = Viewport.fitting(try #require(renderer.bounds(of: level.id)), width: width, height: height)
        let pdf = try renderer.draw(level: level.id, viewport: viewport, format: .pdf).encoded()
        #expect(mediaBox(of: pdf) == [0, 0, points, pointsHigh])
        let svg = SVGDocument(try renderer.draw(level: level.id, viewport: viewport, format: .svg).encoded())
        let root = try #require(svg.elements.first)
        #expect(root.attributes["width"] == "\(width)px" && root.attributes["height"] == "\(height)px")
        #expect(root.attributes["viewBox"] == "0 0 \(width) \(height)")
    }

    /// Each panel of a route sheet has the same metres per pixel, so their scale bars are as long and say the same.
    @Test func thePanelsOfARouteSheetShareOneScale() throws {
        let renderer = try #require(Hub.renderer)
        for itinerary in [try #require(Hub.itinerary), try #require(Hub.longItinerary)] {
            for (width, height) in [(600, 450), (400, 400), (300, 600)] {
                let map = try renderer.drawSheet(itinerary, panelWidth: width, height: height)
                let levels = Set(itinerary.legs.map(\.levelID))
                #expect(map.panels.count == levels.count)
                let scales = Set(map.panels.map(\.viewport.metresPerPixel)), bars = Set(map.panels.map(\.scaleBar))
                #expect(scales.count == 1, "\(scales)")
                #expect(bars.count == 1, "\(bars)")
                // Every panel still shows its part of the route whole.
                for panel in map.panels {
                    let route = try #require(renderer.bounds(of: itinerary, on: panel.levelID))
                    for corner in [Coordinate(x: route.minX, y: route.minY), Coordinate(x: route.maxX, y: route.maxY)] {
                        let p = panel.viewport.pixel(for: corner)
                        #expect(p.x >= 0 && p.x <= Double(width) && p.y >= 0 && p.y <= Double(height))
                    }
                }
            }
        }
    }

    /// A route with turns close together and stops with pins: every step that gets a number gets it, no two numbers'
    /// markers touch, and none sits on a pin or level-change marker when there is room.
    @Test(arguments: [(600, 450), (300, 300), (200, 200), (150, 150), (100, 100)])
    func stepNumbersNeverOverlapEachOther(width: Int, height: Int) throws {
        let renderer = try #require(Hub.renderer), itinerary = try #require(Hub.longItinerary)
        let map = try renderer.drawSheet(itinerary, panelWidth: width, height: height)
        let numbers = map.labels.filter { $0.kind == .step }
        let expected = itinerary.legs.flatMap(\.steps).enumerated().compactMap { n, step -> String? in
            switch step.maneuver {
            case .depart, .arrive, .connector: nil
            default: "\(n + 1)"
            }
        }
        #expect(numbers.map(\.text).sorted() == expected.sorted())
        #expect(numbers.count >= 4)
        for (i, a) in numbers.enumerated() {
            for b in numbers[(i + 1)...] { #expect(!a.box.intersects(b.box), "step \(a.text) overlaps step \(b.text) at \(width)×\(height)") }
        }
        // The stops' pins: the number of a stop is beside its pin, not on it.
        if width == 600 {
            let frame = try #require(Hub.venue).frame
            for step in itinerary.legs.flatMap(\.steps) {
                guard case .waypoint = step.maneuver, let panel = map.panels.first(where: { $0.levelID == step.levelID }),
                      let point = try? frame.project(step.location) else { continue }
                let p = panel.viewport.pixel(for: point)
                let pin = BoundingBox(minX: panel.frame.minX + p.x - 10, minY: p.y - 30, maxX: panel.frame.minX + p.x + 10, maxY: p.y + 2)
                #expect(!numbers.contains { $0.box.intersects(pin) }, "a step number on the pin at \(p)")
            }
        }
    }

    /// A map of one level is titled with the level's name, as each panel of a route sheet is; a floor whose levels go by
    /// several names is titled with each it shows.
    @Test func aSingleLevelMapIsTitledWithItsLevel() throws {
        let renderer = try #require(Hub.renderer), venue = try #require(Hub.venue)
        let level = try #require(venue.levels.first { $0.ordinal == 0 })
        let box = try #require(renderer.bounds(of: level.id))
        let map = try renderer.draw(level: level.id, viewport: Viewport.fitting(box, width: 800, height: 600))
        let title = try #require(map.labels.first { $0.kind == .title })
        #expect(title.text == "Concourse" && title.poiID == level.id)
        #expect(title.box.minY >= 0 && title.box.maxY <= 30 && abs(title.box.center.x - 400) < 1)
        let sheet = try renderer.drawSheet(try #require(Hub.itinerary), panelWidth: 500, height: 400)
        #expect(sheet.labels.filter { $0.kind == .title }.map(\.text) == ["Concourse", "Mezzanine"])
        #expect(sheet.labels.filter { $0.kind == .title }.map { ($0.box.center.x / 10).rounded() * 10 } == [250, 750])

        var twins = try AsciiVenue(levels: [0: "AAAA............", 1: "............BBBB"]).venue()
        let twin = try #require(twins.levels.firstIndex { $0.id == "L1" })
        twins.levels[twin].ordinal = 0
        let floor = MapRenderer(venue: twins)
        let both = try floor.draw(level: "L0", viewport: Viewport.fitting(try #require(floor.bounds(ofFloor: "L0")), width: 400, height: 200))
        #expect(both.labels.filter { $0.kind == .title }.map(\.text) == ["Level 0 / Level 1"])
        // Showing only the level's own building, only its name.
        let own = try floor.draw(level: "L0", viewport: Viewport.fitting(try #require(floor.bounds(of: "L0")), width: 400, height: 200))
        #expect(own.labels.filter { $0.kind == .title }.map(\.text) == ["Level 0"])
    }
}
