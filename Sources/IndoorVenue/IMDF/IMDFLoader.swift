import Foundation
import IndoorBase
import IndoorGeometry

/// Loads an IMDF 1.0 archive (Apple's Indoor Mapping Data Format): `manifest.json` and one GeoJSON file per feature
/// type. Reads units, openings, levels, buildings, footprints, amenities, occupants and anchors, fixtures, sections,
/// kiosks, relationships and addresses.
///
/// Loading is lenient where the intent is clear and says so: defects become ``VenueIssue``s naming the file, the
/// feature id and what is wrong, and unknown files and categories are reported, never fatal.
public enum IMDFLoader {
    /// The feature files IMDF 1.0 defines.
    static let knownFiles: Set<String> = [
        "address", "amenity", "anchor", "building", "detail", "fixture", "footprint", "geofence", "kiosk", "level",
        "occupant", "opening", "relationship", "section", "unit", "venue",
    ]

    /// Whether the file names look like an IMDF archive.
    static func looksLikeIMDF(_ names: some Collection<String>) -> Bool {
        names.contains("manifest.json") || names.contains("unit.geojson") || names.contains("level.geojson")
    }

    /// Loads a venue from the archive's files, by name (`unit.geojson` → bytes).
    /// - Parameter files: each file's bytes by its name in the archive; unknown files are reported, not read.
    /// - Parameter source: the path or name of the archive, for messages.
    /// - Throws: ``VenueError`` only when the files are not an IMDF venue at all; every other problem is an issue.
    public static func load(files: [String: Data], source: String) throws(VenueError) -> Venue {
        guard looksLikeIMDF(files.keys) else {
            throw .notAVenue(path: source, reason: "no manifest.json, level.geojson or unit.geojson")
        }
        let log = IssueLog()
        var manifestLanguage: String?
        var version = "1.0.0"
        if let manifest = files["manifest.json"] {
            switch Result(catching: { () throws(JSONSyntaxError) in try JSONParser().parse(manifest).value }) {
            case .success(let m):
                manifestLanguage = m["language"]?.stringValue
                version = m["version"]?.stringValue ?? version
            case .failure(let e):
                log.add(.warning, "invalid-json", file: "manifest.json", line: e.line, "not valid JSON: \(e.reason)")
            }
        } else {
            log.add(.warning, "missing-file", file: "manifest.json", "no manifest.json (IMDF requires one)")
        }
        var byType: [String: [IMDFFeature]] = [:]
        for name in files.keys.sorted() where name.hasSuffix(".geojson") {
            let type = String(name.dropLast(".geojson".count))
            guard let data = files[name] else { continue }
            let features = readFeatureFile(name, data, log: log)
            if knownFiles.contains(type) {
                byType[type] = features
            } else {
                log.add(.info, "unknown-file", file: name,
                        "not an IMDF 1.0 feature file (\(features.count) features, an exporter's extra); ignored")
            }
        }
        var builder = IMDFVenueBuilder(byType: byType, log: log, language: manifestLanguage)
        return try builder.build(source: source, format: "IMDF \(version)")
    }
}

/// Turns parsed IMDF features into a ``Venue``, resolving references and reporting dangling ones.
struct IMDFVenueBuilder {
    let byType: [String: [IMDFFeature]]
    let log: IssueLog
    let language: String?

    private func features(_ type: String) -> [IMDFFeature] { byType[type] ?? [] }

    /// Checks that a feature has geometry of one of `kinds`; reports and returns nil otherwise.
    private func geometry(_ f: IMDFFeature, _ kinds: Set<String>, required: Bool = true) -> GeoGeometry? {
        guard let g = f.geometry else {
            if required { log.add(.error, "missing-geometry", file: f.file, featureID: f.id, "no geometry; feature skipped") }
            return nil
        }
        guard kinds.contains(g.typeName) else {
            log.add(.error, "invalid-geometry", file: f.file, featureID: f.id,
                    "geometry is a \(g.typeName), expected \(kinds.sorted().joined(separator: " or ")); feature skipped")
            return nil
        }
        return GeoGeometry(degrees: g)
    }

