import Foundation
import IndoorBase

/// The map's furniture: its scale bar and its north arrow.
extension MapRenderer {
    func drawScaleBar(on canvas: Canvas, viewport: Viewport, style: MapStyle) -> ScaleBar {
        // The longest round length (1, 2 or 5 × 10ⁿ m) under 120 px.
        let maxMetres = 120 * viewport.metresPerPixel
        let magnitude = pow(10, floor(log10(maxMetres)))
        let metres = [5, 2, 1].map { Double($0) * magnitude }.first { $0 <= maxMetres } ?? magnitude
        let length = metres / viewport.metresPerPixel
        let y = Double(viewport.height) - 16, x = 16.0
        canvas.polyline([Coordinate(x: x, y: y - 5), Coordinate(x: x, y: y), Coordinate(x: x + length, y: y), Coordinate(x: x + length, y: y - 5)],
                        color: style.text, width: 2)
        let label = metres >= 1 ? "\(Int(metres)) m" : "\(Int(metres * 100)) cm"
        canvas.text(label, centeredAt: Coordinate(x: x + length / 2, y: y - 10), size: 10, color: style.text, halo: style.halo)
        return ScaleBar(metres: metres, length: length)
    }

    func drawNorthArrow(on canvas: Canvas, viewport: Viewport, style: MapStyle) {
        let c = Coordinate(x: Double(viewport.width) - 24, y: 30)
        let a = -viewport.bearing * .pi / 180
        func rot(_ dx: Double, _ dy: Double) -> Coordinate {
            Coordinate(x: c.x + dx * cos(a) - dy * sin(a), y: c.y + dx * sin(a) + dy * cos(a))
        }
        canvas.polygon([[rot(0, -14), rot(6, 8), rot(0, 4), rot(-6, 8), rot(0, -14)]], fill: style.text, stroke: style.halo, width: 1)
        canvas.text("N", centeredAt: rot(0, -22), size: 10, color: style.text, halo: style.halo, bold: true)
    }
}
