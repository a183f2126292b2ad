import FeatureKit
import Foundation
import Logging
import Observation

/// The Lists tab's state: which lists exist (the catalog, kept current by the folder watcher), the list open on
/// screen (a content session), and the last message. Main-actor and observable: screens read it, their view models
/// call its methods.
@MainActor
@Observable
public final class ListsFeature {
    /// The lists, sorted by title, as of the watcher's last change.
    public private(set) var summaries: [ListSummary] = []
    /// True once the folder was scanned.
    public private(set) var hasLoaded = false
    /// Why the folder cannot be used, or nil.
    public private(set) var failure: String?
    /// The open list's name and state, or nil.
    public private(set) var openList: (name: String, state: ListSessionState)?
    /// The last thing done or failed, for the screen's notice.
    public private(set) var message: (text: String, isError: Bool)?
    /// The list "add to list" adds to: the one opened last, else the first.
    public private(set) var lastUsedList: String?
    /// Where the lists are, or nil before `start`.
    public private(set) var folder: ListsFolder?

    @ObservationIgnored private let makeFolder: @MainActor () throws -> ListsFolder
    @ObservationIgnored private let logger: Logger
    @ObservationIgnored private var catalog: ListCatalog?
    @ObservationIgnored private var watcher: ListFolderWatcher?
    @ObservationIgnored private var session: ListSession?
    @ObservationIgnored private var tasks: [Task<Void, Never>] = []
    @ObservationIgnored private var sessionTask: Task<Void, Never>?
    @ObservationIgnored private var startTask: Task<Void, Never>?

    /// A feature over the folder `makeFolder` resolves (at `start`); nothing is read before.
    public init(makeFolder: @escaping @MainActor () throws -> ListsFolder, logger: Logger) {
        self.makeFolder = makeFolder
        self.logger = logger
    }

    /// Resolves the folder, starts watching it (inotify, polling every 2 s where inotify is unavailable) and
    /// publishes the lists; callers after the first wait for the first's work.
    public func start() async {
        if let startTask {
            await startTask.value
            return
        }
        let task = Task { await self.startWatching() }
        startTask = task
        await task.value
    }

    private func startWatching() async {
        do {
            let folder = try makeFolder()
            self.folder = folder
            let watcher = try ListFolderWatcher(folder: folder.url, mode: .automatic(pollInterval: .seconds(2)))
            let catalog = ListCatalog(folder: folder.url)
            self.watcher = watcher
            self.catalog = catalog
            let updates = await catalog.updates()
            await catalog.watch(watcher)
            tasks.append(
                Task { [weak self] in
                    for await summaries in updates { self?.show(summaries) }
                })
            logger.info("watching lists", metadata: ["folder": "\(folder.url.path)", "via": "\(watcher.backend)"])
        } catch {
            failure = ErrorText.describe(error)
            hasLoaded = true
        }
    }

    /// Stops watching and closes the open list.
    public func stop() {
        for task in tasks { task.cancel() }
        tasks = []
        watcher?.stop()
        closeList()
    }

    /// Opens list `name` in a content session that follows the folder's changes.
    public func open(_ name: String) async {
        await start()
        guard let folder, let catalog else { return }
        if openList?.name == name, session != nil { return }
        closeList()
        do {
            let session = try ListSession(package: folder.package(named: name), device: folder.device, now: folder.now)
            self.session = session
            lastUsedList = name
            await session.follow(catalog)
            let updates = await session.updates()
            sessionTask = Task { [weak self] in
                for await state in updates { self?.openList = (name, state) }
            }
        } catch {
            say("\(name) cannot be opened: \(ErrorText.describe(error))", isError: true)
        }
    }

    /// Closes the open list.
    public func closeList() {
        sessionTask?.cancel()
        sessionTask = nil
        if let session { Task { await session.close() } }
        session = nil
        openList = nil
    }

    /// Changes the open list through its session; says what failed.
    public func edit(_ what: String, _ change: @escaping @Sendable (inout ListDocument, ChangeStamp) throws -> Void)
        async
    {
        guard let session else { return }
        do {
            try await session.edit(change)
        } catch {
            say("\(what) failed: \(ErrorText.describe(error))", isError: true)
        }
    }

    /// Saves the open list (deleted elsewhere) as a new list `<name> copy` (`<name> copy 2`, … when taken).
    public func saveOpenListAsCopy() async {
        guard let session, let name = openList?.name else { return }
        for attempt in 1...100 {
            let copyName = attempt == 1 ? "\(name) copy" : "\(name) copy \(attempt)"
            do {
                let copy = try await session.saveCopy(named: copyName)
                say("Saved as \(copy.name).", isError: false)
                return
            } catch ListError.alreadyExists {
                continue
            } catch {
                say("The copy could not be saved: \(ErrorText.describe(error))", isError: true)
                return
            }
        }
        say("The copy could not be saved: every name up to \"\(name) copy 100\" is taken", isError: true)
    }

    /// Adds `productID` to the list used last (else the first; a new "Shopping list" when there is none).
    public func add(productID: String) async {
        await start()
        guard let folder else {
            say("Lists cannot be used: \(failure ?? "no folder")", isError: true)
            return
        }
        do {
            let name = lastUsedList.flatMap { name in summaries.contains { $0.name == name } ? name : nil }
            let package =
                try name.map(folder.package(named:)) ?? summaries.first.map { folder.package(named: $0.name) }
                ?? folder.create(title: "Shopping list")
            let title = try package.update { document in
                try document.addItem(productID: productID, stamp: folder.stamp())
                return document.manifest.title.value
            }
            lastUsedList = package.name
            say("Added \(productID) to \(title).", isError: false)
        } catch {
            say("\(productID) could not be added to a list: \(ErrorText.describe(error))", isError: true)
        }
    }

    /// Resolves list `name`'s conflict copies as `choice` says.
    public func resolve(_ name: String, _ choice: ConflictChoice) {
        guard let folder else { return }
        do {
            let resolution = try folder.package(named: name).resolveConflicts(choice)
            let kept = resolution.kept.isEmpty ? "" : "; \(resolution.kept.count) could not be read and stay"
            say(
                "\(name): \(resolution.removed.count) conflict copies resolved (\(choice.rawValue))\(kept).",
                isError: !resolution.kept.isEmpty)
        } catch {
            say("\(name): the conflicts could not be resolved: \(ErrorText.describe(error))", isError: true)
        }
    }

    /// The conflict copies of list `name` (none when it cannot be listed).
    public func conflictCopies(of name: String) -> [ConflictCopy] {
        (try? folder?.package(named: name).conflictCopies()) ?? []
    }

    /// Shows a message on the screen.
    public func say(_ text: String, isError: Bool) {
        message = (text, isError)
    }

    private func show(_ summaries: [ListSummary]) {
        self.summaries = summaries
        hasLoaded = true
    }
}
