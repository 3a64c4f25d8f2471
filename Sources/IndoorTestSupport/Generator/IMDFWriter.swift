import Foundation
import IndoorBase
import IndoorGeometry

/// Writes a ``Draft`` as an IMDF 1.0.0 archive (Apple's Indoor Mapping Data Format): `manifest.json` and one
/// GeoJSON FeatureCollection per feature type, ids from ``featureID(seed:key:)``, positions with 9 decimals.
struct IMDFWriter {
    let draft: Draft
    let seed: UInt64
    let projection: PlanProjection
    let language: String
    /// Sub-centimetre noise on every vertex of every unit, metres (each unit's copy of a shared wall moves on its
    /// own: the gaps and overlaps of hand-drawn or CAD-exported data).
    let jitter: Double

    func id(_ key: String) -> String { featureID(seed: seed, key: key) }

    /// The projection of what is drawn in building `b`'s plan (placed on a campus's site), else of the site.
    func projection(building b: Int?) -> PlanProjection {
        guard let b, draft.buildings.indices.contains(b), let placement = draft.buildings[b].placement else { return projection }
        return projection.placing(placement, from: draft.buildings[b].footprint.center)
    }

    /// The projection of what is drawn on level `l`.
    func projection(level l: Int) -> PlanProjection {
        projection(building: draft.levels.indices.contains(l) ? draft.levels[l].building : nil)
    }

