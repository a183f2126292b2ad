import Foundation
import Primitives

#if canImport(Glibc)
    import Glibc
#endif

/// Which lists of a folder changed on disk: the names (`<name>.sflist` without the extension), or every list when
/// the watcher cannot tell (the start, a kernel queue overflow, a folder re-created).
public enum ListFolderChange: Sendable, Hashable {
    /// Anything may have changed: scan the whole folder again.
    case everything
    /// These lists changed (created, deleted, renamed into place, or a file inside them replaced).
    case lists(Set<String>)
}

/// How a `ListFolderWatcher` learns of changes.
public enum ListFolderWatchMode: Sendable {
    /// inotify where the kernel grants it, polling every `pollInterval` where `inotify_init1` fails (out of
    /// instances, a kernel without it) or the folder is on a file system inotify does not see (network shares are
    /// polled when chosen explicitly).
    case automatic(pollInterval: Duration)
    /// inotify(7) only; starting fails when it is unavailable.
    case inotify
    /// Polling every `interval`: a stat of each list directory, its manifest and its `items/` folder (atomic
    /// replacements change the folder's modification time), on `clock`.
    case polling(interval: Duration, clock: any Clock<Duration>)
}

/// Watches a lists folder and reports which lists changed, as an `AsyncStream`, without opening any file.
///
/// On Linux it uses inotify(7): one watch on the folder, one on each list directory and one on its `items/` folder
/// (`IN_CREATE`, `IN_DELETE`, `IN_MOVED_FROM`, `IN_MOVED_TO`, `IN_CLOSE_WRITE`, `IN_ATTRIB`; atomic replacement by
/// rename kills a file watch, so directories are watched, never files). Dot files (temporaries of this library and of
/// sync tools) are ignored; the rename that publishes them is not. A queue overflow (`IN_Q_OVERFLOW`) reports
/// `.everything`. Where inotify is unavailable it polls. The first element is always `.everything`.
public final class ListFolderWatcher: Sendable {
    /// How the watcher actually learns of changes.
    public enum Backend: String, Sendable {
        /// inotify(7).
        case inotify
        /// Periodic stats.
        case polling
    }

    /// The watched folder.
    public let folder: URL
    /// The mechanism in use (`automatic` falls back to `.polling` when inotify is unavailable).
    public let backend: Backend
    /// The changes, `.everything` first; finishes after `stop()`.
    public let changes: AsyncStream<ListFolderChange>

    private let stopper: @Sendable () -> Void

    /// Starts watching `folder` (created when missing).
    ///
    /// - Throws: `ListError.io` when the folder cannot be created, or in `.inotify` mode when `inotify_init1` or
    ///   the folder's watch fails (the reason names the errno, e.g. `EMFILE` when the user's instances are used up).
    public init(folder: URL, mode: ListFolderWatchMode) throws {
        self.folder = folder
        do {
            try FileManager().createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ListError.io(path: folder.path, operation: "create directory", reason: "\(error)")
        }
        let (stream, continuation) = AsyncStream.makeStream(
            of: ListFolderChange.self, bufferingPolicy: .bufferingNewest(64))
        changes = stream
        continuation.yield(.everything)
        switch mode {
        case .inotify:
            let watch = try InotifyWatch(folder: folder, continuation: continuation)
            backend = .inotify
            stopper = { watch.stop() }
        case .automatic(let interval):
            if let watch = try? InotifyWatch(folder: folder, continuation: continuation) {
                backend = .inotify
                stopper = { watch.stop() }
            } else {
                backend = .polling
                let task = PollingWatch.start(
                    folder: folder, interval: interval, clock: ContinuousClock(), continuation: continuation)
                stopper = { task.cancel() }
            }
        case .polling(let interval, let clock):
            backend = .polling
            let task = PollingWatch.start(folder: folder, interval: interval, clock: clock, continuation: continuation)
            stopper = { task.cancel() }
        }
    }

    /// Stops watching and finishes `changes`.
    public func stop() {
        stopper()
    }

    deinit {
        stopper()
    }

    /// The list named by a directory entry of the folder (`Groceries.sflist` → `Groceries`), or nil.
    static func listName(ofEntry entry: String) -> String? {
        guard !entry.hasPrefix("."), entry.hasSuffix("." + ListPackage.directoryExtension) else { return nil }
        let name = String(entry.dropLast(ListPackage.directoryExtension.count + 1))
        return name.isEmpty ? nil : name
    }
}

/// The inotify side: an `inotify_init1` descriptor read by a thread of its own that waits in poll(2).
private final class InotifyWatch: Sendable {
    /// What a watch descriptor watches.
    private enum Target: Sendable, Hashable {
        case folder
        case list(String)
        case items(String)
    }

    private struct State {
        var targets: [Int32: Target] = [:]
        var stopped = false
    }

    private static let directoryMask = UInt32(
        IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF
            | IN_MOVE_SELF | IN_ONLYDIR)

    private let descriptor: Int32
    private let folder: URL
    private let state = Locked(State())
    /// A pipe(2): `stop` writes a byte to `wake[1]` to wake the reading thread, which polls `wake[0]`.
    private let wake: [Int32]
    private let continuation: AsyncStream<ListFolderChange>.Continuation

