import Foundation
import IndoorLocation
import IndoorSampleVenue
import IndoorSearch
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

    public func run(_ data: Data) {
        switch self {
        case .nmea: Self.nmea(data)
        case .gpx: _ = try? GPXReader.read(path: Self.temporaryFile(data, suffix: "gpx"))
        case .imdf: Self.imdf(data)
        case .osm: _ = try? OSMLoader.load(path: Self.temporaryFile(data, suffix: "osm"))
        case .pbf: Self.pbf(data)
        case .place: _ = try? Self.index?.place(String(decoding: data, as: UTF8.self))
        case .search:
            let text = String(decoding: data, as: UTF8.self)
            _ = TextNormalizer.fold(text)
            _ = Self.index?.search(SearchQuery(text))
        }
    }

    static func nmea(_ data: Data) {
        guard let first = data.first else { return }
        let bytes = Array(data.dropFirst())
        var decoder = NMEADecoder(lenient: first & 0x80 != 0)
        let chunk = Int(first & 0x3F) + 1
        var i = 0
        while i < bytes.count {
            _ = decoder.feed(bytes[i..<min(i + chunk, bytes.count)])
            i += chunk
        }
        for case .fix(let fix) in decoder.finish() {
            // What comes out is a position or nothing.
            if let l = fix.location() { precondition((-90...90).contains(l.coordinate.latitude) && (-180...180).contains(l.coordinate.longitude)) }
        }
    }

    static func pbf(_ data: Data) {
        guard let venue = try? OSMLoader.load(pbf: data, path: "fuzz.osm.pbf") else { return }
        if let name = venue.pois.lazy.compactMap({ $0.name.resolved() }).first {
            _ = try? OSMLoader.load(pbf: data, path: "fuzz.osm.pbf", selection: .named(name))
        }
    }

    static let sampleFiles = SampleVenue.files
    static let sampleNames = sampleFiles.keys.sorted()

    static func imdf(_ data: Data) {
        guard let first = data.first else { return }
        var files = sampleFiles
        files[sampleNames[Int(first) % sampleNames.count]] = Data(data.dropFirst())
        _ = try? IMDFLoader.load(files: files, source: "fuzz")
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
