import Foundation
import IndoorBase

/// Loads a venue from a path, whatever its format: an IMDF folder, a zipped IMDF archive (`.zip`, `.imdf`) or an
/// OpenStreetMap file (`.osm`, `.osm.pbf`/`.pbf`, or an OSM export in GeoJSON, `.geojson`).
public enum VenueLoader {
    /// The largest feature file read (a venue's files are megabytes; a larger one is a mistake or an attack).
    public static let maximumFileSize = 512 << 20

    /// - Throws: ``VenueError`` when the path is missing, unreadable or not a venue. Problems inside a venue are
    ///   its ``Venue/issues``.
    /// - Parameter path: an IMDF folder, an IMDF archive (`.zip`, `.imdf`), or an OSM file (`.osm`, `.osm.pbf`, or
    ///   `.geojson` as osmtogeojson and overpass turbo export it).
    /// - Parameter selection: the venue to pick out of a larger OSM extract (OSM files only).
    public static func load(path: String, selection: VenueSelection? = nil) throws(VenueError) -> Venue {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound(path: path) }
        let lower = path.lowercased()
        let isGeoJSON = lower.hasSuffix(".geojson") || lower.hasSuffix(".json")
        let isOSM = lower.hasSuffix(".osm") || lower.hasSuffix(".xml") || lower.hasSuffix(".pbf") || isGeoJSON
        if selection != nil, !isOSM {
            throw .notAVenue(path: path, reason: "a venue can be picked by name or box only out of an OSM file (.osm, .osm.pbf, .geojson)")
        }
        if isDirectory.boolValue {
            return try loadDirectory(path)
        }
        if lower.hasSuffix(".osm") || lower.hasSuffix(".xml") {
            return try OSMLoader.load(path: path, selection: selection)
        }
        let data = try read(path)
        if isGeoJSON {
            return try loadGeoJSON(data, path: path, selection: selection)
        }
        if lower.hasSuffix(".pbf") {
            return try OSMLoader.load(pbf: data, path: path, selection: selection)
        }
        if data.starts(with: [0x50, 0x4B]) {  // "PK": a zip archive
            return try IMDFLoader.load(files: ZipArchive.read(data, path: path), source: path)
        }
        if lower.hasSuffix(".zip") || lower.hasSuffix(".imdf") {
            throw .archive(path: path, reason: data.isEmpty ? "the file is empty" : "not a zip archive")
        }
        throw .notAVenue(path: path, reason: "not an IMDF folder or archive, nor an OSM file (.osm, .osm.pbf, .geojson)")
    }

    /// A GeoJSON file alone is an OSM export (features named `way/N`), or one file of an IMDF venue, which is read
    /// with the folder that holds it.
    private static func loadGeoJSON(_ data: Data, path: String, selection: VenueSelection?) throws(VenueError) -> Venue {
        let document: JSONValue
        do {
            document = try JSONParser().parse(data).value
        } catch {
            throw .notAVenue(path: path, reason: "not valid JSON at line \(error.line), column \(error.column): \(error.reason)")
        }
        if OSMDocument.isOSMExport(document) {
            return try OSMLoader.load(geoJSON: document, path: path, selection: selection)
        }
        let folder = (path as NSString).deletingLastPathComponent
        let isIMDF = document["features"]?.arrayValue?.contains { $0["feature_type"] != nil } == true
            || IMDFLoader.looksLikeIMDF([(path as NSString).lastPathComponent])
        throw .notAVenue(path: path, reason: isIMDF
            ? "one file of an IMDF venue: give the folder that holds it with its manifest.json and other feature files (\(folder.isEmpty ? "." : folder))"
            : "a GeoJSON file is read alone only as an OpenStreetMap export (features with ids such as way/123 and tags as properties); an IMDF venue is a folder")
    }

    private static func loadDirectory(_ path: String) throws(VenueError) -> Venue {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        if !IMDFLoader.looksLikeIMDF(names) {
            let osm = names.filter { $0.lowercased().hasSuffix(".osm") }.sorted()
            if osm.count == 1 { return try OSMLoader.load(path: (path as NSString).appendingPathComponent(osm[0])) }
            throw .notAVenue(path: path, reason: osm.isEmpty
                ? "no manifest.json, level.geojson or unit.geojson (IMDF) and no .osm file"
                : "several .osm files (\(osm.joined(separator: ", "))): name one")
        }
        var files: [String: Data] = [:]
        for name in names where name.hasSuffix(".geojson") || name == "manifest.json" {
            let full = (path as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[name] = try read(full)
        }
        return try IMDFLoader.load(files: files, source: path)
    }

    static func read(_ path: String) throws(VenueError) -> Data {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let size = attributes[.size] as? Int
            if let size, size > maximumFileSize {
                throw VenueError.unreadable(path: path, reason: "\(size >> 20) MiB is more than the \(maximumFileSize >> 20) MiB a venue file may have")
            }
            // An empty regular file is read as empty without asking Foundation (which leaks a buffer on it).
            if size == 0, attributes[.type] as? FileAttributeType == .typeRegular { return Data() }
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as VenueError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }
}
