import Foundation

/// A destination for the text a command prints: standard output, standard error, or a buffer in tests.
public protocol TextOutput: Sendable {
    /// Writes `text` as UTF-8, unchanged (callers add their own newlines).
    func write(_ text: String)
}

/// A `TextOutput` over a file handle of the process, such as standard output or standard error.
///
/// Writes go straight to the file descriptor (no buffering in between), so output from several streams keeps its
/// order on a terminal.
public struct FileHandleOutput: TextOutput {
    private let handle: FileHandle

    /// Creates an output that writes to `handle`, which the caller keeps open for the output's lifetime.
    public init(handle: FileHandle) {
        self.handle = handle
    }

    /// Writes `text` to the file handle. A closed pipe (the reader went away) is ignored: there is no one left to
    /// tell.
    public func write(_ text: String) {
        try? handle.write(contentsOf: Data(text.utf8))
    }
}
