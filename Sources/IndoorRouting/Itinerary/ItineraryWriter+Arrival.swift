import Foundation
import IndoorBase
import IndoorGeometry
import IndoorVenue

/// The arrival: how the walk comes to a stop, and on which side of the walker the place is.
extension ItineraryWriter {
    /// Ends the walk at the stop: the arrival (or waypoint) step, with its side and how the walk comes to it.
    mutating func arrive(route p: [RoutePoint], stop: Waypoint, isLast: Bool, arrival: Arrival) {
        guard let end = p.last else { return }
        var (side, approach) = arrival == .here ? (.ahead, .here) : approachSide(route: p, target: stop.target)
        if arrival == .entering, approach != .offRide { (side, approach) = (.ahead, .entering) }
        let maneuver: Maneuver = isLast ? .arrive(name: stop.name, side: side, approach: approach) : .waypoint(name: stop.name)
        if walk.isEmpty, arrival != .here {
            walk = [Draft(maneuver: .depart(heading: 0, leaving: nil), at: end.point, level: end.levelID, points: [end.point])]
        }
        walk.append(Draft(maneuver: maneuver, at: end.point, level: end.levelID, points: [end.point], into: end.space))
        flushWalk()
        if isLast { closeLeg() }
    }

    /// Where the stop is, seen by the walker arriving, and how the walk comes to it:
    /// - off a ride: the place is the connector just ridden (the walk ends where it lands, or a few steps on in
    ///   its own stairwell or lift lobby);
    /// - through its door: a room (not a hall or corridor) entered through a door or doorway a few metres before
    ///   the end, on the side the walk turns into it (or ahead);
    /// - else on the side of the target when the route ends off it; else the side the place's space opens off the
    ///   way there (the walk turns into it); else the side of the space the place stands against (the nearer wall,
    ///   across the approach);
    /// - else ahead: where the way ends when the walkable space goes no further ahead; else in the middle when the
    ///   place stands clear of both sides (``freeStanding``).
    func approachSide(route p: [RoutePoint], target: Coordinate) -> (Maneuver.Side, Maneuver.Approach) {
        guard let end = p.last else { return (.ahead, .beside) }
        if isOffRide(p) { return (.ahead, .offRide) }
        guard let heading = Self.approach(p, upTo: p.count - 1) else { return (.ahead, .beside) }
        let (side, approach) = sideOnFoot(route: p, target: target, heading: heading)
        guard side == .ahead, approach == .beside || approach == .middle else { return (side, approach) }
        // Nothing walkable ahead in the place's own space: the way ends at it.
        let r = heading * .pi / 180
        let beyond = Coordinate(x: end.point.x + 1.5 * cos(r), y: end.point.y + 1.5 * sin(r))
        guard end.point.distance(to: target) <= Self.shortest, let walkable = spaceHolds(beyond, at: end) else { return (.ahead, .beside) }
        return (.ahead, walkable ? approach : .endOfWay)
    }

    /// Whether the space the route point `end` is in holds `q`; `nil` when `end` is in no space of the graph.
    func spaceHolds(_ q: Coordinate, at end: RoutePoint) -> Bool? {
        guard let space = end.space, let level = graph.levelSpaces[end.levelID], let k = level.spaces.firstIndex(of: space) else { return nil }
        return level.index.allContaining(q).contains(k)
    }

    /// Whether the walk ends on the connector it has just ridden: a ride lands within a few steps of the end with
    /// no space walked into, or in the connector space the walk ends in (its stairwell or lift lobby); or the ride
    /// ran through that connector space, landing just outside it (OSM maps an escalator as a `room=escalator` and
    /// the conveying steps inside it, their top end on the corridor), a few steps from the end.
    func isOffRide(_ p: [RoutePoint]) -> Bool {
        guard let end = p.last else { return false }
        let connectorSpace = end.space.map { venue.spaces[$0].kind.isConnector } ?? false
        guard end.space == nil || connectorSpace else { return false }
        var k = p.count - 1, walked = 0.0, outside = false
        while k > 0 {
            if let e = p[k].edge, graph.edges[e].kind != .walk, !(graph.edges[e].kind == .connector(.traversal) && graph.edges[e].levelChange == 0) {
                if outside {
                    // Ridden through the place: the middle of the ride (in plan) lies in it.
                    let middle = Coordinate(x: (p[k - 1].point.x + p[k].point.x) / 2, y: (p[k - 1].point.y + p[k].point.y) / 2)
                    return walked <= Self.arrivalDoor && spaceHolds(middle, at: end) == true
                }
                return end.space == nil ? walked < Self.shortest : walked <= Self.arrivalDoor
            }
            guard p[k - 1].levelID == end.levelID else { return false }
            if let space = p[k].space, space != end.space {
                guard connectorSpace else { return false }
                outside = true
            }
            walked += p[k - 1].point.distance(to: p[k].point)
            k -= 1
        }
        return false
    }

