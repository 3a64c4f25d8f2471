import Foundation
import IndoorBase
import IndoorGeometry
import IndoorVenue

/// Landmarks: the named places a step is said by ("after Relay", "towards the café").
extension ItineraryWriter {
    /// How salient a POI is as a landmark: shops, amenities, kiosks and entrances first, then rooms.
    static func salience(_ kind: POI.Kind) -> Int? {
        switch kind {
        case .occupant, .amenity, .kiosk, .entrance: 0
        case .room: 1
        case .section, .building: nil
        }
    }

    /// The POIs of a level's floor, in metres.
    func pois(on level: String) -> [NavigationGraph.FloorPOI] {
        graph.floorPOIs[level] ?? []
    }

    mutating func nameLandmarks() {
        guard let first = walk.first else { return }
        let destination: SpokenName? = walk.last.flatMap {
            switch $0.maneuver {
            case .arrive(let name, _, _), .waypoint(let name): name
            default: nil
            }
        }
        let startSpace = first.into
        // The space the walk ends in is where it goes, not a landmark on the way (a destination given as a
        // coordinate has no name to exclude it by).
        let endSpace = walk.count > 1 ? walk.last?.into : nil
        var previous: SpokenName?
        for i in walk.indices {
            let d = walk[i]
            switch d.maneuver {
            case .depart(_, nil):
                if let t = d.thenAt {
                    let excluded = Set([t.from, t.into, startSpace, endSpace].compactMap { $0 })
                    walk[i].landmark = landmark(near: t.at, level: t.level, heading: t.heading, entering: t.into, excluding: excluded,
                                                names: [destination, origin].compactMap { $0 })
                } else {
                    walk[i].landmark = inView(from: d, space: startSpace, excluding: [destination, origin].compactMap { $0 })
                }
            case .turn, .door:
                // Not the space walked through, nor the one entered, nor the ones the walk begins and ends in.
                let excluded = Set([d.from, d.into, startSpace, endSpace].compactMap { $0 })
                walk[i].landmark = landmark(near: d.at, level: d.level, heading: d.heading, entering: d.into, excluding: excluded,
                                            names: [destination, previous, origin].compactMap { $0 })
            default:
                break
            }
            previous = walk[i].landmark
        }
    }

    /// The most salient named POI within a few metres of a maneuver, passed or at it.
    mutating func landmark(near p: Coordinate, level: String, heading: Double, entering: Int?, excluding spaces: Set<Int>,
                           names excluded: [SpokenName]) -> SpokenName? {
        var best: (tier: Int, distance: Double, name: SpokenName)?
        let r = heading * .pi / 180
        for entry in pois(on: level) {
            let q = entry.point, d = q.distance(to: p)
            guard d <= 6 else { continue }
            guard let tier = Self.salience(entry.kind), d <= (tier == 0 ? 6 : 5) else { continue }
            // Never the space entered; never the one walked through or started in (a place within it is fine).
            if let s = entry.space,
               s == entering || (spaces.contains(s) && (entry.kind == .room || !venue.spaces[s].kind.isOpenPlan)) { continue }
            // Ahead of the walker it is not yet a landmark to turn "after".
            let along = (q.x - p.x) * cos(r) + (q.y - p.y) * sin(r)
            guard along <= 0.5, let name = Self.name(of: venue.pois[entry.poi], excluding: excluded) else { continue }
            if best.map({ (tier, d) < ($0.tier, $0.distance) }) ?? true { best = (tier, d, name) }
        }
        return best?.name
    }

    /// A named place in view ahead at the start of a walk (within 40 m and 25° of its heading, nothing but the
    /// start's space and the place's own between; not the stops themselves): what "Head towards" names.
    mutating func inView(from d: Draft, space: Int?, excluding excluded: [SpokenName]) -> SpokenName? {
        guard let space, let level = graph.levelSpaces[d.level] else { return nil }
        var best: (score: Double, name: SpokenName)?
        let start = d.at
        for entry in pois(on: d.level) {
            let q = entry.point, dist = q.distance(to: start)
            guard dist >= Self.shortest, dist <= 40 else { continue }
            guard let tier = Self.salience(entry.kind) else { continue }
            // Never the space stood in (a place within it is fine).
            if entry.space == space, entry.kind == .room || !venue.spaces[space].kind.isOpenPlan { continue }
            let off = abs(Self.turnAngle(d.outHeading, Self.heading(start, q)))
            guard off <= 25, let name = Self.name(of: venue.pois[entry.poi], excluding: excluded) else { continue }
            let score = Double(tier) * 100 + off
            guard score < best?.score ?? .infinity else { continue }
            // In view: every half metre of the sight line lies in the start's space or the place's own.
            let allowed = Set([space, entry.space ?? -1].filter { $0 >= 0 })
            let steps = Int(dist / 0.5)
            let visible = (1..<max(steps, 1)).allSatisfy { s in
                let t = Double(s) / Double(steps)
                let x = Coordinate(x: start.x + (q.x - start.x) * t, y: start.y + (q.y - start.y) * t)
                return level.index.allContaining(x).contains { allowed.contains(level.spaces[$0]) }
            }
            if visible { best = (score, name) }
        }
        return best?.name
    }

    /// A named POI's name, unless it says the same as one of `excluded` (the stops, the landmark just said).
    static func name(of poi: POI, excluding excluded: [SpokenName]) -> SpokenName? {
        guard !poi.name.isEmpty else { return nil }
        let name = SpokenName(id: poi.id, names: poi.name)
        return excluded.contains(where: name.saysTheSame) ? nil : name
    }
}
