import Foundation

/// The executables SwiftPM built for the tests, found beside the test bundle (or in `.build/debug`).
public enum BuiltProduct {
    /// The repository's root, from this file's place in it.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The executable `name` (`indoornav`) SwiftPM built beside the test bundle.
    public static func executable(_ name: String) -> URL {
        let besideRunner = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [besideRunner, besideRunner.deletingLastPathComponent(), root.appendingPathComponent(".build/debug")] {
            let candidate = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return root.appendingPathComponent(".build/debug/\(name)")
    }
}
