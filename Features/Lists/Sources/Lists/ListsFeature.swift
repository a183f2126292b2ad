import FeatureKit
import Foundation
import Logging
import Observation
import Primitives

/// The Lists tab's state: which lists exist (the catalog, kept current by the folder watcher), the list open on
/// screen (a content session), and the last message. Main-actor and observable: screens read it, their view models
/// call its methods.
///
/// It never reads or writes a file on the main actor: resolving the folder, opening a list (a read under the list's
/// shared `flock`, which waits up to `ListPackage.lockTimeout` seconds for another process), adding to a list,
/// resolving and listing conflict copies all run on a dispatch thread (`FileWork`), and the screens show their
/// loading state until the result arrives.
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
    /// The conflict copies of each list that has some, as of the last change the watcher reported (read off the
    /// main actor after each change).
    public private(set) var conflictCopiesByList: [String: [ConflictCopy]] = [:]
    /// The name and price of each product on the open list, by product id: the cached ones first, then what the
    /// catalog answers (see `ProductNames`).
    public private(set) var productLabels: [String: ProductLabel] = [:]
    /// Where product names and prices come from.
    public let productNames: ProductNames

    @ObservationIgnored private let makeFolder: @Sendable () throws -> ListsFolder
    @ObservationIgnored private let logger: Logger
    @ObservationIgnored private var catalog: ListCatalog?
    @ObservationIgnored private var watcher: ListFolderWatcher?
    @ObservationIgnored private var session: ListSession?
    @ObservationIgnored private var tasks: [Task<Void, Never>] = []
    @ObservationIgnored private var sessionTask: Task<Void, Never>?
    @ObservationIgnored private var startTask: Task<Void, Never>?
    @ObservationIgnored private var copiesTask: Task<Void, Never>?
    /// The list being opened (its file read is under way), or nil.
    @ObservationIgnored private var opening: String?
    /// The product ids asked of the catalog in this session (each once, so a list's changes do not ask again).
    @ObservationIgnored private var labelled: Set<String> = []

    /// A feature over the folder `makeFolder` resolves (at `start`, on a dispatch thread), naming products through
    /// `productNames`; nothing is read before.
    public init(
        makeFolder: @escaping @Sendable () throws -> ListsFolder, productNames: ProductNames, logger: Logger
    ) {
        self.makeFolder = makeFolder
        self.productNames = productNames
        self.logger = logger
    }

    /// Shows the cached names of the products of `productIDs` not asked about yet, then asks the catalog (off the
    /// main actor) and shows its answers.
    private func labelProducts(_ productIDs: [String]) {
        let missing = Array(Set(productIDs).subtracting(labelled)).sorted()
        guard !missing.isEmpty else { return }
        labelled.formUnion(missing)
        let names = productNames
        tasks.append(
            Task { [weak self] in
                let cached = (try? await FileWork.run { names.cachedLabels(missing) }) ?? [:]
                self?.productLabels.merge(cached) { _, new in new }
                let report = await names.refresh(missing)
                guard let self, !Task.isCancelled else { return }
                self.productLabels.merge(report.labels) { _, new in new }
                if !report.uncheckedFoundUnknown.isEmpty {
                    self.say(
                        "Not in the catalog: \(report.uncheckedFoundUnknown.joined(separator: ", ")) (added offline).",
                        isError: true)
                }
            })
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
            let makeFolder = makeFolder
            let (folder, watcher) = try await FileWork.run {
                let folder = try makeFolder()
                return (folder, try ListFolderWatcher(folder: folder.url, mode: .automatic(pollInterval: .seconds(2))))
            }
            self.folder = folder
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
        copiesTask?.cancel()
        copiesTask = nil
        watcher?.stop()
        closeList()
    }

    /// Opens list `name` in a content session that follows the folder's changes. The list is read on a dispatch
    /// thread; an open of another list (or a close) while it is read wins, and this one's session is closed.
    public func open(_ name: String) async {
        await start()
        guard let folder, let catalog else { return }
        if openList?.name == name, session != nil { return }
        if opening == name { return }
        closeList()
        opening = name
        do {
            let package = folder.package(named: name)
            let session = try await FileWork.run {
                try ListSession(package: package, device: folder.device, now: folder.now)
            }
            guard opening == name else {
                await session.close()
                return
            }
            opening = nil
            self.session = session
            lastUsedList = name
            await session.follow(catalog)
            let updates = await session.updates()
            sessionTask = Task { [weak self] in
                for await state in updates {
                    self?.openList = (name, state)
                    self?.labelProducts(state.document.liveItems.map(\.productID))
                }
            }
        } catch {
            guard opening == name else { return }
            opening = nil
            say("\(name) cannot be opened: \(ErrorText.describe(error))", isError: true)
        }
    }

    /// Closes the open list (and forgets a list being opened).
    public func closeList() {
        opening = nil
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

    /// Adds `productID` to the list used last (else the first; a new "Shopping list" when there is none) and says
    /// so naming the product by `productTitle` (`Added Espresso cups to Shopping list.`); by its id only when the
    /// title is not known (nil: the catalog could not be asked).
    public func add(productID: String, productTitle: String?) async {
        let product = productTitle.map { ControlCharacters.escaped($0) } ?? productID
        await start()
        guard let folder else {
            say("Lists cannot be used: \(failure ?? "no folder")", isError: true)
            return
        }
        let name = lastUsedList.flatMap { name in summaries.contains { $0.name == name } ? name : nil }
        let first = summaries.first?.name
        do {
            let (listName, title) = try await FileWork.run {
                let package =
                    try name.map(folder.package(named:)) ?? first.map(folder.package(named:))
                    ?? folder.create(title: "Shopping list")
                let title = try package.update { document in
                    try document.addItem(productID: productID, stamp: folder.stamp())
                    return document.manifest.title.value
                }
                return (package.name, title)
            }
            lastUsedList = listName
            say("Added \(product) to \(ControlCharacters.escaped(title)).", isError: false)
        } catch {
            say("\(product) could not be added to a list: \(ErrorText.describe(error))", isError: true)
        }
    }

    /// Adds `productID` to the open list after checking it with the catalog (`ProductNames.check`): an id the
    /// catalog does not know is refused; when the catalog cannot be reached the item is added with a warning and the
    /// id is checked on the next lookup that reaches it. An id `lists add` refuses (`productIDProblem`: empty, `.`,
    /// `..`, with `/` or a control character) is refused first, with nothing looked up or written. Says what was done.
    public func addToOpenList(productID: String) async {
        guard session != nil else { return }
        if let problem = Self.productIDProblem(productID) {
            say("\(problem); nothing was added.", isError: true)
            return
        }
        let names = productNames
        switch await names.check(productID) {
        case .known(let product):
            _ = try? await FileWork.run { names.remember(product) }
            productLabels[productID] = .known(title: product.title, price: product.price, isCached: false)
            labelled.insert(productID)
            await edit("Adding \(productID)") { try $0.addItem(productID: productID, stamp: $1) }
            if message?.isError != true { say("Added \(product.title).", isError: false) }
        case .unknown:
            say("\(productID) is not in the catalog; nothing was added.", isError: true)
        case .unreachable(let reason):
            _ = try? await FileWork.run { names.markUnchecked(productID) }
            await edit("Adding \(productID)") { try $0.addItem(productID: productID, stamp: $1) }
            say("Added \(productID) unchecked (\(reason)); it is checked when the catalog answers.", isError: true)
        }
    }

    /// Why `productID` cannot be added, or nil: the rule `storefront lists add` applies before anything runs, so the
    /// screen refuses what the command refuses. An empty id, `.`, `..` or one with `/` cannot be one path segment of
    /// the catalog's URL (`CommandSpec.identifierProblem`, RFC 3986 §5.2.4); a control character is never kept in a
    /// list (`ControlCharacters`, as `lists add` refuses it). The id itself is not repeated when it holds one.
    static func productIDProblem(_ productID: String) -> String? {
        if let scalar = ControlCharacters.first(in: productID) {
            return "A product id cannot contain the control character \(ControlCharacters.name(of: scalar))"
        }
        return CommandSpec.identifierProblem(operand: "PRODUCT_ID", value: productID).map { problem in
            problem.prefix(1).uppercased() + problem.dropFirst()
        }
    }

    /// Creates a list titled `title` (named after it, see `ListsFolder.create`) on a dispatch thread; says what was
    /// done. Returns the new list's name, or nil when it failed.
    @discardableResult
    public func create(title: String) async -> String? {
        await start()
        guard let folder else { return nil }
        do {
            let package = try await FileWork.run { try folder.create(title: title) }
            say("Created \(title).", isError: false)
            return package.name
        } catch {
            say("The list could not be created: \(ErrorText.describe(error))", isError: true)
            return nil
        }
    }

    /// Retitles list `name` (its folder name stays, as `lists rename` does); says what was done.
    public func rename(_ name: String, to title: String) async {
        guard let folder else { return }
        let package = folder.package(named: name)
        do {
            try await FileWork.run { try package.update { try $0.rename(to: title, stamp: folder.stamp()) } }
            say("Retitled \(name) \"\(title)\".", isError: false)
        } catch {
            say("\(name) could not be retitled: \(ErrorText.describe(error))", isError: true)
        }
    }

    /// Deletes list `name` (its directory); says what was done.
    public func delete(_ name: String) async {
        guard let folder else { return }
        let directory = folder.package(named: name).directory
        do {
            try await FileWork.run { try FileManager().removeItem(at: directory) }
            if lastUsedList == name { lastUsedList = nil }
            say("Deleted \(name).", isError: false)
        } catch {
            say("\(name) could not be deleted: \(ErrorText.describe(error))", isError: true)
        }
    }

    /// Resolves list `name`'s conflict copies as `choice` says (on a dispatch thread: it writes under the list's
    /// exclusive lock).
    public func resolve(_ name: String, _ choice: ConflictChoice) async {
        guard let folder else { return }
        let package = folder.package(named: name)
        do {
            let resolution = try await FileWork.run { try package.resolveConflicts(choice) }
            let kept = resolution.kept.isEmpty ? "" : "; \(resolution.kept.count) could not be read and stay"
            say(
                "\(name): \(resolution.removed.count) conflict copies resolved (\(choice.rawValue))\(kept).",
                isError: !resolution.kept.isEmpty)
        } catch {
            say("\(name): the conflicts could not be resolved: \(ErrorText.describe(error))", isError: true)
        }
    }

    /// The conflict copies of list `name` as last read (none when it has none or they cannot be listed); reads no
    /// file.
    public func conflictCopies(of name: String) -> [ConflictCopy] {
        conflictCopiesByList[name] ?? []
    }

    /// Shows a message on the screen.
    public func say(_ text: String, isError: Bool) {
        message = (text, isError)
    }

    private func show(_ summaries: [ListSummary]) {
        self.summaries = summaries
        hasLoaded = true
        readConflictCopies()
    }

    /// Lists the conflict copies of the lists that have some, on a dispatch thread.
    private func readConflictCopies() {
        guard let folder else { return }
        let names = summaries.filter { $0.conflictCount > 0 }.map(\.name)
        copiesTask?.cancel()
        guard !names.isEmpty else {
            copiesTask = nil
            if !conflictCopiesByList.isEmpty { conflictCopiesByList = [:] }
            return
        }
        copiesTask = Task { [weak self] in
            let found = try? await FileWork.run {
                Dictionary(
                    uniqueKeysWithValues: names.map { ($0, (try? folder.package(named: $0).conflictCopies()) ?? []) })
            }
            guard let self, let found, !Task.isCancelled else { return }
            self.conflictCopiesByList = found
        }
    }
}
