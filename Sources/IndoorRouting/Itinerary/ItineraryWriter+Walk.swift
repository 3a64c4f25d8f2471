import Foundation
import IndoorBase
import IndoorGeometry
import IndoorVenue

/// Saying the walk: merging maneuvers too close to act on, and the first step out of the start room.
extension ItineraryWriter {
    /// Simplifies the walk, names its landmarks and writes its steps.
    mutating func flushWalk() {
        guard !walk.isEmpty else { return }
        simplify()
        nameLandmarks()
        sayArrivalWithLastStep()
        for d in walk { emit(d) }
        walk = []
        afterRide = false
    }

    /// Moves draft `j`'s stretch into draft `i` (`j == i + 1`) and drops `j` as a spoken step.
    mutating func absorb(_ j: Int, into i: Int) {
        let d = walk.remove(at: j)
        walk[i].points += d.points.dropFirst()
        walk[i].distance += d.distance
        walk[i].duration += d.duration
        walk[i].inferred = walk[i].inferred || d.inferred
        walk[i].outHeading = d.outHeading
    }

    func isTurn(_ d: Draft) -> Bool { if case .turn = d.maneuver { true } else { false } }
    /// Walking straight on from one space into the next (no turn, no door): nothing a walker decides.
    func isStraightOn(_ d: Draft) -> Bool {
        switch d.maneuver {
        case .continue, .enter, .leave: true
        default: false
        }
    }
    func isDoor(_ d: Draft) -> Bool { if case .door = d.maneuver { true } else { false } }
    func isEnd(_ d: Draft) -> Bool {
        switch d.maneuver {
        case .arrive, .waypoint: true
        default: false
        }
    }

