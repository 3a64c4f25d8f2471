import Foundation
import IndoorBase
@testable import IndoorLocation
import IndoorTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(.enabled(if: TestTier.integration), .serialized, .timeLimit(.minutes(8))) struct SerialProviderTests {
    static let available = PTYPair.available

    @Test(.enabled(if: available, "socat is installed by tools/setup"), arguments: [9600, 115200])
    func readsAPseudoTerminalAndSurvivesUnplugging(baud: Int) async throws {
        let pty = try PTYPair()
        try await pty.start()
        let clock = ManualClock()
        let provider = NMEASerialProvider(path: pty.devicePath, baud: baud, clock: clock)
        let collector = Collector()
        let task = collector.collect(provider)
        func statuses() -> [ProviderStatus] { collector.statuses }
        try await settleOnRealProcess { statuses() == [.connecting, .streaming] }
        pty.write(TCPProviderTests.epoch1 + TCPProviderTests.epoch2)
        try await settleOnRealProcess { collector.locations.count == 1 }
        #expect(collector.locations.count == 1)
        // Unplugged: the epoch in flight is delivered, then disconnected; plugged back: streaming again.
        await pty.unplug()
        try await settleOnRealProcess { statuses().last?.name == "disconnected" }
        #expect(collector.locations.count == 2)
        #expect(statuses().last?.reason?.hasPrefix("\(pty.devicePath): the device went away") == true, "\(statuses())")
        try await pty.start()
        try await settleOnRealProcess { clock.sleepers == 1 }
        clock.advance(by: .seconds(1))
        try await settleOnRealProcess { statuses().suffix(2) == [.connecting, .streaming] }
        pty.write(TCPProviderTests.epoch3 + TCPProviderTests.epoch1)
        try await settleOnRealProcess { collector.locations.count == 3 }
        #expect(collector.locations.count == 3)
        #expect(statuses().prefix(4).map(\.name) == ["connecting", "streaming", "disconnected", "connecting"])
        task.cancel()
        _ = try? await task.value
        await pty.unplug()
    }

    /// A receiver at 38400 baud: the hunt reads garbage at the other rates, settles on 38400, and the bytes read
    /// while probing come out first, so the decoded stream is the whole one.
    @Test func huntsTheBaudRate() throws {
        final class FakePort: ByteSource {
            var chunks: [[UInt8]]
            init(_ chunks: [[UInt8]]) { self.chunks = chunks }
            func read(timeoutMilliseconds: Int32) -> ByteReadResult { chunks.isEmpty ? .timeout : .data(chunks.removeFirst()) }
            func close() {}
        }
        let text = Array((TCPProviderTests.epoch1 + TCPProviderTests.epoch2 + TCPProviderTests.epoch3).utf8)
        var generator = SeededGenerator(seed: 7)
        var opened: [Int] = []
        let found = try #require(NMEASerialProvider<ManualClock>.huntBaud(lenient: false) { baud in
            opened.append(baud)
            guard baud == 38400 else {
                // What a UART shows at the wrong rate: framing garbage, endlessly.
                return FakePort((0..<100).map { _ in (0..<64).map { _ in UInt8(truncatingIfNeeded: generator.next()) } })
            }
            return FakePort(stride(from: 0, to: text.count, by: 40).map { Array(text[$0..<min($0 + 40, text.count)]) })
        })
        #expect(found.baud == 38400)
        #expect(opened == [9600, 4800, 38400])
        var bytes: [UInt8] = []
        while case .data(let b) = found.source.read(timeoutMilliseconds: 0) { bytes += b }
        #expect(bytes == text)
    }

    /// Ten seconds of silence on the port: stalled after five, streaming again when data comes, and no line lost.
    @Test(.enabled(if: available, "socat is installed by tools/setup"))
    func aTenSecondStall() async throws {
        let pty = try PTYPair()
        try await pty.start()
        let clock = ManualClock()
        // baud nil: hunted (a pseudo-terminal answers at the first rate tried).
        let provider = NMEASerialProvider(path: pty.devicePath, baud: nil, clock: clock)
        let collector = Collector()
        let task = collector.collect(provider)
        func statuses() -> [ProviderStatus] { collector.statuses }
        // The hunt needs two sentences before the port counts as open.
        pty.write(TCPProviderTests.epoch1 + TCPProviderTests.epoch2)
        try await settleOnRealProcess { statuses() == [.connecting, .streaming] && collector.locations.count == 1 }
        clock.advance(by: .seconds(4))
        // A tenth of a second (five reads of the port) to show a stall, if one were wrongly reported.
        await waitOnRealProcess(for: .milliseconds(100)) { statuses().count > 2 }
        #expect(statuses() == [.connecting, .streaming])
        clock.advance(by: .seconds(6))
        try await settleOnRealProcess { statuses().last == .stalled }
        #expect(statuses() == [.connecting, .streaming, .stalled])
        pty.write(TCPProviderTests.epoch3 + TCPProviderTests.epoch1)
        try await settleOnRealProcess { collector.locations.count == 3 && statuses().count == 4 }
        #expect(statuses() == [.connecting, .streaming, .stalled, .streaming])
        #expect(collector.locations.count == 3)
        task.cancel()
        _ = try? await task.value
        await pty.unplug()
    }

    /// The statuses of a stream that must fail, and its error.
    static func failure(of provider: some LocationProvider) async -> ([ProviderStatus], (any Error)?) {
        var statuses: [ProviderStatus] = []
        do {
            for try await e in provider.events() { if case .status(let s) = e { statuses.append(s) } }
            return (statuses, nil)
        } catch {
            return (statuses, error)
        }
    }

    /// A device that does not exist, or a file that is not a serial port, fails at once with the reason and the
    /// path — a mistyped path is not waited for as an unplugged receiver is (no backoff: the clock is never slept
    /// on).
    @Test func aDeviceThatCannotBeOpenedFailsAtOnceWithTheReason() async throws {
        let missing = "/dev/ttyNOPE-\(UUID().uuidString)"
        let (statuses, error) = await Self.failure(of: NMEASerialProvider(path: missing, clock: ManualClock()))
        let reason = "\(missing): cannot open: No such file or directory"
        #expect(statuses == [.connecting, .failed(reason)])
        #expect(error as? SourceError == .unavailable(reason: reason))
        #expect(error?.localizedDescription == reason)

        let file = NSTemporaryDirectory() + "not-a-tty-\(UUID().uuidString)"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("$GPGGA\r\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (fileStatuses, fileError) = await Self.failure(of: NMEASerialProvider(path: file, baud: nil, clock: ManualClock()))
        #expect(fileStatuses == [.connecting, .failed("\(file): not a serial port")])
        #expect(fileError as? SourceError == .unavailable(reason: "\(file): not a serial port"))
    }
}
