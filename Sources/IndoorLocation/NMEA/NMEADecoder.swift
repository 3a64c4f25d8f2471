import Foundation

/// Why an NMEA line was not used.
public enum NMEASkipReason: String, Hashable, Sendable, CaseIterable {
    case badChecksum = "bad-checksum"
    case missingChecksum = "missing-checksum"
    case tooLong = "too-long"
    case truncated
    case binaryGarbage = "binary-garbage"
    case noise
    case proprietary
    case unsupported
    case malformed
}

/// What the decoder hands out.
public enum NMEAEvent: Hashable, Sendable {
    /// An epoch's merged fix, emitted when the next epoch begins (or at the end of the stream).
    case fix(NMEAFix)
    /// A line that was not used, and why (line numbers count from 1).
    case skipped(line: Int, reason: NMEASkipReason)
}

/// A streaming NMEA 0183 decoder: bytes in, in chunks of any size; fixes out.
///
/// Lines end in LF, CRLF or CRCRLF; a sentence starts at `$` or `!` (the decoder resynchronises there, so a line
/// prefixed with garbage is still read); checksums are required unless ``lenient``. Sentences (any talker: GP,
/// GN, GL, GA, GB, BD, QZ, IN…): GGA, RMC, GLL, GNS, GSA, GSV, GST, VTG, ZDA, HDT, HDG, HDM, THS; proprietary
/// `$P…` sentences are skipped and counted. Sentences of one time of day are merged into one fix; the date comes
/// only from RMC or ZDA, and rolls over at midnight.
public struct NMEADecoder {
    /// Accept sentences without a checksum (some receivers send none); a checksum present must still match.
    public var lenient: Bool
    /// The longest line read: NMEA says 82 characters, receivers send more (NMEA 4.x, proprietary).
    public static let maximumLineLength = 256

    private var line: [UInt8] = []
    private var lineNumber = 0
    private var overflow = false
    private var current = NMEAFix()
    private var hasContent = false
    private var date: DateComponents?
    private var lastTimeOfDay: Double?
    private var lastEmittedTimeOfDay: Double?
    /// Counts of skipped lines by reason.
    public private(set) var skipped: [NMEASkipReason: Int] = [:]
    public private(set) var sentences = 0

    public init(lenient: Bool = false) {
        self.lenient = lenient
    }

