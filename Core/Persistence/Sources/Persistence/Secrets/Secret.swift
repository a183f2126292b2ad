import Foundation

/// Secret bytes (a token, a key) that never show up in logs: every textual form, `dump` and string interpolation
/// included, is `<secret>`.
///
/// Read the bytes with `data` or `utf8String` at the one place that needs them (building an Authorization header).
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The secret bytes.
    public let data: Data

    /// Wraps bytes.
    public init(_ data: Data) {
        self.data = data
    }

    /// Wraps the UTF-8 bytes of `text`.
    public init(utf8 text: String) {
        self.data = Data(text.utf8)
    }

    /// The bytes as UTF-8 text, or nil when they are not valid UTF-8.
    public var utf8String: String? {
        String(data: data, encoding: .utf8)
    }

    /// `<secret>`.
    public var description: String { "<secret>" }

    /// `<secret>`.
    public var debugDescription: String { "<secret>" }

    /// A mirror with no children, so `dump` and `Mirror` reveal nothing.
    public var customMirror: Mirror {
        Mirror(self, children: [])
    }
}

/// Where secrets live: one item per service and account, as a keychain's generic passwords are (the Linux
/// implementation is `FileSecretStore`; tests use `InMemorySecretStore` from PersistenceTestSupport).
public protocol SecretStore: Sendable {
    /// Stores a new item.
    ///
    /// - Throws: `SecretStoreError.itemExists` when the item exists (use `update`); the store's I/O errors.
    func add(_ secret: Secret, service: String, account: String) throws

    /// Replaces an existing item's secret.
    ///
    /// - Throws: `SecretStoreError.itemNotFound` when there is no such item; the store's I/O errors.
    func update(_ secret: Secret, service: String, account: String) throws

    /// The item's secret, or nil when there is no such item.
    ///
    /// - Throws: the store's I/O errors, and `SecretStoreError.insecurePermissions` for a file readable by others.
    func read(service: String, account: String) throws -> Secret?

    /// Removes the item; returns whether it existed.
    ///
    /// - Throws: the store's I/O errors.
    @discardableResult
    func delete(service: String, account: String) throws -> Bool
}

/// Why a secret store refused an operation. Messages name services and accounts, never secrets.
public enum SecretStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `add` found the item already there.
    case itemExists(service: String, account: String)
    /// `update` found no item.
    case itemNotFound(service: String, account: String)
    /// A secrets directory or file can be read or written by other users (its mode allows more than the owner);
    /// it is not used until its permissions are fixed.
    case insecurePermissions(path: String, mode: UInt32)
    /// A service or account name is empty.
    case invalidName(String)

    /// One sentence naming the item or file.
    public var description: String {
        switch self {
        case .itemExists(let service, let account):
            return "a secret for service '\(service)' and account '\(account)' already exists"
        case .itemNotFound(let service, let account):
            return "no secret for service '\(service)' and account '\(account)'"
        case .insecurePermissions(let path, let mode):
            return "refusing '\(path)': its permissions \(String(mode, radix: 8)) let other users in "
                + "(expected 700 for the directory, 600 for files)"
        case .invalidName(let name):
            return "invalid secret item name '\(name)': it must not be empty"
        }
    }
}
