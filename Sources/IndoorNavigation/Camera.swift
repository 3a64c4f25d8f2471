import Foundation
import IndoorBase
import IndoorGeometry

/// How the camera follows the user, as the SDKs name it.
public enum UserTrackingMode: String, Hashable, Sendable {
    /// The camera is the app's: the user is not followed.
    case none
    /// Centred on the user, north up.
    case follow
    /// Centred on the user, turned to their heading (else their course), smoothed.
    case followWithHeading
}

/// What the map shows: a value, computed as data, that any renderer can draw. Zoom is the web-map zoom level
/// (metres per pixel = 156,543.03 × cos(latitude) / 2^zoom).
///
/// Equality ignores ``reason`` (why the camera last changed): two sides that synchronise a camera — an app and
/// the session — settle as soon as the values agree instead of bouncing the same camera back and forth.
public struct CameraState: Sendable, Equatable {
    /// Why the camera last changed.
    public enum Reason: String, Hashable, Sendable {
        /// The user moved it (or picked a level).
        case user
        /// It follows the user (``FollowCamera``).
        case tracking
        /// It shows a whole route or level.
        case overview
        /// It is part way through a ``CameraTransition``.
        case transition
        /// The app set it.
        case programmatic
    }

    /// WGS84.
    public var center: GeoCoordinate
    /// The level shown, by ordinal; `nil` for none in particular.
    public var levelOrdinal: Double?
    /// The web-map zoom level (19 ≈ 0.3 m per pixel at the equator); see ``metresPerPixel``.
    public var zoom: Double
    /// Degrees clockwise from north at the top of the view.
    public var bearing: Double
    /// Degrees from looking straight down.
    public var pitch: Double
    /// Why the camera last changed; ignored by `==`.
    public var reason: Reason

    /// A camera on `center`; `bearing` and `pitch` in degrees.
    public init(center: GeoCoordinate, levelOrdinal: Double? = nil, zoom: Double = 19, bearing: Double = 0, pitch: Double = 0,
                reason: Reason = .programmatic) {
        self.center = center
        self.levelOrdinal = levelOrdinal
        self.zoom = zoom
        self.bearing = bearing
        self.pitch = pitch
        self.reason = reason
    }

    public static func == (a: CameraState, b: CameraState) -> Bool {
        abs(a.center.longitude - b.center.longitude) < 1e-9 && abs(a.center.latitude - b.center.latitude) < 1e-9 && a.levelOrdinal == b.levelOrdinal
            && abs(a.zoom - b.zoom) < 1e-9 && angleBetween(a.bearing, b.bearing) < 1e-9 && abs(a.pitch - b.pitch) < 1e-9
    }

    /// Metres per pixel at ``zoom`` and the centre's latitude.
    public var metresPerPixel: Double { Self.metresPerPixel(zoom: zoom, latitude: center.latitude) }

    /// Metres per pixel at a web-map `zoom` and a `latitude` in degrees: 156,543.03 × cos(latitude) / 2^zoom.
    public static func metresPerPixel(zoom: Double, latitude: Double) -> Double {
        156_543.033_92 * cos(latitude * .pi / 180) / pow(2, zoom)
    }

    /// The web-map zoom that gives `metresPerPixel` at a `latitude` in degrees; the inverse of
    /// ``metresPerPixel(zoom:latitude:)``.
    public static func zoom(metresPerPixel: Double, latitude: Double) -> Double {
        log2(156_543.033_92 * cos(latitude * .pi / 180) / metresPerPixel)
    }
}

/// The size of a map's view, in pixels.
public struct ScreenSize: Hashable, Sendable {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A view of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// Limits on the camera: the centre inside a box, zoom and pitch within ranges.
public struct CameraBounds: Hashable, Sendable {
    /// WGS84; nil: anywhere.
    public var box: BoundingBox?
    /// The zoom levels allowed; 15…22 by default.
    public var zoom: ClosedRange<Double> = 15...22
    /// The pitch allowed, degrees from straight down; 0…60 by default.
    public var pitch: ClosedRange<Double> = 0...60

