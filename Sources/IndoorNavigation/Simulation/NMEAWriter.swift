import Foundation
import IndoorGeometry
import IndoorLocation
import IndoorVenue

/// Writes one epoch of NMEA 0183 as a receiver would: GGA, RMC, GST (the noise it was given, as 1σ), HDT when a
/// heading is known, and IndoorNav's `$PINAV,LVL` when the level is. Positions are written to 1e-6 minutes
/// (2 mm), so what is decoded is what was meant.
public enum NMEAWriter {
    public static func epoch(time: Date, coordinate: Coordinate, altitude: Double = 30, speed: Double, course: Double?,
                             sigma: Double, heading: Double?, level: Double?) -> String {
        let seconds = time.timeIntervalSince1970
        let day = Int((seconds / 86_400).rounded(.down))
        let secondOfDay = seconds - Double(day) * 86_400
        let (y, m, d) = NMEAFix.civil(fromDays: day)
        let h = Int(secondOfDay / 3600), mi = Int(secondOfDay.truncatingRemainder(dividingBy: 3600) / 60)
        let sec = secondOfDay.truncatingRemainder(dividingBy: 60)
        let hms = String(format: "%02d%02d%05.2f", h, mi, sec)
        let dmy = String(format: "%02d%02d%02d", d, m, y % 100)
        let lat = angle(coordinate.latitude, degreesWidth: 2, positive: "N", negative: "S")
        let lon = angle(coordinate.longitude, degreesWidth: 3, positive: "E", negative: "W")
        let hdop = max(sigma / 4.1, 0.5)
        var out = sentence("GPGGA,\(hms),\(lat),\(lon),1,10,\(String(format: "%.1f", hdop)),\(String(format: "%.1f", altitude)),M,47.0,M,,")
        let knots = String(format: "%.2f", speed / 0.514_444)
        let track = course.map { String(format: "%.1f", $0) } ?? ""
        out += sentence("GPRMC,\(hms),A,\(lat),\(lon),\(knots),\(track),\(dmy),,,A")
        let s = String(format: "%.1f", sigma)
        out += sentence("GPGST,\(hms),\(s),\(s),\(s),0.0,\(s),\(s),\(String(format: "%.1f", sigma * 1.5))")
        if let heading { out += sentence("GPHDT,\(String(format: "%.1f", heading)),T") }
        if let level { out += sentence("PINAV,LVL,\(Level.text(ordinal: level))") }
        return out
    }

    /// `$body*hh\r\n` with the checksum.
    static func sentence(_ body: String) -> String {
        let xor = body.utf8.reduce(UInt8(0), ^)
        return "$" + body + String(format: "*%02X\r\n", xor)
    }

    static func angle(_ value: Double, degreesWidth: Int, positive: String, negative: String) -> String {
        let a = abs(value)
        var degrees = Int(a)
        var minutes = ((a - Double(degrees)) * 60 * 1_000_000).rounded() / 1_000_000
        if minutes >= 60 {
            degrees += 1
            minutes -= 60
        }
        return String(format: "%0\(degreesWidth)d%09.6f,%@", degrees, minutes, value < 0 ? negative : positive)
    }
}
