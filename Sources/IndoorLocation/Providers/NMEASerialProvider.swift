import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An NMEA 0183 receiver on a serial port (`/dev/ttyUSB0`, `/dev/ttyACM0`, a pseudo-terminal): raw mode at a
/// given baud rate, or at the rate found by hunting (``baud`` nil: 4800…115200, see `huntBaud(bauds:lenient:open:)`).
/// It survives the receiver being unplugged: statuses and backoff as for
/// ``NMEATCPProvider`` (disconnected when the device vanishes, reopened when it reappears). A device that cannot
/// be opened at the first attempt for a reason no retry mends (no such file, permission denied, not a serial port)
/// fails the stream at once with ``SourceError/unavailable(reason:)``.
public struct NMEASerialProvider<C: Clock>: LocationProvider where C.Duration == Duration {
    /// The device path (`/dev/ttyUSB0`).
    public let path: String
    /// nil: hunt for the rate each time the port is opened.
    public let baud: Int?
    /// Whether sentences without a checksum are accepted (see ``NMEADecoder/lenient``).
    public let lenient: Bool
    /// The clock stalls and reopening backoff are timed on.
    public let clock: C
    /// How long without data before the status becomes `stalled`.
    public let stallTimeout: Duration

    /// The rates a serial port is opened at.
    public static var supportedBauds: [Int] { [4800, 9600, 19200, 38400, 57600, 115200] }

    /// A receiver on `path` at `baud` (9600 by default, `nil` to hunt); nothing opens until ``events()`` is iterated.
    public init(path: String, baud: Int? = 9600, lenient: Bool = false, clock: C, stallTimeout: Duration = .seconds(5)) {
        self.path = path
        self.baud = baud
        self.lenient = lenient
        self.clock = clock
        self.stallTimeout = stallTimeout
    }

    /// Opens the port in raw mode and streams the fixes decoded, with statuses, until the stream is cancelled;
    /// reopens the device whenever it vanishes.
    public func events() -> AsyncThrowingStream<LocationEvent, any Error> {
        let (path, baud, lenient) = (path, baud, lenient)
        return LiveStream.events(name: path, ended: "the device went away", clock: clock, stallTimeout: stallTimeout,
                                 decoder: { NMEAStreamDecoder(lenient: lenient) }) {
            if let baud { return DescriptorSource.serial(path: path, baud: baud).map { $0 } }
            // Why the port could not be opened, if it never could; else no rate gave NMEA.
            var openFailure: OpenFailure?
            let found = Self.huntBaud(lenient: lenient) { rate in
                switch DescriptorSource.serial(path: path, baud: rate) {
                case .success(let source): return source
                case .failure(let failure):
                    openFailure = failure
                    return nil
                }
            }
            if let found { return .success(found.source) }
            return .failure(openFailure ?? OpenFailure(what: path, detail: "no NMEA sentences at any rate (\(Self.supportedBauds.map(String.init).joined(separator: ", ")) baud)",
                                                       permanent: false))
        }
    }

    /// Finds the rate a receiver talks at: opens the port at each rate in turn (the common 9600 and 4800 first)
    /// and keeps the first at which two NMEA sentences with good checksums arrive within `probeBytes` bytes or
    /// `probeMilliseconds` of silence. The bytes read while probing are handed back first by the returned source,
    /// so nothing that arrived is lost.
    static func huntBaud(bauds: [Int] = [9600, 4800, 38400, 115200, 19200, 57600], lenient: Bool,
                         probeBytes: Int = 4096, probeMilliseconds: Int32 = 1500,
                         open: (Int) -> (any ByteSource)?) -> (source: any ByteSource, baud: Int)? {
        for baud in bauds {
            guard let source = open(baud) else { continue }
            var decoder = NMEADecoder(lenient: lenient)
            var read: [UInt8] = []
            probing: while decoder.sentences < 2, read.count < probeBytes {
                switch source.read(timeoutMilliseconds: probeMilliseconds) {
                case .data(let bytes):
                    read += bytes
                    _ = decoder.feed(bytes)
                case .timeout, .closed, .failed:
                    break probing
                }
            }
            if decoder.sentences >= 2 { return (PrefixedSource(prefix: read, source), baud) }
            source.close()
        }
        return nil
    }
}

/// A source whose first read returns bytes already taken from it (while hunting for its baud rate).
final class PrefixedSource: ByteSource {
    private var prefix: [UInt8]
    private let source: any ByteSource

    init(prefix: [UInt8], _ source: any ByteSource) {
        self.prefix = prefix
        self.source = source
    }

    func read(timeoutMilliseconds: Int32) -> ByteReadResult {
        guard prefix.isEmpty else {
            defer { prefix = [] }
            return .data(prefix)
        }
        return source.read(timeoutMilliseconds: timeoutMilliseconds)
    }

    func close() { source.close() }
}

extension DescriptorSource {
    static func speed(_ baud: Int) -> speed_t? {
        switch baud {
        case 4800: speed_t(B4800)
        case 9600: speed_t(B9600)
        case 19200: speed_t(B19200)
        case 38400: speed_t(B38400)
        case 57600: speed_t(B57600)
        case 115200: speed_t(B115200)
        default: nil
        }
    }

    /// A serial port in raw mode at `baud`; when it cannot be opened (absent, unplugged, not a tty), why
    /// (`/dev/ttyUSB9: cannot open: No such file or directory`).
    static func serial(path: String, baud: Int) -> Result<DescriptorSource, OpenFailure> {
        guard let speed = speed(baud) else { return .failure(OpenFailure(what: path, detail: "\(baud) baud is not supported", permanent: true)) }
        let fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.system("\(path): cannot open", errno: errno)) }
        var t = termios()
        guard tcgetattr(fd, &t) == 0 else {
            let code = errno
            Glibc.close(fd)
            return .failure(code == ENOTTY ? OpenFailure(what: path, detail: "not a serial port", permanent: true)
                                           : .system("\(path): cannot read its settings", errno: code))
        }
        cfmakeraw(&t)
        t.c_cflag |= tcflag_t(CLOCAL) | tcflag_t(CREAD)
        cfsetispeed(&t, speed)
        cfsetospeed(&t, speed)
        guard tcsetattr(fd, TCSANOW, &t) == 0 else {
            let code = errno
            Glibc.close(fd)
            return .failure(.system("\(path): cannot set \(baud) baud", errno: code))
        }
        return .success(DescriptorSource(owning: fd))
    }
}
