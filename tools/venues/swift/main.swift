// indoornav-generate: writes a procedurally generated venue (IndoorTestSupport's VenueGenerator) to a folder.
// Wrapped by tools/venues/generate, which also makes OSM PBF through `osmium cat`.
import Foundation
import IndoorBase
import IndoorGeometry
import IndoorTestSupport

let usage = """
    usage: indoornav-generate --kind KIND --seed S [--levels N] [--rooms N] [--pillars N] [--rotation DEG]
                              [--jitter M] [--pillar-holes yes|no] [--levels-joined yes|no] [--origin LON,LAT] --out DIR
                              [--format imdf|osm]

    Writes a seeded venue: the same options give byte-identical files.
      --kind KIND      \(VenueGenerator.Kind.allCases.map(\.rawValue).joined(separator: ", "))
      --seed S         seed of every random draw (an unsigned 64-bit integer)
      --levels N       levels per building (default 3; a station has at least 2; a campus's buildings 1 to N,
                       some numbered from 1 or from a basement at -1)
      --rooms N        spaces (IMDF units) in all; a station's shops and amenities (default: by kind)
      --pillars N      pillars of the open hall of --kind hall (default 120)
      --rotation DEG   rotation of the venue, counter-clockwise (default: drawn from the seed)
      --jitter M       largest sub-centimetre displacement of unit vertices, metres (IMDF; default by kind)
      --pillar-holes   yes: pillars are holes in the hall; no: fixtures (default: drawn from the seed)
      --levels-joined  yes: stairs, lifts and escalators join a building's levels (default); no: nothing does
      --origin LON,LAT where the venue's centre lies (default 2.35,48.85)
      --out DIR        folder to write (made if missing); files of the same names are replaced
      --format F       imdf (the *.geojson files and manifest.json; default) or osm (venue.osm)
    Both formats also write places.json: the named public places (ids, names, category, level ordinal).
    Exit status: 0 written, 1 generation or write failed, 2 usage error.
    """

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("indoornav-generate: \(message)\n".utf8))
    exit(status)
}

var values: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let a = arguments.popFirst() {
    if a == "--help" || a == "-h" { print(usage); exit(0) }
    guard a.hasPrefix("--"), let v = arguments.popFirst() else { fail("unexpected argument \(a)\n\(usage)", status: 2) }
    values[String(a.dropFirst(2))] = v
}
let known: Set = ["kind", "seed", "levels", "rooms", "pillars", "rotation", "jitter", "pillar-holes", "levels-joined", "origin", "out",
                  "format"]
for k in values.keys.sorted() where !known.contains(k) { fail("unknown option --\(k)\n\(usage)", status: 2) }
guard let kindText = values["kind"], let kind = VenueGenerator.Kind(rawValue: kindText) else {
    fail("--kind is one of \(VenueGenerator.Kind.allCases.map(\.rawValue).joined(separator: ", "))", status: 2)
}
guard let seedText = values["seed"], let seed = UInt64(seedText) else { fail("--seed takes an unsigned integer", status: 2) }
guard let out = values["out"], !out.isEmpty else { fail("--out DIR is required", status: 2) }
let format = values["format"] ?? "imdf"
guard format == "imdf" || format == "osm" else { fail("--format is imdf or osm (pbf: use tools/venues/generate)", status: 2) }

@MainActor func integer(_ key: String) -> Int? {
    guard let v = values[key] else { return nil }
    guard let n = Int(v) else { fail("--\(key) takes an integer, not \(v)", status: 2) }
    return n
}
@MainActor func number(_ key: String) -> Double? {
    guard let v = values[key] else { return nil }
    guard let n = Double(v), n.isFinite else { fail("--\(key) takes a number, not \(v)", status: 2) }
    return n
}
var options = VenueGenerator.Options(seed: seed)
if let n = integer("levels") { options.levels = n }
options.rooms = integer("rooms")
if let n = integer("pillars") { options.pillars = n }
options.rotation = number("rotation")
options.jitter = number("jitter")
switch values["pillar-holes"] {
case nil: break
case "yes"?: options.pillarHoles = true
case "no"?: options.pillarHoles = false
case let v?: fail("--pillar-holes is yes or no, not \(v)", status: 2)
}
switch values["levels-joined"] {
case nil, "yes"?: break
case "no"?: options.joinsLevels = false
case let v?: fail("--levels-joined is yes or no, not \(v)", status: 2)
}
if let o = values["origin"] {
    let parts = o.split(separator: ",").compactMap { Double($0) }
    guard parts.count == 2 else { fail("--origin takes LON,LAT", status: 2) }
    options.origin = GeoCoordinate(longitude: parts[0], latitude: parts[1])
}
if kind == .station && format == "imdf" { fail("--kind station is OSM only: use --format osm or pbf", status: 2) }
if kind == .campus && format == "osm" { fail("--kind campus is IMDF only (each building turned on its own): use --format imdf", status: 2) }

let started = ContinuousClock.now
let venue: GeneratedVenue
do {
    venue = try VenueGenerator(kind: kind, options: options).generate()
} catch {
    // Every generation error is about the options given.
    fail(error.localizedDescription, status: 2)
}
let generated = ContinuousClock.now - started

var files: [String: Data] = format == "imdf" ? venue.imdf : ["venue.osm": venue.osm]
files["places.json"] = venue.placesJSON()
do {
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    for name in files.keys.sorted() {
        guard let data = files[name] else { continue }
        // Whole files only: a temporary file renamed over the old one.
        let url = URL(fileURLWithPath: out).appendingPathComponent(name)
        try data.write(to: url, options: .atomic)
    }
} catch {
    fail("cannot write \(out): \(error.localizedDescription)", status: 1)
}
let c = venue.counts
let seconds = Double(generated.components.seconds) + Double(generated.components.attoseconds) / 1e18
FileHandle.standardError.write(Data("""
    \(kind.rawValue) seed \(seed): \(c.levels) levels, \(c.spaces) spaces, \(c.openings) openings, \(c.pillars) pillars, \
    \(c.nonPublic) non-public, \(venue.places.count) public places, rotation \(venue.rotation)°, language en+\(venue.language); \
    generated in \(String(format: "%.3f", seconds)) s; wrote \(files.count) files to \(out)

    """.utf8))
