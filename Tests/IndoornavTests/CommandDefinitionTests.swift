import Foundation
@testable import indoornav
import IndoorTestSupport
import Testing

/// Issue 18: every option a command accepts is in its `--help`, each completion script and the man page, all made from
/// one definition; an option the definition lacks is refused.
@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct CommandDefinitionTests {
    /// Every command a user can run, by its words ("venue info").
    static let leaves = commands.flatMap(\.definition.leaves).map { $0.path.joined(separator: " ") }

    static func definition(_ path: String) throws -> CommandDefinition {
        try #require(commands.flatMap(\.definition.leaves).first { $0.path.joined(separator: " ") == path })
    }

    /// The part of `text` from the line holding `start` to the next line holding `end` (or the end).
    static func section(of text: String, from start: String, to end: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.contains(start) }, "no \(start)")
        let last = lines[(first + 1)...].firstIndex { $0.contains(end) } ?? lines.endIndex
        return lines[first..<last].joined(separator: "\n")
    }

    static func document(_ arguments: [String]) async throws -> String {
        let r = try await CLI.run(arguments)
        #expect(r.status == 0, "\(arguments): \(r.stderr)")
        return r.stdout
    }

    @Test(arguments: leaves)
    func everyOptionIsInTheHelpTheCompletionsAndTheManPage(path: String) async throws {
        let command = try Self.definition(path)
        let words = command.path
        let help = try await Self.document(words + ["--help"])
        let bash = try Self.section(of: try await Self.document(["completions", "bash"]), from: "\"\(path)\")", to: "fi ;;")
        let zsh = try Self.section(of: try await Self.document(["completions", "zsh"]), from: "'\(path)')", to: " ;;")
        let fishCondition = words.map { "__fish_seen_subcommand_from \($0)" }.joined(separator: "; and ")
        let fish = try await Self.document(["completions", "fish"]).split(separator: "\n").filter { $0.contains(fishCondition) }
            .joined(separator: "\n")
        let man = try Self.section(of: try await Self.document(["manpage"]), from: ".SS \"indoornav \(path.replacingOccurrences(of: "-", with: "\\-"))\"",
                                   to: ".S")
        #expect(help.hasPrefix("USAGE: indoornav \(path)"))
        for option in command.options {
            for name in option.names {
                #expect(help.contains("  \(name)") || help.contains(", \(name)"), "\(path) --help lacks \(name)")
                #expect(bash.contains(name), "bash completion of \(path) lacks \(name)")
                #expect(zsh.contains("'\(option.repeatable ? "*" : "")\(name)["), "zsh completion of \(path) lacks \(name)")
                let fishSwitch = name.hasPrefix("--") ? "-l \(name.dropFirst(2)) " : "-s \(name.dropFirst()) "
                #expect(fish.contains(fishSwitch), "fish completion of \(path) lacks \(name)")
                #expect(man.contains("\\fB\(name.replacingOccurrences(of: "-", with: "\\-"))\\fR"), "the man page's \(path) lacks \(name)")
            }
            for choice in option.choices {
                #expect(bash.contains(choice) && zsh.contains(choice) && fish.contains(choice), "\(path) \(option.name) \(choice)")
            }
        }
    }

    @Test(arguments: leaves)
    func anOptionNotDefinedIsRefused(path: String) async throws {
        let r = try await CLI.run(path.split(separator: " ").map(String.init) + ["--no-such-option", "x"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("indoornav \(path): unknown option --no-such-option"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func everyCommandIsListedInTheUsageTheCompletionsAndTheManPage() async throws {
        let usage = try await Self.document(["--help"])
        let bash = try await Self.document(["completions", "bash"])
        let zsh = try await Self.document(["completions", "zsh"])
        let fish = try await Self.document(["completions", "fish"])
        let man = try await Self.document(["manpage"])
        for path in Self.leaves {
            #expect(usage.contains("  \(path)"), "the usage lacks \(path)")
            #expect(bash.contains("\"\(path)\")"), "bash lacks \(path)")
            #expect(zsh.contains("'\(path)')"), "zsh lacks \(path)")
            #expect(fish.contains("-a \(path.split(separator: " ").last ?? "")"), "fish lacks \(path)")
            #expect(man.contains(".SS \"indoornav \(path)\""), "the man page lacks \(path)")
        }
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "EXAMPLES"] {
            #expect(man.contains(".SH \(section)\n"))
        }
    }

    /// Every option word the parsers ask `Arguments` for is defined for some command (an option parsed but not defined
    /// would be refused before it is read), and every defined one is parsed somewhere.
    @Test func theParsersReadWhatTheDefinitionsDeclare() throws {
        let folder = CLI.root.appendingPathComponent("Sources/indoornav")
        var parsed = Set<String>()
        let pattern = try Regex(#"(?:option|flag|optionalValue|number)\((?:&args, )?"(-[a-z-]+)""#)
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { parsed.insert(String(name)) }
            }
        }
        let defined = Set(commands.flatMap(\.definition.leaves).flatMap(\.options).flatMap(\.names))
        #expect(parsed.subtracting(defined.union(["--help", "-h"])).isEmpty, "parsed, not defined")
        #expect(defined.subtracting(parsed).isEmpty, "defined, not parsed")
    }

    /// The scripts parse in their shells, and the man page renders without a warning (with the tools that are installed).
    @Test func theScriptsParseAndTheManPageRenders() async throws {
        for (shell, check) in [("bash", ["-n"]), ("zsh", ["-n"]), ("fish", ["--no-execute"])] {
            guard let tool = Self.installed(shell) else { continue }
            let script = NSTemporaryDirectory() + "indoornav-completion-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: script) }
            try Data(try await Self.document(["completions", shell]).utf8).write(to: URL(fileURLWithPath: script))
            let r = try Self.run(tool, check + [script])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(shell): \(r.stderr)")
        }
        if let groff = Self.installed("groff") {
            let page = NSTemporaryDirectory() + "indoornav-man-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: page) }
            try Data(try await Self.document(["manpage"]).utf8).write(to: URL(fileURLWithPath: page))
            let r = try Self.run(groff, ["-man", "-Tutf8", "-ww", "-z", page])
            #expect(r.status == 0 && r.stderr.isEmpty, "groff: \(r.stderr)")
        }
    }

    static func installed(_ tool: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + tool }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool with its stderr in a file (not a pipe, which a process another test starts meanwhile could hold open).
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let errors = NSTemporaryDirectory() + "indoornav-tool-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errors) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle(forWritingAtPath: errors)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }
}