    func write() -> [String: Data] {
        var random = SeededGenerator(seed: seed ^ 0x1D_F00D)
        let (corners, doors) = draft.registries()
        var files: [String: Data] = [:]
        let extent = draft.extent
        let venueRect = extent.inset(-5)

        files["address.geojson"] = collection([feature("address", "address", geometry: nil) { p in
            p.string("address", "1 \(draft.venueName.en) Way"); p.null("unit"); p.string("locality", "Generated")
            p.null("province"); p.string("country", "ZZ"); p.null("postal_code"); p.null("postal_code_ext")
            p.null("postal_code_vanity")
        }])
        files["venue.geojson"] = collection([feature("venue", "venue", geometry: { $0.polygon([Draft.counterClockwise(venueRect)]) }) { p in
            p.string("category", draft.venueCategory); p.null("restriction"); p.labels("name", draft.venueName)
            p.null("alt_name"); p.string("hours", "Mo-Su 06:00-23:00"); p.null("phone"); p.null("website")
            p.point("display_point", extent.center); p.string("address_id", id("address"))
        }])
        files["building.geojson"] = collection(draft.buildings.enumerated().map { i, b in
            feature("building", b.key, projection: projection(building: i), geometry: nil) { p in
                p.labels("name", b.name); p.null("alt_name"); p.string("category", "unspecified"); p.null("restriction")
                p.point("display_point", b.footprint.center); p.string("address_id", id("address"))
            }
        })
        files["footprint.geojson"] = collection(draft.buildings.enumerated().map { i, b in
            feature("footprint", "footprint:\(b.key)", projection: projection(building: i), geometry: { $0.polygon([Draft.counterClockwise(b.footprint)]) }) { p in
                p.string("category", "ground"); p.null("name"); p.strings("building_ids", [id(b.key)])
            }
        })
        files["level.geojson"] = collection(draft.levels.map { l in
            feature("level", l.key, projection: projection(building: l.building), geometry: { $0.polygon([Draft.counterClockwise(l.outline)]) }) { p in
                p.string("category", "unspecified"); p.null("restriction"); p.bool("outdoor", l.outdoor)
                p.integer("ordinal", l.ordinal); p.labels("name", l.name)
                p.labels("short_name", Names(en: "\(l.ordinal)", local: "\(l.ordinal)"))
                p.point("display_point", l.outline.center); p.null("address_id")
                if let b = l.building { p.strings("building_ids", [id(draft.buildings[b].key)]) } else { p.null("building_ids") }
            }
        })
        files["unit.geojson"] = collection(draft.units.map { u in
            let rings = draft.rings(of: u, corners: corners, doors: doors)
            return feature("unit", u.key, projection: projection(level: u.level), geometry: { $0.polygon(rings, jitter: jitter, random: &random) }) { p in
                p.string("category", u.category); p.optional("restriction", u.restriction)
                if u.accessibility.isEmpty { p.null("accessibility") } else { p.strings("accessibility", u.accessibility) }
                if let n = u.name { p.labels("name", n) } else { p.null("name") }
                p.null("alt_name"); p.string("level_id", id(draft.levels[u.level].key))
                p.point("display_point", displayPoint(u))
            }
        })
        files["opening.geojson"] = collection(draft.openings.map { o in
            feature("opening", o.key, projection: projection(level: o.level), geometry: { $0.line([o.a, o.b]) }) { p in
                p.string("category", o.category)
                if let a = o.accessible, a { p.strings("accessibility", ["wheelchair"]) } else { p.null("accessibility") }
                if o.restricted { p.strings("access_control", ["keyaccess"]) } else { p.null("access_control") }
                if let d = o.door {
                    p.object("door") { q in q.string("type", d.type); q.bool("automatic", d.automatic); q.string("material", d.material) }
                } else { p.null("door") }
                if let n = o.name { p.labels("name", n) } else { p.null("name") }
                p.null("alt_name"); p.point("display_point", PlanPoint(x: (o.a.x + o.b.x) / 2, y: (o.a.y + o.b.y) / 2))
                p.string("level_id", id(draft.levels[o.level].key))
            }
        })
        files["fixture.geojson"] = collection(draft.fixtures.map { f in
            feature("fixture", f.key, projection: projection(level: f.level), geometry: { $0.polygon([Draft.counterClockwise(f.rect)]) }) { p in
                p.string("category", "obstruction"); p.null("name"); p.null("alt_name"); p.null("anchor_id")
                p.string("level_id", id(draft.levels[f.level].key)); p.point("display_point", f.rect.center)
            }
        })
        let unitByKey = Dictionary(draft.units.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        files["anchor.geojson"] = collection(draft.occupants.compactMap { o in
            guard let u = unitByKey[o.unit] else { return nil }
            return feature("anchor", "anchor:\(o.key)", projection: projection(level: u.level), geometry: { $0.point(displayPoint(u)) }) { p in
                p.null("address_id"); p.string("unit_id", id(u.key))
            }
        })
        files["occupant.geojson"] = collection(draft.occupants.map { o in
            feature("occupant", o.key, geometry: nil) { p in
                p.labels("name", o.name); p.string("category", o.category); p.string("anchor_id", id("anchor:\(o.key)"))
                p.string("hours", o.hours); p.null("phone"); p.null("website"); p.null("validity"); p.null("correlation_id")
            }
        })
        files["amenity.geojson"] = collection(draft.amenities.map { a in
            feature("amenity", a.key, projection: projection(level: a.level), geometry: { $0.point(a.point) }) { p in
                p.string("category", a.category); p.null("accessibility"); p.labels("name", a.name); p.null("alt_name")
                p.null("hours"); p.null("phone"); p.null("website")
                p.strings("unit_ids", a.unit.map { [id($0)] } ?? []); p.null("address_id"); p.null("correlation_id")
            }
        })
        files["relationship.geojson"] = collection(draft.relationships.map { r in
            feature("relationship", r.key, geometry: nil) { p in
                p.string("category", r.category); p.string("direction", r.directed ? "directed" : "undirected")
                func ref(_ key: String) -> (inout JSONObjectWriter) -> Void {
                    { q in q.string("id", id(key)); q.string("feature_type", "unit") }
                }
                p.object("origin", ref(r.units.first ?? ""))
                if r.units.count > 2 {
                    p.array("intermediary", r.units.dropFirst().dropLast().map(ref))
                } else { p.null("intermediary") }
                p.object("destination", ref(r.units.last ?? "")); p.null("hours")
            }
        })
        // Feature types with no feature are left out, as exporters do (IMDF needs no empty file).
        for optional in ["fixture", "anchor", "occupant", "amenity", "relationship"] {
            if draft.isEmpty(optional) { files["\(optional).geojson"] = nil }
        }
        var manifest = TextOutput()
        manifest.append("{\n  \"version\": \"1.0.0\",\n  \"created\": \"2026-01-01T00:00:00Z\",\n")
        manifest.append("  \"generated_by\": \"IndoorNav VenueGenerator (seed \(seed))\",\n  \"language\": \"en\"\n}\n")
        files["manifest.json"] = manifest.data
        return files
    }

    /// The centre of a unit's rectangle, or beside a pillar when the centre falls in a hole.
    func displayPoint(_ u: Draft.Unit) -> PlanPoint {
        var c = u.rect.center
        for h in u.holes where c.x >= h.x0 && c.x <= h.x1 && c.y >= h.y0 && c.y <= h.y1 { c.y = h.y1 + 1 }
        return c
    }

    // MARK: writing GeoJSON

    private func collection(_ features: [TextOutput]) -> Data {
        var out = TextOutput(capacity: features.reduce(64) { $0 + $1.bytes.count + 2 })
        out.append("{\"type\":\"FeatureCollection\",\"features\":[\n")
        for (i, f) in features.enumerated() {
            if i > 0 { out.append(",\n") }
            out.append(contentsOf: f)
        }
        out.append("\n]}\n")
        return out.data
    }

    private func feature(_ type: String, _ key: String, projection: PlanProjection? = nil, geometry: ((inout GeometryWriter) -> Void)?,
                         properties: (inout JSONObjectWriter) -> Void) -> TextOutput {
        let projection = projection ?? self.projection
        var out = TextOutput(capacity: 512)
        out.append("{\"id\":\"\(id(key))\",\"type\":\"Feature\",\"feature_type\":\"\(type)\",\"geometry\":")
        if let geometry {
            var g = GeometryWriter(out: out.handOver(), projection: projection)
            geometry(&g)
            out = g.out
        } else {
            out.append("null")
        }
        out.append(",\"properties\":")
        JSONObjectWriter.write(into: &out, projection: projection, language: language, properties)
        out.append("}")
        return out
    }
}

/// Writes GeoJSON geometries (RFC 7946) of plan points.
struct GeometryWriter {
    var out: TextOutput
    let projection: PlanProjection

