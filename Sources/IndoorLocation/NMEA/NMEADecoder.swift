import Foundation
import IndoorBase

/// Why an NMEA line was not used.
public enum NMEASkipReason: String, Hashable, Sendable, CaseIterable {
    /// The `*hh` checksum does not match the sentence.
    case badChecksum = "bad-checksum"
    /// No `*hh` checksum, and the decoder is not ``NMEADecoder/lenient``.
    case missingChecksum = "missing-checksum"
    /// Longer than ``NMEADecoder/maximumLineLength`` bytes.
    case tooLong = "too-long"
    /// Cut short: a checksum of fewer than two hex digits, or too few fields.
    case truncated
    /// Bytes that are not text: binary protocol frames, or a wrong baud rate.
    case binaryGarbage = "binary-garbage"
    /// Text with no `$` or `!` sentence start.
    case noise
    /// A proprietary `$P…` sentence that does not change the fix.
    case proprietary
    /// A sentence type not decoded (AIS `!` sentences, types not in the list above).
    case unsupported
    /// A sentence type decoded, but its fields cannot be read (a short address, fields that are not numbers).
    case malformed
}

/// What the decoder hands out.
public enum NMEAEvent: Hashable, Sendable {
    /// An epoch's merged fix, emitted when the next epoch begins (or at the end of the stream).
    case fix(NMEAFix)
    /// A line that was not used, and why (line numbers count from 1).
    case skipped(line: Int, reason: NMEASkipReason)
}

/// A streaming NMEA 0183 decoder: bytes in, in chunks of any size; fixes out — the fixes gpsd would report.
///
/// Lines end in LF, CRLF or CRCRLF; a sentence starts at `$` or `!` (the decoder resynchronises there, so a line
/// prefixed with garbage is still read); checksums are required unless ``lenient``. Sentences (any talker: GP,
/// GN, GL, GA, GB, BD, QZ, IN…): GGA, RMC, GLL, GNS, GSA, GSV, GST, VTG, ZDA, HDT, HDG, HDM, THS; of proprietary
/// `$P…` sentences, those that change gpsd's fix (Garmin `PGRMZ`, `PGRMF`, Magellan `PMGNST`, SkyTraq `PSTI,030`,
/// SiRF `PSRFEPE`) and IndoorNav's `$PINAV,LVL,<ordinal>` (the level of the epoch); others are skipped and counted.
///
/// What makes an epoch, which sentence wins for each field and when a fix is reported at all follow gpsd's NMEA
/// driver and the core that merges its sentences (gpsd 3.2x, `driver_nmea0183.c` and `libgpsd_core.c`, read and
/// written anew here), so the positions are those gpsd reports on receivers neither has seen before:
///
/// - **Time as sent.** A time field `hhmmss[.s…]` is kept as integers (``NMEAFix/timeOfDayNanoseconds``): the
///   printed time has the sentence's own digits (`$GNRMC,135651.997,…` is `…T13:56:51.997Z`).
/// - **No date, no time.** Only RMC (status A, with its date field) and ZDA give a date; until one has, epochs have
///   no ``NMEAFix/time`` (gpsd prints none). A receiver that resets (`$GPRMC,,V,…` or `$GPGGA,,,,,,0,…` without a
///   time) forgets the date, and epochs have no time again until the next date.
/// - **Dates roll over** when the hour of a time goes back (midnight passed); a two-digit year is 19xx from 80, and
///   a date before 2000 is moved 1024 weeks on (a 10-bit GPS week counter that wrapped).
/// - **Reporting cycles.** A sentence whose time of day differs by more than 10 ms from the last timed one starts a
///   cycle, and the cycle's fields start empty. The type of timed sentence seen just before a new cycle begins is
///   learnt as the cycle ender (a GLL, which may follow untimed sentences, is moved along to them); once one is
///   known, a fix is reported only when an ender arrives. Before then (and after a receiver reset), every sentence
///   that sets a position, a mode or an attitude reports. Cycles never reported are not printed: a 10 Hz stream
///   loses the cycle on which its ender is learnt, and a stream cut before its ender loses its last cycle.
/// - **One object per cycle and time of day:** the fix of the cycle's last report, printed when the next cycle
///   starts (or at the end); a cycle whose sentences' times are a few milliseconds apart is printed at each. Headings,
///   GST sigmas, DOPs and IndoorNav's level sentence that arrive after the report still join it.
/// - **Which sentence wins:** within a cycle each sentence overwrites the fields it sets, in arrival order (a VTG
///   after RMC gives the speed; a VTG with an empty track, or mode E or N, gives nothing).
/// - **Mode.** GGA: 2D with a position and at least 3 satellites, 3D with an altitude and at least 4, no fix
///   otherwise. GNS: 2D, 3D with an altitude and more than 3 satellites. RMC: 2D, or 3D when GSA counted more
///   than 3 satellites in use or the fix already has an altitude. GLL: 3D when the fix has an altitude or more than
///   3 satellites are used. GSA: its fix type — but a 3D fix with an altitude is never downgraded to 2D by a later
///   sentence, and a GPGSA is ignored once other constellations' GSAs have been seen. Void statuses (RMC V, GLL V,
///   GNS N, too few satellites) give no fix.
/// - **Speed** comes from RMC or VTG; when a cycle has none, it is the distance from the previous cycle's position
///   (WGS 84 ellipsoid, Vincenty) over the time between them, as gpsd computes it.
public struct NMEADecoder {
    /// Accept sentences without a checksum (some receivers send none); a checksum present must still match.
    public var lenient: Bool
    /// The longest line read: NMEA says 82 characters, receivers send more (NMEA 4.x, proprietary).
    public static let maximumLineLength = 256

