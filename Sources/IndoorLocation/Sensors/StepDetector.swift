/// A detected step: when its acceleration peaked, and how long it was.
public struct DetectedStep: Hashable, Sendable {
    /// The time of the step's peak, seconds on the log's clock.
    public let time: Double
    /// The step's length, metres (Weinberg: ``StepDetector/weinbergK`` · (peak − valley)^¼).
    public let length: Double
}

/// Steps out of a phone's accelerometer, whatever way up the phone is held: the magnitude of acceleration (gravity
/// included), smoothed, rises above its slow mean at each heel strike. A step is a peak at least
/// ``threshold`` above the mean, at least ``minimumInterval`` after the last; its length follows Weinberg (2002):
/// K · (peak − valley)^¼, the valley the least smoothed magnitude since the last step.
public struct StepDetector: Sendable {
    /// Weinberg's constant for acceleration in m/s² and length in metres: 0.47 for an adult walking with the phone
    /// in hand (Weinberg's 0.41–0.52 range, taken at its middle).
    public var weinbergK = 0.47
    /// How far the smoothed magnitude must rise above its mean to be a step, m/s².
    public var threshold = 0.9
    /// The least time between two steps (a brisk walk is about 2.5 steps a second), seconds.
    public var minimumInterval = 0.3
    /// The smoothing's cut-off frequency, Hz: above a running pace's step rate.
    public var smoothingHz = 3.0
    /// The mean's cut-off frequency, Hz: below a slow walk's step rate.
    public var meanHz = 0.25

    private var last: Double?
    private var smooth: Double?
    private var mean: Double?
    private var peak: (time: Double, value: Double)?
    private var valley = Double.infinity
    private var lastStep = -Double.infinity

    /// A detector with Weinberg's constant `weinbergK`.
    public init(weinbergK: Double = 0.47) {
        self.weinbergK = weinbergK
    }

    /// Takes an accelerometer reading (m/s², gravity included); returns the step it ends, if any.
    /// - Complexity: O(1).
    public mutating func add(time: Double, acceleration a: Vector3) -> DetectedStep? {
        let m = a.length
        guard m.isFinite else { return nil }
        let dt = last.map { max(0, min(time - $0, 0.5)) } ?? 0
        last = time
        func follow(_ value: Double?, _ hz: Double) -> Double {
            guard let value else { return m }
            let alpha = dt / (dt + 1 / (2 * Double.pi * hz))
            return value + alpha * (m - value)
        }
        let s = follow(smooth, smoothingHz)
        let g = follow(mean, meanHz)
        smooth = s
        mean = g
        valley = min(valley, s)
        if s - g > threshold {
            if peak.map({ s > $0.value }) ?? true { peak = (time, s) }
            return nil
        }
        // Back under the threshold: the peak passed.
        guard let p = peak, s < g else { return nil }
        peak = nil
        guard p.time - lastStep >= minimumInterval else { return nil }
        lastStep = p.time
        let swing = max(0, p.value - valley)
        valley = s
        return DetectedStep(time: p.time, length: weinbergK * swing.squareRoot().squareRoot())
    }
}
