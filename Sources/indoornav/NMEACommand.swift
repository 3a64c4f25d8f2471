import Foundation
import IndoorLocation

enum NMEACommand {
    static let help = """
        USAGE: indoornav nmea decode [FILE|-] [--lenient]

        Decodes NMEA 0183 from a file (or standard input) and prints one JSON object per epoch, with gpsd's TPV
        field names where the meaning is the same (class, time, mode, lat, lon, altMSL, altHAE, speed m/s, track,
        magvar, eph, epv) plus heading when a true heading arrives, so the output can be compared with gpsd's.
        A summary of the lines skipped, by reason, goes to standard error.

        OPTIONS:
          --lenient   Accept sentences without a checksum (a checksum present must still match).
        """

    static func run(_ words: [String]) throws -> ExitStatus {
        var args = Arguments(words, command: "indoornav nmea")
        if args.wantsHelp() {
            Output.line(help)
            return .success
        }
        guard let sub = args.positional() else { throw UsageError("missing subcommand (decode)", command: args.command) }
        guard sub == "decode" else { throw UsageError("unknown subcommand \(sub) (expected decode)", command: args.command) }
        let lenient = args.flag("--lenient")
        let path = try StandardStreams.input(args.positional() ?? "-", command: args.command)
        try args.finish()
        let input: FileHandle
        if path == "-" {
            input = FileHandle.standardInput
        } else {
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw NMEACommandError.unreadable(path)
            }
            input = handle
        }
        var decoder = NMEADecoder(lenient: lenient)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        var fixes = 0
        func write(_ events: [NMEAEvent]) {
            for case .fix(let fix) in events {
                fixes += 1
                TPVWriter.append(fix, to: &out)
                out.append(0x0A)
            }
            if out.count > 1 << 16 {
                Output.write(Data(out))
                out.removeAll(keepingCapacity: true)
            }
        }
        while true {
            let chunk = input.readData(ofLength: 1 << 16)
            if chunk.isEmpty { break }
            write(decoder.feed(chunk))
        }
        write(decoder.finish())
        Output.write(Data(out))
        let reasons = decoder.skipped.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
        Output.error("\(decoder.sentences) sentences, \(fixes) epochs; skipped: \(reasons.isEmpty ? "none" : reasons.joined(separator: ", "))")
        return .success
    }
}

/// gpsd-style TPV objects, written as bytes by hand: for speed (this runs for every epoch) and a stable field order.
enum TPVWriter {
    static func append(_ fix: NMEAFix, to out: inout [UInt8]) {
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
        if let v = fix.heading { field("heading", v, 2, &out) }
        out.append(UInt8(ascii: "}"))
    }

    /// `,"key":value`.
    static func field(_ key: StaticString, _ value: Double, _ digits: Int, _ out: inout [UInt8]) {
        out.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\"")])
        out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        number(value, digits, &out)
    }

    static let scales: [Double] = (0...9).map { pow(10, Double($0)) }

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
    static func integer(_ v: UInt64, width: Int, _ out: inout [UInt8]) {
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

enum NMEACommandError: Error, LocalizedError {
    case unreadable(String)
    var errorDescription: String? {
        switch self {
        case .unreadable(let path): "\(path): cannot open"
        }
    }
}