    mutating func build(source: String, format: String) throws(VenueError) -> Venue {
        var addresses: [String: Address] = [:]
        for f in features("address") {
            addresses[f.id] = Address(street: f.string("address"), unit: f.string("unit"), locality: f.string("locality"),
                                      province: f.string("province"), country: f.string("country"),
                                      postalCode: f.string("postal_code"))
        }
        func address(_ f: IMDFFeature) -> Address? {
            guard let id = f.string("address_id") else { return nil }
            if let a = addresses[id] { return a }
            log.dangling(.warning, file: f.file, featureID: f.id, to: ["address"], "address_id \(id) names no address")
            return nil
        }

        // Buildings, with the ground footprint of each.
        var footprints: [String: GeoGeometry] = [:]
        for f in features("footprint") where f.string("category") == "ground" {
            guard let g = geometry(f, ["Polygon", "MultiPolygon"]) else { continue }
            for b in f.strings("building_ids") { footprints[b] = g }
        }
        var buildings: [Building] = []
        for f in features("building") {
            var b = Building(id: f.id, name: f.labels("name"), category: f.string("category"), footprint: footprints[f.id])
            b.address = address(f)
            buildings.append(b)
        }
        let buildingIDs = Set(buildings.map(\.id))

        // Levels.
        var levels: [Level] = []
        for f in features("level") {
            guard let ordinal = f.number("ordinal") else {
                log.add(.error, "missing-property", file: f.file, featureID: f.id, "a level needs a numeric \"ordinal\"; level skipped")
                continue
            }
            let ids = f.strings("building_ids")
            for b in ids where !buildingIDs.contains(b) {
                log.dangling(.warning, file: f.file, featureID: f.id, to: ["building"], "building_ids names \(b), which is not a building")
            }
            levels.append(Level(id: f.id, ordinal: ordinal, name: f.labels("name"), shortName: f.labels("short_name"),
                                isOutdoor: f.bool("outdoor") ?? false, buildingIDs: ids,
                                geometry: geometry(f, ["Polygon", "MultiPolygon"], required: false)))
        }
        let levelIDs = Set(levels.map(\.id))
        func levelID(_ f: IMDFFeature) -> String? {
            guard let id = f.string("level_id") else {
                log.add(.error, "missing-property", file: f.file, featureID: f.id, "no level_id; feature skipped")
                return nil
            }
            guard levelIDs.contains(id) else {
                log.dangling(.error, file: f.file, featureID: f.id, to: ["level"], "level_id \(id) names no level; feature skipped")
                return nil
            }
            return id
        }

        // Units become spaces.
        var spaces: [Space] = []
        for f in features("unit") {
            guard let level = levelID(f), let g = geometry(f, ["Polygon", "MultiPolygon"]),
                  let category = categoryOrUnknown(f) else { continue }
            spaces.append(Space(id: f.id, category: category, name: f.labels("name"), altName: f.labels("alt_name"),
                                levelID: level, geometry: g, accessibility: f.strings("accessibility"),
                                restriction: f.restriction(), displayPoint: f.point("display_point")))
        }
        var spaceIndex: [String: Int] = [:]
        for (i, s) in spaces.enumerated() { spaceIndex[s.id] = i }

        // Openings.
        var openings: [Opening] = []
        for f in features("opening") {
            guard let level = levelID(f), let g = geometry(f, ["LineString", "MultiLineString"]),
                  let category = categoryOrUnknown(f) else { continue }
            let door = f.properties["door"]?.objectValue
            let doorType = door?["type"]?.stringValue
            let accessibility = f.strings("accessibility")
            openings.append(Opening(
                id: f.id, category: category, levelID: level, geometry: g,
                isDoor: door != nil && doorType != "open", doorType: doorType,
                isAccessible: accessibility.isEmpty ? nil : accessibility.contains("wheelchair"),
                name: f.labels("name"), restriction: f.restriction()))
        }

        // Points of interest: amenities, occupants at their anchors, kiosks, sections, named units.
        var pois: [POI] = []
        func place(_ f: IMDFFeature, unitID: String?) -> (level: String, space: String?)? {
            if let unitID {
                if let i = spaceIndex[unitID] { return (spaces[i].levelID, unitID) }
                log.dangling(.error, file: f.file, featureID: f.id, to: ["unit"], "unit \(unitID) is not a loaded unit; feature skipped")
                return nil
            }
            if let level = f.string("level_id"), levelIDs.contains(level) { return (level, nil) }
            log.add(.error, "missing-property", file: f.file, featureID: f.id, "no unit_ids or level_id places it on a level; feature skipped")
            return nil
        }
        for f in features("amenity") {
            guard case .point(let c)? = geometry(f, ["Point"])?.degrees, let category = categoryOrUnknown(f),
                  let at = place(f, unitID: f.strings("unit_ids").first) else { continue }
            pois.append(POI(id: f.id, kind: .amenity, category: category, name: f.labels("name"),
                            altName: f.labels("alt_name"), levelID: at.level, coordinate: GeoCoordinate(position: c), spaceID: at.space))
        }
        var anchors: [String: (Coordinate, String?)] = [:]
        for f in features("anchor") {
            guard case .point(let c)? = geometry(f, ["Point"])?.degrees else { continue }
            anchors[f.id] = (c, f.string("unit_id"))
        }
        for f in features("occupant") {
            guard let anchorID = f.string("anchor_id") else {
                log.add(.error, "missing-property", file: f.file, featureID: f.id, "no anchor_id; occupant skipped")
                continue
            }
            guard let (c, unit) = anchors[anchorID] else {
                log.dangling(.error, file: f.file, featureID: f.id, to: ["anchor"], "anchor_id \(anchorID) names no anchor; occupant skipped")
                continue
            }
            guard let category = categoryOrUnknown(f), let at = place(f, unitID: unit) else { continue }
            // IMDF has no short name on occupants; some exporters add `short_name` or `shortName` (room numbers).
            let short = f.labels("short_name").isEmpty ? f.labels("shortName") : f.labels("short_name")
            let ref = short.resolved(language)
            pois.append(POI(id: f.id, kind: .occupant, category: category, name: f.labels("name"),
                            altName: f.labels("alt_name"), ref: ref, levelID: at.level, coordinate: GeoCoordinate(position: c), spaceID: at.space))
            if let ref, let i = at.space.flatMap({ spaceIndex[$0] }), spaces[i].ref == nil { spaces[i].ref = ref }
        }
        for f in features("kiosk") + features("section") {
            guard let level = levelID(f), let g = geometry(f, ["Polygon", "MultiPolygon"]),
                  let c = f.point("display_point") ?? g.boundingBox.map({ GeoCoordinate(position: $0.center) }) else { continue }
            pois.append(POI(id: f.id, kind: f.file == "kiosk.geojson" ? .kiosk : .section,
                            category: f.string("category") ?? (f.file == "kiosk.geojson" ? "kiosk" : "section"),
                            name: f.labels("name"), altName: f.labels("alt_name"), levelID: level, coordinate: c))
        }
        // A named unit is a POI of its own unless an occupant, or an amenity of the same name, already stands for it.
        let occupiedSpaces = Set(pois.compactMap { $0.kind == .occupant ? $0.spaceID : nil })
            .union(pois.compactMap { poi in
                poi.kind == .amenity ? poi.spaceID.flatMap { id in spaceIndex[id].flatMap { spaces[$0].name == poi.name ? id : nil } } : nil
            })
        for s in spaces where !s.name.isEmpty && !occupiedSpaces.contains(s.id) {
            guard let c = s.displayPoint ?? s.geometry.boundingBox.map({ GeoCoordinate(position: $0.center) }) else { continue }
            pois.append(POI(id: s.id, kind: .room, category: s.category, name: s.name, altName: s.altName, ref: s.ref,
                            levelID: s.levelID, coordinate: c, spaceID: s.id))
        }

        // Fixtures are obstacles.
        var obstacles: [Obstacle] = []
        for f in features("fixture") {
            guard let level = levelID(f), let g = geometry(f, ["Polygon", "MultiPolygon"]) else { continue }
            obstacles.append(Obstacle(id: f.id, category: f.string("category") ?? "unspecified", levelID: level,
                                      geometry: g, name: f.labels("name")))
        }

        // Relationships give the connectors; without them, stacked stairs/elevator units are joined.
        var connectors = relationshipConnectors(spaces: spaces, spaceIndex: spaceIndex, openings: openings)

        let venueFeature = features("venue").first
        if venueFeature == nil { log.add(.warning, "missing-file", file: "venue.geojson", "no venue feature; the venue is unnamed") }
        guard !levels.isEmpty else { throw .noLevels(path: source, issues: log.issuesWithConsequencesCollapsed()) }
        let allPositions = spaces.flatMap { $0.geometry.degrees.allCoordinates } + levels.flatMap { $0.geometry?.degrees.allCoordinates ?? [] }
        guard let box = BoundingBox(covering: allPositions) else { throw .noLevels(path: source, issues: log.issuesWithConsequencesCollapsed()) }
        let frame: LocalFrame
        do {
            frame = try LocalFrame(centeredOn: box)
        } catch {
            throw .notAVenue(path: source, reason: "its coordinates are not WGS84 longitude/latitude (\(error.localizedDescription))")
        }
        for i in openings.indices {
            openings[i].width = (try? frame.project(openings[i].geometry))?.metricLength
        }
        if connectors.isEmpty {
            connectors = StackedConnectorInference(spaces: spaces, levels: levels, frame: frame, log: log).connectors()
        }
        var venue = Venue(
            id: venueFeature?.id ?? source, name: venueFeature?.labels("name") ?? LocalizedText(),
            category: venueFeature?.string("category"), sourceFormat: format, buildings: buildings, levels: levels,
            spaces: spaces, openings: openings, connectors: connectors, pois: pois, obstacles: obstacles,
            issues: log.issuesWithConsequencesCollapsed(), frame: frame)
        venue.address = venueFeature.flatMap(address)
        if let f = venueFeature, f.geometry != nil { venue.outline = geometry(f, ["Polygon", "MultiPolygon"]) }
        return venue
    }

