import Foundation
import Logging
import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Secrets as files in one directory, for Linux where there is no keychain.
///
/// The directory is created with mode 0700 and every file with mode 0600 from its first byte (written through
/// `AtomicFile`, whose temporary file starts at 0600). A directory or file whose mode gives anything to the group
/// or to others is refused (`SecretStoreError.insecurePermissions`) rather than used or silently fixed. Item `s`
/// of service `v` is the file `<v>.<s>` with both names percent-encoded, so any name maps to one safe file name.
/// Secrets never reach the logger or an error message.
public final class FileSecretStore: SecretStore {
    private let directory: URL
    private let logger: Logger
    private let lock = Locked(())

    /// A store in `directory` (for an account: `StorageLayout.secretsDirectory(for:)`); nothing is created until
    /// the first write.
    public init(directory: URL, logger: Logger) {
        self.directory = directory
        self.logger = logger
    }

    /// Stores a new item.
    ///
    /// - Throws: `SecretStoreError.itemExists`, `.insecurePermissions`, `.invalidName`; `FileOperationError`.
    public func add(_ secret: Secret, service: String, account: String) throws {
        try lock.withLock { _ in
            let file = try itemFile(service: service, account: account, creatingDirectory: true)
            guard try checkedFile(file) == nil else {
                throw SecretStoreError.itemExists(service: service, account: account)
            }
            try file.write(secret.data, newFilePermissions: 0o600)
        }
        logger.debug("secret added", metadata: ["service": .string(service)])
    }

    /// Replaces an existing item's secret.
    ///
    /// - Throws: `SecretStoreError.itemNotFound`, `.insecurePermissions`, `.invalidName`; `FileOperationError`.
    public func update(_ secret: Secret, service: String, account: String) throws {
        try lock.withLock { _ in
            let file = try itemFile(service: service, account: account, creatingDirectory: false)
            guard try checkedFile(file) != nil else {
                throw SecretStoreError.itemNotFound(service: service, account: account)
            }
            try file.write(secret.data, newFilePermissions: 0o600)
        }
        logger.debug("secret updated", metadata: ["service": .string(service)])
    }

    /// The item's secret, or nil when there is no such item.
    ///
    /// - Throws: `SecretStoreError.insecurePermissions`, `.invalidName`; `FileOperationError`.
    public func read(service: String, account: String) throws -> Secret? {
        try lock.withLock { _ in
            let file = try itemFile(service: service, account: account, creatingDirectory: false)
            guard try checkedFile(file) != nil, let data = try file.read() else { return nil }
            return Secret(data)
        }
    }

    /// Removes the item; returns whether it existed.
    ///
    /// - Throws: `SecretStoreError.invalidName`; `FileOperationError`.
    @discardableResult
    public func delete(service: String, account: String) throws -> Bool {
        let existed = try lock.withLock { _ in
            let file = try itemFile(service: service, account: account, creatingDirectory: false)
            guard try FileSystem.status(file.url.path(percentEncoded: false)) != nil else { return false }
            try file.remove()
            try FileSystem.syncDirectory(directory.path(percentEncoded: false))
            return true
        }
        if existed {
            logger.debug("secret deleted", metadata: ["service": .string(service)])
        }
        return existed
    }

    // MARK: - Private

    /// The item's file; checks (and, when asked, creates) the directory first.
    private func itemFile(service: String, account: String, creatingDirectory: Bool) throws -> AtomicFile {
        guard !service.isEmpty else { throw SecretStoreError.invalidName(service) }
        guard !account.isEmpty else { throw SecretStoreError.invalidName(account) }
        let path = directory.path(percentEncoded: false)
        if creatingDirectory {
            try FileSystem.createDirectory(directory, permissions: 0o700)
        }
        if let info = try FileSystem.status(path) {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw FileOperationError(operation: "use as the secrets directory", path: path, code: ENOTDIR)
            }
            try Self.requireOwnerOnly(info, path: path)
        }
        return AtomicFile(url: directory.appending(path: "\(Self.encode(service)).\(Self.encode(account))"))
    }

    /// The file's status when it exists and only its owner may use it; nil when it does not exist.
    private func checkedFile(_ file: AtomicFile) throws -> stat? {
        let path = file.url.path(percentEncoded: false)
        guard let info = try FileSystem.status(path) else { return nil }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileOperationError(operation: "read the secret file", path: path, reason: "not a regular file")
        }
        try Self.requireOwnerOnly(info, path: path)
        return info
    }

    private static func requireOwnerOnly(_ info: stat, path: String) throws {
        let mode = UInt32(info.st_mode & 0o777)
        guard mode & 0o077 == 0 else {
            throw SecretStoreError.insecurePermissions(path: path, mode: mode)
        }
    }

    /// Percent-encodes everything but ASCII letters, digits, `-` and `_` (so `.` separates the two names).
    private static func encode(_ name: String) -> String {
        var encoded = ""
        for byte in name.utf8 {
            let isPlain =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_")
            if isPlain {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
