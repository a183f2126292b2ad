import Foundation
import Logging
import Networking
import Persistence
import Primitives

extension AccountFeature {
    /// How long a sign-in waits for another process's sign-in on the same data directory to finish.
    nonisolated static let signInLockTimeout = Duration.seconds(30)

    /// The lock file every sign-in on the data directory takes: `session.lock` in the data root.
    nonisolated static func signInLockURL(_ layout: StorageLayout) -> URL {
        layout.url(of: .data).appending(path: "session.lock")
    }

    /// Takes the sign-in lock on a thread of its own (the wait blocks a thread, never a task of the pool).
    ///
    /// The lock travels back through a `Locked` box rather than through the continuation alone, so the `FileLock`
    /// built on that thread is visibly published to the thread that resumes and later unlocks it (ThreadSanitizer
    /// does not see the continuation's own ordering as a happens-before edge; Persistence's database open does the
    /// same).
    ///
    /// - Throws: `FileLockError.timedOut` when another sign-in held it for `signInLockTimeout`;
    ///   `FileOperationError` when the lock file cannot be created.
    static func takeSignInLock(_ layout: StorageLayout) async throws -> FileLock {
        let url = signInLockURL(layout)
        let timeout = signInLockTimeout
        let result = Locked<Result<FileLock, any Error>?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                let taken = Result { try FileLock.acquire(url, timeout: timeout, clock: ContinuousClock()) }
                result.withLock { $0 = taken }
                continuation.resume()
            }
            thread.name = "storefront.sign-in-lock"
            thread.start()
        }
        guard let taken = result.withLock({ $0 }) else {
            throw FileOperationError(operation: "lock", path: url.path, reason: "taking the lock produced no result")
        }
        return try taken.get()
    }

    /// The user another process signed in since this one read the preferences, if any: the remembered user, read
    /// again from the file, whose token is in its secret store. Called under the sign-in lock.
    func signedInElsewhere() -> AccountUser? {
        preferences.reload()
        guard let remembered = try? preferences.value(for: Self.rememberedUserKey).value,
            remembered.instanceID != nil, (try? tokens.hasStoredToken(of: remembered)) == true
        else { return nil }
        return remembered
    }

    /// Moves `user`'s data of the layout before instance ids (`accounts/<id>/`) to its keyed name, when the server
    /// proves it belongs to this instance.
    ///
    /// The old layout recorded no instance, so the proof is the session an earlier version stored with the data: its
    /// token is sent once (`DELETE /v1/session` with that token, which also ends the old session). Only the server
    /// data set that issued the token accepts it; a reset server or another server answers 401. Then:
    /// - accepted: the directories move under every root (`StorageLayout.adoptLegacyAccount(_:as:)`);
    /// - rejected, no stored token, or the server could not be asked: nothing moves and nothing of it is opened (the
    ///   next sign-in of the same user id asks again while a token is there); the log says why.
    /// Nothing happens when the user already has data under the keyed name.
    func adoptLegacyData(of user: AccountUser) async {
        guard user.instanceID != nil, let legacy = user.legacyStorageAccount, legacy != user.storageAccount else {
            return
        }
        let metadata: Logger.Metadata = ["user_id": "\(user.id)", "instance_id": "\(user.instanceID ?? "")"]
        do {
            guard try layout.hasFiles(of: legacy), try !layout.hasFiles(of: user.storageAccount) else { return }
            guard let token = try tokens.storedToken(in: legacy, userID: user.id) else {
                logger.notice(
                    "data of an earlier version has no session to prove its server; left closed", metadata: metadata)
                return
            }
            do {
                try await repository.revokeSession(token: token)
            } catch APIError.unauthorized {
                logger.notice(
                    "data of an earlier version belongs to another server data set; left closed", metadata: metadata)
                return
            }
            let moved = try layout.adoptLegacyAccount(legacy, as: user.storageAccount)
            logger.info(
                "moved data of an earlier version to the instance's account",
                metadata: metadata.merging(["roots": "\(moved.map(\.rawValue).joined(separator: ","))"]) { $1 })
        } catch {
            logger.warning(
                "data of an earlier version could not be checked; left closed",
                metadata: metadata.merging(["error": "\(error)"]) { $1 })
        }
    }
}
