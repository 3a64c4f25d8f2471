/// What a command accepts, declared once: its `--help`, the completion scripts (`indoornav completions`), the man
/// page (`indoornav manpage`) and the parser's list of known options are all made from it, so an option cannot be
/// accepted without being documented in each, nor documented without being accepted.
struct CommandDefinition: Sendable {
    /// The words after `indoornav` that name it: ["route"], ["venue", "info"].
    let path: [String]
    /// The words after its name in USAGE, as a person writes them (line breaks kept, indented under the first).
    let synopsis: String
    /// One line for the command lists of the usage, the completion scripts and the man page.
    let abstract: String
    /// Paragraphs after USAGE (already wrapped, or empty).
    var discussion = ""
    /// The positional argument, if any (QUERY, FILE).
    var operand: Operand?
    /// Titled groups of options ("OPTIONS", "SOURCE (one of)").
    var groups: [OptionGroup] = []
    /// Paragraphs after the options (already wrapped, or empty).
    var epilogue = ""
    /// A command made of subcommands (`venue info`, `venue validate`) has no options of its own.
    var subcommands: [CommandDefinition] = []

    struct Operand: Sendable {
        let name: String
        let kind: OptionDefinition.Kind
        var choices: [String] = []
    }

    /// A command made of subcommands: `venue <info|validate> [options]`, or with one, `gpx info FILE|- …`.
    static func group(_ name: String, abstract: String, _ subcommands: [CommandDefinition]) -> CommandDefinition {
        let names = subcommands.compactMap(\.path.last)
        let synopsis = subcommands.count == 1 ? names[0] + " " + subcommands[0].synopsis : "<" + names.joined(separator: "|") + "> [options]"
        return CommandDefinition(path: [name], synopsis: synopsis, abstract: abstract, subcommands: subcommands)
    }

    /// "indoornav venue info".
    var fullName: String { (["indoornav"] + path).joined(separator: " ") }

    /// Its name with its operand, as the command lists show it ("search QUERY").
    var usageName: String { (path + (operand.map { [$0.name] } ?? [])).joined(separator: " ") }

    var options: [OptionDefinition] { groups.flatMap(\.options) }

    /// The commands a user can run: this one, or its subcommands.
    var leaves: [CommandDefinition] { subcommands.isEmpty ? [self] : subcommands.flatMap(\.leaves) }

    /// The option `word` names (`--lang`, `-v`), if this command has it.
    func option(named word: some StringProtocol) -> OptionDefinition? {
        options.first { $0.names.contains(String(word)) }
    }
}

/// Options under a title ("OPTIONS", "SOURCE (one of)").
struct OptionGroup: Sendable {
    let title: String
    let options: [OptionDefinition]
}

/// One option as every document shows it.
struct OptionDefinition: Sendable {
    /// What its value is, for completion.
    enum Kind: Sendable { case file, directory, other }
    /// How it takes a value.
    enum Arity: Sendable { case flag, value, optionalValue }

    /// The long name first, then aliases ("--verbose", "-v").
    let names: [String]
    let arity: Arity
    /// The value's placeholder (PATH, PLACE), "" for a flag.
    let placeholder: String
    let kind: Kind
    /// The values it takes when they are a fixed few (--lang en|fr|de|ru).
    let choices: [String]
    let repeatable: Bool
    /// One paragraph; `--help` wraps it.
    let help: String

    var name: String { names[0] }

    static func flag(_ names: String..., help: String) -> OptionDefinition {
        OptionDefinition(names: names, arity: .flag, placeholder: "", kind: .other, choices: [], repeatable: false, help: help)
    }

    static func value(_ name: String, _ placeholder: String, _ kind: Kind = .other, choices: [String] = [], repeatable: Bool = false,
                      aliases: [String] = [], help: String) -> OptionDefinition {
        OptionDefinition(names: [name] + aliases, arity: .value, placeholder: placeholder, kind: kind, choices: choices,
                         repeatable: repeatable, help: help)
    }

    static func optionalValue(_ name: String, _ placeholder: String, help: String) -> OptionDefinition {
        OptionDefinition(names: [name], arity: .optionalValue, placeholder: placeholder, kind: .other, choices: [], repeatable: false, help: help)
    }

    /// "--venue PATH", "--gpsd [HOST:PORT]", "--verbose, -v", "-o, --output FILE".
    var label: String {
        let value = switch arity {
        case .flag: ""
        case .value: " " + placeholder
        case .optionalValue: " [" + placeholder + "]"
        }
        return names.joined(separator: ", ") + value
    }
}

// MARK: - Help

extension CommandDefinition {
    /// The text `--help` prints.
    var help: String {
        var text = "USAGE: " + fullName + (synopsis.isEmpty ? "" : " ") + synopsis.replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: fullName.count + 8))
        if !discussion.isEmpty { text += "\n\n" + discussion }
        if !subcommands.isEmpty {
            text += "\n\nSUBCOMMANDS:\n" + Self.table(subcommands.map { ($0.path.last ?? "", $0.abstract) })
            text += "\n\nRun `\(fullName) SUBCOMMAND --help` for a subcommand's options."
        }
        for group in groups {
            text += "\n\n\(group.title):\n" + Self.table(group.options.map { ($0.label, $0.help) })
        }
        if !epilogue.isEmpty { text += "\n\n" + epilogue }
        return text
    }

    /// Two columns: a label, then its text wrapped beside it (under it when the label is too long).
    static func table(_ rows: [(String, String)], width: Int = 116) -> String {
        let column = min(22, (rows.map(\.0.count).max() ?? 0) + 4)
        let indent = String(repeating: " ", count: column)
        return rows.map { label, text in
            let lines = wrap(text, width: width - column)
            let first = "  " + label
            if first.count + 1 < column {
                return ([first.padding(toLength: column, withPad: " ", startingAt: 0) + (lines.first ?? "")]
                        + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
            }
            return ([first] + lines.map { indent + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Words laid into lines of at most `width` characters (a longer word gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

// MARK: - Parsing

extension CommandDefinition {
    /// The arguments of this command, or of the subcommand the first word names, checked against the definition:
    /// nil when `--help` was asked for (and printed).
    /// - Throws: `UsageError` for a missing or unknown subcommand, or an option the command does not define.
    func arguments(_ words: [String]) throws(UsageError) -> Arguments? {
        if !subcommands.isEmpty {
            if let first = words.first, let sub = subcommands.first(where: { $0.path.last == first }) {
                return try sub.arguments(Array(words.dropFirst()))
            }
            var args = Arguments(words, definition: self)
            if args.wantsHelp() {
                Output.line(help)
                return nil
            }
            let names = subcommands.compactMap(\.path.last)
            let expected = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
            guard let first = words.first else { throw UsageError("missing subcommand (\(expected))", command: fullName) }
            throw UsageError("unknown subcommand \(first) (expected \(expected))", command: fullName)
        }
        var args = Arguments(words, definition: self)
        if args.wantsHelp() {
            Output.line(help)
            return nil
        }
        try args.checkDefined()
        return args
    }
}
