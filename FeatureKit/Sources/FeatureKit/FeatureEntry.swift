import DesignSystem
import Foundation
import Logging
import Networking
import Persistence
import TerminalUI

/// What a feature package declares about itself, read by the App before any entry exists: its name, its screens,
/// its commands, the flags it reads, the tables it keeps, the live events it consumes, its tab and its shortcuts.
public struct FeatureDescriptor: Sendable {
    /// The entry's name: lowercase, unique, used in routes and actions (`feed`).
    public let name: String
    /// Every screen the entry owns (its `Destination.patterns`).
    public let routes: [RoutePattern]
    /// Every command the entry runs, with its `--help` lines and its handler.
    public let commands: [CommandSpec]
    /// The feature flags it reads (the App evaluates them and hands the values in `FeatureContext.flags`).
    public let flags: [FlagDeclaration]
    /// Its tables in the account database, under its own prefix (registered with the account's migrator).
    public let migrations: [MigrationGroup]
    /// The names of the live events (`GET /v1/events`) it consumes (`post.created`); the App asks the stream for
    /// the union of every entry's and hands each event to the entries that named it. `reset` (events were missed)
    /// is listed by an entry that refetches after one.
    public let liveEvents: Set<String>
    /// The tab it asks for in the full-screen app, or nil for none.
    public let tab: EntryTab?
    /// The app-wide keys that open its screens (`/` search).
    public let shortcuts: [EntryShortcut]
    /// How long the entry lives (`account` unless it outlasts every account's data).
    public let lifetime: EntryLifetime
    /// Every key action of every screen it owns (each screen's `KeyActionSet.declarations`): what `keys.json` may
    /// rebind, what the help of those screens lists, and what the key-map tests check.
    public let keys: [KeyDeclaration]

    /// Creates a descriptor.
    public init(
        name: String, routes: [RoutePattern] = [], commands: [CommandSpec] = [], flags: [FlagDeclaration] = [],
        migrations: [MigrationGroup] = [], liveEvents: Set<String> = [], tab: EntryTab? = nil,
        shortcuts: [EntryShortcut] = [], lifetime: EntryLifetime = .account, keys: [KeyDeclaration] = []
    ) {
        self.name = name
        self.routes = routes
        self.commands = commands
        self.flags = flags
        self.migrations = migrations
        self.liveEvents = liveEvents
        self.tab = tab
        self.shortcuts = shortcuts
        self.lifetime = lifetime
        self.keys = keys
    }

    /// The pattern of `screen` with `idCount` ids, if this entry has one.
    public func pattern(screen: String, idCount: Int) -> RoutePattern? {
        routes.first { $0.screen == screen && $0.idNames.count == idCount }
    }
}

/// What every entry is built over: one account's database and outbox, the app's API client, clocks, identifiers,
/// this launch's flags, how people read numbers and dates, and the capabilities entries need from one another and
/// from the App (`capabilities`). The App makes one per account (the guest or the signed-in user) and builds the
/// account's entries again when the account changes. Building it opens nothing.
public struct FeatureContext: Sendable {
    /// Whose data it is.
    public let account: StorageAccount
    /// The account's database (opened lazily on its first operation; every entry's migrations are registered).
    public let database: Database
    /// The account's outbox: an entry enqueues in its own write transactions and sets a push handler per kind.
    public let outbox: Outbox
    /// The one API client (the bearer token comes from the session).
    public let client: APIClient
    /// A logger labelled for the entry.
    public let logger: Logger
    /// The clock that debounces and waits (`ContinuousClock()`; a manual clock in tests).
    public let clock: any Clock<Duration>
    /// The wall clock.
    public let now: @Sendable () -> Date
    /// New unique ids (mutations, submissions).
    public let makeIdentifier: @Sendable () -> String
    /// This launch's values of the flags the entries declared.
    public let flags: FlagValues
    /// Where files live (the account's preference and cache directories).
    public let layout: StorageLayout
    /// How numbers, money and dates are written for people.
    public let locale: Locale
    /// The time zone dates are shown in.
    public let timeZone: TimeZone
    /// What the entries of this account need from one another and from the App (the catalog, the cart, pictures,
    /// the session), by type.
    public let capabilities: EntryCapabilities

    /// Creates a context.
    public init(
        account: StorageAccount, database: Database, outbox: Outbox, client: APIClient, logger: Logger,
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date,
        makeIdentifier: @escaping @Sendable () -> String, flags: FlagValues, layout: StorageLayout, locale: Locale,
        timeZone: TimeZone, capabilities: EntryCapabilities
    ) {
        self.capabilities = capabilities
        self.account = account
        self.database = database
        self.outbox = outbox
        self.client = client
        self.logger = logger
        self.clock = clock
        self.now = now
        self.makeIdentifier = makeIdentifier
        self.flags = flags
        self.layout = layout
        self.locale = locale
        self.timeZone = timeZone
    }

