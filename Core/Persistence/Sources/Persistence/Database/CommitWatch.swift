import CSQLite
import Primitives

/// What the wal-index header of a database file said at one moment (https://www.sqlite.org/walformat.html, section
/// 2.1: its change counter, the last valid WAL frame, salts and checksums). Every transaction committed to the file,
/// by any connection of any process, writes a new header, so two equal stamps mean that nothing was committed
/// between them. A checkpoint that resets the WAL changes it too, without a change of data: a different stamp means
/// "perhaps changed", never "unchanged".
public struct CommitStamp: Hashable, Sendable {
    let word0: UInt64
    let word1: UInt64
    let word2: UInt64
    let word3: UInt64
    let word4: UInt64
    let word5: UInt64
}

/// Reads the database file's commit stamp without a transaction, a lock or a system call: from the wal-index
/// SQLite keeps in shared memory (the `-shm` file) for a database in WAL mode, mapped through the VFS's `xShmMap`
/// on a connection kept open for this purpose only (so the mapping stays valid).
///
/// For callers that keep answers made from the database and must know, on every request, whether any process has
/// committed since (`Database.commitWatch()`): comparing two stamps costs a copy of 96 bytes.
public final class CommitWatch: Sendable {
    /// The mapped wal-index of `owner`'s connection.
    ///
    /// Sound as `@unchecked Sendable`: the pointer is only read (never written) through, by
    /// `csqlite_wal_index_header`, which reads the header as SQLite's own readers on other threads and processes
    /// do (two copies with a barrier between); it is used only while `CommitWatch.state` holds it, and `close()`
    /// removes it under the same lock before the connection that owns the mapping is closed.
    private struct Region: @unchecked Sendable {
        let pointer: UnsafeRawPointer
    }

    private let owner: ConnectionOwner
    private let state: Locked<Region?>

    private init(owner: ConnectionOwner, region: Region) {
        self.owner = owner
        self.state = Locked(region)
    }

    /// A watch on `connection`'s database file, which must be in WAL mode; nil when the connection has no
    /// wal-index. Takes over `connection`.
    static func make(connection: Connection, path: String) throws -> CommitWatch? {
        // A read transaction makes the connection open the wal-index; the mapping then lasts as long as it does.
        _ = try connection.rows("SELECT count(*) FROM sqlite_schema", arguments: [], readOnly: true)
        guard let pointer = csqlite_wal_index(connection.handle) else { return nil }
        let owner = ConnectionOwner(label: "storefront.persistence.commit-watch", connection: connection, path: path)
        return CommitWatch(owner: owner, region: Region(pointer: UnsafeRawPointer(pointer)))
    }

    /// The stamp now; nil after `close()`, or while a writer is between the header's two copies (treat that as a
    /// change).
    public func stamp() -> CommitStamp? {
        state.withLock { region -> CommitStamp? in
            guard let region else { return nil }
            var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
            let consistent = withUnsafeMutableBytes(of: &words) { buffer in
                csqlite_wal_index_header(region.pointer, buffer.baseAddress!.assumingMemoryBound(to: UInt64.self))
            }
            guard consistent == 1 else { return nil }
            return CommitStamp(
                word0: words.0, word1: words.1, word2: words.2, word3: words.3, word4: words.4, word5: words.5)
        }
    }

    /// Stops the watch (later stamps are nil) and closes its connection.
    func close() {
        state.withLock { $0 = nil }
        owner.closeBlocking()
    }
}
