import Foundation
import IndoorBase

/// Degrees clockwise from north of the direction from `a` to `b` (plane coordinates).
func bearing(from a: Coordinate, to b: Coordinate) -> Double {
    let d = atan2(b.x - a.x, b.y - a.y) * 180 / .pi
    return d < 0 ? d + 360 : d
}

/// The turn from one bearing to another the short way, −180…180 degrees (positive: clockwise).
func signedTurn(from a: Double, to b: Double) -> Double {
    var turn = (b - a).truncatingRemainder(dividingBy: 360)
    if turn > 180 { turn -= 360 }
    if turn < -180 { turn += 360 }
    return turn
}

/// The smallest difference between two bearings, 0…180 degrees.
func angleBetween(_ a: Double, _ b: Double) -> Double {
    let d = abs((a - b).truncatingRemainder(dividingBy: 360))
    return d > 180 ? 360 - d : d
}
