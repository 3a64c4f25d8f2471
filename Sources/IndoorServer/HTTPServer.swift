internal import CMicroHTTPD
import Foundation
import Synchronization

/// Why the server could not start.
public enum ServerError: Error, Hashable, Sendable, LocalizedError {
    /// The listen address is not an IPv4 address.
    case badAddress(String)
    /// libmicrohttpd would not start (the port is taken, or no permission to bind it).
    case cannotListen(host: String, port: Int)
    /// ``HTTPServer/start()`` was called twice.
    case alreadyStarted

    /// What went wrong, for a person.
    public var errorDescription: String? {
        switch self {
        case .badAddress(let host): "\(host) is not an IPv4 address to listen on"
        case .cannotListen(let host, let port): "cannot listen on \(host):\(port) (in use, or not allowed)"
        case .alreadyStarted: "the server is already started"
        }
    }
}

/// The HTTP server: libmicrohttpd worker threads, each on its own epoll loop, carrying requests to an
/// ``IndoorService`` and its answers back. It bounds what clients can make it hold (``ServerLimits``), logs a line
/// per request, and shuts down gracefully: not ready, no new connections, requests in flight finished within a
/// bound.
///
/// Each worker is a daemon of its own with its own listening socket on the one port (`SO_REUSEPORT`), so the kernel
/// spreads new connections over the workers. (Workers sharing one listening socket, MHD's thread pool, let whichever
/// wakes first accept a whole burst: a client's 16 keep-alive connections could all land on one worker, and the
/// others idle.)
public final class HTTPServer: Sendable {
    /// The API the server carries.
    public let service: IndoorService
    let configuration: ServerConfiguration
    /// The daemons (`struct MHD_Daemon *`, as addresses: a pointer is not Sendable) while running, one a worker,
    /// and their listening sockets once quiesced.
    private let daemons = Mutex<(addresses: [UInt], quiescedSockets: [Int32])>(([], []))
    private let boundPort = Atomic<Int>(0)
    /// The task that calls ``NavigationSessions/sweep()`` every second while running.
    private let sweeper = Mutex<Task<Void, Never>?>(nil)
    /// Open connections and requests in flight are counted in ``IndoorService/metrics``.
    var metrics: ServiceMetrics { service.metrics }
    /// The connections whose client is sending a request, and since when.
    let deadlines = RequestDeadlines()

    /// A server for `service`, not yet listening.
    public init(service: IndoorService, configuration: ServerConfiguration = ServerConfiguration()) {
        self.service = service
        self.configuration = configuration
    }

    /// The port listened on (the one picked when the configuration says 0); 0 before ``start()``.
    public var port: Int { boundPort.load(ordering: .acquiring) }

