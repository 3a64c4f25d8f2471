import Foundation
import IndoorBase
import IndoorGeometry

/// What ``OSMVenueBuilder`` reads from a file's elements before it builds the venue: the features of each kind, and
/// every level ordinal a feature is on.
struct OSMFeatures {
    var levelOrdinals: Set<Double> = []
    /// Spaces from ways and multipolygons tagged indoor=room|area|corridor (and the older indoor=yes).
    var spaces: [Space] = []
    var levelOutlines: [Double: GeoGeometry] = [:]
    var obstacles: [Obstacle] = []
    var buildings: [Building] = []
    var connectors: [Connector] = []
    var pois: [POI] = []
    /// Doors are collected while nodes are read and made into segments once the frame exists.
    var pendingDoors: [(id: String, node: Int64, level: String, tags: [String: String])] = []
    /// What a space is as a place to go to, when it says (a room that is a pharmacy).
    var spacePOICategory: [String: String] = [:]
    /// Buildings that are places, without an entrance on their outline: placed where they meet the network.
    var buildingFootprints: [String: GeoGeometry] = [:]
}

extension OSMVenueBuilder {
    /// A level's id: its ordinal as written (`0`, `0.5`, `-1`).
    func levelID(_ o: Double) -> String { Level.text(ordinal: o) }

