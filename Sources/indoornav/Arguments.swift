import IndoorCore

/// A command line's words after the command name, taken option by option: the small part of
/// swift-argument-parser this tool needs (`--name value`, `--name=value`, flags, positionals, `--` to end options).
struct Arguments {
    private var words: [String]
    /// What the command accepts.
    let definition: CommandDefinition
    /// The command's name for messages ("indoornav venue info").
    var command: String { definition.fullName }

    init(_ words: [String], definition: CommandDefinition) {
        self.words = words
        self.definition = definition
    }

    /// Refuses an option the definition does not have, with the defined one it resembles: `route --form Relay` says
    /// "unknown option --form (did you mean --from?)". Values are skipped, so `--level -1` is no option.
    func checkDefined() throws(UsageError) {
        var i = 0
        while i < words.count, words[i] != "--" {
            let word = words[i]
            i += 1
            guard word.hasPrefix("-"), word != "-" else { continue }
            let name = word.prefix { $0 != "=" }
            guard let option = definition.option(named: name) else {
                let near = definition.options.flatMap(\.names).compactMap { candidate in
                    EditDistance.within(name, candidate, limit: 2).map { (candidate, $0) }
                }.min { $0.1 < $1.1 }
                throw UsageError("unknown option \(name)" + (near.map { " (did you mean \($0.0)?)" } ?? ""), command: command)
            }
            if name.count == word.count, option.arity == .value || (option.arity == .optionalValue && i < words.count && !words[i].hasPrefix("-")) {
                i += 1
            }
        }
    }

    /// Removes and returns the value of `--name VALUE` or `--name=VALUE`: the last one given wins, or with
    /// `first`, only the first is taken (call again for a repeatable option).
    mutating func option(_ name: String, first: Bool = false) throws(UsageError) -> String? {
        var value: String?
        var i = 0
        while i < words.count {
            if words[i] == "--" { break }
            if words[i] == name {
                guard i + 1 < words.count else { throw UsageError("\(name) needs a value", command: command) }
                value = words[i + 1]
                words.removeSubrange(i...(i + 1))
                if first { return value }
            } else if words[i].hasPrefix(name + "=") {
                value = String(words[i].dropFirst(name.count + 1))
                words.remove(at: i)
                if first { return value }
            } else {
                i += 1
            }
        }
        return value
    }

    /// Whether `--help` or `-h` was given (both removed); the caller prints its help and succeeds.
    mutating func wantsHelp() -> Bool {
        let long = flag("--help"), short = flag("-h")
        return long || short
    }

    /// Removes every `--name` and says whether there was one.
    mutating func flag(_ name: String) -> Bool {
        let end = words.firstIndex(of: "--") ?? words.count
        let found = words[..<end].contains(name)
        words = words[..<end].filter { $0 != name } + words[end...]
        return found
    }

    /// `--name [VALUE]`: nil when absent; otherwise the word after it when that is not an option (removed too),
    /// else "" (the flag alone).
    mutating func optionalValue(_ name: String) -> String? {
        let end = words.firstIndex(of: "--") ?? words.count
        guard let i = words[..<end].firstIndex(of: name) else { return nil }
        words.remove(at: i)
        if i < words.count, i < end - 1, !words[i].hasPrefix("-") { return words.remove(at: i) }
        return ""
    }

    /// Removes and returns the first positional word, if any: a word that is not an option (`-` is standard input),
    /// or the first word after `--`, which ends the options (`search -- -5` searches for "-5").
    mutating func positional() -> String? {
        for (i, word) in words.enumerated() {
            if word == "--" { return i + 1 < words.count ? words.remove(at: i + 1) : nil }
            if !word.hasPrefix("-") || word == "-" { return words.remove(at: i) }
        }
        return nil
    }

    /// The error for a required option or argument that is absent (`what`: "--from PLACE", "QUERY").
    func missing(_ what: String) -> UsageError {
        UsageError("missing \(what)", command: command)
    }

    /// Fails on anything not taken.
    func finish() throws(UsageError) {
        if let extra = words.first(where: { $0 != "--" }) {
            throw UsageError(extra.hasPrefix("-") ? "unknown option \(extra)" : "unexpected argument \(extra)", command: command)
        }
    }
}

/// A command line that does not fit its command: exit status 2.
struct UsageError: Error {
    let message: String
    let command: String

    init(_ message: String, command: String) {
        self.message = message
        self.command = command
    }
}
