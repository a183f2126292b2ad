import Account
import FeaturePreview
import Foundation
import Models
import Networking
import Persistence
import Primitives

/// Sessions as the demo server gives them, from the preview: any valid name signs in as `user_1` on one fixed server
/// instance; or every call waits forever, or fails offline.
struct PreviewSessionRepository: SessionRepository {
    /// How the server answers.
    enum Answer: Sendable {
        /// As the demo server does.
        case server
        /// Never (the request is still on its way).
        case pending
        /// Not connected to the internet.
        case offline
    }

    /// The server instance every preview session is on.
    static let instance = "srv_0123456789abcdef0123456789abcdef"

    var answer = Answer.server

    func createSession(userName: UserName) async throws -> NewSession {
        try await respond()
        let user = try AccountUser(id: "user_1", name: userName.value, instanceID: Self.instance)
        return NewSession(user: user, token: Secret(utf8: "tok-preview"))
    }

    func currentSessionUserID() async throws -> UserID {
        try await respond()
        return "user_1"
    }

    func revokeSession() async throws {
        try await respond()
    }

    func revokeSession(token: Secret) async throws {
        try await respond()
    }

    private func respond() async throws {
        switch answer {
        case .server: return
        case .pending: try await PreviewData.pending() as Void
        case .offline: throw APIError.transport(.notConnectedToInternet)
        }
    }
}

/// The account's secrets in memory (the preview touches no keychain and no secrets file).
final class InMemorySecrets: SecretStore {
    private let items = Locked<[String: Secret]>([:])

    func add(_ secret: Secret, service: String, account: String) throws {
        try items.withLock { items in
            guard items["\(service)/\(account)"] == nil else {
                throw SecretStoreError.itemExists(service: service, account: account)
            }
            items["\(service)/\(account)"] = secret
        }
    }

    func update(_ secret: Secret, service: String, account: String) throws {
        try items.withLock { items in
            guard items["\(service)/\(account)"] != nil else {
                throw SecretStoreError.itemNotFound(service: service, account: account)
            }
            items["\(service)/\(account)"] = secret
        }
    }

    func read(service: String, account: String) throws -> Secret? {
        items.withLock { $0["\(service)/\(account)"] }
    }

    func delete(service: String, account: String) throws -> Bool {
        items.withLock { $0.removeValue(forKey: "\(service)/\(account)") != nil }
    }
}

/// Each account's outbox as the preview holds it: `pending` changes not yet sent, which a push never sends (the
/// preview has no server), so a sign-out with some asks for confirmation.
struct PreviewStorageOwner: AccountStorageOwner {
    struct Outbox: PendingChangesOutbox {
        let pending: Int

        func pendingCount() async throws -> Int { pending }

        func pushPending() async throws -> OutboxPushReport {
            OutboxPushReport(pushed: 0, deadLettered: 0, remaining: pending)
        }
    }

    let pending: Int

    func outbox(for account: StorageAccount) async -> any PendingChangesOutbox {
        Outbox(pending: account == .guest ? 0 : pending)
    }

    func stopOutbox(for account: StorageAccount) async {}

    func closeStores(for account: StorageAccount) async {}
}
