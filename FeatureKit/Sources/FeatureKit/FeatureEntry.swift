import DesignSystem
import Foundation
import Logging
import Networking
import Persistence
import TerminalUI

/// What a feature package declares about itself, read by the App before any entry exists: its name, its screens,
/// its commands, the flags it reads and the tables it keeps.
public struct FeatureDescriptor: Sendable {
    /// The entry's name: lowercase, unique, used in routes and actions (`feed`).
    public let name: String
    /// Every screen the entry owns.
    public let routes: [RoutePattern]
    /// Every command the entry runs, with its `--help` lines.
    public let commands: [CommandSpec]
    /// The feature flags it reads (the App evaluates them and hands the values in `FeatureContext.flags`).
    public let flags: [FlagDeclaration]
    /// Its tables in the account database, under its own prefix (registered with the account's migrator).
    public let migrations: [MigrationGroup]

    /// Creates a descriptor.
    public init(
        name: String, routes: [RoutePattern] = [], commands: [CommandSpec] = [], flags: [FlagDeclaration] = [],
        migrations: [MigrationGroup] = []
    ) {
        self.name = name
        self.routes = routes
        self.commands = commands
        self.flags = flags
        self.migrations = migrations
    }

    /// The pattern of `screen` with `idCount` ids, if this entry has one.
    public func pattern(screen: String, idCount: Int) -> RoutePattern? {
        routes.first { $0.screen == screen && $0.idNames.count == idCount }
    }
}

/// What an account-scoped entry is built over: one account's database and outbox, the app's API client, clocks,
/// identifiers, this launch's flags and how people read numbers and dates. The App makes one per account (the guest
/// or the signed-in user) and builds the entries again when the account changes. Building it opens nothing.
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

    /// Creates a context.
    public init(
        account: StorageAccount, database: Database, outbox: Outbox, client: APIClient, logger: Logger,
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date,
        makeIdentifier: @escaping @Sendable () -> String, flags: FlagValues, layout: StorageLayout, locale: Locale,
        timeZone: TimeZone
    ) {
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
            flags: flags, layout: layout, locale: locale, timeZone: timeZone)
    }

    /// The account's preferences file of `suite` (`<config>/accounts/<id>/<suite>.json`).
    public func preferences(suite: String) -> PreferencesStore {
        let url =
            (try? layout.preferencesURL(suite: suite, for: account))
            ?? layout.accountDirectory(for: account, in: .config).appending(path: "\(suite).json")
        return PreferencesStore(fileURL: url, now: now, logger: logger)
    }
}

/// What a screen is built with besides its route: the theme of the terminal it will be drawn on.
public struct ScreenContext {
    /// Colours and symbols for the terminal.
    public let theme: Theme

    /// Creates a context.
    public init(theme: Theme) {
        self.theme = theme
    }
}

/// The one entry of a feature package: the App registers it and never looks inside.
///
/// An entry owns its routes (`descriptor.routes`) and builds the screen of each from the route's ids alone, so a
/// deep link works from a cold start; it runs its commands; it reports what it wants from the rest of the app as
/// `FeatureIntent`s through `onIntent`; it performs its named actions (an intent parked behind sign-in comes back
/// as one); and it may contribute actions to other entries' screens. Screens are views of `TerminalUI`: they map
/// keys to their view model's methods and render with DesignSystem components.
@MainActor
public protocol FeatureEntry: AnyObject {
    /// The entry's routes, commands, flags and migrations.
    nonisolated static var descriptor: FeatureDescriptor { get }

    /// Where the entry sends its intents (set by the App before any screen is built).
    var onIntent: (@MainActor (FeatureIntent) -> Void)? { get set }

    /// The screen of `route`, one of `descriptor.routes`, built from its ids alone; it starts loading what it shows.
    func makeScreen(for route: Route, context: ScreenContext) -> any TerminalView

    /// Runs one of `descriptor.commands` (its operands and options were checked against the spec) and returns the
    /// exit code; output goes through `invocation`.
    func run(_ invocation: CommandInvocation) async -> ExitCode

    /// Prints what the screen of `route` shows, as text or `--json` (`storefront open URL` without a terminal).
    func print(_ route: Route, to invocation: CommandInvocation) async -> ExitCode

    /// Performs one of the entry's named actions: an intent parked behind sign-in, or a contributed action whose
    /// key was pressed (its ids say on what).
    func perform(_ action: EntryAction) async

    /// The actions this entry adds to the screen of `route`, owned by another entry (none by default).
    func contributions(to route: Route) -> [ScreenAction]

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

    /// The names of the live events (`LiveEvent.name`, from `GET /v1/events`) the entry wants while the full-screen
    /// app runs; none by default.
    var liveEventNames: Set<String> { get }

    /// Applies one live event whose name is in `liveEventNames`, in the order the stream delivered them. A `reset`
    /// means events were missed: refetch what is shown.
    func receive(_ event: LiveEvent)
}

extension FeatureEntry {
    /// The entry's name.
    public var name: String { Self.descriptor.name }

    /// By default a command is not known (an entry with commands implements this).
    public func run(_ invocation: CommandInvocation) async -> ExitCode {
        invocation.usage("unknown command '\(invocation.spec.name)'")
    }

    /// By default a route prints that it opens on a terminal.
    public func print(_ route: Route, to invocation: CommandInvocation) async -> ExitCode {
        invocation.emit(
            ["The \(route.screen) screen opens in the full-screen app: run this link on a terminal."],
            json: ["screen": route.screen])
    }

    /// By default an action is unknown and logged nowhere (an entry with actions implements this).
    public func perform(_ action: EntryAction) async {}

    /// By default an entry contributes nothing to other screens.
    public func contributions(to route: Route) -> [ScreenAction] { [] }

    /// By default nothing loads at launch.
    public func start() async {}

    /// By default there is nothing to stop.
    public func stop() {}

    /// By default an entry keeps nothing on this device.
    public func localDataSummary() async -> [String] { [] }

    /// By default nothing outlives the account and nothing is said.
    public func prepareForSignOut() async -> [String] { [] }

    /// By default no live event is wanted.
    public var liveEventNames: Set<String> { [] }

    /// By default a live event changes nothing.
    public func receive(_ event: LiveEvent) {}
}

/// An entry the App can build from an account's context alone. `modules new feature` generates one, and the App
/// registers it with one line (`AppEntries.scoped`).
@MainActor
public protocol ScopedFeatureEntry: FeatureEntry {
    /// Builds the entry over one account's context; opens and sends nothing.
    init(context: FeatureContext)
}
