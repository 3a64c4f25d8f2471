import Foundation
import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorText

/// A route as JSON: what `indoornav route --format json` prints and a service answers. Distances in metres and
/// durations in seconds, to a tenth; positions `[longitude, latitude]`.
public struct RouteResponse: Codable, Hashable, Sendable {
    /// JSON `from`: the start's label (its name in the requested language, or the text typed).
    public let from: String
    /// JSON `to`: the destination's label.
    public let to: String
    /// JSON `distance`: metres walked, to a tenth.
    public let distance: Double
    /// JSON `duration`: seconds, to a tenth.
    public let duration: Double
    /// JSON `legs`: one per level visited, in travel order.
    public let legs: [Leg]
    /// What the caller should be told (ambiguous names, places moved to another floor); absent when nothing.
    public let notes: [RouteNote]?

    /// The part of a route on one level.
    public struct Leg: Codable, Hashable, Sendable {
        /// The level's ordinal.
        public let level: Double
        /// JSON `level_id`: the level's id.
        public let levelID: String
        /// JSON `distance`: metres on the leg, to a tenth.
        public let distance: Double
        /// JSON `duration`: seconds on the leg, to a tenth.
        public let duration: Double
        /// JSON `costs`: the leg's seconds by what they are spent on, each to a tenth.
        public let costs: Costs
        /// JSON `steps`: the leg's instructions, in travel order.
        public let steps: [Step]

        enum CodingKeys: String, CodingKey {
            case level, distance, duration, costs, steps
            case levelID = "level_id"
        }
    }

    /// Seconds spent on a leg, by what they are spent on.
    public struct Costs: Codable, Hashable, Sendable {
        /// JSON `walking`: seconds walking.
        public let walking: Double
        /// JSON `doors`: seconds of door penalties.
        public let doors: Double
        /// JSON `stairs`: seconds on stairs.
        public let stairs: Double
        /// JSON `elevator`: seconds waiting for and riding elevators.
        public let elevator: Double
        /// JSON `escalator`: seconds riding escalators.
        public let escalator: Double
        /// JSON `ramp`: seconds on ramps and moving walkways between levels.
        public let ramp: Double
    }

    /// One instruction: the structured maneuver, its text in the request's language, and where it is.
    public struct Step: Codable, Hashable, Sendable {
        /// `depart`, `turn`, `door`, `connector`, `arrive`… (see `Maneuver.type`).
        public let maneuver: String
        /// JSON `instruction`: the maneuver in words, in the request's language.
        public let instruction: String
        /// JSON `distance`: metres from this maneuver to the next, to a tenth.
        public let distance: Double
        /// JSON `duration`: seconds from this maneuver to the next, to a tenth.
        public let duration: Double
        /// JSON `level`: the ordinal of the maneuver's level.
        public let level: Double
        /// `[longitude, latitude]`.
        public let location: [Double]
        /// `left`, `slight right`, `up`… (see `Maneuver.modifier`).
        public let modifier: String?
        /// A turn right after the maneuver ("then immediately left").
        public let then: String?
        /// The room a walk starts by leaving.
        public let leaving: String?
        /// The connector's name ("Elevator B").
        public let connector: String?
        /// Whether the step passes through an entrance routing inferred (the data draws none).
        public let inferred: Bool?
        /// The named place the maneuver is oriented by.
        public let landmark: String?
        /// The destination, on the step that reaches it (the last): said after the step's maneuver, or the
        /// maneuver itself (`arrive`) when nothing is walked to it on its level.
        public let arrival: Arrival?

        enum CodingKeys: String, CodingKey {
            case maneuver, instruction, distance, duration, level, location, modifier, then, leaving, connector, inferred, landmark, arrival
        }
    }

    /// The destination as the step that reaches it says it (see `Maneuver.Arrival`).
    public struct Arrival: Codable, Hashable, Sendable {
        /// The destination's name.
        public let name: String
        /// `left`, `right` or `ahead` of the walker.
        public let side: String
        /// How the walk comes to it: `beside` (the way passes it), `door` (through its door), `end_of_way` (the way
        /// ends at it), `off_ride` (it is the connector just ridden), `entering` (it is the open area the walk enters
        /// there), `middle` (ahead, standing clear of both sides), `here` (the walk starts there: nothing to walk); see
        /// `Maneuver.Approach`.
        public let approach: String

        init(_ a: Maneuver.Arrival, in plan: RoutePlan) {
            (name, side, approach) = (plan.said(a.name), a.side.rawValue, a.approach.rawValue)
        }

        /// As a GeoJSON property.
        var json: JSONValue {
            .object(["name": .string(name), "side": .string(side), "approach": .string(approach)])
        }
    }

    /// Metres or seconds to a tenth, as the JSON gives them.
    static func tenth(_ x: Double) -> Double { rounded(x, places: 1) }

    /// A position as JSON and GeoJSON give it: to 7 decimals (about a centimetre; RFC 7946 §11.2 advises no more
    /// than the data's precision).
    static func roundedPosition(_ c: GeoCoordinate) -> GeoCoordinate {
        GeoCoordinate(longitude: rounded(c.longitude, places: 7), latitude: rounded(c.latitude, places: 7))
    }

