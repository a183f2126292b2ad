/// How many changes have not reached the server yet, as far as the outbox can tell.
public enum UnsentChanges: Sendable, Hashable {
    /// This many entries are waiting in the outbox (0: everything was sent).
    case count(Int)
    /// The outbox could not be read (its database did not open); `reason` says why.
    case unknown(reason: String)

    /// Whether signing out now could lose something.
    public var mayLoseChanges: Bool {
        switch self {
        case .count(let count): return count > 0
        case .unknown: return true
        }
    }

    /// `3 changes have not reached the server yet.`, `Every change has reached the server.`, or why it is unknown.
    public var message: String {
        switch self {
        case .count(0): return "Every change has reached the server."
        case .count(1): return "1 change has not reached the server yet."
        case .count(let count): return "\(count) changes have not reached the server yet."
        case .unknown(let reason): return "Could not check for changes not yet sent: \(reason)."
        }
    }
}

/// What `AccountFeature.signOut(force:)` did.
public enum SignOutOutcome: Sendable, Hashable {
    /// The user is signed out and the account's data on this device is deleted (see the report).
    case signedOut(SignOutReport)
    /// Nothing was done: signing out would lose changes that could not be sent; call again with `force: true` to
    /// sign out anyway.
    case confirmationRequired(UnsentChanges)
    /// Nothing was done: every change reached the server, but the account keeps data on this device that signing out
    /// deletes (`2 items in the cart`, `a checkout in progress`); call again with `force: true` to sign out anyway.
    case localDataWouldBeDeleted([String])
    /// Nobody is signed in; nothing was done.
    case notSignedIn
    /// A sign-in or sign-out is running; nothing was done.
    case busy
    /// The calling task was cancelled before anything was deleted; the user is still signed in.
    case cancelled

    /// Whether the user is signed out now because of this call.
    public var didSignOut: Bool {
        if case .signedOut = self { return true }
        return false
    }

    /// What happened, for a screen's banner or a command's output (commands add how to force, such as `--force`).
    public var message: String {
        switch self {
        case .signedOut(let report):
            return report.message
        case .confirmationRequired(let changes):
            return changes.message + " Signing out now would lose them."
        case .localDataWouldBeDeleted(let kept):
            return "Signing out deletes this account's data on this device: " + kept.joined(separator: ", ") + "."
        case .notSignedIn:
            return "Not signed in."
        case .busy:
            return AccountError.busy.message
        case .cancelled:
            return "Sign-out was cancelled; you are still signed in."
        }
    }
}

/// What a completed sign-out did on the server and on this device.
public struct SignOutReport: Sendable, Hashable {
    /// What happened to the session on the server.
    public enum Revocation: Sendable, Hashable {
        /// The server ended the session (204).
        case revoked
        /// The server did not know the token any more (401): the session had ended already.
        case alreadyEnded
        /// The server could not be reached or failed; `reason` says how. The token was deleted here all the same,
        /// so this device cannot use the session again.
        case failed(reason: String)
    }

    /// The user who signed out.
    public let user: AccountUser
    /// What happened to the session on the server.
    public let revocation: Revocation
    /// The changes deleted without reaching the server (a forced sign-out).
    public let discardedChanges: UnsentChanges
    /// Why some of the account's files could not be deleted (they are listed), or nil when all of them were.
    public let removalProblem: String?
    /// What the features said about data that outlives the account (a lists folder the user chose, the record of
    /// an order whose outcome is unknown), one sentence each, in the order the features were asked.
    public let notes: [String]

    /// Creates a report.
    public init(
        user: AccountUser, revocation: Revocation, discardedChanges: UnsentChanges, removalProblem: String?,
        notes: [String] = []
    ) {
        self.user = user
        self.revocation = revocation
        self.discardedChanges = discardedChanges
        self.removalProblem = removalProblem
        self.notes = notes
    }

    /// Sentences for the user: signed out, what the server did, what was deleted or discarded.
    public var message: String {
        var sentences = ["Signed out of \(user.name)."]
        if case .failed = revocation {
            sentences.append("The server could not be reached, so the session was ended on this device only.")
        }
        switch discardedChanges {
        case .count(0): break
        case .count(1): sentences.append("1 change that had not reached the server was discarded.")
        case .count(let count): sentences.append("\(count) changes that had not reached the server were discarded.")
        case .unknown: sentences.append("Changes that had not reached the server, if any, were discarded.")
        }
        if let removalProblem {
            sentences.append("Some of the account's data could not be deleted from this device: \(removalProblem)")
        } else {
            sentences.append("The account's data was deleted from this device.")
        }
        sentences += notes
        return sentences.joined(separator: " ")
    }
}
