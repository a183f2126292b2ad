import Logging
import Networking
import Observation
import Persistence

/// Who is using the app, and what happens to their data when that changes: the owner of the session.
///
/// - Launch: the feature restores the remembered user (preferences) with the token from the user's secret store, so
///   a new process starts signed in while the token is there; without the token it starts as the guest with the
///   `sessionEnded` notice. Nothing is sent: the first 401 ends a session the server no longer accepts.
/// - Sign-in (`signIn(userName:)`): while a session is stored, first asks the server whether it still stands
///   (`GET /v1/session`): a 401 (the server's data was reset, or the session was revoked or expired) ends it as any
///   401 does, and the sign-in goes on; an answer naming the user, or no answer at all, is `alreadySignedIn`. Then it
///   checks the name, takes the data directory's sign-in lock (`session.lock` in the
///   data root, shared by every process on it) and, under it, checks that no other process signed someone in
///   meanwhile, sends `POST /v1/session`, adopts the user's data of the layout before instance ids when the server
///   proves it is this instance's (see `adoptLegacyData(of:)`), stores the token in the user's secret store,
///   remembers the user, then reports `SignInEvent` to `onSignInAccepted` (still the guest), switches `current`, and
///   reports it again to `onSignedIn`. Two sign-ins at once on one data directory therefore never mix accounts: the
///   first one wins, the other ends with `alreadySignedIn` before anything is sent.
/// - Account data is keyed by the server's instance id and the user id (`accounts/<instance>-<user>/`), so a server
///   whose data was reset and hands `user_1` to someone else never shows them the previous person's cart, drafts or
///   outbox. A user remembered by an earlier version (no instance id) is not restored at launch: its data stays
///   closed until that user signs in again.
/// - Sign-out (`signOut(force:)`): pushes the outbox; refuses without `force` while changes would be lost; stops the
///   outbox, revokes the session (going on when the server cannot be reached), deletes the token, closes the
///   account's stores and deletes its directory under every root; reports `onSignedOut`.
/// - A 401 for the current token (through `AccountTokenProvider`) signs the user out with `sessionEnded` set and
///   reports `onSignedOut` with `.sessionExpired`; the user's data stays on this device.
///
/// State follows the app's rules: `activity` says what runs, `error` is the last sign-in failure, and screens read
/// `unsentChanges`, `signOutConfirmation`, `sessionEnded` and `lastSignOut`. One operation runs at a time: another
/// call meanwhile is refused as busy.
@MainActor
@Observable
public final class AccountFeature {
    /// What the feature is doing.
    public enum Activity: Sendable, Hashable {
        /// Nothing.
        case idle
        /// A sign-in request is on its way.
        case signingIn
        /// A sign-out is pushing changes, revoking the session or deleting data.
        case signingOut
    }

    /// The preference that remembers the signed-in user (`{"id", "name"}`, never the token) between launches.
    public static let rememberedUserKey = PreferenceKey<AccountUser?>("account.signed_in_user", default: nil)

    // MARK: - State

    /// The guest or the signed-in user.
    public internal(set) var current: CurrentAccount = .guest
    /// What is running.
    public internal(set) var activity: Activity = .idle
    /// Why the last sign-in (or the restore at launch) failed; cleared when a sign-in starts.
    public internal(set) var error: AccountError?
    /// "Signed out, token expired": set when the server rejected the session, until the next sign-in or
    /// `dismissSessionEnded()`.
    public internal(set) var sessionEnded: SessionEnded?
    /// The signed-in user's changes that have not reached the server, as last counted (`refreshUnsentChanges()` or a
    /// sign-out); nil when not counted.
    public internal(set) var unsentChanges: UnsentChanges?
    /// Set when a sign-out stopped because it would lose these changes: the screen asks for confirmation, then calls
    /// `signOut(force: true)` or `cancelSignOut()`.
    public internal(set) var signOutConfirmation: UnsentChanges?
    /// Set when a sign-out stopped because the account keeps data on this device that it would delete (the App's
    /// `localDataCheck` said what): the screen asks for confirmation, like for `signOutConfirmation`.
    public internal(set) var signOutLocalData: [String]?
    /// What the signed-in account keeps on this device that a sign-out deletes, in a few words each (`2 items in the
    /// cart`), asked before signing out; set by the App, which knows the other features. Nil: nothing is checked.
    @ObservationIgnored public var localDataCheck: (@MainActor (StorageAccount) async -> [String])?
    /// Called once a sign-out goes ahead, before the account's data is deleted: the App lets every feature keep what
    /// must outlive the account and returns the sentences the report adds (`SignOutReport.notes`). Nil: nothing.
    @ObservationIgnored public var prepareForSignOut: (@MainActor (StorageAccount) async -> [String])?
    /// What the last completed sign-out did, until the next sign-in.
    public internal(set) var lastSignOut: SignOutReport?

