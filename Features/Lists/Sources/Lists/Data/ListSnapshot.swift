import Foundation

/// A list as one process last read or wrote it, with the `stat(2)` stamp of every file, so that the next read
/// parses only the files that changed since (another process's writes, a sync tool's replacements) instead of every
/// item file. A session keeps one; `ListPackage.refresh(_:)` and `ListPackage.update(_:_:)` bring it up to date.
public struct ListSnapshot: Sendable, Hashable {
    struct FileState: Sendable, Hashable {
        let stamp: FileStamp?
        let content: Result<ListItem, ListFileProblem>
    }

    /// What was read: the document, and the item files that could not be read.
    public let result: ListLoadResult
    let manifestStamp: FileStamp?
    let files: [String: FileState]

    init(manifest: ListManifest, manifestStamp: FileStamp?, files: [String: FileState]) {
        var items: [ItemID: ListItem] = [:]
        var problems: [ListFileProblem] = []
        for name in files.keys.sorted() {
            switch files[name]?.content {
            case .success(let item)?: items[item.id] = item
            case .failure(let problem)?: problems.append(problem)
            case nil: break
            }
        }
        result = ListLoadResult(document: ListDocument(manifest: manifest, items: items), problems: problems)
        self.manifestStamp = manifestStamp
        self.files = files
    }

    /// The document.
    public var document: ListDocument { result.document }
}

extension ListPackage {
    /// Reads the whole list under a shared lock, keeping each file's stamp.
    ///
    /// - Throws: the errors of `load`.
    public func loadSnapshot() throws -> ListSnapshot {
        let lock = try ListFiles.lock(directory, .shared, timeout: lockTimeout)
        defer { lock.unlock() }
        return try readSnapshotUnlocked(reusing: nil)
    }

    /// The list now, under a shared lock, parsing only the files changed since `snapshot`.
    ///
    /// - Throws: the errors of `load`.
    public func refresh(_ snapshot: ListSnapshot) throws -> ListSnapshot {
        let lock = try ListFiles.lock(directory, .shared, timeout: lockTimeout)
        defer { lock.unlock() }
        return try readSnapshotUnlocked(reusing: snapshot)
    }

    /// `update(_:)` for a holder of a snapshot: under the exclusive lock, reads only the files changed since
    /// `snapshot`, applies `change` to the list as it is now, writes only the files that changed (the manifest only
    /// when it did) and replaces `snapshot` with the list as written.
    ///
    /// - Throws: `change`'s error (nothing is written then, `snapshot` is brought up to date), and the errors of
    ///   `load`.
    @discardableResult
    public func update<Result>(
        _ snapshot: inout ListSnapshot, _ change: (inout ListDocument) throws -> Result
    ) throws -> Result {
        let lock = try ListFiles.lock(directory, .exclusive, timeout: lockTimeout)
        defer { lock.unlock() }
        removeStaleTemporaries()
        let current = try readSnapshotUnlocked(reusing: snapshot)
        snapshot = current
        var document = current.document
        let result = try change(&document)
        let written = try write(document, over: current.document)
        var files = current.files
        for id in written.items {
            let name = "\(id.rawValue).json"
            if let item = document.items[id] {
                files[name] = ListSnapshot.FileState(
                    stamp: FileStamp(path: itemURL(id).path), content: .success(item))
            } else {
                files[name] = nil
            }
        }
        snapshot = ListSnapshot(
            manifest: document.manifest,
            manifestStamp: written.manifest ? FileStamp(path: manifestURL.path) : current.manifestStamp, files: files)
        return result
    }
}
