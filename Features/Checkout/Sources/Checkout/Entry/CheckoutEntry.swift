import DesignSystem
import FeatureKit
import Foundation
import Models
import Persistence
import TerminalUI

/// The Checkout package's entry: the cart, the checkout flow, the order history and an order's screen; the `cart`,
/// `checkout` and `orders` commands; the `express_shipping` flag and Checkout's tables. Built per account over its
/// context, with what only the App knows: the shipping options of the server's configuration and the catalog's
/// product lookup (owned by the entry of product pages).
@MainActor
public final class CheckoutEntry: FeatureEntry {
    /// The entry's name in routes and actions.
    public nonisolated static let name = "checkout"
    /// The cart (the Cart tab's first screen): `storefront://cart`.
    public nonisolated static let cartPattern = RoutePattern(feature: name, screen: "cart", summary: "the cart")
    /// The checkout flow for the cart: `storefront://checkout`.
    public nonisolated static let checkoutPattern = RoutePattern(
        feature: name, screen: "checkout", signInPrompt: "Sign in to check out.",
        summary: "check out the cart, step by step")
    /// The signed-in user's orders: `storefront://orders`.
    public nonisolated static let ordersPattern = RoutePattern(
        feature: name, screen: "orders", signInPrompt: "Sign in to see your orders.",
        summary: "your orders, newest first")
    /// One order of the signed-in user: `storefront://orders/ID`.
    public nonisolated static let orderPattern = RoutePattern(
        feature: name, screen: "orders", idNames: ["ID"], signInPrompt: "Sign in to see your orders.",
        summary: "one of your orders")
    /// Whether express shipping is offered at checkout (`express_shipping`; off by default, as the server may not
    /// deliver it everywhere).
    public nonisolated static let expressShippingFlag = FlagDeclaration(
        name: "express_shipping", defaultValue: false, summary: "offer express shipping at checkout")

    /// The routes, commands, flags and tables of Checkout.
    public nonisolated static let descriptor = FeatureDescriptor(
        name: name, routes: [cartPattern, checkoutPattern, ordersPattern, orderPattern],
        commands: CheckoutCommands.specs, flags: [expressShippingFlag], migrations: [CheckoutStorage.migrations])

    /// The cart's route.
    public nonisolated static var cartRoute: Route { cartPattern.route() }
    /// The checkout flow's route.
    public nonisolated static var checkoutRoute: Route { checkoutPattern.route() }
    /// The order history's route.
    public nonisolated static var ordersRoute: Route { ordersPattern.route() }
    /// The route of order `id`.
    public nonisolated static func orderRoute(_ id: OrderID) -> Route { orderPattern.route(ids: [id.rawValue]) }

    /// Where the entry's intents go.
    public var onIntent: (@MainActor (FeatureIntent) -> Void)?
    /// The `express_shipping` flag as the App knows it now, read when a checkout flow starts; nil: the context's
    /// flags. (A launch without a cached configuration learns the server's flags after the entry was built.)
    public var currentExpressShipping: (@MainActor () -> Bool)?
    /// The account's cart.
    public let cart: CartFeature
    /// How money and dates are written for people.
    public let format: DisplayFormat
    /// The coordinator of the checkout flow on screen, while there is one (the screen owns it).
    public private(set) weak var activeCheckout: CheckoutCoordinator?

    let context: FeatureContext
    let lookUpProduct: ProductLookup
    let currentShippingOptions: @MainActor () async -> [ShippingOption]
    private let knownShippingOptions: @MainActor () -> [ShippingOption]
    private let cartRepository: LiveCartRepository
    /// The open order screens that show live statuses, held weakly (gone screens are dropped at the next event).
    private var liveOrderScreens: [WeakOrderScreen] = []

    /// Builds the cart over `context`; opens nothing.
    ///
    /// - Parameters:
    ///   - context: The account's context.
    ///   - knownShippingOptions: The shipping options as last known (the cached configuration, replaced by a fetch
    ///     during the run); a checkout screen offers these.
    ///   - currentShippingOptions: The shipping options fetched now (falling back to the last known): what the
    ///     `checkout` command offers.
    ///   - lookUpProduct: The catalog's current copy of a product (`cart add ID`).
    public init(
        context: FeatureContext, knownShippingOptions: @escaping @MainActor () -> [ShippingOption],
        currentShippingOptions: @escaping @MainActor () async -> [ShippingOption],
        lookUpProduct: @escaping ProductLookup
    ) {
        let context = context.labelled("storefront.checkout")
        self.context = context
        self.knownShippingOptions = knownShippingOptions
        self.currentShippingOptions = currentShippingOptions
        self.lookUpProduct = lookUpProduct
        cartRepository = LiveCartRepository(database: context.database, logger: context.logger)
        cart = CartFeature(repository: cartRepository, logger: context.logger)
        format = DisplayFormat(locale: context.locale, timeZone: context.timeZone)
    }