    /// The JSON form of `plan`: labels, figures rounded to a tenth, positions `[longitude, latitude]`.
    public init(_ plan: RoutePlan) {
        let it = plan.itinerary
        from = plan.said(plan.origin.waypoint.name)
        to = plan.said(plan.destination.name)
        distance = Self.tenth(it.distance)
        duration = Self.tenth(it.duration)
        legs = it.legs.map { leg in
            let c = leg.costs
            return Leg(level: leg.levelOrdinal, levelID: leg.levelID, distance: Self.tenth(leg.distance), duration: Self.tenth(leg.duration),
                       costs: Costs(walking: Self.tenth(c.walking), doors: Self.tenth(c.doors), stairs: Self.tenth(c.stairs),
                                    elevator: Self.tenth(c.elevator), escalator: Self.tenth(c.escalator), ramp: Self.tenth(c.ramp)),
                       steps: leg.steps.map { Step($0, in: plan) })
        }
        notes = plan.notes.isEmpty ? nil : plan.notes
    }
}

/// `x` rounded to `places` decimals, as every JSON answer of the core gives its measures.
func rounded(_ x: Double, places: Int) -> Double {
    let scale = [1.0, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7][min(max(places, 0), 7)]
    return (x * scale).rounded() / scale
}

extension RouteResponse.Step {
    init(_ s: ItineraryStep, in plan: RoutePlan) {
        maneuver = s.maneuver.type
        instruction = plan.instruction(s)
        distance = RouteResponse.tenth(s.distance)
        duration = RouteResponse.tenth(s.duration)
        level = s.levelOrdinal
        let location = RouteResponse.roundedPosition(s.location)
        self.location = [location.longitude, location.latitude]
        let fields = ManeuverFields(s, in: plan)
        (modifier, then, leaving, connector, inferred, arrival) = (fields.modifier, fields.then, fields.leaving, fields.connector,
                                                                   fields.inferred, fields.arrival)
        landmark = s.landmark.map(plan.said)
    }
}

/// The structured maneuver of a step beyond its type: modifier, the turn right after it, the room a walk starts by
/// leaving, a connector's name, an inferred entrance passed, and the destination reached.
struct ManeuverFields {
    var modifier, then, leaving, connector: String?
    var inferred: Bool?
    var arrival: RouteResponse.Arrival?

    init(_ s: ItineraryStep, in plan: RoutePlan) {
        modifier = s.maneuver.modifier
        then = s.then?.rawValue
        switch s.maneuver {
        case .depart(_, let room?): leaving = plan.said(room)
        case .connector(_, _, _, _, let name?): connector = plan.said(name)
        default: break
        }
        if s.throughInferredOpening { inferred = true }
        arrival = s.arrival.map { RouteResponse.Arrival($0, in: plan) }
    }

    /// As GeoJSON properties.
    var properties: [String: JSONValue] {
        var o: [String: JSONValue] = [:]
        if let modifier { o["modifier"] = .string(modifier) }
        if let then { o["then"] = .string(then) }
        if let leaving { o["leaving"] = .string(leaving) }
        if let connector { o["connector"] = .string(connector) }
        if let inferred { o["inferred"] = .bool(inferred) }
        if let arrival { o["arrival"] = arrival.json }
        return o
    }
}

extension RoutePlan {
    /// The itinerary as RFC 7946 GeoJSON: a LineString Feature per leg (id `leg-K`) and a Point Feature per step
    /// (id `leg-K-step-J`), each with its level's ordinal and id (`level`, `level_id`), positions `[longitude,
    /// latitude]` to 7 decimals; the route's own figures as foreign members of the collection (`from`, `to`,
    /// `distance`, `duration`, as ``RouteResponse`` gives them), so that a map needs this one answer.
    public var geoJSON: FeatureCollection {
        var features: [Feature] = []
        for (k, leg) in itinerary.legs.enumerated() {
            var line: [Coordinate] = []
            for step in leg.steps {
                for c in step.polyline.map({ RouteResponse.roundedPosition($0).position }) where line.last != c { line.append(c) }
            }
            if line.count >= 2, let l = try? LineString(line) {
                features.append(Feature(id: .string("leg-\(k)"), geometry: .lineString(l), properties: [
                    "leg": .number(Double(k)), "level": .number(leg.levelOrdinal), "level_id": .string(leg.levelID),
                    "distance": .number(RouteResponse.tenth(leg.distance)), "duration": .number(RouteResponse.tenth(leg.duration)),
                ]))
            }
            for (j, step) in leg.steps.enumerated() {
                var props: [String: JSONValue] = [
                    "leg": .number(Double(k)), "level": .number(step.levelOrdinal), "level_id": .string(step.levelID),
                    "maneuver": .string(step.maneuver.type),
                    "instruction": .string(instruction(step)), "distance": .number(RouteResponse.tenth(step.distance)),
                    "duration": .number(RouteResponse.tenth(step.duration)),
                ]
                for (key, value) in ManeuverFields(step, in: self).properties { props[key] = value }
                features.append(Feature(id: .string("leg-\(k)-step-\(j)"), geometry: .point(RouteResponse.roundedPosition(step.location).position), properties: props))
            }
        }
        return FeatureCollection(features: features, foreignMembers: [
            "from": .string(said(origin.waypoint.name)), "to": .string(said(destination.name)),
            "distance": .number(RouteResponse.tenth(itinerary.distance)), "duration": .number(RouteResponse.tenth(itinerary.duration)),
        ])
    }

}
