import Foundation

/// Folds text for matching, the same way for what is indexed and what is typed: Unicode compatibility
/// decomposition (NFKD), diacritics removed, case folded, a few letters spelled as people type them
/// (`ß` → `ss`, `æ` → `ae`, `ø` → `o`, `ł` → `l`), then split into tokens of letters and digits. Latin, Cyrillic,
/// Greek and other scripts are kept; punctuation and control characters separate tokens.
///
/// A token that mixes letters and digits ("A1605", "E023") also yields its letter and digit runs ("a", "1605"),
/// so room numbers match however they are typed.
public enum TextNormalizer {
    /// The longest token kept, in Unicode scalars (longer runs are cut): absurd input stays cheap.
    public static let maximumTokenLength = 48
    /// The most tokens read from one text.
    public static let maximumTokens = 64

    /// The folded form of `text`: lowercase, no diacritics.
    public static func fold(_ text: String) -> String {
        // ASCII needs no decomposition: lowercase it directly (most names and nearly every query).
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        var out = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            // Marks start at U+0300; below, no scalar needs the (slower) category lookup.
            if scalar.value >= 0x300 {
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: continue
                default: break
                }
            }
            switch scalar {
            case "ß": out.append(contentsOf: "ss".unicodeScalars)
            case "æ", "Æ": out.append(contentsOf: "ae".unicodeScalars)
            case "œ", "Œ": out.append(contentsOf: "oe".unicodeScalars)
            case "ø", "Ø": out.append("o")
            case "ł", "Ł": out.append("l")
            case "đ", "Đ": out.append("d")
            case "ı": out.append("i")
            default:
                for lower in scalar.properties.lowercaseMapping.unicodeScalars { out.append(lower) }
            }
        }
        return String(out)
    }

    /// The tokens of `text`, in order, with the letter and digit runs of mixed tokens after each.
    public static func tokens(_ text: String) -> [String] {
        tokensAndRuns(text).map(\.text)
    }

    /// A token of a text, or a letter or digit run of a mixed one (``tokensAndRuns(_:runs:)``).
    public struct Token: Hashable, Sendable {
        /// The folded token.
        public let text: String
        /// Whether it is a run of a mixed token ("a" and "1605" of "a1605") rather than a whole one.
        public let isRun: Bool
    }

    /// The tokens of `text` in order; with `runs`, each mixed token is followed by its letter and digit runs
    /// (marked `isRun`).
    public static func tokensAndRuns(_ text: String, runs includeRuns: Bool = true) -> [Token] {
        var tokens: [Token] = []
        var current = String.UnicodeScalarView()
        func flush() {
            guard !current.isEmpty, tokens.count < maximumTokens else { current = String.UnicodeScalarView(); return }
            // Capped in Unicode scalars (what the index measures), not Characters: a Hangul syllable is one
            // Character but three scalars once decomposed.
            let token = String(String.UnicodeScalarView(current.prefix(maximumTokenLength)))
            tokens.append(Token(text: token, isRun: false))
            let runs = splitRuns(token)
            if includeRuns, runs.count > 1 { tokens += runs.map { Token(text: $0, isRun: true) } }
            current = String.UnicodeScalarView()
        }
        // Folding a huge input is bounded: only the start of an absurdly long text is read.
        for scalar in fold(String(text.prefix(4096))).unicodeScalars {
            if isWordCharacter(scalar) {
                current.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        return tokens
    }

    /// Whether a scalar belongs to a token: a letter or a digit of any script.
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x80
            ? (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A)
            : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// "a1605" → ["a", "1605"]; "r2b" → ["r", "2", "b"]; a pure token → [itself].
    static func splitRuns(_ token: String) -> [String] {
        var runs: [String] = []
        var run = ""
        var digits: Bool?
        for ch in token {
            let isDigit = ch.isNumber
            if let d = digits, d != isDigit {
                runs.append(run)
                run = ""
            }
            run.append(ch)
            digits = isDigit
        }
        if !run.isEmpty { runs.append(run) }
        return runs
    }
}