    /// The same context with its logger labelled `label` (each entry logs under its own label).
    public func labelled(_ label: String) -> FeatureContext {
        FeatureContext(
            account: account, database: database, outbox: outbox, client: client,
            logger: logger.child(label: label), clock: clock, now: now, makeIdentifier: makeIdentifier,
            flags: flags, layout: layout, locale: locale, timeZone: timeZone, capabilities: capabilities)
    }

    /// The capability of type `type`, or nil when none was provided.
    public func capability<Capability: Sendable>(_ type: Capability.Type) -> Capability? {
        capabilities.get(type)
    }

    /// The account's preferences file of `suite` (`<config>/accounts/<id>/<suite>.json`).
    public func preferences(suite: String) -> PreferencesStore {
        let url =
            (try? layout.preferencesURL(suite: suite, for: account))
            ?? layout.accountDirectory(for: account, in: .config).appending(path: "\(suite).json")
        return PreferencesStore(fileURL: url, now: now, logger: logger)
    }
}

/// What a screen is built with besides its route: the theme of the terminal it will be drawn on, the keys of its
/// actions, and the hints other entries add to its footer.
public struct ScreenContext {
    /// Colours and symbols for the terminal.
    public let theme: Theme
    /// The keys of every declared action (`keys.json` applied).
    public let keyMap: KeyMap
    /// The keys other entries add to the screen (`FeatureEntry.contributions(to:)`), asked for at each render, for
    /// its footer after its own hints; the App handles those keys.
    public let contributedHints: @MainActor () -> [KeyHelpItem]

    /// Creates a context.
    public init(
        theme: Theme, keyMap: KeyMap, contributedHints: @escaping @MainActor () -> [KeyHelpItem] = { [] }
    ) {
        self.theme = theme
        self.keyMap = keyMap
        self.contributedHints = contributedHints
    }
}

/// The one entry of a feature package: the App registers its type with one line and never looks inside.
///
/// An entry owns its screens as a Swift type (`Destination`) and builds each from its value alone, so a deep link
/// works from a cold start; its actions (`Action`: what can wait behind sign-in, or a key it adds to another entry's
/// screen) and what it asks of other entries (`Outgoing`) are its own types too. The App stores and links the erased
/// forms (`Route`, `EntryAction`, `EntryRequest`) and maps one entry's `Outgoing` to another's destination in one
/// place. Every entry is built the same way, from one account's `FeatureContext`; what it needs from others is a
/// capability in that context, and what it offers them it provides (`provideCapabilities(to:)`). It declares its
/// tab, commands (each with its handler), live events and shortcuts in its descriptor and reports its badge and
/// status; the App draws what entries declare. Screens are views of `TerminalUI`: they map keys to their view
/// model's `send(_:)` and render with DesignSystem components.
@MainActor
public protocol FeatureEntry: AnyObject {
    /// The entry's screens.
    associatedtype Destination: EntryDestination
    /// The entry's actions (`NoActions` by default).
    associatedtype Action: EntryActionSet = NoActions
    /// What the entry asks of other entries (`Never` by default: nothing).
    associatedtype Outgoing: Hashable & Sendable = Never

    /// The entry's routes, commands, flags, migrations, live events, tab and shortcuts.
    nonisolated static var descriptor: FeatureDescriptor { get }

    /// Moves what the guest kept on this device into the account that just signed in (the guest cart joins the
    /// account's cart) and returns what the user should hear about; nothing by default. Called at every sign-in,
    /// before the account's entries are built.
    static func mergeGuestData(from guest: FeatureContext, into account: FeatureContext) async -> [String]

    /// Builds the entry over one account's context (for an `app`-lifetime entry, the launch account's); opens and
    /// sends nothing, and reads no capability another entry provides.
    init(context: FeatureContext)

    /// Where the entry sends its intents (set by the App before any screen is built).
    var onIntent: (@MainActor (FeatureIntent) -> Void)? { get set }

    /// The screen of `destination`, built from its value alone; it starts loading what it shows.
    func makeScreen(for destination: Destination, context: ScreenContext) -> any TerminalView

    /// Prints what the screen of `destination` shows, as text or `--json` (`storefront open URL` without a terminal).
    func print(_ destination: Destination, to invocation: CommandInvocation) async -> ExitCode

    /// Performs one of the entry's actions: one parked behind sign-in, or a contributed action whose key was pressed.
    func perform(_ action: Action) async

    /// The actions this entry adds to another entry's screen about `subject` (none by default).
    func contributions(to subject: ScreenSubject) -> [ScreenAction]

    /// Puts what this entry offers other entries into the account's capabilities (the catalog, the cart); called
    /// once, after every entry of the scope was built. Nothing by default.
    func provideCapabilities(to capabilities: EntryCapabilities)

