import Foundation
import IndoorCore

/// stdout for results, stderr for progress and errors. Each line is written whole, in one call.
enum Output {
    /// When the reader of stdout has gone (`… | head`), the command ends quietly, as SIGPIPE would end it — also
    /// when SIGPIPE is ignored (inherited from a parent that ignores it), where a write fails with EPIPE instead.
    static func line(_ text: String) {
        write(Data((text + "\n").utf8))
    }

    /// Bytes to stdout (whole lines, batched by the caller).
    static func write(_ data: Data) {
        if StandardStreams.closedAtStart.contains(STDOUT_FILENO) {
            error("indoornav: standard output is closed: nowhere to write the result")
            exit(ExitStatus.failure.rawValue)
        }
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            exit(128 + SIGPIPE)
        }
    }

    static func error(_ text: String) {
        // Nowhere to report a failure to report.
        try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8))
    }

    /// One JSON document on stdout, keys sorted so output is stable for scripts and diffs.
    /// (The encoding is ``JSONOutput``'s, which the service shares: the same question gets the same bytes.)
    static func json(_ value: some Encodable, pretty: Bool = true) {
        do {
            write(try JSONOutput.document(value, pretty: pretty))
        } catch {
            Output.error("indoornav: cannot encode the result as JSON: \(error)")
        }
    }
}

/// "1 error", "2 errors": a count and its noun in English, singular for one (`plural` when not the noun plus "s"),
/// by the plural rule itineraries use (`InstructionLanguage.counted`).
func counted(_ n: Int, _ noun: String, plural: String? = nil) -> String {
    InstructionLanguage.en.counted(n, one: noun, many: plural ?? noun + "s")
}

/// Exit statuses, as swift-argument-parser uses them.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
    /// 128 + the signal, as shells report a command stopped by SIGINT, SIGTERM or SIGHUP.
    case interrupted = 130
    case terminated = 143
    case hungUp = 129
}
