import IndoorBase

/// The sentences NMEADecoder reads: each standard type (GGA, RMC, GLL, GNS, GSA, GST, VTG, ZDA, headings) and the
/// proprietary ones gpsd knows, field by field into an ``NMEADecoder/Update``, with the receiver's clock and date
/// and the positions they carry. The framing and checksums are NMEADecoder.swift's; the reporting cycle the
/// updates go through is ReportingCycle.swift's.
extension NMEADecoder {
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
    func standardTag(_ type: UInt32) -> UInt64? {
        guard let minimum = Self.gpsdMinimumFields(type), fields.count >= minimum else { return nil }
        return UInt64(type)
    }

    /// The identity of a proprietary sentence (its whole address), or nil when gpsd would not decode it.
    static func proprietaryTag(_ address: ArraySlice<UInt8>) -> UInt64? {
        guard address.count <= 7, let name = String(bytes: address, encoding: .ascii), gpsdProprietary.contains(name) else { return nil }
        return address.reduce(UInt64(1) << 56) { $0 << 8 | UInt64($1) }
    }

    /// - Returns: false when the sentence is not understood (unsupported types are counted separately).
    mutating func decode(_ type: UInt32, into events: inout [NMEAEvent]) -> Bool {
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
    mutating func gga(_ u: inout Update) {
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
    mutating func rmc(_ u: inout Update) {
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
            u.mode = cycle.lastFix.mode == 3 ? 3 : 2
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
        if satellitesInUse > 3 || cycle.fix.altitudeMSL != nil { u.mode = 3 }
    }

    /// GLL: position and time.
    mutating func gll(_ u: inout Update) {
        timed(5, &u)
        let status = byte(6)
        if status == UInt8(ascii: "A"), fields.count < 8 || byte(7) != UInt8(ascii: "N"), position(1, 3, &u) {
            if cycle.fix.altitudeMSL != nil || satellitesInUse > 3 {
                u.mode = 3
            } else if cycle.mode < 2 || !cycle.oldFix.hasAltitude {
                u.mode = 2
            }
        } else {
            if status != UInt8(ascii: "A") { u.invalid = true }
            u.mode = 1
        }
        u.mask.insert(.mode)
    }

    /// GNS: time, position, altitude; 3D with an altitude and more than 3 satellites.
    mutating func gns(_ u: inout Update) {
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
    mutating func gsa(_ u: inout Update) {
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
    mutating func proprietary(_ u: inout Update) -> Bool {
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
    func clock(_ i: Int) -> Int64? {
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
    mutating func mergeClock(_ i: Int) -> Int64? {
        guard let t = clock(i) else { return nil }
        let hour = t / 3_600_000_000_000
        // (Bounded: a stream of hours going back and forth cannot push the date past the year 4700.)
        if hour < clockHour, let d = day, d < 1_000_000 { day = d + 1 }
        clockHour = hour
        return t
    }

    /// A fix's time at field `i`: a cycle's time; the fix's time too once a date is known.
    mutating func timed(_ i: Int, _ u: inout Update) {
        guard let t = mergeClock(i) else { return }
        register(t, &u)
        if day != nil { u.mask.insert(.time) }
    }

    /// The time of the sentence, for the end-of-cycle detector (and the fix's time of day).
    func register(_ t: Int64, _ u: inout Update) {
        u.timeOfDay = t
        u.registersTime = true
    }

    /// A receiver that reset (an RMC or GGA without a time): the date is forgotten, the fix loses its time, and
    /// every sentence reports again until a cycle ender is learnt anew.
    mutating func forgetDate(_ u: inout Update) {
        day = nil
        clockHour = 0
        cycle.forgetEnders()
        u.timeOfDay = nil
        u.mask.formUnion([.time, .report])
    }

    /// `ddmmyy` at field `i`; false when not a date.
    mutating func setDate(field i: Int) -> Bool {
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
    mutating func setDate(year: Int, month: Int, day d: Int) {
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
    func position(_ i: Int, _ j: Int, _ u: inout Update) -> Bool {
        guard !isEmpty(i), !isEmpty(j), let a = degrees(i, degreeDigits: 2), let b = degrees(j, degreeDigits: 3) else { return false }
        let ns = byte(i + 1), ew = byte(j + 1)
        guard ns == UInt8(ascii: "N") || ns == UInt8(ascii: "S"), ew == UInt8(ascii: "E") || ew == UInt8(ascii: "W") else { return false }
        u.latitude = ns == UInt8(ascii: "S") ? -a : a
        u.longitude = ew == UInt8(ascii: "W") ? -b : b
        u.mask.insert(.position)
        return true
    }

    /// `ddmm.mmmm` / `dddmm.mmmm` at field `i` → degrees.
    func degrees(_ i: Int, degreeDigits: Int) -> Double? {
        let r = fields[i]
        guard r.count > degreeDigits + 1, let whole = DecimalNumber.parse(line[r.lowerBound..<(r.lowerBound + degreeDigits)]),
              let minutes = DecimalNumber.parse(line[(r.lowerBound + degreeDigits)..<r.upperBound]), minutes >= 0, minutes < 60
        else { return nil }
        let value = whole + minutes / 60
        return value <= (degreeDigits == 2 ? 90 : 180) ? value : nil
    }

    // MARK: The end of a sentence

    /// After a sentence: its update through gpsd's reporting cycle. `tag` is nil for a sentence gpsd has no decoder
    /// for; `continues` marks GLL, which may end a cycle after untimed sentences.
    mutating func endSentence(_ u: Update, tag: UInt64?, continues: Bool = false, isGSA: Bool = false,
                              into events: inout [NMEAEvent]) {
        if !isGSA { lastGSATalker = 0 }
        cycle.end(u, tag: tag, continues: continues, day: day, into: &events)
    }

    /// A sentence that changes nothing in the fix, through the cycle detector.
    mutating func endQuietSentence(tag: UInt64?, into events: inout [NMEAEvent]) {
        endSentence(Self.quiet, tag: tag, into: &events)
    }

    private static let quiet = Update()
}
