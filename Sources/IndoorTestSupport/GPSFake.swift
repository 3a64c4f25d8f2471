import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Debian's gpsd fed a log by gpsfake on loopback: a real gpsd for the tests of its clients.
public enum GPSFake {
    /// Whether gpsfake and gpsd are installed (`tools/setup` installs them).
    public static let available = FileManager.default.isExecutableFile(atPath: "/usr/bin/gpsfake")
        && FileManager.default.isExecutableFile(atPath: "/usr/sbin/gpsd")

    /// A free TCP port on loopback (checked by binding it, then released), below the ephemeral range.
    public static func freeLoopbackPort() -> UInt16? {
        // Below the kernel's ephemeral range (32768 on Linux), which port 0 and every outgoing connection draw
        // from: between this check and gpsfake's bind, a test opening thousands of connections (the HTTP
        // service's) could take a port from that range, but never one of these. Each process starts at its own
        // place, and each call of this process after the port the last one gave, so tests running at once do not
        // race for one port.
        let start = 20_000 + Int(getpid() % 6_000) + 17 * calls.add(1, ordering: .relaxed).oldValue
        for offset in 0..<6_000 {
            let port = UInt16(20_000 + (start - 20_000 + offset) % 12_000)
            if canBind(port) { return port }
        }
        return nil
    }

    /// How many ports this process has asked for.
    private static let calls = Atomic<Int>(0)

    /// Whether a TCP socket can bind 127.0.0.1:`port` now.
    static func canBind(_ port: UInt16) -> Bool {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard s >= 0 else { return false }
        defer { close(s) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, length) == 0 }
        }
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
