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
    var line: [UInt8] { framer.line }
    var lineNumber = 0
    /// Counts of skipped lines by reason.
    public internal(set) var skipped: [NMEASkipReason: Int] = [:]
    /// The number of sentences decoded so far (skipped lines not counted).
    public internal(set) var sentences = 0
    /// The number of non-empty lines read so far (sentences and skipped lines).
    public var lines: Int { lineNumber }
    /// The first date sent before 2000 that was taken as a GPS week rollover and moved 1024 weeks on (so it can be
    /// said: a receiver's date is changed by 19.6 years).
    public internal(set) var firstRollover: DateRollover?
    /// How many dates were moved on so in all.
    public internal(set) var rollovers = 0

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
        if let fix = cycle.finish() { events.append(.fix(fix)) }
        return events
    }

    mutating func skip(_ reason: NMEASkipReason, into events: inout [NMEAEvent]) {
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

    var fields: [Range<Int>] = []

    func isEmpty(_ i: Int) -> Bool { i >= fields.count || fields[i].isEmpty }

    /// The first byte of a field (0 when empty).
    func byte(_ i: Int) -> UInt8 { isEmpty(i) ? 0 : line[fields[i].lowerBound] }

    func number(_ i: Int) -> Double? {
        guard !isEmpty(i) else { return nil }
        return DecimalNumber.parse(line[fields[i]])
    }

    func integer(_ i: Int) -> Int? {
        guard !isEmpty(i), fields[i].count <= 9 else { return nil }
        var v = 0
        for b in line[fields[i]] {
            guard b >= 0x30, b <= 0x39 else { return nil }
            v = v * 10 + Int(b - 0x30)
        }
        return v
    }

    // MARK: State

    /// gpsd's reporting cycle: the fix in progress, the end-of-cycle detector, the reports (ReportingCycle.swift).
    var cycle = ReportingCycle()
    /// The receiver's date (days since 1970) and the hour of its clock, for midnight rollovers.
    var day: Int?
    var clockHour: Int64 = 0
    /// Satellites in use (GSA), and the GSA/GGA bookkeeping gpsd keeps.
    var satellitesInUse = 0
    var lastGSATalker: UInt8 = 0
    var seenOtherGSA = false
    var lastGGATalker: UInt8 = 0
    var lastGGATime: [UInt8] = []
    var latchMode = false
}
