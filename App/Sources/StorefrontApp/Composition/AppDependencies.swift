import Account
import FeatureKit
import Foundation
import Images
import Logging
import Models
import Networking
import Observation
import Persistence
import Primitives
import SampleBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The composition root: the one place that builds the live object graph of the app.
///
/// Every dependency is created here and handed down through initialisers; no feature or core package reaches for a
/// shared instance. Building the graph opens no database and sends no request: the embedded backend starts on the
/// first request, each account's database opens on its first operation, and a store that cannot be opened fails
/// only what needs it. Building it reads two small files (the remembered user and that user's token) and the
/// cached feature flags.
///
/// The graph has an app-wide part (logger, API client, token provider, account feature and its entry, storage
/// owner, the registry of entries, flags, the router) and an account-scoped part (`scope`: the entries over the
/// current account's stores), which is rebuilt when the user signs in or out. Every entry's intents come to
/// `handle(_:)`, the one place that decides what they lead to.
@MainActor
@Observable
public final class AppDependencies {
    /// The configuration the graph was built from.
    public let configuration: AppConfiguration
    /// The root logger (the log file); parts derive labelled loggers from it.
    public let logger: Logger
    /// Where files live.
    public let layout: StorageLayout
    /// The embedded backend, or nil when a server URL was configured.
    public let backend: EmbeddedBackend?
    /// The one API client.
    public let client: APIClient
    /// The API requests waiting for the server's answer: the status line says "waiting for the server…" once one
    /// has waited 2 s.
    public let serverWait: ServerWait
    /// The client of the server's live event stream (`GET /v1/events`), signed in with the same tokens; building it
    /// connects nothing.
    public let liveEvents: EventStreamClient<JSONValue>
    /// The session's token for the client.
    public let tokens: AccountTokenProvider
    /// The owner of every account's database, outbox and repositories.
    public let stores: AccountStores
    /// The process's one image pipeline (`imageMemoryLimit` bytes of decoded pictures, `imageDiskCapacity` bytes of
    /// originals in `<cache root>/images`, `imageDownloadLimit` downloads at once), shared by every entry of every
    /// account scope: a picture shown from two features is downloaded and decoded once. Building it touches no file.
    public let images: ImageLoader
    /// Sign-in, sign-out and the session.
    public let account: AccountFeature
    /// The entries that live as long as the app (the account screens and commands), built once over the launch
    /// account's context.
    public let appEntries: [any FeatureEntry]
    /// What every registered entry declared: routes, commands, flags, migrations.
    public let registry: FeatureRegistry
    /// The deep-link parser over the registered routes.
    public let deepLinks: DeepLink
    /// Every registered entry type (`AppEntries.all`, and what tests add).
    public let entryTypes: [any FeatureEntry.Type]
    /// The server's configuration and its cache.
    public let flagService: FeatureFlagService
    /// The flags of this launch: evaluated from the cached configuration and `--flag`. A launch without a cached
    /// configuration (a fresh data directory) starts with the declared defaults and takes the server's flags once,
    /// when the first fetch arrives (`refreshRemoteConfig()`), so the first session already offers what the server
    /// turned on; launch never waits for that fetch.
    public private(set) var flags: FlagEvaluation
    /// Whether `flags` came from a configuration the server sent (cached at launch, or fetched since).
    @ObservationIgnored private var flagsFromServer: Bool
    /// The navigation state of the interactive front end.
    public let router: AppRouter
    /// The standard-error fallback of the log, muted while the full-screen interface runs.
    public let logFallback: StandardErrorFallback
    /// The wall clock.
    public let now: @Sendable () -> Date
    /// New unique ids (mutations, checkout flows and submissions).
    public let makeIdentifier: @Sendable () -> String
    /// How numbers, money and dates are written for people.
    public let locale: Locale

    /// The entries of the account in use (the guest's or the signed-in user's).
    public private(set) var scope: AccountScope
    /// What the run has learned that outlives a scope: the server's configuration, the last cart merge, the notice.
    public let state: AppRunState
    /// Builds the scope of an account.
    let scopes: ScopeFactory

