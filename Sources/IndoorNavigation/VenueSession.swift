import Foundation
import IndoorBase
import IndoorGeometry
import IndoorSearch
import IndoorVenue

/// A venue loaded once and shared by search, routing, navigation and rendering (what the SDKs call a map
/// session), with the state an app binds to: the focused building, the active level (following the user's
/// level while tracking; a level picked by hand stops that, as in the SDKs), selected POIs (selecting never moves
/// the camera), the navigation info (nil once navigation stops) and the camera.
public actor VenueSession {
    /// What loading is doing, in order.
    public enum LoadPhase: String, Hashable, Sendable {
        /// Reading and loading the venue file.
        case readingVenue
        /// Building the spatial index of spaces.
        case indexingSpaces
        /// Building the navigation graph (usually the longest phase).
        case buildingRoutingGraph
        /// Building the search index.
        case indexingSearch
        /// Done: the session is usable.
        case ready
    }

    /// Why a session cannot do what it was asked.
    public enum SessionError: Error, Equatable, LocalizedError {
        /// No POI has this id.
        case unknownPOI(String)
        /// No level has this ordinal.
        case unknownLevel(Double)
        public var errorDescription: String? {
            switch self {
            case .unknownPOI(let id): "no POI \(id) in this venue"
            case .unknownLevel(let o): "no level \(Level.text(ordinal: o)) in this venue"
            }
        }
    }

    /// The venue, graph, spatial index and routers navigation reads.
    public nonisolated let context: NavigationContext
    /// The venue's search index.
    public nonisolated let search: SearchIndex
    /// The venue loaded.
    public nonisolated var venue: Venue { context.venue }

    /// The building the app looks at (the venue's first at the start).
    public private(set) var focusedBuildingID: String?
    /// The level shown, by ordinal: the user's while ``isTrackingUserLevel``, else the one picked.
    public private(set) var activeLevelOrdinal: Double?
    /// Whether the active level follows the user's; ``selectLevel(_:)`` stops it, ``trackUserLevel()`` resumes it.
    public private(set) var isTrackingUserLevel = true
    /// The ids of the POIs selected, in the order they were selected.
    public private(set) var selectedPOIs: [String] = []
    /// The latest progress of navigation; `nil` when not navigating.
    public private(set) var navigation: NavigationProgress?
    /// The camera now.
    public private(set) var camera: CameraState
    /// The follow camera and its tracking mode.
    public private(set) var follow: FollowCamera
    /// The size of the app's map view, for fitting cameras.
    public let viewport: ScreenSize

    /// Loads a venue and everything built from it, telling `phases` what it is doing.
    public static func load(viewport: ScreenSize = ScreenSize(width: 1200, height: 900), _ read: () throws -> Venue,
                            phases: (LoadPhase) -> Void = { _ in }) throws -> VenueSession {
        phases(.readingVenue)
        let venue = try read()
        phases(.indexingSpaces)
        let spatial = VenueSpatialIndex(venue)
        phases(.buildingRoutingGraph)
        let context = NavigationContext(venue: venue, spatialIndex: spatial)
        phases(.indexingSearch)
        let search = SearchIndex(venue: venue)
        let session = VenueSession(context: context, search: search, viewport: viewport)
        phases(.ready)
        return session
    }

    /// A session on a venue already loaded, its camera fitting the whole venue on the level nearest the ground.
    public init(context: NavigationContext, search: SearchIndex, viewport: ScreenSize = ScreenSize(width: 1200, height: 900)) {
        self.context = context
        self.search = search
        self.viewport = viewport
        let venue = context.venue
        let bounds = CameraBounds(box: venue.extent)
        follow = FollowCamera(bounds: bounds)
        focusedBuildingID = venue.buildings.first?.id
        let ground = venue.levels.min { abs($0.ordinal) < abs($1.ordinal) }?.ordinal
        activeLevelOrdinal = ground
        camera = venue.extent.flatMap { box in
            CameraState.fitting([GeoCoordinate(longitude: box.minX, latitude: box.minY), GeoCoordinate(longitude: box.maxX, latitude: box.maxY)], width: viewport.width,
                                height: viewport.height, levelOrdinal: ground, bounds: bounds)
        } ?? CameraState(center: venue.frame.origin, levelOrdinal: ground)
    }

    /// The user picked a level by hand: it is shown, and the active level stops following the user's.
    public func selectLevel(_ ordinal: Double) throws(SessionError) {
        guard venue.levels.contains(where: { $0.ordinal == ordinal }) else { throw .unknownLevel(ordinal) }
        activeLevelOrdinal = ordinal
        isTrackingUserLevel = false
        camera.levelOrdinal = ordinal
        camera.reason = .user
    }

    /// Follow the user's level again.
    public func trackUserLevel() {
        isTrackingUserLevel = true
    }

    /// Makes the building with this id the focused one (not checked against the venue).
    public func focus(building id: String) {
        focusedBuildingID = id
    }

    /// Adds a POI to the selection; the camera does not move.
    public func select(poi id: String) throws(SessionError) {
        guard venue.pois.contains(where: { $0.id == id }) else { throw .unknownPOI(id) }
        if !selectedPOIs.contains(id) { selectedPOIs.append(id) }
    }

    /// Clears the selection; the camera does not move.
    public func deselectAll() {
        selectedPOIs = []
    }

    /// Sets how the follow camera tracks the user (`none` leaves the camera to the app).
    public func setTrackingMode(_ mode: UserTrackingMode) {
        follow.mode = mode
    }

    /// Takes what the navigation engine said: the navigation info, the user's level (the active level while
    /// tracking), and the camera while following.
    public func apply(_ event: NavigationEvent, heading: Double? = nil) {
        switch event {
        case .started(let p), .progress(let p):
            navigation = p
            userIsOn(level: p.levelOrdinal)
            if let c = follow.update(coordinate: p.matched, levelOrdinal: activeLevelOrdinal, course: nil, heading: heading) { camera = c }
        case .located(let f):
            if let l = f.levelOrdinal { userIsOn(level: l) }
            if let c = follow.update(coordinate: f.coordinate, levelOrdinal: activeLevelOrdinal, course: nil, heading: heading) { camera = c }
        case .levelChanged(_, let to):
            userIsOn(level: to)
        case .arrived:
            break
        default:
            break
        }
    }

    private func userIsOn(level: Double) {
        guard isTrackingUserLevel else { return }
        activeLevelOrdinal = level
        camera.levelOrdinal = level
    }

    /// Navigation stopped: no navigation info.
    public func stopNavigation() {
        navigation = nil
    }

    /// The app moved the camera. Returns whether anything changed: an app mirroring the session's camera back
    /// gets `false` and stops there (equality ignores the reason).
    @discardableResult
    public func setCamera(_ new: CameraState) -> Bool {
        let clamped = follow.bounds.clamp(new)
        guard clamped != camera else { return false }
        camera = clamped
        if new.reason == .user { follow.mode = .none }
        return true
    }

    /// The camera that fits a geometry in degrees (a space's, a footprint) in the session's viewport.
    public func camera(for geometry: GeoGeometry, padding: Double = 24, bearing: Double = 0, pitch: Double = 0) -> CameraState? {
        CameraState.fitting(geometry, width: viewport.width, height: viewport.height, padding: padding, bearing: bearing, pitch: pitch,
                            levelOrdinal: activeLevelOrdinal, bounds: follow.bounds)
    }
}
