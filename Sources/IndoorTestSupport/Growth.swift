import Foundation

/// How a cost grows when its input doubles: the tests of "every cost bounded by its input's size" (issue 15, point 7)
/// time one input and one twice its size side by side in the same process, so that a slow machine slows both and
/// only the ratio is judged — never an absolute time.
public struct Growth: Sendable, CustomStringConvertible {
    /// The best time of the input, in seconds.
    public let small: Double
    /// The best time of the input twice its size, in seconds.
    public let large: Double
    /// The second time over the first: about 2 for a linear cost.
    public var ratio: Double { large / max(small, 1e-9) }

    /// Both times and the ratio, for a test's log.
    public var description: String {
        "\(String(format: "%.4f", small)) s, twice the input \(String(format: "%.4f", large)) s: \(String(format: "%.2f", ratio))×"
    }

    /// Times `work(size)` and `work(2 * size)`, alternating, `runs` times each, and keeps the best time of each:
    /// whatever else runs on the machine only ever adds time, so the minimum is the cost of the work itself. When
    /// the ratio is over `limit` (a burst of other work can outlast a whole round on a busy machine), measures
    /// again, up to `attempts` rounds in all, and keeps the round with the lowest ratio: a cost that really grows
    /// faster than its input is over the limit in every round.
    ///
    /// - Parameters:
    ///   - size: the smaller input's size, in whatever unit `work` takes (vertices, warnings, metres).
    ///   - runs: timings of each size per round; the best is kept.
    ///   - attempts: rounds at most.
    ///   - limit: the ratio under which a round is taken at once.
    ///   - clock: a monotonic clock (the default) or a test's own.
    ///   - work: processes an input of the given size (make both inputs beforehand, so only the work is timed).
    /// - Returns: both times and their ratio: about 2 for a linear cost, 4 for a quadratic one.
    public static func measure<C: Clock>(size: Int, runs: Int = 5, attempts: Int = 5, limit: Double = 2.2,
                                         clock: C = ContinuousClock(), _ work: (Int) -> Void) -> Growth where C.Duration == Duration {
        var best: Growth?
        for _ in 0..<max(attempts, 1) {
            var times = [Double.infinity, .infinity]
            for _ in 0..<max(runs, 1) {
                for (k, n) in [size, 2 * size].enumerated() {
                    let elapsed = clock.measure { work(n) }
                    times[k] = min(times[k], Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                }
            }
            let round = Growth(small: times[0], large: times[1])
            if best.map({ round.ratio < $0.ratio }) ?? true { best = round }
            if round.ratio < limit { break }
        }
        return best ?? Growth(small: .infinity, large: .infinity)
    }
}
