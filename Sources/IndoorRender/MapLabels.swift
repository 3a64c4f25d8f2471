import Foundation
import IndoorBase
import IndoorVenue

/// The icons and labels of a level: placed by priority, each dropped when it would overlap what is already placed.
extension MapRenderer {
    /// Amenity icons by priority (``Amenity``), each dropped when it would overlap what is already placed.
    func placeIcons(_ levelID: String, on canvas: Canvas, viewport: Viewport, style: MapStyle, taken: [BoundingBox]) -> [PlacedIcon] {
        let r = 8.0
        var occupied = taken
        var placed: [PlacedIcon] = []
        let frameBox = BoundingBox(minX: 2, minY: 2, maxX: Double(viewport.width) - 2, maxY: Double(viewport.height) - 2)
        for icon in icons where sameFloor(icon.levelID, levelID) {
            let p = viewport.pixel(for: icon.point)
            let box = self.box(around: p, radius: r + 1)
            guard frameBox.contains(Coordinate(x: box.minX, y: box.minY)), frameBox.contains(Coordinate(x: box.maxX, y: box.maxY)),
                  !occupied.contains(where: { $0.intersects(box) }) else { continue }
            canvas.icon(icon.amenity, at: p, radius: r, style: style)
            occupied.append(box)
            placed.append(PlacedIcon(amenity: icon.amenity, featureID: icon.id, box: box))
        }
        return placed
    }

    /// Names of POIs, most important first; a label that would overlap one already placed (or the route's
    /// markers) is dropped.
    func placeLabels(_ levelID: String, on canvas: Canvas, viewport: Viewport, style: MapStyle, languages: [String],
                     taken: [BoundingBox], icons: [PlacedIcon] = []) -> [PlacedLabel] {
        let iconBoxes = Dictionary(icons.map { ($0.featureID, $0.box) }, uniquingKeysWith: { a, _ in a })
        func rank(_ p: POI) -> Int {
            switch p.kind {
            case .occupant: 0
            case .amenity: 1
            case .kiosk, .entrance: 2
            case .room: 3
            case .section, .building: 4
            }
        }
        var occupied = taken
        var placed: [PlacedLabel] = []
        let candidates = pois.filter { sameFloor($0.poi.levelID, levelID) }
            .sorted { (rank($0.poi), $0.poi.id) < (rank($1.poi), $1.poi.id) }
        let frameBox = BoundingBox(minX: 2, minY: 2, maxX: Double(viewport.width) - 2, maxY: Double(viewport.height) - 2)
        for (poi, point) in candidates {
            guard let text = poi.name.resolved(for: languages) ?? poi.ref, !text.isEmpty else { continue }
            let size = canvas.measure(text, size: style.labelSize)
            // A place with an icon has its name beside it: right, left, below or above, where there is room.
            let centres: [Coordinate]
            if let icon = iconBoxes[poi.id] {
                let c = icon.center, w = size.width / 2, h = size.height / 2
                centres = [Coordinate(x: icon.maxX + 4 + w, y: c.y), Coordinate(x: icon.minX - 4 - w, y: c.y),
                           Coordinate(x: c.x, y: icon.maxY + 3 + h), Coordinate(x: c.x, y: icon.minY - 3 - h)]
            } else {
                centres = [viewport.pixel(for: point)]
            }
            let boxes = centres.map { p in
                BoundingBox(minX: p.x - size.width / 2 - 2, minY: p.y - size.height / 2 - 1, maxX: p.x + size.width / 2 + 2, maxY: p.y + size.height / 2 + 1)
            }
            guard let box = boxes.first(where: { box in
                frameBox.contains(Coordinate(x: box.minX, y: box.minY)) && frameBox.contains(Coordinate(x: box.maxX, y: box.maxY))
                    && !occupied.contains(where: { $0.intersects(box) })
            }) else { continue }
            canvas.text(text, centeredAt: box.center, size: style.labelSize, color: style.text, halo: style.halo)
            occupied.append(box)
            placed.append(PlacedLabel(text: text, poiID: poi.id, box: box))
        }
        return placed
    }
}