    /// Limits: the centre in `box` (WGS84; anywhere when `nil`), zoom and pitch in their ranges.
    public init(box: BoundingBox? = nil, zoom: ClosedRange<Double> = 15...22, pitch: ClosedRange<Double> = 0...60) {
        self.box = box
        self.zoom = zoom
        self.pitch = pitch
    }

    /// `camera` with its centre moved into ``box``, zoom and pitch clamped to their ranges, and its bearing brought
    /// into 0..<360 degrees.
    public func clamp(_ camera: CameraState) -> CameraState {
        var c = camera
        if let box {
            c.center = GeoCoordinate(longitude: min(max(c.center.longitude, box.minX), box.maxX),
                                     latitude: min(max(c.center.latitude, box.minY), box.maxY))
        }
        c.zoom = min(max(c.zoom, zoom.lowerBound), zoom.upperBound)
        c.pitch = min(max(c.pitch, pitch.lowerBound), pitch.upperBound)
        c.bearing = (c.bearing.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return c
    }
}

/// A move of the camera from one state to another over a bounded time, eased; ask it for the camera at any
/// moment, so a renderer can draw it frame by frame.
public struct CameraTransition: Sendable {
    /// How the move is paced over its duration.
    public enum Easing: Sendable {
        /// At constant speed.
        case linear
        /// Slow at both ends (smoothstep, 3t² − 2t³).
        case easeInOut
    }

    /// The camera at ``start``.
    public let from: CameraState
    /// The camera at ``start`` + ``duration``.
    public let to: CameraState
    /// Seconds on the caller's clock.
    public let start: Double
    /// Seconds, 0…``maximumDuration``.
    public let duration: Double
    /// How the move is paced; ease in and out by default.
    public let easing: Easing

    /// The longest a transition may take, seconds.
    public static let maximumDuration = 3.0

    /// A move from `from` to `to` starting at `start` (seconds on the caller's clock); `duration` is clamped to
    /// 0…``maximumDuration`` seconds.
    public init(from: CameraState, to: CameraState, start: Double, duration: Double, easing: Easing = .easeInOut) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = min(max(duration, 0), Self.maximumDuration)
        self.easing = easing
    }

    /// An immediate jump.
    public static func immediate(to camera: CameraState, at time: Double) -> CameraTransition {
        CameraTransition(from: camera, to: camera, start: time, duration: 0)
    }

    /// Whether the move is over at `time` (seconds on the caller's clock).
    public func isFinished(at time: Double) -> Bool { time >= start + duration }

    /// The camera at `time` (seconds on the caller's clock): ``from`` before the start, ``to`` after the end, eased
    /// between (the bearing the short way round, the level switching half way).
    public func camera(at time: Double) -> CameraState {
        guard duration > 0 else { return time >= start ? to : from }
        let t = min(max((time - start) / duration, 0), 1)
        let k = easing == .linear ? t : t * t * (3 - 2 * t)
        let turn = signedTurn(from: from.bearing, to: to.bearing)
        var c = CameraState(
            center: GeoCoordinate(longitude: from.center.longitude + (to.center.longitude - from.center.longitude) * k,
                                  latitude: from.center.latitude + (to.center.latitude - from.center.latitude) * k),
            levelOrdinal: k < 0.5 ? from.levelOrdinal : to.levelOrdinal, zoom: from.zoom + (to.zoom - from.zoom) * k,
            bearing: from.bearing + turn * k, pitch: from.pitch + (to.pitch - from.pitch) * k, reason: .transition)
        c.bearing = (c.bearing + 360).truncatingRemainder(dividingBy: 360)
        if t >= 1 { c.reason = to.reason }
        return c
    }
}

/// The camera that follows the user: centred on them, the bearing from the heading (followWithHeading) or the
/// course when moving (follow keeps north up), smoothed so that a noisy compass does not shake the map.
public struct FollowCamera: Sendable {
    /// Whether and how the user is followed; in mode `none`,
    /// ``update(coordinate:levelOrdinal:course:heading:)`` returns `nil`.
    public var mode: UserTrackingMode
    /// The web-map zoom level while following (19.5 by default).
    public var zoom: Double
    /// Degrees from straight down while following (0 by default).
    public var pitch: Double
    /// Weight of a new bearing against the previous one (0…1).
    public var smoothing: Double
    /// The limits every camera made is clamped to.
    public var bounds: CameraBounds
    /// The last camera made, or `nil` before the first update.
    public private(set) var camera: CameraState?

