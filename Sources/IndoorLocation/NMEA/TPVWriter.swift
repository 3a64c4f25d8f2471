import Foundation

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
            number(heading, 3, &out)
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
        number(value, digits, &out)
    }

    private static let scales: [Double] = (0...9).map { pow(10, Double($0)) }

    /// `x` with `digits` decimals, as `%.Nf` writes it, without the cost of `String(format:)`.
    static func number(_ x: Double, _ digits: Int, _ out: inout [UInt8]) {
        let scaled = (abs(x) * scales[digits]).rounded()
        guard x.isFinite, scaled < 9e15 else {
            out.append(contentsOf: String(format: "%.\(digits)f", x).utf8)
            return
        }
        let units = UInt64(scaled), scale = UInt64(scales[digits])
        if x < 0, units != 0 { out.append(UInt8(ascii: "-")) }
        integer(units / scale, width: 1, &out)
        if digits > 0 {
            out.append(UInt8(ascii: "."))
            integer(units % scale, width: digits, &out)
        }
    }

    /// The decimal digits of `v`, zero-padded to `width`.
    private static func integer(_ v: UInt64, width: Int, _ out: inout [UInt8]) {
        var count = 1, probe = v
        while probe >= 10 {
            probe /= 10
            count += 1
        }
        let n = max(count, width), start = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: n))
        var rest = v, i = start + n - 1
        while rest > 0 {
            out[i] = UInt8(0x30 + rest % 10)
            rest /= 10
            i -= 1
        }
    }
}
