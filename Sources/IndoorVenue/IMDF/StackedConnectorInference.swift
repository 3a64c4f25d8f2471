import IndoorBase
import IndoorGeometry

/// Joins vertical-circulation spaces that stand on top of each other when a venue declares no connectors (many
/// IMDF exports have no `relationship.geojson`): a stairs, elevator, escalator or ramp space on one level and a space
/// of the same kind on the next level of the same building, overlapping by at least a third of the smaller one, are
/// the same shaft. Each chain of such spaces becomes one ``Connector``, its stops in ordinal order.
struct StackedConnectorInference {
    let spaces: [Space]
    let levels: [Level]
    let frame: LocalFrame
    let log: IssueLog

    /// The share of the smaller footprint two stacked spaces must have in common.
    static let minimumOverlap = 1.0 / 3.0

    func connectors() -> [Connector] {
        let candidates = spaces.indices.filter { spaces[$0].kind.isConnector }
        guard !candidates.isEmpty else { return [] }
        let levelByID = Dictionary(levels.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // Metric footprints, once.
        var metric: [Int: Geometry] = [:]
        for i in candidates { metric[i] = try? frame.project(spaces[i].geometry) }

        // Union-find over candidate spaces.
        var parent = Dictionary(uniqueKeysWithValues: candidates.map { ($0, $0) })
        func find(_ i: Int) -> Int {
            var i = i
            while let p = parent[i], p != i { parent[i] = parent[p]; i = p }
            return i
        }
        // Next level up within the same building (or among levels with no building).
        func buildingKey(_ l: Level) -> String { l.buildingIDs.sorted().joined(separator: ",") }
        var ordinalsByBuilding: [String: [Double]] = [:]
        for l in levels { ordinalsByBuilding[buildingKey(l), default: []].append(l.ordinal) }
        for k in ordinalsByBuilding.keys { ordinalsByBuilding[k] = Array(Set(ordinalsByBuilding[k] ?? [])).sorted() }

        var byLevel: [String: [Int]] = [:]
        for i in candidates { byLevel[spaces[i].levelID, default: []].append(i) }
        var links = 0
        for lower in levels {
            let key = buildingKey(lower)
            guard let ordinals = ordinalsByBuilding[key], let at = ordinals.firstIndex(of: lower.ordinal),
                  at + 1 < ordinals.count else { continue }
            let nextOrdinal = ordinals[at + 1]
            for upper in levels where upper.ordinal == nextOrdinal && buildingKey(upper) == key {
                for a in byLevel[lower.id] ?? [] {
                    for b in byLevel[upper.id] ?? [] where spaces[a].kind == spaces[b].kind {
                        guard let ga = metric[a], let gb = metric[b], let ba = ga.boundingBox, let bb = gb.boundingBox,
                              ba.intersects(bb),
                              let shared = try? ga.intersection(gb).area(), let areaA = try? ga.area(),
                              let areaB = try? gb.area(), shared >= Self.minimumOverlap * min(areaA, areaB)
                        else { continue }
                        parent[find(b)] = find(a)
                        links += 1
                    }
                }
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in candidates { groups[find(i), default: []].append(i) }
        var out: [Connector] = []
        for (_, members) in groups.sorted(by: { $0.key < $1.key }) where Set(members.map { spaces[$0].levelID }).count >= 2 {
            let ordered = members.sorted { (levelByID[spaces[$0].levelID]?.ordinal ?? 0) < (levelByID[spaces[$1].levelID]?.ordinal ?? 0) }
            let kind: Connector.Kind
            switch spaces[ordered[0]].kind {
            case .elevator: kind = .elevator
            case .escalator: kind = .escalator
            case .ramp: kind = .ramp
            case .movingWalkway: kind = .movingWalkway
            default: kind = .stairs
            }
            let stops = ordered.map { i in
                Connector.Stop(levelID: spaces[i].levelID, spaceID: spaces[i].id,
                               location: spaces[i].displayPoint ?? spaces[i].geometry.boundingBox.map { GeoCoordinate(position: $0.center) })
            }
            out.append(Connector(id: "inferred:" + ordered.map { spaces[$0].id }.joined(separator: "+"), kind: kind,
                                 stops: stops, name: spaces[ordered[0]].name))
        }
        if !out.isEmpty {
            log.add(.info, "inferred-connectors",
                    "no relationships: \(out.count) connectors inferred from \(links) pairs of stacked stairs/elevator/escalator spaces")
        }
        return out
    }
}
