import Foundation
import IndoorBase
#if canImport(Glibc)
import Glibc
#endif

/// A source of bytes that can go away: a socket, a serial port.
protocol ByteSource: AnyObject {
    func read(timeoutMilliseconds: Int32) -> ByteReadResult
    func close()
}

enum ByteReadResult {
    case data([UInt8])
    case timeout
    /// The end of the stream: the peer closed it, the device went away.
    case closed
    /// A read error (errno): for a live source the same as going away; a replayed file reports it.
    case failed(Int32)
}

/// Turns the bytes of a live source into provider events: NMEA sentences, gpsd's JSON.
protocol StreamDecoder {
    mutating func feed(_ bytes: [UInt8]) -> [LocationEvent]
    /// The source went away: what the last bytes still hold.
    mutating func finish() -> [LocationEvent]
}

/// NMEA 0183 bytes → positions (one per epoch with a valid fix) and true or magnetic headings (HDT, THS, HDG, HDM).
struct NMEAStreamDecoder: StreamDecoder {
    var decoder: NMEADecoder

    init(lenient: Bool) {
        decoder = NMEADecoder(lenient: lenient)
    }

    mutating func feed(_ bytes: [UInt8]) -> [LocationEvent] { Self.events(decoder.feed(bytes)) }
    mutating func finish() -> [LocationEvent] { Self.events(decoder.finish()) }

    static func events(_ decoded: [NMEAEvent]) -> [LocationEvent] {
        var out: [LocationEvent] = []
        for case .fix(let fix) in decoded { out += fix.events() }
        return out
    }
}

/// Why a source could not be opened, in words that name it (`"/dev/ttyNOPE: cannot open: No such file or
/// directory"`), and whether trying again can help: a device file that does not exist, a port the user may not
/// open or a host name that does not resolve stay so until someone acts; a refused or unanswered connection may
/// be a server still starting.
struct OpenFailure: Error, Hashable, Sendable {
    /// What was tried, naming the source: `/dev/ttyNOPE: cannot open`.
    let what: String
    /// Why it failed, in the system's words: `No such file or directory`.
    let detail: String
    let permanent: Bool

    /// `what: detail`.
    var message: String { "\(what): \(detail)" }

    /// The system's words for `errno`, permanent for the errors no retry mends.
    static func system(_ what: String, errno code: Int32) -> OpenFailure {
        OpenFailure(what: what, detail: String(cString: strerror(code)),
                    permanent: [ENOENT, ENOTDIR, EISDIR, EACCES, EPERM, ENOTTY, ELOOP, ENAMETOOLONG].contains(code))
    }
}

/// Why a live source stopped for good. (Its ``ProviderStatus/failed(_:)`` status carries the same words.)
public enum SourceError: Error, Hashable, Sendable, LocalizedError {
    /// The source could not be opened at the first attempt, for a reason no retry mends (no such device,
    /// permission denied, not a serial port, an unknown host); `reason` names the source.
    case unavailable(reason: String)

    public var errorDescription: String? {
        switch self {
        case .unavailable(let reason): reason
        }
    }
}

