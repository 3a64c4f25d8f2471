/// Reads the Protocol Buffers wire format (https://protobuf.dev/programming-guides/encoding/) field by field, with
/// no schema and no generated code: enough for OSM PBF. Every length is checked against the bytes that remain, so a
/// hostile message ends in a ``ProtobufError``, never past the buffer.
struct ProtobufReader {
    /// A field's wire type (the low three bits of its key).
    enum WireType: UInt64 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    let bytes: [UInt8]
    private(set) var offset: Int
    let end: Int

    /// A reader over `bytes[range]` (the whole array by default).
    init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        offset = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    var isAtEnd: Bool { offset >= end }

    /// The next field's number and wire type, or `nil` at the end of the message.
    /// - Throws: ``ProtobufError`` on a truncated key, field number 0 or a wire type this reader does not know
    ///   (groups, 3 and 4, are deprecated and absent from OSM PBF).
    mutating func nextField() throws(ProtobufError) -> (number: Int, wire: WireType)? {
        guard !isAtEnd else { return nil }
        let at = offset
        let key = try varint()
        guard let wire = WireType(rawValue: key & 7) else { throw ProtobufError(offset: at, reason: "wire type \(key & 7) is not supported") }
        let number = key >> 3
        guard number > 0, number <= 0x1FFF_FFFF else { throw ProtobufError(offset: at, reason: "field number \(number) is out of range") }
        return (Int(number), wire)
    }

    /// A base-128 varint of at most ten bytes.
    mutating func varint() throws(ProtobufError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        let start = offset
        while offset < end {
            let byte = bytes[offset]
            offset += 1
            if shift == 63, byte > 1 { throw ProtobufError(offset: start, reason: "a varint overflows 64 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
            guard shift < 64 else { throw ProtobufError(offset: start, reason: "a varint is longer than ten bytes") }
        }
        throw ProtobufError(offset: start, reason: "a varint is cut off by the end of the message")
    }

    /// A `sint32`/`sint64` (ZigZag-encoded) varint.
    mutating func signedVarint() throws(ProtobufError) -> Int64 {
        Self.zigzag(try varint())
    }

    /// An `int32`/`int64` varint (two's complement).
    mutating func int64() throws(ProtobufError) -> Int64 { Int64(bitPattern: try varint()) }

    /// The byte range of a length-delimited field.
    mutating func lengthDelimited() throws(ProtobufError) -> Range<Int> {
        let at = offset
        let length = try varint()
        guard length <= UInt64(end - offset) else {
            throw ProtobufError(offset: at, reason: "a field of \(length) bytes runs past the end of its message (\(end - offset) left)")
        }
        let range = offset..<(offset + Int(length))
        offset = range.upperBound
        return range
    }

    /// A length-delimited field as a nested reader.
    mutating func message() throws(ProtobufError) -> ProtobufReader {
        ProtobufReader(bytes, range: try lengthDelimited())
    }

    /// A length-delimited field as UTF-8 text (invalid sequences replaced).
    mutating func string() throws(ProtobufError) -> String {
        String(decoding: bytes[try lengthDelimited()], as: UTF8.self)
    }

    /// Skips a field of any supported wire type.
    mutating func skip(_ wire: WireType) throws(ProtobufError) {
        switch wire {
        case .varint: _ = try varint()
        case .lengthDelimited: _ = try lengthDelimited()
        case .fixed64, .fixed32:
            let size = wire == .fixed64 ? 8 : 4
            guard end - offset >= size else { throw ProtobufError(offset: offset, reason: "a fixed-size field is cut off") }
            offset += size
        }
    }

    /// Appends the values of a repeated varint field, packed (one length-delimited run) or not (one value).
    /// - Parameter decode: turns the raw varint into the element (ZigZag or two's complement).
    mutating func appendRepeated<T>(_ wire: WireType, to values: inout [T], _ decode: (UInt64) -> T) throws(ProtobufError) {
        switch wire {
        case .varint:
            values.append(decode(try varint()))
        case .lengthDelimited:
            var packed = try message()
            while !packed.isAtEnd { values.append(decode(try packed.varint())) }
        default:
            throw ProtobufError(offset: offset, reason: "a repeated integer field has wire type \(wire.rawValue)")
        }
    }

    static func zigzag(_ v: UInt64) -> Int64 { Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1))) }
    static func twosComplement(_ v: UInt64) -> Int64 { Int64(bitPattern: v) }
}

/// A message that does not follow the wire format: where (the byte offset in the buffer read) and why.
struct ProtobufError: Error, Equatable, Sendable {
    let offset: Int
    let reason: String
}
