import IndoorBase
import IndoorGeometry

/// Step 5 of ``Venue/inferringPassages(rules:)``: the grounds of a campus and each building's entrances onto them.
extension PassageInferrer {
    /// The id of the outdoor level the grounds are added on.
    static let groundsLevelID = "inferred-grounds"

    /// A building with levels, or one block of it, as the grounds see it.
    struct SitedBuilding {
        /// The building's id, or for its second block on, `BUILDING/block-K`.
        let id: String
        /// The id of the building it is (a block of).
        let buildingID: String
        /// Its ground level: the level of ordinal 0, else its lowest above ground, else its highest.
        let ground: Level
        /// Its ground footprint in metres: the data's, else the ground level's outline, else its units' union; a
        /// block's, the union of its units.
        let footprint: Geometry?
        /// A block's units on the ground level (indexes into `venue.spaces`); nil: all of the level's.
        var units: Set<Int>? = nil
    }

    /// The smallest block of a building that counts as one (a ward, a wing), m²: a kiosk or a bicycle shed drawn
    /// apart on the ground floor is not.
    static let minimumBlockArea = 100.0

    /// Adds the grounds when two or more buildings have levels and nothing drawn joins their ground floors; returns
    /// what was added, or nil.
    /// - Complexity: one GEOS union of the footprints and the units of the grounds' floor, one difference, and per
    ///   building a probe of each ground-level opening; nothing at all for a venue of one building.
    mutating func addGrounds() -> InferenceReport.Grounds? {
        let sited = sitedBuildings()
        guard sited.count >= 2, !groundFloorsJoined(sited), venue.level(id: Self.groundsLevelID) == nil else { return nil }
        let frame = venue.frame
        // The grounds' floor: the ordinal most ground levels have, the one nearest 0 on a tie.
        let counts = Dictionary(grouping: sited, by: \.ground.ordinal).mapValues(\.count)
        guard let ordinal = counts.max(by: { a, b in
            a.value != b.value ? a.value < b.value : (abs(a.key), a.key) > (abs(b.key), b.key)
        })?.key else { return nil }
        // The site: the hull of the footprints grown by the margin, within the venue's outline when it has one (the
        // grounds reach no further than the buildings with levels need: a campus's far corners only cost routing).
        let footprints = sited.compactMap(\.footprint)
        guard let hull = ConvexHull.of(footprints.flatMap(\.allCoordinates)),
              var site = try? Geometry.polygon(Polygon(exterior: hull)).buffer(rules.groundsMargin, quadrantSegments: 4) else { return nil }
        if let outline = venue.outline.flatMap({ try? frame.project($0) }), !outline.polygons.isEmpty,
           let within = Self.overlay(site, outline, { try $0.intersection($1) }), !within.polygons.isEmpty {
            site = within
        }
        // What is taken: every building's footprint (those without levels too: no one walks through them) and every
        // unit drawn on the grounds' floor or on a ground level (drawn outdoor walkways take precedence).
        let groundLevels = Set(sited.map(\.ground.id))
        let floorLevels = Set(venue.levels.filter { $0.ordinal == ordinal }.map(\.id)).union(groundLevels)
        var taken = footprints
        taken += venue.buildings.filter { b in !sited.contains { $0.id == b.id } }.compactMap { $0.footprint.flatMap { try? frame.project($0) } }
        taken += venue.spaces.indices.filter { floorLevels.contains(venue.spaces[$0].levelID) }.compactMap { shapes[$0] }
        guard let takenUnion = Self.union(taken), let raw = Self.overlay(site, takenUnion, { try $0.difference($1) }) else { return nil }
        // Passages thinner than a corridor between buildings are not walkways: an opening (erode, then dilate) drops them.
        let r = rules.minimumCorridorWidth / 2
        guard let eroded = try? raw.buffer(-r, quadrantSegments: 2, join: .mitre), !eroded.polygons.isEmpty,
              let opened = try? eroded.buffer(r, quadrantSegments: 2, join: .mitre),
              let kept = Self.overlay(opened, raw, { try $0.intersection($1) }) else { return nil }
        let pieces = kept.polygons.filter { $0.area >= rules.minimumCorridorArea }
        guard !pieces.isEmpty, let siteWGS = try? frame.unproject(site) else { return nil }

        var grounds = InferenceReport.Grounds(levelID: Self.groundsLevelID)
        venue.levels.append(Level(id: Self.groundsLevelID, ordinal: ordinal, name: LocalizedText(["en": "Grounds"]),
                                  isOutdoor: true, geometry: siteWGS))
        var groundSpaces: [Int] = []
        for (k, piece) in pieces.enumerated() {
            guard let geometry = try? frame.unproject(.polygon(piece)) else { continue }
            var space = Space(id: "inferred-grounds-\(k + 1)", category: "grounds", levelID: Self.groundsLevelID, geometry: geometry)
            space.isInferred = true
            venue.spaces.append(space)
            shapes.append(.polygon(piece))
            groundSpaces.append(venue.spaces.count - 1)
            grounds.spaceIDs.append(space.id)
            grounds.area += piece.area
        }
        guard groundSpaces.count == pieces.count else { return nil }
        let groundIndex = PolygonIndex(groundSpaces.compactMap { shapes[$0] })
        // How many buildings each piece reaches: an entrance onto a courtyard one building encloses leads nowhere.
        var reach: [Int: Int] = [:]
        for g in groundSpaces {
            guard let piece = shapes[g], let box = piece.boundingBox?.grown(by: 1) else { continue }
            reach[g] = sited.filter { b in
                guard let footprint = b.footprint, footprint.boundingBox?.intersects(box) == true else { return false }
                return ((try? piece.distance(to: footprint)) ?? .infinity) <= 1
            }.count
        }
        var used = joinDrawnOutdoorSpaces(to: groundSpaces, on: floorLevels)
        for building in sited {
            let (entrances, pieces) = addEntrances(of: building, groundSpaces: groundSpaces, groundIndex: groundIndex,
                                                   reach: reach, groundsOrdinal: ordinal)
            grounds.entrances += entrances
            used.formUnion(pieces)
        }
        // Pieces no entrance or walkway leads onto (a courtyard closed on every side) are left out.
        for g in groundSpaces.reversed() where !used.contains(g) {
            venue.spaces.remove(at: g)
            shapes.remove(at: g)
        }
        let leading = groundSpaces.filter(used.contains)
        guard !leading.isEmpty else { return nil }
        grounds.spaceIDs = leading.map { "inferred-grounds-\($0 - groundSpaces[0] + 1)" }
        grounds.area = leading.reduce(0) { $0 + (pieces[$1 - groundSpaces[0]].area) }
        let buildings = Set(sited.map(\.buildingID)).count
        let around = "\(buildings) building\(buildings == 1 ? "" : "s")" + (sited.count > buildings ? " (\(sited.count) blocks standing apart)" : "")
        notes.append(VenueIssue(.info, "grounds", featureID: Self.groundsLevelID,
            "\(measureText(grounds.area)) m² of the site around \(around) is in no building: taken as walkable grounds on ordinal \(Level.text(ordinal: ordinal))"))
        return grounds
    }

