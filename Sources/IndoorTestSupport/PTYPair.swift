import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair made by socat: the test writes to one end, the provider reads the other as a serial port.
public final class PTYPair: @unchecked Sendable {
    // (@unchecked: the process and paths are only touched from the test's own sequential steps.)
    public let writerPath: String
    public let devicePath: String
    private var process: Process?
    /// The writer end, held open while the pair lives: closing it after each write would hang up socat's side,
    /// and socat would end after its EOF timeout (under load, before relaying).
    private var writer: FileHandle?

    private let directory: String

    /// Both ends live in a fresh temporary directory, removed with the pair.
    public init() throws {
        directory = NSTemporaryDirectory() + "indoornav-pty-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        writerPath = "\(directory)/writer"
        devicePath = "\(directory)/device"
    }

    /// Starts socat and waits (bounded) until both ends exist.
    public func start() async throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/socat")
        p.arguments = ["pty,raw,echo=0,link=\(writerPath)", "pty,raw,echo=0,link=\(devicePath)"]
        // Not the runner's output: a socat that outlived its test would hold that pipe, and whoever reads it to
        // the end (swift test, CI) would wait for as long as socat lives.
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        process = p
        try await settleOnRealProcess { FileManager.default.fileExists(atPath: self.writerPath) && FileManager.default.fileExists(atPath: self.devicePath) }
        writer = FileHandle(forWritingAtPath: writerPath)
    }

    /// The receiver is unplugged: socat ends and both ends vanish.
    public func unplug() async {
        guard let p = process else { return }
        try? writer?.close()
        writer = nil
        kill(p.processIdentifier, SIGKILL)
        await waitOnRealProcess(for: .seconds(60)) { !p.isRunning }
        process = nil
        // The device node goes with it, as a USB receiver's does.
        unlink(devicePath)
        unlink(writerPath)
    }

    public func write(_ text: String) {
        writer?.write(Data(text.utf8))
    }

    deinit {
        if let p = process { kill(p.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// socat is installed by tools/setup.
    public static let available = FileManager.default.isExecutableFile(atPath: "/usr/bin/socat")

}
