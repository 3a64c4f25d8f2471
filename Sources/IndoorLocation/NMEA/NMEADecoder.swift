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
/// `$P…` sentences are skipped and counted, except IndoorNav's `$PINAV,LVL,<ordinal>` (the level of the epoch). Sentences of one time of day are merged into one fix; the date comes
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
        // Contiguous bytes (Data, arrays) are scanned line by line; any other sequence byte by byte.
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in feed(buffer, into: &events) }
        if done == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { feed($0, into: &events) }
        }
        return events
    }

    private mutating func feed(_ buffer: UnsafeBufferPointer<UInt8>, into events: inout [NMEAEvent]) {
        var i = 0
        let n = buffer.count
        while i < n {
            // The end of this line, or of the buffer.
            var j = i
            while j < n, buffer[j] != 0x0A, buffer[j] != 0x0D { j += 1 }
            if !overflow {
                let room = Self.maximumLineLength - line.count
                if j - i > room {
                    overflow = true
                } else if j > i {
                    line.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<j]))
                }
            }
            guard j < n else { return }
            if !line.isEmpty || overflow { endLine(into: &events) }
            i = j + 1
        }
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
        // One scan of the line from its last sentence start ('$' or '!', so garbage before it is dropped):
        // printable characters only, the checksum's '*', the XOR of the payload, and the field separators.
        enum Scan { case noStart(binary: Bool), binary, ok(star: Int?, xor: UInt8, end: Int) }
        // The field list is moved out and back, so its buffer is reused without a copy.
        var commas: [Range<Int>] = []
        swap(&commas, &fields)
        commas.removeAll(keepingCapacity: true)
        let scan: Scan = line.withUnsafeBufferPointer { p in
            var start = p.count - 1
            while start >= 0, p[start] != UInt8(ascii: "$"), p[start] != UInt8(ascii: "!") { start -= 1 }
            guard start >= 0 else { return .noStart(binary: p.contains { $0 < 0x20 || $0 > 0x7E }) }
            var xor: UInt8 = 0
            var star: Int?
            var fieldStart = start + 1
            for k in (start + 1)..<p.count {
                let c = p[k]
                if c < 0x20 || c > 0x7E { return .binary }
                if star != nil { continue }
                if c == UInt8(ascii: "*") {
                    star = k
                } else {
                    xor ^= c
                    if c == UInt8(ascii: ",") {
                        commas.append(fieldStart..<k)
                        fieldStart = k + 1
                    }
                }
            }
            commas.append(fieldStart..<(star ?? p.count))
            return .ok(star: star, xor: xor, end: p.count)
        }
        swap(&commas, &fields)
        switch scan {
        case .noStart(let binary): return skip(binary ? .binaryGarbage : .noise, into: &events)
        case .binary: return skip(.binaryGarbage, into: &events)
        case .ok(let star, let xor, let end):
            if let star {
                let hex = line[(star + 1)..<end]
                guard hex.count == 2, let expected = UInt8(String(decoding: hex, as: UTF8.self), radix: 16) else {
                    return skip(.truncated, into: &events)
                }
                guard xor == expected else { return skip(.badChecksum, into: &events) }
            } else if !lenient {
                return skip((fields.last?.upperBound ?? 0) - (fields.first?.lowerBound ?? 0) < 6 ? .truncated : .missingChecksum, into: &events)
            }
        }
        let address = fields[0]
        guard address.count >= 3 else { return skip(.malformed, into: &events) }
        if line[address.lowerBound] == UInt8(ascii: "P") {
            // IndoorNav's own `$PINAV,LVL,<ordinal>*hh`: the level, from a simulator or an indoor positioning
            // bridge, for the epoch in progress. Other proprietary sentences are skipped.
            guard line[address].elementsEqual("PINAV".utf8), fields.count >= 3, line[fields[1]].elementsEqual("LVL".utf8),
                  let level = number(2) else { return skip(.proprietary, into: &events) }
            current.levelOrdinal = level
            sentences += 1
            return
        }
        // Talker (GP, GN, GL, GA, GB, BD, QZ, IN…), then the sentence type: its last three letters.
        let e = address.upperBound
        let type = UInt32(line[e - 3]) << 16 | UInt32(line[e - 2]) << 8 | UInt32(line[e - 1])
        guard decode(type, into: &events) else { return skip(fields.count < 3 ? .truncated : .malformed, into: &events) }
        sentences += 1
    }

    // MARK: Fields

    private var fields: [Range<Int>] = []

    private func isEmpty(_ i: Int) -> Bool { i >= fields.count || fields[i].isEmpty }

    /// The first byte of a field (0 when empty).
    private func byte(_ i: Int) -> UInt8 { isEmpty(i) ? 0 : line[fields[i].lowerBound] }

    private func number(_ i: Int) -> Double? {
        guard !isEmpty(i) else { return nil }
        return Self.parseNumber(line[fields[i]])
    }

    private func integer(_ i: Int) -> Int? {
        guard !isEmpty(i), fields[i].count <= 9 else { return nil }
        var v = 0
        for b in line[fields[i]] {
            guard b >= 0x30, b <= 0x39 else { return nil }
            v = v * 10 + Int(b - 0x30)
        }
        return v
    }

    /// A decimal number as NMEA writes them (`-12.345`), as `strtod` reads it: the digits as an integer divided by
    /// a power of ten, both exact in a Double up to 15 digits, so the quotient is correctly rounded. Anything else
    /// goes to `Double(_:)`.
    static func parseNumber(_ bytes: ArraySlice<UInt8>) -> Double? {
        var mantissa: UInt64 = 0, digits = 0, fraction = 0, negative = false, seenDot = false
        var i = bytes.startIndex
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        while i < bytes.endIndex {
            let b = bytes[i]
            if b >= 0x30, b <= 0x39 {
                mantissa = mantissa &* 10 &+ UInt64(b - 0x30)
                digits += 1
                if seenDot { fraction += 1 }
            } else if b == UInt8(ascii: "."), !seenDot {
                seenDot = true
            } else {
                return Double(String(decoding: bytes, as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        guard digits <= 15 else { return Double(String(decoding: bytes, as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil } }
        let value = Double(mantissa) / powersOfTen[fraction]
        return negative ? -value : value
    }

    static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    // MARK: Sentences

    static func code(_ s: StaticString) -> UInt32 {
        let p = s.utf8Start
        return UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
    }

    static let GGA = code("GGA"), RMC = code("RMC"), GLL = code("GLL"), GNS = code("GNS"), GSA = code("GSA"),
               GSV = code("GSV"), GST = code("GST"), VTG = code("VTG"), ZDA = code("ZDA"), HDT = code("HDT"),
               THS = code("THS"), HDM = code("HDM"), HDG = code("HDG")

    /// - Returns: false when the sentence is not understood (unsupported types are counted separately).
    private mutating func decode(_ type: UInt32, into events: inout [NMEAEvent]) -> Bool {
        let n = fields.count
        switch type {
        case Self.GGA:
            guard n >= 10 else { return false }
            begin(time: time(1), into: &events)
            let quality = integer(6)
            current.quality = quality
            if quality == 0 { current.invalid = true }
            setPosition(2, 4)
            current.satellitesUsed = integer(7) ?? current.satellitesUsed
            current.hdop = number(8) ?? current.hdop
            current.altitudeMSL = number(9) ?? current.altitudeMSL
            current.geoidSeparation = number(11) ?? current.geoidSeparation
            if let q = quality, q > 0, current.latitude != nil {
                current.mode = max(current.mode, current.altitudeMSL != nil ? .threeD : .twoD)
            }
        case Self.RMC:
            guard n >= 10 else { return false }
            begin(time: time(1), into: &events)
            if byte(2) == UInt8(ascii: "V") || byte(12) == UInt8(ascii: "N") { current.invalid = true }
            setPosition(3, 5)
            if let knots = number(7) { current.speed = knots * 0.514444 }
            current.track = number(8) ?? current.track
            setDate(field: 9)
            if let v = number(10) { current.magneticVariation = byte(11) == UInt8(ascii: "W") ? -v : v }
            if !current.invalid, current.latitude != nil { current.mode = max(current.mode, .twoD) }
        case Self.GLL:
            guard n >= 7 else { return false }
            begin(time: time(5), into: &events)
            if byte(6) == UInt8(ascii: "V") || byte(7) == UInt8(ascii: "N") { current.invalid = true }
            setPosition(1, 3)
            if !current.invalid, current.latitude != nil { current.mode = max(current.mode, .twoD) }
        case Self.GNS:
            guard n >= 10 else { return false }
            begin(time: time(1), into: &events)
            if !isEmpty(6), line[fields[6]].allSatisfy({ $0 == UInt8(ascii: "N") }) { current.invalid = true }
            setPosition(2, 4)
            current.satellitesUsed = integer(7) ?? current.satellitesUsed
            current.hdop = number(8) ?? current.hdop
            current.altitudeMSL = number(9) ?? current.altitudeMSL
            current.geoidSeparation = number(10) ?? current.geoidSeparation
            if !current.invalid, current.latitude != nil {
                current.mode = max(current.mode, current.altitudeMSL != nil ? .threeD : .twoD)
            }
        case Self.GSA:
            guard n >= 17 else { return false }
            // The fix type (1 none, 2 2D, 3 3D) rules over what the position sentences suggest.
            if let m = integer(2).flatMap(Location.Mode.init(rawValue:)) { gsaMode = m }
            current.hdop = number(16) ?? current.hdop
            current.vdop = number(17) ?? current.vdop
        case Self.GSV:
            guard n >= 4 else { return false }
        case Self.GST:
            guard n >= 9 else { return false }
            begin(time: time(1), into: &events)
            current.latitudeSigma = number(6)
            current.longitudeSigma = number(7)
            current.altitudeSigma = number(8)
        case Self.VTG:
            guard n >= 8 else { return false }
            current.track = current.track ?? number(1)
            // Knots carry more digits than km/h on most receivers; RMC's speed, when the epoch has one, stays.
            if current.speed == nil {
                if let knots = number(5) { current.speed = knots * 0.514444 } else if let kmh = number(7) { current.speed = kmh / 3.6 }
            }
        case Self.ZDA:
            guard n >= 5 else { return false }
            begin(time: time(1), into: &events)
            if let d = integer(2), let m = integer(3), let y = integer(4), (1...31).contains(d), (1...12).contains(m), y >= 1980 {
                date = DateComponents(year: y, month: m, day: d)
            }
        case Self.HDT, Self.THS:
            guard n >= 2 else { return false }
            if type == Self.THS, byte(2) == UInt8(ascii: "V") { return true }
            current.heading = number(1) ?? current.heading
        case Self.HDM, Self.HDG:
            guard n >= 2 else { return false }
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
    /// Midnight of the current date (computed once per date).
    private var midnightOf: (date: DateComponents, midnight: Date)?

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
        if let t = fix.timeOfDay, let d = date {
            // Midnight of the current date, computed once per date.
            if midnightOf?.date != d { midnightOf = Self.calendar.date(from: d).map { (d, $0) } }
            if let midnight = midnightOf?.midnight { fix.time = Self.correctWeekRollover(midnight.addingTimeInterval(t)) }
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

    private mutating func setDate(field i: Int) {
        guard !isEmpty(i), fields[i].count == 6 else { return }
        let r = fields[i].lowerBound
        func two(_ k: Int) -> Int? {
            let a = line[r + k], b = line[r + k + 1]
            guard a >= 0x30, a <= 0x39, b >= 0x30, b <= 0x39 else { return nil }
            return Int(a - 0x30) * 10 + Int(b - 0x30)
        }
        guard let d = two(0), let m = two(2), let y = two(4), (1...31).contains(d), (1...12).contains(m) else { return }
        date = DateComponents(year: y < 80 ? 2000 + y : 1900 + y, month: m, day: d)
    }

    /// Latitude at field `i` (N/S at i+1), longitude at `j` (E/W at j+1).
    private mutating func setPosition(_ i: Int, _ j: Int) {
        guard !isEmpty(i), !isEmpty(j), let a = degrees(i, degreeDigits: 2), let b = degrees(j, degreeDigits: 3) else { return }
        let ns = byte(i + 1), ew = byte(j + 1)
        guard ns == UInt8(ascii: "N") || ns == UInt8(ascii: "S"), ew == UInt8(ascii: "E") || ew == UInt8(ascii: "W") else { return }
        current.latitude = ns == UInt8(ascii: "S") ? -a : a
        current.longitude = ew == UInt8(ascii: "W") ? -b : b
    }

    /// `ddmm.mmmm` / `dddmm.mmmm` at field `i` → degrees.
    private func degrees(_ i: Int, degreeDigits: Int) -> Double? {
        let r = fields[i]
        guard r.count > degreeDigits + 1, let whole = Self.parseNumber(line[r.lowerBound..<(r.lowerBound + degreeDigits)]),
              let minutes = Self.parseNumber(line[(r.lowerBound + degreeDigits)..<r.upperBound]), minutes >= 0, minutes < 60
        else { return nil }
        let value = whole + minutes / 60
        return value <= (degreeDigits == 2 ? 90 : 180) ? value : nil
    }

    /// `hhmmss.sss` at field `i` → seconds since midnight.
    private func time(_ i: Int) -> Double? {
        guard !isEmpty(i), fields[i].count >= 6 else { return nil }
        let r = fields[i]
        guard let h = Self.parseNumber(line[r.lowerBound..<(r.lowerBound + 2)]),
              let m = Self.parseNumber(line[(r.lowerBound + 2)..<(r.lowerBound + 4)]),
              let sec = Self.parseNumber(line[(r.lowerBound + 4)..<r.upperBound]), h < 24, m < 60, sec < 61 else { return nil }
        return h * 3600 + m * 60 + sec
    }
}
