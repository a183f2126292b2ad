import Networking

/// Why signing in (or restoring the session at launch) did not work, with a message a screen or a command can show
/// as it is.
public enum AccountError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The user name cannot be used; nothing was sent.
    case invalidUserName(UserNameProblem)
    /// A user is signed in already; sign out first to use another account.
    case alreadySignedIn(userName: String)
    /// A sign-in or sign-out is still running.
    case busy
    /// The server could not be reached (no connection, refused, lost before an answer).
    case unreachable
    /// The answer did not arrive whole (the connection dropped, the body was cut short or over the cap) or TLS
    /// failed: said as such, naming the server's `host:port` (`TransferInterruption`).
    case interrupted(TransferInterruption)
    /// The server took the connection but did not answer within the request's deadline (`--request-timeout`).
    case timedOut
    /// The server refused the request (a 4xx answer other than 401 and 429, such as 422 `validation_failed`).
    case rejected(status: Int)
    /// The server asks to slow down (429).
    case rateLimited
    /// The server failed (5xx).
    case serverFailure(status: Int)
    /// The server's answer could not be used (it did not decode, or its user id cannot name a directory); `detail`
    /// is for logs.
    case unexpectedResponse(detail: String)
    /// The server refused the new session's token before the sign-in finished.
    case sessionRejected
    /// The session could not be saved on, or read from, this device; `detail` names the file or store.
    case storage(detail: String)
    /// The task that was signing in was cancelled.
    case cancelled

    /// One or two sentences for the user (English), never the server's own message.
    public var message: String {
        switch self {
        case .invalidUserName(let problem):
            return problem.message
        case .alreadySignedIn(let userName):
            return "Already signed in as \(userName). Sign out first to use another account."
        case .busy:
            return "A sign-in or sign-out is still running. Wait for it to finish."
        case .unreachable:
            return "Could not reach the server. Check the connection and try again."
        case .interrupted(let interruption):
            return interruption.sentence
        case .timedOut:
            return "The server timed out: it took the request but did not answer in time. Try again later."
        case .rejected:
            return "The server did not accept this user name. Try another one."
        case .rateLimited:
            return "Too many attempts. Wait a moment and try again."
        case .serverFailure:
            return "The server could not sign you in right now. Try again later."
        case .unexpectedResponse:
            return "The server's answer could not be understood, so you are not signed in."
        case .sessionRejected:
            return "The server refused the new session at once, so you are not signed in. Try again."
        case .storage(let detail):
            return "The session could not be kept on this device (\(detail)), so you are not signed in."
        case .cancelled:
            return "Sign-in was cancelled."
        }
    }

    /// The message.
    public var description: String { message }

    /// The error for a failed sign-in request: `CancellationError` is `cancelled`; an `APIError` goes by its
    /// category (see `APIError.Category`); anything else is an unexpected response.
    init(signInFailure error: any Error) {
        switch error {
        case is CancellationError:
            self = .cancelled
        case let apiError as APIError:
            self = Self(apiError)
        default:
            self = .unexpectedResponse(detail: String(describing: error))
        }
    }

    private init(_ error: APIError) {
        if case .interrupted(let interruption) = error {
            self = .interrupted(interruption)
            return
        }
        switch error.category {
        case .timeout:
            self = .timedOut
        case .offline, .cancelled:
            self = .unreachable
        case .rateLimited:
            self = .rateLimited
        case .server:
            self = .serverFailure(status: error.status ?? 500)
        case .invalidInput, .conflict, .forbidden, .notFound:
            self = .rejected(status: error.status ?? 400)
        case .unauthorized, .unexpected:
            self = .unexpectedResponse(detail: error.description)
        }
    }
}
