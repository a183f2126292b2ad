import Foundation

/// Appending to files that may not exist yet (logs, captured output).
enum FileAppending {
    /// Opens `url` for writing at its end, creating the file and its directory when missing.
    /// - Throws: the file system's error when the directory or file cannot be created or opened.
    static func handle(for url: URL) throws -> FileHandle {
        let manager = FileManager()
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !manager.fileExists(atPath: url.path), !manager.createFile(atPath: url.path, contents: nil) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        return handle
    }

    /// Appends `text` to `url`; a failure to write is ignored (a log line is not worth failing a run for).
    static func append(_ text: String, to url: URL) {
        guard let handle = try? handle(for: url) else { return }
        defer { try? handle.close() }
        try? handle.write(contentsOf: Data(text.utf8))
    }
}