    /// The buildings that have levels, in the venue's order, each with its ground level and footprint; a building
    /// whose ground floor is drawn as blocks standing apart (a hospital's wards and research blocks exported as one
    /// building, open ground between them and no walkway drawn) is one entry per block, so the grounds join them as
    /// they join buildings.
    func sitedBuildings() -> [SitedBuilding] {
        buildingsWithLevels().flatMap { b in
            let blocks = self.blocks(of: b.ground)
            guard blocks.count >= 2 else { return [b] }
            return blocks.enumerated().map { k, units in
                SitedBuilding(id: k == 0 ? b.id : "\(b.id)/block-\(k + 1)", buildingID: b.id, ground: b.ground,
                              footprint: Self.union(units.sorted().compactMap { shapes[$0] }), units: units)
            }
        }
    }

    /// The blocks a level's units form: groups of them standing more than a metre from every other group, each of at
    /// least ``minimumBlockArea``; a level of one block (or none) gives fewer than two.
    func blocks(of level: Level) -> [Set<Int>] {
        let members = venue.spaces.indices.filter { venue.spaces[$0].levelID == level.id && venue.spaces[$0].kind.isPassable && shapes[$0] != nil }
        guard members.count >= 2, let grown = try? Geometry.union(of: members.compactMap { shapes[$0] }).buffer(0.5, quadrantSegments: 2),
              grown.polygons.count >= 2 else { return [] }
        let pieces = grown.polygons.map { PreparedPolygon(.polygon($0)) }
        var blocks = Array(repeating: Set<Int>(), count: pieces.count)
        var area = Array(repeating: 0.0, count: pieces.count)
        for s in members {
            guard let shape = shapes[s], let probe = shape.polygons.first?.exterior.coordinates.first,
                  let k = pieces.firstIndex(where: { $0.contains(probe) }) else { continue }
            blocks[k].insert(s)
            area[k] += shape.polygons.reduce(0) { $0 + $1.area }
        }
        return blocks.indices.filter { area[$0] >= Self.minimumBlockArea }.map { blocks[$0] }
    }