    /// Binds and starts the worker threads; returns at once.
    /// - Throws: ``ServerError``.
    public func start() throws(ServerError) {
        guard daemons.withLock({ $0.addresses.isEmpty }) else { throw .alreadyStarted }
        let workers = max(1, configuration.threads)
        // The first socket takes the port (the one asked for, or one the kernel picks); the others join it.
        var listeners = [try Self.listen(host: configuration.host, port: configuration.port)]
        do {
            for _ in 1..<workers { listeners.append(try Self.listen(host: configuration.host, port: listeners[0].port, joining: true)) }
        } catch {
            listeners.forEach { close($0.socket) }
            throw error
        }
        var started: [OpaquePointer] = []
        for (k, listener) in listeners.enumerated() {
            guard let daemon = startDaemon(on: listener) else {
                // The daemons started own their sockets; the rest are still ours.
                started.forEach { stopDaemon($0) }
                listeners[k...].forEach { close($0.socket) }
                throw .cannotListen(host: configuration.host, port: configuration.port)
            }
            started.append(daemon)
        }
        let already = daemons.withLock { d -> Bool in
            if !d.addresses.isEmpty { return true }
            d.addresses = started.map(address(of:))
            return false
        }
        if already {
            started.forEach { stopDaemon($0) }
            throw .alreadyStarted
        }
        boundPort.store(listeners[0].port, ordering: .releasing)
        let sessions = service.sessions
        let task = Task.detached { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                sessions.sweep()
                closeSlowClients(at: Self.now())
            }
        }
        sweeper.withLock { $0 = task }
    }

    /// One worker: a daemon with one internal thread on its own epoll loop, taking over `listener`; nil when
    /// libmicrohttpd will not start it.
    private func startDaemon(on listener: (socket: Int32, port: Int)) -> OpaquePointer? {
        let limits = service.limits
        // Suspend/resume parks an event stream's connection while it has nothing to send (MHD_USE_ITC wakes the
        // worker that owns it when it is resumed).
        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        // The server is retained while a daemon may call back into it; ``stopDaemon(_:)`` releases it. Each worker
        // may hold the whole bound of connections (the kernel's spread is not exact): the service counts them all
        // and answers 429 past ``ServerLimits/maxConnections``.
        let me = Unmanaged.passRetained(self).toOpaque()
        let options: [any CVarArg] = [
            MHD_OPTION.LISTEN_SOCKET.rawValue, listener.socket,
            MHD_OPTION.CONNECTION_LIMIT.rawValue, UInt32(limits.maxConnections + limits.connectionOverflow),
            MHD_OPTION.CONNECTION_TIMEOUT.rawValue, UInt32(limits.connectionTimeoutSeconds),
            MHD_OPTION.CONNECTION_MEMORY_LIMIT.rawValue, limits.maxHeaderBytes,
            MHD_OPTION.URI_LOG_CALLBACK.rawValue, OpaquePointer(unsafeBitCast(serverRequestStarted as URILogCallback, to: UnsafeRawPointer.self)), OpaquePointer(me),
            MHD_OPTION.NOTIFY_COMPLETED.rawValue, OpaquePointer(unsafeBitCast(serverRequestCompleted as CompletedCallback, to: UnsafeRawPointer.self)), OpaquePointer(me),
            MHD_OPTION.NOTIFY_CONNECTION.rawValue, OpaquePointer(unsafeBitCast(serverConnectionChanged as ConnectionCallback, to: UnsafeRawPointer.self)), OpaquePointer(me),
            MHD_OPTION.END.rawValue,
        ]
        let daemon = withVaList(options) { list in
            MHD_start_daemon_va(flags, UInt16(clamping: listener.port), nil, nil, serverAccessHandler, me, list)
        }
        if daemon == nil { Unmanaged<HTTPServer>.fromOpaque(me).release() }
        return daemon
    }

    /// Stops one worker's daemon and releases the server it held.
    private func stopDaemon(_ daemon: OpaquePointer) {
        MHD_stop_daemon(daemon)
        Unmanaged.passUnretained(self).release()
    }

    /// A listening TCP socket on `host:port` (a daemon takes it over), and the port it is bound to; `joining`: a
    /// further socket on the port of the first, which the kernel spreads new connections over.
    ///
    /// Every socket is `SO_REUSEPORT`, so that the next can join. The first checks first that the port is free
    /// with a plain socket: another process's `SO_REUSEPORT` socket would otherwise let it share the port.
    static func listen(host: String, port: Int, joining: Bool = false) throws(ServerError) -> (socket: Int32, port: Int) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw .badAddress(host) }
        if !joining, port != 0 {
            // The port must be free, not shared with a socket of another process.
            let probe = try listen(address, reusePort: false, host: host, port: port)
            close(probe.socket)
        }
        return try listen(address, reusePort: true, host: host, port: port)
    }

    private static func listen(_ address: sockaddr_in, reusePort: Bool, host: String, port: Int) throws(ServerError) -> (socket: Int32, port: Int) {
        var address = address
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .cannotListen(host: host, port: port) }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if reusePort { setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, socklen_t(MemoryLayout<Int32>.size)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, Glibc.listen(fd, 1024) == 0, named == 0 else {
            close(fd)
            throw .cannotListen(host: host, port: port)
        }
        return (fd, Int(UInt16(bigEndian: actual.sin_port)))
    }

    /// Shuts down gracefully: the service stops saying it is ready, no new connection is accepted, requests in flight
    /// are finished (for at most ``ServerLimits/drainSeconds``), then every connection is closed.
    /// - Returns: the requests still in flight when the bound ran out (0 when all were finished).
    @discardableResult
    public func shutdown() -> Int {
        service.beginDraining()
        // Event streams would last the whole drain: they end now, each with an `end` event.
        service.sessions.endStreams()
        let running = daemons.withLock { d -> Bool in
            if d.quiescedSockets.isEmpty {
                d.quiescedSockets = d.addresses.map { address in OpaquePointer(bitPattern: address).map { MHD_quiesce_daemon($0) } ?? -1 }
            }
            return !d.addresses.isEmpty
        }
        guard running else { return 0 }
        let deadline = Self.now() + service.limits.drainSeconds
        while metrics.inFlight.load(ordering: .acquiring) > 0, Self.now() < deadline {
            usleep(2_000)
        }
        let left = metrics.inFlight.load(ordering: .acquiring)
        stop()
        return left
    }

    /// Stops at once: every connection is closed, whatever it was doing.
    public func stop() {
        let (addresses, sockets) = daemons.withLock { d in
            defer { d = ([], []) }
            return (d.addresses, d.quiescedSockets)
        }
        guard !addresses.isEmpty else { return }
        sweeper.withLock { $0?.cancel() }
        // No connection may be suspended when a daemon stops: every event stream is ended (and so resumed) first.
        service.sessions.endStreams()
        for address in addresses {
            if let pointer = OpaquePointer(bitPattern: address) { stopDaemon(pointer) }
        }
        // The quiesced listening sockets are ours to close, after the daemons' threads are gone.
        for socket in sockets where socket >= 0 { close(socket) }
    }

    /// Closes the connections whose client has been sending its request for longer than
    /// ``ServerLimits/requestSeconds`` at `now` (``now()``'s clock; the server asks every second).
    /// - Returns: how many it closed.
    @discardableResult
    package func closeSlowClients(at now: Double) -> Int {
        guard service.limits.requestSeconds > 0 else { return 0 }
        let closed = deadlines.closeOverdue(olderThan: Double(service.limits.requestSeconds), at: now)
        if closed > 0 { metrics.slowClientsClosed.add(closed, ordering: .relaxed) }
        return closed
    }

    package static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// The connections whose client is sending a request (line, headers, body), and since when: from the connection's
