import Foundation
import IndoorCore
import Synchronization

/// Why a session is no longer held.
enum SessionEnd: Hashable, Sendable {
    case deleted
    case expired(idleSeconds: Double)

    var reason: String {
        switch self {
        case .deleted: "deleted"
        case .expired: "expired"
        }
    }
}

/// What `POST /v1/sessions/{id}/fixes` answers: the events the fixes caused (each as `follow --json` prints it),
/// the id of the session's last event, and whether the person has arrived.
struct FixesAnswer: Encodable, Sendable {
    let accepted: Int
    let events: [JSONValue]
    let lastEventID: Int
    let arrived: Bool

    enum CodingKeys: String, CodingKey {
        case accepted, events, arrived
        case lastEventID = "last_event_id"
    }
}

/// One navigation session: its core, its events' backlog and its followers, behind one lock (taken after a
/// follower's own, never before it).
final class Session: Sendable {
    let id: String
    let venueID: String
    /// The language its events' instructions and names are said in, and the languages of the names, best first.
    let language: InstructionLanguage
    let names: [String]
    private let state: Mutex<State>

    struct State {
        var core: NavigationCore
        /// The latest events, `id: n` and their JSON line, oldest first.
        var backlog: [(id: Int, line: String)] = []
        var lastID = 0
        var lastActive: Double
        var followers: [ObjectIdentifier: EventStream] = [:]
        var ended: SessionEnd?
    }

    init(id: String, venueID: String, core: consuming sending NavigationCore, language: InstructionLanguage, names: [String],
         at t: Double) {
        self.id = id
        self.venueID = venueID
        self.language = language
        self.names = names
        state = Mutex(State(core: core, lastActive: t))
    }

    var lastActive: Double { state.withLock { $0.lastActive } }
    var streams: [EventStream] { state.withLock { Array($0.followers.values) } }

    /// Feeds the fixes to the core and keeps the events in the backlog (at most `backlog` of them); then wakes the
    /// followers. Nil when the session has ended.
    func take(_ fixes: [Location], at t: Double, backlog limit: Int) -> FixesAnswer? {
        let answer = state.withLock { s -> FixesAnswer? in
            guard s.ended == nil else { return nil }
            var events: [NavigationEvent] = []
            var all: [JSONValue] = []
            for fix in fixes {
                events.removeAll(keepingCapacity: true)
                s.core.update(fix, into: &events)
                for event in events {
                    s.lastID += 1
                    let json = event.json(track: s.core.track, in: language, names: names)
                    s.backlog.append((s.lastID, NavigationEvent.line(json)))
                    all.append(json)
                }
            }
            if s.backlog.count > limit { s.backlog.removeFirst(s.backlog.count - limit) }
            s.lastActive = t
            return FixesAnswer(accepted: fixes.count, events: all, lastEventID: s.lastID, arrived: s.core.hasArrived)
        }
        if answer?.events.isEmpty == false { for stream in streams { stream.wake() } }
        return answer
    }

    /// The events after `cursor` still kept (and how many after it are no longer), and how the session ended.
    func events(after cursor: Int) -> (events: ArraySlice<(id: Int, line: String)>, lost: Int, ended: SessionEnd?) {
        state.withLock { s in
            let first = s.backlog.firstIndex { $0.id > cursor } ?? s.backlog.endIndex
            let lost = first < s.backlog.endIndex ? max(s.backlog[first].id - cursor - 1, 0) : 0
            return (s.backlog[first...], lost, s.ended)
        }
    }

    func add(_ stream: EventStream, max: Int) -> Bool {
        state.withLock { s in
            guard s.ended == nil, s.followers.count < max else { return false }
            s.followers[ObjectIdentifier(stream)] = stream
            return true
        }
    }

    /// Whether `stream` was a follower.
    func remove(_ stream: EventStream) -> Bool {
        state.withLock { $0.followers.removeValue(forKey: ObjectIdentifier(stream)) != nil }
    }

    /// Ends the session: its followers get an `end` event.
    func end(_ end: SessionEnd) {
        state.withLock { s in if s.ended == nil { s.ended = end } }
        for stream in streams { stream.wake() }
    }
}