    init(folder: URL, continuation: AsyncStream<ListFolderChange>.Continuation) throws {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw ListError.io(path: folder.path, operation: "inotify_init1", reason: String(cString: strerror(errno)))
        }
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = close(descriptor)
            throw ListError.io(path: folder.path, operation: "pipe", reason: reason)
        }
        for end in wake { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.descriptor = descriptor
        self.wake = wake
        self.folder = folder
        self.continuation = continuation
        let root = inotify_add_watch(descriptor, folder.path, Self.directoryMask)
        guard root >= 0 else {
            let reason = String(cString: strerror(errno))
            _ = close(descriptor)
            for end in wake { _ = close(end) }
            throw ListError.io(path: folder.path, operation: "inotify_add_watch", reason: reason)
        }
        state.withLock { $0.targets[root] = .folder }
        watchExistingLists()
        let thread = Thread { [self] in run() }
        thread.name = "storefront.lists.inotify"
        thread.start()
        continuation.onTermination = { @Sendable [weak self] _ in self?.stop() }
    }

    func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
        continuation.finish()
    }

    /// The reading thread: waits in poll(2) for events or the wake-up, then closes both descriptors. The thread
    /// keeps `self` alive until it ends.
    private func run() {
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || descriptors[1].revents != 0 { break }
            if descriptors[0].revents != 0 { drain() }
        }
        _ = close(descriptor)
        for end in wake { _ = close(end) }
    }

    private func watchExistingLists() {
        let entries = (try? FileManager().contentsOfDirectory(atPath: folder.path)) ?? []
        for entry in entries {
            if let name = ListFolderWatcher.listName(ofEntry: entry) { watchList(name, entry: entry) }
        }
    }

    /// Adds watches on a list directory and its `items/` folder (a second watch on one inode returns the same
    /// descriptor, so re-adding is harmless).
    private func watchList(_ name: String, entry: String) {
        let directory = folder.appendingPathComponent(entry, isDirectory: true)
        let list = inotify_add_watch(descriptor, directory.path, Self.directoryMask)
        if list >= 0 { state.withLock { $0.targets[list] = .list(name) } }
        watchItems(name, in: directory)
    }

    private func watchItems(_ name: String, in directory: URL) {
        let items = directory.appendingPathComponent(ListPackage.itemsDirectoryName, isDirectory: true)
        let watch = inotify_add_watch(descriptor, items.path, Self.directoryMask)
        if watch >= 0 { state.withLock { $0.targets[watch] = .items(name) } }
    }

    /// Reads every queued event and reports the lists they touch as one change.
    private func drain() {
        var changed = Set<String>()
        var everything = false
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, capacity)
            if count <= 0 { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let nameLength = Int(event.len)
                var name = ""
                if nameLength > 0 {
                    let bytes = UnsafeRawBufferPointer(
                        rebasing: buffer[(offset + header)..<(offset + header + nameLength)])
                    name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                offset += header + nameLength
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    everything = true
                    continue
                }
                handle(event: event, name: name, changed: &changed, everything: &everything)
            }
        }
        if everything {
            watchExistingLists()
            continuation.yield(.everything)
        } else if !changed.isEmpty {
            continuation.yield(.lists(changed))
        }
    }

    private func handle(event: inotify_event, name: String, changed: inout Set<String>, everything: inout Bool) {
        let target = state.withLock { state -> Target? in
            let target = state.targets[event.wd]
            if event.mask & UInt32(IN_IGNORED) != 0 { state.targets[event.wd] = nil }
            return target
        }
        guard let target else { return }
        let isDirectory = event.mask & UInt32(IN_ISDIR) != 0
        let arrived = event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
        switch target {
        case .folder:
            if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                everything = true
                return
            }
            guard let list = ListFolderWatcher.listName(ofEntry: name) else { return }
            if isDirectory && arrived { watchList(list, entry: name) }
            changed.insert(list)
        case .list(let list):
            guard !name.hasPrefix(".") || event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 else { return }
            if isDirectory && arrived && name == ListPackage.itemsDirectoryName {
                watchItems(list, in: folder.appendingPathComponent("\(list).\(ListPackage.directoryExtension)"))
            }
            changed.insert(list)
        case .items(let list):
            guard !name.hasPrefix(".") else { return }
            changed.insert(list)
        }
    }
}

/// The polling side: a task that stats every list every interval and reports the ones whose stats differ.
private enum PollingWatch {
    /// The stats that change when a list changes through renames (atomic replacement) or in place.
    struct Signature: Hashable {
        var directory: FileStamp?
        var manifest: FileStamp?
        var items: FileStamp?
    }

    static func start(
        folder: URL, interval: Duration, clock: any Clock<Duration>,
        continuation: AsyncStream<ListFolderChange>.Continuation
    ) -> Task<Void, Never> {
        let task = Task {
            var previous = scan(folder)
            while !Task.isCancelled {
                do { try await clock.sleep(for: interval) } catch { break }
                let current = scan(folder)
                let names = Set(previous.keys).union(current.keys).filter { previous[$0] != current[$0] }
                if !names.isEmpty { continuation.yield(.lists(names)) }
                previous = current
            }
            continuation.finish()
        }
        continuation.onTermination = { @Sendable _ in task.cancel() }
        return task
    }

    static func scan(_ folder: URL) -> [String: Signature] {
        let entries = (try? FileManager().contentsOfDirectory(atPath: folder.path)) ?? []
        var signatures: [String: Signature] = [:]
        for entry in entries {
            guard let name = ListFolderWatcher.listName(ofEntry: entry) else { continue }
            let directory = folder.appendingPathComponent(entry, isDirectory: true)
            signatures[name] = Signature(
                directory: FileStamp(path: directory.path),
                manifest: FileStamp(path: directory.appendingPathComponent(ListPackage.manifestFileName).path),
                items: FileStamp(path: directory.appendingPathComponent(ListPackage.itemsDirectoryName).path))
        }
        return signatures
    }
}
