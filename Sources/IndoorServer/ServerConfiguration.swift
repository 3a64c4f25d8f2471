import Foundation
import IndoorCore

/// Every size, count and time the service bounds, so no client can make it hold more than this.
public struct ServerLimits: Hashable, Sendable {
    /// The request target (URL path and query): bytes and parameters. Longer: 414; more parameters: 400.
    public var target: RequestTarget.Limits
    /// Bytes of a request's line and headers together (what the server reads before the request is whole).
    /// Longer requests are refused by the HTTP server itself (414 or 431, with its own short body).
    public var maxHeaderBytes: Int
    /// Bytes of a request body (the session endpoints' JSON; a `GET` takes none): a larger `Content-Length` is answered 413;
    /// a chunked body that grows past it has its connection closed.
    public var maxBodyBytes: Int
    /// Open connections answered; a request on one more is answered 429 and its connection closed, and past
    /// ``connectionOverflow`` more, connections are refused at once.
    public var maxConnections: Int
    /// Connections accepted beyond ``maxConnections`` only to be told 429.
    public var connectionOverflow: Int
    /// Seconds a connection may stay silent (idle keep-alive, or a client that stops sending) before it is closed.
    public var connectionTimeoutSeconds: Int
    /// Seconds a client may take to send a whole request (line, headers and body), from the connection's opening
    /// or its previous answer; past it the connection is closed. (The silence timeout alone never closes a client
    /// that sends a byte a second.) The time counts from the previous answer, idle time included: keep it above
    /// ``connectionTimeoutSeconds``, so that an idle keep-alive connection is closed for its silence first. 0 or
    /// less: no bound.
    public var requestSeconds: Int
    /// Seconds a graceful shutdown waits for requests in flight.
    public var drainSeconds: Double
    /// The most results a search may ask for.
    public var maxSearchResults: Int
    /// The most pixels of a rendered image's side.
    public var maxImageSide: Int
    /// The most pixels of a rendered image in all (width × height).
    public var maxImagePixels: Int

    /// The defaults: 8 KiB URLs of at most 64 parameters, 32 KiB of headers, 64 KiB bodies, 4,096 connections
    /// (and 64 more told 429; an idle one costs a few KiB, and the process needs as many file descriptors), 15 s of
    /// silence, 30 s to send a request, 10 s of draining, 100 search results, 4,096-pixel images of at most 8 Mpx.
    public init(target: RequestTarget.Limits = RequestTarget.Limits(), maxHeaderBytes: Int = 32 << 10, maxBodyBytes: Int = 64 << 10,
                maxConnections: Int = 4096, connectionOverflow: Int = 64, connectionTimeoutSeconds: Int = 15, requestSeconds: Int = 30, drainSeconds: Double = 10,
                maxSearchResults: Int = 100, maxImageSide: Int = 4096, maxImagePixels: Int = 8 << 20) {
        self.target = target
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxConnections = maxConnections
        self.connectionOverflow = connectionOverflow
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.requestSeconds = requestSeconds
        self.drainSeconds = drainSeconds
        self.maxSearchResults = maxSearchResults
        self.maxImageSide = maxImageSide
        self.maxImagePixels = maxImagePixels
    }
}

/// Where and how the HTTP server listens.
public struct ServerConfiguration: Sendable {
    /// An IPv4 address to listen on (`127.0.0.1`, `0.0.0.0` for every interface).
    public var host: String
    /// The TCP port; 0 picks a free one (``HTTPServer/port`` says which).
    public var port: Int
    /// Worker threads, each with its own epoll loop and listening socket (the kernel spreads connections over them).
    public var threads: Int
    /// Where each request's access-log line goes (one JSON object, no newline); nil logs nothing.
    public var accessLog: (@Sendable (String) -> Void)?
    /// The addresses of reverse proxies (nginx in front of the replicas) whose `X-Forwarded-For` is believed: a
    /// request from one of them is bounded per visitor (``clientAddress(peer:forwardedFor:)``), not all its
    /// visitors together. Empty by default: the header is anyone's to forge.
    public var trustedProxies: Set<String>

    /// Listens on `host:port` with `threads` workers; access-log lines go to standard error by default.
    public init(host: String = "127.0.0.1", port: Int = 8080, threads: Int = 2,
                accessLog: (@Sendable (String) -> Void)? = AccessLog.standardError, trustedProxies: Set<String> = []) {
        self.host = host
        self.port = port
        self.threads = threads
        self.accessLog = accessLog
        self.trustedProxies = trustedProxies
    }

