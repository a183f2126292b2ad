import Foundation

/// A new, empty, uniquely named directory under the system temporary directory (`$TMPDIR`, else `/tmp`), removed
/// with everything in it by `remove()` or, at the latest, when the value is released.
///
/// Each instance has its own directory (`storefront-tests-<UUID>`), so tests that run in parallel never share
/// files. `url` is the resolved path (no symbolic links), so it compares equal to paths the code under test derives.
public final class TemporaryDirectory: Sendable {
    /// The directory's file URL.
    public let url: URL

    /// Creates the directory.
    ///
    /// - Throws: the file system's error when the directory cannot be created.
    public init() throws {
        let fileManager = FileManager()
        let url = fileManager.temporaryDirectory
            .appendingPathComponent("storefront-tests-\(UUID().uuidString)", isDirectory: true)
        try fileManager.createDirectory(at: url, withIntermediateDirectories: true)
        self.url = url.resolvingSymlinksInPath()
    }

    /// Removes the directory and its contents; removing it again does nothing.
    ///
    /// - Throws: the file system's error when something under the directory cannot be removed.
    public func remove() throws {
        let fileManager = FileManager()
        guard fileManager.fileExists(atPath: url.path(percentEncoded: false)) else { return }
        try fileManager.removeItem(at: url)
    }

    deinit {
        try? remove()
    }
}

/// Runs `body` with the URL of a new temporary directory and removes the directory afterwards, also when `body`
/// throws.
///
/// - Returns: what `body` returns.
/// - Throws: `body`'s error (after removing the directory); otherwise the error of creating or removing it.
public func withTemporaryDirectory<Value>(_ body: (URL) throws -> Value) throws -> Value {
    let directory = try TemporaryDirectory()
    let value: Value
    do {
        value = try body(directory.url)
    } catch {
        try? directory.remove()
        throw error
    }
    try directory.remove()
    return value
}

/// Runs the async `body` with the URL of a new temporary directory, on the caller's actor, and removes the
/// directory afterwards, also when `body` throws or its task is cancelled.
///
/// - Returns: what `body` returns.
/// - Throws: `body`'s error (after removing the directory); otherwise the error of creating or removing it.
public func withTemporaryDirectory<Value>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (URL) async throws -> Value
) async throws -> Value {
    let directory = try TemporaryDirectory()
    let value: Value
    do {
        value = try await body(directory.url)
    } catch {
        try? directory.remove()
        throw error
    }
    try directory.remove()
    return value
}
