import Foundation
import IndoorCore
internal import IndoorCompression
import Synchronization

/// A venue the service answers for: prepared once at start (graph, search index and routers built before the
/// service says it is ready), shared read-only by every request, addressed by its id.
public final class ServedVenue: Sendable {
    /// The venue's id in URLs: its folder or file name without extension (`imdf-spbstu-polytech`, `apb`), or
    /// `transit-hub` for the embedded sample venue.
    public let id: String
    /// The venue as routed, prepared.
    public let prepared: PreparedVenue
    /// The venue as its data draws it (what `venue info` counts).
    let drawn: Venue
    /// Its validation, whose counts `venue info` gives (as `indoornav venue validate` reports them).
    let validation: ValidationReport
    /// Level features already encoded, by level ids and language, up to ``levelCacheBytes`` in all.
    private let levelCache = Mutex<(entries: [String: LevelDocument], bytes: Int)>(([:], 0))
    /// The most bytes of encoded levels kept.
    static let levelCacheBytes = 64 << 20

    /// The id the service gives a venue loaded from `path`: its last component without extensions
    /// (`venues/osm-dresden-apb/apb.osm` is `apb`, `x.osm.pbf` is `x`, `venues/imdf-spbstu-polytech/` is
    /// `imdf-spbstu-polytech`); `transit-hub` for the sample venue.
    public static func id(for source: VenueSource) -> String {
        guard let path = source.path else { return "transit-hub" }
        var name = (path as NSString).standardizingPath
        name = (name as NSString).lastPathComponent
        for ext in [".pbf", ".osm", ".zip", ".imdf", ".geojson", ".json"] where name.lowercased().hasSuffix(ext) && name.count > ext.count {
            name = String(name.dropLast(ext.count))
        }
        return name
    }

    /// Loads the venue of `source` and builds what every request reads (graph, its landmarks, routers, search
    /// index), so the first request is as fast as the next.
    /// - Parameters:
    ///   - source: where the venue comes from.
    ///   - id: its id in URLs (default: ``id(for:)``).
    /// - Throws: `VenueError` when the venue does not load.
    public init(loading source: VenueSource, id: String? = nil) throws(VenueError) {
        self.id = id ?? Self.id(for: source)
        drawn = try source.loadDrawn()
        prepared = PreparedVenue(source.strict ? drawn : drawn.inferringPassages())
        // A service answers many routes: the landmarks' build (a few Dijkstra searches) pays for itself.
        prepared.graph.prepareLandmarks()
        _ = prepared.routers
        _ = prepared.searchIndex
        validation = ValidationReport(validating: drawn, named: source.name, strict: source.strict, prepared: prepared)
    }

    /// A level's features as GeoJSON, encoded once per level and language and kept (with its gzip form and
    /// entity tag) while the cache has room.
    /// - Throws: ``PlaceError/unknownLevel(text:available:)``.
    func levelDocument(_ level: String, language: String?) throws -> LevelDocument {
        let ids = try prepared.levels(named: level).map(\.id).joined(separator: ",")
        let key = ids + "|" + (language ?? "")
        if let cached = levelCache.withLock({ $0.entries[key] }) { return cached }
        let collection = try prepared.levelFeatures(level, languages: PreparedVenue.nameLanguages(for: language))
        let body = try JSONOutput.document(collection.json)
        let document = LevelDocument(body: body, gzip: Zlib.gzip(body), etag: "\"\(ETag.hash(body))\"")
        levelCache.withLock { cache in
            let size = body.count + (document.gzip?.count ?? 0)
            guard cache.entries[key] == nil, cache.bytes + size <= Self.levelCacheBytes else { return }
            cache.entries[key] = document
            cache.bytes += size
        }
        return document
    }
}

/// A level's GeoJSON, encoded, with its gzip form and entity tag.
struct LevelDocument: Sendable {
    let body: Data
    let gzip: Data?
    /// The strong entity tag of the identity encoding, quoted; the gzip form's ends in `-gzip"`.
    let etag: String

    var gzipETag: String { String(etag.dropLast()) + "-gzip\"" }
}

/// Entity tags and `If-None-Match` (RFC 9110 §8.8.3, §13.1.2).
enum ETag {
    /// 64-bit FNV-1a of `data`, in hex: a tag that changes when the bytes do.
    static func hash(_ data: Data) -> String {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in data {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Whether an `If-None-Match` value matches any of `tags` (weak comparison: `W/` is ignored), or is `*`.
    static func matches(_ header: String, _ tags: [String]) -> Bool {
        if header.trimmingCharacters(in: .whitespaces) == "*" { return true }
        return header.split(separator: ",").contains { candidate in
            var t = candidate.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("W/") { t.removeFirst(2) }
            return tags.contains(t)
        }
    }
}
