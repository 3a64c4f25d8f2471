import Foundation
import IndoorBase
import IndoorTestSupport
import Testing

/// IndoorLocation builds on IndoorBase alone: no C library reaches it, so an app that only reads positions links
/// neither GEOS nor PROJ. The manifest is what decides that (an `import IndoorGeometry` it does not declare fails to
/// compile: "missing required modules: 'CGEOS', 'CPROJ'"), so the test reads the manifest as SwiftPM evaluates it
/// (`swift package dump-package`) and follows every target dependency down.
@Suite(.enabled(if: TestTier.integration)) struct ModuleBoundaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The package's targets as `swift package dump-package` gives them: name → (type, dependencies by name, the
    /// folder of its sources when the manifest names one).
    static func targets() async throws -> [String: (type: String, dependencies: [String], path: String?)] {
        let scratch = NSTemporaryDirectory() + "indoornav-dump-\(UUID().uuidString)"
        let output = scratch + ".json", errors = scratch + ".err"
        defer {
            for path in [scratch, output, errors] { try? FileManager.default.removeItem(atPath: path) }
        }
        for path in [output, errors] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch directory of its own, so as not to wait on the lock of the build that runs this test.
        process.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch, "dump-package"]
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        #expect(await waitForExit(process, limit: .seconds(120)), "swift package dump-package did not finish")
        let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        try #require(process.terminationStatus == 0, "swift package dump-package failed: \(message)")
        let manifest = try JSONParser().parse(try Data(contentsOf: URL(fileURLWithPath: output))).value
        var targets: [String: (type: String, dependencies: [String], path: String?)] = [:]
        for target in manifest["targets"]?.arrayValue ?? [] {
            guard let name = target["name"]?.stringValue, let type = target["type"]?.stringValue else { continue }
            // Each dependency is {"byName": [name, condition]}, {"target": [...]} or {"product": [...]}.
            let dependencies = (target["dependencies"]?.arrayValue ?? []).compactMap { dependency in
                dependency.objectValue?.values.first?.arrayValue?.first?.stringValue
            }
            targets[name] = (type, dependencies, target["path"]?.stringValue)
        }
        return targets
    }

    @Test func indoorLocationReachesNoCLibrary() async throws {
        let targets = try await Self.targets()
        try #require(targets["IndoorLocation"] != nil, "no IndoorLocation target in \(targets.keys.sorted())")
        var reached: Set<String> = []
        var pending = ["IndoorLocation"]
        while let name = pending.popLast() {
            guard reached.insert(name).inserted, let target = targets[name] else { continue }
            pending += target.dependencies
        }
        let systemLibraries = reached.filter { targets[$0]?.type == "system" }.sorted()
        #expect(systemLibraries.isEmpty, "IndoorLocation reaches \(systemLibraries) through \(reached.sorted())")
        #expect(!reached.contains("IndoorGeometry"), "IndoorLocation depends on IndoorGeometry, so on GEOS and PROJ")
        #expect(reached.contains("IndoorBase"))
    }

    /// The front ends (the command line, the HTTP service) stop at IndoorCore: they depend on no lower module, the
    /// service only on its own C wrapper and compression beside it, and nothing re-exports a module
    /// (`@_exported`), so the lower modules' types they name are the ones IndoorCore's API lists (CoreTypes.swift).
    @Test func theFrontEndsReachTheLowerModulesOnlyThroughIndoorCore() async throws {
        let targets = try await Self.targets()
        let allowed: [String: Set<String>] = ["indoornav": ["IndoorCore", "IndoorServer"],
                                              "IndoorServer": ["IndoorCore", "IndoorCompression", "CMicroHTTPD"]]
        for (name, modules) in allowed {
            let target = try #require(targets[name], "no \(name) target")
            #expect(Set(target.dependencies).isSubset(of: modules), "\(name) depends on \(target.dependencies.sorted())")
        }
        var reexports: [String] = []
        let sources = Self.root.appendingPathComponent("Sources")
        for file in FileManager.default.enumerator(atPath: sources.path)?.compactMap({ $0 as? String }) ?? [] where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            if text.split(separator: "\n").contains(where: { $0.hasPrefix("@_exported") }) { reexports.append(file) }
        }
        #expect(reexports.isEmpty, "re-exported modules in \(reexports)")
    }

    /// Every module of the package that a target's sources import is one its manifest entry declares: a module
    /// reached only through another's dependencies compiles today and breaks the day that other drops it, and the
    /// manifest stops saying what depends on what.
    @Test func everyImportOfAPackageModuleIsDeclared() async throws {
        let targets = try await Self.targets()
        var undeclared: [String] = []
        for (name, target) in targets where target.type != "system" {
            let folder = Self.root.appendingPathComponent(target.path ?? ((target.type == "test" ? "Tests/" : "Sources/") + name))
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    // `import M`, with any attribute or access level before it.
                    let words = line.split(separator: " ")
                    guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                          words[..<at].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal", "private", "fileprivate"].contains($0) })
                    else { continue }
                    let module = String(words[at + 1])
                    if module != name, targets[module] != nil, !target.dependencies.contains(module) {
                        undeclared.append("\(name) imports \(module) (\(file))")
                    }
                }
            }
        }
        #expect(undeclared.isEmpty, "\(undeclared.count) imports not declared in Package.swift: \(undeclared.sorted().joined(separator: "; "))")
    }
}
