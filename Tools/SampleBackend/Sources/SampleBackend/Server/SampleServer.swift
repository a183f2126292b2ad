import Foundation
import Logging
import Persistence

/// Starts `storefront-server`'s API in this process: the same server the executable runs, for the App's embedded
/// backend and for tests.
///
/// ```swift
/// var configuration = SampleServerConfiguration(dataDirectory: directory, logger: logger, now: { Date() })
/// configuration.faults = try FaultRule.parseAll(["POST /v1/orders status=503 share=0.5"])
/// let server = try await SampleServer.start(configuration)
/// // … talk to server.baseURL over HTTP …
/// await server.stop()
/// ```
public enum SampleServer {
    /// Opens (and on first start seeds) the database, then starts listening.
    ///
    /// - Returns: The running server, with its port and base URL.
    /// - Throws: `SampleServerError.invalidConfiguration` for a value out of range, `.diskFull` when the database's
    ///   disk is full, `.store` when the database cannot be opened or seeded otherwise, `.http` when the address
    ///   cannot be listened on.
    public static func start(_ configuration: SampleServerConfiguration) async throws(SampleServerError)
        -> RunningServer
    {
        try configuration.catalog.validate()
        if let every = configuration.growFeedEvery, every < 1 {
            throw .invalidConfiguration("growFeedEvery must be at least 1, not \(every)")
        }
        for (name, lifetime) in [
            ("sessionLifetime", configuration.sessionLifetime), ("cardTokenLifetime", configuration.cardTokenLifetime),
        ] where lifetime < .seconds(1) {
            throw .invalidConfiguration("\(name) must be at least one second, not \(lifetime)")
        }
        if let problem = configuration.events.problem(idleTimeoutSeconds: configuration.http.idleTimeoutSeconds) {
            throw .invalidConfiguration(problem)
        }
        let logger = configuration.logger
        let location = configuration.dataDirectory.map {
            DatabaseLocation.file($0.appendingPathComponent(SampleServerConfiguration.databaseFileName))
        }
        let store: ServerStore
        let preparation: ServerStore.Preparation
        do {
            store = try ServerStore(
                location: location ?? .inMemory, seed: configuration.seed, catalog: configuration.catalog,
                logger: logger)
            preparation = try await store.prepare()
        } catch {
            throw SampleServerError(preparing: error, database: location)
        }
        let commitWatch = store.database.commitWatch()
        let eventHub = EventHub(
            store: store, instanceID: preparation.instanceID, settings: configuration.events, commitWatch: commitWatch,
            now: configuration.now, logger: logger)
        do {
            try await eventHub.start()
        } catch {
            await store.close()
            throw SampleServerError(preparing: error, database: location)
        }
        let api = StorefrontAPI(
            store: store,
            faults: FaultInjector(
                rules: configuration.faults, seed: configuration.faultSeed ?? configuration.seed,
                now: configuration.now),
            settings: configuration.settings, growFeedEvery: configuration.growFeedEvery,
            sessionLifetime: configuration.sessionLifetime, cardTokenLifetime: configuration.cardTokenLifetime,
            instanceID: preparation.instanceID,
            pictures: PictureStore(
                catalog: PictureCatalog(seed: preparation.dataSeed),
                directory: configuration.dataDirectory?.appendingPathComponent("images"), memoryLimit: 64 << 20,
                logger: logger),
            now: configuration.now, logger: logger, eventHub: eventHub, commitWatch: commitWatch)
        let router = api.makeRouter()
        let faults = api.faults
        let reuse = api.commitWatch.map { watch in
            AnswerReuse(
                watch: watch, capacity: 4096, byteLimit: 16 << 20,
                isEnabled: { [logger] in logger.logLevel > .info && !faults.hasRules })
        }
        let server = HTTPServer(
            configuration: configuration.http, logger: logger,
            immediate: { request in api.handleImmediately(request, router: router) }, reuse: reuse,
            handler: { request in await api.handle(request, router: router) })
        let port: UInt16
        do {
            port = try server.start()
        } catch {
            eventHub.stop()
            await store.close()
            throw .http(error)
        }
        let running = RunningServer(
            host: configuration.host, port: port, server: server, api: api, routes: router.routes.map(\.description),
            preparation: preparation)
        logger.notice(
            "storefront-server listening",
            metadata: [
                "url": .string(running.baseURL.absoluteString), "seeded": .string(String(preparation.seeded)),
                "instance_id": .string(preparation.instanceID),
                "seeding_ms": .string(
                    String(
                        preparation.seedingDuration.components.seconds * 1000
                            + preparation.seedingDuration.components.attoseconds / 1_000_000_000_000_000)),
            ])
        return running
    }
}
