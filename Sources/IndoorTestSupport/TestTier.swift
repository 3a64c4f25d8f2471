import Foundation

/// The two tiers of the test suite. The unit tier (every test by default) runs in the test process: the core API,
/// prepared venues shared between tests, time driven by a ``ManualClock``. The integration tier starts things
/// outside it: the `indoornav` binary, servers on 127.0.0.1, pseudo-terminals, gpsd, `swift` itself. A plain
/// `swift test` runs the unit tier; `INDOORNAV_TESTS=all swift test` (the README's test command, and CI) runs both.
///
/// An integration suite says so with `@Suite(.enabled(if: TestTier.integration))`. A property swept over many
/// venues, seeds or pairs takes a sample of them in the unit tier and all of them with the integration tier
/// (``sample(_:unit:)-(Int,_)``), as property-testing tools run fewer examples on a laptop than in CI.
public enum TestTier {
    /// Whether this run includes the integration tier: `INDOORNAV_TESTS` is `all`.
    public static let integration = ProcessInfo.processInfo.environment["INDOORNAV_TESTS"]?.lowercased() == "all"

    /// A suite's time limit, minutes: `integration` with the integration tier, else the unit tier's bound of 2
    /// (`@Suite(.timeLimit(.minutes(TestTier.minutes(8))))`).
    public static func minutes(_ integration: Int) -> Int { Self.integration ? integration : min(integration, 2) }

    /// `full` with the integration tier, else `unit` (a count of pairs, walks, cases).
    public static func sample(_ full: Int, unit: Int) -> Int { integration ? full : min(unit, full) }

    /// All of `cases` with the integration tier, else `unit` of them evenly spaced from the first (seeds, kinds,
    /// venues, names).
    public static func sample<T>(_ cases: [T], unit: Int) -> [T] {
        guard !integration, unit < cases.count else { return cases }
        return (0..<max(0, unit)).map { cases[$0 * cases.count / unit] }
    }
}
