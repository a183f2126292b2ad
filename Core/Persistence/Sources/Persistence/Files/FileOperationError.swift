#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file-system operation that failed: what was attempted, on which file, and the system's reason.
///
/// A full disk shows as `ENOSPC` ("No space left on device") or, past a file-size limit, `EFBIG`.
public struct FileOperationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was attempted (`"write"`, `"rename"`, `"create directory"` …).
    public let operation: String
    /// The file or directory concerned.
    public let path: String
    /// The `errno` value, or 0 when the failure was not a system call's.
    public let code: Int32
    /// The explanation: `strerror(code)`, or this library's own.
    public let reason: String

    /// Creates an error from an `errno` value.
    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
        self.reason = String(cString: strerror(code))
    }

    /// Creates an error this library detected itself (a refused permission mode, for example).
    public init(operation: String, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.code = 0
        self.reason = reason
    }

    /// Whether the device or a size limit is full (`ENOSPC`, `EDQUOT`, `EFBIG`).
    public var isOutOfSpace: Bool {
        code == ENOSPC || code == EDQUOT || code == EFBIG
    }

    /// One line, such as `cannot write '/home/a/.config/storefront/prefs.json': No space left on device`.
    public var description: String {
        "cannot \(operation) '\(path)': \(reason)"
    }
}
