import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// SIGINT, SIGTERM and SIGHUP (a closed terminal, a dropped ssh session), caught for the commands that stream or
/// run long (`follow`, `simulate`): they stop at the next whole step, flush what was complete (whole JSON lines,
/// finished sessions) and exit 128 + the signal (130, 143, 129), as a shell expects. A signal ignored when the
/// command starts stays ignored (`nohup`, a shell's background job). Other commands keep the default: they are
/// short, and every line they print is written whole.
enum Interruption {
    private static let received = Atomic<Int32>(0)
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    static let caught = [SIGINT, SIGTERM, SIGHUP]

    /// The signal that arrived, if one did.
    static var signal: Int32? {
        let s = received.load(ordering: .relaxed)
        return s == 0 ? nil : s
    }

    /// The exit status for the signal that arrived.
    static var status: ExitStatus? {
        signal.map {
            switch $0 {
            case SIGTERM: .terminated
            case SIGHUP: .hungUp
            default: .interrupted
            }
        }
    }

    /// Catches the signals from now on; `handler` runs (on a background queue) at the first one.
    static func install(_ handler: @escaping @Sendable (Int32) -> Void = { _ in }) {
        for sig in caught where !ignoredAtStart.contains(sig) {
            Glibc.signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                if received.compareExchange(expected: 0, desired: sig, ordering: .relaxed).exchanged { handler(sig) }
                // A second signal stops at once, if the first one's orderly stop is stuck.
                for s in caught where !ignoredAtStart.contains(s) { Glibc.signal(s, SIG_DFL) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The signals ignored when the process started, read before ``install(_:)`` ignores the ones it catches (to
    /// take them from a dispatch source instead).
    private static let ignoredAtStart: Set<Int32> = Set(caught.filter { sig in
        var current = sigaction()
        guard sigaction(sig, nil, &current) == 0 else { return false }
        // SIG_IGN is the handler value 1.
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1
    })
}
