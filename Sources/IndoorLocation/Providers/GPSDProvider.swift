import Foundation
import IndoorBase

/// Positions from gpsd, the way most Linux systems share a receiver: a client of gpsd's JSON protocol (by default
/// on `localhost:2947`) that asks for a watch and reads the `TPV` reports (and `ATT` headings). It survives gpsd
/// restarting or the connection dropping, with the statuses and backoff of ``NMEATCPProvider``.
public struct GPSDProvider<C: Clock>: LocationProvider where C.Duration == Duration {
    /// gpsd's port, 2947.
    public static var defaultPort: UInt16 { 2947 }

    /// The host gpsd runs on, a name or an address.
    public let host: String
    /// The TCP port gpsd listens on.
    public let port: UInt16
    /// The clock stalls and reconnection backoff are timed on.
    public let clock: C
    /// How long without data before the status becomes `stalled`.
    public let stallTimeout: Duration

    /// A gpsd client for `host:port`; nothing connects until ``events()`` is iterated.
    public init(host: String = "localhost", port: UInt16 = Self.defaultPort, clock: C, stallTimeout: Duration = .seconds(5)) {
        self.host = host
        self.port = port
        self.clock = clock
        self.stallTimeout = stallTimeout
    }

    /// Connects, sends `?WATCH={"enable":true,"json":true}`, and streams locations, headings and statuses until
    /// the stream is cancelled, reconnecting whenever the connection drops.
    public func events() -> AsyncThrowingStream<LocationEvent, any Error> {
        let (host, port) = (host, port)
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return LiveStream.events(name: "gpsd at \(address)", ended: "gpsd closed the connection", clock: clock,
                                 stallTimeout: stallTimeout, decoder: { GPSDJSONDecoder() }) {
            DescriptorSource.tcp(host: host, port: port)
                .mapError { OpenFailure(what: "gpsd at \($0.what)", detail: $0.detail, permanent: $0.permanent) }
                .flatMap { source in
                    guard source.write(Array(#"?WATCH={"enable":true,"json":true}"#.utf8) + [0x0A]) else {
                        return .failure(OpenFailure(what: "gpsd at \(address)", detail: "the connection closed before the watch could be asked",
                                                    permanent: false))
                    }
                    return .success(source)
                }
        }
    }
}

/// gpsd's JSON lines → events. A `TPV` with mode 2 or 3 and a position is a location (gpsd's field names:
/// `lat`, `lon`, `altMSL`, `altHAE`, `eph`, `epv`, `track`, `epd`, `speed`, `eps`, `time`); an `ATT` with a
/// `heading` is a heading. Other classes (VERSION, DEVICES, WATCH, SKY…) and lines that are not JSON are skipped.
struct GPSDJSONDecoder: StreamDecoder {
    /// gpsd's longest reports (SKY with many satellites) are a few kilobytes; a line past this is dropped.
    static let maximumLineLength = 1 << 20

    private var line: [UInt8] = []
    private var overflow = false

    mutating func feed(_ bytes: [UInt8]) -> [LocationEvent] {
        var out: [LocationEvent] = []
        for byte in bytes {
            if byte == 0x0A {
                if !overflow, let event = Self.event(line) { out.append(event) }
                line.removeAll(keepingCapacity: true)
                overflow = false
            } else if line.count < Self.maximumLineLength {
                line.append(byte)
            } else {
                overflow = true
            }
        }
        return out
    }

    mutating func finish() -> [LocationEvent] {
        defer { line.removeAll() }
        return overflow ? [] : Self.event(line).map { [$0] } ?? []
    }

    static func event(_ line: [UInt8]) -> LocationEvent? {
        guard !line.isEmpty, let report = try? JSONParser().parse(Data(line)).value else { return nil }
        let time = report["time"]?.stringValue.flatMap(GPXReader.date)
        func number(_ key: String) -> Double? { report[key]?.numberValue.flatMap { $0.isFinite ? $0 : nil } }
        switch report["class"]?.stringValue {
        case "TPV":
            guard let m = number("mode"), m >= 2, let lat = number("lat"), let lon = number("lon"),
                  (-90...90).contains(lat), (-180...180).contains(lon)
            else { return nil }
            let mode: Location.Mode = m >= 3 ? .threeD : .twoD
            return .location(Location(
                coordinate: GeoCoordinate(longitude: lon, latitude: lat), mode: mode,
                altitudeMSL: mode == .threeD ? number("altMSL") ?? number("alt") : nil,
                altitudeEllipsoidal: mode == .threeD ? number("altHAE") : nil,
                horizontalAccuracy: number("eph"), verticalAccuracy: mode == .threeD ? number("epv") : nil,
                course: number("track"), courseAccuracy: number("epd"), speed: number("speed"), speedAccuracy: number("eps"),
                timestamp: time, source: "gpsd", isSimulated: number("status") == 7))
        case "ATT":
            guard let heading = number("heading") else { return nil }
            return .heading(Heading(trueHeading: heading, timestamp: time))
        default:
            return nil
        }
    }
}
