import Foundation
import IndoorBase
import IndoorGeometry
import IndoorNavigation
import IndoorRender
import IndoorRouting
import IndoorSampleVenue
import IndoorSearch
import IndoorVenue

/// Where a venue comes from: a file or folder (an IMDF folder or archive, an OSM `.osm` or `.osm.pbf` file, one
/// venue picked out of an extract), or the sample venue compiled into the toolkit.
public struct VenueSource: Hashable, Sendable {
    /// The file or folder; `nil` for the embedded sample venue.
    public var path: String?
    /// The venue to pick out of an OSM extract, by name or bounding box.
    public var selection: VenueSelection?
    /// Only what the data draws: no implicit corridors, inferred entrances or carved overlaps.
    public var strict: Bool

    /// A source; the embedded sample venue as inferred (not strict) by default.
    public init(path: String? = nil, selection: VenueSelection? = nil, strict: Bool = false) {
        self.path = path
        self.selection = selection
        self.strict = strict
    }

    /// The sample venue compiled into the toolkit: a three-level transit hub.
    public static let sample = VenueSource()

    /// What messages call the source: its path, or the sample venue's name.
    public var name: String { path ?? SampleVenue.name }

    /// The venue exactly as its data draws it (what validation judges and `venue info` counts).
    public func loadDrawn() throws(VenueError) -> Venue {
        if let path { try VenueLoader.load(path: path, selection: selection) } else { try SampleVenue.load() }
    }

    /// The venue as routed: with what its data leaves implicit inferred (`Venue.inferringPassages(rules:)`), or as
    /// drawn when ``strict``.
    public func load() throws(VenueError) -> Venue {
        let venue = try loadDrawn()
        return strict ? venue : venue.inferringPassages()
    }
}

/// A venue prepared once to answer many questions, from any thread: the venue as routed, its routing graph, its
/// search index, what the navigation engine reads (`NavigationContext`) and a pool of routers. Immutable; each
/// part is built the first time it is asked for, once, so a command that only searches never builds the graph.
///
/// Every use case of the toolkit is a method of it: ``route(_:)``, ``search(_:)``, ``navigation(_:)``, … — the
/// command line, a service and a web map call the same ones.
public final class PreparedVenue: Sendable {
    /// The toolkit's version, as `indoornav --version` and the service report it.
    public static let toolkitVersion = "0.9.0"

    /// The venue as routed.
    public let venue: Venue
    private let givenGraph: NavigationGraph?
    private let graphPart = BuiltOnce<NavigationGraph>()
    private let searchPart = BuiltOnce<SearchIndex>()
    private let routersPart = BuiltOnce<RouterPool>()
    private let navigationPart = BuiltOnce<NavigationContext>()
    private let extentPart = BuiltOnce<BoundingBox?>()
    private let idsPart = BuiltOnce<PlaceIDs>()
    let rendererPart = BuiltOnce<MapRenderer>()

    /// Prepares `venue` (as it will be routed: infer passages first, see ``VenueSource/load()``).
    /// - Parameter venue: the venue, as it will be routed.
    /// - Parameter graph: its routing graph, when already built.
    public init(_ venue: Venue, graph: NavigationGraph? = nil) {
        self.venue = venue
        givenGraph = graph
    }

    /// Loads and prepares the venue of `source`.
    public convenience init(loading source: VenueSource) throws(VenueError) {
        self.init(try source.load())
    }

    /// The routing graph (built on first use).
    public var graph: NavigationGraph { graphPart.value { givenGraph ?? NavigationGraph(venue: venue) } }
    /// The search index (built on first use).
    public var searchIndex: SearchIndex { searchPart.value { SearchIndex(venue: venue, ids: placeIDs) } }
    /// Routers on ``graph``, lent one caller at a time.
    public var routers: RouterPool { routersPart.value { RouterPool(graph: graph) } }
    /// The venue's features by id (made on first use).
    public var placeIDs: PlaceIDs { idsPart.value { PlaceIDs(venue) } }
    /// Which building each place is in (the search index's, which finds places by it).
    public var placeBuildings: PlaceBuildings { searchIndex.buildings }
    /// The WGS84 box around the venue (`Venue.extent`, computed on first use).
    public var extent: BoundingBox? { extentPart.value { venue.extent } }
    /// What the navigation engine reads about the venue (built on first use, on ``graph``).
    public var navigationContext: NavigationContext {
        navigationPart.value { NavigationContext(venue: venue, graph: graph, routers: routers) }
    }

    /// The levels `text` names: an ordinal (`0`, `-1`, `0.5`: every level of that floor) or a level id.
    /// - Throws: `PlaceError.unknownLevel(text:available:)` listing the ordinals there are.
    public func levels(named text: String) throws(PlaceError) -> [Level] {
        let levels = venue.levels(named: text)
        guard !levels.isEmpty else { throw .unknownLevel(text: text, available: venue.levels.map(\.ordinalText)) }
        return levels
    }
}
