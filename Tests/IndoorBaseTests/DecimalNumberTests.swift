import IndoorBase
import Testing

/// The decimal parser under NMEA fields and GPX values.
@Suite struct DecimalNumberTests {
    static func parse(_ text: String) -> Double? { DecimalNumber.parse(ArraySlice(text.utf8)) }

    @Test(arguments: [
        ("4807.038", 4807.038), ("-12.5", -12.5), ("+7", 7), ("0", 0), (".5", 0.5), ("12.", 12),
        ("545.4", 545.4), ("-0.000001", -0.000001),
        // Past the fast path: more than 15 digits, an exponent.
        ("0.1000000000000000055511151231257827", 0.1), ("1234567890.1234567", 1234567890.1234567), ("1e3", 1000),
    ])
    func readsADecimal(text: String, expected: Double) {
        #expect(Self.parse(text) == expected)
    }

    @Test(arguments: ["", "-", "+", ".", "1.2.3", "12a", "a12", "NaN", "inf", "-Infinity", "1e999", " 1"])
    func refusesWhatIsNotAFiniteNumber(text: String) {
        #expect(Self.parse(text) == nil)
    }

    /// The fast path rounds as `Double(_:)` does for every number of up to 15 digits.
    @Test func agreesWithTheStandardLibrary() {
        var rng = SeededGenerator(seed: 15)
        for _ in 0..<20_000 {
            let digits = Int(rng.next() % 15) + 1
            let point = Int(rng.next() % UInt64(digits + 1))
            var text = rng.next() % 2 == 0 ? "" : "-"
            for k in 0..<digits {
                if k == point { text += "." }
                text += String(rng.next() % 10)
            }
            #expect(Self.parse(text) == Double(text), "\(text)")
        }
    }
}
