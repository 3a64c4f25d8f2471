import IndoorVenue

/// Colours and sizes of a map, light or dark.
public struct MapStyle: Hashable, Sendable {
    public var background: Color
    public var walkway: Color
    public var room: Color
    public var restroom: Color
    public var connector: Color
    public var nonPublic: Color
    public var openToBelow: Color
    public var wall: Color
    public var door: Color
    public var obstacle: Color
    public var text: Color
    public var halo: Color
    public var route: Color
    public var routeOtherLevel: Color
    public var routeCasing: Color
    public var pinStart: Color
    public var pinEnd: Color
    public var puck: Color
    public var labelSize: Double = 12

    public static let light = MapStyle(
        background: Color(hex: 0xE9E6E1), walkway: Color(hex: 0xFFFFFF), room: Color(hex: 0xF4EBD6), restroom: Color(hex: 0xDCE9F5),
        connector: Color(hex: 0xE2DCF2), nonPublic: Color(hex: 0xDDDDDD), openToBelow: Color(hex: 0xC9D3DB), wall: Color(hex: 0x6E6A64),
        door: Color(hex: 0xFFFFFF), obstacle: Color(hex: 0x9A948C), text: Color(hex: 0x2B2926), halo: Color(hex: 0xFFFFFF, alpha: 0.9),
        route: Color(hex: 0x1A73E8), routeOtherLevel: Color(hex: 0x1A73E8, alpha: 0.25), routeCasing: Color(hex: 0xFFFFFF),
        pinStart: Color(hex: 0x188038), pinEnd: Color(hex: 0xD93025), puck: Color(hex: 0x1A73E8))

    public static let dark = MapStyle(
        background: Color(hex: 0x1E1F22), walkway: Color(hex: 0x3A3C40), room: Color(hex: 0x4A4437), restroom: Color(hex: 0x33475A),
        connector: Color(hex: 0x453E5A), nonPublic: Color(hex: 0x2A2A2A), openToBelow: Color(hex: 0x262B30), wall: Color(hex: 0xA8A49C),
        door: Color(hex: 0x3A3C40), obstacle: Color(hex: 0x6C675F), text: Color(hex: 0xECEAE6), halo: Color(hex: 0x1E1F22, alpha: 0.9),
        route: Color(hex: 0x8AB4F8), routeOtherLevel: Color(hex: 0x8AB4F8, alpha: 0.25), routeCasing: Color(hex: 0x1E1F22),
        pinStart: Color(hex: 0x81C995), pinEnd: Color(hex: 0xF28B82), puck: Color(hex: 0x8AB4F8))

    func fill(for space: Space) -> Color {
        if space.restriction != nil { return nonPublic }
        switch space.kind {
        case .walkway, .outdoor: return walkway
        case .restroom: return restroom
        case .stairs, .elevator, .escalator, .ramp, .movingWalkway: return connector
        case .nonPublic, .structure, .shaft: return nonPublic
        case .openToBelow: return openToBelow
        case .room, .unknown: return room
        }
    }
}
