import Foundation

/// A generated venue: its IMDF files, its OSM XML and the public places in it.
public struct GeneratedVenue: Sendable {
    /// How much was drawn (IMDF features).
    public struct Counts: Sendable, Hashable {
        /// IMDF level features (twin levels count each building's level and the outdoor one).
        public var levels: Int
        /// IMDF units.
        public var spaces: Int
        /// IMDF openings.
        public var openings: Int
        /// Pillars, as fixtures or holes.
        public var pillars: Int
        /// Units restricted to employees (IMDF `restriction`, OSM `access=private`), never in ``places``.
        public var nonPublic: Int
    }

    /// The kind drawn.
    public let kind: VenueGenerator.Kind
    /// The seed it was drawn from.
    public let seed: UInt64
    /// The rotation applied, in degrees counter-clockwise.
    public let rotation: Double
    /// The venue's second language besides English (`fr`, `de` or `ru`).
    public let language: String
    /// IMDF 1.0.0 files by name (`manifest.json`, `unit.geojson`, …), as ``IndoorVenue/IMDFLoader/load(files:source:)``
    /// reads them; empty for `.station`, which is OSM only.
    public let imdf: [String: Data]
    /// OSM XML 0.6 with Simple Indoor Tagging (a footway network for `.station`).
    public let osm: Data
    /// The named public places, for tests to pick pairs from.
    public let places: [GeneratedPlace]
    /// How much was drawn, to check a loaded venue against.
    public let counts: Counts

    /// ``places`` as JSON: `{"kind", "seed", "rotation", "language", "places": [{imdf_id, osm_id, name, local_name,
    /// category, ordinal, sit}]}`, one place a line.
    public func placesJSON() -> Data {
        var out = TextOutput()
        out.append("{\"kind\":")
        out.append(jsonString: kind.rawValue)
        out.append(",\"seed\":\(seed),\"rotation\":")
        out.append(fixed: rotation, decimals: 3)
        out.append(",\"language\":")
        out.append(jsonString: language)
        out.append(",\"places\":[\n")
        for (i, p) in places.enumerated() {
            if i > 0 { out.append(",\n") }
            out.append("{\"imdf_id\":")
            if let id = p.imdfID { out.append(jsonString: id) } else { out.append("null") }
            out.append(",\"osm_id\":")
            out.append(jsonString: p.osmID)
            out.append(",\"name\":")
            out.append(jsonString: p.name)
            out.append(",\"local_name\":")
            out.append(jsonString: p.localName)
            out.append(",\"category\":")
            out.append(jsonString: p.category)
            out.append(",\"ordinal\":\(p.ordinal),\"sit\":\(p.simpleIndoorTagged)}")
        }
        out.append("\n]}\n")
        return out.data
    }
}

/// A named public place of a generated venue.
public struct GeneratedPlace: Hashable, Sendable {
    /// The id of the POI the IMDF loader makes for it (the occupant, amenity or unit id); nil for `.station`.
    public var imdfID: String?
    /// The id of the POI the OSM loader makes for it: `way/12`, `node/7`, `relation/3`, or `way/12@1` for a
    /// level of a way drawn on several levels.
    public var osmID: String
    /// The English name.
    public var name: String
    /// The name in the venue's second language.
    public var localName: String
    /// IMDF unit, occupant or amenity category.
    public var category: String
    /// Level ordinal.
    public var ordinal: Int
    /// Whether its OSM element is Simple Indoor Tagging (`indoor=room|area|corridor`, or a node with a `level`);
    /// false for an outdoor square (`highway=pedestrian`), a platform (`railway=platform`) or an `indoor=yes`
    /// area, which the OSM loader may not make a POI of.
    public var simpleIndoorTagged: Bool
}