    /// The merging rules of the type's documentation, applied until none applies.
    mutating func simplify() {
        leaveStartRoom()
        // Off a ride and straight through a door: the door is the first thing to do.
        if afterRide, walk.count > 2, case .depart(_, nil) = walk[0].maneuver, isDoor(walk[1]), walk[0].distance < Self.shortest {
            let off = walk.removeFirst()
            walk[0].points = off.points + walk[0].points.dropFirst()
            walk[0].distance += off.distance
            walk[0].duration += off.duration
            walk[0].inferred = walk[0].inferred || off.inferred
        }
        var changed = true
        while changed {
            changed = false
            var i = 0
            while i < walk.count {
                defer { i += 1 }
                let d = walk[i]
                let next = i + 1 < walk.count ? walk[i + 1] : nil
                switch d.maneuver {
                case .depart(_, let leaving):
                    // Too short to walk before turning: head the way the turn goes.
                    guard leaving == nil, let next, isTurn(next) || next.maneuver == .continue else { continue }
                    if leaving == nil, d.distance >= Self.shortest, d.distance < Self.bendWindow, d.then == nil, isTurn(next), next.then == nil,
                       next.distance >= Self.shortest {
                        // A first turn a few steps on: "Head north, then turn left after the elevator".
                        walk[i].then = Maneuver.Turn(degrees: next.angle)
                        walk[i].thenAt = Turning(next)
                        walk[i].thenAfter = d.distance
                        absorb(i + 1, into: i)
                    } else {
                        guard d.distance < Self.shortest else { continue }
                        absorb(i + 1, into: i)
                        walk[i].maneuver = .depart(heading: Self.bearing(walk[i].outHeading), leaving: nil)
                    }
                    changed = true
                case .continue, .enter, .leave:
                    // Straight on from one space into the next: nothing to do, nothing to say.
                    guard i > 0 else { continue }
                    absorb(i, into: i - 1)
                    i -= 1
                    changed = true
                case .turn(let turn):
                    guard i > 0, d.distance < Self.shortest || next == nil else { continue }
                    guard let next, !isEnd(next) else {
                        // Just before the stop or a ride: the stop or the connector is what is said.
                        absorb(i, into: i - 1)
                        i -= 1
                        changed = true
                        continue
                    }
                    if case .door = next.maneuver {
                        let total = d.angle + next.angle
                        absorb(i + 1, into: i)
                        walk[i].maneuver = .door(Maneuver.Turn(degrees: total))
                        walk[i].angle = total
                        walk[i].into = next.into
                    } else if isTurn(next) {
                        let second = Maneuver.Turn(degrees: next.angle)
                        if d.then == nil, d.distance >= 1, abs(d.angle) >= 45, abs(next.angle) >= 45, (d.angle > 0) != (next.angle > 0) {
                            walk[i].then = second
                            walk[i].thenAfter = d.distance
                            absorb(i + 1, into: i)
                            walk[i].maneuver = .turn(turn)
                        } else {
                            let total = d.angle + next.angle
                            absorb(i + 1, into: i)
                            walk[i].angle = total
                            walk[i].then = nil
                            let net = Maneuver.Turn(degrees: total)
                            walk[i].maneuver = net == .straight ? .continue : .turn(net)
                        }
                    } else {
                        continue
                    }
                    changed = true
                case .door(let turn):
                    // A door a few steps before a ride (a stairwell or lift lobby door): the ride is what is said.
                    if next == nil, i > 0, d.then == nil, d.distance < Self.rideDoor {
                        absorb(i, into: i - 1)
                        i -= 1
                        changed = true
                        continue
                    }
                    // Straight on through a door on the way: nothing to decide (a door at the destination is its side).
                    if turn == .straight, d.then == nil, i > 0, let next, !isEnd(next), !(isTurn(next) && d.distance < Self.shortest) {
                        absorb(i, into: i - 1)
                        i -= 1
                        changed = true
                        continue
                    }
                    // Through the door and straight into a turn: "Turn left through the door, then turn right".
                    guard let next, isTurn(next), d.distance < Self.shortest, d.then == nil else { continue }
                    let second = Maneuver.Turn(degrees: next.angle)
                    absorb(i + 1, into: i)
                    if second != .straight {
                        walk[i].then = second
                        walk[i].thenAfter = d.distance
                    }
                    changed = true
                default:
                    continue
                }
            }
        }
        // A bend: a slight turn is the corridor or the path bending, not a choice, unless the bends that follow
        // within a few metres add up to a real turn (then they are one, said where it starts).
        var k = 1
        while k < walk.count {
            guard case .turn(let t) = walk[k].maneuver, t == .slightLeft || t == .slightRight, walk[k].then == nil else {
                k += 1
                continue
            }
            var total = walk[k].angle, along = walk[k].distance, last = k
            while last + 1 < walk.count, isTurn(walk[last + 1]), walk[last + 1].then == nil, along < Self.bendWindow,
                  (walk[last + 1].angle > 0) == (total > 0) {
                last += 1
                total += walk[last].angle
                along += walk[last].distance
                if abs(total) >= 45 { break }
            }
            if abs(total) >= 45 {
                for _ in k..<last { absorb(k + 1, into: k) }
                walk[k].angle = total
                walk[k].maneuver = .turn(Maneuver.Turn(degrees: total))
                k += 1
            } else {
                absorb(k, into: k - 1)
            }
        }
        // Nothing to walk between a ride and the stop, or a few steps straight on: the stop is all there is to say.
        if walk.count == 2, case .depart(_, nil) = walk[0].maneuver, isEnd(walk[1]), walk[0].then == nil,
           walk[0].distance < 1 || (afterRide && walk[0].distance < Self.bendWindow) {
            var end = walk.removeLast()
            end.at = walk[0].at
            end.points = walk[0].points
            end.distance = walk[0].distance
            end.duration = walk[0].duration
            walk[0] = end
        }
        // The destination through a door just before it: the door is where the place is.
        let n = walk.count
        if n >= 3, case .arrive(let name, _, _) = walk[n - 1].maneuver, isDoor(walk[n - 2]), walk[n - 2].distance <= Self.arrivalDoor,
           let room = walk[n - 2].into, room == walk[n - 1].into, !venue.spaces[room].kind.isOpenPlan {
            let angle = walk[n - 2].angle
            let side: Maneuver.Side = abs(angle) < 45 ? .ahead : angle > 0 ? .left : .right
            absorb(n - 2, into: n - 3)
            walk[n - 2].maneuver = .arrive(name: name, side: side, approach: .door)
        }
        // A last turn a few metres before a place ahead of it or on the side it turns to: the place is on that side
        // of the way (through its door there when it has one), and the turn is not a step of its own. So is a turn
        // said as the second half of the step before ("…, then turn right"): a shop at the end of a short passage
        // off the corridor is on the side the passage leaves it.
        let m = walk.count
        guard m >= 2, case .arrive(let name, let side, let approach) = walk[m - 1].maneuver, approach != .offRide else { return }
        func aside(_ t: Maneuver.Turn) -> Bool { t != .slightLeft && t != .slightRight && (t.isLeft || t.isRight) }
        func beside(_ t: Maneuver.Turn) -> Maneuver { .arrive(name: name, side: t.isLeft ? .left : .right, approach: approach == .door ? .door : .beside) }
        if m >= 3, case .turn(let t) = walk[m - 2].maneuver, aside(t), walk[m - 2].then == nil, walk[m - 2].distance <= Self.bendWindow,
           side == .ahead || (side == .left) == t.isLeft {
            absorb(m - 2, into: m - 3)
            walk[m - 2].maneuver = beside(t)
        } else if side == .ahead, approach != .door, let t = walk[m - 2].then, aside(t),
                  walk[m - 2].distance - walk[m - 2].thenAfter <= Self.bendWindow {
            walk[m - 2].then = nil
            walk[m - 2].thenAt = nil
            walk[m - 1].maneuver = beside(t)
        }
    }