    /// The areas of the file (closed ways and multipolygons): buildings (a named one that is an amenity or a shop
    /// is a place), level outlines, walls and pillars, and the spaces of Simple Indoor Tagging, a stairwell or
    /// elevator on several levels joining them.
    func readAreas(into f: inout OSMFeatures) {
        var areal: [(id: String, tags: [String: String], geometry: () -> GeoGeometry?)] = []
        for wid in document.wayOrder {
            guard let way = document.ways[wid] else { continue }
            areal.append((key("way", wid), way.tags, { area(wayID: wid) }))
        }
        for rid in document.relationOrder {
            guard let r = document.relations[rid], r.tags["type"] == "multipolygon" else { continue }
            areal.append((key("relation", rid), r.tags, { area(relationID: rid) }))
        }

        for (id, tags, geometry) in areal {
            let indoor = tags["indoor"]
            if tags["building"] != nil, tags["building"] != "no", tags["indoor"] == nil {
                guard let g = geometry() else { continue }
                f.buildings.append(Building(id: id, name: names(tags), category: tags["building"], footprint: g))
                // A named building that is an amenity or a shop (a police station, a store) is a place to go to,
                // on its ground floor.
                // At its main entrance when the outline has one (a big building's centre is far from any path).
                let outline = document.ways[Int64(id.dropFirst(4)) ?? 0]?.refs.compactMap { document.nodes[$0] } ?? []
                let entrances = outline.filter { $0.tags["entrance"] != nil }
                let door = (entrances.first { $0.tags["entrance"] == "main" } ?? entrances.first)
                    .map { GeoCoordinate(longitude: $0.coordinate.lon, latitude: $0.coordinate.lat) }
                if tags["name"] != nil, let category = poiCategory(tags), let c = door ?? g.boundingBox.map({ GeoCoordinate(position: $0.center) }) {
                    if door == nil { f.buildingFootprints[id] = g }
                    let ground = levels(tags, id).first ?? 0
                    f.levelOrdinals.insert(ground)
                    f.pois.append(POI(id: id, kind: .amenity, category: category, name: names(tags), ref: tags["ref"], levelID: levelID(ground), coordinate: c))
                }
                continue
            }
            if indoor == "level" {
                for o in levels(tags, id) {
                    f.levelOrdinals.insert(o)
                    if let g = geometry() { f.levelOutlines[o] = g }
                }
                continue
            }
            if indoor == "wall" {
                guard let wid = Int64(id.dropFirst(4)), let way = document.ways[wid], let cs = coordinates(way, id),
                      let line = try? LineString(cs) else { continue }
                for o in levels(tags, id) {
                    f.levelOrdinals.insert(o)
                    f.obstacles.append(Obstacle(id: "\(id)@\(levelID(o))", category: "wall", levelID: levelID(o), geometry: GeoGeometry(degrees: .lineString(line))))
                }
                continue
            }
            // Pillars (`indoor=column`, drawn as areas): obstacles in the space around them.
            if indoor == "column" {
                guard let g = geometry() else { continue }
                for o in levels(tags, id) {
                    f.levelOrdinals.insert(o)
                    f.obstacles.append(Obstacle(id: "\(id)@\(levelID(o))", category: "column", levelID: levelID(o), geometry: g))
                }
                continue
            }
            // Simple Indoor Tagging spaces, and the older `indoor=yes` (or a shop or amenity area with a level).
            // (A footway tagged indoor=yes is walking network, not a room.)
            let isIndoorYes = footwayWidth(tags) == nil
                && (indoor == "yes" || (indoor == nil && tags["level"] != nil && poiCategory(tags) != nil && tags["building"] == nil))
            guard let indoor = isIndoorYes ? "room" : indoor, Self.indoorSpaceValues.contains(indoor) else { continue }
            guard !isIndoorYes || document.ways[Int64(id.dropFirst(4)) ?? 0].map({ $0.refs.count >= 4 && $0.refs.first == $0.refs.last }) ?? true else { continue }
            let onLevels = levels(tags, id)
            guard !onLevels.isEmpty else {
                log.add(.warning, "missing-property", file: file, featureID: id, "indoor=\(tags["indoor"] ?? indoor) without level; skipped")
                continue
            }
            guard let g = geometry() else { continue }
            // A car park that is a structure (`parking=multi-storey|underground`) has walls and is entered where its
            // entrances are; a surface car park is open ground.
            let structure = tags["amenity"] == "parking" && ["multi-storey", "underground"].contains(tags["parking"] ?? "")
            let category = structure ? "parking.structure"
                : isIndoorYes ? (poiCategory(tags).map { $0.replacingOccurrences(of: "shop.", with: "") } ?? tags["room"] ?? "room")
                : spaceCategory(tags, indoor: indoor)
            var restriction: Restriction?
            switch tags["access"] {
            case "private"?, "no"?: restriction = .private
            case "customers"?, "permissive"?, "yes"?, nil: restriction = nil
            case let other?: restriction = other == "employees" || other == "staff" ? .employeesOnly : .restricted
            }
            let accessibility = tags["wheelchair"] == "yes" ? ["wheelchair"] : []
            for o in onLevels {
                f.levelOrdinals.insert(o)
                let spaceID = onLevels.count > 1 ? "\(id)@\(levelID(o))" : id
                // A room of a generic kind (`room=shop`) is what its amenity or shop says (a pharmacy).
                if SpaceKind(category: category) == .room, let poiCategory = poiCategory(tags) { f.spacePOICategory[spaceID] = poiCategory }
                f.spaces.append(Space(id: spaceID, category: category, name: names(tags), altName: LocalizedText(tags["alt_name"].map { ["": $0] } ?? [:]),
                                      levelID: levelID(o), geometry: g, accessibility: accessibility, restriction: restriction,
                                      ref: tags["ref"]))
            }
            // A stairwell or elevator on several levels joins them.
            if onLevels.count > 1, let kind = connectorKind(tags, category: category) {
                let center = g.boundingBox.map { GeoCoordinate(position: $0.center) }
                f.connectors.append(labelled(Connector(
                    id: id, kind: kind,
                    stops: onLevels.map { Connector.Stop(levelID: levelID($0), spaceID: "\(id)@\(levelID($0))", location: center) }), tags))
            }
        }
    }

    /// The nodes with tags: doors (made into openings once the frame exists), entrances and point POIs (elevator
    /// nodes are the walking network's).
    func readNodes(into f: inout OSMFeatures) {
        for nid in document.nodeOrder {
            guard let node = document.nodes[nid], !node.tags.isEmpty else { continue }
            let id = key("node", nid)
            let tags = node.tags
            let c = GeoCoordinate(longitude: node.coordinate.lon, latitude: node.coordinate.lat)
            var onLevels = levels(tags, id)
            let isDoor = tags["door"] != nil || tags["indoor"] == "door" || tags["entrance"] != nil
            if onLevels.isEmpty && (isDoor || tags["indoor"] == "yes") {
                onLevels = levelsOfWays(containing: nid)
            }
            // An indoor POI on no level and no way is on the ground floor.
            if onLevels.isEmpty, tags["indoor"] == "yes", poiCategory(tags) != nil { onLevels = [0] }
            guard !onLevels.isEmpty else { continue }
            f.levelOrdinals.formUnion(onLevels)
            if isDoor {
                for o in onLevels {
                    f.pendingDoors.append((id: onLevels.count > 1 ? "\(id)@\(levelID(o))" : id, node: nid, level: levelID(o), tags: tags))
                }
            }
            if tags["entrance"] != nil, tags["entrance"] != "no" {
                for o in onLevels {
                    f.pois.append(POI(id: onLevels.count > 1 ? "\(id)@\(levelID(o))" : id, kind: .entrance, category: "entrance",
                                      name: names(tags), altName: alternativeNames(tags), ref: tags["ref"], levelID: levelID(o), coordinate: c))
                }
            } else if let category = poiCategory(tags) {
                for o in onLevels {
                    f.pois.append(POI(id: onLevels.count > 1 ? "\(id)@\(levelID(o))" : id, kind: .amenity, category: category,
                                      name: names(tags), altName: alternativeNames(tags), ref: tags["ref"], levelID: levelID(o), coordinate: c))
                }
            }
        }
    }