/// opening, then from each answer, until the request is whole. libmicrohttpd's own timeout counts only silence, so
/// a client sending a byte a second would hold its connection for as long as it liked; ``closeOverdue(olderThan:at:)``
/// shuts such a connection's socket, and the worker that owns it sees it end and closes it.
///
/// Connections are known by their address (`struct MHD_Connection *`), added when opened and removed when closed.
/// libmicrohttpd reports the close before it closes the socket, and ``closeOverdue(olderThan:at:)`` shuts sockets
/// under the same lock as ``closed(_:)`` removes them, so a socket shut here is always still the connection's own
/// (never a number the kernel has given to a newer one).
final class RequestDeadlines: Sendable {
    private struct Entry {
        let socket: Int32
        /// Since when the client has been sending a request; nil while it is answered.
        var since: Double?
        /// Whether its socket was shut for it.
        var shut = false
    }
    private let entries = Mutex<[UInt: Entry]>([:])

    /// A connection opened on `socket`: its first request is awaited from `now`.
    func opened(_ connection: UInt, socket: Int32, at now: Double) {
        entries.withLock { $0[connection] = Entry(socket: socket, since: now) }
    }

    /// The connection's request is whole (or refused): its answer takes the time it takes.
    func answering(_ connection: UInt) {
        entries.withLock { $0[connection]?.since = nil }
    }