    private func categoryOrUnknown(_ f: IMDFFeature) -> String? {
        guard let c = f.string("category") else {
            log.add(.warning, "missing-property", file: f.file, featureID: f.id, "no category; taken as \"unspecified\"")
            return "unspecified"
        }
        return c
    }

    private func relationshipConnectors(spaces: [Space], spaceIndex: [String: Int], openings: [Opening]) -> [Connector] {
        var connectors: [Connector] = []
        let openingLevel = Dictionary(openings.map { ($0.id, $0.levelID) }, uniquingKeysWith: { a, _ in a })
        for f in features("relationship") {
            guard let category = f.string("category") else {
                log.add(.error, "missing-property", file: f.file, featureID: f.id, "a relationship needs a category; skipped")
                continue
            }
            let kind: Connector.Kind
            switch category {
            case "elevator": kind = .elevator
            case "escalator": kind = .escalator
            case "stairs": kind = .stairs
            case "ramp": kind = .ramp
            case "movingwalkway": kind = .movingWalkway
            case "traversal", "traversal.path": kind = .traversal
            default:
                log.add(.info, "unknown-category", file: f.file, featureID: f.id, "relationship category \"\(category)\" not used for routing")
                continue
            }
            var references: [JSONValue] = []
            if let o = f.properties["origin"], !o.isNull { references.append(o) }
            references += f.properties["intermediary"]?.arrayValue ?? []
            if let d = f.properties["destination"], !d.isNull { references.append(d) }
            var stops: [Connector.Stop] = []
            var broken = false
            for r in references {
                guard let id = r["id"]?.stringValue else { broken = true; break }
                switch r["feature_type"]?.stringValue {
                case "unit"?:
                    guard let i = spaceIndex[id] else { broken = true; break }
                    stops.append(Connector.Stop(levelID: spaces[i].levelID, spaceID: id,
                                                location: spaces[i].displayPoint ?? spaces[i].geometry.boundingBox.map { GeoCoordinate(position: $0.center) }))
                case "opening"?:
                    guard let level = openingLevel[id] else { broken = true; break }
                    stops.append(Connector.Stop(levelID: level))
                default:
                    broken = true
                }
                if broken { break }
            }
            guard !broken, stops.count >= 2 else {
                log.dangling(.error, file: f.file, featureID: f.id, to: ["unit", "opening"],
                             "origin, intermediary or destination names no loaded unit or opening; relationship skipped")
                continue
            }
            connectors.append(Connector(id: f.id, kind: kind, stops: stops, isDirected: f.string("direction") == "directed",
                                        name: f.labels("name")))
        }
        return connectors
    }
}
