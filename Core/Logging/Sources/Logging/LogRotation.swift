/// How a log file rotates: by size, keeping a fixed number of files.
///
/// With `maxFiles` N, the live file is `app.log` and the older ones are `app.log.1` (the newest) through
/// `app.log.<N-1>` (the oldest): never more than N files. Before a record would take the live file past
/// `maxFileBytes`, the files shift by one (the oldest is deleted) and a new live file starts. A record larger than
/// `maxFileBytes` still gets written, alone in its file.
public struct LogRotation: Sendable, Equatable {
    /// The size in bytes the live file does not grow past (except with a single record larger than this).
    public let maxFileBytes: Int
    /// The number of files kept, the live one included; at least 1 (with 1, a full file is deleted and restarted).
    public let maxFiles: Int

    /// Creates a rotation rule.
    ///
    /// - Throws: `LogConfigurationError` when `maxFileBytes` or `maxFiles` is less than 1.
    public init(maxFileBytes: Int, maxFiles: Int) throws(LogConfigurationError) {
        guard maxFileBytes >= 1 else {
            throw LogConfigurationError("maxFileBytes must be at least 1 byte, got \(maxFileBytes)")
        }
        guard maxFiles >= 1 else {
            throw LogConfigurationError("maxFiles must be at least 1, got \(maxFiles)")
        }
        self.maxFileBytes = maxFileBytes
        self.maxFiles = maxFiles
    }
}

/// A handler configuration that cannot work, with a message saying which value is wrong.
public struct LogConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, such as `maxFiles must be at least 1, got 0`.
    public let description: String

    /// Creates the error with its message.
    public init(_ description: String) {
        self.description = description
    }
}
