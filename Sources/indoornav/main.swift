// indoornav: the IndoorNav command-line tool. Thin: parses arguments, calls the libraries, formats output.
// Exit status: 0 success, 1 failure (or errors found), 2 usage error.
import Foundation
import IndoorCore

func main() -> Int32 {
    StandardStreams.prepare()
    var words = Array(CommandLine.arguments.dropFirst())
    guard let command = words.first else {
        Output.error(usage)
        return ExitStatus.usage.rawValue
    }
    words.removeFirst()
    do {
        return try run(command, words).rawValue
    } catch let error as UsageError {
        Output.error("\(error.command): \(error.message)\nRun `\(error.command) --help` for usage.")
        return ExitStatus.usage.rawValue
    } catch {
        Output.error("indoornav: \(error.localizedDescription)\(IncompleteVenue.note)")
        if let hint = (error as? VenueError)?.recoverySuggestion { Output.error("hint: \(hint)") }
        return ExitStatus.failure.rawValue
    }
}

/// Runs `command` with the words after it.
func run(_ command: String, _ words: [String]) throws -> ExitStatus {
    switch command {
    case "--help", "-h":
        Output.line(usage)
        return .success
    case "help":
        // `help CMD` is `CMD --help`.
        guard let topic = words.first else {
            Output.line(usage)
            return .success
        }
        return try run(topic, Array(words.dropFirst()) + ["--help"])
    case "--version":
        Output.line("indoornav \(PreparedVenue.toolkitVersion)")
        return .success
    default:
        guard let command = commands.first(where: { $0.definition.path == [command] }) else {
            throw UsageError("unknown command \(command)", command: "indoornav")
        }
        return try command.run(words)
    }
}

exit(main())
