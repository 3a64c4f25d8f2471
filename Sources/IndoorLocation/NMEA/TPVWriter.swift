import Foundation
import IndoorBase

/// Fixes as gpsd's JSON reports: a TPV object (`{"class":"TPV","time":…,"mode":3,"lat":…}`) with gpsd's field
/// names, units and decimals where the meaning is the same (time, mode, lat, lon, altMSL, altHAE, epv, eph, speed
/// in m/s, track, magvar) plus `timeOfDay`, and the true heading in an ATT object after it
/// (`{"class":"ATT","heading":25.500}`) as gpsd reports HDT and THS, so a decoded log compares line by line with
/// gpsd's. Written as bytes by hand: for speed (this runs for every epoch) and a stable field order.
public enum TPVWriter {
    /// Appends `fix` as gpsd's lines: its TPV object, and its ATT object when it has a heading, each ended by a
    /// newline.
    public static func appendLines(_ fix: NMEAFix, to out: inout [UInt8]) {
        append(fix, to: &out)
        out.append(0x0A)
        if let heading = fix.heading {
            out.append(contentsOf: #"{"class":"ATT","heading":"#.utf8)
            DecimalNumber.write(heading, decimals: 3, to: &out)
            out.append(contentsOf: [UInt8(ascii: "}"), 0x0A])
        }
    }

    /// Appends `fix` as one TPV object (no newline) to `out`.
    public static func append(_ fix: NMEAFix, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"class":"TPV""#.utf8)
        if let t = fix.isoTime {
            out.append(contentsOf: #","time":""#.utf8)
            out.append(contentsOf: t.utf8)
            out.append(UInt8(ascii: "\""))
        }
        if let t = fix.timeOfDay { field("timeOfDay", t, 3, &out) }
        out.append(contentsOf: #","mode":"#.utf8)
        out.append(UInt8(0x30 + fix.mode.rawValue))
        if fix.mode >= .twoD, let lat = fix.latitude, let lon = fix.longitude {
            field("lat", lat, 9, &out)
            field("lon", lon, 9, &out)
            // As gpsd: the altitude whenever the cycle has one (a 2D fix from too few satellites may).
            if let a = fix.altitudeMSL { field("altMSL", a, 4, &out) }
            if let a = fix.altitudeEllipsoidal { field("altHAE", a, 4, &out) }
            if fix.mode == .threeD, let e = fix.verticalError95 { field("epv", e, 3, &out) }
            if let e = fix.horizontalError95 { field("eph", e, 3, &out) }
        }
        if let v = fix.speed { field("speed", v, 3, &out) }
        if let v = fix.track { field("track", v, 4, &out) }
        if let v = fix.magneticVariation { field("magvar", v, 1, &out) }
        out.append(UInt8(ascii: "}"))
    }

    /// `,"key":value`.
    private static func field(_ key: StaticString, _ value: Double, _ digits: Int, _ out: inout [UInt8]) {
        out.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\"")])
        out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        DecimalNumber.write(value, decimals: digits, to: &out)
    }
}