    /// The arrival is said with the step walked to it: one step, not a step of no metres after it. (Its landmark
    /// was chosen with the arrival as a step of its own, so is never the destination's.)
    mutating func sayArrivalWithLastStep() {
        guard let arrival = walk.last?.maneuver.arrival else { return }
        if walk.count >= 2 { absorb(walk.count - 1, into: walk.count - 2) }
        walk[walk.count - 1].arrival = arrival
    }

    /// A walk that starts in a named room leaves it through its door as one step, however it winds inside (the
    /// door is in view): "Leave Classroom 104".
    mutating func leaveStartRoom() {
        guard case .depart(_, nil) = walk.first?.maneuver, let room = walk.first?.into,
              !venue.spaces[room].kind.isOpenPlan, !(afterRide && venue.spaces[room].kind.isConnector),
              let name = roomName(room) else { return }
        var j = 1, along = walk[0].distance
        while j < walk.count, !isDoor(walk[j]), !isEnd(walk[j]), walk[j].from == room, walk[j].into == room {
            along += walk[j].distance
            j += 1
        }
        guard j < walk.count, isDoor(walk[j]), walk[j].from == room, walk[j].into != room, along <= 25 else { return }
        let bearing = Self.bearing(walk[j].outHeading)
        // The turn out of the door, with one a few steps outside it: "Leave Classroom 104, then turn right".
        var angle = walk[j].angle
        for _ in 1..<j { absorb(1, into: 0) }
        walk[0].doorAlong = walk[0].distance
        absorb(1, into: 0)
        if walk.count > 2, isTurn(walk[1]), walk[1].then == nil, walk[0].distance - (walk[0].doorAlong ?? 0) < Self.shortest {
            angle += walk[1].angle
            absorb(1, into: 0)
        }
        walk[0].maneuver = .depart(heading: bearing, leaving: name)
        let turn = Maneuver.Turn(degrees: angle)
        if turn != .straight {
            walk[0].then = turn
            walk[0].thenAfter = walk[0].doorAlong ?? 0
        }
    }
}