    /// The way the walker comes to point `last` of the route: the heading from the point a few metres back along
    /// it (``shortest``, on the level the route ends on) to `last`, so that a last sidestep to a place against a
    /// wall is not taken for the direction of the walk; `nil` when less than half a metre leads there.
    static func approach(_ p: [RoutePoint], upTo last: Int) -> Double? {
        guard let level = p.last?.levelID, last < p.count else { return nil }
        var k = last, walked = 0.0
        while k > 0, walked < shortest, p[k - 1].levelID == level, p[k].levelID == level {
            walked += p[k - 1].point.distance(to: p[k].point)
            k -= 1
        }
        let from = p[k].point, to = p[last].point
        guard from.distance(to: to) >= 0.5 else { return nil }
        return heading(from, to)
    }

    /// The side a turn of `angle` degrees (positive: left) leads to; ahead within 25°.
    static func side(_ angle: Double) -> Maneuver.Side { angle > 25 ? .left : angle < -25 ? .right : .ahead }

    /// The side of a place reached on foot, and whether through its door (``approachSide(route:target:)``'s rules
    /// after the ride's); `heading` is the last approach.
    func sideOnFoot(route p: [RoutePoint], target: Coordinate, heading: Double) -> (Maneuver.Side, Maneuver.Approach) {
        guard let end = p.last else { return (.ahead, .beside) }
        // Where the walk entered the place's space, and how it turned into it.
        var entry = p.count - 1
        while entry > 0, p[entry].space == end.space, p[entry].levelID == end.levelID { entry -= 1 }
        let inside = entry < p.count - 1 ? (entry + 1..<p.count).reduce(0) { $0 + p[$1 - 1].point.distance(to: p[$1].point) } : 0
        // A room or stairwell entered through its door or doorway just before the place: the entrance is where it is.
        if entry > 0, entry < p.count - 1, inside <= Self.arrivalDoor, let room = end.space, p[entry].levelID == end.levelID,
           !venue.spaces[room].kind.isOpenPlan, p[entry].opening != nil || p[entry + 1].opening != nil, let before = Self.approach(p, upTo: entry) {
            let into = p[entry + 1..<p.count].first { $0.point.distance(to: p[entry].point) >= 0.5 } ?? end
            return (Self.side(Self.turnAngle(before, Self.heading(p[entry].point, into.point))), .door)
        }
        let offset = Coordinate(x: target.x - end.point.x, y: target.y - end.point.y)
        if (offset.x * offset.x + offset.y * offset.y).squareRoot() > 0.5 {
            return (Self.side(Self.turnAngle(heading, atan2(offset.y, offset.x) * 180 / .pi)), .beside)
        }
        if entry > 0, entry < p.count - 1, p[entry].point.distance(to: end.point) >= 1, let before = Self.approach(p, upTo: entry) {
            let turned = Self.side(Self.turnAngle(before, Self.heading(p[entry].point, end.point)))
            if turned != .ahead { return (turned, .beside) }
        }
        // At the place itself: the side of the space it stands on, across the approach.
        guard let space = end.space, let level = graph.levelSpaces[end.levelID],
              let k = level.spaces.firstIndex(of: space) else { return (.ahead, .beside) }
        func room(towards angle: Double) -> Double {
            let r = (heading + angle) * .pi / 180
            var d = 0.0
            while d < 25 {
                let q = Coordinate(x: end.point.x + (d + 0.25) * cos(r), y: end.point.y + (d + 0.25) * sin(r))
                guard level.index.allContaining(q).contains(k) else { break }
                d += 0.25
            }
            return d
        }
        let left = room(towards: 90), right = room(towards: -90)
        // Clearly nearer one wall than the other (in the middle of a corridor it is ahead).
        if left < 0.8 * right, right - left >= 0.5 { return (.left, .beside) }
        if right < 0.8 * left, left - right >= 0.5 { return (.right, .beside) }
        // As far from the one as from the other, with room to pass it on both: it stands in the middle.
        return (.ahead, min(left, right) >= Self.freeStanding ? .middle : .beside)
    }
}
