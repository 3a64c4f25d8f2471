import Foundation
import IndoorGeometry

/// One epoch of an NMEA 0183 stream: the sentences that share a time of day, merged. Field names follow gpsd's
/// TPV report where the meaning is the same.
public struct NMEAFix: Hashable, Sendable {
    /// Seconds since UTC midnight, from the sentences.
    public var timeOfDay: Double?
    /// The full UTC time, when a date is known (RMC or ZDA), with midnight and GPS week rollovers handled.
    public var time: Date?
    public var mode: Location.Mode = .noFix
    public var latitude: Double?
    public var longitude: Double?
    public var altitudeMSL: Double?
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
    public var satellitesUsed: Int?
    public var hdop: Double?
    public var vdop: Double?
    /// GST 1σ errors, metres.
    public var latitudeSigma: Double?
    public var longitudeSigma: Double?
    public var altitudeSigma: Double?
    /// The level ordinal (IndoorNav's `$PINAV,LVL` sentence), when the source knows it.
    public var levelOrdinal: Double?
    /// The receiver said the position is not valid (RMC/GLL status V, GGA quality 0, RMC/GNS mode N).
    public var invalid = false

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
        return Location(coordinate: Coordinate(longitude: longitude, latitude: latitude), mode: mode,
                        altitudeMSL: mode == .threeD ? altitudeMSL : nil, altitudeEllipsoidal: mode == .threeD ? altitudeEllipsoidal : nil,
                        horizontalAccuracy: horizontalError95, verticalAccuracy: mode == .threeD ? verticalError95 : nil,
                        accuracyConfidence: horizontalError95 == nil ? nil : 0.95, course: track, speed: speed,
                        levelOrdinal: levelOrdinal, timestamp: time, source: source, isSimulated: quality == 8)
    }
}