    /// Starts what the feature loads at launch (a refresh behind the cached copy); never blocks the interface.
    func start() async

    /// Stops what the feature is loading (the account changed or the app ends).
    func stop()

    /// What the entry keeps on this device that signing out deletes with the account (`2 items in the cart`,
    /// `3 shopping lists`), one short phrase each; a sign-out asks for confirmation first when any entry names
    /// something. Empty when there is nothing to lose.
    func localDataSummary() async -> [String]

    /// Called once a sign-out goes ahead, before the account's directories are deleted: the entry keeps what must
    /// outlive them (outside those directories) and returns the sentences the sign-out's report adds (`Your lists in
    /// /srv/sync stay: a folder you chose is never deleted.`). Empty when there is nothing to say.
    func prepareForSignOut() async -> [String]

    /// The names of the live events the entry wants while the full-screen app runs (its descriptor's `liveEvents`
    /// by default).
    var liveEventNames: Set<String> { get }

    /// Applies one live event whose name is in `liveEventNames`, in the order the stream delivered them. A `reset`
    /// means events were missed: refetch what is shown.
    func receive(_ event: LiveEvent)

    /// What the entry's tab shows beside its title (the cart's item count), or nil for nothing (the default).
    var badge: String? { get }

    /// What the entry says about its state for the status line (offline); empty by default.
    var statuses: Set<EntryStatus> { get }
}

extension FeatureEntry {
    /// The entry's name.
    public var name: String { Self.descriptor.name }

    /// By default there is nothing to merge.
    public static func mergeGuestData(from guest: FeatureContext, into account: FeatureContext) async -> [String] {
        []
    }

    /// By default a destination prints that it opens on a terminal.
    public func print(_ destination: Destination, to invocation: CommandInvocation) async -> ExitCode {
        let route = destination.route
        return invocation.emit(
            ["The \(route.screen) screen opens in the full-screen app: run this link on a terminal."],
            json: ["screen": route.screen])
    }

    /// By default an entry contributes nothing to other screens.
    public func contributions(to subject: ScreenSubject) -> [ScreenAction] { [] }

    /// By default an entry provides nothing.
    public func provideCapabilities(to capabilities: EntryCapabilities) {}

    /// By default nothing loads at launch.
    public func start() async {}

    /// By default there is nothing to stop.
    public func stop() {}

    /// By default an entry keeps nothing on this device.
    public func localDataSummary() async -> [String] { [] }

    /// By default nothing outlives the account and nothing is said.
    public func prepareForSignOut() async -> [String] { [] }

    /// The descriptor's live events.
    public var liveEventNames: Set<String> { Self.descriptor.liveEvents }

    /// By default a live event changes nothing.
    public func receive(_ event: LiveEvent) {}

    /// By default no badge.
    public var badge: String? { nil }

    /// By default nothing to say.
    public var statuses: Set<EntryStatus> { [] }

    /// Asks the rest of the app for `outgoing` (the App's navigation map decides which entry's screen it opens).
    public func ask(_ outgoing: Outgoing) {
        onIntent?(.request(EntryRequest(outgoing)))
    }

    /// Opens one of the entry's own screens.
    public func open(_ destination: Destination) {
        onIntent?(.open(destination.route))
    }
}

extension FeatureEntry where Action == NoActions {
    /// An entry without actions has nothing to perform.
    public func perform(_ action: NoActions) async {}
}

/// The erased calls the App makes: routes, parked actions and command lines, each turned into the entry's own types
/// here and nowhere else.
extension FeatureEntry {
    /// Whether `route` is one of this entry's screens.
    public func owns(_ route: Route) -> Bool {
        Destination(route: route) != nil
    }

    /// The screen of `route`, or nil when `route` is not one of this entry's.
    public func makeScreen(at route: Route, context: ScreenContext) -> (any TerminalView)? {
        Destination(route: route).map { makeScreen(for: $0, context: context) }
    }

    /// Prints the screen of `route`; a route of another entry fails (exit 1) naming it.
    public func print(route: Route, to invocation: CommandInvocation) async -> ExitCode {
        guard let destination = Destination(route: route) else {
            return invocation.fail("the \(name) feature has no screen \(route.logDescription)")
        }
        return await print(destination, to: invocation)
    }

    /// Performs the action a parked form names; returns false (and does nothing) when it names none of this entry's.
    @discardableResult
    public func perform(parked: EntryAction) async -> Bool {
        guard let action = Action(parked: parked) else { return false }
        await perform(action)
        return true
    }

    /// What the screen of `route` is about, when it is one of this entry's screens.
    public func subject(of route: Route) -> ScreenSubject? {
        Destination(route: route)?.subject
    }

    /// Runs `invocation` with the handler its spec carries.
    public func run(_ invocation: CommandInvocation) async -> ExitCode {
        await invocation.spec.handler.run(on: self, invocation)
    }
}
