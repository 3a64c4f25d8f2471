import IndoorVenue

/// Colours and sizes of a map, light or dark.
public struct MapStyle: Hashable, Sendable {
    /// Behind everything: the ground outside the spaces.
    public var background: Color
    /// The fill of walkways and outdoor areas.
    public var walkway: Color
    /// The fill of rooms and other enclosed spaces.
    public var room: Color
    /// The fill of restrooms.
    public var restroom: Color
    /// The fill of stairwells, elevators, escalators, ramps and moving walkways.
    public var connector: Color
    /// The fill of spaces that are not public (restricted, staff only), shafts and structure.
    public var nonPublic: Color
    /// The fill of voids over a lower level.
    public var openToBelow: Color
    /// The outline of spaces.
    public var wall: Color
    /// The gap drawn across a wall where an opening is.
    public var door: Color
    /// The fill of obstacles (fixtures, columns).
    public var obstacle: Color
    /// Labels, step numbers and level names.
    public var text: Color
    /// The outline around text and icons that keeps them legible on any fill.
    public var halo: Color
    /// The route on the level drawn.
    public var route: Color
    /// The route where it is on another level (drawn faded and dashed).
    public var routeOtherLevel: Color
    /// The border around the route and its markers.
    public var routeCasing: Color
    /// The start pin.
    public var pinStart: Color
    /// The destination pin.
    public var pinEnd: Color
    /// The user's puck and its heading cone.
    public var puck: Color
    /// The size of POI labels in pixels (CSS pixels for SVG and PDF); the names of the route's ends are 1 larger.
    public var labelSize: Double = 12

    /// Dark text on a light ground, a blue route.
    public static let light = MapStyle(
        background: Color(hex: 0xE9E6E1), walkway: Color(hex: 0xFFFFFF), room: Color(hex: 0xF4EBD6), restroom: Color(hex: 0xDCE9F5),
        connector: Color(hex: 0xE2DCF2), nonPublic: Color(hex: 0xDDDDDD), openToBelow: Color(hex: 0xC9D3DB), wall: Color(hex: 0x6E6A64),
        door: Color(hex: 0xFFFFFF), obstacle: Color(hex: 0x9A948C), text: Color(hex: 0x2B2926), halo: Color(hex: 0xFFFFFF, alpha: 0.9),
        route: Color(hex: 0x1A73E8), routeOtherLevel: Color(hex: 0x1A73E8, alpha: 0.25), routeCasing: Color(hex: 0xFFFFFF),
        pinStart: Color(hex: 0x188038), pinEnd: Color(hex: 0xD93025), puck: Color(hex: 0x1A73E8))

    /// Light text on a dark ground, for night use.
    public static let dark = MapStyle(
        background: Color(hex: 0x1E1F22), walkway: Color(hex: 0x3A3C40), room: Color(hex: 0x4A4437), restroom: Color(hex: 0x33475A),
        connector: Color(hex: 0x453E5A), nonPublic: Color(hex: 0x2A2A2A), openToBelow: Color(hex: 0x262B30), wall: Color(hex: 0xA8A49C),
        door: Color(hex: 0x3A3C40), obstacle: Color(hex: 0x6C675F), text: Color(hex: 0xECEAE6), halo: Color(hex: 0x1E1F22, alpha: 0.9),
        route: Color(hex: 0x8AB4F8), routeOtherLevel: Color(hex: 0x8AB4F8, alpha: 0.25), routeCasing: Color(hex: 0x1E1F22),
        pinStart: Color(hex: 0x81C995), pinEnd: Color(hex: 0xF28B82), puck: Color(hex: 0x8AB4F8))

    func fill(for space: Space) -> Color {
        if space.restriction != nil { return nonPublic }
        switch space.kind {
        case .walkway, .outdoor, .grounds: return walkway
        case .restroom: return restroom
        case .stairs, .elevator, .escalator, .ramp, .movingWalkway: return connector
        case .nonPublic, .structure, .shaft: return nonPublic
        case .openToBelow: return openToBelow
        case .room, .unknown: return room
        }
    }
}
