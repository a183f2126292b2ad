import Logging
import Networking
import Persistence

extension AccountFeature {
    // MARK: - Signing out

    /// Signs the current user out and deletes the account's data on this device.
    ///
    /// In order (see the design's "Accounts and guests"):
    /// 1. asks the account's outbox to push every waiting change (`pushPending()`); when changes remain, or the
    ///    outbox cannot be read, and `force` is false, it stops here: `.confirmationRequired` with the count, also in
    ///    `signOutConfirmation`, and nothing has changed; likewise when `localDataCheck` names data the account keeps on
    ///    this device (a cart, a checkout in progress): `.localDataWouldBeDeleted`, also in `signOutLocalData`;
    /// 2. lets the features keep what must outlive the account (`prepareForSignOut`, whose sentences the report adds),
    ///    then stops the account's outbox (`AccountStorageOwner.stopOutbox(for:)`);
    /// 3. revokes the session (`DELETE /v1/session`, tried once); a server that cannot be reached or fails does not
    ///    stop the sign-out, and the report says so;
    /// 4. deletes the token from the account's secret store and forgets the remembered user;
    /// 5. closes the account's stores (`AccountStorageOwner.closeStores(for:)`) and deletes the account's directory
    ///    under every XDG root (`StorageLayout.wipeAccount`): database with `-wal` and `-shm`, secrets, preferences,
    ///    caches and state;
    /// 6. makes `current` the guest, keeps the report in `lastSignOut` and reports `onSignedOut`.
    ///
    /// Cancelling the calling task during step 1 leaves the user signed in (`.cancelled`); from step 2 on, the
    /// sign-out finishes.
    ///
    /// - Parameter force: Sign out even when changes have not reached the server (they are discarded): the answer to
    ///   the confirmation, `storefront logout --force`.
    /// - Returns: What happened; `message` describes it.
    @discardableResult
    public func signOut(force: Bool) async -> SignOutOutcome {
        guard activity == .idle else { return .busy }
        guard let user = current.user else { return .notSignedIn }
        activity = .signingOut
        error = nil
        signOutConfirmation = nil
        signOutLocalData = nil
        let account = user.storageAccount

        let unsent = await pushUnsentChanges(of: account)
        guard !Task.isCancelled else {
            activity = .idle
            return .cancelled
        }
        unsentChanges = unsent
        if unsent.mayLoseChanges, !force {
            signOutConfirmation = unsent
            activity = .idle
            logger.info("sign-out needs confirmation", metadata: ["user_id": "\(user.id)", "unsent": "\(unsent)"])
            return .confirmationRequired(unsent)
        }
        if !force, let check = localDataCheck {
            let kept = await check(account)
            if !kept.isEmpty {
                signOutLocalData = kept
                activity = .idle
                logger.info("sign-out needs confirmation", metadata: ["user_id": "\(user.id)", "kept": "\(kept)"])
                return .localDataWouldBeDeleted(kept)
            }
        }

        let notes = await prepareForSignOut?(account) ?? []
        await storageOwner.stopOutbox(for: account)
        let revocation = await revokeSession()
        let removalProblem = await deleteLocalData(of: user)
        let report = SignOutReport(
            user: user, revocation: revocation, discardedChanges: unsent, removalProblem: removalProblem,
            notes: notes)
        current = .guest
        unsentChanges = nil
        sessionEnded = nil
        lastSignOut = report
        activity = .idle
        logger.info(
            "signed out",
            metadata: ["user_id": "\(user.id)", "revocation": "\(revocation)", "discarded": "\(unsent)"])
        await onSignedOut?(SignOutEvent(user: user, reason: .signedOut(report)))
        return .signedOut(report)
    }

    /// Forgets a sign-out waiting for confirmation (the user chose to stay signed in).
    public func cancelSignOut() {
        signOutConfirmation = nil
        signOutLocalData = nil
    }

    // MARK: - Private

    /// Pushes the account's outbox and returns what is left (`.unknown` when the outbox cannot be read).
    private func pushUnsentChanges(of account: StorageAccount) async -> UnsentChanges {
        let outbox = await storageOwner.outbox(for: account)
        do {
            return .count(try await outbox.pushPending().remaining)
        } catch {
            logger.warning("the outbox could not be pushed before sign-out", metadata: ["error": "\(error)"])
            return .unknown(reason: "\(error)")
        }
    }

    /// Ends the session on the server, reporting (never throwing) what happened.
    private func revokeSession() async -> SignOutReport.Revocation {
        do {
            try await repository.revokeSession()
            return .revoked
        } catch APIError.unauthorized {
            return .alreadyEnded
        } catch {
            logger.notice("the session could not be revoked on the server", metadata: ["error": "\(error)"])
            return .failed(reason: "\(error)")
        }
    }

    /// Deletes the token, the remembered user and the account's directories; returns why something was left, if so.
    private func deleteLocalData(of user: AccountUser) async -> String? {
        do {
            try tokens.end(user)
        } catch {
            logger.error(
                "the session token could not be deleted", metadata: ["user_id": "\(user.id)", "error": "\(error)"])
        }
        removeRememberedUser()
        await storageOwner.closeStores(for: user.storageAccount)
        do {
            try layout.wipeAccount(user.storageAccount)
            return nil
        } catch {
            logger.error(
                "the account's files could not all be deleted",
                metadata: ["user_id": "\(user.id)", "error": "\(error)"])
            return "\(error)"
        }
    }
}