    /// The connection's request is over (answered, or its client gone): the next is awaited from `now`.
    /// - Returns: whether its socket was shut because the request took too long (said once).
    func answered(_ connection: UInt, at now: Double) -> Bool {
        entries.withLock { e in
            e[connection]?.since = now
            defer { e[connection]?.shut = false }
            return e[connection]?.shut ?? false
        }
    }

    /// The connection is closed.
    /// - Returns: whether its socket was shut because its request took too long and no request of it said so
    ///   (its request line was not whole: libmicrohttpd reports no request then).
    func closed(_ connection: UInt) -> Bool {
        entries.withLock { $0.removeValue(forKey: connection)?.shut ?? false }
    }

    /// Shuts the socket of every connection whose client has been sending a request for more than `seconds` at
    /// `now`. - Returns: how many.
    func closeOverdue(olderThan seconds: Double, at now: Double) -> Int {
        entries.withLock { entries in
            var closed = 0
            for (connection, entry) in entries {
                guard let since = entry.since, now - since > seconds, entry.socket >= 0 else { continue }
                shutdown(entry.socket, Int32(SHUT_RDWR))
                entries[connection]?.since = nil
                entries[connection]?.shut = true
                closed += 1
            }
            return closed
        }
    }
}

/// What the server knows of one request, from its request line to its completion (MHD's per-request `con_cls`).
/// Only the worker thread that owns the connection touches it.
final class RequestState {
    /// The raw target, up to the limit and one byte more (enough to know it is too long).
    let target: [UInt8]
    /// The target's whole length.
    let targetBytes: Int
    let started = HTTPServer.now()
    var method = "-"
    var handled = false
    var bodyBytes = 0
    var expectsBody = false
    var status = 0
    var sentBytes = 0
    var endpoint = "-"
    var errorCode: String?
    /// Whether the answer is an event stream (its length is no latency).
    var streamed = false
    /// The body read so far (at most the limit: past it the request is answered 413).
    var body = Data()

    init(target: UnsafePointer<CChar>?, limit: Int) {
        guard let target else {
            (self.target, targetBytes) = ([], 0)
            return
        }
        let length = strlen(target)
        targetBytes = length
        self.target = target.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: min(length, limit + 1))) }
    }
}

typealias URILogCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer?
typealias CompletedCallback = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                                              MHD_RequestTerminationCode) -> Void
typealias ConnectionCallback = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                                               MHD_ConnectionNotificationCode) -> Void

// The callbacks below run on libmicrohttpd's worker threads: free functions, their state through `cls` (the
// server) and `con_cls` (the request's ``RequestState``).

/// The request line is in: its raw target (before MHD decodes anything) becomes the request's state.
private func serverRequestStarted(_ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?) -> UnsafeMutableRawPointer? {
    guard let cls else { return nil }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    return Unmanaged.passRetained(RequestState(target: uri, limit: server.service.limits.target.maxBytes)).toOpaque()
}

/// The request is done (answered, or the client went): one access-log line, and its state freed.
private func serverRequestCompleted(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                                    _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ code: MHD_RequestTerminationCode) {
    guard let cls else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let tooSlow = connection.map { server.deadlines.answered(address(of: $0), at: HTTPServer.now()) } ?? false
    guard let context, let pointer = context.pointee else { return }
    context.pointee = nil
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
    if state.handled { server.metrics.inFlight.subtract(1, ordering: .releasing) }
    // A request the server refused before the handler saw it (headers too large) still gets its line.
    let status = state.status == 0 ? (code == .REQUEST_TERMINATED_COMPLETED_OK ? 200 : 0) : state.status
    let seconds = HTTPServer.now() - state.started
    server.service.metrics.record(endpoint: state.endpoint == "-" ? "none" : state.endpoint, status: status,
                                  seconds: state.streamed ? nil : seconds)
    if let log = server.configuration.accessLog {
        log(AccessLog.line(method: state.method, target: state.target, targetBytes: state.targetBytes, status: status, bytes: state.sentBytes,
                           milliseconds: seconds * 1000, endpoint: state.endpoint,
                           error: state.errorCode ?? (state.status == 0 ? (tooSlow ? "request_too_slow" : state.handled ? "not_answered" : "refused_by_http_layer") : nil)))
    }
}

