import IndoorBase
import IndoorLocation
import IndoorNavigation
import IndoorRender
import IndoorRouting
import IndoorSearch
import IndoorText
import IndoorVenue

// The lower modules' types that are part of IndoorCore's API: what its requests, responses, errors, maps and
// sessions are made of. Front ends (the command line, the HTTP service, the examples, apps) import IndoorCore alone
// and name these through it; every other type of the lower modules (the graph's builder, the map matcher, GEOS
// geometry…) is out of their reach. A type added here is a type added to the core API: keep the list short.

// From IndoorBase.

/// An axis-aligned rectangle (`IndoorBase.BoundingBox`).
public typealias BoundingBox = IndoorBase.BoundingBox

/// Numbers written as decimal bytes, for the access log; this package only (`IndoorBase.DecimalNumber`).
package typealias DecimalNumber = IndoorBase.DecimalNumber

/// A WGS84 position (`IndoorBase.GeoCoordinate`).
public typealias GeoCoordinate = IndoorBase.GeoCoordinate

/// The lenient JSON parser request bodies are read with (`IndoorBase.JSONParser`).
public typealias JSONParser = IndoorBase.JSONParser

/// A JSON value (`IndoorBase.JSONValue`).
public typealias JSONValue = IndoorBase.JSONValue

/// JSON as the command line and the service write it: sorted keys, unescaped slashes (`IndoorBase.JSONWriter`).
public typealias JSONWriter = IndoorBase.JSONWriter

/// A file opened for reading, with the reason when it cannot be (`IndoorBase.ReadableFile`).
public typealias ReadableFile = IndoorBase.ReadableFile

// From IndoorVenue.

/// What loading made explicit that the data leaves implicit, level by level (`IndoorVenue.InferenceReport`).
public typealias InferenceReport = IndoorVenue.InferenceReport

/// A floor of one or more buildings (`IndoorVenue.Level`).
public typealias Level = IndoorVenue.Level

/// Why a place could not be found (`IndoorVenue.PlaceError`).
public typealias PlaceError = IndoorVenue.PlaceError

/// A venue as loaded (`IndoorVenue.Venue`).
public typealias Venue = IndoorVenue.Venue

/// Why a venue could not be loaded (`IndoorVenue.VenueError`).
public typealias VenueError = IndoorVenue.VenueError

/// Which space a point is in, on every level of a venue (`IndoorVenue.VenueSpatialIndex`).
public typealias VenueSpatialIndex = IndoorVenue.VenueSpatialIndex

// From IndoorSearch.

/// The Damerau–Levenshtein distance the search tolerates typos by (`IndoorSearch.EditDistance`).
public typealias EditDistance = IndoorSearch.EditDistance

// From IndoorRouting.

/// The languages instructions are written in: en, fr, de and ru (`IndoorText.InstructionLanguage`).
public typealias InstructionLanguage = IndoorText.InstructionLanguage

/// A route in words: legs of steps with maneuvers, distances, durations and polylines (`IndoorRouting.Itinerary`).
public typealias Itinerary = IndoorRouting.Itinerary

/// Why no route could be given, with what is cut off and by what (`IndoorRouting.RoutingError`).
public typealias RoutingError = IndoorRouting.RoutingError

/// How a route may go: profile, closures, non-public areas (`IndoorRouting.RoutingOptions`).
public typealias RoutingOptions = IndoorRouting.RoutingOptions

// From IndoorRender.

/// The output formats of the renderer (`IndoorRender.ImageFormat`).
public typealias ImageFormat = IndoorRender.ImageFormat

/// Colours and sizes of a map, light or dark (`IndoorRender.MapStyle`).
public typealias MapStyle = IndoorRender.MapStyle

/// Why an image could not be made or written (`IndoorRender.RenderError`).
public typealias RenderError = IndoorRender.RenderError

/// What a drawn map answers: pixels to places and back, what a tap hits (`IndoorRender.MapProxy`).
public typealias MapProxy = IndoorRender.MapProxy

// From IndoorLocation.

/// Positions from gpsd, over its JSON protocol (`IndoorLocation.GPSDProvider`).
public typealias GPSDProvider = IndoorLocation.GPSDProvider

/// A point of a GPX file: a waypoint, a route point or a track point (`IndoorLocation.GPXPoint`).
public typealias GPXPoint = IndoorLocation.GPXPoint

/// Reads GPX 1.0 and 1.1: waypoints, routes and tracks (`IndoorLocation.GPXReader`).
public typealias GPXReader = IndoorLocation.GPXReader

/// A position fix from any source (a GNSS receiver, a GPX track, a simulator) (`IndoorLocation.Location`).
public typealias Location = IndoorLocation.Location