/// The life of a live source, shared by the TCP, serial and gpsd providers: open → streaming → stalled (no data
/// for `stallTimeout` of the clock) → streaming again, or disconnected → reopened 1 s later; while it cannot be
/// opened, attempts back off 1, 2, 4, 8, 16 s, then every 16 s. Each `disconnected` status says why (the open
/// failure, or how the source ended: `ended`). A source that has never opened and fails for a reason no retry
/// mends (``OpenFailure/permanent``) is not retried: the stream gives `failed` and throws
/// ``SourceError/unavailable(reason:)`` — a device path mistyped fails at once, a device unplugged later is waited
/// for. Every complete line that arrived is decoded, even the epoch in flight when the source goes away. The
/// blocking calls run on the source's own ``SourceLane``.
enum LiveStream {
    static let backoff: [Duration] = [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16)]

    /// - Parameters:
    ///   - name: the source as the user gave it (`/dev/ttyUSB0`, `127.0.0.1:10110`), to name it in reasons.
    ///   - ended: what it means for this kind of source that reading ends (`the device went away`).
    static func events<C: Clock>(
        name: String, ended: String, clock: C, stallTimeout: Duration,
        decoder makeDecoder: @escaping @Sendable () -> any StreamDecoder,
        open: @escaping @Sendable () -> Result<any ByteSource, OpenFailure>
    ) -> AsyncThrowingStream<LocationEvent, any Error> where C.Duration == Duration {
        let (stream, continuation) = AsyncThrowingStream<LocationEvent, any Error>.makeStream()
        let task = Task {
            let lane = SourceLane()
            var failures = 0
            var everOpened = false
            while !Task.isCancelled {
                continuation.yield(.status(.connecting))
                if let failure = await lane.open(open) {
                    if failure.permanent && !everOpened {
                        continuation.yield(.status(.failed(failure.message)))
                        continuation.finish(throwing: SourceError.unavailable(reason: failure.message))
                        return
                    }
                    continuation.yield(.status(.disconnected(reason: failure.message)))
                    let delay = backoff[min(failures, backoff.count - 1)]
                    failures += 1
                    do { try await clock.sleep(for: delay) } catch { break }
                    continue
                }
                failures = 0
                everOpened = true
                continuation.yield(.status(.streaming))
                var decoder = makeDecoder()
                var lastData = clock.now
                var stalled = false
                var reason = "\(name): \(ended)"
                func deliver(_ events: [LocationEvent]) {
                    for event in events { continuation.yield(event) }
                }
                reading: while !Task.isCancelled {
                    switch await lane.read(timeoutMilliseconds: 20) {
                    case .data(let bytes):
                        // Streaming again before what the data holds.
                        if stalled {
                            stalled = false
                            continuation.yield(.status(.streaming))
                        }
                        deliver(decoder.feed(bytes))
                        lastData = clock.now
                    case .timeout:
                        if !stalled, lastData.duration(to: clock.now) >= stallTimeout {
                            stalled = true
                            continuation.yield(.status(.stalled))
                        }
                    case .closed:
                        break reading
                    case .failed(let code):
                        reason = "\(name): \(ended) (\(String(cString: strerror(code))))"
                        break reading
                    }
                }
                await lane.close()
                deliver(decoder.finish())
                if Task.isCancelled { break }
                continuation.yield(.status(.disconnected(reason: reason)))
                do { try await clock.sleep(for: backoff[0]) } catch { break }
            }
            await lane.close()
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Waits up to `timeout` ms for bytes on a descriptor.
    static func read(_ fd: Int32, timeoutMilliseconds: Int32) -> ByteReadResult {
        guard fd >= 0 else { return .closed }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&p, 1, timeoutMilliseconds)
        if ready == 0 { return .timeout }
        if ready < 0 { return errno == EINTR ? .timeout : .failed(errno) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if n > 0 { return .data(Array(buffer[0..<n])) }
        if n < 0 { return errno == EINTR || errno == EAGAIN ? .timeout : .failed(errno) }
        return .closed
    }
}

/// Where a live source's blocking calls run — opening it (name lookup, connect, baud hunting) and waiting for its
/// bytes: a serial dispatch queue of its own, never Swift's cooperative pool. The pool has a thread per core, and
/// one blocked on a silent receiver is a thread every other task of the process (the navigation engine, a second
/// provider, a test) waits for.
final class SourceLane: @unchecked Sendable {
    // (@unchecked: `source` is only touched on `queue`.)
    private let queue = DispatchQueue(label: "indoornav.live-source")
    private var source: (any ByteSource)?

    /// Opens a source with `make` on the lane (closing the one before); nil when it opened, else why not.
    func open(_ make: @escaping @Sendable () -> Result<any ByteSource, OpenFailure>) async -> OpenFailure? {
        await onLane {
            self.source?.close()
            self.source = nil
            switch make() {
            case .success(let source):
                self.source = source
                return nil
            case .failure(let failure):
                return failure
            }
        }
    }

    /// Waits up to `timeoutMilliseconds` for the open source's bytes; `.closed` when none is open.
    func read(timeoutMilliseconds: Int32) async -> ByteReadResult {
        await onLane { self.source?.read(timeoutMilliseconds: timeoutMilliseconds) ?? .closed }
    }

    func close() async {
        await onLane {
            self.source?.close()
            self.source = nil
        }
    }

    private func onLane<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body()) }
        }
    }
}

/// An open file descriptor (a connected socket, a serial port), owned: closed once.
final class DescriptorSource: ByteSource {
    private var fd: Int32

    init(owning fd: Int32) {
        self.fd = fd
    }