/// Counts the open connections, and keeps their request deadlines.
private func serverConnectionChanged(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                                     _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ code: MHD_ConnectionNotificationCode) {
    guard let cls else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if code == .CONNECTION_NOTIFY_STARTED {
        server.metrics.connections.add(1, ordering: .relaxed)
        if let connection {
            server.deadlines.opened(address(of: connection), socket: indoornav_connection_socket(connection), at: HTTPServer.now())
        }
    } else {
        server.metrics.connections.subtract(1, ordering: .relaxed)
        // A client too slow to send even its request line (or one whose line the worker had not read yet when the
        // deadline closed it) has no request to log: its connection's line says why it ended.
        if let connection, server.deadlines.closed(address(of: connection)), let log = server.configuration.accessLog {
            log(AccessLog.line(method: "-", target: [], targetBytes: 0, status: 0, bytes: 0, milliseconds: 0, endpoint: "-",
                               error: "request_too_slow"))
        }
    }
}

/// Each request: called once when its headers are in, then once per piece of body, then once more at its end.
private func serverAccessHandler(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
                                 _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
                                 _ uploadSize: UnsafeMutablePointer<Int>?, _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> MHD_Result {
    guard let cls, let connection, let context else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let limits = server.service.limits
    let state: RequestState
    if let pointer = context.pointee {
        state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
    } else {
        // No request-line callback ran (it always does): the target is MHD's decoded path, refused if not plain.
        state = RequestState(target: url, limit: limits.target.maxBytes)
        context.pointee = Unmanaged.passRetained(state).toOpaque()
    }
    func header(_ name: String) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }
    /// Queues an answer before the request is whole (a refusal): its deadline is over.
    func answer(_ response: HTTPResponse) -> MHD_Result {
        server.deadlines.answering(address(of: connection))
        return send(response, state, connection)
    }
    if !state.handled {
        state.handled = true
        server.metrics.inFlight.add(1, ordering: .relaxed)
        state.method = method.map { String(cString: $0) } ?? "-"
        if server.metrics.connections.load(ordering: .relaxed) > limits.maxConnections {
            var r = APIError(status: 429, code: "too_many_connections",
                             message: "the server has \(limits.maxConnections) connections open: try again shortly").response()
            r.closesConnection = true
            r.headers.append(HTTPHeader("Retry-After", "1"))
            return answer(r)
        }
        let length = header("Content-Length").flatMap { Int($0) }
        if let length, length > limits.maxBodyBytes {
            var r = APIError(status: 413, code: "body_too_large", message: "the body has \(length) bytes; at most \(limits.maxBodyBytes) are read").response()
            r.closesConnection = true
            return answer(r)
        }
        state.expectsBody = (length ?? 0) > 0 || header("Transfer-Encoding") != nil
        // Answered on the next call: a response queued on this first one makes MHD close the connection (it
        // cannot know whether a body follows), which would cost every client its keep-alive.
        return .YES
    } else if let uploadSize, uploadSize.pointee > 0 {
        state.bodyBytes += uploadSize.pointee
        if state.bodyBytes <= limits.maxBodyBytes, let uploadData {
            state.body.append(UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self), count: uploadSize.pointee)
        }
        uploadSize.pointee = 0
        if state.bodyBytes > limits.maxBodyBytes, state.status == 0 {
            var r = APIError(status: 413, code: "body_too_large", message: "the body has more than \(limits.maxBodyBytes) bytes").response()
            r.closesConnection = true
            return answer(r)
        }
        return .YES
    }
    if state.status != 0 { return .YES }
    // The request is whole: the time the service takes is not the client's.
    server.deadlines.answering(address(of: connection))
    var headers: [String: String] = [:]
    for name in HTTPRequest.readHeaders {
        if let value = header(name) { headers[name] = value }
    }
    let request = HTTPRequest(method: state.method, target: state.target, headers: headers,
                              contentLength: state.expectsBody ? max(state.bodyBytes, 1) : nil, body: state.body,
                              clientAddress: server.configuration.clientAddress(peer: clientAddress(connection),
                                                                                forwardedFor: header("x-forwarded-for")))
    var response = server.service.respond(to: request)
    if server.service.phase == .draining { response.closesConnection = true }
    return send(response, state, connection)
}

