import Foundation
import Logging

/// A text output that keeps everything written to it, for reading in assertions.
final class MemoryOutput: LogTextOutput, @unchecked Sendable {
    // Sound because `written` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var written = ""

    func write(_ text: String) {
        lock.lock()
        written += text
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return written
    }

    var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}

/// Makes a directory of its own under the system's temporary directory; remove it with `removeTemporaryDirectory`.
func makeTemporaryDirectory() throws -> URL {
    let directory = FileManager().temporaryDirectory.appendingPathComponent("LoggingTests-\(UUID().uuidString)")
    try FileManager().createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// Removes a directory made by `makeTemporaryDirectory` and everything in it.
func removeTemporaryDirectory(_ directory: URL) {
    try? FileManager().removeItem(at: directory)
}

/// The files in `directory`, sorted by name.
func fileNames(in directory: URL) throws -> [String] {
    try FileManager().contentsOfDirectory(atPath: directory.path).sorted()
}

/// A fixed instant: 2024-05-01T12:34:56.789Z.
let fixedInstant = Date(timeIntervalSince1970: 1_714_566_896.789)
