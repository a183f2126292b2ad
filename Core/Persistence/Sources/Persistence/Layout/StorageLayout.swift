import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the app keeps its files: four roots after the XDG Base Directory Specification, and one directory per
/// account under each.
///
/// | root | from | holds |
/// | --- | --- | --- |
/// | data | `$XDG_DATA_HOME/storefront` (default `~/.local/share`) | databases, secrets |
/// | config | `$XDG_CONFIG_HOME/storefront` (default `~/.config`) | preferences |
/// | cache | `$XDG_CACHE_HOME/storefront` (default `~/.cache`) | files that can be downloaded again |
/// | state | `$XDG_STATE_HOME/storefront` (default `~/.local/state`) | logs |
///
/// A variable that is unset, empty or not absolute is ignored, as the specification says. A root override (the
/// `--data-dir D` flag, and tests) puts the four roots at `D/data`, `D/config`, `D/cache` and `D/state`. Under each
/// root an account's files live in `accounts/<account>/` (`<instance>-<user>` signed in, see `StorageAccount`;
/// `guest` when signed out), so signing out deletes one directory per root (`wipeAccount(_:)`). Data of the layout
/// before instance ids (`accounts/<user>/`) moves to its keyed name with `adoptLegacyAccount(_:as:)`.
///
/// Source: XDG Base Directory Specification 0.8 (specifications.freedesktop.org/basedir-spec).
public struct StorageLayout: Sendable, Hashable {
    /// One of the four roots.
    public enum Root: String, Sendable, CaseIterable {
        /// Databases and secrets.
        case data
        /// Preferences.
        case config
        /// Files that can be fetched again.
        case cache
        /// Logs and other state worth keeping but not backing up.
        case state
    }

    /// The directory under each base directory: `storefront`.
    public static let applicationDirectoryName = "storefront"

    /// The data root.
    public let dataRoot: URL
    /// The config root.
    public let configRoot: URL
    /// The cache root.
    public let cacheRoot: URL
    /// The state root.
    public let stateRoot: URL

