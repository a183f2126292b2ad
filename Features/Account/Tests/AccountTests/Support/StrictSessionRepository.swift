import Account
import Models
import Persistence
import TestSupport
import Testing

/// A `SessionRepository` that answers only the calls a test gives a handler for; any other call records an `Issue`
/// (so the test fails, naming the call) and throws TestSupport's `UnexpectedCall`. With no handler at all it proves that nothing
/// reaches the server's session endpoints.
struct StrictSessionRepository: SessionRepository {
    var createSession: (@Sendable (UserName) async throws -> NewSession)?
    var currentSessionUserID: (@Sendable () async throws -> UserID)?
    var revokeSession: (@Sendable () async throws -> Void)?
    var revokeSessionToken: (@Sendable (Secret) async throws -> Void)?

    func createSession(userName: UserName) async throws -> NewSession {
        guard let createSession else {
            throw recordUnexpectedCall("SessionRepository.createSession(userName: \(userName))")
        }
        return try await createSession(userName)
    }

    func currentSessionUserID() async throws -> UserID {
        guard let currentSessionUserID else { throw recordUnexpectedCall("SessionRepository.currentSessionUserID()") }
        return try await currentSessionUserID()
    }

    func revokeSession() async throws {
        guard let revokeSession else { throw recordUnexpectedCall("SessionRepository.revokeSession()") }
        try await revokeSession()
    }

    func revokeSession(token: Secret) async throws {
        guard let revokeSessionToken else { throw recordUnexpectedCall("SessionRepository.revokeSession(token:)") }
        try await revokeSessionToken(token)
    }
}
