import Foundation
import IndoorBase
import IndoorGeometry

/// A point in a building's plan, in metres (x east, y north before the venue is rotated).
struct PlanPoint: Hashable, Sendable {
    var x: Double
    var y: Double
}

/// An axis-aligned rectangle of the plan. Every generated space, pillar and outline is one (before rotation):
/// that keeps the generator exact and fast, and rotation gives the arbitrary angles real buildings have.
struct PlanRect: Hashable, Sendable {
    var x0: Double, y0: Double, x1: Double, y1: Double

    var center: PlanPoint { PlanPoint(x: (x0 + x1) / 2, y: (y0 + y1) / 2) }
    var width: Double { x1 - x0 }
    var height: Double { y1 - y0 }

    func union(_ o: PlanRect) -> PlanRect {
        PlanRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    func inset(_ d: Double) -> PlanRect { PlanRect(x0: x0 + d, y0: y0 + d, x1: x1 - d, y1: y1 - d) }
}

/// A door on an opening: IMDF `door` object and the OSM `door=*` value.
struct DoorSpec: Hashable, Sendable {
    var type: String        // IMDF: hinged, sliding, revolving, …; OSM uses the same words.
    var automatic: Bool
    var material: String

    static let wood = DoorSpec(type: "hinged", automatic: false, material: "wood")
    static let metal = DoorSpec(type: "hinged", automatic: false, material: "metal")
    static let glass = DoorSpec(type: "sliding", automatic: true, material: "glass")
    static let lift = DoorSpec(type: "sliding", automatic: true, material: "metal")
}

/// The venue as the generator draws it, before it is written in either format. Keys are readable
/// (`unit:B0:L1:room-12`) and become IMDF ids (``featureID(seed:key:)``) and OSM element ids.
struct Draft {
    struct Building {
        var key: String
        var name: Names
        var footprint: PlanRect
        var osmBuilding: String
        /// Where the building's own plan lies on a campus's site; nil: the plan is the site (one frame for all).
        var placement: Placement?
    }

    /// A building's plan turned about its footprint's centre by `degrees` (counter-clockwise), that centre then
    /// moved to `center` on the site.
    struct Placement: Hashable, Sendable {
        var degrees: Double
        var center: PlanPoint
    }

    struct Level {
        var key: String
        var ordinal: Int
        var name: Names
        var outdoor: Bool
        var building: Int?
        var outline: PlanRect
    }

    struct Unit {
        var key: String
        var level: Int
        var rect: PlanRect
        var holes: [PlanRect] = []
        /// IMDF unit category.
        var category: String
        /// IMDF `name` (nil for shops, which their occupant names).
        var name: Names?
        /// Room number (OSM `ref`).
        var ref: String?
        /// IMDF restriction (`employeesonly`); OSM `access=private`.
        var restriction: String?
        var accessibility: [String] = []
        /// OSM tags besides `level`, names and `ref` (`indoor=room`, `shop=books`, …).
        var osmTags: [(String, String)]
        /// The OSM name when it differs from the IMDF one (a shop's way carries the occupant's name).
        var osmName: Names?
        /// Whether the unit's edges get the vertices of its neighbours lying on them (shared walls drawn with
        /// the same vertices on both sides) — false leaves T-junction vertices, as hand drawing does.
        var noded = true
        /// Units of one stack (a stairwell, an elevator shaft) are one OSM way with a level list.
        var stack: String?
        /// Teeth drawn along its south wall, 4 vertices each, 0.1–0.3 m deep: radiators and window bays as CAD
        /// exports draw them, a room of thousands of vertices.
        var radiators = 0
    }

    struct Opening {
        var key: String
        var level: Int
        var a: PlanPoint
        var b: PlanPoint
        /// IMDF opening category (`pedestrian`, `pedestrian.principal`, `service`).
        var category: String
        var door: DoorSpec?
        /// The key of the room this is the door of, if it is a room's door.
        var room: String?
        var restricted = false
        var accessible: Bool?
        var isEntrance = false
        var name: Names?
    }

    struct Fixture {
        var key: String
        var level: Int
        var rect: PlanRect
    }

    struct Occupant {
        var key: String
        var unit: String
        var category: String
        var name: Names
        var hours: String
    }

    struct Amenity {
        var key: String
        var level: Int
        var point: PlanPoint
        var unit: String?
        var category: String
        var name: Names
        var osmTags: [(String, String)]
    }

    struct Relationship {
        var key: String
        var category: String
        var directed: Bool
        var units: [String]
    }

    /// A wall drawn as a line (OSM `indoor=wall`): the walled parts of a boundary between walkways.
    struct Wall {
        var level: Int
        var a: PlanPoint
        var b: PlanPoint
    }

