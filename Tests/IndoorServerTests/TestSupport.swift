import Foundation
import IndoorCore
import IndoorServer
import IndoorTestSupport
import Synchronization
import Testing

/// An HTTP/1.1 client on a raw socket: it sends exactly the bytes it is given (a client library would clean up a
/// hostile URL before sending it) and reads until the server closes, within a bound.
enum RawHTTP {
    struct Response {
        let status: Int
        /// By lowercase name.
        let headers: [String: String]
        let body: Data

        var text: String { String(decoding: body, as: UTF8.self) }
        /// The `error.code` of an error body.
        var errorCode: String? {
            ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]).flatMap { $0["error"] as? [String: Any] }?["code"] as? String
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `bytes` on a new connection (in pieces, stopping early if the server answers first) and returns all
    /// it answers until it closes the connection, or `timeout` seconds pass.
    /// A socket connected to the loopback `port` (the caller closes it).
    static func connected(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            close(fd)
            throw Failure(description: "connect: \(errno)")
        }
        return fd
    }

    static func exchange(port: Int, _ bytes: [UInt8], timeout: Double = 10) throws -> Data {
        let fd = try connected(port: port)
        defer { close(fd) }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < bytes.count {
            // The server may answer (and close) before it has read everything: stop sending then.
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, 0) > 0 { break }
            let n = bytes[sent...].prefix(64 << 10).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            sent += n
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        return data
    }

    /// Every response in `data`, in order (bodies by `Content-Length`; the last one may run to the end).
    static func responses(_ data: Data) -> [Response] {
        var out: [Response] = []
        var bytes = [UInt8](data)[...]
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while !bytes.isEmpty {
            guard let end = bytes.firstRange(of: separator) else { break }
            let head = String(decoding: bytes[bytes.startIndex..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let statusLine = head.first?.split(separator: " ") ?? []
            var headers: [String: String] = [:]
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let length = headers["content-length"].flatMap { Int($0) } ?? (bytes.endIndex - end.upperBound)
            let bodyEnd = min(bytes.endIndex, end.upperBound + length)
            out.append(Response(status: statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0, headers: headers,
                                body: Data(bytes[end.upperBound..<bodyEnd])))
            bytes = bytes[bodyEnd...]
        }
        return out
    }

    /// One request on its own connection (closed after it).
    static func request(port: Int, _ target: String, method: String = "GET", headers: [String: String] = [:], body: Data = Data()) throws -> Response {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + body
        guard let response = responses(try exchange(port: port, bytes)).first else {
            throw Failure(description: "no response to \(method) \(target.prefix(100))")
        }
        return response
    }
}

/// The server the tests talk to: the sample venue as `transit-hub`, on a free loopback port, its access log kept.
final class TestServer: Sendable {
    /// Access-log lines, as the server wrote them.
    final class Log: Sendable {
        let lines = Mutex<[String]>([])
    }

    let server: HTTPServer
    let log = Log()
    var port: Int { server.port }

    init(limits: ServerLimits = ServerLimits(), ready: Bool = true, venue: ServedVenue? = TestServer.sampleVenue,
         sessions: NavigationSessions = NavigationSessions(replicaID: "test", clock: ContinuousClock()),
         trustedProxies: Set<String> = []) throws {
        let service = IndoorService(limits: limits, sessions: sessions)
        let log = self.log
        server = HTTPServer(service: service, configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threads: 2,
                                                                                  accessLog: { line in log.lines.withLock { $0.append(line) } },
                                                                                  trustedProxies: trustedProxies))
        if let venue { service.add(venue) }
        if ready { service.markReady() }
        try server.start()
    }

    deinit { server.stop() }

    func get(_ target: String, headers: [String: String] = [:]) throws -> RawHTTP.Response {
        try RawHTTP.request(port: port, target, headers: headers)
    }

    /// The sample venue, loaded once for every test.
    static let sampleVenue: ServedVenue? = try? ServedVenue(loading: .sample)
    /// The server most tests share.
    static let shared: TestServer? = try? TestServer()
}

/// Runs the built `indoornav` as a user would and returns its standard output (the bytes the service must match).
enum CLI {
    static func output(_ arguments: [String]) async throws -> (status: Int32, stdout: Data) {
        let path = NSTemporaryDirectory() + "indoornav-serve-test-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = BuiltProduct.executable("indoornav")
        process.arguments = arguments
        process.currentDirectoryURL = BuiltProduct.root
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: path)
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Waiting without holding one of the runner's threads.
        try await settleOnRealProcess { !process.isRunning }
        return (process.terminationStatus, FileManager.default.contents(atPath: path) ?? Data())
    }
}
