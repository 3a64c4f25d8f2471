import Foundation

/// Decimal numbers read straight from bytes, as NMEA 0183 fields (`4807.038`, `-12.5`) and GPX's `xsd:decimal`
/// values (`lat="48.1173"`, `<ele>545.4</ele>`) write them: one parser for both readers; and written as bytes with a
/// fixed number of decimals, as `%.Nf` writes them, without the cost of `String(format:)` (gpsd's TPV objects, the
/// service's access log).
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

    /// Appends `x` with `decimals` (0…9) digits after the point, as `%.Nf` writes it (`-3.100` for −3.1 and 3).
    package static func write(_ x: Double, decimals: Int, to out: inout [UInt8]) {
        let scaled = (abs(x) * powersOfTen[decimals]).rounded()
        guard x.isFinite, scaled < 9e15 else {
            out.append(contentsOf: String(format: "%.\(decimals)f", x).utf8)
            return
        }
        let units = UInt64(scaled), scale = UInt64(powersOfTen[decimals])
        if x < 0, units != 0 { out.append(UInt8(ascii: "-")) }
        write(units / scale, width: 1, to: &out)
        if decimals > 0 {
            out.append(UInt8(ascii: "."))
            write(units % scale, width: decimals, to: &out)
        }
    }

    /// Appends the decimal digits of `v`, zero-padded to `width` (`007`).
    package static func write(_ v: UInt64, width: Int, to out: inout [UInt8]) {
        var count = 1, probe = v
        while probe >= 10 {
            probe /= 10
            count += 1
        }
        let n = max(count, width), start = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: n))
        var rest = v, i = start + n - 1
        while rest > 0 {
            out[i] = UInt8(0x30 + rest % 10)
            rest /= 10
            i -= 1
        }
    }
}