    /// A public place for the manifest, by the key of what the loaders turn into a POI.
    struct PlaceRef {
        enum Target { case unit(String), occupant(String), amenity(String) }
        var target: Target
        var name: Names
        var category: String
        var ordinal: Int
        /// Whether its OSM element is Simple Indoor Tagging (see ``GeneratedPlace/simpleIndoorTagged``).
        var simpleIndoorTagged = true
    }

    /// The site around a campus's placed buildings (the venue polygon); nil: the extent of what is drawn.
    var site: PlanRect?
    var venueName = Names(en: "", local: "")
    var venueCategory = "unspecified"
    var buildings: [Building] = []
    var levels: [Level] = []
    var units: [Unit] = []
    var openings: [Opening] = []
    var fixtures: [Fixture] = []
    var occupants: [Occupant] = []
    var amenities: [Amenity] = []
    var relationships: [Relationship] = []
    var walls: [Wall] = []
    var places: [PlaceRef] = []
    /// Pillars drawn as holes of their unit rather than fixtures.
    var pillarHoles = 0
}

/// Where the vertices of a level lie, by the horizontal or vertical line through them: noding a rectangle's edge
/// inserts every registered position strictly inside it (the corners of neighbours, door ends).
struct LineRegistry {
    private struct Key: Hashable { var level: Int; var vertical: Bool; var line: Int64 }
    private var positions: [Key: [Double]] = [:]

    private static func quantize(_ v: Double) -> Int64 { Int64((v * 1e6).rounded()) }

    mutating func add(_ p: PlanPoint, level: Int) {
        positions[Key(level: level, vertical: false, line: Self.quantize(p.y)), default: []].append(p.x)
        positions[Key(level: level, vertical: true, line: Self.quantize(p.x)), default: []].append(p.y)
    }

    /// Sorts every line once all positions are in.
    mutating func seal() {
        for k in positions.keys {
            positions[k]?.sort()
        }
    }

    /// The positions on a line strictly between `from` and `to` (in either order), ordered from `from` to `to`.
    func between(level: Int, vertical: Bool, line: Double, from: Double, to: Double) -> [Double] {
        guard let xs = positions[Key(level: level, vertical: vertical, line: Self.quantize(line))] else { return [] }
        let lo = min(from, to) + 1e-6, hi = max(from, to) - 1e-6
        // First index with xs[i] > lo.
        var l = 0, h = xs.count
        while l < h { let m = (l + h) / 2; if xs[m] <= lo { l = m + 1 } else { h = m } }
        var out: [Double] = []
        var i = l
        while i < xs.count, xs[i] < hi {
            if out.last.map({ xs[i] - $0 > 1e-6 }) ?? true { out.append(xs[i]) }
            i += 1
        }
        return from <= to ? out : out.reversed()
    }
}

extension Draft {
    /// The closed rings of a unit (exterior counter-clockwise, holes clockwise, RFC 7946), with the vertices
    /// of its neighbours inserted on its edges when it is noded and the ends of openings always.
    func rings(of unit: Unit, corners: LineRegistry, doors: LineRegistry) -> [[PlanPoint]] {
        func edge(_ out: inout [PlanPoint], vertical: Bool, line: Double, from: Double, to: Double) {
            var ts = doors.between(level: unit.level, vertical: vertical, line: line, from: from, to: to)
            if unit.noded {
                ts += corners.between(level: unit.level, vertical: vertical, line: line, from: from, to: to)
                ts.sort()
                if from > to { ts.reverse() }
            }
            for t in ts where out.last.map({ abs((vertical ? $0.y : $0.x) - t) > 1e-6 }) ?? true {
                out.append(vertical ? PlanPoint(x: line, y: t) : PlanPoint(x: t, y: line))
            }
        }
        let r = unit.rect
        var ring: [PlanPoint] = [PlanPoint(x: r.x0, y: r.y0)]
        let before = ring.count
        edge(&ring, vertical: false, line: r.y0, from: r.x0, to: r.x1)
        if unit.radiators > 0, ring.count == before, r.width > 1.5 {
            let pitch = (r.width - 1) / Double(unit.radiators)
            for t in 0..<unit.radiators {
                let x = r.x0 + 0.5 + Double(t) * pitch, depth = 0.1 + 0.2 * Double((t * 7919) % 101) / 100
                ring += [PlanPoint(x: x, y: r.y0), PlanPoint(x: x, y: r.y0 + depth),
                         PlanPoint(x: x + 0.4 * pitch, y: r.y0 + depth), PlanPoint(x: x + 0.4 * pitch, y: r.y0)]
            }
        }
        ring.append(PlanPoint(x: r.x1, y: r.y0))
        edge(&ring, vertical: true, line: r.x1, from: r.y0, to: r.y1)
        ring.append(PlanPoint(x: r.x1, y: r.y1))
        edge(&ring, vertical: false, line: r.y1, from: r.x1, to: r.x0)
        ring.append(PlanPoint(x: r.x0, y: r.y1))
        edge(&ring, vertical: true, line: r.x0, from: r.y1, to: r.y0)
        ring.append(PlanPoint(x: r.x0, y: r.y0))
        return [ring] + unit.holes.map(Self.clockwise)
    }

