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
        var out = Data()
        var fixes = 0
        func write(_ events: [NMEAEvent]) {
            for case .fix(let fix) in events {
                fixes += 1
                out.append(contentsOf: tpv(fix).utf8)
                out.append(0x0A)
            }
            if out.count > 1 << 16 {
                Output.write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        while true {
            let chunk = input.readData(ofLength: 1 << 16)
            if chunk.isEmpty { break }
            write(decoder.feed(chunk))
        }
        write(decoder.finish())
        Output.write(out)
        let reasons = decoder.skipped.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
        Output.error("\(decoder.sentences) sentences, \(fixes) epochs; skipped: \(reasons.isEmpty ? "none" : reasons.joined(separator: ", "))")
        return .success
    }

    /// A gpsd-style TPV object, written by hand for speed and a stable field order.
    static func tpv(_ fix: NMEAFix) -> String {
        var s = "{\"class\":\"TPV\""
        if let t = fix.isoTime { s += ",\"time\":\"\(t)\"" }
        if let t = fix.timeOfDay { s += ",\"timeOfDay\":\(number(t, 3))" }
        s += ",\"mode\":\(fix.mode.rawValue)"
        if fix.mode >= .twoD, let lat = fix.latitude, let lon = fix.longitude {
            s += ",\"lat\":\(number(lat, 9)),\"lon\":\(number(lon, 9))"
            // As gpsd: the altitude whenever the cycle has one (a 2D fix from too few satellites may).
            if let a = fix.altitudeMSL { s += ",\"altMSL\":\(number(a, 4))" }
            if let a = fix.altitudeEllipsoidal { s += ",\"altHAE\":\(number(a, 4))" }
            if fix.mode == .threeD, let e = fix.verticalError95 { s += ",\"epv\":\(number(e, 3))" }
            if let e = fix.horizontalError95 { s += ",\"eph\":\(number(e, 3))" }
        }
        if let v = fix.speed { s += ",\"speed\":\(number(v, 3))" }
        if let v = fix.track { s += ",\"track\":\(number(v, 4))" }
        if let v = fix.magneticVariation { s += ",\"magvar\":\(number(v, 1))" }
        if let v = fix.heading { s += ",\"heading\":\(number(v, 2))" }
        return s + "}"
    }

    static let scales: [Double] = (0...9).map { pow(10, Double($0)) }

    /// `x` with `digits` decimals, as `%.Nf` writes it, without the cost of `String(format:)` (this runs for every
    /// field of every epoch).
    static func number(_ x: Double, _ digits: Int) -> String {
        let scaled = (abs(x) * scales[digits]).rounded()
        guard x.isFinite, scaled < 9e15 else { return String(format: "%.\(digits)f", x) }
        let units = Int64(scaled)
        let whole = units / Int64(scales[digits]), fraction = units % Int64(scales[digits])
        var text = (x < 0 && units != 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
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
