import Foundation

/// A destination for text output (standard output, standard error, or a buffer in tests).
public protocol TextSink: Sendable {
    /// Writes `text` as it is (no newline is added).
    func write(_ text: String)
}

extension TextSink {
    /// Writes `text` followed by a newline.
    public func writeLine(_ text: String = "") {
        write(text + "\n")
    }
}

/// Writes to a file handle (the live standard output or standard error), unbuffered.
public struct FileHandleSink: TextSink {
    private let handle: FileHandle

    /// Creates a sink over `handle`.
    public init(handle: FileHandle) {
        self.handle = handle
    }

    /// Writes `text` to the handle at once; write errors (a closed pipe) are ignored.
    public func write(_ text: String) {
        try? handle.write(contentsOf: Data(text.utf8))
    }
}
