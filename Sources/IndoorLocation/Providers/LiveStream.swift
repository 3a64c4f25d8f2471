import Foundation
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
    case closed
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

/// The life of a live source, shared by the TCP, serial and gpsd providers: open → streaming → stalled (no data
/// for `stallTimeout` of the clock) → streaming again, or disconnected → reopened 1 s later; while it cannot be
/// opened, attempts back off 1, 2, 4, 8, 16 s, then every 16 s. Every complete line that arrived is decoded, even the epoch in flight when the source
/// goes away.
enum LiveStream {
    static let backoff: [Duration] = [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16)]

    static func events<C: Clock>(
        clock: C, stallTimeout: Duration, decoder makeDecoder: @escaping @Sendable () -> any StreamDecoder,
        open: @escaping @Sendable () -> (any ByteSource)?
    ) -> AsyncThrowingStream<LocationEvent, any Error> where C.Duration == Duration {
        let (stream, continuation) = AsyncThrowingStream<LocationEvent, any Error>.makeStream()
        let task = Task {
            var failures = 0
            while !Task.isCancelled {
                continuation.yield(.status(.connecting))
                guard let source = open() else {
                    continuation.yield(.status(.disconnected))
                    let delay = backoff[min(failures, backoff.count - 1)]
                    failures += 1
                    do { try await clock.sleep(for: delay) } catch { break }
                    continue
                }
                failures = 0
                continuation.yield(.status(.streaming))
                var decoder = makeDecoder()
                var lastData = clock.now
                var stalled = false
                func deliver(_ events: [LocationEvent]) {
                    for event in events { continuation.yield(event) }
                }
                reading: while !Task.isCancelled {
                    switch source.read(timeoutMilliseconds: 20) {
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
                        await Task.yield()
                    case .closed:
                        break reading
                    }
                }
                source.close()
                deliver(decoder.finish())
                if Task.isCancelled { break }
                continuation.yield(.status(.disconnected))
                do { try await clock.sleep(for: backoff[0]) } catch { break }
            }
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
        if ready < 0 { return errno == EINTR ? .timeout : .closed }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if n > 0 { return .data(Array(buffer[0..<n])) }
        if n < 0, errno == EINTR || errno == EAGAIN { return .timeout }
        return .closed
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

    /// A TCP connection to `host` (a name or an address) and `port`; nil when it cannot be made.
    static func tcp(host: String, port: UInt16) -> DescriptorSource? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &result) == 0, let first = result else { return nil }
        defer { freeaddrinfo(result) }
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            let s = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if s >= 0 {
                if connect(s, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return DescriptorSource(owning: s) }
                Glibc.close(s)
            }
            candidate = info.pointee.ai_next
        }
        return nil
    }
}
