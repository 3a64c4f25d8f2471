import IndoorBase
import IndoorLocation
import IndoorNavigation
import IndoorRouting
import IndoorVenue

/// Live guidance in words: the engine's steps, progress and events said in an ``InstructionLanguage``.
extension RouteTrack.Step {
    /// The step in words, as the itinerary's step says it (``ItineraryStep/instruction(in:names:)``).
    public func instruction(in language: InstructionLanguage, names: [String]? = nil) -> String {
        maneuver.instruction(landmark: landmark, then: then, arrival: arrival, in: language, names: names)
    }
}

extension RouteTrack {
    /// What is ahead at `progress`, in words: the instruction of the maneuver ahead; on the last step, its arrival
    /// ("You reach Relay on your left"), or its instruction when it has none.
    public func instructionAhead(_ progress: NavigationProgress, in language: InstructionLanguage, names: [String]? = nil) -> String {
        let k = progress.maneuverStep
        guard k >= 0, k < steps.count else { return "" }
        if k == progress.stepIndex, let arrival = steps[k].arrival { return arrival.instruction(in: language, names: names) }
        return steps[k].instruction(in: language, names: names)
    }

    /// The instruction after the one ahead, in words; `nil` when that one is the last.
    public func instructionAfter(_ progress: NavigationProgress, in language: InstructionLanguage, names: [String]? = nil) -> String? {
        progress.nextStep.flatMap { $0 >= 0 && $0 < steps.count ? steps[$0].instruction(in: language, names: names) : nil }
    }
}

extension NavigationEvent {
    /// The event as JSON (stable keys, for `follow --json`, recordings and the service's live guidance), its
    /// instructions and names said in `language` (names in the first of `names` they have).
    /// - Parameter track: the route the event is about (the engine's ``NavigationCore/track`` as it emitted the
    ///   event), whose steps the instructions are; without it, steps go without words.
    public func json(track: RouteTrack?, in language: InstructionLanguage = .en, names: [String]? = nil) -> JSONValue {
        func step(_ k: Int) -> RouteTrack.Step? { track.flatMap { k >= 0 && k < $0.steps.count ? $0.steps[k] : nil } }
        func n(_ x: Double) -> JSONValue { .number((x * 100).rounded() / 100) }
        var o: [String: JSONValue] = ["event": .string(name)]
        switch self {
        case .started(let p), .progress(let p):
            o["distance_remaining"] = n(p.distanceRemaining)
            o["duration_remaining"] = n(p.durationRemaining)
            o["fraction"] = .number((p.fractionTraveled * 1000).rounded() / 1000)
            o["step"] = .number(Double(p.stepIndex))
            o["leg"] = .number(Double(p.legIndex))
            if let track { o["instruction"] = .string(track.instructionAhead(p, in: language, names: names)) }
            o["distance_to_maneuver"] = n(p.distanceToManeuver)
            o["level"] = .number(p.levelOrdinal)
            if let l = p.levelChangeAhead { o["level_change_ahead"] = .number(l) }
            o["lon"] = .number((p.matched.longitude * 1e7).rounded() / 1e7)
            o["lat"] = .number((p.matched.latitude * 1e7).rounded() / 1e7)
            o["off_route_distance"] = n(p.matchedDistance)
            if let a = p.accuracy, a.isFinite { o["accuracy"] = n(a) }
            if let c = p.course, c.isFinite { o["course"] = .number((c * 10).rounded() / 10) }
        case .located(let f):
            o["lon"] = .number((f.coordinate.longitude * 1e7).rounded() / 1e7)
            o["lat"] = .number((f.coordinate.latitude * 1e7).rounded() / 1e7)
            o["level"] = f.levelOrdinal.map { .number($0) } ?? .null
            o["space"] = f.spaceID.map { .string($0) } ?? .null
            o["nearest_poi"] = f.nearestPOI.map { .string($0) } ?? .null
            if let name = f.levelName { o["level_name"] = .string(name.text(in: language, names: names)) }
            if let name = f.spaceName { o["space_name"] = .string(name.text(in: language, names: names)) }
            if let name = f.nearestPOIName { o["nearest_poi_name"] = .string(name.text(in: language, names: names)) }
        case .stepChanged(let index):
            o["step"] = .number(Double(index))
            if let s = step(index) { o["instruction"] = .string(s.instruction(in: language, names: names)) }
        case .approachingManeuver(let k, let distance):
            o["step"] = .number(Double(k))
            o["distance"] = n(distance)
            if let s = step(k) { o["instruction"] = .string(s.instruction(in: language, names: names)) }
        case .levelChanged(let from, let to):
            o["from"] = from.map { .number($0) } ?? .null
            o["to"] = .number(to)
        case .offRoute(let reason):
            switch reason {
            case .distance(let metres, let threshold, let fixes):
                o["reason"] = .string("distance")
                o["distance"] = n(metres)
                o["threshold"] = n(threshold)
                o["fixes"] = .number(Double(fixes))
            case .heading(let metres, let degrees):
                o["reason"] = .string("heading")
                o["distance"] = n(metres)
                o["degrees"] = n(degrees)
            case .level(let believed, let route):
                o["reason"] = .string("level")
                o["level"] = .number(believed)
                o["route_level"] = .number(route)
            }
        case .rerouted(let distance, let duration):
            o["distance"] = n(distance)
            o["duration"] = n(duration)
        case .rerouteFailed(let failure):
            o["reason"] = .string(failure.description)
        case .arrived(let level):
            o["level"] = .number(level)
        case .signalLost(let after), .signalRegained(let after):
            o["after"] = n(after)
        case .providerStatus(let status):
            o["status"] = .string(status.name)
            if let reason = status.reason { o["reason"] = .string(reason) }
        }
        return .object(o)
    }

    /// ``json(track:in:names:)`` as one line with sorted keys: what `follow --json` prints and a recording holds.
    public func jsonLine(track: RouteTrack?, in language: InstructionLanguage = .en, names: [String]? = nil) -> String {
        Self.line(json(track: track, in: language, names: names))
    }

    /// An event's JSON (``json(track:in:names:)``) as one line with sorted keys; `{"event": …}` alone should it
    /// not encode. For a caller that keeps both the value and the line.
    public static func line(_ json: JSONValue) -> String {
        (try? JSONWriter.encode(json, pretty: false)).map { String(decoding: $0, as: UTF8.self) }
            ?? #"{"event":"\#(json["event"]?.stringValue ?? "")"}"#
    }
}
