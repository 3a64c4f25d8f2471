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
// (In the whole parallel run on two cores, tests that wait on real processes took up to 150 s of which a few were
// their own: their suites' time limits are 8 minutes.)

/// A wait on a real process that ran out: the condition never held.
public struct SettleTimeout: Error, CustomStringConvertible, Sendable {
    /// How long the wait could last.
    public let limit: Duration
    /// Whether it ended early because the test was cancelled.
    public let cancelled: Bool
    /// The file of the wait (`#fileID`).
    public let fileID: String
    /// The line of the wait.
    public let line: Int

    /// Where the wait was and why it ended, as a test's failure says it.
    public var description: String {
        "\(fileID):\(line): the condition did not hold " + (cancelled ? "before the test was cancelled" : "within \(limit)")
    }
}

/// Waits until `condition` holds, for at most `limit` (or until the test is cancelled, as by its time limit),
/// looking every millisecond: the pause leaves the real process the CPU.
/// - Throws: ``SettleTimeout`` when the condition never held, so that the test fails there, not at a later
///   expectation that would not say what was waited for (or, worse, passes).
public func settleOnRealProcess(within limit: Duration = .seconds(60), fileID: String = #fileID, line: Int = #line,
                                _ condition: () -> Bool) async throws(SettleTimeout) {
    guard await waitOnRealProcess(for: limit, condition) else {
        throw SettleTimeout(limit: limit, cancelled: Task.isCancelled, fileID: fileID, line: line)
    }
}

/// Waits until `condition` holds, for at most `limit` (or until the test is cancelled), looking every
/// millisecond; for a wait whose running out is an answer (a pause in which nothing should happen).
///
/// `limit` is time this wait was given to look: a pause in which it was not run at all (every runner thread busy
/// with other tests' computing, for seconds on two cores) counts as 10 ms, so that a starved wait does not run
/// out before it has looked again — the test's own time limit still ends it.
/// - Returns: whether the condition held.
@discardableResult
public func waitOnRealProcess(for limit: Duration, _ condition: () -> Bool) async -> Bool {
    var waited = Duration.zero
    var last = ContinuousClock.now
    while !condition() {
        guard waited < limit, !Task.isCancelled else { return false }
        try? await Task.sleep(for: .milliseconds(1))
        let now = ContinuousClock.now
        waited += min(now - last, .milliseconds(10))
        last = now
    }
    return true
}

/// Waits until a started child process has exited. One still running after `limit` (or when the test is
/// cancelled) is killed (SIGKILL), with its process group (Foundation starts a child in a group of its own, so a
/// shell's pipeline goes with it), and false is returned, so that the test fails on it rather than the run hanging.
@discardableResult
public func waitForExit(_ process: Process, limit: Duration = .seconds(180)) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while process.isRunning {
        guard ContinuousClock.now < deadline, !Task.isCancelled else {
            kill(-process.processIdentifier, SIGKILL)
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

/// A reader that ends early gives a writer EPIPE rather than SIGPIPE, which would end the whole test process.
/// (Children started afterwards inherit it; the `indoornav` binary handles EPIPE itself.)
public func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
}

/// Writes to `handle` on a thread of its own, then closes it: `body` gets a write function that returns false
/// once the reader has gone (EPIPE), so the writer stops instead of trapping or blocking.
public func writeOnAThread(to handle: FileHandle, _ body: @escaping @Sendable (_ write: (Data) -> Bool) -> Void) {
    ignoreBrokenPipes()
    let writer = Thread {
        body { data in (try? handle.write(contentsOf: data)) != nil }
        try? handle.close()
    }
    writer.start()
}

/// A pipe to read through a path (`/dev/fd/N`), which opens at once — a FIFO's open waits for its other end, on
/// whichever thread opens it. Both ends are close-on-exec, so a child another test starts meanwhile never holds
/// the pipe open; the read end this object keeps is closed with it (a writer still writing then gets EPIPE).
public final class PathPipe: Sendable {
    /// The read end, as a path.
    public let path: String
    /// The write end.
    public let writer: FileHandle
    private let readDescriptor: Int32

    public init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw CocoaError(.fileWriteUnknown) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readDescriptor = fds[0]
        path = "/dev/fd/\(fds[0])"
        writer = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
    }

    deinit { close(readDescriptor) }
}

/// Whether this process ignores `sig` (as under `nohup`, or a shell's background job): its children inherit
/// that, and a command keeps a signal ignored at its start ignored, so a test that sends it one cannot pass.
public func isIgnoredHere(_ sig: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(sig, nil, &current) == 0 else { return false }
    // SIG_IGN is the handler value 1.
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1
}

/// The write end of a FIFO that `reader` reads, opened once the reader has its end open (a FIFO's open waits for
/// the other end, on whichever thread calls it — here nothing blocks), then blocking and close-on-exec; nil when
/// the reader ended first or the wait ran out. A reader that goes away gives EPIPE (``ignoreBrokenPipes()``).
public func openForWriting(fifo path: String, readBy reader: Process) async -> FileHandle? {
    ignoreBrokenPipes()
    var descriptor: Int32 = -1
    await waitOnRealProcess(for: .seconds(60)) {
        // Fails (ENXIO) until the reader has opened its end.
        descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        return descriptor >= 0 || !reader.isRunning
    }
    guard descriptor >= 0 else { return nil }
    guard fcntl(descriptor, F_SETFL, 0) == 0 else {
        close(descriptor)
        return nil
    }
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
}
