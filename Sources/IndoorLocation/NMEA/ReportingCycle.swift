import IndoorBase

extension NMEADecoder {
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

    /// gpsd's reporting cycle: each sentence's update is merged into the fix in progress, and the fix is reported
    /// when the cycle ends. The end is learnt as gpsd learns it: a sentence whose time starts a new cycle makes the
    /// timed sentence before it an ender; until an ender is known, every sentence that changes the position, the
    /// mode or the attitude reports. gpsd's error model derives the speed from the fix before when no sentence
    /// gave one.
    struct ReportingCycle {
        /// The fix of the cycle in progress (gpsd's `gpsdata.fix`), and its mode in gpsd's numbers.
        private(set) var fix = NMEAFix()
        private(set) var mode = 0
        /// The last fix with a time (`lastfix`) and the last of an earlier time (`oldfix`).
        private(set) var lastFix = FixMemory()
        private(set) var oldFix = FixMemory()
        /// The last report of the cycle in progress, printed when the next cycle starts.
        private var reported: NMEAFix?
        /// The end-of-cycle detector: the last two cycle times, the last timed sentence, the learnt enders.
        private var cycleTime: Int64 = 0
        private var lastCycleTime: Int64 = 0
        private var lastTag: UInt64 = 0
        /// (A handful at most: an array is quicker to search than a set is to hash.)
        private var cycleEnders: [UInt64] = []
        private var cycleEndIsReliable = false
        private var cycleContinues = false

        /// A sentence's update, ended: the end-of-cycle detector, then the merge into the cycle's fix (its date
        /// `day`, days since 1970), then a report or not, into `events`.
        mutating func end(_ u: Update, tag: UInt64?, continues: Bool, day: Int?, into events: inout [NMEAEvent]) {
            var report = u.mask.contains(.report)
            var newMode = u.mode
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
            merge(u, mode: newMode, day: day)
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

        /// A receiver that reset: every sentence reports again until a cycle ender is learnt anew.
        mutating func forgetEnders() { cycleEndIsReliable = false }

        /// The end of the stream: the last report, if one is pending.
        mutating func finish() -> NMEAFix? {
            defer { reported = nil }
            return reported
        }

        /// Each field a sentence set replaces the cycle's.
        private mutating func merge(_ u: Update, mode newMode: Int, day: Int?) {
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
