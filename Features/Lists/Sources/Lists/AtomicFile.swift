import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whole-file replacement that never leaves a torn file: the bytes go to a temporary file in the same directory
/// (`.<name>.<pid>.<random>.tmp`, a dot file every reader skips), are flushed with `fsync(2)`, and the temporary
/// file is renamed over the target (`rename(2)` is atomic within one file system, POSIX.1-2017). A crash leaves the
/// whole old file or the whole new one, plus at worst a stray temporary file.
enum AtomicFile {
    /// Replaces the file at `url` with `data`, then flushes the directory so that the rename itself survives a
    /// power loss.
    ///
    /// - Throws: `ListError.io` naming the failing call; the temporary file is removed then.
    static func write(_ data: Data, to url: URL) throws {
        let temporary = try writeTemporary(data, besides: url)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = unlink(temporary.path)
            throw ListError.io(path: url.path, operation: "rename", reason: reason)
        }
        syncDirectory(url.deletingLastPathComponent())
    }

    /// Writes `data` to a new temporary file beside `url` and flushes it; returns the temporary file's URL.
    ///
    /// - Throws: `ListError.io` naming the failing call (e.g. `ENOSPC` on a full disk); nothing is left behind then.
    static func writeTemporary(_ data: Data, besides url: URL) throws -> URL {
        let name = ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let temporary = url.deletingLastPathComponent().appendingPathComponent(name)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ListError.io(path: temporary.path, operation: "open", reason: String(cString: strerror(errno)))
        }
        func fail(_ operation: String) -> ListError {
            let error = ListError.io(path: url.path, operation: operation, reason: String(cString: strerror(errno)))
            _ = close(descriptor)
            _ = unlink(temporary.path)
            return error
        }
        let written: Bool = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let count = Glibc.write(descriptor, base + offset, raw.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        guard written else { throw fail("write") }
        guard fsync(descriptor) == 0 else { throw fail("fsync") }
        guard close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = unlink(temporary.path)
            throw ListError.io(path: url.path, operation: "close", reason: reason)
        }
        return temporary
    }

    /// Whether `name` is a temporary file of `writeTemporary` (`.<name>.<pid>.<random>.tmp`, both numbers in
    /// decimal), and not, say, Syncthing's `.syncthing.<name>.tmp`.
    static func isTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let parts = name.dropFirst().dropLast(".tmp".count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return false }
        return parts.suffix(2).allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// Removes this library's temporary files in `directory`. Call it only under the list's exclusive lock: every
    /// writer holds that lock while its temporary file exists, so any such file found then was left by a writer
    /// that died. Returns the names removed; a file that cannot be removed is left for the next time.
    static func removeStaleTemporaries(in directory: URL) -> [String] {
        guard let names = try? FileManager().contentsOfDirectory(atPath: directory.path) else { return [] }
        return names.filter(isTemporary).sorted().filter {
            unlink(directory.appendingPathComponent($0).path) == 0
        }
    }

    /// Flushes a directory's entries (best effort: some file systems refuse `fsync` on a directory).
    private static func syncDirectory(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }
}
