// swift-tools-version:6.0
// IndoorNav — an open-source toolkit for indoor navigation on Linux.
//
// Modules depend in one direction only, from the CLI down to values:
//   indoornav → IndoorServer (CMicroHTTPD, CZlib) → IndoorCore → IndoorNavigation, IndoorRender → IndoorRouting, IndoorSearch → IndoorVenue (CZip, CZlib)
//     → IndoorGeometry → (CGEOS, CPROJ)
// C libraries are reached only through the `systemLibrary` wrappers below, imported `internal`ly by exactly one
// Swift module each; no C type appears in a public API.
import PackageDescription

let package = Package(
    name: "IndoorNav",
    products: [
        .executable(name: "indoornav", targets: ["indoornav"]),
        .library(name: "IndoorGeometry", targets: ["IndoorGeometry"]),
        .library(name: "IndoorVenue", targets: ["IndoorVenue"]),
        .library(name: "IndoorSearch", targets: ["IndoorSearch"]),
        .library(name: "IndoorRouting", targets: ["IndoorRouting"]),
        .library(name: "IndoorRender", targets: ["IndoorRender"]),
        .library(name: "IndoorLocation", targets: ["IndoorLocation"]),
        .library(name: "IndoorNavigation", targets: ["IndoorNavigation"]),
        // The use cases every front end calls (the CLI, the service, the web map), on a venue prepared once.
        .library(name: "IndoorCore", targets: ["IndoorCore"]),
        // The HTTP service: the core's use cases over a versioned JSON API (`indoornav serve`).
        .library(name: "IndoorServer", targets: ["IndoorServer"]),
        // The parsers as functions of bytes, for the libFuzzer harness in tools/fuzz (a package of its own).
        .library(name: "IndoorFuzzing", targets: ["IndoorFuzzing"]),
    ],
    targets: [
        // C libraries from Debian, found through pkg-config.
        .systemLibrary(name: "CGEOS", pkgConfig: "geos", providers: [.apt(["libgeos-dev"])]),
        .systemLibrary(name: "CPROJ", pkgConfig: "proj", providers: [.apt(["libproj-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        // zlib: the deflated blobs of OSM PBF files.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libmicrohttpd: the HTTP service's server (thread pool + epoll).
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // SQLite FTS5: only the search benchmark's peer.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        // Values and GEOS/PROJ-backed geometry in the venue's local metric frame.
        .target(name: "IndoorGeometry", dependencies: ["CGEOS", "CPROJ"]),
        // Venue → building → level model, IMDF and OSM loaders, validation.
        .target(name: "IndoorVenue", dependencies: ["IndoorGeometry", "CZip", "CZlib"]),
        // POI search: multilingual, typo-tolerant, ranked by distance.
        .target(name: "IndoorSearch", dependencies: ["IndoorVenue"]),
        // Location providers: positions and headings from NMEA receivers, GPX tracks and simulated sensors.
        .target(
            name: "IndoorLocation", dependencies: ["IndoorGeometry"],
            exclude: ["Heading/WMM-NOTICE.txt"], resources: [.embedInCode("Heading/WMM_2025.COF")]),
        // Routing: venue → navigation graph (Build), A* (Query), legs and steps (Itinerary).
        .target(name: "IndoorRouting", dependencies: ["IndoorVenue"]),
        // The navigation engine: map matching, progress, off-route and reroutes, the camera, session simulation.
        .target(name: "IndoorNavigation", dependencies: ["IndoorRouting", "IndoorSearch", "IndoorLocation"]),
        // The route overlay renderer: levels, routes and the user puck to PNG, SVG and PDF (Cairo).
        .target(name: "IndoorRender", dependencies: ["IndoorRouting", "CCairo"]),
        // The use cases on a prepared venue, with Codable requests and responses: the one API under every front end.
        .target(name: "IndoorCore", dependencies: ["IndoorNavigation", "IndoorRender", "IndoorSampleVenue"]),
        // The HTTP service: venues prepared once, served to many clients (libmicrohttpd; zlib for gzip).
        .target(name: "IndoorServer", dependencies: ["IndoorCore", "CMicroHTTPD", "CZlib"]),
        // The demonstration venue compiled into the binary (the default when --venue is omitted).
        .target(
            name: "IndoorSampleVenue",
            dependencies: ["IndoorVenue"],
            resources: [.embedInCode("transit-hub")]
        ),
        // Test support: venues drawn in ASCII, for routing tests (OSRM-style); pseudo-terminal pairs for serial ports.
        .target(name: "IndoorTestSupport", dependencies: ["IndoorVenue", "IndoorRouting"]),
        // Every parser that input reaches, as a function of bytes: fuzzed by tools/fuzz, replayed by the tests.
        .target(name: "IndoorFuzzing", dependencies: ["IndoorLocation", "IndoorVenue", "IndoorSearch", "IndoorSampleVenue", "IndoorServer"]),
        // The command-line tool: parses arguments, calls the core, prints.
        .executableTarget(name: "indoornav", dependencies: ["IndoorCore", "IndoorLocation", "IndoorServer"]),

        // Benchmarks: the Swift side of tools/bench (the scripts there run the peers side by side).
        .executableTarget(
            name: "indoornav-bench", dependencies: ["IndoorGeometry", "IndoorSearch", "IndoorRouting", "IndoorRender", "IndoorLocation", "IndoorNavigation", "IndoorSampleVenue", "IndoorTestSupport", "CSQLite"],
            path: "tools/bench/swift"),

        // The procedural venue generator's command line, wrapped by tools/venues/generate.
        .executableTarget(name: "indoornav-generate", dependencies: ["IndoorTestSupport", "IndoorGeometry"], path: "tools/venues/swift"),

        .testTarget(name: "IndoorGeometryTests", dependencies: ["IndoorGeometry", "IndoorTestSupport"]),
        // Test fixtures are read from the source tree (found from #filePath), not bundled.
        .testTarget(name: "IndoorVenueTests", dependencies: ["IndoorVenue", "IndoorSampleVenue", "IndoorTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "IndoorSearchTests", dependencies: ["IndoorSearch", "IndoorSampleVenue"], exclude: ["Fixtures"]),
        .testTarget(name: "IndoorRoutingTests", dependencies: ["IndoorRouting", "IndoorTestSupport", "IndoorSampleVenue"]),
        .testTarget(
            name: "IndoorRenderTests", dependencies: ["IndoorRender", "IndoorTestSupport", "IndoorSampleVenue"],
            exclude: ["References"]),
        .testTarget(name: "IndoorLocationTests", dependencies: ["IndoorLocation", "IndoorGeometry", "IndoorTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "IndoorNavigationTests", dependencies: ["IndoorNavigation", "IndoorSearch", "IndoorSampleVenue", "IndoorTestSupport"]),
        .testTarget(name: "IndoorCoreTests", dependencies: ["IndoorCore"]),
        // Starts the service on loopback and compares its answers with the CLI's.
        .testTarget(name: "IndoorServerTests", dependencies: ["IndoorServer", "indoornav", "IndoorTestSupport"]),
        .testTarget(name: "IndoornavTests", dependencies: ["indoornav", "IndoorTestSupport"]),
        .testTarget(name: "IndoorTestSupportTests", dependencies: ["IndoorTestSupport"]),
        // Every input a fuzzer crashed on (tools/fuzz/regressions/TARGET/), replayed.
        .testTarget(name: "IndoorFuzzingTests", dependencies: ["IndoorFuzzing"]),
    ],
    swiftLanguageModes: [.v6]
)
