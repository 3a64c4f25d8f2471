import Foundation
import IndoorLocation
import IndoorSampleVenue
import IndoorSearch
import IndoorServer
import IndoorVenue

/// The parsers that input reaches, each as one function of bytes: what the libFuzzer harness in `tools/fuzz`
/// calls, and what the regression tests call with every input a fuzzer ever crashed on. A target must never trap,
/// whatever the bytes; errors are the parsers' business (thrown, counted, or skipped).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// NMEA 0183 bytes in chunks (the first byte picks the chunk size and lenience) → events.
    case nmea
    /// A GPX file (streamed from a temporary file, as `gpx info` reads one).
    case gpx
    /// One IMDF feature file of the sample venue replaced by the input (the first byte picks which).
    case imdf
    /// An OSM file (Simple Indoor Tagging, or a walking network).
    case osm
    /// An OSM PBF file (blobs, zlib, protobuf), loaded whole; when it loads, a venue is also picked out of it by
    /// the name of its first named POI.
    case pbf
    /// The CLI's place syntax: ids, names, `LON,LAT@LEVEL`, `category:C`, resolved on the sample venue.
    case place
    /// A search query: folded and searched on the sample venue.
    case search
    /// An HTTP request target as `indoornav serve` reads it (path segments and query parameters), with small
    /// limits so the fuzzer reaches them.
    case query
    /// A phone sensor log in chunks (the first byte picks the chunk size, and the format: detected, GetSensorData or
    /// ILC) → samples.
    case sensors
    /// A request body of the session endpoints as `indoornav serve` reads it: the first byte picks a session
    /// request (even) or fixes (odd).
    case session

    /// Parses `data` and forgets the outcome: what libFuzzer calls.
    public func run(_ data: Data) {
        _ = outcome(data)
    }

    /// Parses `data`: a value (summarised in a line) or the error the parser threw, described — never a trap.
    public func outcome(_ data: Data) -> FuzzOutcome {
        switch self {
        case .nmea: return Self.nmea(data)
        case .sensors: return Self.sensors(data)
        case .gpx:
            return Self.outcome({ () throws(GPXError) in try GPXReader.read(path: Self.temporaryFile(data, suffix: "gpx")) }) { summary in
                "GPX: \(summary.waypoints) waypoints, \(summary.routePoints) route points, \(summary.trackPoints) track points"
            }
        case .imdf: return Self.imdf(data)
        case .osm: return Self.outcome({ () throws(VenueError) in try OSMLoader.load(path: Self.temporaryFile(data, suffix: "osm")) }, Self.summary)
        case .pbf: return Self.pbf(data)
        case .place:
            guard let index = Self.index else { return .error("the sample venue did not load") }
            return Self.outcome({ () throws(PlaceError) in try index.place(String(decoding: data, as: UTF8.self)) }) { place in
                "a place at \(place.coordinate.longitude), \(place.coordinate.latitude)"
            }
        case .search:
            let text = String(decoding: data, as: UTF8.self)
            _ = TextNormalizer.fold(text)
            guard let index = Self.index else { return .error("the sample venue did not load") }
            return .value("\(index.search(SearchQuery(text)).count) results")
        case .session:
            guard let first = data.first else { return .value("no bytes") }
            let body = Data(data.dropFirst())
            if first & 1 == 0 {
                return Self.outcome({ () throws(APIError) in try SessionRequestBody.parse(body) }) { r in
                    "a session request to \(r.to ?? "nowhere") from \(r.from ?? "the first fix")"
                }
            }
            return Self.outcome({ () throws(APIError) in try FixBody.parse(body, maxFixes: 256) }) { fixes in "\(fixes.count) fixes" }
        case .query:
            return Self.outcome({ () throws(TargetError) in try RequestTarget.parse(data, limits: .init(maxBytes: 4096, maxParameters: 16)) }) { t in
                "\(t.segments.count) segments, \(t.query.count) parameters"
            }
        }
    }

    static func outcome<T, E: Error>(_ body: () throws(E) -> T, _ describe: (T) -> String) -> FuzzOutcome {
        do throws(E) {
            return .value(describe(try body()))
        } catch {
            return .error(error.localizedDescription)
        }
    }

    static func summary(_ venue: Venue) -> String {
        "a venue: \(venue.levels.count) levels, \(venue.spaces.count) spaces, \(venue.openings.count) openings, \(venue.pois.count) POIs"
    }

    static func nmea(_ data: Data) -> FuzzOutcome {
        guard let first = data.first else { return .value("no bytes") }
        let bytes = Array(data.dropFirst())
        var decoder = NMEADecoder(lenient: first & 0x80 != 0)
        let chunk = Int(first & 0x3F) + 1
        var i = 0
        var fixes = 0
        while i < bytes.count {
            fixes += decoder.feed(bytes[i..<min(i + chunk, bytes.count)]).count { if case .fix = $0 { true } else { false } }
            i += chunk
        }
        for case .fix(let fix) in decoder.finish() {
            fixes += 1
            // What comes out is a position or nothing.
            if let l = fix.location() { precondition((-90...90).contains(l.coordinate.latitude) && (-180...180).contains(l.coordinate.longitude)) }
        }
        return .value("NMEA: \(fixes) fixes, \(decoder.skipped.values.reduce(0, +)) lines skipped")
    }

    static func sensors(_ data: Data) -> FuzzOutcome {
        guard let first = data.first else { return .value("no bytes") }
        let bytes = Array(data.dropFirst())
        let formats: [SensorLogFormat?] = [nil, .getSensorData, .ilc]
        var decoder = SensorLogDecoder(format: formats[Int(first >> 6) % formats.count])
        let chunk = Int(first & 0x3F) + 1
        var samples = 0
        var i = 0
        while i < bytes.count {
            samples += decoder.feed(bytes[i..<min(i + chunk, bytes.count)]).count
            i += chunk
        }
        for sample in decoder.finish() {
            samples += 1
            // What comes out is finite.
            precondition(sample.time.isFinite)
        }
        return .value("sensors: \(samples) samples, \(decoder.skipped.values.reduce(0, +)) lines skipped")
    }

    static func pbf(_ data: Data) -> FuzzOutcome {
        let venue: Venue
        do throws(VenueError) {
            venue = try OSMLoader.load(pbf: data, path: "fuzz.osm.pbf")
        } catch {
            return .error(error.localizedDescription)
        }
        guard let name = venue.pois.lazy.compactMap({ $0.name.resolved() }).first else { return .value(summary(venue)) }
        return outcome({ () throws(VenueError) in try OSMLoader.load(pbf: data, path: "fuzz.osm.pbf", selection: .named(name)) }, summary)
    }

    static let sampleFiles = SampleVenue.files
    static let sampleNames = sampleFiles.keys.sorted()

    static func imdf(_ data: Data) -> FuzzOutcome {
        guard let first = data.first else { return .value("no bytes") }
        var files = sampleFiles
        files[sampleNames[Int(first) % sampleNames.count]] = Data(data.dropFirst())
        return outcome({ () throws(VenueError) in try IMDFLoader.load(files: files, source: "fuzz") }, summary)
    }

    /// The sample venue's search index, built once (the embedded venue always loads: tests check it).
    static let index: SearchIndex? = (try? SampleVenue.load()).map { SearchIndex(venue: $0) }

    /// The input as a file the parsers can stream (one per process, rewritten for each input).
    static func temporaryFile(_ data: Data, suffix: String) -> String {
        let path = "\(NSTemporaryDirectory())indoornav-fuzz-\(getpid()).\(suffix)"
        _ = FileManager.default.createFile(atPath: path, contents: data)
        return path
    }

    /// The names a seed for this target starts with, for `imdf` (the first byte picks the file).
    public static var imdfFileNames: [String] { sampleNames }
}

/// What a fuzz target made of an input: a value, summarised in a line, or the error its parser threw, described
/// for a user (a clean error says what is wrong; a trap is never an outcome).
public enum FuzzOutcome: Hashable, Sendable {
    /// The parser made a value of the input: what it holds, in a line.
    case value(String)
    /// The parser refused the input: the error's description.
    case error(String)
}
