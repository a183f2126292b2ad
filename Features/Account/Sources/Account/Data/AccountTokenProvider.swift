import Logging
import Models
import Networking
import Persistence
import Primitives

/// The session's bearer token (RFC 6750) for the API client: kept in the signed-in account's secret store, handed to
/// the client for every authenticated request, and forgotten when the server rejects it.
///
/// The App builds one, gives it to the `APIClient` and to the `AccountFeature`; the feature decides when a session
/// starts and ends. The token lives only in the secret store of the user's account (a `FileSecretStore` in
/// `accounts/<id>/secrets/`, files 0600) and in this object's memory: never in preferences, never in a log record.
///
/// When the client reports a 401 for the current token (`invalidateToken(_:)`), the token is deleted from memory and
/// from the secret store, and the feature hears of it before the client's call throws, so the session is "signed
/// out, token expired" by the time the caller sees `APIError.unauthorized`. Later requests go out without a token
/// (or are not sent, for endpoints that require one): no retry loop. A 401 for an older token (sent before a new
/// sign-in) changes nothing.
///
/// Safe to use from any task: the state sits behind a lock and no lock is held across an `await`.
public final class AccountTokenProvider: AccessTokenProvider {
    /// The secret store of an account: `{ FileSecretStore(directory: layout.secretsDirectory(for: $0), logger: …) }`
    /// in the App.
    public typealias SecretStoreFactory = @Sendable (StorageAccount) -> any SecretStore

    /// Called once the server rejected the current session's token, with the user it belonged to.
    typealias RejectionHandler = @Sendable (AccountUser) async -> Void

    /// The secret item of the token: this service, and the user id as the item's account.
    static let secretService = "storefront.session-token"

    private struct State: Sendable {
        var user: AccountUser?
        var token: Secret?
        var onRejected: RejectionHandler?
    }

    private let secretStores: SecretStoreFactory
    private let logger: Logger
    private let state = Locked(State())

    /// Creates a provider with no session; the `AccountFeature` built with it restores the remembered one.
    ///
    /// - Parameters:
    ///   - secretStores: Returns the secret store of an account.
    ///   - logger: Receives session starts and ends by user id; never tokens.
    public init(secretStores: @escaping SecretStoreFactory, logger: Logger) {
        self.secretStores = secretStores
        self.logger = logger
    }

    // MARK: - AccessTokenProvider

    /// The current session's token, or nil when nobody is signed in.
    public func accessToken() async -> String? {
        state.withLock { $0.token?.utf8String }
    }

    /// Forgets `token` when it is the current session's (deleting it from the account's secret store) and tells the
    /// feature, which signs the user out with the "session ended" notice; does nothing for another token.
    public func invalidateToken(_ token: String) async {
        let rejected: (AccountUser, RejectionHandler?)? = state.withLock { state in
            guard let user = state.user, let current = state.token, current.utf8String == token else { return nil }
            state.user = nil
            state.token = nil
            return (user, state.onRejected)
        }
        guard let (user, onRejected) = rejected else { return }
        logger.notice("the server rejected the session token; signing out", metadata: ["user_id": "\(user.id)"])
        deleteRejectedToken(of: user)
        await onRejected?(user)
    }

    // MARK: - Sessions (used by AccountFeature)

    /// The user whose token is in use, or nil.
    var currentUser: AccountUser? {
        state.withLock { $0.user }
    }

    /// Sets what to call when the server rejects the current token.
    func setRejectionHandler(_ handler: @escaping RejectionHandler) {
        state.withLock { $0.onRejected = handler }
    }

    /// Stores the new session's token in the user's secret store and makes it the current one.
    ///
    /// - Throws: the secret store's errors (`SecretStoreError`, `FileOperationError`); the token is then not in use.
    func start(_ session: NewSession) throws {
        let store = secretStores(session.user.storageAccount)
        let item = session.user.id.rawValue
        do {
            try store.add(session.token, service: Self.secretService, account: item)
        } catch SecretStoreError.itemExists {
            try store.update(session.token, service: Self.secretService, account: item)
        }
        state.withLock { state in
            state.user = session.user
            state.token = session.token
        }
        logger.info("session started", metadata: ["user_id": "\(session.user.id)"])
    }

    /// Reads `user`'s stored token and makes it the current one; returns whether there was one.
    ///
    /// - Throws: the secret store's errors (such as `SecretStoreError.insecurePermissions` for a file others may
    ///   read); nothing is in use then.
    func restore(_ user: AccountUser) throws -> Bool {
        let secret = try secretStores(user.storageAccount).read(service: Self.secretService, account: user.id.rawValue)
        guard let secret, !secret.data.isEmpty else { return false }
        state.withLock { state in
            state.user = user
            state.token = secret
        }
        return true
    }

    /// Whether `user`'s secret store holds a token (read without making it the current one).
    ///
    /// - Throws: the secret store's errors.
    func hasStoredToken(of user: AccountUser) throws -> Bool {
        try storedToken(in: user.storageAccount, userID: user.id) != nil
    }

    /// The token an earlier version stored for user `userID` in `account`'s secret store (the layout before instance
    /// ids), without making it the current one; nil when there is none.
    ///
    /// - Throws: the secret store's errors.
    func storedToken(in account: StorageAccount, userID: UserID) throws -> Secret? {
        let secret = try secretStores(account).read(service: Self.secretService, account: userID.rawValue)
        guard let secret, !secret.data.isEmpty else { return nil }
        return secret
    }

    /// Ends `user`'s session here: forgets the token and deletes it from the user's secret store.
    ///
    /// - Throws: the secret store's errors; the token is forgotten in memory all the same.
    func end(_ user: AccountUser) throws {
        state.withLock { state in
            guard state.user == user else { return }
            state.user = nil
            state.token = nil
        }
        try deleteStoredToken(of: user)
    }

    // MARK: - Private

    private func deleteStoredToken(of user: AccountUser) throws {
        try secretStores(user.storageAccount).delete(service: Self.secretService, account: user.id.rawValue)
    }

    private func deleteRejectedToken(of user: AccountUser) {
        do {
            try deleteStoredToken(of: user)
        } catch {
            logger.error(
                "the rejected session token could not be deleted",
                metadata: ["user_id": "\(user.id)", "error": "\(error)"])
        }
    }
}
