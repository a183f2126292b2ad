import Checkout
import Foundation
import Logging
import Models
import Networking
import NetworkingTestSupport
import Persistence
import PersistenceTestSupport
import Synchronization
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
    let feature: CartFeature
    let cartRepository: LiveCartRepository
    let drafts: LiveCheckoutDraftRepository
    let orders: LiveOrderRepository
    let submissions: LiveCheckoutSubmissionRepository
    /// The process ids the submission store treats as running (this process is 4242; tests add or remove others).
    let runningProcesses = RunningProcesses()
    let payments: LivePaymentRepository
    /// The device store whose file the database is on, kept while the harness is (its directory goes with it).
    var device: DeviceStore?

    /// The process id the harness's submission store records as its own.
    nonisolated static let processID: Int32 = 4242

    /// Builds the harness.
    ///
    /// - Parameters:
    ///   - databaseURL: A file for the database (to restart on it), or nil for memory.
    ///   - retryPolicy: The client's retry rules.
    ///   - timeouts: The client's deadlines.
    ///   - token: The signed-in token, or nil for signed out.
    ///   - ids: The id sequence (share one across restarts to keep ids unique).
    ///   - processID: The process id its submission store records as its own (another process on the same file:
    ///     another id, marked running in both harnesses' `runningProcesses`).
    init(
        databaseURL: URL? = nil,
        retryPolicy: RetryPolicy = .noRetries,
        timeouts: RequestTimeouts = RequestTimeouts(),
        token: String? = "token-ada",
        ids: SequentialRequestIDs = SequentialRequestIDs(prefix: "id-"),
        processID: Int32 = Harness.processID
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
        orders = LiveOrderRepository(client: client, clock: clock, logger: logger)
        let running = runningProcesses
        running.start(processID)
        submissions = LiveCheckoutSubmissionRepository(
            database: database, logger: logger, processID: processID,
            isProcessAlive: { running.contains($0) }, claimLifetime: 60)
        payments = LivePaymentRepository(client: client, logger: logger)
        feature = CartFeature(repository: cartRepository, logger: logger)
    }

    /// A coordinator over the harness's parts; `orders`, `payments`, `drafts` and `submissions` replace the live
    /// ones when given (the strict doubles of `StrictRepositories.swift`).
    func makeCoordinator(
        shippingOptions: [ShippingOption] = Sample.shippingOptions,
        isExpressShippingEnabled: Bool = true,
        orders: (any OrderRepository)? = nil,
        payments: (any PaymentRepository)? = nil,
        drafts: (any CheckoutDraftRepository)? = nil,
        submissions: (any CheckoutSubmissionRepository)? = nil
    ) -> CheckoutCoordinator {
        CheckoutCoordinator(
            cart: feature,
            orders: orders ?? self.orders,
            payments: payments ?? self.payments,
            drafts: drafts ?? self.drafts,
            submissions: submissions ?? self.submissions,
            clock: clock,
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

    /// Starts `coordinator` (unless it was) and takes it forward to `target`, entering the sample address, the
    /// option `optionID` and an invoice (unless a method was chosen) on the way; no request is sent.
    func walk(_ coordinator: CheckoutCoordinator, to target: CheckoutStep, optionID: String = "standard") async throws {
        if coordinator.stage == .notStarted {
            await coordinator.start()
        }
        while coordinator.step < target {
            switch coordinator.step {
            case .shippingAddress: coordinator.draft.address = Sample.address
            case .shippingOption: coordinator.draft.shippingOptionID = optionID
            case .payment where coordinator.draft.paymentMethod == nil: coordinator.useInvoice()
            default: break
            }
            try await coordinator.advance()
        }
    }

    /// A coordinator over the harness's parts, walked to `step` (see `walk(_:to:optionID:)`).
    func coordinator(
        at step: CheckoutStep,
        optionID: String = "standard",
        shippingOptions: [ShippingOption] = Sample.shippingOptions,
        isExpressShippingEnabled: Bool = true,
        orders: (any OrderRepository)? = nil,
        payments: (any PaymentRepository)? = nil,
        submissions: (any CheckoutSubmissionRepository)? = nil
    ) async throws -> CheckoutCoordinator {
        let coordinator = makeCoordinator(
            shippingOptions: shippingOptions, isExpressShippingEnabled: isExpressShippingEnabled, orders: orders,
            payments: payments, submissions: submissions)
        try await walk(coordinator, to: step, optionID: optionID)
        return coordinator
    }

    /// Fills the cart, confirms an order and fails to place it (the connection drops), leaving a saved draft with
    /// the submission `id-2`; returns the flow, still in progress at the place-order step.
    @discardableResult
    func leaveConfirmedDraft() async throws -> CheckoutCoordinator {
        try await fillCart()
        transport.enqueue(.failure(.networkConnectionLost))
        let coordinator = try await self.coordinator(at: .placeOrder)
        await coordinator.placeOrder()
        return coordinator
    }

    /// The `POST /v1/orders` requests sent so far.
    var orderRequests: [RecordedRequest] {
        transport.requests.filter { $0.summary == "POST /v1/orders" }
    }
}

/// A set of process ids that tests change while a store asks about them.
final class RunningProcesses: Sendable {
    private let ids = Mutex<Set<Int32>>([Harness.processID])

    /// Whether `pid` counts as running.
    func contains(_ pid: Int32) -> Bool { ids.withLock { $0.contains(pid) } }

    /// Marks `pid` running.
    func start(_ pid: Int32) { _ = ids.withLock { $0.insert(pid) } }

    /// Marks `pid` gone.
    func kill(_ pid: Int32) { _ = ids.withLock { $0.remove(pid) } }
}
