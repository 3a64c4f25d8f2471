import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// SIGINT and SIGTERM, caught for the commands that stream or run long (`follow`, `simulate`): they stop at the
/// next whole step, flush what was complete (whole JSON lines, finished sessions) and exit 130 or 143, as a shell
/// expects. Other commands keep the default: they are short, and every line they print is written whole.
enum Interruption {
    private static let received = Atomic<Int32>(0)
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// The signal that arrived, if one did.
    static var signal: Int32? {
        let s = received.load(ordering: .relaxed)
        return s == 0 ? nil : s
    }

    /// The exit status for the signal that arrived.
    static var status: ExitStatus? {
        signal.map { $0 == SIGTERM ? .terminated : .interrupted }
    }

    /// Catches SIGINT and SIGTERM from now on; `handler` runs (on a background queue) at the first one.
    static func install(_ handler: @escaping @Sendable (Int32) -> Void = { _ in }) {
        for sig in [SIGINT, SIGTERM] {
            Glibc.signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                if received.compareExchange(expected: 0, desired: sig, ordering: .relaxed).exchanged { handler(sig) }
                // A second Ctrl-C stops at once, if the first one's orderly stop is stuck.
                Glibc.signal(SIGINT, SIG_DFL)
                Glibc.signal(SIGTERM, SIG_DFL)
            }
            source.resume()
            sources.append(source)
        }
    }
}
