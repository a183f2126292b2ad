import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the person chose to do with a list's sync-tool conflict copies.
public enum ConflictChoice: String, Sendable, Hashable, CaseIterable {
    /// Merge each copy into the list: per field, the later change (`ChangeStamp`) is kept and the other recorded;
    /// an item only in the copy is added. The copies are removed once merged.
    case merge
    /// Keep the list's files as they are and discard the copies.
    case keepMine = "keep-mine"
    /// Replace each file with its copy (of several copies of one file, the one with the latest change), then remove
    /// the copies.
    case keepTheirs = "keep-theirs"
}

/// What `ListPackage.resolveConflicts(_:)` did.
public struct ConflictResolution: Sendable, Hashable {
    /// The copies removed.
    public let removed: [ConflictCopy]
    /// The copies left in place because they could not be used for the choice (unreadable for `merge` or
    /// `keepTheirs`, or a copy of a file that is not part of the list format), each with the reason.
    public let kept: [ListFileProblem]
    /// The fields where the list and a copy disagreed (`merge` only): the value kept and the one set aside.
    public let conflicts: [ListMergeConflict]
}

extension ListPackage {
    /// Resolves every conflict copy in the list as `choice` says, under the list's exclusive lock: the list's files
    /// are written atomically first, then the copies that were used are removed. A copy that cannot be used for the
    /// choice is left in place and reported; nothing is removed without a choice.
    ///
    /// - Throws: the errors of `update` (nothing is removed then); `ListError.io` when a copy cannot be removed.
    public func resolveConflicts(_ choice: ConflictChoice) throws -> ConflictResolution {
        let lock = try ListFiles.lock(directory, .exclusive, timeout: lockTimeout)
        defer { lock.unlock() }
        removeStaleTemporaries()
        let current = try readSnapshotUnlocked(reusing: nil).document
        var document = current
        var removed: [ConflictCopy] = []
        var kept: [ListFileProblem] = []
        var conflicts: [ListMergeConflict] = []
        var chosenItems: [ItemID: ListItem] = [:]
        var chosenManifest: ListManifest?
        for copy in try conflictCopies() {
            if choice == .keepMine {
                removed.append(copy)
                continue
            }
            switch readCopy(copy) {
            case .failure(let problem):
                kept.append(problem)
            case .success(.manifest(let manifest)):
                if choice == .keepTheirs {
                    if chosenManifest.map({ $0.title.changed < manifest.title.changed }) ?? true {
                        chosenManifest = manifest
                    }
                } else {
                    mergeTitle(of: manifest, into: &document, conflicts: &conflicts)
                }
                removed.append(copy)
            case .success(.item(let item)):
                if choice == .keepTheirs {
                    if chosenItems[item.id].map({ $0.lastChange < item.lastChange }) ?? true {
                        chosenItems[item.id] = item
                    }
                } else {
                    merge(item, into: &document, conflicts: &conflicts)
                }
                removed.append(copy)
            }
        }
        if let chosenManifest { document.manifest = chosenManifest }
        for (id, item) in chosenItems { document.items[id] = item }
        try write(document, over: current)
        for copy in removed {
            let url = directory.appendingPathComponent(copy.path)
            guard unlink(url.path) == 0 || errno == ENOENT else {
                throw ListError.io(path: url.path, operation: "unlink", reason: String(cString: strerror(errno)))
            }
        }
        return ConflictResolution(removed: removed, kept: kept, conflicts: conflicts)
    }

    private enum CopyContent {
        case manifest(ListManifest)
        case item(ListItem)
    }

    private func readCopy(_ copy: ConflictCopy) -> Result<CopyContent, ListFileProblem> {
        let url = directory.appendingPathComponent(copy.path)
        do {
            let data = try Data(contentsOf: url)
            if copy.originalPath == Self.manifestFileName {
                let manifest = try JSONDecoder().decode(ListManifest.self, from: data)
                if let reason = manifest.violation() {
                    return .failure(ListFileProblem(path: copy.path, reason: reason))
                }
                return .success(.manifest(manifest))
            }
            let prefix = Self.itemsDirectoryName + "/"
            guard copy.originalPath.hasPrefix(prefix), copy.originalPath.hasSuffix(".json"),
                let id = ItemID(String(copy.originalPath.dropFirst(prefix.count).dropLast(".json".count)))
            else {
                return .failure(
                    ListFileProblem(path: copy.path, reason: "a copy of \(copy.originalPath), which is not a list file")
                )
            }
            let item = try JSONDecoder().decode(ListItem.self, from: data)
            guard item.id == id else {
                return .failure(ListFileProblem(path: copy.path, reason: "holds item \(item.id), not \(id)"))
            }
            return .success(.item(item))
        } catch {
            return .failure(ListFileProblem(path: copy.path, reason: ListFileDecoding.describe(error)))
        }
    }

    /// Merges one version of an item without a common base: per field the greater stamp wins.
    private func merge(_ theirs: ListItem, into document: inout ListDocument, conflicts: inout [ListMergeConflict]) {
        guard let mine = document.items[theirs.id] else {
            document.items[theirs.id] = theirs
            return
        }
        let empty = ListDocument(manifest: document.manifest)
        let result = ListMerge.merge(
            base: empty, mine: ListDocument(manifest: document.manifest, items: [mine.id: mine]),
            theirs: ListDocument(manifest: document.manifest, items: [theirs.id: theirs]))
        document.items[theirs.id] = result.document.items[theirs.id] ?? mine
        conflicts += result.conflicts
    }

    /// The later title of the list and a copy of its manifest, the other recorded when they differ.
    private func mergeTitle(
        of theirs: ListManifest, into document: inout ListDocument, conflicts: inout [ListMergeConflict]
    ) {
        let mine = document.manifest.title
        let later = theirs.title.changed > mine.changed ? theirs.title : mine
        let earlier = later == mine ? theirs.title : mine
        if later.value != earlier.value {
            conflicts.append(
                ListMergeConflict(
                    item: nil, field: .title, kept: .text(later.value), keptStamp: later.changed,
                    discarded: .text(earlier.value), discardedStamp: earlier.changed))
        }
        document.manifest.title = later
        document.manifest.createdAtMilliseconds = min(
            document.manifest.createdAtMilliseconds, theirs.createdAtMilliseconds)
        document.manifest.updatedAtMilliseconds = max(
            document.manifest.updatedAtMilliseconds, theirs.updatedAtMilliseconds)
    }
}
