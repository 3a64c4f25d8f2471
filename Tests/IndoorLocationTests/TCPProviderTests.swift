import Foundation
import IndoorLocation
import IndoorTestSupport
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A TCP server on 127.0.0.1 that the test drives: accept a client, send lines, drop it.
final class LoopbackServer: @unchecked Sendable {
    // (@unchecked: the descriptors are only touched from the test's own sequential steps.)
    private var listener: Int32
    let port: UInt16
    private var client: Int32 = -1

    init?() {
        // (Close-on-exec, as every descriptor here: a child another test starts must not hold a connection open.)
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard s >= 0 else { return nil }
        var yes: Int32 = 1
        setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        // Non-blocking: `accept` looks for a client without holding a thread of the test runner.
        guard bound == 0, listen(s, 4) == 0, fcntl(s, F_SETFL, O_NONBLOCK) == 0 else { Glibc.close(s); return nil }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &length) } }
        listener = s
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Accepts the next client, waiting (bounded) for the provider to connect.
    func accept() async throws {
        try await settleOnRealProcess {
            client = Glibc.accept(listener, nil, nil)
            if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
            return client >= 0
        }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(client, $0.baseAddress, $0.count) }
    }

    /// Nothing listens on the port any more.
    func stopListening() {
        Glibc.close(listener)
        listener = -1
    }

    func drop() {
        Glibc.close(client)
        client = -1
    }

    deinit {
        // (Each descriptor closed once: a second close could hit a descriptor another test has opened since.)
        if client >= 0 { Glibc.close(client) }
        if listener >= 0 { Glibc.close(listener) }
    }
}


@Suite(.timeLimit(.minutes(TestTier.minutes(8)))) struct TCPProviderTests {
    static let epoch1 = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n"
    static let epoch2 = "$GPGGA,123520,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*4D\r\n"
    static let epoch3 = "$GPGGA,123521,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*4C\r\n"

    @Test func streamsStallsDropsAndComesBack() async throws {
        let server = try #require(LoopbackServer())
        let clock = ManualClock()
        let provider = NMEATCPProvider(host: "127.0.0.1", port: server.port, clock: clock, stallTimeout: .seconds(5))
        let collector = Collector()
        let task = Task {
            for try await e in provider.events() { collector.events.withLock { $0.append(e) } }
        }
        func statuses() -> [ProviderStatus] { collector.statuses }
        try await server.accept()
        try await settleOnRealProcess { statuses() == [.connecting, .streaming] }
        server.send(Self.epoch1 + Self.epoch2)
        try await settleOnRealProcess { collector.locations.count == 1 }
        #expect(collector.locations.count == 1)  // the second epoch is complete only when the third begins
        // No data for five seconds of the clock: stalled; data again: streaming.
        clock.advance(by: .seconds(6))
        try await settleOnRealProcess { statuses().last == .stalled }
        #expect(statuses().last == .stalled)
        server.send(Self.epoch3)
        try await settleOnRealProcess { statuses().last == .streaming && collector.locations.count == 2 }
        // The peer drops: what arrived is decoded, then disconnected; after the backoff, it reconnects.
        server.drop()
        let dropped = ProviderStatus.disconnected(reason: "127.0.0.1:\(server.port): the connection was closed")
        try await settleOnRealProcess { statuses().last == dropped }
        #expect(collector.locations.count == 3)
        try await settleOnRealProcess { clock.sleepers == 1 }
        clock.advance(by: .seconds(1))
        try await server.accept()
        try await settleOnRealProcess { statuses().suffix(2) == [.connecting, .streaming] }
        #expect(statuses() == [.connecting, .streaming, .stalled, .streaming, dropped, .connecting, .streaming])
        task.cancel()
        _ = try? await task.value
    }

    /// A refused connection is not a reason to give up (the server may be starting): each attempt says why, with
    /// the address, and the next comes after the backoff.
    @Test func nobodyListeningMeansDisconnectedWithTheReasonAndRetries() async throws {
        let server = try #require(LoopbackServer())
        let port = server.port
        server.stopListening()
        let clock = ManualClock()
        let provider = NMEATCPProvider(host: "127.0.0.1", port: port, clock: clock)
        let collector = Collector()
        let task = collector.collect(provider)
        try await settleOnRealProcess { clock.sleepers == 1 }
        clock.advance(by: .seconds(1))
        try await settleOnRealProcess { collector.count >= 4 }
        let statuses = collector.events.withLock { $0 }
        let refused = ProviderStatus.disconnected(reason: "127.0.0.1:\(port): cannot connect: Connection refused")
        #expect(statuses.prefix(4) == [.status(.connecting), .status(refused), .status(.connecting), .status(refused)])
        task.cancel()
        _ = try? await task.value
    }
}
