import Foundation
import IndoorBase
import IndoorGeometry

/// Why an ``AsciiVenue`` drawing cannot be turned into a venue. Errors in a drawing name its level ordinal, the
/// 1-based line of that level's drawing (line 1 is its top line, row 0) and the 1-based column (column 1 is
/// col 0): the place to look in the source, whereas feature ids use 0-based `col`/`row`.
public enum AsciiVenueError: Error, Equatable, Sendable {
    /// A character that is not `.`, a space, `#` or an ASCII letter.
    case unexpectedCharacter(Character, level: Double, line: Int, column: Int)
    /// A cell of `letter` not 4-connected to the letter's first cell (in reading order) on that level: each letter
    /// of a level is one space, drawn in one piece (cells touching only at a corner are not connected).
    case disconnectedSpace(letter: Character, level: Double, line: Int, column: Int)
    /// A lowercase (door) cell none of whose four neighbours belongs to another space or to the outside.
    case doorWithoutNeighbour(letter: Character, level: Double, line: Int, column: Int)
    /// The cell size is not a positive, finite number of metres.
    case invalidCellSize(Double)
    /// A level ordinal that is not finite.
    case invalidLevelOrdinal(Double)
    /// No level was drawn.
    case noLevels
    /// A letter given in a parameter (`walkways`, `connectors`, `downEscalators`, `names`, `nonPublic`) is not an
    /// uppercase ASCII letter.
    case invalidLetter(Character, parameter: String)
    /// A letter of `downEscalators` that `connectors` does not declare an escalator.
    case notAnEscalator(Character)
    /// A geometry could not be built or converted to WGS84 (a drawing so large, or a cell so big, that it
    /// leaves the frame's domain).
    case geometry(GeometryError)
}

extension AsciiVenueError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unexpectedCharacter(let c, let level, let line, let column):
            "\(Self.place(level, line, column)): unexpected character \(Self.quoted(c)) (use '.' or ' ' for outside, '#' for an obstacle, A–Z for a space, a–z for a door)"
        case .disconnectedSpace(let letter, let level, let line, let column):
            "\(Self.place(level, line, column)): this cell of space \(letter) is not connected to its other cells (every letter of a level is one space, drawn in one 4-connected piece)"
        case .doorWithoutNeighbour(let letter, let level, let line, let column):
            "\(Self.place(level, line, column)): door cell \(Self.quoted(letter)) has no neighbour in another space or outside to open onto"
        case .invalidCellSize(let size):
            "the cell size must be a positive number of metres, not \(size)"
        case .invalidLevelOrdinal(let ordinal):
            "a level ordinal must be a finite number, not \(ordinal)"
        case .noLevels:
            "no level was drawn"
        case .invalidLetter(let letter, let parameter):
            "\(parameter) names \(Self.quoted(letter)), which is not an uppercase letter A–Z"
        case .notAnEscalator(let letter):
            "downEscalators names \(letter), which connectors does not declare an escalator"
        case .geometry(let error):
            "cannot build the venue's geometry: \(error.localizedDescription)"
        }
    }

    private static func place(_ level: Double, _ line: Int, _ column: Int) -> String {
        "level \(AsciiVenue.ordinalText(level)), line \(line), column \(column)"
    }

    private static func quoted(_ c: Character) -> String {
        c.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.value < 0x20 }
            ? c.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            : "'\(c)'"
    }
}
