import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorVenue

/// Writes one epoch of NMEA 0183 as a receiver would: GGA, RMC, GST (the noise it was given, as 1σ), HDT when a
/// heading is known, and IndoorNav's `$PINAV,LVL` when the level is. Positions are written to 1e-6 minutes
/// (2 mm), so what is decoded is what was meant.
public enum NMEAWriter {
    /// One epoch: GGA, RMC and GST, then HDT and `$PINAV,LVL` when given (NMEA 0183 4.10).
    ///
    /// The time is written to the centisecond, rounded before it is split, so 59.996 s is second 00 of the next
    /// minute, never second 60. A value that is not finite (or a position off the globe, a time beyond year
    /// 9999) is written as an empty field, as a receiver writes what it does not know; with no position, GGA says
    /// "no fix" (quality 0) and RMC "void" (V).
    /// - Returns: the sentences, each ending in CR LF.
    public static func epoch(time: Date, coordinate: GeoCoordinate, altitude: Double = 30, speed: Double, course: Double?,
                             sigma: Double, heading: Double?, level: Double?) -> String {
        let (hms, dmy) = timeFields(time)
        let hasPosition = coordinate.latitude.isFinite && abs(coordinate.latitude) <= 90
            && coordinate.longitude.isFinite && abs(coordinate.longitude) <= 180
        let lat = hasPosition ? angle(coordinate.latitude, degreesWidth: 2, positive: "N", negative: "S") : ","
        let lon = hasPosition ? angle(coordinate.longitude, degreesWidth: 3, positive: "E", negative: "W") : ","
        let quality = hasPosition ? "1" : "0"
        let hdop = number(sigma.isFinite ? max(sigma / 4.1, 0.5) : sigma, "%.1f")
        var out = sentence("GPGGA,\(hms),\(lat),\(lon),\(quality),10,\(hdop),\(number(altitude, "%.1f")),M,47.0,M,,")
        let knots = number(speed / 0.514_444, "%.2f")
        let track = course.map { number($0, "%.1f") } ?? ""
        out += sentence("GPRMC,\(hms),\(hasPosition ? "A" : "V"),\(lat),\(lon),\(knots),\(track),\(dmy),,,\(hasPosition ? "A" : "N")")
        let s = number(sigma, "%.1f")
        out += sentence("GPGST,\(hms),\(s),\(s),\(s),0.0,\(s),\(s),\(number(sigma * 1.5, "%.1f"))")
        if let heading, heading.isFinite { out += sentence("GPHDT,\(number(heading, "%.1f")),T") }
        if let level, level.isFinite { out += sentence("PINAV,LVL,\(Level.text(ordinal: level))") }
        return out
    }

    /// `hhmmss.ss` and `ddmmyy` in UTC, from the time rounded to the centisecond; empty fields for a time that is
    /// not finite or not within years 0–9999.
    static func timeFields(_ time: Date) -> (hms: String, dmy: String) {
        let seconds = time.timeIntervalSince1970
        // 253,402,300,800 s is 10000-01-01.
        guard seconds.isFinite, seconds >= -62_167_219_200, seconds < 253_402_300_800 else { return ("", "") }
        let centiseconds = Int((seconds * 100).rounded())
        let perDay = 8_640_000
        let day = centiseconds >= 0 ? centiseconds / perDay : -((-centiseconds + perDay - 1) / perDay)
        let ofDay = centiseconds - day * perDay
        let (h, mi, sec, cs) = (ofDay / 360_000, ofDay % 360_000 / 6_000, ofDay % 6_000 / 100, ofDay % 100)
        let date = NMEAFix.civil(fromDays: day)
        return (String(format: "%02d%02d%02d.%02d", h, mi, sec, cs), String(format: "%02d%02d%02d", date.day, date.month, date.year % 100))
    }

    /// `value` in `format`, or an empty field when it is not finite.
    static func number(_ value: Double, _ format: String) -> String {
        value.isFinite ? String(format: format, value) : ""
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
