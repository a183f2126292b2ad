import DesignSystem
import FeatureKit
import Observation

/// The account screen's state, ready to show: who is signed in, the changes not yet sent, the sign-out with its
/// confirmation, and the banner (a sign-out's result, the notice of a session that ended, a failure).
@MainActor
@Observable
public final class AccountViewModel {
    /// The screen's title.
    public let title = "Account"

    /// Called when a guest asks to sign in (the App shows the sign-in screen).
    @ObservationIgnored public var onSignInRequested: (@MainActor () -> Void)?

    @ObservationIgnored private let feature: AccountFeature

    /// Creates the screen's model.
    public init(feature: AccountFeature) {
        self.feature = feature
    }

    // MARK: - State to show

    /// `Signed in as ada` or `Not signed in`.
    public var headline: String {
        guard let user = feature.current.user else { return "Not signed in" }
        return "Signed in as \(user.name)"
    }

    /// Lines under the headline: the user id, or what a guest can do.
    public var details: [String] {
        guard let user = feature.current.user else {
            return ["Browsing as a guest: the feed, search and the cart work; likes and orders need you to sign in."]
        }
        return ["User id: \(user.id)"]
    }

    /// The signed-in user's changes not yet sent (`2 changes have not reached the server yet.`); nil for the guest
    /// or before they were counted.
    public var unsentChangesLine: String? {
        guard feature.current.isSignedIn else { return nil }
        return feature.unsentChanges?.message
    }

    /// `Signing out…` while a sign-out runs.
    public var statusLine: String? {
        feature.activity == .signingOut ? "Signing out…" : nil
    }

    /// Whether a sign-out waits for the user's confirmation.
    public var needsConfirmation: Bool { feature.signOutConfirmation != nil || feature.signOutLocalData != nil }

    /// Whether the user can sign out now.
    public var canSignOut: Bool { feature.current.isSignedIn && feature.activity == .idle }

    /// Whether a guest can go to the sign-in screen now.
    public var canSignIn: Bool { !feature.current.isSignedIn && feature.activity == .idle }

    /// The banner: a sign-out waiting for confirmation, the last sign-out's result, the notice of a session that
    /// ended, or the last failure.
    public var message: Notice? {
        if let confirmation = feature.signOutConfirmation {
            return Notice(.warning, message: confirmation.message + " Sign out anyway and lose them?")
        }
        if let kept = feature.signOutLocalData {
            return Notice(
                .warning,
                message: "Signing out deletes this account's data on this device: " + kept.joined(separator: ", ")
                    + ". Sign out anyway?")
        }
        if let report = feature.lastSignOut, !feature.current.isSignedIn {
            return Notice(report.removalProblem == nil ? .info : .warning, message: report.message)
        }
        if let sessionEnded = feature.sessionEnded {
            return Notice(.warning, message: sessionEnded.message)
        }
        if let error = feature.error {
            return Notice(.error, message: error.message)
        }
        return nil
    }

    // MARK: - Intents

    /// What the account screen asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Count the changes not yet sent.
        case refresh
        /// Sign out, asking first when changes would be lost.
        case signOut
        /// Sign out although changes would be lost.
        case confirmSignOut
        /// Stay signed in.
        case cancelSignOut
        /// Ask for the sign-in screen.
        case requestSignIn
    }

    /// The screen's one entry point: does `intent`, starting (and owning) the task of what waits.
    ///
    /// - Returns: Whether it applied (a sign-out while one runs does not), and the task.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .refresh:
            return .started(refresh())
        case .signOut:
            return signOut().map { task in .started(Task { _ = await task.value }) } ?? .ignored
        case .confirmSignOut:
            return confirmSignOut().map { task in .started(Task { _ = await task.value }) } ?? .ignored
        case .cancelSignOut:
            cancelSignOut()
        case .requestSignIn:
            guard canSignIn else { return .ignored }
            requestSignIn()
        }
        return .handled
    }

    // MARK: - Actions

    /// Counts the changes not yet sent.
    @discardableResult
    func refresh() -> Task<Void, Never> {
        Task { [feature] in await feature.refreshUnsentChanges() }
    }

    /// Signs out without discarding anything: when changes would be lost, the screen asks for confirmation.
    ///
    /// - Returns: The sign-out's task; nil when signing out is not possible now.
    @discardableResult
    func signOut() -> Task<SignOutOutcome, Never>? {
        guard canSignOut else { return nil }
        return Task { [feature] in await feature.signOut(force: false) }
    }

    /// Signs out although changes would be lost (the answer to the confirmation).
    ///
    /// - Returns: The sign-out's task; nil when no confirmation is pending.
    @discardableResult
    func confirmSignOut() -> Task<SignOutOutcome, Never>? {
        guard needsConfirmation, canSignOut else { return nil }
        return Task { [feature] in await feature.signOut(force: true) }
    }

    /// Stays signed in (the other answer to the confirmation).
    func cancelSignOut() {
        feature.cancelSignOut()
    }

    /// Asks the App for the sign-in screen (a guest's `l`).
    func requestSignIn() {
        guard canSignIn else { return }
        onSignInRequested?()
    }
}
