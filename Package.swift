// swift-tools-version:6.0
// IndoorNav — an open-source toolkit for indoor navigation on Linux.
//
// Modules depend in one direction only, from the CLI down to values (→ reads "depends on"):
//   indoornav                   → IndoorServer, IndoorCore (the use cases)
//   IndoorServer                → IndoorCore, IndoorCompression, (CMicroHTTPD)
//   IndoorCore                  → IndoorText, IndoorRender, IndoorSampleVenue; the front ends above name
//                                 the lower modules' types only through it (CoreTypes.swift)
//   IndoorText                  → IndoorNavigation: every word said (instructions, guidance, reports), in
//                                 en/fr/de/ru; nothing below it takes a language or holds an instruction
//   IndoorNavigation            → IndoorRouting, IndoorSearch, IndoorLocation
//   IndoorRender                → IndoorText (its labels' words), IndoorCompression, (CCairo)
//   IndoorRouting, IndoorSearch → IndoorVenue → IndoorGeometry → IndoorBase
//   IndoorVenue → IndoorCompression, (CZip);  IndoorGeometry → (CGEOS, CPROJ);  IndoorCompression → (CZlib)
//   IndoorLocation              → IndoorBase only: it links neither GEOS nor PROJ (IndoorLocationTests checks so).
// IndoorBase has no C and no dependency: coordinates and RFC 7946 geometries, point-in-polygon, the JSON and XML
// parsers, decimal numbers as bytes, the seeded generator.
// C libraries are reached only through the `systemLibrary` wrappers below, imported `internal`ly by one Swift module
// each (zlib, for now, by three: IndoorVenue inflates PBF blobs, IndoorServer gzips answers, IndoorRender deflates
// PNG image data); no C type appears in a public API.
import PackageDescription