/// A libmicrohttpd object's address (a daemon or a connection: not Sendable as a pointer), a connection's key while it
/// is open.
private func address(of pointer: OpaquePointer) -> UInt {
    UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(pointer)))
}

/// The client's IP address as text (IPv4 or IPv6), nil when MHD does not know it.
private func clientAddress(_ connection: OpaquePointer) -> String? {
    guard let address = indoornav_client_address(connection) else { return nil }
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
        let made = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { a in
            withUnsafePointer(to: a.pointee.sin_addr) { inet_ntop(AF_INET, $0, &text, socklen_t(text.count)) }
        }
        guard made != nil else { return nil }
    case AF_INET6:
        let made = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { a in
            withUnsafePointer(to: a.pointee.sin6_addr) { inet_ntop(AF_INET6, $0, &text, socklen_t(text.count)) }
        }
        guard made != nil else { return nil }
    default: return nil
    }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// An event stream, the connection it is sent on and its request's state (for the bytes sent): the `cls` of its
/// content reader, which runs on the worker thread that owns the connection.
final class StreamContext {
    let stream: EventStream
    let connection: OpaquePointer
    let request: RequestState

    init(stream: EventStream, connection: OpaquePointer, request: RequestState) {
        self.stream = stream
        self.connection = connection
        self.request = request
    }
}

/// The next bytes of an event stream; with none, the connection is suspended until the stream wakes it (returning
/// 0 without suspending would make the worker thread spin).
private func streamRead(_ cls: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ max: Int) -> Int {
    guard let cls, let buffer else { return -2 }  // MHD_CONTENT_READER_END_WITH_ERROR
    let context = Unmanaged<StreamContext>.fromOpaque(cls).takeUnretainedValue()
    let n = context.stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: max)) {
        MHD_suspend_connection(context.connection)
    }
    guard let n else { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
    context.request.sentBytes += n
    return n
}

/// The stream's response is freed (its request is over): the follower is gone.
private func streamFreed(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    let context = Unmanaged<StreamContext>.fromOpaque(cls).takeRetainedValue()
    context.stream.detach()
}

/// Queues `response` on the connection and notes it in the request's state.
private func send(_ response: HTTPResponse, _ state: RequestState, _ connection: OpaquePointer) -> MHD_Result {
    state.status = response.status
    state.endpoint = response.endpoint
    state.errorCode = response.errorCode
    state.sentBytes = state.method == "HEAD" ? 0 : response.body.count
    state.streamed = response.stream != nil
    let made: OpaquePointer?
    if let stream = response.stream {
        // Owned by the response from here: released by `streamFreed` when MHD frees the response.
        let context = Unmanaged.passRetained(StreamContext(stream: stream, connection: connection, request: state))
        let key = address(of: connection)
        stream.onWake {
            if let c = OpaquePointer(bitPattern: key) { MHD_resume_connection(c) }
        }
        made = MHD_create_response_from_callback(UInt64.max, 4096, streamRead, context.toOpaque(), streamFreed)
        if made == nil {
            context.release()
            stream.detach()
        }
    } else {
        made = response.body.withUnsafeBytes { body in
            MHD_create_response_from_buffer(body.count, UnsafeMutableRawPointer(mutating: body.baseAddress), .RESPMEM_MUST_COPY)
        }
    }
    guard let made else { return .NO }
    defer { MHD_destroy_response(made) }
    if let type = response.contentType { MHD_add_response_header(made, "Content-Type", type) }
    for header in response.headers { MHD_add_response_header(made, header.name, header.value) }
    if response.closesConnection { MHD_add_response_header(made, "Connection", "close") }
    return MHD_queue_response(connection, UInt32(response.status), made)
}