    func read(timeoutMilliseconds: Int32) -> ByteReadResult {
        LiveStream.read(fd, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Writes all of `bytes` (a command to a server); false when the descriptor is gone. A socket a peer has
    /// reset gives an error, never SIGPIPE (MSG_NOSIGNAL).
    func write(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { raw -> Int in
                let n = send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                return n < 0 && errno == ENOTSOCK ? Glibc.write(fd, raw.baseAddress, raw.count) : n
            }
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    deinit { close() }

    /// A file opened for reading; a failure (`PATH: cannot open: REASON`) when it cannot be, or is a directory.
    static func file(_ path: String) -> Result<any ByteSource, OpenFailure> {
        ReadableFile.descriptor(path)
            .map { DescriptorSource(owning: $0) }
            .mapError { OpenFailure(what: "\(path): cannot open", detail: $0.reason, permanent: true) }
    }

    /// The process's standard input (a copy of the descriptor: closing it leaves standard input open).
    static func standardInput() -> Result<any ByteSource, OpenFailure> {
        let fd = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0)
        return fd >= 0 ? .success(DescriptorSource(owning: fd)) : .failure(.system("standard input: cannot read", errno: errno))
    }

    /// How long one connection attempt may take: a host that drops the handshake would otherwise hold the lane
    /// for the kernel's two minutes before the next address or the backoff is tried.
    static let connectTimeoutMilliseconds: Int32 = 5000

    /// A TCP connection to `host` (a name or an address) and `port`, each address tried in turn for at most
    /// ``connectTimeoutMilliseconds``; when none can be made, why the last attempt failed (`HOST:PORT: cannot
    /// connect: Connection refused`). A name that does not resolve is a permanent failure; a refusal or a timeout
    /// is not (a server still starting).
    static func tcp(host: String, port: UInt16) -> Result<DescriptorSource, OpenFailure> {
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &result)
        guard resolved == 0, let first = result else {
            // (EAI_AGAIN: the name server did not answer, which may pass.)
            return .failure(OpenFailure(what: "\(address): cannot resolve \(host)", detail: String(cString: gai_strerror(resolved)),
                                        permanent: resolved != EAI_AGAIN && resolved != EAI_SYSTEM))
        }
        defer { freeaddrinfo(result) }
        var failure = OpenFailure(what: "\(address): cannot connect", detail: "no address", permanent: false)
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            // (Close-on-exec: a process started meanwhile must not keep the connection open.)
            let s = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
            if s < 0 {
                failure = OpenFailure(what: "\(address): cannot connect", detail: String(cString: strerror(errno)), permanent: false)
            } else {
                switch connect(s, to: info.pointee, timeoutMilliseconds: connectTimeoutMilliseconds) {
                case nil: return .success(DescriptorSource(owning: s))
                case let why?: failure = OpenFailure(what: "\(address): cannot connect", detail: why, permanent: false)
                }
                Glibc.close(s)
            }
            candidate = info.pointee.ai_next
        }
        return .failure(failure)
    }

    /// Connects `s` without blocking for longer than `timeoutMilliseconds`, then leaves it blocking again; nil when
    /// connected, else why not in the system's words.
    private static func connect(_ s: Int32, to info: addrinfo, timeoutMilliseconds: Int32) -> String? {
        func system(_ code: Int32) -> String { String(cString: strerror(code)) }
        let flags = fcntl(s, F_GETFL)
        guard flags >= 0, fcntl(s, F_SETFL, flags | O_NONBLOCK) == 0 else { return system(errno) }
        if Glibc.connect(s, info.ai_addr, info.ai_addrlen) != 0 {
            guard errno == EINPROGRESS else { return system(errno) }
            // A signal (a child process ending, say) interrupts poll, not the connection: wait out the rest.
            let deadline = ContinuousClock.now + .milliseconds(Int(timeoutMilliseconds))
            var p = pollfd(fd: s, events: Int16(POLLOUT), revents: 0)
            var ready: Int32
            repeat {
                let left = ContinuousClock.now.duration(to: deadline).components
                let milliseconds = max(0, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000)
                ready = poll(&p, 1, Int32(clamping: milliseconds))
            } while ready < 0 && errno == EINTR
            guard ready == 1 else { return ready == 0 ? "no answer within \(timeoutMilliseconds / 1000) s" : system(errno) }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(s, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return system(errno) }
            guard error == 0 else { return system(error) }
        }
        return fcntl(s, F_SETFL, flags) == 0 ? nil : system(errno)
    }
}
