import Checkout
import Foundation
import Logging
import Models
import Networking
import NetworkingTestSupport
import Persistence
import PersistenceTestSupport
import TestSupport

/// Everything a checkout test needs, built from test doubles: a scripted transport on a manual clock, an API client
/// with a token, an in-memory (or file) database with the checkout's migrations, the live repositories over them,
/// sequential ids (`id-1`, `id-2`, …) and a fixed "now".
@MainActor
final class Harness {
    let clock = ManualClock()
    let transport: ScriptedTransport
    let tokens: InMemoryTokenProvider
    let client: APIClient
    let database: Database
    let logs = CapturingLogHandler()
    let logger: Logger
    let ids: SequentialRequestIDs
    let feature: CheckoutFeature
    let cartRepository: LiveCartRepository
    let drafts: LiveCheckoutDraftRepository
    let orders: LiveOrderRepository
    let payments: LivePaymentRepository

    /// Builds the harness.
    ///
    /// - Parameters:
    ///   - databaseURL: A file for the database (to restart on it), or nil for memory.
    ///   - retryPolicy: The client's retry rules.
    ///   - timeouts: The client's deadlines.
    ///   - token: The signed-in token, or nil for signed out.
    ///   - ids: The id sequence (share one across restarts to keep ids unique).
    init(
        databaseURL: URL? = nil,
        retryPolicy: RetryPolicy = .noRetries,
        timeouts: RequestTimeouts = RequestTimeouts(),
        token: String? = "token-ada",
        ids: SequentialRequestIDs = SequentialRequestIDs(prefix: "id-")
    ) throws {
        logger = Logger(label: "checkout-test", handler: logs)
        transport = ScriptedTransport(clock: clock)
        tokens = InMemoryTokenProvider(token: token)
        client = APIClient.testing(
            transport: transport, clock: clock, tokenProvider: tokens, retryPolicy: retryPolicy, timeouts: timeouts)
        if let databaseURL {
            var migrator = DatabaseMigrator()
            try migrator.register(CheckoutStorage.migrations)
            database = Database(
                location: .file(databaseURL), migrator: migrator, configuration: DatabaseConfiguration(),
                logger: logger)
        } else {
            database = try InMemoryDatabaseFactory(logger: logger).makeDatabase(registering: [
                CheckoutStorage.migrations
            ])
        }
        self.ids = ids
        cartRepository = LiveCartRepository(database: database, logger: logger)
        drafts = LiveCheckoutDraftRepository(database: database, logger: logger)
        orders = LiveOrderRepository(client: client, logger: logger)
        payments = LivePaymentRepository(client: client, logger: logger)
        feature = CheckoutFeature(repository: cartRepository, logger: logger)
    }

    /// A coordinator over the harness's parts.
    func makeCoordinator(
        shippingOptions: [ShippingOption] = Sample.shippingOptions,
        isExpressShippingEnabled: Bool = true
    ) -> CheckoutCoordinator {
        CheckoutCoordinator(
            cart: feature,
            orders: orders,
            payments: payments,
            drafts: drafts,
            shippingOptions: shippingOptions,
            isExpressShippingEnabled: isExpressShippingEnabled,
            makeIdentifier: ids.generator,
            currentDate: { Sample.now },
            format: Sample.format,
            logger: logger
        )
    }

    /// Fills the cart with the captured order's lines: 1 × sku_94 and 2 × sku_196.
    func fillCart() async throws {
        try await feature.add(Sample.harborLamp)
        try await feature.add(Sample.weekendLamp, quantity: 2)
    }

    /// Starts `coordinator` and takes it through the steps to the place-order step with the sample address, the
    /// standard option and an invoice (no request is sent).
    func advanceToPlaceOrder(_ coordinator: CheckoutCoordinator, optionID: String = "standard") async throws {
        await coordinator.start()
        try await coordinator.advance()
        coordinator.draft.address = Sample.address
        try await coordinator.advance()
        coordinator.draft.shippingOptionID = optionID
        try await coordinator.advance()
        coordinator.useInvoice()
        try await coordinator.advance()
        try await coordinator.advance()
    }

    /// The `POST /v1/orders` requests sent so far.
    var orderRequests: [RecordedRequest] {
        transport.requests.filter { $0.summary == "POST /v1/orders" }
    }
}