    /// The orders of the signed-in user, from the server.
    public func makeOrderRepository() -> LiveOrderRepository {
        LiveOrderRepository(client: context.client, clock: context.clock, logger: context.logger)
    }

    /// The account's order submissions, claimed by this process; a claim lapses after the client's overall
    /// deadline and a margin of 15 s (the placement's 409 waits are bounded by the same deadline).
    public func makeSubmissionRepository() -> LiveCheckoutSubmissionRepository {
        let overall = context.client.timeouts.overall.components
        let seconds = TimeInterval(overall.seconds) + TimeInterval(overall.attoseconds) / 1e18
        return LiveCheckoutSubmissionRepository(
            database: context.database, logger: context.logger, processID: ProcessInfo.processInfo.processIdentifier,
            isProcessAlive: ProcessLiveness.isAlive, claimLifetime: 2 * seconds + 15)
    }

    /// A checkout flow over the cart with `shippingOptions` and the `express_shipping` flag as known now
    /// (`currentExpressShipping`, else this launch's).
    public func makeCheckoutCoordinator(shippingOptions: [ShippingOption]) -> CheckoutCoordinator {
        CheckoutCoordinator(
            cart: cart, orders: makeOrderRepository(),
            payments: LivePaymentRepository(client: context.client, logger: context.logger),
            drafts: LiveCheckoutDraftRepository(database: context.database, logger: context.logger),
            submissions: makeSubmissionRepository(), clock: context.clock,
            shippingOptions: shippingOptions,
            isExpressShippingEnabled: currentExpressShipping?() ?? context.flags.isOn(Self.expressShippingFlag),
            makeIdentifier: context.makeIdentifier, currentDate: context.now, format: format, logger: context.logger)
    }

    /// The cart, the checkout flow, the orders or one order.
    public func makeScreen(for route: Route, context screenContext: ScreenContext) -> any TerminalView {
        let theme = screenContext.theme
        if Self.checkoutPattern.matches(route) {
            return makeCheckoutScreen(theme: theme)
        }
        if Self.ordersPattern.matches(route) {
            let viewModel = OrderHistoryViewModel(repository: makeOrderRepository(), format: format, pageSize: 20)
            viewModel.onOpenOrder = { [weak self] id in self?.onIntent?(.open(Self.orderRoute(id))) }
            viewModel.onSignInNeeded = { [weak self] in self?.askForSignIn(thenOpen: Self.ordersRoute) }
            liveOrderScreens.append(WeakOrderScreen(screen: viewModel))
            Task { await viewModel.load() }
            return OrderHistoryView(viewModel: viewModel, theme: theme)
        }
        if Self.orderPattern.matches(route) {
            let id = OrderID(rawValue: route.id(0))
            let viewModel = OrderDetailViewModel(
                orderID: id, order: nil, repository: makeOrderRepository(), format: format)
            viewModel.onSignInNeeded = { [weak self] in self?.askForSignIn(thenOpen: route) }
            liveOrderScreens.append(WeakOrderScreen(screen: viewModel))
            Task { await viewModel.load() }
            return OrderDetailView(viewModel: viewModel, theme: theme)
        }
        let viewModel = CartViewModel(feature: cart, format: format)
        viewModel.onCheckout = { [weak self] in self?.onIntent?(.open(Self.checkoutRoute)) }
        Task { await viewModel.load() }
        return CartView(viewModel: viewModel, theme: theme)
    }

    /// Order status changes of the signed-in user (the stream sends none signed out), and `reset`.
    public var liveEventNames: Set<String> { ["order.status", "reset"] }

    /// Shows an order's new status on the open order history and order screens, in place; after a `reset` (events
    /// were missed) those screens load again. Data that does not fit the contract (openapi.yaml:
    /// `OrderStatusChange`) is logged and skipped.
    public func receive(_ event: LiveEvent) {
        liveOrderScreens.removeAll { $0.screen == nil }
        let screens = liveOrderScreens.compactMap(\.screen)
        switch event.name {
        case "order.status":
            do {
                let change = try event.decode(OrderStatusChangeDTO.self)
                let status = OrderStatus(wireValue: change.status)
                for screen in screens { screen.applyLiveStatus(status, of: change.orderID) }
            } catch {
                context.logger.warning(
                    "a live event was skipped: \(error)", metadata: ["event_id": .string(event.id)])
            }
        case "reset":
            for screen in screens { Task { await screen.load() } }
        default:
            break
        }
    }