    private var framer = LineFramer(maximumLength: NMEADecoder.maximumLineLength, carriageReturnEnds: true)
    /// The line being decoded.
    private var line: [UInt8] { framer.line }
    private var lineNumber = 0
    /// Counts of skipped lines by reason.
    public private(set) var skipped: [NMEASkipReason: Int] = [:]
    /// The number of sentences decoded so far (skipped lines not counted).
    public private(set) var sentences = 0
    /// The number of non-empty lines read so far (sentences and skipped lines).
    public var lines: Int { lineNumber }
    /// The first date sent before 2000 that was taken as a GPS week rollover and moved 1024 weeks on (so it can be
    /// said: a receiver's date is changed by 19.6 years).
    public private(set) var firstRollover: DateRollover?
    /// How many dates were moved on so in all.
    public private(set) var rollovers = 0

    /// A date moved on by a GPS week rollover: the line it was on, the date sent and the date taken (both
    /// `yyyy-mm-dd`).
    public struct DateRollover: Hashable, Sendable {
        /// The line the date was on (from 1).
        public let line: Int
        /// The date as the receiver sent it.
        public let sent: String
        /// The date taken, 1024 weeks later.
        public let taken: String
    }

    /// A decoder at the start of a stream; `lenient` accepts sentences without a checksum.
    public init(lenient: Bool = false) {
        self.lenient = lenient
    }

