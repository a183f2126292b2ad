import Foundation
import Networking
import Primitives

/// What `ScriptedTransport` answers to one request: an HTTP answer, a transport failure, or silence until cancelled,
/// optionally after a delay on the transport's clock.
public struct ScriptedResponse: Sendable {
    /// How the request ends.
    public enum Outcome: Sendable, Hashable {
        /// An HTTP answer with any status (4xx and 5xx are answers too, as with the live transports).
        case answer(status: Int, headers: [String: String], body: Data)
        /// A transport failure: `send` throws `URLError(code)`.
        case failure(URLError.Code)
        /// No answer ever: `send` waits until its task is cancelled, then throws `URLError(.cancelled)`.
        case stall
    }

    /// How the request ends.
    public var outcome: Outcome
    /// How long the transport waits on its clock before the outcome; nil answers at once.
    public var delay: Duration?

    /// Creates a response from its outcome and delay.
    public init(_ outcome: Outcome, delay: Duration? = nil) {
        self.outcome = outcome
        self.delay = delay
    }

    /// The same response, given after `delay` on the transport's clock. Cancelling the request during the delay
    /// makes `send` throw `URLError(.cancelled)`, as URLSession did on Linux (the client maps it as it maps the
    /// live transport's `CancellationError`).
    public func delayed(by delay: Duration) -> ScriptedResponse {
        ScriptedResponse(outcome, delay: delay)
    }

    /// An answer with `body` as it is.
    public static func data(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> ScriptedResponse {
        ScriptedResponse(.answer(status: status, headers: headers, body: body))
    }

    /// A JSON answer with `text` as the body and `Content-Type: application/json`.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> ScriptedResponse {
        data(Data(text.utf8), status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 })
    }

    /// A JSON answer with `value` encoded by the API's encoder (`APIJSON.makeEncoder()`).
    ///
    /// - Throws: the encoder's `EncodingError`.
    public static func json(
        encoding value: some Encodable,
        status: Int = 200,
        headers: [String: String] = [:]
    ) throws -> ScriptedResponse {
        let body = try APIJSON.makeEncoder().encode(value)
        return data(body, status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 })
    }

    /// An answer with `status` and an empty body.
    public static func status(_ status: Int, headers: [String: String] = [:]) -> ScriptedResponse {
        data(Data(), status: status, headers: headers)
    }

    /// `204 No Content` with an empty body.
    public static var noContent: ScriptedResponse { status(204) }

    /// An answer with the API's error body, `{"error": {"code", "message", "retry_after"?, "details"?}}`.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - code: The error code, such as `"price_changed"`.
    ///   - message: The message.
    ///   - retryAfter: The body's `retry_after` in seconds, if any.
    ///   - details: The code-specific details, if any.
    ///   - headers: Extra headers, such as `Retry-After`.
    public static func apiError(
        status: Int,
        code: String,
        message: String = "",
        retryAfter: Int? = nil,
        details: JSONValue? = nil,
        headers: [String: String] = [:]
    ) -> ScriptedResponse {
        let body = APIErrorBody(
            code: code, message: message, retryAfter: retryAfter.map { .seconds($0) }, details: details)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a dictionary of an `APIErrorBody` cannot fail: every value in it is a string, number or JSON.
        let data = (try? encoder.encode(["error": body])) ?? Data()
        return Self.data(data, status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 })
    }

    /// An HTML answer, such as the error page of a proxy in front of the server.
    public static func html(_ text: String, status: Int, headers: [String: String] = [:]) -> ScriptedResponse {
        data(Data(text.utf8), status: status, headers: ["Content-Type": "text/html"].merging(headers) { $1 })
    }

    /// A transport failure with `code`, such as `.notConnectedToInternet`.
    public static func failure(_ code: URLError.Code) -> ScriptedResponse {
        ScriptedResponse(.failure(code))
    }

    /// No answer until the request is cancelled (by the caller or by the client's deadline).
    public static var stall: ScriptedResponse {
        ScriptedResponse(.stall)
    }
}