    /// The roots from an environment (the process's, passed in by the composition root).
    ///
    /// - Throws: `StorageLayoutError.missingHome` when `HOME` is needed (an XDG variable is unusable) and is not an
    ///   absolute path.
    public init(environment: [String: String]) throws(StorageLayoutError) {
        func base(_ variable: String, default relative: String) throws(StorageLayoutError) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(filePath: value, directoryHint: .isDirectory)
            }
            guard let home = environment["HOME"], home.hasPrefix("/") else { throw .missingHome }
            return URL(filePath: home, directoryHint: .isDirectory).appending(path: relative)
        }
        let name = Self.applicationDirectoryName
        dataRoot = try base("XDG_DATA_HOME", default: ".local/share").appending(path: name)
        configRoot = try base("XDG_CONFIG_HOME", default: ".config").appending(path: name)
        cacheRoot = try base("XDG_CACHE_HOME", default: ".cache").appending(path: name)
        stateRoot = try base("XDG_STATE_HOME", default: ".local/state").appending(path: name)
    }

    /// The roots under one directory: `D/data`, `D/config`, `D/cache`, `D/state` (`--data-dir D`).
    public init(rootDirectory: URL) {
        dataRoot = rootDirectory.appending(path: "data")
        configRoot = rootDirectory.appending(path: "config")
        cacheRoot = rootDirectory.appending(path: "cache")
        stateRoot = rootDirectory.appending(path: "state")
    }

    /// The root's directory.
    public func url(of root: Root) -> URL {
        switch root {
        case .data: return dataRoot
        case .config: return configRoot
        case .cache: return cacheRoot
        case .state: return stateRoot
        }
    }

    /// `accounts/<account>/` under `root`.
    public func accountDirectory(for account: StorageAccount, in root: Root) -> URL {
        url(of: root).appending(path: "accounts").appending(path: account.directoryName, directoryHint: .isDirectory)
    }

    /// The account's database: `storefront.sqlite` in its data directory (with `-wal` and `-shm` beside it).
    public func databaseURL(for account: StorageAccount) -> URL {
        accountDirectory(for: account, in: .data).appending(path: "storefront.sqlite")
    }

    /// The account's secrets directory: `secrets/` in its data directory (see `FileSecretStore`).
    public func secretsDirectory(for account: StorageAccount) -> URL {
        accountDirectory(for: account, in: .data).appending(path: "secrets", directoryHint: .isDirectory)
    }

    /// The account's preferences file for `suite`: `<suite>.json` in its config directory.
    ///
    /// - Throws: `StorageLayoutError.invalidSuiteName` unless `suite` is 1 to 64 of `A-Z a-z 0-9 . _ -` and does not
    ///   start with `.`.
    public func preferencesURL(suite: String, for account: StorageAccount) throws(StorageLayoutError) -> URL {
        guard let valid = try? StorageAccount(userID: suite), valid.directoryName.count <= 64 else {
            throw .invalidSuiteName(suite)
        }
        return accountDirectory(for: account, in: .config).appending(path: "\(suite).json")
    }

    /// A stored relative path resolved under the account's directory in `root`.
    public func url(for path: RelativePath, in root: Root, for account: StorageAccount) -> URL {
        accountDirectory(for: account, in: root).appending(path: path.path)
    }

    /// Deletes everything of `account` under every root: its database with `-wal` and `-shm`, its secrets,
    /// preferences, caches and state. Close the account's `Database` first.
    ///
    /// - Throws: `FileOperationError` when a directory cannot be removed; `StorageLayoutError.accountNotWiped`
    ///   when files remain afterwards.
    public func wipeAccount(_ account: StorageAccount) throws {
        let fileManager = FileManager()
        var remaining: [String] = []
        for root in Root.allCases {
            let directory = accountDirectory(for: account, in: root)
            let path = directory.path(percentEncoded: false)
            guard try FileSystem.status(path) != nil else { continue }
            do {
                try fileManager.removeItem(at: directory)
            } catch {
                throw FileOperationError(operation: "remove", path: path, reason: error.localizedDescription)
            }
            if try FileSystem.status(path) != nil {
                remaining.append(path)
            }
        }
        guard remaining.isEmpty else { throw StorageLayoutError.accountNotWiped(paths: remaining) }
    }

    /// Whether `account` has a directory under any root.
    ///
    /// - Throws: `FileOperationError` when a directory cannot be inspected.
    public func hasFiles(of account: StorageAccount) throws -> Bool {
        for root in Root.allCases
        where try FileSystem.status(accountDirectory(for: account, in: root).path(percentEncoded: false)) != nil {
            return true
        }
        return false
    }

    /// Moves the directories of `legacy` (the layout before instance ids, `accounts/<user>/`) to `account`'s name
    /// under every root, each with one `rename(2)`, so a crash leaves every root either moved or not. A root where
    /// `account` already has a directory keeps both (nothing is merged or overwritten). Call it only once the data
    /// is known to belong to `account`'s instance, with nothing of either account open.
    ///
    /// - Returns: The roots whose directory was moved (empty when `legacy` has nothing).
    /// - Throws: `FileOperationError` when a directory cannot be inspected or renamed (the roots moved before stay
    ///   moved; calling again finishes the rest).
    @discardableResult
    public func adoptLegacyAccount(_ legacy: StorageAccount, as account: StorageAccount) throws -> [Root] {
        var moved: [Root] = []
        for root in Root.allCases {
            let from = accountDirectory(for: legacy, in: root).path(percentEncoded: false)
            let to = accountDirectory(for: account, in: root).path(percentEncoded: false)
            guard try FileSystem.status(from) != nil, try FileSystem.status(to) == nil else { continue }
            guard rename(from, to) == 0 else {
                throw FileOperationError(operation: "rename to \(to)", path: from, code: errno)
            }
            try FileSystem.syncDirectory(
                accountDirectory(for: account, in: root).deletingLastPathComponent().path(percentEncoded: false))
            moved.append(root)
        }
        return moved
    }
}