    static func counterClockwise(_ r: PlanRect) -> [PlanPoint] {
        [PlanPoint(x: r.x0, y: r.y0), PlanPoint(x: r.x1, y: r.y0), PlanPoint(x: r.x1, y: r.y1),
         PlanPoint(x: r.x0, y: r.y1), PlanPoint(x: r.x0, y: r.y0)]
    }

    static func clockwise(_ r: PlanRect) -> [PlanPoint] { counterClockwise(r).reversed() }

    /// The registries of unit corners and of opening ends/middles, level by level.
    func registries() -> (corners: LineRegistry, doors: LineRegistry) {
        var corners = LineRegistry(), doors = LineRegistry()
        for u in units {
            let r = u.rect
            for p in [PlanPoint(x: r.x0, y: r.y0), PlanPoint(x: r.x1, y: r.y0), PlanPoint(x: r.x1, y: r.y1), PlanPoint(x: r.x0, y: r.y1)] {
                corners.add(p, level: u.level)
            }
        }
        for o in openings {
            doors.add(o.a, level: o.level)
            doors.add(o.b, level: o.level)
            doors.add(PlanPoint(x: (o.a.x + o.b.x) / 2, y: (o.a.y + o.b.y) / 2), level: o.level)
        }
        corners.seal()
        doors.seal()
        return (corners, doors)
    }

    /// Whether the draft has no feature of an optional IMDF type.
    func isEmpty(_ featureType: String) -> Bool {
        switch featureType {
        case "fixture": fixtures.isEmpty
        case "anchor", "occupant": occupants.isEmpty
        case "amenity": amenities.isEmpty
        case "relationship": relationships.isEmpty
        default: false
        }
    }

    /// The rectangle covering everything drawn.
    var extent: PlanRect {
        if let site { return site }
        let rects = levels.map(\.outline) + buildings.map(\.footprint) + units.map(\.rect)
        return rects.dropFirst().reduce(rects.first ?? PlanRect(x0: 0, y0: 0, x1: 1, y1: 1)) { $0.union($1) }
    }
}

/// Plan metres → WGS84: a shift to the plan's centre, a rotation, and an equirectangular projection around the
/// origin (exact enough at building scale, and affine, so collinear plan points stay collinear).
struct PlanProjection {
    let center: PlanPoint
    let cosA: Double, sinA: Double
    let origin: GeoCoordinate
    let metresPerDegreeLon: Double
    /// A building's own plan placed on the site first: turned about `from` and moved to `to` (see
    /// ``Draft/Placement``).
    private(set) var placement: (from: PlanPoint, to: PlanPoint, cos: Double, sin: Double)?

    static let metresPerDegreeLat = 111_320.0

    init(center: PlanPoint, rotationDegrees: Double, origin: GeoCoordinate) {
        self.center = center
        let a = rotationDegrees * .pi / 180
        cosA = cos(a)
        sinA = sin(a)
        self.origin = origin
        metresPerDegreeLon = Self.metresPerDegreeLat * cos(origin.latitude * .pi / 180)
    }

    /// The projection of a building's own plan whose footprint is centred on `from` and placed by `placement`.
    func placing(_ placement: Draft.Placement, from: PlanPoint) -> PlanProjection {
        var out = self
        let a = placement.degrees * .pi / 180
        out.placement = (from, placement.center, cos(a), sin(a))
        return out
    }

    /// Longitude and latitude of a plan point moved by `offset` metres (jitter, before rotation).
    func lonLat(_ p: PlanPoint, dx: Double = 0, dy: Double = 0) -> (lon: Double, lat: Double) {
        var p = PlanPoint(x: p.x + dx, y: p.y + dy)
        if let (from, to, c, s) = placement {
            let x = p.x - from.x, y = p.y - from.y
            p = PlanPoint(x: to.x + x * c - y * s, y: to.y + x * s + y * c)
        }
        let x = p.x - center.x, y = p.y - center.y
        let rx = x * cosA - y * sinA, ry = x * sinA + y * cosA
        return (origin.longitude + rx / metresPerDegreeLon, origin.latitude + ry / Self.metresPerDegreeLat)
    }
}
