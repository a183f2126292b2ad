import Foundation
import Primitives

/// What an open list looks like to the screen showing it.
public struct ListSessionState: Sendable, Hashable {
    /// The list's content as the session holds it (the latest merge of its own and its peers' changes).
    public let document: ListDocument
    /// Item files that could not be read (left untouched on disk).
    public let problems: [ListFileProblem]
    /// Fields changed differently here and by a peer while the list was open: the later change was kept, the other
    /// is recorded here so nothing a person typed disappears without a trace.
    public let conflicts: [ListMergeConflict]
    /// True once the list's directory is gone (deleted elsewhere); `ListSession.saveCopy(named:)` keeps the content.
    public let isDeleted: Bool
}

/// An open list: owns its state from `open` until `close`, serializes every read and write of it (an actor), writes
/// through `ListPackage.update(_:_:)` (atomic per file, under the list's exclusive `flock`, reading only the files
/// changed since its last read), and merges changes made by other processes or a sync tool three-way against the
/// version it last agreed with the disk (`ListMerge`).
///
/// Peer changes arrive through `peerChanged()`, which `follow(_:)` calls on every change the folder's catalog
/// reports for this list.
public actor ListSession {
    /// The list on disk.
    public nonisolated let package: ListPackage
    private let device: DeviceID
    private let now: @Sendable () -> Date
    private var snapshot: ListSnapshot
    /// The version this session and the disk last agreed on (the merge base).
    private var base: ListDocument
    /// The session's content.
    private var mine: ListDocument
    private var conflicts: [ListMergeConflict] = []
    private var isDeleted = false
    private let stateUpdates = Broadcast<ListSessionState>(buffering: .newest(1))
    private var followTask: Task<Void, Never>?

    /// Opens `package`, reading it whole once; changes are stamped with `device` at `now()`.
    ///
    /// - Throws: the errors of `ListPackage.load` (a missing list is `ListError.io` or `missingManifest`).
    public init(package: ListPackage, device: DeviceID, now: @escaping @Sendable () -> Date) throws {
        self.package = package
        self.device = device
        self.now = now
        let snapshot = try package.loadSnapshot()
        self.snapshot = snapshot
        base = snapshot.document
        mine = snapshot.document
    }

    /// The state now.
    public var state: ListSessionState {
        ListSessionState(
            document: mine, problems: snapshot.result.problems, conflicts: conflicts, isDeleted: isDeleted)
    }

    /// The state now and after every change, until the caller stops iterating or the session closes.
    public func updates() -> AsyncStream<ListSessionState> {
        stateUpdates.subscribe(initial: state)
    }

    /// Applies `change` to the session's content, as the person saw it, and saves it: under the exclusive lock the
    /// edited content is merged three-way with the disk's current version against the version the session last
    /// agreed with the disk, so a field a peer changed meanwhile is kept unless this edit changed it too (then the
    /// later change wins and the other is recorded in `conflicts`); only the changed files are written. Returns what
    /// `change` returns.
    ///
    /// - Throws: `ListError.listDeleted` when the list is gone (the content stays in the session); `change`'s error
    ///   (nothing is written); the errors of `ListPackage.update`.
    @discardableResult
    public func edit<Result: Sendable>(
        _ change: @Sendable (inout ListDocument, ChangeStamp) throws -> Result
    ) throws -> Result {
        try requireDirectory()
        var edited = mine
        let result = try change(&edited, ChangeStamp(date: now(), device: device))
        let base = self.base
        var written = edited
        var found: [ListMergeConflict] = []
        try package.update(&snapshot) { [edited] disk in
            let merged = ListMerge.merge(base: base, mine: edited, theirs: disk)
            found = merged.conflicts
            disk = merged.document
            written = merged.document
        }
        record(found)
        self.base = written
        self.mine = written
        publish()
        return result
    }

    /// Reads what changed on disk (only the changed files) and merges it into the session's content; marks the
    /// session deleted when the list's directory is gone. Errors reading (a lock held too long) leave the state as
    /// it was; the next change tries again.
    public func peerChanged() {
        guard !isDeleted else { return }
        guard directoryExists else {
            isDeleted = true
            publish()
            return
        }
        guard let fresh = try? package.refresh(snapshot) else { return }
        guard fresh != snapshot else { return }
        let merged = ListMerge.merge(base: base, mine: mine, theirs: fresh.document)
        record(merged.conflicts)
        snapshot = fresh
        base = fresh.document
        mine = merged.document
        publish()
    }

    /// Calls `peerChanged()` on every change `catalog` reports for this list, until `close`.
    public func follow(_ catalog: ListCatalog) async {
        followTask?.cancel()
        let changes = await catalog.changes()
        let name = package.name
        followTask = Task { [weak self] in
            for await change in changes {
                switch change {
                case .everything: await self?.peerChanged()
                case .lists(let names) where names.contains(name): await self?.peerChanged()
                case .lists: continue
                }
            }
        }
    }

    /// Writes the session's content to a new list `name` in the same folder (a list deleted while open, or a
    /// second copy); the new list has the same items and title (or `title`).
    ///
    /// - Throws: the errors of `ListPackage.create` (`alreadyExists` for a taken name) and `ListPackage.update`.
    public func saveCopy(named name: String, title: String? = nil) throws -> ListPackage {
        let stamp = ChangeStamp(date: now(), device: device)
        let folder = package.directory.deletingLastPathComponent()
        let copy = try ListPackage.create(
            in: folder, name: name, title: title ?? mine.manifest.title.value, stamp: stamp)
        let items = mine.items
        try copy.update { document in document.items = items }
        return copy
    }

    /// Stops following the folder and ends every `updates()` stream.
    public func close() {
        followTask?.cancel()
        followTask = nil
        stateUpdates.finish()
    }

    private var directoryExists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager().fileExists(atPath: package.directory.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    private func requireDirectory() throws {
        guard !isDeleted, directoryExists else {
            if !isDeleted {
                isDeleted = true
                publish()
            }
            throw ListError.listDeleted(path: package.directory.path)
        }
    }

    private func record(_ found: [ListMergeConflict]) {
        conflicts += found.filter { !conflicts.contains($0) }
    }

    private func publish() {
        stateUpdates.send(state)
    }
}
