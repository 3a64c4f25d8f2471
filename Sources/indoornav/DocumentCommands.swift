import Foundation
import IndoorCore

/// `indoornav completions bash|zsh|fish` and `indoornav manpage`: documents made from the commands' definitions, the
/// same ones `--help` and the parser read.
enum DocumentCommands {
    static let completions = CommandDefinition(
        path: ["completions"], synopsis: "bash|zsh|fish", abstract: "Print a shell completion script (bash, zsh or fish).",
        discussion: """
            Prints a script that completes indoornav's commands, subcommands, options, their fixed values and file
            names. Install it where the shell looks for completions (see README, "Shell completion and man page").
            """,
        operand: .init(name: "SHELL", kind: .other, choices: ["bash", "zsh", "fish"]))

    static let manpage = CommandDefinition(
        path: ["manpage"], synopsis: "", abstract: "Print the manual page (roff), for man -l or a man1 folder.",
        discussion: "Prints indoornav(1) in roff: `indoornav manpage | man -l -` reads it.")

    static func runCompletions(_ words: [String]) throws -> ExitStatus {
        guard var args = try completions.arguments(words) else { return .success }
        guard let shell = args.positional() else { throw args.missing("SHELL (bash, zsh or fish)") }
        try args.finish()
        let definitions = commands.map(\.definition)
        switch shell {
        case "bash": Output.line(Completions.bash(definitions))
        case "zsh": Output.line(Completions.zsh(definitions))
        case "fish": Output.line(Completions.fish(definitions))
        default: throw UsageError("unknown shell \(shell) (bash, zsh or fish)", command: args.command)
        }
        return .success
    }

    static func runManpage(_ words: [String]) throws -> ExitStatus {
        guard let args = try manpage.arguments(words) else { return .success }
        try args.finish()
        Output.line(ManualPage.roff(commands.map(\.definition), version: PreparedVenue.toolkitVersion))
        return .success
    }
}

/// Completion scripts for bash, zsh and fish.
enum Completions {
    /// The help's first sentence, for a completion menu.
    static func brief(_ help: String) -> String {
        let sentence = help.components(separatedBy: ". ").first ?? help
        return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }

