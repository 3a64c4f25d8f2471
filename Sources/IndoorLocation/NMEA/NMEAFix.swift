import Foundation
import IndoorBase

/// One epoch of an NMEA 0183 stream: what gpsd would report for one reporting cycle (see ``NMEADecoder`` for the
/// rules). Field names follow gpsd's TPV report where the meaning is the same.
public struct NMEAFix: Hashable, Sendable {
    /// The time of day exactly as the sentences wrote it (`hhmmss.sss…`), in nanoseconds since UTC midnight: never
    /// rounded through a binary fraction, so `135651.997` stays .997 and `.80` stays .800.
    public var timeOfDayNanoseconds: Int64?
    /// The UTC date of the fix, as days since 1970-01-01, when the receiver has given one (RMC or ZDA) — with
    /// midnight and GPS week rollovers applied. Without a date there is no ``time`` (as gpsd reports none).
    public var day: Int?
    /// No fix, 2D or 3D, decided as gpsd does (see ``NMEADecoder``).
    public var mode: Location.Mode = .noFix
    /// Degrees, WGS84, north positive.
    public var latitude: Double?
    /// Degrees, WGS84, east positive.
    public var longitude: Double?
    /// Metres above mean sea level (GGA, GNS altitude).
    public var altitudeMSL: Double?
    /// Metres from the WGS84 ellipsoid up to the geoid (GGA, GNS geoidal separation).
    public var geoidSeparation: Double?
    /// Metres per second.
    public var speed: Double?
    /// Degrees true.
    public var track: Double?
    /// Magnetic variation, degrees (east positive).
    public var magneticVariation: Double?
    /// True heading (HDT, THS), degrees.
    public var heading: Double?
    /// Magnetic heading (HDM, HDG), degrees.
    public var magneticHeading: Double?
    /// GGA fix quality (0 invalid, 1 GPS, 2 DGPS, 4 RTK, 5 float RTK, 6 dead reckoning, 8 simulation…).
    public var quality: Int?
    /// Satellites used in the fix (GGA, GNS).
    public var satellitesUsed: Int?
    /// Horizontal dilution of precision (GGA, GNS, GSA), unitless.
    public var hdop: Double?
    /// Vertical dilution of precision (GSA), unitless.
    public var vdop: Double?
    /// GST 1σ errors, metres.
    public var latitudeSigma: Double?
    /// GST 1σ longitude error, metres.
    public var longitudeSigma: Double?
    /// GST 1σ altitude error, metres.
    public var altitudeSigma: Double?
    /// The level ordinal (IndoorNav's `$PINAV,LVL` sentence), when the source knows it.
    public var levelOrdinal: Double?
    /// The receiver flagged this cycle's data as not valid (RMC/GLL status V, GGA quality 0, GNS mode N). gpsd may
    /// still report a position for the cycle (a later sentence of it gave one, as Garmins in simulation mode do);
    /// ``location(source:)`` does not hand such a position to navigation.
    public var invalid = false

    /// Seconds since UTC midnight (from ``timeOfDayNanoseconds``).
    public var timeOfDay: Double? {
        timeOfDayNanoseconds.map { Double($0) / 1e9 }
    }

    /// The full UTC time, when a date is known.
    public var time: Date? {
        guard let day, let t = timeOfDayNanoseconds else { return nil }
        return Date(timeIntervalSince1970: Double(day) * 86_400 + Double(t) / 1e9)
    }

    /// The full UTC time in ISO 8601 (`2009-12-05T13:56:51.997Z`), written from the integers the sentence gave:
    /// milliseconds always, and more digits only when the sentence had them, so the digits round-trip exactly.
    public var isoTime: String? {
        guard let day, let t = timeOfDayNanoseconds else { return nil }
        return Self.iso8601(day: day, nanoseconds: t)
    }

