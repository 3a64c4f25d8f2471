import Foundation

/// How every front end writes a JSON answer, so the same question gets the same bytes from the command line and
/// from the service: keys sorted (stable for scripts and diffs), slashes unescaped, pretty-printed by default, and
/// one newline at the end.
public enum JSONOutput {
    /// The encoder's formatting: sorted keys and unescaped slashes, pretty-printed or compact.
    public static func formatting(pretty: Bool = true) -> JSONEncoder.OutputFormatting {
        pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    }

    /// A new encoder with ``formatting(pretty:)`` (encoders are not shared between threads).
    public static func encoder(pretty: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting(pretty: pretty)
        return encoder
    }

    /// `value` as one JSON document followed by a newline: what `indoornav … --json` prints and the service answers.
    /// - Throws: `EncodingError` when the value cannot be encoded (a non-finite number).
    public static func document(_ value: some Encodable, pretty: Bool = true) throws -> Data {
        var data = try encoder(pretty: pretty).encode(value)
        data.append(0x0A)
        return data
    }
}
