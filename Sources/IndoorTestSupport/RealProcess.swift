import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Waiting for what is on the other side of a test — socat, gpsd, the `indoornav` binary, a loopback peer — without
// holding one of the test runner's threads: there is one per core, every async test of the run shares them, and a
// thread blocked in `waitUntilExit` or `accept` starves the rest (on two cores, for as long as the wait lasts).
// The wall clock only bounds these waits, so that a broken peer fails its test instead of hanging the run; it never
// paces what is tested. The bounds are generous: on two cores the runner's threads can all be busy with other
// tests' computing for tens of seconds, and a wait that expires early fails a test that was only waiting its turn.

/// Waits until `condition` holds, for at most `limit` (or until the test is cancelled, as by its time limit),
/// looking every millisecond: the pause leaves the real process the CPU.
public func settleOnRealProcess(within limit: Duration = .seconds(60), _ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + limit
    while !condition(), ContinuousClock.now < deadline, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
}

/// Waits until a started child process has exited. One still running after `limit` (or when the test is
/// cancelled) is killed (SIGKILL) and false is returned, so that the test fails on it rather than the run hanging.
@discardableResult
public func waitForExit(_ process: Process, limit: Duration = .seconds(180)) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while process.isRunning {
        guard ContinuousClock.now < deadline, !Task.isCancelled else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return false
        }
        try? await Task.sleep(for: .milliseconds(5))
    }
    // Foundation has reaped it; this only collects the status it recorded.
    process.waitUntilExit()
    return true
}
