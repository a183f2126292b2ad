import Foundation
import Primitives

/// What the lists screen shows of one list without opening it for editing: its title, how many live items it has,
/// when it last changed and how many sync-tool conflict copies wait in it.
public struct ListSummary: Sendable, Hashable {
    /// The list's name (its directory without `.sflist`), the handle commands take.
    public let name: String
    /// The title, or nil when the manifest cannot be read (`problem` says why).
    public let title: String?
    /// Live (not deleted) items.
    public let itemCount: Int
    /// The latest change: the manifest's `updated_at_ms` or the latest stamp of any item, whichever is later, in
    /// milliseconds since the Unix epoch (`ListDocument.modifiedAtMilliseconds`, from the files' own stamps, so a
    /// sync tool's copy time does not count).
    public let modifiedAtMilliseconds: Int64
    /// Conflict copies inside the list directory and its `items/` folder.
    public let conflictCount: Int
    /// Why the list cannot be opened (a missing or malformed manifest), or nil.
    public let problem: String?
}

/// The metadata read model of a lists folder: which lists exist, with `ListSummary` for each, kept current by a
/// `ListFolderWatcher`.
///
/// Reading is cheap and lock-free: for each list it reads the manifest, lists `items/` and stats each item file; an
/// item file is parsed only when its inode, size, modification or change time differ from the last scan (to learn
/// whether it is a tombstone and its last change). Nothing is locked, so a scan never waits for a writer; a file replaced mid-scan is read whole
/// (writes are atomic renames) and the rename's event brings a new scan.
public actor ListCatalog {
    /// The folder.
    public let folder: URL
    /// The summaries, sorted by title (then name), as of the last scan.
    public private(set) var summaries: [ListSummary] = []

    private var byName: [String: ListSummary] = [:]
    private var itemCache: [String: [String: CachedItem]] = [:]
    private let summaryUpdates = Broadcast<[ListSummary]>(buffering: .newest(1))
    private let appliedChanges = Broadcast<ListFolderChange>(buffering: .newest(64))
    private var watchTask: Task<Void, Never>?

    private struct CachedItem {
        let stamp: FileStamp
        let isLive: Bool
        let lastChange: Int64
    }

    /// A catalog of `folder`; nothing is read until `refresh` or `watch`.
    public init(folder: URL) {
        self.folder = folder
    }

    /// Scans `change`'s lists (every list for `.everything`) and publishes the result when it differs.
    @discardableResult
    public func refresh(_ change: ListFolderChange = .everything) -> [ListSummary] {
        switch change {
        case .everything:
            let entries = (try? FileManager().contentsOfDirectory(atPath: folder.path)) ?? []
            let names = Set(entries.compactMap(ListFolderWatcher.listName(ofEntry:)))
            var fresh: [String: ListSummary] = [:]
            for name in names { fresh[name] = summarize(name) }
            byName = fresh
            itemCache = itemCache.filter { names.contains($0.key) }
        case .lists(let names):
            for name in names { byName[name] = summarize(name) }
        }
        appliedChanges.send(change)
        let sorted = byName.values.sorted { ($0.title ?? $0.name, $0.name) < ($1.title ?? $1.name, $1.name) }
        if sorted != summaries {
            summaries = sorted
            summaryUpdates.send(sorted)
        }
        return sorted
    }

    /// The summaries now and after every change, until the caller stops iterating.
    public func updates() -> AsyncStream<[ListSummary]> {
        summaryUpdates.subscribe(initial: summaries)
    }

    /// The changes this catalog applied, as they are applied (open sessions follow their list with it).
    public func changes() -> AsyncStream<ListFolderChange> {
        appliedChanges.subscribe()
    }

    /// Applies every change `watcher` reports until it stops (or `stopWatching`); returns at once.
    public func watch(_ watcher: ListFolderWatcher) {
        watchTask?.cancel()
        watchTask = Task { [weak self] in
            for await change in watcher.changes {
                guard let self else { return }
                await self.refresh(change)
            }
        }
    }

    /// Stops applying the watcher's changes.
    public func stopWatching() {
        watchTask?.cancel()
        watchTask = nil
    }

    /// The summary of list `name`, or nil when its directory is gone.
    private func summarize(_ name: String) -> ListSummary? {
        let directory = folder.appendingPathComponent("\(name).\(ListPackage.directoryExtension)", isDirectory: true)
        let package = ListPackage(directory: directory)
        var isDirectory: ObjCBool = false
        guard FileManager().fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        let conflicts = (try? package.conflictCopies().count) ?? 0
        let manifest: ListManifest
        do {
            manifest = try package.readManifest()
        } catch {
            return ListSummary(
                name: name, title: nil, itemCount: 0, modifiedAtMilliseconds: 0, conflictCount: conflicts,
                problem: "\(error)")
        }
        let itemsDirectory = directory.appendingPathComponent(ListPackage.itemsDirectoryName, isDirectory: true)
        let names = (try? FileManager().contentsOfDirectory(atPath: itemsDirectory.path)) ?? []
        var live = 0
        var modified = manifest.updatedAtMilliseconds
        for file in names where !file.hasPrefix(".") && file.hasSuffix(".json") {
            guard ItemID(String(file.dropLast(".json".count))) != nil else { continue }
            let url = itemsDirectory.appendingPathComponent(file)
            guard let stamp = FileStamp(path: url.path) else { continue }
            let entry: CachedItem
            if let cached = itemCache[name]?[file], cached.stamp == stamp {
                entry = cached
            } else {
                let item = (try? Data(contentsOf: url)).flatMap {
                    try? JSONDecoder().decode(ListItem.self, from: $0)
                }
                entry = CachedItem(
                    stamp: stamp, isLive: item.map { !$0.deleted.value } ?? false,
                    lastChange: item?.lastChange.milliseconds ?? 0)
                itemCache[name, default: [:]][file] = entry
            }
            if entry.isLive { live += 1 }
            modified = max(modified, entry.lastChange)
        }
        return ListSummary(
            name: name, title: manifest.title.value, itemCount: live, modifiedAtMilliseconds: modified,
            conflictCount: conflicts, problem: nil)
    }
}
