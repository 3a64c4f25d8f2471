import Foundation
import IndoorBase
import IndoorRouting
import IndoorText
import IndoorVenue

/// What the renderer draws over a level for a route and a position: the route (faded on other floors, thick with
/// arrows on this one), its numbered steps, the pins and names of its ends, and the puck.
extension MapRenderer {
    /// The route: faded on other levels, thick with arrows on this one; markers; the names of its start and
    /// destination beside their pins. Returns the boxes it occupies and the names it wrote.
    func drawRoute(_ itinerary: Itinerary, levelID: String, on canvas: Canvas, viewport: Viewport, style: MapStyle,
                   languages: [String]) -> (boxes: [BoundingBox], labels: [PlacedLabel]) {
        var ends: [(pin: Coordinate, name: String, kind: PlacedLabel.Kind)] = []
        var numbered: [(number: Int, point: Coordinate)] = []
        let frame = venue.frame
        let px = { (c: GeoCoordinate) -> Coordinate? in (try? frame.project(c)).map { viewport.pixel(for: $0) } }
        let steps = itinerary.legs.flatMap(\.steps)
        var taken: [BoundingBox] = []
        // Other levels first, faded and dashed.
        for leg in itinerary.legs where leg.levelID != levelID {
            let line = leg.steps.flatMap(\.polyline).compactMap(px)
            canvas.polyline(line, color: style.routeOtherLevel, width: 4, dash: [6, 6])
        }
        let width = max(4, min(10, 1.2 / viewport.metresPerPixel))
        for leg in itinerary.legs where leg.levelID == levelID {
            let line = dedupe(leg.steps.flatMap(\.polyline).compactMap(px))
            canvas.polyline(line, color: style.routeCasing, width: width + 3)
            canvas.polyline(line, color: style.route, width: width)
            drawArrows(along: line, width: width, on: canvas, style: style)
        }
        func destination(_ name: String, at p: Coordinate) {
            drawPin(at: p, color: style.pinEnd, on: canvas, style: style)
            taken.append(BoundingBox(minX: p.x - 10, minY: p.y - 30, maxX: p.x + 10, maxY: p.y + 2))
            ends.append((Coordinate(x: p.x, y: p.y - 19), name, .destination))
        }
        // Level changes, pins and step numbers; names in the first display language the venue has.
        func said(_ name: SpokenName) -> String { name.text(in: InstructionLanguage(tag: languages.first), names: languages) }
        for (n, step) in steps.enumerated() where step.levelID == levelID {
            guard let p = px(step.location) else { continue }
            switch step.maneuver {
            case .connector(let kind, _, let up, let to, _):
                let glyph: String
                switch kind {
                case .elevator: glyph = "E"
                case .escalator: glyph = up ? "↗" : "↘"
                case .stairs: glyph = up ? "▲" : "▼"
                default: glyph = "⇅"
                }
                canvas.circle(p, radius: 11, fill: style.route, stroke: style.routeCasing, width: 2)
                canvas.text(glyph, centeredAt: p, size: 12, color: style.routeCasing, halo: nil, bold: true)
                let language = InstructionLanguage(tag: languages.first)
                let label = language.ride(to: to.text(in: language, names: languages))
                let size = canvas.measure(label, size: 12, bold: true)
                let at = Coordinate(x: p.x, y: p.y - 22)
                canvas.text(label, centeredAt: at, size: 12, color: style.text, halo: style.halo, bold: true)
                taken.append(BoundingBox(minX: at.x - size.width / 2, minY: at.y - size.height / 2, maxX: at.x + size.width / 2, maxY: at.y + size.height / 2))
                taken.append(box(around: p, radius: 12))
                // A route that starts on a connector is named there.
                if n == 0, let name = itinerary.stopNames.first { ends.append((p, said(name), .start)) }
            case .depart where n == 0 || (steps.indices.contains(n - 1) && steps[n - 1].levelID != levelID):
                let color = n == 0 ? style.pinStart : style.route
                canvas.circle(p, radius: 8, fill: color, stroke: style.routeCasing, width: 3)
                taken.append(box(around: p, radius: 10))
                if n == 0, let name = itinerary.stopNames.first { ends.append((p, said(name), .start)) }
            case .waypoint(let name):
                destination(said(name), at: p)
            default:
                break
            }
            // The destination is where the step that reaches it ends.
            if let arrival = step.arrival, let end = step.polyline.last.flatMap(px) { destination(said(arrival.name), at: end) }
            if case .depart = step.maneuver { continue }
            if case .arrive = step.maneuver { continue }
            if case .connector = step.maneuver { continue }
            numbered.append((n + 1, p))
        }
        var labels: [PlacedLabel] = []
        let frameBox = BoundingBox(minX: 2, minY: 2, maxX: Double(viewport.width) - 2, maxY: Double(viewport.height) - 2)
        // The steps' numbers, as in the text itinerary, once every pin and marker is placed: beside the step's point,
        // else further out with a line to it; never over another number, nor over a marker when there is room.
        var numbers: [BoundingBox] = []
        for (number, p) in numbered {
            let candidates: [BoundingBox] = stepNumberCandidates(around: p).map { box(around: $0, radius: 9) }
            let inFrame = { (b: BoundingBox) -> Bool in
                frameBox.contains(Coordinate(x: b.minX, y: b.minY)) && frameBox.contains(Coordinate(x: b.maxX, y: b.maxY))
            }
            let clear = { (b: BoundingBox, boxes: [BoundingBox]) -> Bool in !boxes.contains(where: b.intersects) }
            let spot: BoundingBox = candidates.first { inFrame($0) && clear($0, taken) }
                ?? candidates.first { inFrame($0) && clear($0, numbers) }
                ?? candidates.first { clear($0, numbers) } ?? candidates[0]
            let centre = spot.center
            if centre.distance(to: p) > 20 {
                let d = centre.distance(to: p), reach = (d - 8) / d
                canvas.polyline([p, Coordinate(x: p.x + (centre.x - p.x) * reach, y: p.y + (centre.y - p.y) * reach)],
                                color: style.route, width: 1.5)
            }
            canvas.circle(centre, radius: 8, fill: style.routeCasing, stroke: style.route, width: 1.5)
            canvas.text("\(number)", centeredAt: centre, size: 9, color: style.route, halo: nil, bold: true)
            taken.append(spot)
            numbers.append(spot)
            labels.append(PlacedLabel(text: "\(number)", poiID: "step", box: spot, kind: .step))
        }
        // The names of the ends, beside their pins: on the side with room in the frame and clear of the route's
        // markers when one is, never dropped.
        for end in ends {
            let size = canvas.measure(end.name, size: style.labelSize + 1, bold: true)
            let candidates = [14.0, -14.0].map { dx -> BoundingBox in
                let cx = end.pin.x + dx + (dx > 0 ? 1 : -1) * size.width / 2
                return BoundingBox(minX: cx - size.width / 2 - 2, minY: end.pin.y - size.height / 2 - 1,
                                   maxX: cx + size.width / 2 + 2, maxY: end.pin.y + size.height / 2 + 1)
            }
            let fits = { (b: BoundingBox) in frameBox.contains(Coordinate(x: b.minX, y: b.minY)) && frameBox.contains(Coordinate(x: b.maxX, y: b.maxY)) }
            let box = candidates.first { fits($0) && !taken.contains(where: $0.intersects) } ?? candidates.first(where: fits) ?? candidates[0]
            canvas.text(end.name, centeredAt: box.center, size: style.labelSize + 1, color: style.text, halo: style.halo, bold: true)
            taken.append(box)
            labels.append(PlacedLabel(text: end.name, poiID: end.kind == .start ? "start" : "destination", box: box, kind: end.kind))
        }
        return (taken, labels)
    }

