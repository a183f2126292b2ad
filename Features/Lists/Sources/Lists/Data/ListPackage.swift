import Foundation

/// A list on disk: the package directory `<name>.sflist/` holding `manifest.json` and `items/<item id>.json`. Every
/// name inside is relative and stable, so a folder replicated by a sync tool opens on every machine.
///
/// Reads take a shared `flock` on the list directory's own descriptor and writes an exclusive one (`ListFiles`), so
/// a reader never sees a write half done and two writers (in any processes) never interleave; each file is replaced
/// atomically (Persistence's `AtomicFile`), so a process killed mid-write leaves every file whole.
public struct ListPackage: Sendable {
    /// The extension of a list directory.
    public static let directoryExtension = "sflist"
    /// The manifest's file name.
    public static let manifestFileName = "manifest.json"
    /// The folder of item files.
    public static let itemsDirectoryName = "items"
    /// How long a tombstone is kept before `purgeTombstones` removes it: 30 days, in milliseconds. Long enough for a
    /// device that was offline for weeks to learn of the deletion; a device offline for longer may bring the item
    /// back.
    public static let tombstoneLifetimeMilliseconds: Int64 = 30 * 24 * 60 * 60 * 1000

    /// The list directory.
    public let directory: URL
    /// How long a read or write waits for another process's lock, in seconds.
    public let lockTimeout: Double

    /// The list in `directory` (which should end in `.sflist`); nothing is read yet.
    public init(directory: URL, lockTimeout: Double = 10) {
        self.directory = directory
        self.lockTimeout = lockTimeout
    }

    /// The list's name: the directory's name without `.sflist`.
    public var name: String { directory.deletingPathExtension().lastPathComponent }

