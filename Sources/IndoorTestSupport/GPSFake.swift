import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Debian's gpsd fed a log by gpsfake on loopback: a real gpsd for the tests of its clients.
public enum GPSFake {
    /// Whether gpsfake and gpsd are installed (`tools/setup` installs them).
    public static let available = FileManager.default.isExecutableFile(atPath: "/usr/bin/gpsfake")
        && FileManager.default.isExecutableFile(atPath: "/usr/sbin/gpsd")

    /// A free TCP port on loopback (bound, read, released).
    public static func freeLoopbackPort() -> UInt16? {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard s >= 0 else { return nil }
        defer { close(s) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(s, $0, length) == 0 && getsockname(s, $0, &length) == 0
            }
        }
        return bound ? UInt16(bigEndian: address.sin_port) : nil
    }

    /// Starts gpsfake with its own gpsd on `port`, feeding `log` over and over through a pseudo-terminal (`-n`:
    /// gpsd opens the device at once). `cycle` is gpsfake's `-c`, the seconds between sentences; nil keeps
    /// gpsfake's default pace. Foundation starts it as a process group of its own, which ``stop(_:)`` ends whole.
    public static func start(port: UInt16, log: String, cycle: Double? = 0.01) throws -> Process {
        let gpsfake = Process()
        gpsfake.executableURL = URL(fileURLWithPath: "/usr/bin/gpsfake")
        gpsfake.arguments = ["-q", "-n"] + (cycle.map { ["-c", String($0)] } ?? []) + ["-P", String(port), log]
        gpsfake.standardInput = FileHandle.nullDevice
        gpsfake.standardError = FileHandle.nullDevice
        gpsfake.standardOutput = FileHandle.nullDevice
        try gpsfake.run()
        return gpsfake
    }

    /// Stops gpsfake and its gpsd (one process group; gpsfake ignores SIGTERM).
    public static func stop(_ gpsfake: Process) {
        kill(-gpsfake.processIdentifier, SIGKILL)
        gpsfake.waitUntilExit()
    }

    /// Freezes (or thaws) gpsfake and its gpsd, as a receiver that goes quiet: the connection stays open.
    public static func pause(_ gpsfake: Process, _ paused: Bool) {
        kill(-gpsfake.processIdentifier, paused ? SIGSTOP : SIGCONT)
    }
}