    /// The buildings that have levels, in the venue's order, each with its ground level and footprint.
    func buildingsWithLevels() -> [SitedBuilding] {
        var levelsOf: [String: [Level]] = [:]
        for level in venue.levels where !level.isOutdoor {
            for b in level.buildingIDs { levelsOf[b, default: []].append(level) }
        }
        return venue.buildings.compactMap { b in
            guard let levels = levelsOf[b.id], !levels.isEmpty else { return nil }
            let above = levels.filter { $0.ordinal >= 0 }
            guard let ground = above.min(by: { ($0.ordinal, $0.id) < ($1.ordinal, $1.id) })
                    ?? levels.max(by: { ($0.ordinal, $0.id) < ($1.ordinal, $1.id) }) else { return nil }
            var footprint = b.footprint.flatMap { try? venue.frame.project($0) }
            if footprint?.polygons.isEmpty ?? true { footprint = ground.geometry.flatMap { try? venue.frame.project($0) } }
            if footprint?.polygons.isEmpty ?? true {
                footprint = Self.union(venue.spaces.indices.filter { venue.spaces[$0].levelID == ground.id }.compactMap { shapes[$0] })
            }
            return SitedBuilding(id: b.id, buildingID: b.id, ground: ground, footprint: footprint)
        }
    }

    /// Whether what the data draws already joins every building's ground floor to the others': a level two buildings
    /// share, a connector with stops in both, or walkable units outside the buildings (an outdoor level, a level of
    /// no building) reaching within a metre of each footprint.
    func groundFloorsJoined(_ sited: [SitedBuilding]) -> Bool {
        // A building's levels join it to the buildings that share them, through its first block: blocks of one
        // building stand apart on its ground floor, so its levels do not join them to each other.
        let index = Dictionary(sited.enumerated().map { ($1.buildingID, $0) }, uniquingKeysWith: { a, _ in a })
        var parts = DisjointSets(count: sited.count)
        func join(_ ids: [Int]) {
            guard let first = ids.first else { return }
            for j in ids.dropFirst() { parts.merge(j, into: first) }
        }
        let buildingsOf = Dictionary(venue.levels.map { ($0.id, $0.buildingIDs.compactMap { index[$0] }) }, uniquingKeysWith: { a, _ in a })
        for level in venue.levels { join(buildingsOf[level.id] ?? []) }
        for connector in venue.connectors { join(connector.stops.flatMap { buildingsOf[$0.levelID] ?? [] }) }
        // Outdoor walkable units: all of one outdoor level count as joined to each other (an approximation: a
        // drawn network is usually one), and to each building they reach.
        let outdoorLevels = venue.levels.filter { $0.isOutdoor || $0.buildingIDs.isEmpty }
        let boxes = sited.map { $0.footprint?.boundingBox?.grown(by: 1) }
        for level in outdoorLevels {
            var reached: [Int] = []
            for s in venue.spaces.indices where venue.spaces[s].levelID == level.id && venue.spaces[s].isWalkable {
                guard let shape = shapes[s], let box = shape.boundingBox else { continue }
                for (b, building) in sited.enumerated() where boxes[b]?.intersects(box) == true {
                    if let footprint = building.footprint, let d = try? shape.distance(to: footprint), d <= 1 { reached.append(b) }
                }
            }
            join(reached)
        }
        return Set(sited.indices.map { parts.root(of: $0) }).count == 1
    }

