// swift-tools-version:6.0
// An example of IndoorNav used as a library, through its core API only: route, search, a map that answers taps,
// and a simulated walk through the navigation engine with the map view's state following it. Run it with
// `swift run --package-path Examples`.
import PackageDescription

let package = Package(
    name: "IndoorNavExamples",
    dependencies: [.package(name: "IndoorNav", path: "..")],
    targets: [
        .executableTarget(name: "WalkThrough", dependencies: [.product(name: "IndoorCore", package: "IndoorNav")]),
    ],
    swiftLanguageModes: [.v6]
)