    /// Decodes the next bytes of the stream.
    /// - Complexity: O(n) in the bytes given.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [NMEAEvent] where Bytes.Element == UInt8 {
        var events: [NMEAEvent] = []
        for b in bytes {
            if b == 0x0A || b == 0x0D {
                if !line.isEmpty || overflow { endLine(into: &events) }
                continue
            }
            if overflow { continue }
            if line.count >= Self.maximumLineLength {
                overflow = true
                continue
            }
            line.append(b)
        }
        return events
    }

    /// Ends the stream: the last line and the last epoch.
    public mutating func finish() -> [NMEAEvent] {
        var events: [NMEAEvent] = []
        if !line.isEmpty || overflow { endLine(into: &events) }
        flush(into: &events)
        return events
    }

    private mutating func skip(_ reason: NMEASkipReason, into events: inout [NMEAEvent]) {
        skipped[reason, default: 0] += 1
        events.append(.skipped(line: lineNumber, reason: reason))
    }

    private mutating func endLine(into events: inout [NMEAEvent]) {
        lineNumber += 1
        defer {
            line.removeAll(keepingCapacity: true)
            overflow = false
        }
        if overflow { return skip(.tooLong, into: &events) }
        // Resynchronise on the last sentence start: garbage before it is dropped.
        guard let start = line.lastIndex(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "!") }) else {
            return skip(line.contains(where: { $0 < 0x20 || $0 > 0x7E }) ? .binaryGarbage : .noise, into: &events)
        }
        let body = line[(start + 1)...]
        if body.contains(where: { $0 < 0x20 || $0 > 0x7E }) { return skip(.binaryGarbage, into: &events) }
        // Checksum.
        var payload = body
        if let star = body.lastIndex(of: UInt8(ascii: "*")) {
            payload = body[body.startIndex..<star]
            let hex = body[(star + 1)...]
            guard hex.count == 2, let expected = UInt8(String(decoding: hex, as: UTF8.self), radix: 16) else {
                return skip(.truncated, into: &events)
            }
            let actual = payload.reduce(UInt8(0), ^)
            guard actual == expected else { return skip(.badChecksum, into: &events) }
        } else if !lenient {
            return skip(body.count < 6 ? .truncated : .missingChecksum, into: &events)
        }
        let fields = payload.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard let address = fields.first, address.count >= 3 else { return skip(.malformed, into: &events) }
        if address.hasPrefix("P") { return skip(.proprietary, into: &events) }
        // Talker (2 characters, or 1 for "P…" handled above), then the sentence type.
        let type = String(address.suffix(3))
        guard decode(type, fields, into: &events) else { return skip(fields.count < 3 ? .truncated : .malformed, into: &events) }
        sentences += 1
    }

    // MARK: Sentences

    /// - Returns: false when the sentence is not understood (unsupported types are counted separately).
    private mutating func decode(_ type: String, _ f: [String], into events: inout [NMEAEvent]) -> Bool {
        func field(_ i: Int) -> String { i < f.count ? f[i] : "" }
        func number(_ i: Int) -> Double? { Double(field(i)).flatMap { $0.isFinite ? $0 : nil } }
        switch type {
        case "GGA":
            guard f.count >= 10 else { return false }
            begin(time: Self.time(field(1)), into: &events)
            let quality = Int(field(6))
            current.quality = quality
            if quality == 0 { current.invalid = true }
            setPosition(field(2), field(3), field(4), field(5))
            current.satellitesUsed = Int(field(7)) ?? current.satellitesUsed
            current.hdop = number(8) ?? current.hdop
            current.altitudeMSL = number(9) ?? current.altitudeMSL
            current.geoidSeparation = number(11) ?? current.geoidSeparation
            if let q = quality, q > 0, current.latitude != nil {
                current.mode = max(current.mode, current.altitudeMSL != nil ? .threeD : .twoD)
            }
        case "RMC":
            guard f.count >= 10 else { return false }
            begin(time: Self.time(field(1)), into: &events)
            if field(2) == "V" || field(12) == "N" { current.invalid = true }
            setPosition(field(3), field(4), field(5), field(6))
            if let knots = number(7) { current.speed = knots * 0.514444 }
            current.track = number(8) ?? current.track
            setDate(ddmmyy: field(9))
            if let v = number(10) { current.magneticVariation = field(11) == "W" ? -v : v }
            if !current.invalid, current.latitude != nil { current.mode = max(current.mode, .twoD) }
        case "GLL":
            guard f.count >= 7 else { return false }
            begin(time: Self.time(field(5)), into: &events)
            if field(6) == "V" || field(7) == "N" { current.invalid = true }
            setPosition(field(1), field(2), field(3), field(4))
            if !current.invalid, current.latitude != nil { current.mode = max(current.mode, .twoD) }
        case "GNS":
            guard f.count >= 10 else { return false }
            begin(time: Self.time(field(1)), into: &events)
            let modes = field(6)
            if !modes.isEmpty, modes.allSatisfy({ $0 == "N" }) { current.invalid = true }
            setPosition(field(2), field(3), field(4), field(5))
            current.satellitesUsed = Int(field(7)) ?? current.satellitesUsed
            current.hdop = number(8) ?? current.hdop
            current.altitudeMSL = number(9) ?? current.altitudeMSL
            current.geoidSeparation = number(10) ?? current.geoidSeparation
            if !current.invalid, current.latitude != nil {
                current.mode = max(current.mode, current.altitudeMSL != nil ? .threeD : .twoD)
            }
        case "GSA":
            guard f.count >= 17 else { return false }
            // The fix type (1 none, 2 2D, 3 3D) rules over what the position sentences suggest.
            if let m = Int(field(2)).flatMap(Location.Mode.init(rawValue:)) { gsaMode = m }
            current.hdop = number(16) ?? current.hdop
            current.vdop = number(17) ?? current.vdop
        case "GSV":
            guard f.count >= 4 else { return false }
        case "GST":
            guard f.count >= 9 else { return false }
            begin(time: Self.time(field(1)), into: &events)
            current.latitudeSigma = number(6)
            current.longitudeSigma = number(7)
            current.altitudeSigma = number(8)
        case "VTG":
            guard f.count >= 8 else { return false }
            current.track = current.track ?? number(1)
            // Knots carry more digits than km/h on most receivers; RMC's speed, when the epoch has one, stays.
            if current.speed == nil {
                if let knots = number(5) { current.speed = knots * 0.514444 } else if let kmh = number(7) { current.speed = kmh / 3.6 }
            }
        case "ZDA":
            guard f.count >= 5 else { return false }
            begin(time: Self.time(field(1)), into: &events)
            if let d = Int(field(2)), let m = Int(field(3)), let y = Int(field(4)), (1...31).contains(d), (1...12).contains(m), y >= 1980 {
                date = DateComponents(year: y, month: m, day: d)
            }
        case "HDT", "THS":
            guard f.count >= 2 else { return false }
            if type == "THS", field(2) == "V" { return true }
            current.heading = number(1) ?? current.heading
        case "HDM":
            guard f.count >= 2 else { return false }
            current.magneticHeading = number(1) ?? current.magneticHeading
        case "HDG":
            guard f.count >= 2 else { return false }
            current.magneticHeading = number(1) ?? current.magneticHeading
        default:
            skipped[.unsupported, default: 0] += 1
            events.append(.skipped(line: lineNumber, reason: .unsupported))
            sentences -= 1
        }
        return true
    }

    /// The epoch's GSA fix type, which rules over what the position sentences suggest.
    private var gsaMode: Location.Mode?

    /// Starts a new epoch when a sentence carries a time of day other than the current one.
    private mutating func begin(time: Double?, into events: inout [NMEAEvent]) {
        guard let time else { return }
        if let t = current.timeOfDay, t != time { flush(into: &events) }
        if current.timeOfDay == nil {
            // What came without a time (a receiver's "RMC,,V" before it has a fix) does not belong to this epoch.
            current = NMEAFix()
            current.timeOfDay = time
        }
    }

    private mutating func flush(into events: inout [NMEAEvent]) {
        guard current.timeOfDay != nil || current.latitude != nil else {
            current = NMEAFix()
            gsaMode = nil
            return
        }
        var fix = current
        if let gsaMode, fix.latitude != nil { fix.mode = gsaMode }
        gsaMode = nil
        if fix.invalid { fix.mode = .noFix }
        if fix.latitude == nil { fix.mode = .noFix }
        // A repeated timestamp is a stale fix (a receiver repeating its last answer): reported without position.
        if let t = fix.timeOfDay, t == lastEmittedTimeOfDay {
            fix.mode = .noFix
            fix.invalid = true
        }
        // The date rolls over at midnight: a time of day that goes back by more than 12 h is the next day.
        if let t = fix.timeOfDay, let last = lastTimeOfDay, t < last - 43_200, var d = date,
           let day = Self.calendar.date(from: d).flatMap({ Self.calendar.date(byAdding: .day, value: 1, to: $0) }) {
            d = Self.calendar.dateComponents([.year, .month, .day], from: day)
            date = d
        }
        if let t = fix.timeOfDay, let d = date, let midnight = Self.calendar.date(from: d) {
            fix.time = Self.correctWeekRollover(midnight.addingTimeInterval(t))
        }
        lastTimeOfDay = fix.timeOfDay ?? lastTimeOfDay
        lastEmittedTimeOfDay = fix.timeOfDay
        events.append(.fix(fix))
        current = NMEAFix()
    }

    static let calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? c.timeZone
        return c
    }()

    /// Receivers with a 10-bit GPS week counter report dates 1024 weeks (19.6 years) early after a rollover
    /// (the last in April 2019): a date before 2000 is moved forward by 1024 weeks.
    static func correctWeekRollover(_ date: Date) -> Date {
        date < Date(timeIntervalSince1970: 946_684_800) ? date.addingTimeInterval(1024 * 7 * 86_400) : date
    }

    private mutating func setDate(ddmmyy: String) {
        let digits = Array(ddmmyy.utf8)
        guard digits.count == 6, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let d = Int(String(ddmmyy.prefix(2))), let m = Int(String(ddmmyy.dropFirst(2).prefix(2))),
              let y = Int(String(ddmmyy.suffix(2))), (1...31).contains(d), (1...12).contains(m) else { return }
        date = DateComponents(year: y < 80 ? 2000 + y : 1900 + y, month: m, day: d)
    }

    private mutating func setPosition(_ lat: String, _ ns: String, _ lon: String, _ ew: String) {
        guard let a = Self.degrees(lat, degreeDigits: 2), let b = Self.degrees(lon, degreeDigits: 3),
              ns == "N" || ns == "S", ew == "E" || ew == "W" else { return }
        current.latitude = ns == "S" ? -a : a
        current.longitude = ew == "W" ? -b : b
    }

    /// `ddmm.mmmm` / `dddmm.mmmm` → degrees.
    static func degrees(_ text: String, degreeDigits: Int) -> Double? {
        guard text.count > degreeDigits + 1, let whole = Double(text.prefix(degreeDigits)),
              let minutes = Double(text.dropFirst(degreeDigits)), minutes >= 0, minutes < 60 else { return nil }
        let value = whole + minutes / 60
        return value <= (degreeDigits == 2 ? 90 : 180) ? value : nil
    }

    /// `hhmmss.sss` → seconds since midnight.
    static func time(_ text: String) -> Double? {
        guard text.count >= 6, let h = Int(text.prefix(2)), let m = Int(text.dropFirst(2).prefix(2)),
              let s = Double(text.dropFirst(4)), h < 24, m < 60, s >= 0, s < 61 else { return nil }
        return Double(h * 3600 + m * 60) + s
    }
}
