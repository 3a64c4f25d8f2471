import Foundation
import IndoorCore
import Synchronization

/// One follower of a session's events, as Server-Sent Events (the WHATWG HTML standard, §9.2): `id:` and `data:`
/// lines per event (the data is the event as `follow --json` prints it), `: keep-alive` comments while quiet, and
/// an `event: end` when the session ends. Socket-free: the HTTP server pulls bytes with `read(into:park:)`, and
/// parks the connection when there are none until `wake()`.
public final class EventStream: Sendable {
    let session: Session
    private let sessions: NavigationSessions
    private let state: Mutex<State>

    private struct State {
        /// The id of the last event written.
        var cursor: Int
        /// Bytes made and not yet read, from `sent`.
        var pending: [UInt8] = Array("retry: 3000\n\n".utf8)
        var sent = 0
        var lastWrite: Double
        var keepAliveDue = false
        /// Why the stream ends (after the events still to send), and whether the `end` event is made.
        var finish: String?
        var endWritten = false
        /// Whether the connection is parked, and how to unpark it.
        var parked = false
        var unpark: (@Sendable () -> Void)?
        var detached = false
    }

    init(session: Session, sessions: NavigationSessions, cursor: Int, at t: Double) {
        self.session = session
        self.sessions = sessions
        state = Mutex(State(cursor: cursor, lastWrite: t))
    }

    /// How the connection is unparked (set by the HTTP server before the first read).
    func onWake(_ unpark: @escaping @Sendable () -> Void) {
        state.withLock { $0.unpark = unpark }
    }

    /// Copies the next bytes of the stream into `buffer`.
    /// - Parameter park: called, under the stream's lock, when there is nothing to send: the connection is parked
    ///   until ``wake()`` unparks it (never before `park` has returned).
    /// - Returns: the bytes written; 0 when parked; nil when the stream has ended.
    func read(into buffer: UnsafeMutableRawBufferPointer, park: () -> Void) -> Int? {
        state.withLock { s -> Int? in
            if s.sent == s.pending.count {
                s.pending.removeAll(keepingCapacity: true)
                s.sent = 0
                fill(&s)
            }
            if s.sent < s.pending.count {
                let n = min(buffer.count, s.pending.count - s.sent)
                s.pending.withUnsafeBytes { source in
                    guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
                    to.copyMemory(from: from + s.sent, byteCount: n)
                }
                s.sent += n
                s.lastWrite = sessions.now()
                return n
            }
            if s.endWritten { return nil }
            s.parked = true
            park()
            return 0
        }
    }

    /// Makes the next bytes: the events after the cursor, then the end, or a keep-alive.
    private func fill(_ s: inout State) {
        let (events, lost, ended) = session.events(after: s.cursor)
        if lost > 0 { s.pending += Array(": \(lost) earlier events are no longer kept\n\n".utf8) }
        for event in events {
            s.pending += Array("id: \(event.id)\ndata: \(event.line)\n\n".utf8)
            s.cursor = event.id
        }
        let reason = ended?.reason ?? s.finish
        if s.pending.isEmpty, let reason, !s.endWritten {
            s.pending = Array("event: end\ndata: {\"reason\":\"\(reason)\"}\n\n".utf8)
            s.endWritten = true
        } else if s.pending.isEmpty, s.keepAliveDue {
            s.pending = Array(": keep-alive\n\n".utf8)
        }
        s.keepAliveDue = false
    }

    /// New bytes may be there: unparks the connection if it is parked.
    func wake() {
        state.withLock { s in
            guard s.parked, !s.detached, let unpark = s.unpark else { return }
            s.parked = false
            unpark()
        }
    }

    /// Schedules a keep-alive comment if nothing was written for `interval` seconds.
    func keepAlive(at t: Double, every interval: Double) {
        let due = state.withLock { s in
            guard t - s.lastWrite >= interval else { return false }
            s.keepAliveDue = true
            s.lastWrite = t
            return true
        }
        if due { wake() }
    }

    /// Ends the stream after the events still to send, with an `end` event saying `reason`.
    func finish(reason: String) {
        state.withLock { s in if s.finish == nil { s.finish = reason } }
        wake()
    }

    /// The connection is gone: the stream stops counting as a follower.
    func detach() {
        let first = state.withLock { s in
            defer { s.detached = true }
            return !s.detached
        }
        if first { sessions.remove(self) }
    }
}
