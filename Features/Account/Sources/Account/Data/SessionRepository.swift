import Foundation
import Logging
import Models
import Networking
import Persistence

/// The session endpoints of the API, as `AccountFeature` uses them. DTOs stay behind this boundary: callers get
/// domain values.
public protocol SessionRepository: Sendable {
    /// Signs `userName` in (`POST /v1/session`) and returns the new session.
    ///
    /// - Throws: `APIError` (a 422 for a name the server refuses, transport failures, …), or `CancellationError`.
    ///   An answer whose user id cannot name a directory is `APIError.decoding`.
    func createSession(userName: UserName) async throws -> NewSession

    /// Asks the server whether the current session still stands (`GET /v1/session`, with the token from the client's
    /// `AccessTokenProvider`), returning the user id it names.
    ///
    /// - Throws: `APIError` (`unauthorized` when the server does not know the token: a reset data set, a revoked or
    ///   expired session; the token provider has then ended the session), or `CancellationError`.
    func currentSessionUserID() async throws -> UserID

    /// Ends the current session on the server (`DELETE /v1/session`, with the token from the client's
    /// `AccessTokenProvider`).
    ///
    /// - Throws: `APIError` (`unauthorized` when the server no longer knows the token, transport failures, …), or
    ///   `CancellationError`.
    func revokeSession() async throws

    /// Ends the session of `token`, which is not the current one (`DELETE /v1/session` with that token), such as a
    /// session an earlier version stored: a success proves this server issued the token.
    ///
    /// - Throws: `APIError` (`unauthorized` when the server does not know the token: another server, a reset data
    ///   set, or an expired session), or `CancellationError`.
    func revokeSession(token: Secret) async throws
}

/// The session endpoints over the API client.
public struct LiveSessionRepository: SessionRepository {
    private let client: APIClient
    private let logger: Logger

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - client: The app's API client, whose token provider is the `AccountTokenProvider` (so the revocation
    ///     carries the session's token).
    ///   - logger: Receives answers that could not be used (never tokens).
    public init(client: APIClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// Sends `POST /v1/session` and maps the answer to a `NewSession`.
    ///
    /// - Throws: the client's `APIError` or `CancellationError`; `APIError.decoding` when the answer has no
    ///   `instance_id`, or the user id or instance id cannot name a directory.
    public func createSession(userName: UserName) async throws -> NewSession {
        let dto = try await client.send(.createSession(userName: userName.value))
        let name = dto.user.name.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        guard let instanceID = dto.instanceId else {
            logger.warning("sign-in answer has no instance_id")
            throw APIError.decoding(
                DecodingFailure(
                    type: "SessionDTO", codingPath: "instance_id",
                    reason:
                        "the sign-in answer names no server instance (instance_id), so local data cannot be kept apart")
            )
        }
        let user: AccountUser
        do {
            user = try AccountUser(id: dto.user.id, name: name.isEmpty ? userName.value : name, instanceID: instanceID)
        } catch {
            logger.warning("sign-in answer has an unusable user id", metadata: ["error": "\(error)"])
            throw APIError.decoding(
                DecodingFailure(type: "SessionDTO", codingPath: "user.id", reason: error.description))
        }
        return NewSession(user: user, token: Secret(utf8: dto.token))
    }

    /// Sends `GET /v1/session` once (no retries).
    ///
    /// - Throws: the client's `APIError` or `CancellationError`.
    public func currentSessionUserID() async throws -> UserID {
        try await client.send(.currentSession).user.id
    }

    /// Sends `DELETE /v1/session` once (no retries).
    ///
    /// - Throws: the client's `APIError` or `CancellationError`.
    public func revokeSession() async throws {
        _ = try await client.send(.deleteSession)
    }

    /// Sends `DELETE /v1/session` once with `token`.
    ///
    /// - Throws: the client's `APIError` or `CancellationError`.
    public func revokeSession(token: Secret) async throws {
        _ = try await client.send(.deleteSession(token: token.utf8String ?? ""))
    }
}
