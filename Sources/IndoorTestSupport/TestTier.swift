import Foundation

/// The two tiers of the test suite. The unit tier (every test by default) runs in the test process: the core API,
/// prepared venues shared between tests, time driven by a ``ManualClock``. The integration tier starts things
/// outside it: the `indoornav` binary, servers on 127.0.0.1, pseudo-terminals, gpsd, `swift` itself. A plain
/// `swift test` runs the unit tier; `INDOORNAV_TESTS=all swift test` (the README's test command, and CI) runs both.
///
/// An integration suite says so with `@Suite(.enabled(if: TestTier.integration))`.
public enum TestTier {
    /// Whether this run includes the integration tier: `INDOORNAV_TESTS` is `all`.
    public static let integration = ProcessInfo.processInfo.environment["INDOORNAV_TESTS"]?.lowercased() == "all"
}
