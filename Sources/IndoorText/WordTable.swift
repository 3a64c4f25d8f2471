import Foundation

/// Words held as data: a JSON file compiled into the module (`Words/*.json`), its `words` object keyed by language,
/// then by key (`{"comment": …, "words": {"en": {"turn.left": "Turn left", …}, "fr": {…}}}`). The phrasebook and the
/// web map's words are both kept this way, so a translator edits one form of file.
enum WordTable {
    /// The words of a compiled-in file, by language then key; empty if it does not decode, which the tests of each
    /// table catch.
    static func decode(_ bytes: [UInt8]) -> [String: [String: String]] {
        struct File: Decodable { let words: [String: [String: String]] }
        return (try? JSONDecoder().decode(File.self, from: Data(bytes)))?.words ?? [:]
    }
}

/// A phrase with placeholders, `"Take {connector} up {levels} to {to}"`, split once into its text and its slots so
/// that saying it is a walk over the pieces.
struct Template: Sendable {
    enum Piece: Sendable {
        case text(String)
        case slot(String)
    }

    let pieces: [Piece]

    /// The phrase's pieces; a `{` without its `}` is text.
    init(_ phrase: String) {
        var pieces: [Piece] = []
        var rest = Substring(phrase)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.text(String(rest[..<open]))) }
            pieces.append(.slot(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        self.pieces = pieces
    }

    /// The names of its placeholders.
    var slots: Set<String> {
        Set(pieces.compactMap { if case .slot(let name) = $0 { name } else { nil } })
    }

    /// The phrase with each placeholder replaced by its value; a placeholder without one stays as written
    /// (`{name}`), so that a mistake in the data shows rather than vanishes.
    func filled(_ values: KeyValuePairs<String, String>) -> String {
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let t): text += t
            case .slot(let name): text += values.first { $0.key == name }?.value ?? "{\(name)}"
            }
        }
        return text
    }
}