    /// What the last sign-in did to the guest cart (merge messages), for the front ends to show.
    public var lastCartMerge: [String] {
        get { state.lastCartMerge }
        set { state.lastCartMerge = newValue }
    }
    /// The server's configuration as last known (the cache at launch, replaced by a fetch during the run): the
    /// shipping options a checkout offers. The flags stay as evaluated at launch (see `flags` for a launch without a
    /// cache).
    public var remoteConfig: RemoteConfig? {
        get { state.remoteConfig }
        set { state.remoteConfig = newValue }
    }
    /// A short message about something the App did on the user's behalf (a product added to the cart), for the
    /// status line; nil when there is none.
    public var notice: AppNotice? {
        get { state.notice }
        set { state.notice = newValue }
    }
    /// Called after `scope` was rebuilt for another account.
    @ObservationIgnored public var onScopeChanged: (@MainActor (AccountScope) -> Void)?
    /// Whether the drain loop of the current account's outbox runs (the interactive front end turns it on).
    @ObservationIgnored public private(set) var drainsOutbox = false

    /// Builds the live graph for `configuration`: the log file under the state root, the storage roots of
    /// `--data-dir` or the XDG variables, the libcurl transports (`AppTransports`), the embedded backend unless a server
    /// URL is given.
    ///
    /// - Throws: `LaunchError` when the storage roots cannot be found or the log cannot be set up.
    public static func live(_ configuration: AppConfiguration) throws(LaunchError) -> AppDependencies {
        let layout = try layout(for: configuration)
        let fallback = StandardErrorFallback()
        let logger: Logger
        do {
            logger = try AppLog.fileLogger(layout: layout, level: configuration.logLevel, fallback: fallback)
        } catch {
            throw LaunchError(error.description)
        }
        // One libcurl driver (one multi handle and its thread) for the process, under all three transports.
        let driver: CurlDriver
        do {
            driver = try CurlDriver()
        } catch {
            throw LaunchError(error.description)
        }
        let transports = AppTransports(
            driver: driver, attemptTimeout: configuration.requestTimeouts.attempt,
            certificateAuthorities: configuration.certificateAuthorities?.path(percentEncoded: false))
        return try AppDependencies(
            configuration: configuration, layout: layout, logger: logger, logFallback: fallback,
            transport: transports.api, streamingTransport: transports.stream, imageTransport: transports.pictures,
            entryTypes: AppEntries.all)
    }

    /// The storage roots of `configuration`: `--data-dir`, else the XDG base directories.
    ///
    /// - Throws: `LaunchError` when `HOME` is needed and unusable.
    public static func layout(for configuration: AppConfiguration) throws(LaunchError) -> StorageLayout {
        if let directory = configuration.dataDirectory {
            try checkUsable(directory, named: "the data directory (--data-dir)")
            return StorageLayout(rootDirectory: directory)
        }
        do {
            return try StorageLayout(environment: configuration.environment)
        } catch {
            throw LaunchError(error.description)
        }
    }