    /// `YYYY-MM-DDThh:mm:ss.sss[sss[sss]]Z` of a day count and the nanoseconds of that day.
    static func iso8601(day: Int, nanoseconds: Int64) -> String {
        let date = civil(fromDays: day + Int(nanoseconds / 86_400_000_000_000))
        let (y, m, d) = (date.year, date.month, date.day)
        let ns = nanoseconds % 86_400_000_000_000
        let seconds = Int(ns / 1_000_000_000), fraction = Int(ns % 1_000_000_000)
        let digits = fraction % 1_000_000 == 0 ? 3 : fraction % 1000 == 0 ? 6 : 9
        // Written as bytes: this runs for every epoch printed.
        return String(unsafeUninitializedCapacity: 21 + digits) { buffer in
            var i = 0
            func put(_ value: Int, _ width: Int) {
                var v = value
                for k in stride(from: width - 1, through: 0, by: -1) {
                    buffer[i + k] = UInt8(0x30 + v % 10)
                    v /= 10
                }
                i += width
            }
            func mark(_ c: Character) {
                buffer[i] = c.asciiValue ?? 0x3F
                i += 1
            }
            put(y, 4); mark("-"); put(m, 2); mark("-"); put(d, 2); mark("T")
            put(seconds / 3600, 2); mark(":"); put(seconds / 60 % 60, 2); mark(":"); put(seconds % 60, 2); mark(".")
            put(fraction / [1_000_000, 1000, 1][digits / 3 - 1], digits)
            mark("Z")
            return i
        }
    }

    /// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm: exact integers, no calendar object).
    static func days(year y0: Int, month m: Int, day d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// A date of the proleptic Gregorian calendar (``civil(fromDays:)``).
    public struct CivilDate: Hashable, Sendable {
        /// The year (astronomical numbering: 0 is 1 BC).
        public let year: Int
        /// 1–12.
        public let month: Int
        /// 1–31.
        public let day: Int
    }

    /// Year, month and day of a count of days since 1970-01-01 (proleptic Gregorian, UTC).
    /// - Parameter z0: days since 1970-01-01 (negative before).
    /// - Returns: the civil date.
    public static func civil(fromDays z0: Int) -> CivilDate {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return CivilDate(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// Metres above the WGS84 ellipsoid: ``altitudeMSL`` plus ``geoidSeparation``; `nil` unless both are known.
    public var altitudeEllipsoidal: Double? {
        guard let msl = altitudeMSL, let sep = geoidSeparation else { return nil }
        return msl + sep
    }

    /// The HDOP-based estimate used when no GST gives sigmas: a user equivalent range error of 4.1 m (1σ, a
    /// typical single-frequency receiver) times HDOP, times 2 for 95 % confidence.
    public static let userEquivalentRangeError = 4.1

    /// Horizontal error at about 95 % confidence (2DRMS), metres: from GST sigmas when present, else the HDOP
    /// estimate.
    public var horizontalError95: Double? {
        if let a = latitudeSigma, let b = longitudeSigma { return 2 * (a * a + b * b).squareRoot() }
        return hdop.map { $0 * Self.userEquivalentRangeError * 2 }
    }

    /// Vertical error at 95 % confidence, metres.
    public var verticalError95: Double? {
        if let s = altitudeSigma { return 2 * s }
        return vdop.map { $0 * Self.userEquivalentRangeError * 2 }
    }

    /// What a provider hands out for this epoch: its location (when valid) and its heading (true or magnetic,
    /// when a HDT, THS, HDG or HDM came).
    public func events(source: String = "nmea") -> [LocationEvent] {
        var out: [LocationEvent] = []
        if let l = location(source: source) { out.append(.location(l)) }
        if heading != nil || magneticHeading != nil {
            out.append(.heading(Heading(trueHeading: heading, magneticHeading: magneticHeading, timestamp: time)))
        }
        return out
    }

    /// As a ``Location`` (nil without a valid position).
    public func location(source: String = "nmea") -> Location? {
        guard !invalid, mode >= .twoD, let latitude, let longitude else { return nil }
        return Location(coordinate: GeoCoordinate(longitude: longitude, latitude: latitude), mode: mode,
                        altitudeMSL: mode == .threeD ? altitudeMSL : nil, altitudeEllipsoidal: mode == .threeD ? altitudeEllipsoidal : nil,
                        horizontalAccuracy: horizontalError95, verticalAccuracy: mode == .threeD ? verticalError95 : nil,
                        accuracyConfidence: horizontalError95 == nil ? nil : 0.95, course: track, speed: speed,
                        levelOrdinal: levelOrdinal, timestamp: time, source: source, isSimulated: quality == 8)
    }
}
