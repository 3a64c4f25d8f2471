import Foundation
import IndoorFuzzing
import Testing

/// Every input that ever crashed a fuzz target (`tools/fuzz/regressions/TARGET/`), and the seeds, replayed: the
/// parsers must take them without trapping.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func inputs(_ target: FuzzTarget) -> [URL] {
        let dir = root.appendingPathComponent("tools/fuzz/regressions/\(target.rawValue)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// A value, or an error that says what is wrong: not empty, not Foundation's placeholder for an error that
    /// has no description, and not a Swift type dump.
    static func isValueOrCleanError(_ outcome: FuzzOutcome) -> Bool {
        switch outcome {
        case .value(let summary): !summary.isEmpty
        case .error(let message):
            !message.isEmpty && !message.contains("could not be completed") && !message.contains("couldn’t be completed")
                && !message.contains("Error(")
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyCrashIsFixed(target: FuzzTarget) throws {
        for input in Self.inputs(target) {
            let outcome = target.outcome(try Data(contentsOf: input))
            #expect(Self.isValueOrCleanError(outcome), "\(input.lastPathComponent): \(outcome)")
        }
    }

    /// The input that crashed FoundationXML (a comment of bytes that are not UTF-8) is read past its comments to
    /// the node it really gets wrong, and refused with that node's line.
    @Test func theFoundationXMLCrashIsRefusedWithItsLine() throws {
        let input = Self.root.appendingPathComponent("tools/fuzz/regressions/osm/comment-crash-foundationxml.osm")
        guard case .error(let message) = FuzzTarget.osm.outcome(try Data(contentsOf: input)) else {
            Issue.record("a venue was made of a file with a node that has no valid position")
            return
        }
        #expect(message.contains("line 121: node 12 has no valid lat/lon"), "\(message)")
    }

    /// The harness itself on small inputs of every kind (empty, one byte, garbage), so a broken target shows here
    /// and not only under libFuzzer.
    @Test(arguments: FuzzTarget.allCases)
    func smallInputs(target: FuzzTarget) {
        for input in [Data(), Data([0]), Data([0xFF]), Data("$GPGGA,123519,4807.038,N*47\r\n".utf8), Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) })] {
            let outcome = target.outcome(input)
            #expect(Self.isValueOrCleanError(outcome), "\(input.count) bytes: \(outcome)")
        }
    }
}
