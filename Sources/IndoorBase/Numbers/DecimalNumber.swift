import Foundation

/// Decimal numbers read straight from bytes, as NMEA 0183 fields (`4807.038`, `-12.5`) and GPX's `xsd:decimal`
/// values (`lat="48.1173"`, `<ele>545.4</ele>`) write them: one parser for both readers.
package enum DecimalNumber {
    /// A decimal number (`-12.345`, `+7`, `.5`), as `strtod` reads it: the digits as an integer divided by a power
    /// of ten, both exact in a Double up to 15 digits, so the quotient is correctly rounded. Anything else (more
    /// digits, an exponent) goes to `Double(_:)`.
    /// - Returns: the value, or `nil` when `bytes` hold no number or one that is not finite.
    /// - Complexity: O(n) in the number of bytes.
    ///
    /// Inlinable: the GPX reader and the NMEA decoder call it for every number, from other modules.
    @inlinable
    package static func parse(_ bytes: ArraySlice<UInt8>) -> Double? {
        var mantissa: UInt64 = 0, digits = 0, fraction = 0, negative = false, seenDot = false
        var i = bytes.startIndex
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        while i < bytes.endIndex {
            let b = bytes[i]
            if b >= 0x30, b <= 0x39 {
                mantissa = mantissa &* 10 &+ UInt64(b - 0x30)
                digits += 1
                if seenDot { fraction += 1 }
            } else if b == UInt8(ascii: "."), !seenDot {
                seenDot = true
            } else {
                return Double(String(decoding: bytes, as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        guard digits <= 15 else { return Double(String(decoding: bytes, as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil } }
        let value = Double(mantissa) / powersOfTen[fraction]
        return negative ? -value : value
    }

    @usableFromInline
    package static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }
}
