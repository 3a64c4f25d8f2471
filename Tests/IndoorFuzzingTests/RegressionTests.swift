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

    @Test(arguments: FuzzTarget.allCases)
    func everyCrashIsFixed(target: FuzzTarget) throws {
        for input in Self.inputs(target) {
            target.run(try Data(contentsOf: input))
        }
    }

    /// The harness itself on small inputs of every kind (empty, one byte, garbage), so a broken target shows here
    /// and not only under libFuzzer.
    @Test(arguments: FuzzTarget.allCases)
    func smallInputs(target: FuzzTarget) {
        for input in [Data(), Data([0]), Data([0xFF]), Data("$GPGGA,123519,4807.038,N*47\r\n".utf8), Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) })] {
            target.run(input)
        }
    }
}
