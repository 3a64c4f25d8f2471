import Foundation
import IndoorBase
import IndoorGeometry

/// A byte buffer that generated files are written into: fixed-precision numbers and escaped strings, so the
/// same venue always gives the same bytes (no locale, no shortest-round-trip formatting that could change).
struct TextOutput {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    /// `value` with exactly `decimals` digits after the point (half away from zero), e.g. `2.350000000`.
    mutating func append(fixed value: Double, decimals: Int) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        // Coordinates and metres stay far below 2^63 / 10^9; anything else is clamped rather than trapping.
        let n = scaled < 9.2e18 ? Int64(scaled) : Int64.max
        let divisor = Int64(scale)
        if value < 0 && n != 0 { bytes.append(UInt8(ascii: "-")) }
        append(String(n / divisor))
        guard decimals > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        let fraction = String(n % divisor)
        for _ in fraction.count..<decimals { bytes.append(UInt8(ascii: "0")) }
        append(fraction)
    }

    /// A JSON string literal (RFC 8259): quotes, backslashes and control characters escaped.
    mutating func append(jsonString s: String) {
        bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20: append("\\u00"); append(String(b, radix: 16).leftPadded(2))
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Text for an XML attribute value in double quotes.
    mutating func append(xmlAttribute s: String) {
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            case 0x0A: append("&#10;")
            case 0x0D: append("&#13;")
            case 0x09: append("&#9;")
            case 0..<0x20: continue  // not allowed in XML 1.0
            default: bytes.append(b)
            }
        }
    }

    mutating func append(contentsOf other: TextOutput) { bytes.append(contentsOf: other.bytes) }

    /// The buffer, leaving this one empty: a nested writer appends to it without copying, then hands it back.
    mutating func handOver() -> TextOutput {
        var taken = TextOutput(capacity: 0)
        swap(&taken, &self)
        return taken
    }

    var data: Data { Data(bytes) }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

/// Deterministic feature ids: a UUID (RFC 9562 version 8, "custom") made from a seed and a readable key such as
/// `unit:L0:room-12`, by two FNV-1a 64-bit hashes. The same venue gets the same ids on every run and machine.
func featureID(seed: UInt64, key: String) -> String {
    var h1: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
    var h2: UInt64 = 0x8422_2325_cbf2_9ce4 ^ (seed &* 0x9E37_79B9_7F4A_7C15)
    for b in key.utf8 {
        h1 = (h1 ^ UInt64(b)) &* 0x0000_0100_0000_01B3
        h2 = (h2 ^ UInt64(b)) &* 0x0000_0100_0000_01B3
    }
    // A final avalanche so keys differing in their last byte differ everywhere.
    func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    let a = mix(h1), b = mix(h2 ^ a)
    let hex = String(a, radix: 16).leftPadded(16) + String(b, radix: 16).leftPadded(16)
    var chars = Array(hex)
    chars[12] = "8"  // version 8
    let variant = Array("89ab")[Int(chars[16].hexDigitValue ?? 0) & 3]
    chars[16] = variant  // RFC 9562 variant 10xx
    let s = String(chars)
    let i = s.startIndex
    func part(_ from: Int, _ to: Int) -> Substring { s[s.index(i, offsetBy: from)..<s.index(i, offsetBy: to)] }
    return "\(part(0, 8))-\(part(8, 12))-\(part(12, 16))-\(part(16, 20))-\(part(20, 32))"
}

// Draws that use only `uniform()`, never the standard library's `random(in:)` algorithms (which may change
// between Swift versions): the same seed must give the same venue with every toolchain.
extension SeededGenerator {
    /// Uniform in `[a, b)`.
    mutating func between(_ a: Double, _ b: Double) -> Double { a + (b - a) * uniform() }

    /// Uniform in `0..<n` (`n` ≥ 1).
    mutating func index(_ n: Int) -> Int { min(n - 1, Int(uniform() * Double(n))) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { uniform() < p }

    /// One element of a non-empty array.
    mutating func pick<T>(_ values: [T]) -> T { values[index(values.count)] }

    /// The elements in a seeded order (Fisher–Yates).
    mutating func shuffled<T>(_ values: [T]) -> [T] {
        var out = values
        for i in stride(from: out.count - 1, to: 0, by: -1) { out.swapAt(i, index(i + 1)) }
        return out
    }
}