    /// Creates a new list `<name>.sflist` in `folder` with `title`, stamped `stamp`.
    ///
    /// - Throws: `ListError.invalidName`, `ListError.invalidValue` (title), `ListError.alreadyExists`, `ListError.io`.
    public static func create(in folder: URL, name: String, title: String, stamp: ChangeStamp) throws -> ListPackage {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\0"), name.utf8.count <= 200
        else { throw ListError.invalidName(name) }
        if let reason = ListManifest.titleViolation(title) ?? ListManifest.inputViolation(title) {
            throw ListError.invalidValue(field: "title", reason: reason)
        }
        let directory = folder.appendingPathComponent("\(name).\(directoryExtension)", isDirectory: true)
        let manager = FileManager()
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ListError.io(path: folder.path, operation: "create directory", reason: "\(error)")
        }
        if FileManager().fileExists(atPath: directory.path) { throw ListError.alreadyExists(path: directory.path) }
        // The list is built in a hidden staging directory and renamed into place, so no reader (or sync tool) ever
        // sees a list without its manifest. rename(2) fails when a non-empty directory of that name exists, so of
        // two processes creating the same list one wins and the other gets `alreadyExists`.
        let staging = folder.appendingPathComponent(
            ".\(directory.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp", isDirectory: true)
        let items = staging.appendingPathComponent(itemsDirectoryName, isDirectory: true)
        guard mkdir(staging.path, 0o755) == 0, mkdir(items.path, 0o755) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: staging)
            throw ListError.io(path: staging.path, operation: "mkdir", reason: reason)
        }
        let manifest = ListManifest(
            title: Stamped(title, changed: stamp), createdAtMilliseconds: stamp.milliseconds,
            updatedAtMilliseconds: stamp.milliseconds)
        do {
            try ListPackage(directory: staging).writeManifest(manifest)
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
        guard rename(staging.path, directory.path) == 0 else {
            let code = errno
            try? manager.removeItem(at: staging)
            if code == ENOTEMPTY || code == EEXIST { throw ListError.alreadyExists(path: directory.path) }
            throw ListError.io(path: directory.path, operation: "rename", reason: String(cString: strerror(code)))
        }
        return ListPackage(directory: directory)
    }

    /// Reads the list under a shared lock.
    ///
    /// - Returns: the document and the item files that could not be read (each named, with the reason); those items
    ///   are left out of the document, every other item is in it.
    /// - Throws: `ListError.missingManifest`, `ListError.malformedFile` for the manifest, `ListError.lockTimeout`,
    ///   `ListError.io`.
    public func load() throws -> ListLoadResult {
        let lock = try ListFiles.lock(directory, .shared, timeout: lockTimeout)
        defer { lock.unlock() }
        return try readUnlocked()
    }

    /// Reads the list, applies `change` to it and writes every file that changed, all under one exclusive lock, so
    /// that changes from several processes never overwrite each other.
    ///
    /// Item files that could not be read are left untouched (and stay reported by `load`). Temporary files left by
    /// a writer that died mid-write are removed first (no live writer can own one while this lock is held). Returns
    /// what `change` returns.
    ///
    /// - Throws: `change`'s error (nothing is written then), and the errors of `load`.
    @discardableResult
    public func update<Result>(_ change: (inout ListDocument) throws -> Result) throws -> Result {
        let lock = try ListFiles.lock(directory, .exclusive, timeout: lockTimeout)
        defer { lock.unlock() }
        removeStaleTemporaries()
        let loaded = try readUnlocked()
        var document = loaded.document
        let result = try change(&document)
        try write(document, over: loaded.document)
        return result
    }

    /// Replaces the list's files with `document` (the outcome of a merge, for example), writing only the files
    /// that differ from what is on disk now.
    ///
    /// - Throws: the errors of `load`.
    public func save(_ document: ListDocument) throws {
        try update { $0 = document }
    }

    /// Removes the files of tombstones deleted more than `tombstoneLifetimeMilliseconds` before `nowMilliseconds`
    /// (Unix time); returns their ids.
    ///
    /// - Throws: the errors of `load`; `ListError.io` when a file cannot be removed.
    @discardableResult
    public func purgeTombstones(nowMilliseconds: Int64) throws -> [ItemID] {
        let lock = try ListFiles.lock(directory, .exclusive, timeout: lockTimeout)
        defer { lock.unlock() }
        let loaded = try readUnlocked()
        let expired = loaded.document.items.values.filter {
            $0.deleted.value && nowMilliseconds - $0.deleted.changed.milliseconds > Self.tombstoneLifetimeMilliseconds
        }.map(\.id).sorted()
        for id in expired {
            let url = itemURL(id)
            guard unlink(url.path) == 0 || errno == ENOENT else {
                throw ListError.io(path: url.path, operation: "unlink", reason: String(cString: strerror(errno)))
            }
        }
        return expired
    }

    /// The file of item `id`.
    public func itemURL(_ id: ItemID) -> URL {
        directory.appendingPathComponent(Self.itemsDirectoryName, isDirectory: true)
            .appendingPathComponent("\(id.rawValue).json")
    }

    /// The manifest file.
    public var manifestURL: URL { directory.appendingPathComponent(Self.manifestFileName) }

    /// Removes temporary files left by writers that died mid-write; only under the exclusive lock.
    func removeStaleTemporaries() {
        ListFiles.removeStaleTemporaries(in: directory)
        ListFiles.removeStaleTemporaries(
            in: directory.appendingPathComponent(Self.itemsDirectoryName, isDirectory: true))
    }

    /// Reads only the manifest, without a lock (it is replaced atomically, so it is always whole).
    ///
    /// - Throws: `ListError.missingManifest`, `ListError.malformedFile` naming `manifest.json`, `ListError.io`.
    public func readManifest() throws -> ListManifest {
        let manifestData: Data
        do {
            manifestData = try Data(contentsOf: manifestURL)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            throw ListError.missingManifest(listDirectory: directory.path)
        } catch {
            throw ListError.io(path: manifestURL.path, operation: "read", reason: "\(error)")
        }
        let manifest: ListManifest
        do {
            manifest = try JSONDecoder().decode(ListManifest.self, from: manifestData)
        } catch {
            throw ListError.malformedFile(path: Self.manifestFileName, reason: ListFileDecoding.describe(error))
        }
        if let reason = manifest.violation() {
            throw ListError.malformedFile(path: Self.manifestFileName, reason: reason)
        }
        return manifest
    }

    private func readUnlocked() throws -> ListLoadResult {
        try readSnapshotUnlocked(reusing: nil).result
    }

    /// Reads the list, parsing only the files whose `FileStamp` differs from `previous` (every file without one).
    /// Only under a lock.
    func readSnapshotUnlocked(reusing previous: ListSnapshot?) throws -> ListSnapshot {
        let manifestStamp = FileStamp(path: manifestURL.path)
        let manifest: ListManifest
        if let previous, let manifestStamp, previous.manifestStamp == manifestStamp {
            manifest = previous.result.document.manifest
        } else {
            manifest = try readManifest()
        }
        let itemsDirectory = directory.appendingPathComponent(Self.itemsDirectoryName, isDirectory: true)
        let names: [String]
        do {
            names = try FileManager().contentsOfDirectory(atPath: itemsDirectory.path)
        } catch {
            throw ListError.io(path: itemsDirectory.path, operation: "list directory", reason: "\(error)")
        }
        var files: [String: ListSnapshot.FileState] = [:]
        for name in names.sorted() where !name.hasPrefix(".") && name.hasSuffix(".json") {
            let stem = String(name.dropLast(".json".count))
            guard let id = ItemID(stem) else { continue }  // conflict copies and foreign files: see ConflictCopy
            let url = itemsDirectory.appendingPathComponent(name)
            let stamp = FileStamp(path: url.path)
            if let stamp, let known = previous?.files[name], known.stamp == stamp {
                files[name] = known
                continue
            }
            files[name] = ListSnapshot.FileState(stamp: stamp, content: readItem(id, fileName: name, at: url))
        }
        return ListSnapshot(manifest: manifest, manifestStamp: manifestStamp, files: files)
    }

    private func readItem(_ id: ItemID, fileName: String, at url: URL) -> Result<ListItem, ListFileProblem> {
        let relative = "\(Self.itemsDirectoryName)/\(fileName)"
        do {
            let data = try Data(contentsOf: url)
            let item = try JSONDecoder().decode(ListItem.self, from: data)
            guard item.id == id else {
                return .failure(ListFileProblem(path: relative, reason: "holds item \(item.id), not \(id)"))
            }
            return .success(item)
        } catch {
            return .failure(ListFileProblem(path: relative, reason: ListFileDecoding.describe(error)))
        }
    }

    /// Writes the files of `document` that differ from `old`; returns the item ids written or removed and whether
    /// the manifest was written. Only under the exclusive lock.
    @discardableResult
    func write(_ document: ListDocument, over old: ListDocument) throws -> (items: Set<ItemID>, manifest: Bool) {
        var touched = Set<ItemID>()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        for (id, item) in document.items where old.items[id] != item {
            let data: Data
            do { data = try encoder.encode(item) } catch {
                throw ListError.invalidValue(field: "item \(id)", reason: "cannot be encoded: \(error)")
            }
            try ListFiles.write(data + Data("\n".utf8), to: itemURL(id))
            touched.insert(id)
        }
        for id in old.items.keys where document.items[id] == nil {
            // An item dropped from the document (a purged tombstone in a merge result) loses its file.
            guard unlink(itemURL(id).path) == 0 || errno == ENOENT else {
                throw ListError.io(
                    path: itemURL(id).path, operation: "unlink", reason: String(cString: strerror(errno)))
            }
            touched.insert(id)
        }
        if document.manifest != old.manifest { try writeManifest(document.manifest) }
        return (touched, document.manifest != old.manifest)
    }

    private func writeManifest(_ manifest: ListManifest) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do { data = try encoder.encode(manifest) } catch {
            throw ListError.invalidValue(field: "manifest", reason: "cannot be encoded: \(error)")
        }
        try ListFiles.write(data + Data("\n".utf8), to: manifestURL)
    }
}

/// What `ListPackage.load` read.
public struct ListLoadResult: Sendable, Hashable {
    /// Every item that could be read, and the manifest.
    public let document: ListDocument
    /// The item files that could not be read, by name, sorted; empty when every file parsed.
    public let problems: [ListFileProblem]
}

/// A file of a list that could not be read, and why (a torn write from a foreign tool, garbage, a wrong shape).
public struct ListFileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path relative to the list directory, e.g. `items/<id>.json`.
    public let path: String
    /// What is wrong, naming the offending key where the decoder knows it.
    public let reason: String

    /// The text shown to people.
    public var description: String { "\(path): \(reason)" }
}

/// Turns decoding errors into one line that says what is wrong and where.
enum ListFileDecoding {
    static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "" : " at \(keys.joined(separator: "."))"
        }
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(context.debugDescription)\(path(context))"
        case DecodingError.keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\"\(path(context))"
        case DecodingError.typeMismatch(let type, let context): return "expected \(type)\(path(context))"
        case DecodingError.valueNotFound(let type, let context): return "null where \(type) belongs\(path(context))"
        case let error as ListError: return "\(error)"
        default: return "\(error)"
        }
    }
}