    /// Who is signed in, as plain values for `storefront whoami`.
    public var status: AccountStatus {
        AccountStatus(current: current, sessionEnded: sessionEnded)
    }

    // MARK: - Events

    /// Called when the server accepted a sign-in and the token is stored, while `current` is still the guest: the
    /// place to merge the guest cart into the account's cart before any screen shows the account.
    @ObservationIgnored public var onSignInAccepted: (@MainActor (SignInEvent) async -> Void)?
    /// Called once `current` is the signed-in user: the place to open the account's stores, start its outbox
    /// (`Outbox.start()`, `resumeAfterSignIn()`) and resume a route parked until sign-in. Called once per successful
    /// sign-in, never for a failed one or for the session restored at launch.
    @ObservationIgnored public var onSignedIn: (@MainActor (SignInEvent) async -> Void)?
    /// Called once the user is the guest again, after a sign-out or when the server rejected the session: the place
    /// to move to the guest's stores and routes.
    @ObservationIgnored public var onSignedOut: (@MainActor (SignOutEvent) async -> Void)?

    // MARK: - Dependencies

    let repository: any SessionRepository
    let tokens: AccountTokenProvider
    let preferences: PreferencesStore
    let storageOwner: any AccountStorageOwner
    let layout: StorageLayout
    let logger: Logger

    // MARK: - Initialization

    /// Creates the feature and restores the remembered session (reading the preferences file and the user's secret
    /// store; nothing is sent).
    ///
    /// - Parameters:
    ///   - repository: The session endpoints (`LiveSessionRepository` over the App's API client).
    ///   - tokens: The token provider the App's API client uses; the feature starts and ends its sessions.
    ///   - preferences: App-wide preferences outside every account directory (such as `<config root>/app.json`),
    ///     where the signed-in user is remembered: a store inside `accounts/<id>/` would be deleted at sign-out.
    ///   - storageOwner: The owner of each account's stores (outbox, drain loop, database).
    ///   - layout: The storage roots; sign-out deletes the account's directory under each (`wipeAccount`).
    ///   - logger: Receives sign-ins and sign-outs by user id; never tokens, never user names.
    public init(
        repository: any SessionRepository,
        tokens: AccountTokenProvider,
        preferences: PreferencesStore,
        storageOwner: any AccountStorageOwner,
        layout: StorageLayout,
        logger: Logger
    ) {
        self.repository = repository
        self.tokens = tokens
        self.preferences = preferences
        self.storageOwner = storageOwner
        self.layout = layout
        self.logger = logger
        tokens.setRejectionHandler { [weak self] user in
            await self?.sessionWasRejected(user)
        }
        restoreSession()
    }

    // MARK: - Signing in

    /// Signs in as `userName` (see the type's documentation for the steps and events).
    ///
    /// - Returns: The signed-in user, once `onSignInAccepted` and `onSignedIn` have returned.
    /// - Throws: `AccountError`, also kept in `error` (except `busy` and `cancelled`): `invalidUserName` (nothing
    ///   sent), `alreadySignedIn`, `busy`, the request's failures (`unreachable`, `rejected`, `rateLimited`,
    ///   `serverFailure`, `unexpectedResponse`, `cancelled`), `storage` when the token or the remembered user cannot
    ///   be saved (nothing is kept then), `sessionRejected` when the server rejected the token during
    ///   `onSignInAccepted`. `current` stays the guest after any of them.
    @discardableResult
    public func signIn(userName text: String) async throws(AccountError) -> AccountUser {
        guard activity == .idle else { throw .busy }
        if let user = current.user, await sessionStillStands(user) {
            throw record(.alreadySignedIn(userName: user.name))
        }
        let name: UserName
        do {
            name = try UserName(validating: text)
        } catch {
            throw record(.invalidUserName(error))
        }
        activity = .signingIn
        error = nil
        let lock: FileLock
        do {
            lock = try await Self.takeSignInLock(layout)
        } catch {
            activity = .idle
            logger.notice("sign-in lock not taken", metadata: ["error": "\(error)"])
            if error is FileLockError { throw .busy }
            throw record(.storage(detail: "\(error)"))
        }
        defer { lock.unlock() }
        if let other = signedInElsewhere() {
            activity = .idle
            throw record(.alreadySignedIn(userName: other.name))
        }
        let session: NewSession
        do {
            session = try await repository.createSession(userName: name)
        } catch {
            activity = .idle
            let failure = AccountError(signInFailure: error)
            logger.notice("sign-in failed", metadata: ["error": "\(failure)", "cause": "\(error)"])
            throw failure == .cancelled ? failure : record(failure)
        }
        let user = session.user
        await adoptLegacyData(of: user)
        do {
            try tokens.start(session)
            try preferences.set(user, for: Self.rememberedUserKey)
        } catch {
            logger.error("the session could not be saved", metadata: ["user_id": "\(user.id)", "error": "\(error)"])
            forgetSession(of: user)
            activity = .idle
            throw record(.storage(detail: "\(error)"))
        }
        let event = SignInEvent(user: user)
        await onSignInAccepted?(event)
        guard tokens.currentUser == user else {
            forgetSession(of: user)
            activity = .idle
            throw record(.sessionRejected)
        }
        current = .signedIn(user)
        sessionEnded = nil
        unsentChanges = nil
        signOutConfirmation = nil
        signOutLocalData = nil
        lastSignOut = nil
        activity = .idle
        logger.info("signed in", metadata: ["user_id": "\(user.id)", "instance_id": "\(user.instanceID ?? "")"])
        lock.unlock()
        await onSignedIn?(event)
        return user
    }

