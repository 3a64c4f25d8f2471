/// Lines out of a byte stream that arrives in chunks of any size, each line bounded: what the NMEA and sensor-log
/// decoders read their input with. A line longer than ``maximumLength`` is not kept: it is reported once whole, as
/// ``overflowed``, so that a stream without newlines cannot grow memory.
///
/// ```swift
/// var i = 0
/// while framer.take(buffer, from: &i) {
///     use(framer.line, framer.overflowed)
///     framer.clear()
/// }
/// ```
public struct LineFramer: Sendable {
    /// The longest line kept, in bytes (without its terminator).
    public let maximumLength: Int
    /// Whether a carriage return alone ends a line too (NMEA receivers send CR, CRLF or CRCRLF); otherwise only LF
    /// does, and a CR before it is left on the line.
    public let carriageReturnEnds: Bool
    /// The bytes of the line so far.
    public private(set) var line: [UInt8] = []
    /// Whether the line so far was longer than ``maximumLength`` (its bytes are then dropped).
    public private(set) var overflowed = false

    /// A framer of lines of at most `maximumLength` bytes.
    public init(maximumLength: Int, carriageReturnEnds: Bool = false) {
        self.maximumLength = maximumLength
        self.carriageReturnEnds = carriageReturnEnds
    }

    /// Adds `buffer`'s bytes from `index` up to the next line end; `true` when a line ended there (read it, then
    /// ``clear()``), with `index` past the terminator; `false` when the buffer ran out first (`index` at its end).
    /// - Complexity: O(n) in the bytes taken.
    public mutating func take(_ buffer: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Bool {
        let n = buffer.count
        var j = index
        if carriageReturnEnds {
            while j < n, buffer[j] != 0x0A, buffer[j] != 0x0D { j += 1 }
        } else {
            while j < n, buffer[j] != 0x0A { j += 1 }
        }
        if !overflowed {
            if j - index > maximumLength - line.count {
                overflowed = true
            } else if j > index {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<j]))
            }
        }
        guard j < n else {
            index = n
            return false
        }
        index = j + 1
        return true
    }

    /// Whether a line is under way (bytes or an overflow since the last ``clear()``): what is left to end at the end
    /// of the stream.
    public var isPending: Bool { !line.isEmpty || overflowed }

    /// Calls `body` with `bytes` as one buffer: contiguous bytes (`Data`, arrays) as they are, any other sequence
    /// copied first.
    public static func withBuffer<Bytes: Sequence>(_ bytes: Bytes, _ body: (UnsafeBufferPointer<UInt8>) -> Void) where Bytes.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable(body) == nil {
            Array(bytes).withUnsafeBufferPointer(body)
        }
    }

    /// Forgets the line read, keeping its buffer.
    public mutating func clear() {
        line.removeAll(keepingCapacity: true)
        overflowed = false
    }
}
