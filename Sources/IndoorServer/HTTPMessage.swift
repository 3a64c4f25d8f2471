import Foundation
import IndoorCore

/// A request as the service reads it: what the HTTP server hands over, with no socket or C type in it.
public struct HTTPRequest: Sendable {
    /// `GET`, `HEAD`, `POST`…
    public var method: String
    /// The request target's raw bytes (path and query, still percent-encoded), as the request line has it.
    public var target: [UInt8]
    /// The headers the service reads (``HTTPRequest/readHeaders``), by lowercase name.
    public var headers: [String: String]
    /// The length of the body the client announces, if any.
    public var contentLength: Int?
    /// The body, when it is no longer than ``ServerLimits/maxBodyBytes`` (a longer one is answered 413 before).
    public var body: Data
    /// The client's IP address as text, for per-client bounds (nil when unknown: one bucket for all).
    public var clientAddress: String?

    /// The headers the service reads; the server copies only these.
    public static let readHeaders = ["accept-encoding", "if-none-match", "last-event-id"]

    /// A request for `target` (raw bytes) with `method`, the headers the service reads and a body.
    public init(method: String, target: [UInt8], headers: [String: String] = [:], contentLength: Int? = nil, body: Data = Data(),
                clientAddress: String? = nil) {
        self.method = method
        self.target = target
        self.headers = headers
        self.contentLength = contentLength
        self.body = body
        self.clientAddress = clientAddress
    }
}

/// A header of a response: its name and value.
public struct HTTPHeader: Hashable, Sendable {
    /// Its name, as sent (`Cache-Control`).
    public var name: String
    /// Its value.
    public var value: String

    /// A header `name: value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A response: status, content type, body and extra headers.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// `Content-Type`, if there is a body.
    public var contentType: String?
    /// The body (sent for every method but HEAD).
    public var body: Data
    /// Headers beyond `Content-Type` and `Content-Length`, in order.
    public var headers: [HTTPHeader]
    /// Whether the server closes the connection after it (the client is over a bound).
    public var closesConnection: Bool
    /// The API endpoint that answered, for the access log (`route`, `search`, `levels`…; `-` for none).
    public var endpoint: String
    /// The error's code, when it is one.
    public var errorCode: String?
    /// A stream of Server-Sent Events sent after the headers instead of ``body``, for as long as it lasts.
    public var stream: EventStream?

    /// A response with `status` and `body` of `contentType`.
    public init(status: Int, contentType: String? = nil, body: Data = Data(), headers: [HTTPHeader] = [],
                closesConnection: Bool = false, endpoint: String = "-", errorCode: String? = nil) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
        self.closesConnection = closesConnection
        self.endpoint = endpoint
        self.errorCode = errorCode
    }

    /// `value` as the CLI prints it (``JSONOutput``), `application/json`.
    static func json(_ value: some Encodable, status: Int = 200, endpoint: String,
                     contentType: String = "application/json") -> HTTPResponse {
        do {
            return HTTPResponse(status: status, contentType: contentType, body: try JSONOutput.document(value), endpoint: endpoint)
        } catch {
            return APIError(status: 500, code: "internal", message: "the answer cannot be encoded as JSON").response(endpoint: endpoint)
        }
    }
}

/// An error as the API answers it: `{"error": {"status": N, "code": "…", "message": "…"}}`.
public struct APIError: Error, Hashable, Sendable, LocalizedError {
    /// The HTTP status.
    public let status: Int
    /// A stable, machine-readable code (`bad_place`, `no_route`, `unknown_venue`…).
    public let code: String
    /// What went wrong, for a person: the same words the CLI prints.
    public let message: String
    /// Seconds to wait before trying again (a 429's `Retry-After`), when it is worth saying.
    public let retryAfter: Int?
    /// For a request the core refused (`bad_request`): the field at fault and the problem's code
    /// (`RequestError.Problem.code`), for a client to switch over.
    public let field: String?, reason: String?

    /// An error answered with `status`, `code` and `message` (and `Retry-After: retryAfter` when given).
    public init(status: Int, code: String, message: String, retryAfter: Int? = nil, field: String? = nil, reason: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
        self.field = field
        self.reason = reason
    }

    /// The message, for a person.
    public var errorDescription: String? { message }

    struct Body: Codable {
        struct Inner: Codable {
            let status: Int
            let code: String
            let message: String
            let field: String?
            let reason: String?
        }
        let error: Inner
    }

    /// The error as a JSON response.
    public func response(endpoint: String = "-") -> HTTPResponse {
        var r = HTTPResponse.json(Body(error: .init(status: status, code: code, message: message, field: field, reason: reason)), status: status, endpoint: endpoint)
        r.errorCode = code
        if let retryAfter { r.headers.append(HTTPHeader("Retry-After", String(retryAfter))) }
        return r
    }

    /// The answer for what a use case of the core threw: 400 for a bad place or request, 422 when there is no
    /// route or nothing to draw, 500 otherwise.
    static func from(_ error: any Error) -> APIError {
        switch error {
        case let e as APIError: e
        case let e as PlaceError: APIError(status: 400, code: "bad_place", message: e.localizedDescription)
        case let e as RequestError:
            APIError(status: 400, code: "bad_request", message: e.localizedDescription, field: e.field.rawValue, reason: e.problem.code)
        case let e as RoutingError: APIError(status: 422, code: "no_route", message: e.localizedDescription)
        case RenderError.nothingToDraw(let what): APIError(status: 422, code: "nothing_to_draw", message: "nothing to draw: \(what)")
        case let e as RenderError: APIError(status: 500, code: "render_failed", message: e.localizedDescription)
        default: APIError(status: 500, code: "internal", message: error.localizedDescription)
        }
    }
}
