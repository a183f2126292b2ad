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
/// behind, named `.<file name>.tmp-XXXXXX` beside the target (`isTemporary(_:)`), which
/// `removeStaleTemporaries(in:)` clears where no write can be under way. `create(_:newFilePermissions:)` writes a
/// file only when none exists, for a value the first of several processes decides (a device id, say).
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
        let temporaryPath = try writeTemporary(data, mode: mode)
        guard rename(temporaryPath, path) == 0 else {
            let code = errno
            unlink(temporaryPath)
            throw FileOperationError(operation: "replace", path: path, code: code)
        }
        try FileSystem.syncDirectory(directory)
    }

    /// Writes `data` as the file's content only when there is no file yet, race-free between processes: the bytes
    /// go to a flushed temporary file that is then hard-linked into place (`link(2)` fails with `EEXIST` when the
    /// name is taken) and the temporary name removed. Of several processes creating the same file, exactly one gets
    /// `true`; the others get `false` and the winner's whole content is there for them to read. An existing file is
    /// never touched.
    ///
    /// - Parameter newFilePermissions: The mode of the new file (0600 unless given).
    /// - Returns: Whether this call created the file.
    /// - Throws: `FileOperationError` naming the file (a missing directory, no permission, a full disk, a file
    ///   system without hard links); nothing is left behind then.
    public func create(_ data: Data, newFilePermissions: mode_t = 0o600) throws -> Bool {
        let path = url.path(percentEncoded: false)
        let directory = url.deletingLastPathComponent().path(percentEncoded: false)
        let temporaryPath = try writeTemporary(data, mode: newFilePermissions)
        defer { unlink(temporaryPath) }
        guard link(temporaryPath, path) == 0 else {
            if errno == EEXIST { return false }
            throw FileOperationError(operation: "create", path: path, code: errno)
        }
        try FileSystem.syncDirectory(directory)
        return true
    }

    /// Whether `name` is the name of a temporary file of a write (`.<file name>.tmp-XXXXXX`, the last six letters
    /// or digits from `mkstemp(3)`), and not another tool's (Syncthing's `.syncthing.<name>.tmp`, say).
    public static func isTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { return false }
        let suffix = name[marker.upperBound...]
        let stem = name[..<marker.lowerBound].dropFirst()
        return !stem.isEmpty && suffix.count == 6 && suffix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// Removes the temporary files that writes of files in `directory` left behind (see `isTemporary(_:)`). Call it
    /// only where no write into `directory` can be under way, such as under an exclusive `FileLock` every writer
    /// holds: a temporary file found then belongs to a writer that was killed. Returns the names removed, sorted;
    /// a file that cannot be removed is left for the next time.
    ///
    /// - Throws: `FileOperationError` when `directory` cannot be listed.
    @discardableResult
    public static func removeStaleTemporaries(in directory: URL) throws -> [String] {
        let path = directory.path(percentEncoded: false)
        let names: [String]
        do {
            names = try FileManager().contentsOfDirectory(atPath: path)
        } catch {
            throw FileOperationError(operation: "list directory", path: path, reason: "\(error.localizedDescription)")
        }
        return names.filter(isTemporary).sorted().filter { unlink("\(path)/\($0)") == 0 }
    }

    /// Writes `data` to a new, flushed and closed temporary file beside the target, with `mode`; returns its path.
    private func writeTemporary(_ data: Data, mode: mode_t) throws -> String {
        let path = url.path(percentEncoded: false)
        let directory = url.deletingLastPathComponent().path(percentEncoded: false)
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
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporaryPath)
            throw error
        }
        return temporaryPath
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
