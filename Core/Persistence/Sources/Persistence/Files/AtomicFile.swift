import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file that is only ever replaced whole: a reader, or the file after a crash, holds the complete old content or
/// the complete new content, never a mix.
///
/// A write encodes first, then writes a temporary file in the same directory (created with mode 0600, then given
/// the target's mode), flushes it to disk (`fsync`), renames it over the target (`rename(2)` is atomic within a
/// file system) and flushes the directory so the rename itself survives a power loss. A failed encode or write
/// leaves the old file untouched and removes the temporary file; only a process killed mid-write can leave one
/// behind, named `.<file name>.tmp-XXXXXX` beside the target.
///
/// Source: POSIX `rename(2)` and `fsync(2)`; the directory flush follows the ext4 and XFS guidance for making a
/// rename durable.
public struct AtomicFile: Sendable, Hashable {
    /// The target file.
    public let url: URL

    /// A handle on `url`; nothing is touched until a read or write.
    public init(url: URL) {
        self.url = url
    }

    /// The file's content, or nil when there is no file.
    ///
    /// - Throws: `FileOperationError` when the file exists but cannot be read.
    public func read() throws -> Data? {
        let path = url.path(percentEncoded: false)
        guard try FileSystem.status(path) != nil else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw FileOperationError(operation: "read", path: path, reason: "\(error.localizedDescription)")
        }
    }

    /// Replaces the file's content with `data`.
    ///
    /// - Parameter newFilePermissions: The mode of a file that does not exist yet (0600 unless given); an existing
    ///   file keeps its mode.
    /// - Throws: `FileOperationError` naming the file (a missing directory, no permission, a full disk); the old
    ///   content is then untouched. A failure to flush the directory after the rename is reported as
    ///   `"flush directory"`: the new content is in place but might not survive a power loss.
    public func write(_ data: Data, newFilePermissions: mode_t = 0o600) throws {
        try write(newFilePermissions: newFilePermissions) { data }
    }

    /// Encodes `value` as JSON with `encoder`, then replaces the file's content with it.
    ///
    /// - Throws: The encoder's error before the file is touched; otherwise see `write(_:newFilePermissions:)`.
    public func write(_ value: some Encodable, encoder: JSONEncoder, newFilePermissions: mode_t = 0o600) throws {
        try write(newFilePermissions: newFilePermissions) { try encoder.encode(value) }
    }

    /// Calls `encode`, then replaces the file's content with its bytes.
    ///
    /// - Throws: `encode`'s error before the file is touched; otherwise see `write(_:newFilePermissions:)`.
    public func write(newFilePermissions: mode_t = 0o600, encode: () throws -> Data) throws {
        let data = try encode()
        let path = url.path(percentEncoded: false)
        let directory = url.deletingLastPathComponent().path(percentEncoded: false)
        let mode = try FileSystem.status(path).map { $0.st_mode & 0o7777 } ?? newFilePermissions
        let (descriptor, temporaryPath) = try FileSystem.makeTemporaryFile(
            template: "\(directory)/.\(url.lastPathComponent).tmp-XXXXXX", for: path)
        var isOpen = true
        do {
            guard fchmod(descriptor, mode) == 0 else {
                throw FileOperationError(operation: "set permissions of", path: path, code: errno)
            }
            try FileSystem.writeAll(data, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else {
                throw FileOperationError(operation: "flush", path: path, code: errno)
            }
            isOpen = false
            guard close(descriptor) == 0 else {
                throw FileOperationError(operation: "close", path: path, code: errno)
            }
            guard rename(temporaryPath, path) == 0 else {
                throw FileOperationError(operation: "replace", path: path, code: errno)
            }
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporaryPath)
            throw error
        }
        try FileSystem.syncDirectory(directory)
    }

    /// Removes the file; does nothing when it does not exist.
    ///
    /// - Throws: `FileOperationError` when it exists and cannot be removed.
    public func remove() throws {
        let path = url.path(percentEncoded: false)
        guard unlink(path) == 0 || errno == ENOENT else {
            throw FileOperationError(operation: "remove", path: path, code: errno)
        }
    }
}