    func dedupe(_ points: [Coordinate]) -> [Coordinate] {
        var out: [Coordinate] = []
        for p in points where out.last.map({ $0.distance(to: p) > 0.5 }) ?? true { out.append(p) }
        return out
    }

    func box(around p: Coordinate, radius r: Double) -> BoundingBox {
        BoundingBox(minX: p.x - r, minY: p.y - r, maxX: p.x + r, maxY: p.y + r)
    }

    func box(centredAt p: Coordinate, size: (width: Double, height: Double)) -> BoundingBox {
        BoundingBox(minX: p.x - size.width / 2, minY: p.y - size.height / 2, maxX: p.x + size.width / 2, maxY: p.y + size.height / 2)
    }

    /// Where a step's number may go, best first: up and right of its point (where it always was), the other
    /// diagonals, then the sides, on rings ever further out; 96 places, so a free one is always among them.
    func stepNumberCandidates(around p: Coordinate) -> [Coordinate] {
        let d = 0.5.squareRoot()
        let directions: [Coordinate] = [Coordinate(x: d, y: -d), Coordinate(x: -d, y: -d), Coordinate(x: d, y: d), Coordinate(x: -d, y: d),
                                        Coordinate(x: 1, y: 0), Coordinate(x: 0, y: -1), Coordinate(x: -1, y: 0), Coordinate(x: 0, y: 1)]
        return (0..<12).flatMap { (ring: Int) -> [Coordinate] in
            let r = 17 + Double(ring) * 12
            return directions.map { Coordinate(x: p.x + $0.x * r, y: p.y + $0.y * r) }
        }
    }

