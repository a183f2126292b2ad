import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX file operations the library needs, with errors that name the file.
enum FileSystem {
    /// Creates `url` and its missing parents with `permissions` (masked by the umask like `mkdir`); an existing
    /// directory is left as it is.
    ///
    /// - Throws: `FileOperationError` when a component cannot be created or exists and is not a directory.
    static func createDirectory(_ url: URL, permissions: mode_t) throws {
        let path = url.path(percentEncoded: false)
        if isDirectory(path) { return }
        let parent = url.deletingLastPathComponent()
        if parent.path(percentEncoded: false) != path {
            try createDirectory(parent, permissions: permissions)
        }
        if mkdir(path, permissions) != 0 && errno != EEXIST {
            throw FileOperationError(operation: "create directory", path: path, code: errno)
        }
        guard isDirectory(path) else {
            throw FileOperationError(operation: "create directory", path: path, code: ENOTDIR)
        }
    }

    /// Whether `path` is a directory (symbolic links followed).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The `stat` of `path` without following a final symbolic link, or nil when nothing is there.
    ///
    /// - Throws: `FileOperationError` for an error other than "no such file".
    static func status(_ path: String) throws -> stat? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw FileOperationError(operation: "inspect", path: path, code: errno)
        }
        return info
    }

    /// Flushes the directory entry changes of `directory` to disk (after a rename or an unlink in it).
    ///
    /// - Throws: `FileOperationError` when the directory cannot be opened or flushed.
    static func syncDirectory(_ directory: String) throws {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileOperationError(operation: "open directory", path: directory, code: errno)
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw FileOperationError(operation: "flush directory", path: directory, code: errno)
        }
    }

    /// Creates a new file from a `mkstemp` template (mode 0600, opened for writing); returns its descriptor and path.
    ///
    /// - Throws: `FileOperationError` naming `target` when the file cannot be created.
    static func makeTemporaryFile(template: String, for target: String) throws -> (Int32, String) {
        var bytes = Array(template.utf8CString)
        let descriptor = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else {
            throw FileOperationError(operation: "create a temporary file for", path: target, code: errno)
        }
        let path = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (descriptor, path)
    }

    /// Writes every byte of `data` to `descriptor`, retrying interrupted and partial writes.
    ///
    /// - Throws: `FileOperationError` naming `path` when a write fails (`ENOSPC` on a full disk).
    static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileOperationError(operation: "write", path: path, code: errno)
                }
                offset += written
            }
        }
    }
}