    /// A follow camera; `zoom` is a web-map zoom level, `pitch` degrees, `smoothing` 0…1.
    public init(mode: UserTrackingMode = .follow, zoom: Double = 19.5, pitch: Double = 0, smoothing: Double = 0.3,
                bounds: CameraBounds = CameraBounds()) {
        self.mode = mode
        self.zoom = zoom
        self.pitch = pitch
        self.smoothing = smoothing
        self.bounds = bounds
    }

    /// The camera for the user at `coordinate`; nil in mode `none` (the camera is the app's).
    public mutating func update(coordinate: GeoCoordinate, levelOrdinal: Double?, course: Double?, heading: Double?) -> CameraState? {
        guard mode != .none else { return nil }
        var bearing = camera?.bearing ?? 0
        let wanted: Double? = mode == .followWithHeading ? (heading ?? course) : nil
        if let wanted {
            let turn = signedTurn(from: bearing, to: wanted)
            bearing += camera == nil ? turn : smoothing * turn
        } else if mode == .follow {
            bearing = 0
        }
        let next = bounds.clamp(CameraState(center: coordinate, levelOrdinal: levelOrdinal, zoom: zoom, bearing: bearing, pitch: pitch,
                                            reason: .tracking))
        camera = next
        return next
    }
}

extension CameraState {
    /// The camera that fits `coordinates` in a `width`×`height` pixel view with `padding` pixels on every
    /// side, seen at `bearing` and `pitch` (the overview of a route or a level).
    public static func fitting(_ coordinates: [GeoCoordinate], width: Int, height: Int, padding: Double = 24, bearing: Double = 0,
                               pitch: Double = 0, levelOrdinal: Double? = nil, bounds: CameraBounds = CameraBounds()) -> CameraState? {
        guard let box = BoundingBox(covering: coordinates.map(\.position)) else { return nil }
        let center = GeoCoordinate(position: box.center)
        let plane = TangentPlane(origin: center)
        // The extent across and along the view once rotated by the bearing.
        let b = bearing * .pi / 180
        var across = 0.0, along = 0.0
        for c in coordinates {
            let p = plane.project(c)
            across = max(across, abs(p.x * cos(b) - p.y * sin(b)))
            along = max(along, abs(p.x * sin(b) + p.y * cos(b)))
        }
        let usableWidth = max(Double(width) - 2 * padding, 1), usableHeight = max(Double(height) - 2 * padding, 1)
        let metresPerPixel = max(2 * across / usableWidth, 2 * along / usableHeight, 0.01)
        let zoom = Self.zoom(metresPerPixel: metresPerPixel, latitude: center.latitude)
        return bounds.clamp(CameraState(center: center, levelOrdinal: levelOrdinal, zoom: zoom, bearing: bearing, pitch: pitch, reason: .overview))
    }

    /// The camera that fits any geometry in degrees (a space's, a footprint).
    public static func fitting(_ geometry: GeoGeometry, width: Int, height: Int, padding: Double = 24, bearing: Double = 0,
                               pitch: Double = 0, levelOrdinal: Double? = nil, bounds: CameraBounds = CameraBounds()) -> CameraState? {
        fitting(geometry.positions, width: width, height: height, padding: padding, bearing: bearing, pitch: pitch,
                levelOrdinal: levelOrdinal, bounds: bounds)
    }
}