let package = Package(
    name: "IndoorNav",
    products: [
        .executable(name: "indoornav", targets: ["indoornav"]),
        .library(name: "IndoorBase", targets: ["IndoorBase"]),
        .library(name: "IndoorGeometry", targets: ["IndoorGeometry"]),
        .library(name: "IndoorVenue", targets: ["IndoorVenue"]),
        .library(name: "IndoorSearch", targets: ["IndoorSearch"]),
        .library(name: "IndoorRouting", targets: ["IndoorRouting"]),
        .library(name: "IndoorRender", targets: ["IndoorRender"]),
        .library(name: "IndoorLocation", targets: ["IndoorLocation"]),
        .library(name: "IndoorNavigation", targets: ["IndoorNavigation"]),
        .library(name: "IndoorText", targets: ["IndoorText"]),
        // The use cases every front end calls (the CLI, the service, the web map), on a venue prepared once.
        .library(name: "IndoorCore", targets: ["IndoorCore"]),
        // The HTTP service: the core's use cases over a versioned JSON API (`indoornav serve`).
        .library(name: "IndoorServer", targets: ["IndoorServer"]),
        // Not library surface: the parsers as functions of bytes, for the libFuzzer harness in tools/fuzz. That
        // harness is a package of its own (it builds with --sanitize fuzzer, which supplies `main`), and another
        // package reaches a target only through a product; the underscore says "not API", as swift-nio's
        // `_NIOConcurrency` did. Test support (IndoorTestSupport) is no product at all.
        .library(name: "_IndoorFuzzing", targets: ["IndoorFuzzing"]),
    ],
    targets: [
        // C libraries from Debian, found through pkg-config.
        .systemLibrary(name: "CGEOS", pkgConfig: "geos", providers: [.apt(["libgeos-dev"])]),
        .systemLibrary(name: "CPROJ", pkgConfig: "proj", providers: [.apt(["libproj-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        // zlib: the deflated blobs of OSM PBF files, gzip for the service, PNG image data.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libmicrohttpd: the HTTP service's server (thread pool + epoll).
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // SQLite FTS5: only the search benchmark's peer.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        // C-free values and format plumbing: coordinates, geometries, point-in-polygon, JSON, XML, decimal numbers,
        // the seeded generator. No C library, no dependency.
        .target(name: "IndoorBase"),
        // GEOS/PROJ-backed geometry in the venue's local metric frame, GeoJSON, spatial indexes.
        .target(name: "IndoorGeometry", dependencies: ["IndoorBase", "CGEOS", "CPROJ"]),
        // zlib, wrapped once: inflating PBF blobs, gzipping the service's answers.
        .target(name: "IndoorCompression", dependencies: ["CZlib"]),
        // Venue → building → level model, IMDF and OSM loaders, validation.
        .target(name: "IndoorVenue", dependencies: ["IndoorBase", "IndoorGeometry", "IndoorCompression", "CZip"]),
        // POI search: multilingual, typo-tolerant, ranked by distance.
        .target(name: "IndoorSearch", dependencies: ["IndoorBase", "IndoorGeometry", "IndoorVenue"],
                resources: [.embedInCode("Vocabulary")]),
        // Location providers: positions and headings from NMEA receivers, GPX tracks and simulated sensors.
        .target(
            name: "IndoorLocation", dependencies: ["IndoorBase"],
            exclude: ["Heading/WMM-NOTICE.txt"], resources: [.embedInCode("Heading/WMM_2025.COF")]),
        // Routing: venue → navigation graph (Build), A* (Query), legs and steps (Itinerary).
        .target(name: "IndoorRouting", dependencies: ["IndoorBase", "IndoorGeometry", "IndoorVenue"]),
        // The navigation engine: map matching, progress, off-route and reroutes, the camera, session simulation.
        .target(
            name: "IndoorNavigation",
            dependencies: ["IndoorBase", "IndoorGeometry", "IndoorVenue", "IndoorRouting", "IndoorSearch", "IndoorLocation"]),
        // The words: structured maneuvers, guidance and reports said in English, French, German and Russian.
        // The web map's own words are data (Words/page.json), compiled in.
        .target(
            name: "IndoorText",
            dependencies: ["IndoorBase", "IndoorVenue", "IndoorSearch", "IndoorRouting", "IndoorLocation", "IndoorNavigation"],
            resources: [.embedInCode("Words")]),
        // The route overlay renderer: levels, routes and the user puck to PNG, SVG and PDF (Cairo).
        .target(name: "IndoorRender", dependencies: ["IndoorBase", "IndoorGeometry", "IndoorVenue", "IndoorRouting", "IndoorText", "IndoorCompression", "CCairo"]),
        // The use cases on a prepared venue, with Codable requests and responses: the one API under every front end.
        .target(
            name: "IndoorCore",
            dependencies: ["IndoorBase", "IndoorGeometry", "IndoorVenue", "IndoorSearch", "IndoorRouting", "IndoorLocation", "IndoorNavigation",
                           "IndoorText", "IndoorRender", "IndoorSampleVenue"]),
        // The HTTP service: venues prepared once, served to many clients (libmicrohttpd; zlib for gzip).
        // The web map's page, script and style (WebMap/) are compiled in, so a copied binary still serves them.
        .target(
            name: "IndoorServer", dependencies: ["IndoorCore", "IndoorCompression", "CMicroHTTPD"],
            resources: [.embedInCode("WebMap")]),
        // The demonstration venue compiled into the binary (the default when --venue is omitted).
        .target(
            name: "IndoorSampleVenue",
            dependencies: ["IndoorVenue"],
            resources: [.embedInCode("transit-hub")]
        ),
        // Test support: the test tiers, a manual clock, venues drawn in ASCII (OSRM-style), the venue generator, route
        // audits, gpsfake and pseudo-terminal pairs.
        .target(name: "IndoorTestSupport", dependencies: ["IndoorBase", "IndoorGeometry", "IndoorVenue", "IndoorRouting", "IndoorText"]),
        // Every parser that input reaches, as a function of bytes: fuzzed by tools/fuzz, replayed by the tests.
        .target(name: "IndoorFuzzing", dependencies: ["IndoorLocation", "IndoorVenue", "IndoorSearch", "IndoorSampleVenue", "IndoorServer"]),
        // The command-line tool: parses arguments, calls the core, prints.
        .executableTarget(name: "indoornav", dependencies: ["IndoorCore", "IndoorServer"]),

        // Benchmarks: the Swift side of tools/bench (the scripts there run the peers side by side).
        .executableTarget(
            name: "indoornav-bench", dependencies: ["IndoorBase", "IndoorGeometry", "IndoorVenue", "IndoorSearch", "IndoorRouting", "IndoorRender", "IndoorLocation", "IndoorNavigation", "IndoorText", "IndoorSampleVenue", "IndoorTestSupport", "CSQLite"],
            path: "tools/bench/swift"),

        // The procedural venue generator's command line, wrapped by tools/venues/generate.
        .executableTarget(name: "indoornav-generate", dependencies: ["IndoorTestSupport", "IndoorBase", "IndoorGeometry"], path: "tools/venues/swift"),

        .testTarget(name: "IndoorBaseTests", dependencies: ["IndoorBase", "IndoorTestSupport"]),
        .testTarget(name: "IndoorGeometryTests", dependencies: ["IndoorBase", "IndoorGeometry"]),
        // Test fixtures are read from the source tree (found from #filePath), not bundled.
        .testTarget(name: "IndoorVenueTests", dependencies: ["IndoorBase", "IndoorGeometry", "IndoorVenue", "IndoorSampleVenue", "IndoorTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "IndoorSearchTests", dependencies: ["IndoorBase", "IndoorGeometry", "IndoorVenue", "IndoorSearch", "IndoorSampleVenue", "IndoorTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "IndoorRoutingTests", dependencies: ["IndoorBase", "IndoorGeometry", "IndoorVenue", "IndoorRouting", "IndoorText", "IndoorTestSupport", "IndoorSampleVenue"]),
        .testTarget(
            name: "IndoorTextTests",
            dependencies: ["IndoorBase", "IndoorVenue", "IndoorSearch", "IndoorRouting", "IndoorNavigation", "IndoorText", "IndoorTestSupport", "IndoorSampleVenue"]),
        .testTarget(
            name: "IndoorRenderTests",
            dependencies: ["IndoorBase", "IndoorGeometry", "IndoorVenue", "IndoorRouting", "IndoorRender", "IndoorTestSupport", "IndoorSampleVenue"],
            exclude: ["References"]),
        .testTarget(name: "IndoorLocationTests", dependencies: ["IndoorBase", "IndoorLocation", "IndoorTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "IndoorNavigationTests", dependencies: ["IndoorBase", "IndoorGeometry", "IndoorLocation", "IndoorRouting", "IndoorVenue", "IndoorNavigation", "IndoorText", "IndoorSearch", "IndoorSampleVenue", "IndoorTestSupport"]),
        .testTarget(name: "IndoorCoreTests", dependencies: ["IndoorBase", "IndoorCore", "IndoorGeometry", "IndoorSearch", "IndoorVenue"]),
        .testTarget(name: "IndoorCompressionTests", dependencies: ["IndoorCompression"]),
        // Starts the service on loopback and compares its answers with the CLI's.
        .testTarget(name: "IndoorServerTests", dependencies: ["IndoorCore", "IndoorServer", "indoornav", "IndoorTestSupport"]),
        .testTarget(name: "IndoornavTests", dependencies: ["indoornav", "IndoorTestSupport"]),
        .testTarget(name: "IndoorTestSupportTests", dependencies: ["IndoorBase", "IndoorGeometry", "IndoorVenue", "IndoorTestSupport"]),
        // Every input a fuzzer crashed on (tools/fuzz/regressions/TARGET/), replayed.
        .testTarget(name: "IndoorFuzzingTests", dependencies: ["IndoorFuzzing"]),
    ],
    swiftLanguageModes: [.v6]
)
