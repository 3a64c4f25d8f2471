import Foundation
import IndoorGeometry

/// stdout for results, stderr for progress and errors.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// One JSON document on stdout, keys sorted so output is stable for scripts and diffs.
    static func json(_ value: JSONValue, pretty: Bool = true) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        do {
            line(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            Output.error("indoornav: cannot encode the result as JSON: \(error)")
        }
    }
}

/// Exit statuses, as swift-argument-parser uses them.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
    /// 128 + the signal, as shells report a command stopped by SIGINT or SIGTERM.
    case interrupted = 130
    case terminated = 143
}