    /// The walking network (walkway spaces joining every stop, door, room and POI of its levels) added to what was
    /// read: its connectors, the platforms and named streets that are places, the walkways replacing the spaces
    /// they merge, doorsteps, and each connector stop in its space.
    func addWalkingNetwork(to f: inout OSMFeatures, ways networkWays: [Int64], frame: LocalFrame) {
        let network = walkingNetwork(frame: frame, levelOrdinals: &f.levelOrdinals)
        f.connectors += network.connectors
        f.pois += platformPOIs(ways: networkWays)
        let streets = namedWalkwayPOIs(ways: networkWays, frame: frame)
        let places = networkPlaces(spaces: f.spaces, connectors: f.connectors, doors: f.pendingDoors, pois: f.pois, buildings: f.buildingFootprints, frame: frame)
        let walkways = walkwaySpaces(pieces: network.pieces, places: places, spaces: f.spaces, connectors: f.connectors, frame: frame)
        // A street named as a drawn concourse of its level is that concourse, a place already.
        let drawnNames = Set(f.spaces.compactMap { s in s.name.resolved().map { "\($0)\u{0}\(s.levelID)" } })
        f.pois += streets.filter { !drawnNames.contains("\($0.name.resolved() ?? "")\u{0}\($0.levelID)") }
        // A named walkway merged into another (two concourses one footway joins) stays a place to go to, an
        // area of its own.
        for s in f.spaces where walkways.replaced.contains(s.id) && !walkways.spaces.contains(where: { $0.id == s.id }) && (!s.name.isEmpty || s.ref != nil) {
            guard let box = s.geometry.boundingBox, let host = walkways.spaces.first(where: { (try? $0.geometry.degrees.covers(.point(box.center))) == true }) else { continue }
            let c = GeoCoordinate(position: box.center)
            f.pois.append(POI(id: s.id, kind: .room, category: s.category, name: s.name, altName: s.altName, ref: s.ref,
                              levelID: s.levelID, coordinate: c, spaceID: host.id, footprint: s.geometry))
        }
        f.spaces = f.spaces.filter { !walkways.replaced.contains($0.id) } + walkways.spaces
        for i in f.pois.indices {
            if let step = walkways.doorsteps[f.pois[i].id], let at = try? frame.unproject(step) { f.pois[i].coordinate = at }
        }
        placeStops(&f.connectors, in: f.spaces, frame: frame)
    }

    /// Each POI put in the space of its level that holds it, and a POI for each named or numbered space.
    func placePOIsInSpaces(_ f: inout OSMFeatures) {
        let byLevel = Dictionary(grouping: f.spaces.indices, by: { f.spaces[$0].levelID })
        let indexes = byLevel.mapValues { ids in PolygonIndex(ids.map { f.spaces[$0].geometry.degrees }) }
        for i in f.pois.indices {
            if let ids = byLevel[f.pois[i].levelID], let k = indexes[f.pois[i].levelID]?.firstContaining(f.pois[i].coordinate.position) {
                f.pois[i].spaceID = f.spaces[ids[k]].id
            }
        }
        for s in f.spaces where !s.name.isEmpty || s.ref != nil {
            guard let c = s.geometry.boundingBox.map({ GeoCoordinate(position: $0.center) }) else { continue }
            f.pois.append(POI(id: s.id, kind: .room, category: f.spacePOICategory[s.id] ?? s.category, name: s.name, altName: s.altName, ref: s.ref,
                              levelID: s.levelID, coordinate: c, spaceID: s.id))
        }
    }
}
