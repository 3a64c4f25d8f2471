import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An NMEA 0183 receiver on a serial port (`/dev/ttyUSB0`, `/dev/ttyACM0`, a pseudo-terminal): raw mode at a
/// given baud rate. It survives the receiver being unplugged: statuses and backoff as for
/// ``NMEATCPProvider`` (disconnected when the device vanishes, reopened when it reappears).
public struct NMEASerialProvider<C: Clock>: LocationProvider where C.Duration == Duration {
    public let path: String
    public let baud: Int
    public let lenient: Bool
    public let clock: C
    public let stallTimeout: Duration

    /// The rates a serial port is opened at.
    public static var supportedBauds: [Int] { [4800, 9600, 19200, 38400, 57600, 115200] }

    public init(path: String, baud: Int = 9600, lenient: Bool = false, clock: C, stallTimeout: Duration = .seconds(5)) {
        self.path = path
        self.baud = baud
        self.lenient = lenient
        self.clock = clock
        self.stallTimeout = stallTimeout
    }

    public func events() -> AsyncThrowingStream<LocationEvent, any Error> {
        let (path, baud) = (path, baud)
        return NMEAByteStream.events(lenient: lenient, clock: clock, stallTimeout: stallTimeout) {
            DescriptorSource.serial(path: path, baud: baud)
        }
    }
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

    /// A serial port in raw mode at `baud`; nil when it cannot be opened (absent, unplugged, not a tty).
    static func serial(path: String, baud: Int) -> DescriptorSource? {
        guard let speed = speed(baud) else { return nil }
        let fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        var t = termios()
        guard tcgetattr(fd, &t) == 0 else { Glibc.close(fd); return nil }
        cfmakeraw(&t)
        t.c_cflag |= tcflag_t(CLOCAL) | tcflag_t(CREAD)
        cfsetispeed(&t, speed)
        cfsetospeed(&t, speed)
        guard tcsetattr(fd, TCSANOW, &t) == 0 else { Glibc.close(fd); return nil }
        return DescriptorSource(owning: fd)
    }
}
