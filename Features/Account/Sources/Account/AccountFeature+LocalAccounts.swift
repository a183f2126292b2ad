import Foundation
import Logging
import Persistence

/// An account's data on this device: `accounts/<id>/` under one or more storage roots.
public struct LocalAccount: Sendable, Hashable, Encodable {
    /// The directory name: `<instance>-<user>` (signed in with instance ids) or a user id (an earlier version's
    /// layout). `storefront accounts delete ID` takes it.
    public let id: String
    /// The server data set the data came from; nil for an earlier version's layout.
    public let instanceId: String?
    /// The user id on that data set.
    public let userId: String
    /// Whether it is the signed-in account's data.
    public let active: Bool
    /// The storage roots holding a directory of it (`data`, `config`, `cache`, `state`).
    public let roots: [String]
    /// The bytes of its files, under every root.
    public let bytes: Int64
}

/// Why `deleteLocalAccount(id:)` deleted nothing.
public enum LocalAccountError: Error, Sendable, Hashable {
    /// No account of this device has that id.
    case notFound(String)
    /// The id is the signed-in account's: sign-out deletes it, after pushing its changes (`storefront logout`).
    case active(String)
    /// Its files could not all be deleted.
    case deletion(String, reason: String)

    /// One line for people.
    public var message: String {
        switch self {
        case .notFound(let id): "no account data named \(id) on this device"
        case .active(let id):
            "\(id) is the signed-in account: sign out to delete it (logout sends its unsent changes first)"
        case .deletion(let id, let reason): "the data of \(id) could not all be deleted: \(reason)"
        }
    }
}

extension AccountFeature {
    // MARK: - Accounts on this device

    /// Every signed-in account's data kept on this device, the active one included, sorted by id; the guest's data
    /// is not listed. Data whose session ended (a reset server, a revoked session) stays here until it is deleted.
    ///
    /// - Throws: `FileOperationError` when an `accounts` directory cannot be read.
    public func localAccounts() throws -> [LocalAccount] {
        var found: [String: (roots: [String], bytes: Int64)] = [:]
        for root in StorageLayout.Root.allCases {
            let directory = layout.url(of: root).appending(path: "accounts", directoryHint: .isDirectory)
            for name in try Self.subdirectories(of: directory) where name != StorageAccount.guest.directoryName {
                let bytes = Self.size(of: directory.appending(path: name, directoryHint: .isDirectory))
                found[name, default: ([], 0)].roots.append(root.rawValue)
                found[name, default: ([], 0)].bytes += bytes
            }
        }
        let active = current.user?.storageAccount.directoryName
        return found.keys.sorted().compactMap { name in
            guard let account = Self.storageAccount(named: name), let entry = found[name] else { return nil }
            return LocalAccount(
                id: name, instanceId: account.instance, userId: account.user, active: name == active,
                roots: entry.roots, bytes: entry.bytes)
        }
    }

    /// Deletes the data of the account `id` (as `localAccounts()` names it) under every root, after closing its
    /// stores; the signed-in account is refused (sign-out deletes it). A remembered user whose data it was is
    /// forgotten, with its "session ended" notice.
    ///
    /// - Throws: `LocalAccountError`.
    public func deleteLocalAccount(id: String) async throws(LocalAccountError) -> LocalAccount {
        let accounts: [LocalAccount]
        do {
            accounts = try localAccounts()
        } catch {
            throw .deletion(id, reason: "\(error)")
        }
        guard let found = accounts.first(where: { $0.id == id }), let parsed = Self.storageAccount(named: id) else {
            throw .notFound(id)
        }
        guard !found.active else { throw .active(id) }
        await storageOwner.closeStores(for: parsed.account)
        do {
            try layout.wipeAccount(parsed.account)
        } catch {
            logger.error(
                "local account data could not be deleted", metadata: ["account": "\(id)", "error": "\(error)"])
            throw .deletion(id, reason: "\(error)")
        }
        if let ended = sessionEnded, ended.user.storageAccount == parsed.account {
            dismissSessionEnded()
        }
        logger.info("deleted local account data", metadata: ["account": "\(id)"])
        return found
    }

    // MARK: - Private

    /// The account a directory name names: `<instance>-<user>` (instance ids have no `-`) or a legacy user id.
    private nonisolated static func storageAccount(
        named name: String
    ) -> (account: StorageAccount, instance: String?, user: String)? {
        if let dash = name.firstIndex(of: "-") {
            let instance = String(name[..<dash])
            let user = String(name[name.index(after: dash)...])
            if let account = try? StorageAccount(instanceID: instance, userID: user), account.directoryName == name {
                return (account, instance, user)
            }
        }
        guard let account = try? StorageAccount(userID: name), account.directoryName == name else { return nil }
        return (account, nil, name)
    }

    private nonisolated static func subdirectories(of directory: URL) throws -> [String] {
        let manager = FileManager()
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return []
        }
        do {
            return try manager.contentsOfDirectory(atPath: directory.path).filter { name in
                var isDirectory: ObjCBool = false
                return manager.fileExists(atPath: directory.appending(path: name).path, isDirectory: &isDirectory)
                    && isDirectory.boolValue
            }
        } catch {
            throw FileOperationError(operation: "list", path: directory.path, reason: error.localizedDescription)
        }
    }

    private nonisolated static func size(of directory: URL) -> Int64 {
        guard let files = FileManager().enumerator(at: directory, includingPropertiesForKeys: [.fileSizeKey]) else {
            return 0
        }
        var total: Int64 = 0
        for case let url as URL in files {
            total += Int64((try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        }
        return total
    }
}