    /// Decodes the next bytes of the stream.
    /// - Complexity: O(n) in the bytes given.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [NMEAEvent] where Bytes.Element == UInt8 {
        var events: [NMEAEvent] = []
        LineFramer.withBuffer(bytes) { buffer in
            var i = 0
            while framer.take(buffer, from: &i) {
                if framer.isPending { endLine(into: &events) }
            }
        }
        return events
    }

    /// Ends the stream: the last line and the last epoch.
    public mutating func finish() -> [NMEAEvent] {
        var events: [NMEAEvent] = []
        if framer.isPending { endLine(into: &events) }
        if let fix = reported { events.append(.fix(fix)) }
        reported = nil
        return events
    }

    private mutating func skip(_ reason: NMEASkipReason, into events: inout [NMEAEvent]) {
        skipped[reason, default: 0] += 1
        events.append(.skipped(line: lineNumber, reason: reason))
    }

    private mutating func endLine(into events: inout [NMEAEvent]) {
        lineNumber += 1
        defer { framer.clear() }
        if framer.overflowed { return skip(.tooLong, into: &events) }
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
                // (Printable is 0x20...0x7E: one unsigned comparison.)
                if c &- 0x20 > 0x5E { return .binary }
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
        // `!` starts encapsulated data (AIS): another driver for gpsd, nothing to its NMEA reporting cycles.
        if address.lowerBound > 0, line[address.lowerBound - 1] == UInt8(ascii: "!") { return skip(.unsupported, into: &events) }
        if line[address.lowerBound] == UInt8(ascii: "P") {
            // IndoorNav's own `$PINAV,LVL,<ordinal>*hh`: the level, from a simulator or an indoor positioning
            // bridge, for the epoch in progress. Other proprietary sentences are skipped (gpsd's reporting cycle
            // still sees them pass).
            var update = Update()
            let tag = Self.proprietaryTag(line[address])
            if line[address].elementsEqual("PINAV".utf8), fields.count >= 3, line[fields[1]].elementsEqual("LVL".utf8),
               let level = number(2) {
                update.levelOrdinal = level
                sentences += 1
            } else if tag != nil, proprietary(&update) {
                sentences += 1
            } else {
                skip(.proprietary, into: &events)
            }
            return endSentence(update, tag: tag, into: &events)
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
        return DecimalNumber.parse(line[fields[i]])
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

    // MARK: Sentences

    static func code(_ s: StaticString) -> UInt32 {
        let p = s.utf8Start
        return UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
    }

    static let GGA = code("GGA"), RMC = code("RMC"), GLL = code("GLL"), GNS = code("GNS"), GSA = code("GSA"),
               GSV = code("GSV"), GST = code("GST"), VTG = code("VTG"), ZDA = code("ZDA"), HDT = code("HDT"),
               THS = code("THS"), HDM = code("HDM"), HDG = code("HDG"), GBS = code("GBS")

    /// Standard sentences gpsd has a decoder for, with the fewest fields it reads them with: they take part in its
    /// end-of-cycle detection under their own name; a sentence it has no decoder for (or too few fields) leaves it
    /// as it was.
    static func gpsdMinimumFields(_ type: UInt32) -> Int? {
        switch type {
        case GGA, GNS: 13
        case BWC: 12
        case GSA: 18
        case RMC, GST: 8
        case GLL, DBT, GBS: 7
        case VTG, TXT: 5
        case ZDA: 4
        case DTM: 2
        case HDT: 1
        case GSV, HDG, THS, MWD, MWV: 0
        default: nil
        }
    }

    static let BWC = code("BWC"), DBT = code("DBT"), DTM = code("DTM"), TXT = code("TXT"), MWD = code("MWD"), MWV = code("MWV")

    /// Proprietary sentences gpsd has a decoder for (none of them registers a time it uses for cycles).
    static let gpsdProprietary: Set<String> = [
        "PGLOR", "PGRME", "PGRMF", "PGRMM", "PGRMZ", "PASHR", "PMGNST", "PMTK", "PMTK001", "PMTK424", "PMTK705",
        "PSRFEPE", "PSTI", "PTNTA", "PTNTHTM",
    ]

    /// The cycle-detector identity of a standard sentence: its type, or nil when gpsd would not decode it.
    private func standardTag(_ type: UInt32) -> UInt64? {
        guard let minimum = Self.gpsdMinimumFields(type), fields.count >= minimum else { return nil }
        return UInt64(type)
    }

    /// The identity of a proprietary sentence (its whole address), or nil when gpsd would not decode it.
    static func proprietaryTag(_ address: ArraySlice<UInt8>) -> UInt64? {
        guard address.count <= 7, let name = String(bytes: address, encoding: .ascii), gpsdProprietary.contains(name) else { return nil }
        return address.reduce(UInt64(1) << 56) { $0 << 8 | UInt64($1) }
    }

    /// - Returns: false when the sentence is not understood (unsupported types are counted separately).
    private mutating func decode(_ type: UInt32, into events: inout [NMEAEvent]) -> Bool {
        let n = fields.count
        // The most frequent sentences change nothing in a fix: they only pass gpsd's cycle detector (the
        // decoder's own empty update is reused for them).
        switch type {
        case Self.GSV:
            guard n >= 4 else { return false }
            endQuietSentence(tag: standardTag(type), into: &events)
            return true
        case Self.GGA, Self.RMC, Self.GLL, Self.GNS, Self.GSA, Self.GST, Self.VTG, Self.ZDA, Self.HDT, Self.THS, Self.HDM,
             Self.HDG, Self.GBS:
            break
        default:
            skipped[.unsupported, default: 0] += 1
            events.append(.skipped(line: lineNumber, reason: .unsupported))
            sentences -= 1
            endQuietSentence(tag: standardTag(type), into: &events)
            return true
        }
        var u = Update()
        switch type {
        case Self.GGA:
            guard n >= 10 else { return false }
            gga(&u)
        case Self.RMC:
            guard n >= 10 else { return false }
            rmc(&u)
        case Self.GLL:
            guard n >= 7 else { return false }
            gll(&u)
        case Self.GNS:
            guard n >= 10 else { return false }
            gns(&u)
        case Self.GSA:
            guard n >= 17 else { return false }
            gsa(&u)
        case Self.GST:
            guard n >= 9 else { return false }
            u.latitudeSigma = number(6)
            u.longitudeSigma = number(7)
            u.altitudeSigma = number(8)
        case Self.VTG:
            guard n >= 8 else { return false }
            // gpsd reads the true track and the knots; an empty one, or mode E (estimated) or N, gives nothing.
            if let track = number(1), let knots = number(5), !(n > 9 && (byte(9) == UInt8(ascii: "E") || byte(9) == UInt8(ascii: "N"))) {
                u.track = track
                u.speed = knots * Self.knots
                u.mask.formUnion([.track, .speed])
            }
        case Self.ZDA:
            guard n >= 5 else { return false }
            if !isEmpty(1), !isEmpty(2), !isEmpty(3), !isEmpty(4), let t = mergeClock(1),
               let d = integer(2), let m = integer(3), let y = integer(4), (1900...2200).contains(y), (1...12).contains(m), (1...31).contains(d) {
                setDate(year: y, month: m, day: d)
                register(t, &u)
                u.mask.insert(.time)
            }
        case Self.HDT, Self.THS:
            guard n >= 2 else { return false }
            if type == Self.THS, byte(2) == UInt8(ascii: "V") { break }
            if let h = number(1), (0...360).contains(h) {
                u.heading = h
                // gpsd reports HDT as an attitude; it ignores THS.
                if type == Self.HDT { u.mask.insert(.attitude) }
            }
        case Self.HDM, Self.HDG:
            guard n >= 2 else { return false }
            u.magneticHeading = number(1)
        case Self.GBS:
            // Not decoded, but its time starts gpsd's cycles like a fix's.
            skipped[.unsupported, default: 0] += 1
            events.append(.skipped(line: lineNumber, reason: .unsupported))
            sentences -= 1
            if !isEmpty(1), let t = clock(1) { register(t, &u) }
        default:
            break
        }
        endSentence(u, tag: standardTag(type), continues: type == Self.GLL, isGSA: type == Self.GSA, into: &events)
        return true
    }

    static let knots = 1852.0 / 3600.0

    /// GGA: time, position, altitude; the mode from the satellites used.
    private mutating func gga(_ u: inout Update) {
        let quality = isEmpty(6) ? nil : integer(6) ?? 0
        u.quality = quality
        if quality == 0 {
            u.invalid = true
            if isEmpty(1) { forgetDate(&u) }
        }
        // A receiver repeating its last GGA (the same time, from the same talker) has lost lock: its GSAs are not
        // believed until the time moves (gpsd's "latch mode").
        let talker = line[fields[0].lowerBound + 1]
        if lastGGATalker != 0, lastGGATalker != talker {
            latchMode = false
        } else {
            latchMode = line[fields[1]].elementsEqual(lastGGATime)
        }
        lastGGATalker = talker
        if latchMode {
            u.mode = 1
            u.mask.insert(.mode)
        } else {
            lastGGATime.removeAll(keepingCapacity: true)
            lastGGATime.append(contentsOf: line[fields[1]])
        }
        let satellites = integer(7) ?? 0
        u.satellitesUsed = integer(7)
        timed(1, &u)
        if position(2, 4, &u) {
            u.mode = 2
            u.geoidSeparation = number(11)
            if let altitude = number(9) {
                u.altitudeMSL = altitude
                u.mask.insert(.altitude)
                if satellites >= 4 { u.mode = 3 }
            }
            if satellites < 3 { u.mode = 1 }
        } else {
            u.mode = 1
        }
        u.mask.insert(.mode)
        if let h = number(8), h < 99 { u.hdop = h }
    }

    /// RMC: time and date, position, speed, track, magnetic variation.
    private mutating func rmc(_ u: inout Update) {
        let status = byte(2)
        guard status == UInt8(ascii: "A") || status == UInt8(ascii: "D") else {
            u.invalid = true
            u.mode = 1
            u.mask.insert(.mode)
            if isEmpty(1) || isEmpty(9) { forgetDate(&u) }
            return
        }
        if !isEmpty(1), !isEmpty(9), let t = mergeClock(1), setDate(field: 9) {
            register(t, &u)
            u.mask.insert(.time)
        }
        if position(3, 5, &u) {
            u.mode = lastFix.mode == 3 ? 3 : 2
        } else {
            u.mode = 1
        }
        u.mask.insert(.mode)
        if let knots = number(7) {
            u.speed = knots * Self.knots
            u.mask.insert(.speed)
        }
        if let track = number(8) {
            u.track = track
            u.mask.insert(.track)
        }
        if let v = number(10), !isEmpty(11), abs(v) > 0.09 {
            u.magneticVariation = byte(11) == UInt8(ascii: "W") ? -v : v
            u.mask.insert(.magneticVariation)
        }
        // RMC has no fix type: 3D when GSA counted more than 3 satellites in use, or the fix has an altitude.
        if satellitesInUse > 3 || fix.altitudeMSL != nil { u.mode = 3 }
    }

    /// GLL: position and time.
    private mutating func gll(_ u: inout Update) {
        timed(5, &u)
        let status = byte(6)
        if status == UInt8(ascii: "A"), fields.count < 8 || byte(7) != UInt8(ascii: "N"), position(1, 3, &u) {
            if fix.altitudeMSL != nil || satellitesInUse > 3 {
                u.mode = 3
            } else if mode < 2 || !oldFix.hasAltitude {
                u.mode = 2
            }
        } else {
            if status != UInt8(ascii: "A") { u.invalid = true }
            u.mode = 1
        }
        u.mask.insert(.mode)
    }

    /// GNS: time, position, altitude; 3D with an altitude and more than 3 satellites.
    private mutating func gns(_ u: inout Update) {
        timed(1, &u)
        let faa = byte(6)
        guard faa != 0, faa != UInt8(ascii: "N") else {
            u.invalid = true
            u.mode = 1
            u.mask.insert(.mode)
            return
        }
        // NMEA 4.1 navigational status: unsafe or not valid.
        if byte(13) == UInt8(ascii: "U") || byte(13) == UInt8(ascii: "V") { return }
        u.satellitesUsed = integer(7)
        if position(2, 4, &u) {
            u.mode = 2
            if let altitude = number(9) {
                u.altitudeMSL = altitude
                u.mask.insert(.altitude)
                if (integer(7) ?? 0) > 3 { u.mode = 3 }
            }
            u.geoidSeparation = number(10)
        } else {
            u.mode = 1
        }
        u.mask.insert(.mode)
        if let h = number(8), h < 99 { u.hdop = h }
    }

    /// GSA: the fix type and the satellites in use (accumulated over one run of GSAs, per constellation).
    private mutating func gsa(_ u: inout Update) {
        let talker = line[fields[0].lowerBound + 1]
        let previousTalker = lastGSATalker
        // (Shorter than 18 fields, gpsd does not decode it at all.)
        guard fields.count >= 18 else { return }
        if !latchMode {
            if byte(2) != UInt8(ascii: "E") {
                u.mode = integer(2) ?? 0
                u.mask.insert(.mode)
            }
            if fields.count <= 19 {
                if let h = number(16), h < 99 { u.hdop = h }
                if let v = number(17), v < 99 { u.vdop = v }
            }
            if previousTalker == 0 || (previousTalker == talker && talker != UInt8(ascii: "N")) { satellitesInUse = 0 }
            // (gpsd counts every numbered field from the 3rd to the 4th last, PRN or not.)
            for k in 3..<(fields.count - 3) where (integer(k) ?? 0) >= 1 { satellitesInUse += 1 }
            lastGSATalker = talker
            if "ABDILNQZ".utf8.contains(talker) { seenOtherGSA = true }
        }
        if seenOtherGSA, talker == UInt8(ascii: "P") {
            u.mask.remove(.mode)
        } else if previousTalker != UInt8(ascii: "N"), talker == UInt8(ascii: "N") {
            u.mask.insert(.mode)
        }
    }

    /// The proprietary sentences that change gpsd's fix: Garmin's `$PGRMZ` (altitude in feet, fix type) and
    /// `$PGRMF` (fix data: date and time, position, fix type, speed in km/h, track), Magellan's `$PMGNST` (which
    /// gpsd reads as "no fix" whatever it says: it looks one field too far), SkyTraq's `$PSTI,030` (time, date,
    /// position, altitude) and SiRF's `$PSRFEPE` (a time that counts for cycles, and the HDOP).
    /// - Returns: false for other sentences.
    private mutating func proprietary(_ u: inout Update) -> Bool {
        let address = line[fields[0]]
        if address.elementsEqual("PGRMF".utf8) {
            guard fields.count >= 15 else { return false }
            if let t = mergeClock(4), setDate(field: 3) {
                u.timeOfDay = t
                u.mask.insert(.time)
            }
            guard byte(10) == UInt8(ascii: "A") else { return true }
            _ = position(6, 8, &u)
            if let m = integer(11), (0...2).contains(m) {
                u.mode = m + 1
                u.mask.insert(.mode)
            }
            u.speed = (number(12) ?? 0) / 3.6
            u.track = number(13) ?? 0
            u.mask.formUnion([.speed, .track])
            return true
        }
        if address.elementsEqual("PSTI".utf8), fields.count >= 14, line[fields[1]].elementsEqual("030".utf8) {
            // SkyTraq's recommended minimum 3D data: RMC's time, date and position with GGA's altitude.
            if byte(3) == UInt8(ascii: "V") || byte(13) == UInt8(ascii: "N") {
                u.invalid = true
                u.mode = 1
                u.mask.insert(.mode)
            } else if byte(3) == UInt8(ascii: "A") {
                if !isEmpty(2), !isEmpty(12), let t = mergeClock(2), setDate(field: 12) {
                    register(t, &u)
                    u.mask.insert(.time)
                }
                if position(4, 6, &u) {
                    u.mode = 2
                    if let altitude = number(8) {
                        u.altitudeMSL = altitude
                        u.mask.insert(.altitude)
                        u.mode = 3
                    }
                    u.mask.insert(.mode)
                }
            }
            return true
        }
        if address.elementsEqual("PSRFEPE".utf8) {
            guard fields.count >= 7 else { return false }
            timed(1, &u)
            if byte(2) == UInt8(ascii: "A"), let h = number(3) { u.hdop = h }
            return true
        }
        if address.elementsEqual("PGRMZ".utf8) {
            if byte(2) == UInt8(ascii: "f"), !isEmpty(1), let feet = number(1) {
                u.altitudeMSL = feet.rounded(.towardZero) * 0.3048
                u.mask.insert(.altitude)
            }
            if let m = integer(3), (1...3).contains(m) {
                u.mode = m
                u.mask.insert(.mode)
            }
            return true
        }
        if address.elementsEqual("PMGNST".utf8) {
            u.mode = 1
            u.mask.insert(.mode)
            return true
        }
        return false
    }

    // MARK: Time and date

    /// `hhmmss[.s…]` at field `i` → nanoseconds since midnight, exactly (nil when not a time).
    private func clock(_ i: Int) -> Int64? {
        guard !isEmpty(i) else { return nil }
        let r = fields[i]
        guard r.count >= 6 else { return nil }
        var hms: (Int64, Int64, Int64) = (0, 0, 0)
        for k in stride(from: 0, to: 6, by: 2) {
            let a = line[r.lowerBound + k], b = line[r.lowerBound + k + 1]
            guard a >= 0x30, a <= 0x39, b >= 0x30, b <= 0x39 else { return nil }
            let v = Int64(a - 0x30) * 10 + Int64(b - 0x30)
            if k == 0 { hms.0 = v } else if k == 2 { hms.1 = v } else { hms.2 = v }
        }
        guard hms.0 < 24, hms.1 < 60, hms.2 < 61 else { return nil }
        var nanoseconds: Int64 = 0
        if r.count > 6 {
            guard line[r.lowerBound + 6] == UInt8(ascii: "."), r.count <= 16 else { return nil }
            var scale: Int64 = 100_000_000
            for k in (r.lowerBound + 7)..<r.upperBound {
                let b = line[k]
                guard b >= 0x30, b <= 0x39 else { return nil }
                nanoseconds += Int64(b - 0x30) * scale
                scale /= 10
            }
        }
        return ((hms.0 * 60 + hms.1) * 60 + hms.2) * 1_000_000_000 + nanoseconds
    }

    /// Reads a time of day into the receiver's clock: an hour earlier than the last one read is the next day.
    private mutating func mergeClock(_ i: Int) -> Int64? {
        guard let t = clock(i) else { return nil }
        let hour = t / 3_600_000_000_000
        // (Bounded: a stream of hours going back and forth cannot push the date past the year 4700.)
        if hour < clockHour, let d = day, d < 1_000_000 { day = d + 1 }
        clockHour = hour
        return t
    }

    /// A fix's time at field `i`: a cycle's time; the fix's time too once a date is known.
    private mutating func timed(_ i: Int, _ u: inout Update) {
        guard let t = mergeClock(i) else { return }
        register(t, &u)
        if day != nil { u.mask.insert(.time) }
    }

    /// The time of the sentence, for the end-of-cycle detector (and the fix's time of day).
    private func register(_ t: Int64, _ u: inout Update) {
        u.timeOfDay = t
        u.registersTime = true
    }

    /// A receiver that reset (an RMC or GGA without a time): the date is forgotten, the fix loses its time, and
    /// every sentence reports again until a cycle ender is learnt anew.
    private mutating func forgetDate(_ u: inout Update) {
        day = nil
        clockHour = 0
        cycleEndIsReliable = false
        u.timeOfDay = nil
        u.mask.formUnion([.time, .report])
    }

    /// `ddmmyy` at field `i`; false when not a date.
    private mutating func setDate(field i: Int) -> Bool {
        guard !isEmpty(i), fields[i].count == 6 else { return false }
        let r = fields[i].lowerBound
        func two(_ k: Int) -> Int? {
            let a = line[r + k], b = line[r + k + 1]
            guard a >= 0x30, a <= 0x39, b >= 0x30, b <= 0x39 else { return nil }
            return Int(a - 0x30) * 10 + Int(b - 0x30)
        }
        guard let d = two(0), let m = two(2), let y = two(4), (1...31).contains(d), (1...12).contains(m) else { return false }
        setDate(year: y < 80 ? 2000 + y : 1900 + y, month: m, day: d)
        return true
    }

    /// Receivers with a 10-bit GPS week counter report dates 1024 weeks (19.6 years) early after a rollover
    /// (the last in April 2019): a date before 2000 is moved forward by 1024 weeks.
    private mutating func setDate(year: Int, month: Int, day d: Int) {
        let days = NMEAFix.days(year: year, month: month, day: d)
        guard days < 10_957 else {
            day = days
            return
        }
        day = days + 1024 * 7
        rollovers += 1
        if firstRollover == nil {
            func text(_ days: Int) -> String {
                let c = NMEAFix.civil(fromDays: days)
                func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
                return "\(c.year)-\(two(c.month))-\(two(c.day))"
            }
            firstRollover = DateRollover(line: lineNumber, sent: text(days), taken: text(days + 1024 * 7))
        }
    }

    // MARK: Positions

    /// Latitude at field `i` (N/S at i+1), longitude at `j` (E/W at j+1); false when there is none.
    private func position(_ i: Int, _ j: Int, _ u: inout Update) -> Bool {
        guard !isEmpty(i), !isEmpty(j), let a = degrees(i, degreeDigits: 2), let b = degrees(j, degreeDigits: 3) else { return false }
        let ns = byte(i + 1), ew = byte(j + 1)
        guard ns == UInt8(ascii: "N") || ns == UInt8(ascii: "S"), ew == UInt8(ascii: "E") || ew == UInt8(ascii: "W") else { return false }
        u.latitude = ns == UInt8(ascii: "S") ? -a : a
        u.longitude = ew == UInt8(ascii: "W") ? -b : b
        u.mask.insert(.position)
        return true
    }

    /// `ddmm.mmmm` / `dddmm.mmmm` at field `i` → degrees.
    private func degrees(_ i: Int, degreeDigits: Int) -> Double? {
        let r = fields[i]
        guard r.count > degreeDigits + 1, let whole = DecimalNumber.parse(line[r.lowerBound..<(r.lowerBound + degreeDigits)]),
              let minutes = DecimalNumber.parse(line[(r.lowerBound + degreeDigits)..<r.upperBound]), minutes >= 0, minutes < 60
        else { return nil }
        let value = whole + minutes / 60
        return value <= (degreeDigits == 2 ? 90 : 180) ? value : nil
    }

    // MARK: Reporting cycles

    /// What one sentence changes (gpsd's `newdata` and its mask).
    struct Update {
        struct Changes: OptionSet {
            let rawValue: UInt16
            static let time = Changes(rawValue: 1), position = Changes(rawValue: 2), mode = Changes(rawValue: 4),
                       altitude = Changes(rawValue: 8), speed = Changes(rawValue: 16), track = Changes(rawValue: 32),
                       magneticVariation = Changes(rawValue: 64), attitude = Changes(rawValue: 128),
                       report = Changes(rawValue: 256)
        }

        var mask: Changes = []
        /// The sentence's time of day, when it has one that counts for cycles.
        var timeOfDay: Int64?
        var registersTime = false
        /// gpsd's mode numbers: 0 not seen, 1 no fix, 2, 3.
        var mode = 0
        var latitude = 0.0, longitude = 0.0
        var altitudeMSL: Double?, geoidSeparation: Double?
        var speed: Double?, track: Double?, magneticVariation: Double?
        // Kept beside gpsd's fields, whenever given.
        var quality: Int?, satellitesUsed: Int?, hdop: Double?, vdop: Double?
        var latitudeSigma: Double?, longitudeSigma: Double?, altitudeSigma: Double?
        var heading: Double?, magneticHeading: Double?, levelOrdinal: Double?
        var invalid = false

        var hasAccessories: Bool {
            hdop != nil || vdop != nil || latitudeSigma != nil || longitudeSigma != nil || altitudeSigma != nil
                || heading != nil || magneticHeading != nil || levelOrdinal != nil
        }
    }

    /// What gpsd remembers of a fix to judge the next: its time, mode, position and whether it had an altitude.
    struct FixMemory {
        var time: Int64?
        var mode = 0
        var latitude: Double?, longitude: Double?
        var hasAltitude = false
    }

    /// The fix of the cycle in progress (gpsd's `gpsdata.fix`), and its mode in gpsd's numbers.
    private var fix = NMEAFix()
    private var mode = 0
    /// The last fix with a time (`lastfix`) and the last of an earlier time (`oldfix`).
    private var lastFix = FixMemory()
    private var oldFix = FixMemory()
    /// The last report of the cycle in progress, printed when the next cycle starts.
    private var reported: NMEAFix?
    /// The receiver's date (days since 1970) and the hour of its clock, for midnight rollovers.
    private var day: Int?
    private var clockHour: Int64 = 0
    /// The end-of-cycle detector: the last two cycle times, the last timed sentence, the learnt enders.
    private var cycleTime: Int64 = 0
    private var lastCycleTime: Int64 = 0
    private var lastTag: UInt64 = 0
    /// (A handful at most: an array is quicker to search than a set is to hash.)
    private var cycleEnders: [UInt64] = []
    private var cycleEndIsReliable = false
    private var cycleContinues = false
    /// Satellites in use (GSA), and the GSA/GGA bookkeeping gpsd keeps.
    private var satellitesInUse = 0
    private var lastGSATalker: UInt8 = 0
    private var seenOtherGSA = false
    private var lastGGATalker: UInt8 = 0
    private var lastGGATime: [UInt8] = []
    private var latchMode = false

    /// After a sentence: gpsd's end-of-cycle detector, then the merge into the cycle's fix, then a report or not.
    /// `tag` is nil for a sentence gpsd has no decoder for; `continues` marks GLL, which may end a cycle after
    /// untimed sentences.
    private mutating func endSentence(_ u: Update, tag: UInt64?, continues: Bool = false, isGSA: Bool = false,
                                      into events: inout [NMEAEvent]) {
        var report = u.mask.contains(.report)
        var newMode = u.mode
        if !isGSA { lastGSATalker = 0 }
        if tag != nil { cycleContinues = continues }
        let thisTag = tag ?? 0
        var startsCycle = false
        if u.registersTime, let t = u.timeOfDay {
            lastCycleTime = cycleTime
            cycleTime = t
            if abs(cycleTime - lastCycleTime) > 10_000_000 {
                startsCycle = true
                if lastTag != 0, !cycleEnders.contains(lastTag), !cycleContinues {
                    cycleEnders.append(lastTag)
                    cycleEndIsReliable = true
                }
            }
        } else if cycleContinues {
            cycleEnders.removeAll { $0 == lastTag }
            if !cycleEnders.contains(thisTag) { cycleEnders.append(thisTag) }
            cycleEndIsReliable = true
        }
        if u.registersTime || cycleContinues, cycleEnders.contains(thisTag) { report = true }
        if u.registersTime { lastTag = thisTag }
        // A 3D fix with an altitude is not downgraded by a sentence that still has a fix.
        if u.mask.contains(.mode), mode == 3, u.mode != 1, lastFix.hasAltitude || oldFix.hasAltitude { newMode = 3 }

        if startsCycle {
            if let fix = reported { events.append(.fix(fix)) }
            reported = nil
            fix = NMEAFix()
            mode = 0
        }
        merge(u, mode: newMode)
        // (gpsd runs its error model after every sentence; after one that changed nothing it changes nothing.)
        if !u.mask.isEmpty || u.timeOfDay != nil { modelErrors() }
        if report || (!cycleEndIsReliable && !u.mask.isDisjoint(with: [.position, .mode, .attitude])) {
            var snapshot = fix
            snapshot.mode = Location.Mode(rawValue: mode) ?? .noFix
            if mode < 2 {
                snapshot.latitude = nil
                snapshot.longitude = nil
            }
            // A cycle whose sentences carry times a few milliseconds apart is reported at each of them, as gpsd does
            // (a report that only adds the date to the same time of day replaces the one before).
            if let earlier = reported, earlier.timeOfDayNanoseconds != snapshot.timeOfDayNanoseconds
                || (earlier.day != snapshot.day && snapshot.day == nil) {
                events.append(.fix(earlier))
            }
            reported = snapshot
        } else if u.hasAccessories {
            // Late news for the cycle already reported: headings, sigmas, DOPs, the level (in place).
            reported?.addAccessories(u)
        }
    }

    /// A sentence that changes nothing in the fix, through the cycle detector.
    private mutating func endQuietSentence(tag: UInt64?, into events: inout [NMEAEvent]) {
        endSentence(Self.quiet, tag: tag, into: &events)
    }

    private static let quiet = Update()

    /// Each field a sentence set replaces the cycle's.
    private mutating func merge(_ u: Update, mode newMode: Int) {
        if u.mask.contains(.time) {
            fix.timeOfDayNanoseconds = u.timeOfDay
            fix.day = u.timeOfDay == nil ? nil : day
        } else if let t = u.timeOfDay, fix.day == nil {
            // Without a date gpsd has no time; the time of day is kept for pacing a replay.
            fix.timeOfDayNanoseconds = t
        }
        if u.mask.contains(.position) {
            fix.latitude = u.latitude
            fix.longitude = u.longitude
        }
        if u.mask.contains(.mode) { mode = newMode }
        if u.mask.contains(.altitude) { fix.altitudeMSL = u.altitudeMSL }
        if let g = u.geoidSeparation { fix.geoidSeparation = g }
        if u.mask.contains(.speed) { fix.speed = u.speed }
        if u.mask.contains(.track) { fix.track = u.track }
        if u.mask.contains(.magneticVariation) { fix.magneticVariation = u.magneticVariation }
        fix.quality = u.quality ?? fix.quality
        fix.satellitesUsed = u.satellitesUsed ?? fix.satellitesUsed
        if u.invalid { fix.invalid = true }
        fix.addAccessories(u)
    }

    /// gpsd's error model, for what it derives: the speed from the previous fix when no sentence gave one.
    private mutating func modelErrors() {
        guard let d = fix.day, let t = fix.timeOfDayNanoseconds else { return }
        let now = Int64(d) * 86_400_000_000_000 + t
        var dt = Double(now - (lastFix.time ?? 0)) / 1e9
        if abs(dt) > 0.0099 {
            oldFix = lastFix
        } else {
            dt = Double(now - (oldFix.time ?? 0)) / 1e9
        }
        if dt > 0, mode >= 2, oldFix.mode >= 2, fix.speed == nil, let lat = fix.latitude, let lon = fix.longitude,
           let oldLat = oldFix.latitude, let oldLon = oldFix.longitude {
            let speed = Geodesy.distance(lat, lon, oldLat, oldLon) / dt
            if speed.isFinite, speed <= 9999.9 { fix.speed = speed }
        }
        lastFix = FixMemory(time: now, mode: mode, latitude: fix.latitude, longitude: fix.longitude, hasAltitude: fix.altitudeMSL != nil)
    }
}

extension NMEAFix {
    /// What a sentence adds beside gpsd's fields: DOPs, GST sigmas, headings, the level.
    fileprivate mutating func addAccessories(_ u: NMEADecoder.Update) {
        hdop = u.hdop ?? hdop
        vdop = u.vdop ?? vdop
        latitudeSigma = u.latitudeSigma ?? latitudeSigma
        longitudeSigma = u.longitudeSigma ?? longitudeSigma
        altitudeSigma = u.altitudeSigma ?? altitudeSigma
        heading = u.heading ?? heading
        magneticHeading = u.magneticHeading ?? magneticHeading
        levelOrdinal = u.levelOrdinal ?? levelOrdinal
    }
}