    static func bash(_ definitions: [CommandDefinition]) -> String {
        func words(_ list: [String]) -> String { "COMPREPLY=($(compgen -W \"\(list.joined(separator: " "))\" -- \"$cur\"))" }
        func values(_ kind: OptionDefinition.Kind, _ choices: [String]) -> String {
            if !choices.isEmpty { return words(choices) }
            switch kind {
            case .file: return "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))"
            case .directory: return "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"))"
            case .other: return ":"
            }
        }
        var s = """
            # bash completion for indoornav, made by `indoornav completions bash` from the commands' definitions.
            _indoornav() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} key=${COMP_WORDS[1]}
                COMPREPLY=()
                if ((COMP_CWORD == 1)); then
                    \(words(definitions.compactMap(\.path.first) + ["help", "--help", "--version"]))
                    return
                fi
                case $key in
                    help) ((COMP_CWORD == 2)) && \(words(definitions.compactMap(\.path.first))); return ;;

            """
        for group in definitions where !group.subcommands.isEmpty {
            s += """
                        \(group.path.joined(separator: " ")))
                            if ((COMP_CWORD == 2)); then \(words(group.subcommands.compactMap(\.path.last) + ["--help"])); return; fi
                            key="$key ${COMP_WORDS[2]}" ;;

                """
        }
        s += "    esac\n    case $key in\n"
        for leaf in definitions.flatMap(\.leaves) {
            s += "        \"\(leaf.path.joined(separator: " "))\")\n            case $prev in\n"
            for option in leaf.options where option.arity == .value {
                s += "                \(option.names.joined(separator: "|"))) \(values(option.kind, option.choices)); return ;;\n"
            }
            s += "            esac\n"
            s += "            if [[ $cur == -* ]]; then \(words(leaf.options.flatMap(\.names) + ["--help"]))\n"
            if let operand = leaf.operand { s += "            else \(values(operand.kind, operand.choices))\n" }
            s += "            fi ;;\n"
        }
        s += "    esac\n}\ncomplete -F _indoornav indoornav"
        return s
    }

    static func zsh(_ definitions: [CommandDefinition]) -> String {
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        func described(_ items: [CommandDefinition]) -> String {
            items.map { quoted(($0.path.last ?? "") + ":" + brief($0.abstract).replacingOccurrences(of: ":", with: "\\:")) }
                .joined(separator: " ")
        }
        func action(_ kind: OptionDefinition.Kind, _ choices: [String]) -> String {
            if !choices.isEmpty { return "(" + choices.joined(separator: " ") + ")" }
            switch kind {
            case .file: return "_files"
            case .directory: return "_files -/"
            case .other: return " "
            }
        }
        func message(_ text: String) -> String { text.replacingOccurrences(of: ":", with: "\\:") }
        var s = """
            #compdef indoornav
            # zsh completion for indoornav, made by `indoornav completions zsh` from the commands' definitions.
            _indoornav() {
                local -a items
                local key=$words[2] shift=1
                if (( CURRENT == 2 )); then
                    items=(\(described(definitions)) 'help:a command'\\''s help')
                    _describe -t commands command items
                    compadd -- --help --version
                    return
                fi
                case $key in
                    help) (( CURRENT == 3 )) && items=(\(described(definitions))) && _describe -t commands command items; return ;;

            """
        for group in definitions where !group.subcommands.isEmpty {
            s += """
                        \(group.path.joined(separator: " ")))
                            if (( CURRENT == 3 )); then items=(\(described(group.subcommands))); _describe -t commands subcommand items; return; fi
                            key="$key $words[3]"; shift=2 ;;

                """
        }
        s += """
                esac
                words=("${(@)words[shift+1,-1]}")
                (( CURRENT -= shift ))
                case $key in

            """
        for leaf in definitions.flatMap(\.leaves) {
            var specs: [String] = []
            for option in leaf.options {
                let help = brief(option.help).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
                    .replacingOccurrences(of: "]", with: "\\]")
                for name in option.names {
                    let value = switch option.arity {
                    case .flag: ""
                    case .value: ":" + message(option.placeholder) + ":" + action(option.kind, option.choices)
                    case .optionalValue: "::" + message(option.placeholder) + ":" + action(option.kind, option.choices)
                    }
                    specs.append(quoted((option.repeatable ? "*" : "") + name + "[" + help + "]" + value))
                }
            }
            specs.append(quoted("--help[Show help]"))
            if let operand = leaf.operand { specs.append(quoted(":" + message(operand.name) + ":" + action(operand.kind, operand.choices))) }
            s += "        \(quoted(leaf.path.joined(separator: " ")))) _arguments -s \\\n            "
                + specs.joined(separator: " \\\n            ") + " ;;\n"
        }
        s += "    esac\n}\n_indoornav \"$@\""
        return s
    }

    static func fish(_ definitions: [CommandDefinition]) -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
        func values(_ kind: OptionDefinition.Kind, _ choices: [String]) -> String {
            if !choices.isEmpty { return " -x -a " + quoted(choices.joined(separator: " ")) }
            switch kind {
            case .file: return " -r -F"
            case .directory: return " -x -a '(__fish_complete_directories)'"
            case .other: return " -x"
            }
        }
        let top = definitions.compactMap(\.path.first)
        var lines = [
            "# fish completion for indoornav, made by `indoornav completions fish` from the commands' definitions.",
            "complete -c indoornav -f",
            "complete -c indoornav -n __fish_use_subcommand -l help -d 'Show help'",
            "complete -c indoornav -n __fish_use_subcommand -l version -d 'Show the version'",
            "complete -c indoornav -n __fish_use_subcommand -a help -d " + quoted("Show a command's help"),
            "complete -c indoornav -n '__fish_seen_subcommand_from help' -a " + quoted(top.joined(separator: " ")),
        ]
        for definition in definitions {
            lines.append("complete -c indoornav -n __fish_use_subcommand -a \(definition.path[0]) -d " + quoted(brief(definition.abstract)))
            let names = definition.subcommands.compactMap(\.path.last).joined(separator: " ")
            for sub in definition.subcommands {
                lines.append("complete -c indoornav -n " + quoted("__fish_seen_subcommand_from \(definition.path[0]); and not __fish_seen_subcommand_from \(names)")
                             + " -a \(sub.path.last ?? "") -d " + quoted(brief(sub.abstract)))
            }
        }
        for leaf in definitions.flatMap(\.leaves) {
            let condition = quoted(leaf.path.map { "__fish_seen_subcommand_from \($0)" }.joined(separator: "; and "))
            for option in leaf.options {
                let switches = option.names.map { $0.hasPrefix("--") ? "-l " + $0.dropFirst(2) : "-s " + $0.dropFirst() }.joined(separator: " ")
                let value = option.arity == .flag ? "" : values(option.kind, option.choices)
                lines.append("complete -c indoornav -n \(condition) \(switches)\(value) -d " + quoted(brief(option.help)))
            }
            if let operand = leaf.operand, operand.kind == .file || !operand.choices.isEmpty {
                lines.append("complete -c indoornav -n \(condition)" + (operand.choices.isEmpty ? " -F" : values(operand.kind, operand.choices)))
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// indoornav(1), in roff (man(7) macros).
enum ManualPage {
    /// Text for roff: backslashes and hyphens escaped, other than ASCII as `\[uXXXX]` (troff reads bytes), no line
    /// starting with a control character.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            .unicodeScalars.map { $0.isASCII ? String($0) : String(format: "\\[u%04X]", $0.value) }.joined()
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }.joined(separator: "\n")
    }

    /// Paragraphs: prose is filled; a paragraph with indented lines (a table) is kept as it is.
    static func paragraphs(_ text: String) -> String {
        text.components(separatedBy: "\n\n").map { paragraph in
            paragraph.split(separator: "\n").contains { $0.hasPrefix(" ") }
                ? ".PP\n.nf\n" + escaped(paragraph) + "\n.fi"
                : ".PP\n" + escaped(paragraph)
        }.joined(separator: "\n")
    }

    static func roff(_ definitions: [CommandDefinition], version: String) -> String {
        var s = """
            .TH INDOORNAV 1 "" "indoornav \(version)" "User Commands"
            .SH NAME
            indoornav \\- \(escaped(tagline))
            .SH SYNOPSIS
            .B indoornav
            .I command
            .RI [ options ]
            .br
            .B indoornav help
            .I command
            .br
            .B indoornav \\-\\-help
            |
            .B \\-\\-version
            .SH DESCRIPTION
            \(paragraphs(venueNote))
            .PP
            Results go to standard output, progress and errors to standard error.
            Every command takes
            .B \\-\\-help
            (or
            .BR \\-h ).
            .SH COMMANDS

            """
        for leaf in definitions.flatMap(\.leaves) {
            s += ".SS \"\(escaped(leaf.fullName))\"\n"
            s += ".B \(escaped(leaf.fullName))\n" + escaped(leaf.synopsis.replacingOccurrences(of: "\n", with: " ")) + "\n"
            s += ".PP\n" + escaped(leaf.abstract) + "\n"
            if !leaf.discussion.isEmpty { s += paragraphs(leaf.discussion) + "\n" }
            for group in leaf.groups {
                s += ".PP\n\(escaped(group.title)):\n"
                for option in group.options {
                    let value = switch option.arity {
                    case .flag: ""
                    case .value: " \\fI" + escaped(option.placeholder) + "\\fR"
                    case .optionalValue: " [\\fI" + escaped(option.placeholder) + "\\fR]"
                    }
                    s += ".TP\n" + option.names.map { "\\fB" + escaped($0) + "\\fR" }.joined(separator: ", ") + value + "\n"
                    s += escaped(option.help) + "\n"
                }
            }
            if !leaf.epilogue.isEmpty { s += paragraphs(leaf.epilogue) + "\n" }
        }
        s += """
            .SH EXIT STATUS
            .TP
            .B 0
            Success.
            .TP
            .B 1
            Failure, or errors found (venue validate), or no arrival (follow \\-\\-to).
            .TP
            .B 2
            Usage error: an unknown command or option, a missing or malformed argument.
            .TP
            .B 129, 130, 143
            Stopped by SIGHUP, SIGINT or SIGTERM (follow, simulate).
            .SH EXAMPLES
            .nf
            \(escaped("""
                indoornav venue info --venue venues/imdf-spbstu-polytech --lang ru
                indoornav search toilet --near "Relay" --limit 3
                indoornav route --from "Relay" --to "Page Blanche Bookshop" --profile accessible --lang fr
                indoornav render --from "Café Müller" --to "Page Blanche Bookshop" --style dark -o route.png
                indoornav follow --gpx walk.gpx --speed max --to "Relay" --json
                indoornav serve --venue venues/imdf-spbstu-polytech --listen :8080
                indoornav completions bash > ~/.local/share/bash-completion/completions/indoornav
                """))
            .fi
            .SH SEE ALSO
            .BR gpsd (8),
            .BR gpspipe (1)
            """
        return s
    }
}
