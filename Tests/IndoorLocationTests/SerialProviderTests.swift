import Foundation
import IndoorLocation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair made by socat: the test writes to one end, the provider reads the other as a serial port.
final class PTYPair: @unchecked Sendable {
    // (@unchecked: the process and paths are only touched from the test's own sequential steps.)
    let writerPath: String
    let devicePath: String
    private var process: Process?

    init(directory: String) {
        writerPath = "\(directory)/writer"
        devicePath = "\(directory)/device"
    }

    /// Starts socat and waits (bounded) until both ends exist.
    func start() async throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/socat")
        p.arguments = ["pty,raw,echo=0,link=\(writerPath)", "pty,raw,echo=0,link=\(devicePath)"]
        try p.run()
        process = p
        await settleLong { FileManager.default.fileExists(atPath: self.writerPath) && FileManager.default.fileExists(atPath: self.devicePath) }
    }

    /// The receiver is unplugged: socat ends and both ends vanish.
    func unplug() async {
        guard let p = process else { return }
        kill(p.processIdentifier, SIGKILL)
        await settleLong { !p.isRunning }
        process = nil
        // The device node goes with it, as a USB receiver's does.
        unlink(devicePath)
        unlink(writerPath)
    }

    func write(_ text: String) {
        guard let handle = FileHandle(forWritingAtPath: writerPath) else { return }
        handle.write(Data(text.utf8))
        try? handle.close()
    }

    deinit {
        if let p = process { kill(p.processIdentifier, SIGKILL) }
    }
}

@Suite(.serialized) struct SerialProviderTests {
    static let available = FileManager.default.isExecutableFile(atPath: "/usr/bin/socat")

    @Test(.enabled(if: available, "socat is installed by tools/setup"), arguments: [9600, 115200])
    func readsAPseudoTerminalAndSurvivesUnplugging(baud: Int) async throws {
        let dir = NSTemporaryDirectory() + "indoornav-pty-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pty = PTYPair(directory: dir)
        try await pty.start()
        let clock = ManualClock()
        let provider = NMEASerialProvider(path: pty.devicePath, baud: baud, clock: clock)
        let collector = Collector()
        let task = Task { for try await e in provider.events() { collector.events.withLock { $0.append(e) } } }
        func statuses() -> [ProviderStatus] { collector.events.withLock { $0.compactMap { if case .status(let s) = $0 { s } else { nil } } } }
        await settleLong { statuses() == [.connecting, .streaming] }
        pty.write(TCPProviderTests.epoch1 + TCPProviderTests.epoch2)
        await settleLong { collector.locations.count == 1 }
        #expect(collector.locations.count == 1)
        // Unplugged: the epoch in flight is delivered, then disconnected; plugged back: streaming again.
        await pty.unplug()
        await settleLong { statuses().last == .disconnected }
        #expect(collector.locations.count == 2)
        try await pty.start()
        await settleLong { clock.sleepers == 1 }
        clock.advance(by: .seconds(1))
        await settleLong { statuses().suffix(2) == [.connecting, .streaming] }
        pty.write(TCPProviderTests.epoch3 + TCPProviderTests.epoch1)
        await settleLong { collector.locations.count == 3 }
        #expect(collector.locations.count == 3)
        #expect(statuses().prefix(4) == [.connecting, .streaming, .disconnected, .connecting])
        task.cancel()
        _ = try? await task.value
        await pty.unplug()
    }
}