    /// Checks, without creating anything, that `directory` is a writable directory or can be created as one: the
    /// nearest part of its path that exists must be a directory this process may write to.
    ///
    /// - Throws: `LaunchError` naming the directory and the reason (a file, not writable).
    static func checkUsable(_ directory: URL, named role: String) throws(LaunchError) {
        let manager = FileManager()
        var candidate = directory.standardizedFileURL
        while true {
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: candidate.path, isDirectory: &isDirectory) {
                let what = candidate == directory.standardizedFileURL ? "it" : "\(candidate.path)"
                guard isDirectory.boolValue else {
                    throw LaunchError("cannot use \(role) \(directory.path): \(what) is a file, not a directory")
                }
                guard manager.isWritableFile(atPath: candidate.path) else {
                    throw LaunchError("cannot use \(role) \(directory.path): \(what) is not writable")
                }
                return
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return }
            candidate = parent
        }
    }

    /// The memory cache's cost limit of the process's image loader, in bytes of decoded pixels (width × height × 4):
    /// about a hundred pictures at the screens' decode box (`ScreenPictures.decodeBox`, 320x240).
    public nonisolated static let imageMemoryLimit = 32 << 20
    /// The disk cache's capacity in bytes of original image files.
    public nonisolated static let imageDiskCapacity = 128 << 20
    /// How many image downloads may be on the network at once.
    public nonisolated static let imageDownloadLimit = 4

    /// Builds the graph from the given parts; `live(_:)` passes the live ones, tests their own logger and transport.
    ///
    /// - Parameters:
    ///   - configuration: Flags and environment.
    ///   - layout: The storage roots.
    ///   - logger: The root logger.
    ///   - logFallback: The log's standard-error fallback.
    ///   - transport: Sends HTTP requests (`AppTransports.api`); wrapped for the embedded backend when no server
    ///     URL is configured.
    ///   - streamingTransport: Opens the live event stream (`AppTransports.stream`); wrapped the same way.
    ///   - imageTransport: Sends the image pipeline's requests; wrapped the same way. It must keep no entity tags of
    ///     its own (`AppTransports.pictures`): the image disk cache keeps them and must see a 304 as a
    ///     304, and picture bodies stay out of the API's entity-tag cache.
    ///   - entryTypes: The entries (`AppEntries.all`; tests add their own).
    /// - Throws: `LaunchError` when the entries' routes, commands, flags or migrations clash, or the fault rules
    ///   are inconsistent.
    public init(
        configuration: AppConfiguration, layout: StorageLayout, logger: Logger, logFallback: StandardErrorFallback,
        transport: any HTTPTransport, streamingTransport: any HTTPStreamingTransport, imageTransport: any HTTPTransport,
        entryTypes: [any FeatureEntry.Type]
    ) throws(LaunchError) {
        self.configuration = configuration
        self.layout = layout
        self.logger = logger
        self.logFallback = logFallback
        let now: @Sendable () -> Date = { Date() }
        let makeIdentifier: @Sendable () -> String = { UUID().uuidString.lowercased() }
        self.now = now
        self.makeIdentifier = makeIdentifier
        self.locale = Locale(identifier: "en_US")
        self.entryTypes = entryTypes
        let registry = try FeatureRegistry(AppEntries.descriptors(entryTypes))
        self.registry = registry
        self.deepLinks = DeepLink(registry: registry)

        var baseURL = configuration.apiURL ?? EmbeddedBackendTransport.placeholderBaseURL
        var appTransport = transport
        var appStreamingTransport = streamingTransport
        var appImageTransport = imageTransport
        if configuration.apiURL == nil {
            let faults: [FaultRule]
            do {
                faults = try FaultRule.parseAll(configuration.serverFaults)
            } catch {
                throw LaunchError(error.description)
            }
            let backend = EmbeddedBackend(
                dataDirectory: layout.dataRoot.appending(path: "server", directoryHint: .isDirectory),
                faults: faults,
                events: EventStreamSettings(
                    demoPostsEvery: configuration.demoPostsEvery,
                    demoOrdersAdvanceAfter: configuration.demoOrdersAdvance),
                logger: logger.child(label: "storefront.server"),
                startupTimeout: EmbeddedBackend.defaultStartupTimeout)
            self.backend = backend
            appTransport = EmbeddedBackendTransport(backend: backend, transport: transport)
            appStreamingTransport = EmbeddedBackendStreamingTransport(backend: backend, transport: streamingTransport)
            appImageTransport = EmbeddedBackendTransport(backend: backend, transport: imageTransport)
            baseURL = EmbeddedBackendTransport.placeholderBaseURL
        } else {
            self.backend = nil
        }

        let tokens = AccountTokenProvider(
            secretStores: { account in
                FileSecretStore(
                    directory: layout.secretsDirectory(for: account), logger: logger.child(label: "storefront.secrets"))
            },
            logger: logger.child(label: "storefront.account"))
        self.tokens = tokens
        let serverWait = ServerWait(clock: ContinuousClock())
        self.serverWait = serverWait
        let client = APIClient(
            baseURL: baseURL, transport: ServerWait.Transport(appTransport, counting: serverWait),
            tokenProvider: tokens, clock: ContinuousClock(),
            retryPolicy: RetryPolicy(), timeouts: configuration.requestTimeouts,
            logger: logger.child(label: "storefront.api"),
            requestIDs: { UUID().uuidString }, jitter: .systemRandom, currentDate: now)
        self.client = client
        self.liveEvents = EventStreamClient(
            baseURL: baseURL, transport: appStreamingTransport, tokenProvider: tokens,
            decoder: registry.liveEventNames.reduce(EventStreamDecoder<JSONValue>()) { decoder, name in
                decoder.on(name, JSONValue.self) { $0 }
            },
            clock: ContinuousClock(), jitter: .systemRandom, logger: logger.child(label: "storefront.events"),
            configuration: EventStreamConfiguration())

        let stores = AccountStores(
            layout: layout, migrator: try registry.migrator(), logger: logger, clock: ContinuousClock(), now: now)
        self.stores = stores
        let images = ImageLoader(
            baseURL: baseURL, transport: appImageTransport,
            memoryCache: MemoryImageCache(costLimit: Self.imageMemoryLimit),
            diskCache: DiskImageCache(
                directory: layout.cacheRoot.appending(path: "images", directoryHint: .isDirectory),
                capacity: Self.imageDiskCapacity, now: now),
            decoder: ImageDecoder(), maximumConcurrentDownloads: Self.imageDownloadLimit)
        self.images = images
        let account = AccountFeature(
            repository: LiveSessionRepository(client: client, logger: logger.child(label: "storefront.account")),
            tokens: tokens,
            preferences: PreferencesStore(
                fileURL: layout.configRoot.appending(path: "app.json"), now: now,
                logger: logger.child(label: "storefront.preferences")),
            storageOwner: stores, layout: layout, logger: logger.child(label: "storefront.account"))
        self.account = account

        let flagService = FeatureFlagService(
            client: client, cacheURL: layout.cacheRoot.appending(path: "config.json"),
            overrides: configuration.flagOverrides, declarations: registry.flags, now: now,
            logger: logger.child(label: "storefront.flags"))
        self.flagService = flagService
        let cachedConfig = flagService.cachedConfig()
        let flags = flagService.evaluate(cachedConfig)
        self.flags = flags
        self.flagsFromServer = cachedConfig != nil
        let state = AppRunState(remoteConfig: cachedConfig, flags: flags.flags)
        self.state = state
        let router = AppRouter(
            tabs: registry.tabs, signInRoute: AppEntries.signIn, isSignedIn: { account.current.isSignedIn },
            pattern: { registry.pattern(of: $0) })
        self.router = router
        let scopes = ScopeFactory(
            stores: stores, client: client, logger: logger, now: now, makeIdentifier: makeIdentifier,
            flags: flags.flags, layout: layout, locale: locale, images: images,
            entryTypes: entryTypes.filter { $0.descriptor.lifetime == .account },
            app: AppCapabilitySources(
                account: account, state: state, flagService: flagService, signInPrompt: { router.parkedPrompt }))
        self.scopes = scopes
        let launchContext = scopes.context(for: account.current.storageAccount)
        self.appEntries = entryTypes.filter { $0.descriptor.lifetime == .app }.map { $0.init(context: launchContext) }
        self.scope = scopes.make(for: account.current.storageAccount)
        wireEntries()
    }

    /// Fetches the server's configuration for this run's checkouts (and the next launch's flags); a failure keeps
    /// the configuration known before. On a launch that had no cached configuration, the first one fetched also
    /// sets this run's flags (`flags`, `AppRunState.flags`): what an entry reads when its flow starts follows them,
    /// so a checkout of the first session offers express shipping when the server has it on. Screens already built
    /// keep what they were built with.
    public func refreshRemoteConfig() async {
        guard let fetched = try? await flagService.refresh() else { return }
        remoteConfig = fetched
        guard !flagsFromServer else { return }
        flagsFromServer = true
        flags = flagService.evaluate(fetched)
        state.flags = flags.flags
    }

    /// Whether a command of `feature` should wait for `refreshRemoteConfig()` first: this run's flags are still the
    /// defaults (no configuration was cached and none was fetched yet) and the entry declares a flag whose first
    /// value must be the server's (`FlagDeclaration.waitsForServer`: Checkout's `express_shipping`, read when a flow
    /// starts).
    func needsServerFlags(for feature: String) -> Bool {
        !flagsFromServer
            && registry.descriptors.contains { $0.name == feature && $0.flags.contains(where: \.waitsForServer) }
    }

    /// Runs the drain loop of the current account's outbox from now on (and of each account signed in later).
    public func startDrainingOutbox() {
        drainsOutbox = true
        stores.startOutbox(for: scope.account)
    }

    /// Ends the run: stops the features' work, every drain loop and the embedded backend, and closes every database.
    public func shutdown() async {
        scope.stop()
        await stores.closeAll()
        await backend?.stop()
    }

    // MARK: - Internal

    /// Replaces the account-scoped part of the graph with one over `account`'s stores.
    func switchScope(to account: StorageAccount) {
        guard account != scope.account else { return }
        scope.stop()
        scope = scopes.make(for: account)
        wireScopeEntries(scope)
        if drainsOutbox {
            stores.startOutbox(for: account)
        }
        onScopeChanged?(scope)
    }
}