    /// Loads the cart.
    public func start() async {
        await cart.load()
    }

    /// Runs `cart add|remove|list`, `checkout` and `orders list|show`.
    public func run(_ invocation: CommandInvocation) async -> ExitCode {
        await CheckoutCommands(entry: self, context: invocation).run()
    }

    /// The cart (also for the checkout link, with a hint), the orders or one order.
    public func print(_ route: Route, to invocation: CommandInvocation) async -> ExitCode {
        let commands = CheckoutCommands(entry: self, context: invocation)
        if Self.orderPattern.matches(route) {
            return await commands.redirected("orders show", operands: route.ids).run()
        }
        if Self.ordersPattern.matches(route) {
            return await commands.redirected("orders list", operands: []).run()
        }
        let status = await commands.redirected("cart list", operands: []).run()
        if Self.checkoutPattern.matches(route), status == .success, !invocation.json {
            invocation.print(
                "Check out with '\(invocation.programName) checkout --help' options, or open the link on a terminal.")
        }
        return status
    }

    /// Adds `requests` to the cart, and says so on the status line.
    public func add(_ requests: [CartRequest]) async {
        for request in requests {
            let product = request.product
            do {
                let line = try await cart.add(product, quantity: request.quantity)
                onIntent?(.notice("Added \(product.title) to the cart (\(line.quantity) in the cart).", isError: false))
            } catch {
                onIntent?(.notice("\(product.title) could not be added to the cart: \(error)", isError: true))
            }
        }
    }

    /// Moves `guest`'s cart lines into `account`'s cart (quantities of one product add up, capped at 99) and empties
    /// the guest cart: the hand-off at sign-in.
    ///
    /// - Returns: What the user should hear about (empty when the guest cart was empty).
    public static func mergeCart(from guest: FeatureContext, into account: FeatureContext) async -> [String] {
        let logger = account.logger.child(label: "storefront.checkout")
        let guestCart = CartFeature(
            repository: LiveCartRepository(database: guest.database, logger: logger), logger: logger)
        let accountCart = CartFeature(
            repository: LiveCartRepository(database: account.database, logger: logger), logger: logger)
        do {
            let lines = try await guestCart.allLines()
            guard !lines.isEmpty else { return [] }
            let report = try await accountCart.merge(lines)
            try await guestCart.removeAll()
            logger.info("guest cart merged", metadata: ["lines": "\(lines.count)"])
            return ["Your cart from before signing in was added to your account's cart."] + report.messages
        } catch {
            logger.error("guest cart merge failed", metadata: ["error": "\(error)"])
            return ["The cart from before signing in could not be added to your account's cart: \(error)"]
        }
    }

    /// What the account keeps on this device that a sign-out deletes: `2 items in the cart`, `a checkout in
    /// progress` (a saved draft), an order whose outcome is unknown; empty when there is nothing, or when the store
    /// cannot be read (nothing to lose).
    ///
    /// An open submission is reconciled first (still signed in, `GET /v1/orders?client_id=`): when its order
    /// exists it is recorded placed and not listed; otherwise (not found, or the server cannot be asked) it is
    /// listed, so the sign-out needs confirmation and says that the order may still arrive.
    public func localDataSummary() async -> [String] {
        var kept: [String] = []
        if let lines = try? await cart.allLines(), !lines.isEmpty {
            let count = lines.reduce(0) { $0 + $1.quantity }
            kept.append(count == 1 ? "1 item in the cart" : "\(count) items in the cart")
        }
        let drafts = LiveCheckoutDraftRepository(database: context.database, logger: context.logger)
        if (try? await drafts.latest()) != nil {
            kept.append("a checkout in progress")
        }
        if let unresolved = await reconcileOpenSubmission() {
            kept.append(unresolved)
        }
        return kept
    }