    /// The most characters of `X-Forwarded-For` read: its last hops, where the trusted proxies wrote.
    static let forwardedForLimit = 1024

    /// The visitor a request comes from, for per-client bounds: the connection's address, unless it is a trusted
    /// proxy's; then the last address in `X-Forwarded-For` (read from the right, as proxies append) that is not a
    /// trusted proxy's own, when it is an IP address. Anything before it is the client's to write, and is not read.
    /// - Parameters:
    ///   - peer: the connection's address, nil when unknown.
    ///   - forwardedFor: the `X-Forwarded-For` header, if any.
    public func clientAddress(peer: String?, forwardedFor: String?) -> String? {
        guard let peer, trustedProxies.contains(peer), let forwardedFor else { return peer }
        for hop in forwardedFor.suffix(Self.forwardedForLimit).split(separator: ",").reversed() {
            let address = hop.trimmingCharacters(in: .whitespaces)
            if trustedProxies.contains(address) { continue }
            return Self.ipAddress(address) ? address : peer
        }
        return peer
    }

    /// Whether `text` is an IPv4 or IPv6 address.
    public static func ipAddress(_ text: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }

    /// An address and port to listen on (``listenAddress(_:)``).
    public struct ListenAddress: Hashable, Sendable {
        /// An IPv4 address; `0.0.0.0` for every interface.
        public let host: String
        /// The TCP port.
        public let port: Int

        /// `host:port`.
        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    /// Parses `ADDRESS:PORT` (an IPv4 address, or `:PORT` for every interface).
    /// - Returns: nil when it is not one.
    public static func listenAddress(_ text: String) -> ListenAddress? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else { return nil }
        let host = text[..<colon].isEmpty ? "0.0.0.0" : String(text[..<colon])
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { return nil }
        return ListenAddress(host: host, port: port)
    }
}

/// One JSON line per request: when it ended, method, target, status, bytes sent, milliseconds, endpoint and error
/// code — what a log shipper reads.
public enum AccessLog {
    /// Writes each line to standard error, in one `write` (lines from several threads do not interleave).
    public static let standardError: @Sendable (String) -> Void = { line in
        let data = Array((line + "\n").utf8)
        data.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// The line for a request.
    static func line(method: String, target: [UInt8], targetBytes: Int, status: Int, bytes: Int, milliseconds: Double,
                     endpoint: String, error: String?) -> String {
        var t = timeval()
        gettimeofday(&t, nil)
        var tm = tm()
        var seconds = t.tv_sec
        gmtime_r(&seconds, &tm)
        // Written digit by digit: String(format:) was 9 % of a search request's time under load.
        let time = padded(Int(tm.tm_year) + 1900, 4) + "-" + padded(Int(tm.tm_mon) + 1, 2) + "-" + padded(Int(tm.tm_mday), 2) + "T"
            + padded(Int(tm.tm_hour), 2) + ":" + padded(Int(tm.tm_min), 2) + ":" + padded(Int(tm.tm_sec), 2) + "." + padded(Int(t.tv_usec / 1000), 3) + "Z"
        var line = "{\"time\":\"\(time)\",\"method\":\(quoted(method)),\"target\":\(quoted(String(decoding: target.prefix(512), as: UTF8.self)))"
        if targetBytes > 512 { line += ",\"target_bytes\":\(targetBytes)" }
        line += ",\"status\":\(status),\"bytes\":\(bytes),\"ms\":\(thousandths(milliseconds)),\"endpoint\":\(quoted(endpoint))"
        if let error { line += ",\"error\":\(quoted(error))" }
        return line + "}"
    }

    /// `v` (≥ 0) in decimal digits, zero-padded to `width`.
    static func padded(_ v: Int, _ width: Int) -> String {
        var out: [UInt8] = []
        DecimalNumber.write(UInt64(max(0, v)), width: width, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `x` (≥ 0) with three decimals, as `%.3f` writes it; 0 for what is not a finite number.
    static func thousandths(_ x: Double) -> String {
        guard x.isFinite, x >= 0, x < 1e12 else { return "0.000" }
        var out: [UInt8] = []
        DecimalNumber.write(x, decimals: 3, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A JSON string literal of `s` (RFC 8259 §7), DEL escaped too: a log line is read on terminals.
    static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        JSONWriter.string(s, escapingDelete: true, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