    mutating func position(_ p: PlanPoint, dx: Double = 0, dy: Double = 0) {
        let c = projection.lonLat(p, dx: dx, dy: dy)
        out.append("[")
        out.append(fixed: c.lon, decimals: 9)
        out.append(",")
        out.append(fixed: c.lat, decimals: 9)
        out.append("]")
    }

    mutating func point(_ p: PlanPoint) {
        out.append("{\"type\":\"Point\",\"coordinates\":")
        position(p)
        out.append("}")
    }

    mutating func line(_ ps: [PlanPoint]) {
        out.append("{\"type\":\"LineString\",\"coordinates\":[")
        for (i, p) in ps.enumerated() {
            if i > 0 { out.append(",") }
            position(p)
        }
        out.append("]}")
    }

    mutating func polygon(_ rings: [[PlanPoint]]) {
        var none = SeededGenerator(seed: 0)
        polygon(rings, jitter: 0, random: &none)
    }

    /// A polygon whose vertices are each moved by up to `jitter` metres (the closing position repeats the first).
    mutating func polygon(_ rings: [[PlanPoint]], jitter: Double, random: inout SeededGenerator) {
        out.append("{\"type\":\"Polygon\",\"coordinates\":[")
        for (r, ring) in rings.enumerated() {
            if r > 0 { out.append(",") }
            out.append("[")
            var first = (0.0, 0.0)
            for (i, p) in ring.enumerated() {
                if i > 0 { out.append(",") }
                var d = (0.0, 0.0)
                if jitter > 0 {
                    d = i == ring.count - 1 ? first : (random.between(-jitter, jitter), random.between(-jitter, jitter))
                    if i == 0 { first = d }
                }
                position(p, dx: d.0, dy: d.1)
            }
            out.append("]")
        }
        out.append("]}")
    }
}

/// Writes the members of a JSON object, comma-separated, in the order given.
struct JSONObjectWriter {
    var out: TextOutput
    let projection: PlanProjection
    let language: String
    private var count = 0

    init(out: TextOutput, projection: PlanProjection, language: String) {
        self.out = out
        self.projection = projection
        self.language = language
    }

    mutating func open() { out.append("{") }
    mutating func close() { out.append("}") }

    private mutating func key(_ k: String) {
        if count > 0 { out.append(",") }
        count += 1
        out.append(jsonString: k)
        out.append(":")
    }

    mutating func null(_ k: String) { key(k); out.append("null") }
    mutating func string(_ k: String, _ v: String) { key(k); out.append(jsonString: v) }
    mutating func optional(_ k: String, _ v: String?) { if let v { string(k, v) } else { null(k) } }
    mutating func bool(_ k: String, _ v: Bool) { key(k); out.append(v ? "true" : "false") }
    mutating func integer(_ k: String, _ v: Int) { key(k); out.append(String(v)) }

    mutating func strings(_ k: String, _ vs: [String]) {
        key(k)
        out.append("[")
        for (i, v) in vs.enumerated() {
            if i > 0 { out.append(",") }
            out.append(jsonString: v)
        }
        out.append("]")
    }

    /// IMDF `LABELS`: `{"en": …, "fr": …}`.
    mutating func labels(_ k: String, _ n: Names) {
        key(k)
        out.append("{\"en\":")
        out.append(jsonString: n.en)
        out.append(",")
        out.append(jsonString: language)
        out.append(":")
        out.append(jsonString: n.local)
        out.append("}")
    }

    mutating func point(_ k: String, _ p: PlanPoint) {
        key(k)
        var g = GeometryWriter(out: out.handOver(), projection: projection)
        g.point(p)
        out = g.out
    }

    /// Writes one object, its members written by `members`, at the end of `out`.
    static func write(into out: inout TextOutput, projection: PlanProjection, language: String,
                      _ members: (inout JSONObjectWriter) -> Void) {
        var o = JSONObjectWriter(out: out.handOver(), projection: projection, language: language)
        o.open()
        members(&o)
        o.close()
        out = o.out
    }

    mutating func object(_ k: String, _ members: (inout JSONObjectWriter) -> Void) {
        key(k)
        Self.write(into: &out, projection: projection, language: language, members)
    }

    mutating func array(_ k: String, _ elements: [(inout JSONObjectWriter) -> Void]) {
        key(k)
        out.append("[")
        for (i, e) in elements.enumerated() {
            if i > 0 { out.append(",") }
            Self.write(into: &out, projection: projection, language: language, e)
        }
        out.append("]")
    }
}