    /// Keeps the record of an order whose outcome is still unknown when a sign-out goes ahead anyway (`--force`): the
    /// account's database goes, so the submission (its id, what it asked for, when) is written to
    /// `<state>/unresolved-orders/<account>-<submission id>.json` first, and the report says where.
    ///
    /// - Returns: One sentence naming the file (or why it could not be written); empty when no submission is open.
    public func prepareForSignOut() async -> [String] {
        guard let open = try? await makeSubmissionRepository().openSubmission() else { return [] }
        let file = context.layout.url(of: .state)
            .appending(path: "unresolved-orders", directoryHint: .isDirectory)
            .appending(path: "\(context.account.directoryName)-\(open.clientID).json")
        let record = UnresolvedOrderRecord(submission: open)
        do {
            try FileManager().createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            try AtomicFile(url: file).write(record, encoder: encoder)
        } catch {
            context.logger.error(
                "could not keep an unresolved submission",
                metadata: ["client_id": "\(open.clientID)", "error": "\(error)"])
            return [
                "The record of the order whose outcome is unknown (submission \(open.clientID)) could not be kept: "
                    + "\(ErrorText.describe(error)). Sign in again and run 'storefront orders list' to see whether it arrived."
            ]
        }
        context.logger.info("kept an unresolved submission", metadata: ["client_id": "\(open.clientID)"])
        return [
            "The order whose outcome is unknown (submission \(open.clientID)) may still arrive: its record was kept in "
                + "\(file.path). Sign in again and run 'storefront orders list' to see whether it did."
        ]
    }

    // MARK: - Private

    /// Asks the server about the account's open submission: nil when there is none or its order exists (now
    /// recorded placed), otherwise what a sign-out would delete.
    private func reconcileOpenSubmission() async -> String? {
        let submissions = makeSubmissionRepository()
        guard let open = try? await submissions.openSubmission() else { return nil }
        let unknown =
            "an order whose outcome is unknown (submission \(open.clientID)): it may still arrive; "
            + "'checkout' again first to find out"
        if open.state == .pending, let owner = open.ownerPID, ProcessLiveness.isAlive(owner) {
            return "an order being placed right now by another run (process \(owner))"
        }
        do {
            guard let order = try await makeOrderRepository().order(clientID: open.clientID) else { return unknown }
            // Its items leave the cart and its drafts go with the record, as at any placement.
            _ = try await submissions.recordPlaced(
                PlacedOrderRecord(order: order, clientID: open.clientID, flowID: nil), onlyIfUnknown: true,
                now: context.now())
            context.logger.info(
                "an open submission went through",
                metadata: ["client_id": "\(open.clientID)", "order_id": "\(order.id)"])
            return nil
        } catch {
            return unknown
        }
    }

    private func makeCheckoutScreen(theme: Theme) -> any TerminalView {
        let coordinator = makeCheckoutCoordinator(shippingOptions: knownShippingOptions())
        let route = Self.checkoutRoute
        coordinator.onOrderPlaced = { [weak self] id in
            self?.onIntent?(.finished(route, next: Self.orderRoute(id)))
        }
        coordinator.onFinished = { [weak self] end in
            if end == .cancelled { self?.onIntent?(.finished(route, next: nil)) }
        }
        coordinator.onSignInNeeded = { [weak self] in self?.askForSignIn(thenOpen: route) }
        Task { await coordinator.start() }
        activeCheckout = coordinator
        return CheckoutFlowView(coordinator: coordinator, theme: theme)
    }

    private func askForSignIn(thenOpen route: Route) {
        let pattern = Self.descriptor.routes.first { $0.matches(route) }
        onIntent?(.needsSignIn(prompt: pattern?.signInPrompt ?? "Sign in to go on.", resume: .open(route)))
    }
}

/// What outlives a forced sign-out of an order submission whose outcome is unknown (`CheckoutEntry.prepareForSignOut`):
/// the Idempotency-Key it was sent with (`client_id`, which `GET /v1/orders?client_id=` finds), what it asked for, and
/// when.
struct UnresolvedOrderRecord: Encodable {
    let clientID: String
    let state: String
    let createdAt: Date
    let basis: SubmissionBasis

    init(submission: CheckoutSubmission) {
        clientID = submission.clientID
        state = submission.state.rawValue
        createdAt = submission.createdAt
        basis = submission.basis
    }

    private enum CodingKeys: String, CodingKey {
        case clientID = "client_id"
        case state
        case createdAt = "created_at"
        case basis = "submission"
    }
}

/// An order screen's view model that live statuses reach: `OrderHistoryViewModel`, `OrderDetailViewModel`.
@MainActor
protocol LiveOrderScreen: AnyObject {
    /// Shows `status` for `id` when the screen shows that order; whether it does.
    @discardableResult
    func applyLiveStatus(_ status: OrderStatus, of id: OrderID) -> Bool
    /// Loads what the screen shows again.
    func load() async
}

extension OrderHistoryViewModel: LiveOrderScreen {}
extension OrderDetailViewModel: LiveOrderScreen {}

/// An open order screen, held weakly by the entry.
struct WeakOrderScreen {
    weak var screen: (any LiveOrderScreen)?
}
