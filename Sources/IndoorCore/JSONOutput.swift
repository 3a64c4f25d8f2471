import Foundation
import IndoorBase

/// How every front end writes a JSON answer, so the same question gets the same bytes from the command line and
/// from the service: keys sorted (stable for scripts and diffs), slashes unescaped, pretty-printed by default, and
/// one newline at the end — written by `JSONWriter`, byte for byte what Foundation's `JSONEncoder` gives with
/// those options, in a fraction of its time.
public enum JSONOutput {
    /// `value` as one JSON document followed by a newline: what `indoornav … --json` prints and the service answers.
    /// - Throws: `EncodingError` when the value cannot be encoded (a non-finite number).
    public static func document(_ value: some Encodable, pretty: Bool = true) throws -> Data {
        var bytes = try JSONWriter.encode(value, pretty: pretty)
        bytes.append(0x0A)
        return Data(bytes)
    }
}