    /// Joins drawn walkable units of the grounds' floor that lie outside the buildings (an outdoor walkway) to the
    /// grounds along the boundary they share: one inferred opening per straight stretch of a metre or more.
    /// - Returns: the grounds' spaces so joined.
    mutating func joinDrawnOutdoorSpaces(to groundSpaces: [Int], on floorLevels: Set<String>) -> Set<Int> {
        let outdoorLevels = Set(venue.levels.filter { floorLevels.contains($0.id) && ($0.isOutdoor || $0.buildingIDs.isEmpty) }.map(\.id))
        var used: Set<Int> = []
        guard !outdoorLevels.isEmpty else { return used }
        var added: [Opening] = []
        for s in venue.spaces.indices where outdoorLevels.contains(venue.spaces[s].levelID) && venue.spaces[s].kind.isPassable
            && venue.spaces[s].kind != .grounds {
            guard let shape = shapes[s], let box = shape.boundingBox else { continue }
            for g in groundSpaces {
                guard let ground = shapes[g], ground.boundingBox?.intersects(box.grown(by: 1)) == true,
                      let near = try? ground.clipped(to: box.grown(by: 1)) else { continue }
                let stretches = SharedBoundary.stretches(of: shape.polygons, along: near.polygons, tolerance: rules.adjacencyTolerance)
                for stretch in stretches {
                    for (a, b) in zip(stretch.coordinates, stretch.coordinates.dropFirst()) where a.distance(to: b) >= 1 {
                        guard let line = try? LineString([a, b]), let geometry = try? venue.frame.unproject(.lineString(line)) else { continue }
                        var opening = Opening(id: "inferred-passage-\(venue.spaces[s].id)-\(added.count + 1)", category: "pedestrian",
                                              levelID: venue.spaces[s].levelID, geometry: geometry, isDoor: false,
                                              width: a.distance(to: b))
                        opening.isInferred = true
                        added.append(opening)
                        used.insert(g)
                    }
                }
            }
            if let last = added.last, last.levelID == venue.spaces[s].levelID, last.id.hasPrefix("inferred-passage-\(venue.spaces[s].id)-") {
                summary(venue.spaces[s].levelID) { $0.inferredOpenings += 1 }
                notes.append(VenueIssue(.info, "inferred-opening", featureID: venue.spaces[s].id,
                    "the outdoor \(venue.spaces[s].kind.rawValue) meets the grounds: it opens onto them along the boundary they share"))
            }
        }
        venue.openings += added
        return used
    }

    /// The building's entrances onto the grounds: the openings of its ground level between one of its units and
    /// the grounds, else one inferred; with a traversal at each when its ground level is not on the grounds' floor.
    /// - Returns: the entrances, and the grounds' spaces they lead onto.
    mutating func addEntrances(of building: SitedBuilding, groundSpaces: [Int], groundIndex: PolygonIndex, reach: [Int: Int],
                               groundsOrdinal: Double) -> ([InferenceReport.Entrance], Set<Int>) {
        let level = building.ground
        let members = venue.spaces.indices.filter { venue.spaces[$0].levelID == level.id && venue.spaces[$0].kind.isPassable && shapes[$0] != nil
            && building.units?.contains($0) != false }
        let index = PolygonIndex(members.compactMap { shapes[$0] })
        var found: [(opening: Int, inside: Int, ground: Int, probe: OpeningProbe, side: Int)] = []
        for (o, opening) in venue.openings.enumerated() where opening.levelID == level.id && !opening.isInferred {
            // Entrances are found by geometry: categories are unreliable (every opening `automobile`), but a
            // restriction or an emergency exit is an explicit no.
            guard opening.restriction == nil, opening.category.lowercased() != "emergencyexit",
                  let line = try? venue.frame.project(opening.geometry), let probe = OpeningProbe(line) else { continue }
            let inside = probe.sides(in: index), outside = probe.sides(in: groundIndex)
            for side in 0..<2 {
                guard let k = inside[side], inside[1 - side] == nil, let g = outside[1 - side] else { continue }
                found.append((o, members[k], groundSpaces[g], probe, side))
                break
            }
        }
        var out: [InferenceReport.Entrance] = found.map {
            InferenceReport.Entrance(buildingID: building.id, openingID: venue.openings[$0.opening].id, isInferred: false)
        }
        if found.isEmpty, let entrance = inferEntrance(of: building, members: members, groundSpaces: groundSpaces, reach: reach) {
            venue.openings.append(entrance.opening)
            let o = venue.openings.count - 1
            found.append((o, entrance.inside, entrance.ground, entrance.probe, entrance.side))
            out.append(InferenceReport.Entrance(buildingID: building.id, openingID: entrance.opening.id, isInferred: true))
            summary(level.id) { $0.inferredOpenings += 1 }
            notes.append(VenueIssue(.info, "building-entrance", featureID: building.id,
                "the building has no opening onto the grounds: an entrance is inferred on the \(measureText(entrance.length)) m "
                    + "its \(venue.spaces[entrance.inside].kind.rawValue) \(venue.spaces[entrance.inside].id) shares with them"))
        } else if !found.isEmpty {
            notes.append(VenueIssue(.info, "building-entrance", featureID: building.id,
                "\(found.count) opening\(found.count == 1 ? "" : "s") of level \(level.id) lead\(found.count == 1 ? "s" : "") onto the grounds"))
        }
        // A ground level on another floor than the grounds (a building numbered from 1 beside one numbered from 0)
        // is joined to them at each entrance, from just inside to just outside.
        if level.ordinal != groundsOrdinal {
            for e in found {
                let reach = OpeningProbe.reach.last ?? 0.5
                guard let inside = try? venue.frame.unproject(e.probe.point(side: e.side, at: reach)),
                      let outside = try? venue.frame.unproject(e.probe.point(side: 1 - e.side, at: reach)) else { continue }
                venue.connectors.append(Connector(
                    id: "inferred-traversal-\(venue.openings[e.opening].id)", kind: .traversal,
                    stops: [Connector.Stop(levelID: level.id, spaceID: venue.spaces[e.inside].id, location: inside),
                            Connector.Stop(levelID: Self.groundsLevelID, spaceID: venue.spaces[e.ground].id, location: outside)]))
            }
        }
        return (out, Set(found.map(\.ground)))
    }