    /// Chevrons every 70 px along the line, pointing the way.
    func drawArrows(along line: [Coordinate], width: Double, on canvas: Canvas, style: MapStyle) {
        var carried = 35.0
        for (a, b) in zip(line, line.dropFirst()) {
            let length = a.distance(to: b)
            guard length > 0 else { continue }
            let ux = (b.x - a.x) / length, uy = (b.y - a.y) / length
            var t = carried
            while t < length {
                let c = Coordinate(x: a.x + ux * t, y: a.y + uy * t)
                let s = width * 0.45
                canvas.polyline([Coordinate(x: c.x - ux * s - uy * s, y: c.y - uy * s + ux * s), c,
                                 Coordinate(x: c.x - ux * s + uy * s, y: c.y - uy * s - ux * s)],
                                color: style.routeCasing, width: max(1.5, width / 4))
                t += 70
            }
            carried = t - length
        }
    }

    func drawPin(at p: Coordinate, color: Color, on canvas: Canvas, style: MapStyle) {
        canvas.polygon([[Coordinate(x: p.x, y: p.y), Coordinate(x: p.x - 8, y: p.y - 16), Coordinate(x: p.x + 8, y: p.y - 16), p]],
                       fill: color, stroke: style.routeCasing, width: 1.5)
        canvas.circle(Coordinate(x: p.x, y: p.y - 19), radius: 9, fill: color, stroke: style.routeCasing, width: 2)
        canvas.circle(Coordinate(x: p.x, y: p.y - 19), radius: 3.5, fill: style.routeCasing)
    }

    func drawPuck(_ puck: Puck, at p: Coordinate, viewport: Viewport, on canvas: Canvas, style: MapStyle) {
        if let accuracy = puck.accuracy, accuracy > 0 {
            var fill = style.puck
            fill.alpha = 0.15
            canvas.circle(p, radius: accuracy / viewport.metresPerPixel, fill: fill, stroke: style.puck, width: 1)
        }
        if let heading = puck.heading {
            // Screen angle: heading is clockwise from north; the top of the screen is `bearing`.
            let a = (heading - viewport.bearing - 90) * .pi / 180
            var cone = style.puck
            cone.alpha = 0.35
            canvas.wedge(p, radius: 34, from: a - 0.45, to: a + 0.45, fill: cone)
        }
        canvas.circle(p, radius: 8, fill: style.puck, stroke: style.routeCasing, width: 3)
    }
}
