import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// NMEA 0183 over TCP, as phone apps and many receivers serve it. It survives the connection dropping: the
/// status goes `streaming` → `stalled` (no data for ``stallTimeout``) → `disconnected` → `connecting` again after
/// a backoff (1, 2, 4, 8, 16 s, then every 16 s), and the stream resumes when the peer is back — no restart, and
/// every complete line that arrived is decoded. Time for stalls and backoff comes from the injected clock. Each
/// `disconnected` status says why (`127.0.0.1:10110: cannot connect: Connection refused`); a host name that does
/// not resolve at the first attempt fails the stream at once.
public struct NMEATCPProvider<C: Clock>: LocationProvider where C.Duration == Duration {
    /// The host serving NMEA, a name or an address.
    public let host: String
    /// The TCP port.
    public let port: UInt16
    /// Whether sentences without a checksum are accepted (see ``NMEADecoder/lenient``).
    public let lenient: Bool
    /// The clock stalls and reconnection backoff are timed on.
    public let clock: C
    /// How long without data before the status becomes `stalled`.
    public let stallTimeout: Duration

    /// A client for `host:port`; nothing connects until ``events()`` is iterated.
    public init(host: String, port: UInt16, lenient: Bool = false, clock: C, stallTimeout: Duration = .seconds(5)) {
        self.host = host
        self.port = port
        self.lenient = lenient
        self.clock = clock
        self.stallTimeout = stallTimeout
    }

    /// Connects and streams the fixes decoded, with statuses, until the stream is cancelled; reconnects whenever the
    /// connection drops.
    public func events() -> AsyncThrowingStream<LocationEvent, any Error> {
        let (host, port, lenient) = (host, port, lenient)
        let name = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return LiveStream.events(name: name, ended: "the connection was closed", clock: clock, stallTimeout: stallTimeout,
                                 decoder: { NMEAStreamDecoder(lenient: lenient) }) {
            DescriptorSource.tcp(host: host, port: port).map { $0 }
        }
    }
}
