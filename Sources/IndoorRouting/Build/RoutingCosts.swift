/// What a route costs, in seconds: every leg of an itinerary carries these components, so a cost can be explained.
public struct RoutingCosts: Hashable, Sendable {
    /// Walking speed on the level, metres per second.
    public var walkingSpeed = 1.4
    /// Climbing or descending one level by stairs.
    public var stairsPerLevel = 20.0
    /// Waiting for an elevator, once per ride.
    public var elevatorWait = 30.0
    /// Riding an elevator, per level.
    public var elevatorPerLevel = 5.0
    /// Riding an escalator, per level (only in its direction).
    public var escalatorPerLevel = 15.0
    /// A ramp or a moving walkway between levels, per level.
    public var rampPerLevel = 25.0
    /// Passing through a door (opening it, waiting for others); open passages cost nothing extra.
    public var doorPenalty = 2.0
    /// The least distance kept from walls and obstacles, metres; less where a passage is narrower.
    ///
    /// Small by default: a walker turning out of one door into the next along the same wall cuts the jambs, and a
    /// route that kept a body's width (0.3 m) from every wall walked such a turn over a metre longer than people
    /// do (8.58 m for 7.49 m between two neighbouring doors of the SPbSTU campus). 5 cm keeps the line off the
    /// drawn wall itself.
    public var clearance = 0.05

    /// The default costs: 1.4 m/s walking, 20 s a level of stairs, 30 s waiting plus 5 s a level by elevator, 15 s a
    /// level by escalator, 25 s by ramp, 2 s a door, 5 cm from walls.
    public init() {}
}
