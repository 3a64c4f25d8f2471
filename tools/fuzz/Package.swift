// swift-tools-version:6.0
// The libFuzzer harness: a package of its own, because it is built with `--sanitize fuzzer --sanitize address`
// (libFuzzer supplies `main`) and must not be part of the project's normal build. Run it with tools/fuzz/run.
import PackageDescription

let package = Package(
    name: "IndoorNavFuzz",
    dependencies: [.package(name: "IndoorNav", path: "../..")],
    targets: [
        // One binary for every target; INDOORNAV_FUZZ_TARGET picks which (nmea, gpx, imdf, osm, pbf, place, search, query).
        .executableTarget(
            name: "fuzz", dependencies: [.product(name: "_IndoorFuzzing", package: "IndoorNav")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ],
    swiftLanguageModes: [.v6]
)