    /// An inferred entrance: the opening, the unit inside and the grounds outside, and the shared wall's length.
    struct InferredEntrance {
        let opening: Opening
        let inside: Int
        let ground: Int
        let probe: OpeningProbe
        let side: Int
        let length: Double
    }

    /// The entrance of a building with none onto the grounds (see ``Venue/inferringPassages(rules:)``, step 5).
    func inferEntrance(of building: SitedBuilding, members: [Int], groundSpaces: [Int], reach: [Int: Int]) -> InferredEntrance? {
        let tol = rules.adjacencyTolerance
        let hints = venue.pois.filter { $0.levelID == building.ground.id && $0.category.lowercased().contains("entrance") }
            .compactMap { try? venue.frame.project($0.coordinate) }
        func tier(_ s: Int) -> Int {
            let space = venue.spaces[s]
            let c = space.category.lowercased()
            if space.kind == .walkway && (c.contains("lobby") || c.contains("entrance") || c.contains("foyer")) { return 0 }
            return space.kind.isOpenPlan ? 1 : 2
        }
        // Ranked by: onto grounds reaching the most buildings, near an entrance hint, then tier, then the longest stretch.
        var best: (rank: (Int, Int, Int, Double), door: (Coordinate, Coordinate), inside: Int, ground: Int, length: Double)?
        for s in members where venue.spaces[s].isWalkable && !venue.spaces[s].kind.isConnector {
            guard let shape = shapes[s], let box = shape.boundingBox else { continue }
            let inside = PreparedPolygon(shape)
            for g in groundSpaces {
                guard let ground = shapes[g], ground.boundingBox?.intersects(box.grown(by: 1)) == true,
                      let near = try? ground.clipped(to: box.grown(by: 1)) else { continue }
                let beyond = PreparedPolygon(near)
                for stretch in SharedBoundary.stretches(of: shape.polygons, along: near.polygons, tolerance: tol)
                where stretch.length >= rules.doorWidth {
                    let hinted = hints.contains { stretch.distance(to: $0) <= 15 } ? 0 : 1
                    let rank = (-(reach[g] ?? 0), hinted, tier(s), -stretch.length)
                    if let b = best, b.rank <= rank { continue }
                    guard let door = doorway(on: stretch, from: inside, into: beyond, width: rules.entranceWidth) else { continue }
                    best = (rank, door, s, g, stretch.length)
                }
            }
        }
        guard let best, let line = try? LineString([best.door.0, best.door.1]),
              let geometry = try? venue.frame.unproject(.lineString(line)), let probe = OpeningProbe(.lineString(line)),
              let shape = shapes[best.inside] else { return nil }
        var opening = Opening(id: "inferred-entrance-\(building.id)", category: "pedestrian", levelID: building.ground.id,
                              geometry: geometry, isDoor: false, width: best.door.0.distance(to: best.door.1))
        opening.isInferred = true
        let side = PreparedPolygon(shape).contains(probe.point(side: 0, at: 0.3)) ? 0 : 1
        return InferredEntrance(opening: opening, inside: best.inside, ground: best.ground, probe: probe, side: side,
                                length: best.length)
    }
}

/// The convex hull of points (Andrew's monotone chain), as a closed counter-clockwise ring.
enum ConvexHull {
    /// The hull's ring, or nil for fewer than three points not all on a line.
    static func of(_ points: [Coordinate]) -> LinearRing? {
        let ps = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard ps.count >= 3 else { return nil }
        func cross(_ o: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Coordinate] = [], upper: [Coordinate] = []
        for p in ps {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in ps.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        let ring = Array(lower.dropLast()) + Array(upper.dropLast())
        guard ring.count >= 3, let first = ring.first else { return nil }
        return try? LinearRing(ring + [first])
    }
}