/// A source of positions and headings: a receiver, a replayed file, a simulator (`IndoorLocation.LocationProvider`).
public typealias LocationProvider = IndoorLocation.LocationProvider

/// A streaming NMEA 0183 decoder: bytes in, the fixes gpsd would give out (`IndoorLocation.NMEADecoder`).
public typealias NMEADecoder = IndoorLocation.NMEADecoder

/// What the decoder hands out (`IndoorLocation.NMEAEvent`).
public typealias NMEAEvent = IndoorLocation.NMEAEvent

/// An NMEA 0183 receiver on a serial port (`IndoorLocation.NMEASerialProvider`).
public typealias NMEASerialProvider = IndoorLocation.NMEASerialProvider

/// NMEA 0183 over TCP, as phone apps and many receivers serve it (`IndoorLocation.NMEATCPProvider`).
public typealias NMEATCPProvider = IndoorLocation.NMEATCPProvider

/// How a provider's source is doing (`IndoorLocation.ProviderStatus`).
public typealias ProviderStatus = IndoorLocation.ProviderStatus

/// Positions replayed from a recorded file (NMEA or GPX), at its pace or faster (`IndoorLocation.ReplayProvider`).
public typealias ReplayProvider = IndoorLocation.ReplayProvider

/// A whole sensor log, read from a file (`IndoorLocation.SensorLog`).
public typealias SensorLog = IndoorLocation.SensorLog

/// The text formats phone sensor logs are published in (`IndoorLocation.SensorLogFormat`).
public typealias SensorLogFormat = IndoorLocation.SensorLogFormat

/// A fix written as gpsd's TPV report (`IndoorLocation.TPVWriter`).
public typealias TPVWriter = IndoorLocation.TPVWriter

// From IndoorNavigation.

/// A clock that never waits: a replay or simulation as fast as it runs (`IndoorNavigation.InstantClock`).
public typealias InstantClock = IndoorNavigation.InstantClock

/// The navigation engine's state machine, fed fixes (`IndoorNavigation.NavigationCore`).
public typealias NavigationCore = IndoorNavigation.NavigationCore

/// The navigation engine: a navigation core fed by any location provider (`IndoorNavigation.NavigationEngine`).
public typealias NavigationEngine = IndoorNavigation.NavigationEngine

/// What the navigation engine says (`IndoorNavigation.NavigationEvent`).
public typealias NavigationEvent = IndoorNavigation.NavigationEvent

/// An engine event with the route it is about (`IndoorNavigation.NavigationUpdate`).
public typealias NavigationUpdate = IndoorNavigation.NavigationUpdate

/// An itinerary laid out for following; its steps are what guidance events refer to (`IndoorNavigation.RouteTrack`).
public typealias RouteTrack = IndoorNavigation.RouteTrack

/// What an instruction calls a feature, in no language yet (`IndoorVenue.SpokenName`).
public typealias SpokenName = IndoorVenue.SpokenName

/// A walk located from a phone's sensors, matched to the venue when one is given (`IndoorNavigation.SensorLocator`).
public typealias SensorLocator = IndoorNavigation.SensorLocator

/// How a walk is located from its sensors (`IndoorNavigation.SensorLocatorOptions`).
public typealias SensorLocatorOptions = IndoorNavigation.SensorLocatorOptions

/// Follow mode indoors: a phone's sensor log as a location source (`IndoorNavigation.SensorLogProvider`).
public typealias SensorLogProvider = IndoorNavigation.SensorLogProvider

/// What one simulated session did, measured against the walker's truth (`IndoorNavigation.SessionResult`).
public typealias SessionResult = IndoorNavigation.SessionResult

/// Runs simulated navigation sessions through the real navigation engine (`IndoorNavigation.SessionSimulator`).
public typealias SessionSimulator = IndoorNavigation.SessionSimulator

/// A simulated walker's receiver along an itinerary (`IndoorNavigation.SimulatedSessionProvider`).
public typealias SimulatedSessionProvider = IndoorNavigation.SimulatedSessionProvider

/// The figures of many simulated sessions (`IndoorNavigation.SimulationReport`).
public typealias SimulationReport = IndoorNavigation.SimulationReport

/// How a simulated person walks and how their receiver behaves (`IndoorNavigation.WalkerConfiguration`).
public typealias WalkerConfiguration = IndoorNavigation.WalkerConfiguration

/// The state an app's map view binds to (`IndoorNavigation.VenueSession`).
public typealias VenueSession = IndoorNavigation.VenueSession

/// The size of an app's map view, in pixels (`IndoorNavigation.ScreenSize`).
public typealias ScreenSize = IndoorNavigation.ScreenSize
