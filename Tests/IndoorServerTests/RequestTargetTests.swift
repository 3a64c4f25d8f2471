import IndoorServer
import Testing

/// The request-target parser as a function of bytes.
@Suite struct RequestTargetTests {
    @Test func pathAndQueryDecoded() throws {
        let t = try RequestTarget.parse(Array("/v1/venues/transit-hub/route?from=Caf%C3%A9+M%C3%BCller&to=a%2Bb&via=x&via=y&flag".utf8))
        #expect(t.segments == ["v1", "venues", "transit-hub", "route"])
        #expect(t.query == [QueryItem(name: "from", value: "Café Müller"), QueryItem(name: "to", value: "a+b"),
                            QueryItem(name: "via", value: "x"), QueryItem(name: "via", value: "y"), QueryItem(name: "flag", value: "")])
    }

    @Test(arguments: [("/", [String]()), ("/health", ["health"]), ("/v1/venues/", ["v1", "venues"]), ("/a//b", ["a", "", "b"]),
                      ("/a%20b", ["a b"]), ("/a+b", ["a+b"]), ("/?", []), ("/x?&&", ["x"])])
    func segments(target: String, expected: [String]) throws {
        #expect(try RequestTarget.parse(Array(target.utf8)).segments == expected)
    }

    @Test(arguments: [
        ("", TargetError.notOriginForm), ("health", .notOriginForm), ("/a b", .invalidCharacter(offset: 2)),
        ("/a#b", .invalidCharacter(offset: 2)), ("/%zz", .badPercentEncoding(offset: 1)), ("/?q=%4", .badPercentEncoding(offset: 4)),
        ("/%C3%28", .invalidUTF8(offset: 1)), ("/?q=%0A", .controlCharacter(offset: 4, byte: 10)), ("/..", .dotSegment(offset: 1)),
        ("/a/%2E", .dotSegment(offset: 3)), ("/a%2Fb", .encodedSlash(offset: 1)), ("/a%5Cb", .encodedSlash(offset: 1)),
        ("/?=x", .emptyName(offset: 2)),
    ])
    func refused(target: String, error: TargetError) {
        #expect(throws: error) { try RequestTarget.parse(Array(target.utf8)) }
    }

    @Test func limits() {
        let limits = RequestTarget.Limits(maxBytes: 32, maxParameters: 3)
        #expect(throws: TargetError.tooLong(bytes: 33, limit: 32)) { try RequestTarget.parse(Array(("/" + String(repeating: "a", count: 32)).utf8), limits: limits) }
        #expect(throws: TargetError.tooManyParameters(limit: 3)) { try RequestTarget.parse(Array("/?a&b&c&d".utf8), limits: limits) }
        #expect(TargetError.tooLong(bytes: 1, limit: 0).status == 414)
        #expect(TargetError.dotSegment(offset: 1).status == 400)
    }

    /// Every byte value alone and after a `%`, as a path and as a query: a value or an error, never a trap.
    @Test func everyByte() {
        for b in UInt8.min...UInt8.max {
            for bytes in [[UInt8(ascii: "/"), b], Array("/?q=".utf8) + [b], Array("/%".utf8) + [b, b], Array("/?".utf8) + [b, UInt8(ascii: "="), b]] {
                _ = try? RequestTarget.parse(bytes)
            }
        }
    }
}

/// Behind nginx every visitor arrives from the proxy's address: `--trust-proxy` makes the per-visitor bounds read
/// the visitor from `X-Forwarded-For`, and only from a trusted proxy, and only the hops the proxies wrote.
@Suite struct ForwardedClientTests {
    let behindProxy = ServerConfiguration(accessLog: nil, trustedProxies: ["127.0.0.1", "10.0.0.2"])

    @Test func aTrustedProxysLastHopIsTheVisitor() {
        #expect(behindProxy.clientAddress(peer: "127.0.0.1", forwardedFor: "203.0.113.7") == "203.0.113.7")
        #expect(behindProxy.clientAddress(peer: "127.0.0.1", forwardedFor: "2001:db8::1") == "2001:db8::1")
        // A visitor's own header comes first; the proxies append: the rightmost untrusted hop is the visitor.
        #expect(behindProxy.clientAddress(peer: "127.0.0.1", forwardedFor: "1.2.3.4, 203.0.113.7, 10.0.0.2") == "203.0.113.7")
    }

    @Test func anyoneElsesHeaderIsIgnored() {
        #expect(behindProxy.clientAddress(peer: "198.51.100.9", forwardedFor: "203.0.113.7") == "198.51.100.9")
        let direct = ServerConfiguration(accessLog: nil)
        #expect(direct.clientAddress(peer: "127.0.0.1", forwardedFor: "203.0.113.7") == "127.0.0.1")
    }

    @Test func aHopThatIsNoAddressFallsBackToThePeer() {
        #expect(behindProxy.clientAddress(peer: "127.0.0.1", forwardedFor: "evil, not-an-ip") == "127.0.0.1")
        #expect(behindProxy.clientAddress(peer: "127.0.0.1", forwardedFor: "") == "127.0.0.1")
        #expect(behindProxy.clientAddress(peer: "127.0.0.1", forwardedFor: "10.0.0.2") == "127.0.0.1")
        #expect(behindProxy.clientAddress(peer: "127.0.0.1", forwardedFor: String(repeating: "9", count: 100_000)) == "127.0.0.1")
        #expect(behindProxy.clientAddress(peer: nil, forwardedFor: "203.0.113.7") == nil)
    }
}
