import Foundation
import Logging
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

    /// Ends the current session on the server (`DELETE /v1/session`, with the token from the client's
    /// `AccessTokenProvider`).
    ///
    /// - Throws: `APIError` (`unauthorized` when the server no longer knows the token, transport failures, …), or
    ///   `CancellationError`.
    func revokeSession() async throws
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
    /// - Throws: the client's `APIError` or `CancellationError`; `APIError.decoding` when the user id cannot name a
    ///   directory.
    public func createSession(userName: UserName) async throws -> NewSession {
        let dto = try await client.send(.createSession(userName: userName.value))
        let name = dto.user.name.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        let user: AccountUser
        do {
            user = try AccountUser(id: dto.user.id, name: name.isEmpty ? userName.value : name)
        } catch {
            logger.warning("sign-in answer has an unusable user id", metadata: ["error": "\(error)"])
            throw APIError.decoding(
                DecodingFailure(type: "SessionDTO", codingPath: "user.id", reason: error.description))
        }
        return NewSession(user: user, token: Secret(utf8: dto.token))
    }

    /// Sends `DELETE /v1/session` once (no retries).
    ///
    /// - Throws: the client's `APIError` or `CancellationError`.
    public func revokeSession() async throws {
        _ = try await client.send(.deleteSession)
    }
}