    /// Clears the "session ended" notice and forgets the user it names (so the next launch does not show it again).
    public func dismissSessionEnded() {
        guard sessionEnded != nil, !current.isSignedIn else { return }
        sessionEnded = nil
        removeRememberedUser()
    }

    // MARK: - Unsent changes

    /// Counts the signed-in user's changes that have not reached the server into `unsentChanges` (nil for the
    /// guest; `.unknown` when the outbox cannot be read).
    public func refreshUnsentChanges() async {
        guard let user = current.user else {
            unsentChanges = nil
            return
        }
        let outbox = await storageOwner.outbox(for: user.storageAccount)
        let counted: UnsentChanges
        do {
            counted = .count(try await outbox.pendingCount())
        } catch is CancellationError {
            return
        } catch {
            counted = .unknown(reason: "\(error)")
        }
        if current.user == user {
            unsentChanges = counted
        }
    }

    // MARK: - Internal

    /// Keeps `failure` as the last error and returns it.
    func record(_ failure: AccountError) -> AccountError {
        error = failure
        return failure
    }

    /// Forgets the remembered user; a failure is logged (the next launch may then show a stale notice).
    func removeRememberedUser() {
        do {
            try preferences.remove(Self.rememberedUserKey)
        } catch {
            logger.error("the remembered user could not be forgotten", metadata: ["error": "\(error)"])
        }
    }

    // MARK: - Private

    /// Restores the remembered user's session, or the "session ended" notice when the token is gone.
    private func restoreSession() {
        do {
            guard let user = try preferences.value(for: Self.rememberedUserKey).value else { return }
            guard user.instanceID != nil else {
                // Remembered by an earlier version: which server data set the data belongs to is unknown, so it is
                // not opened; the next sign-in of this user moves it once the server proves it issued the session.
                sessionEnded = SessionEnded(user: user)
                logger.notice(
                    "the remembered session predates instance ids; sign in again to move its data",
                    metadata: ["user_id": "\(user.id)"])
                return
            }
            if try tokens.restore(user) {
                current = .signedIn(user)
                logger.debug("session restored", metadata: ["user_id": "\(user.id)"])
            } else {
                sessionEnded = SessionEnded(user: user)
            }
        } catch {
            logger.error("the remembered session could not be read", metadata: ["error": "\(error)"])
            self.error = .storage(detail: "\(error)")
        }
    }

    /// Whether the server still accepts `user`'s stored session (`GET /v1/session`). A 401 has signed the user out
    /// by the time this returns false (the token provider's rejection, `sessionWasRejected`); any other failure keeps
    /// the session (the server could not say), and is logged.
    private func sessionStillStands(_ user: AccountUser) async -> Bool {
        activity = .signingIn
        defer { activity = .idle }
        do {
            _ = try await repository.currentSessionUserID()
            return current.user == user
        } catch APIError.unauthorized {
            logger.notice("the stored session no longer stands", metadata: ["user_id": "\(user.id)"])
            return current.user == user
        } catch {
            logger.notice(
                "whether the stored session stands is unknown",
                metadata: ["user_id": "\(user.id)", "error": "\(error)"])
            return current.user == user
        }
    }

    /// Undoes a sign-in that could not finish: the token and the remembered user go.
    private func forgetSession(of user: AccountUser) {
        do {
            try tokens.end(user)
        } catch {
            logger.error(
                "the unused session token could not be deleted",
                metadata: ["user_id": "\(user.id)", "error": "\(error)"])
        }
        removeRememberedUser()
    }

    /// The server rejected the current token (the provider has forgotten and deleted it already).
    private func sessionWasRejected(_ user: AccountUser) async {
        guard activity != .signingOut, current.user == user else { return }
        current = .guest
        sessionEnded = SessionEnded(user: user)
        unsentChanges = nil
        signOutConfirmation = nil
        signOutLocalData = nil
        logger.notice("signed out: the server rejected the session", metadata: ["user_id": "\(user.id)"])
        await onSignedOut?(SignOutEvent(user: user, reason: .sessionExpired))
    }
}
