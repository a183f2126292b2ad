import DesignSystem
import FeatureKit
import Foundation
import Models
import Persistence
import TerminalUI

/// The screens of Checkout: the cart (the Cart tab's first screen), the checkout flow, the orders and one order.
public enum CheckoutDestination: EntryDestination {
    /// The cart: `storefront://cart`.
    case cart
    /// The checkout flow for the cart (needs sign-in): `storefront://checkout`.
    case checkout
    /// The signed-in user's orders: `storefront://orders`.
    case orders
    /// One order of the signed-in user: `storefront://orders/ID`.
    case order(OrderID)

    /// The four links.
    public static var patterns: [RoutePattern] {
        [
            CheckoutEntry.cartPattern, CheckoutEntry.checkoutPattern, CheckoutEntry.ordersPattern,
            CheckoutEntry.orderPattern,
        ]
    }

    /// The destination of `route`, when it is Checkout's.
    public init?(route: Route) {
        if CheckoutEntry.cartPattern.matches(route) {
            self = .cart
        } else if CheckoutEntry.checkoutPattern.matches(route) {
            self = .checkout
        } else if CheckoutEntry.ordersPattern.matches(route) {
            self = .orders
        } else if CheckoutEntry.orderPattern.matches(route) {
            self = .order(OrderID(rawValue: route.id(0)))
        } else {
            return nil
        }
    }

    /// The erased route.
    public var route: Route {
        switch self {
        case .cart: CheckoutEntry.cartPattern.route()
        case .checkout: CheckoutEntry.checkoutPattern.route()
        case .orders: CheckoutEntry.ordersPattern.route()
        case .order(let id): CheckoutEntry.orderPattern.route(ids: [id.rawValue])
        }
    }
}

/// What only the App knows that a checkout needs, provided in the context as a capability: the shipping options of
/// the server's configuration and the `express_shipping` flag as known now.
public struct CheckoutSettings: Sendable {
    /// The shipping options as last known (the cached configuration, replaced by a fetch during the run); a checkout
    /// screen offers these.
    public let knownShippingOptions: @MainActor @Sendable () -> [ShippingOption]
    /// The shipping options fetched now (falling back to the last known): what the `checkout` command offers.
    public let currentShippingOptions: @MainActor @Sendable () async -> [ShippingOption]
    /// The `express_shipping` flag as the App knows it now, read when a checkout flow starts (a launch without a
    /// cached configuration learns the server's flags after the entry was built).
    public let isExpressShippingOn: @MainActor @Sendable () -> Bool

    /// Creates the settings.
    public init(
        knownShippingOptions: @escaping @MainActor @Sendable () -> [ShippingOption],
        currentShippingOptions: @escaping @MainActor @Sendable () async -> [ShippingOption],
        isExpressShippingOn: @escaping @MainActor @Sendable () -> Bool
    ) {
        self.knownShippingOptions = knownShippingOptions
        self.currentShippingOptions = currentShippingOptions
        self.isExpressShippingOn = isExpressShippingOn
    }
}

/// The Checkout package's entry: the cart (the Cart tab, with its item count as the badge), the checkout flow, the
/// order history (`o` from anywhere) and an order's screen; the `cart`, `checkout` and `orders` commands; the
/// `express_shipping` flag, Checkout's tables and the live events of orders. Built per account over its context,
/// whose capabilities give it what it needs from others (the catalog's `ProductCatalog`, the App's
/// `CheckoutSettings`); it provides the cart to them (`CartAccess`).
@MainActor
public final class CheckoutEntry: FeatureEntry {
    /// Checkout's screens.
    public typealias Destination = CheckoutDestination

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
        name: "express_shipping", defaultValue: false, summary: "offer express shipping at checkout",
        waitsForServer: true)

    /// The routes, commands, flags, tables, live events, tab, shortcut and keys of Checkout.
    public nonisolated static let descriptor = FeatureDescriptor(
        name: name, routes: CheckoutDestination.patterns, commands: CheckoutCommands.specs,
        flags: [expressShippingFlag], migrations: [CheckoutStorage.migrations], liveEvents: ["order.status", "reset"],
        tab: EntryTab(title: "Cart", key: "cart", order: 30, root: CheckoutDestination.cart.route),
        shortcuts: [EntryShortcut(key: "o", title: "your orders", route: CheckoutDestination.orders.route)],
        keys: CartKeys.declarations + CheckoutKeys.flowDeclarations + OrdersKeys.declarations)

    /// The cart's route.
    public nonisolated static var cartRoute: Route { CheckoutDestination.cart.route }
    /// The checkout flow's route.
    public nonisolated static var checkoutRoute: Route { CheckoutDestination.checkout.route }
    /// The order history's route.
    public nonisolated static var ordersRoute: Route { CheckoutDestination.orders.route }
    /// The route of order `id`.
    public nonisolated static func orderRoute(_ id: OrderID) -> Route { CheckoutDestination.order(id).route }

    /// Where the entry's intents go.
    public var onIntent: (@MainActor (FeatureIntent) -> Void)?
    /// The account's cart.
    public let cart: CartFeature
    /// How money and dates are written for people.
    public let format: DisplayFormat
    /// The coordinator of the checkout flow on screen, while there is one (the screen owns it).
    public private(set) weak var activeCheckout: CheckoutCoordinator?

    let context: FeatureContext
    private let cartRepository: LiveCartRepository
    /// The open order screens that show live statuses, held weakly (gone screens are dropped at the next event).
    private var liveOrderScreens: [WeakOrderScreen] = []

    /// Builds the cart over `context`; opens nothing.
    public init(context: FeatureContext) {
        let context = context.labelled("storefront.checkout")
        self.context = context
        cartRepository = LiveCartRepository(database: context.database, logger: context.logger)
        cart = CartFeature(repository: cartRepository, logger: context.logger)
        format = DisplayFormat(locale: context.locale, timeZone: context.timeZone)
    }

    /// The catalog's lookup (`cart add ID`), when the app has an entry that provides one.
    var catalog: ProductCatalog? { context.capability(ProductCatalog.self) }

    /// The App's settings for checkouts, when it provided them.
    private var settings: CheckoutSettings? { context.capability(CheckoutSettings.self) }

    /// The shipping options fetched now (the `checkout` command); none without the App's settings.
    func currentShippingOptions() async -> [ShippingOption] {
        await settings?.currentShippingOptions() ?? []
    }

    /// The cart, for the other entries.
    public func provideCapabilities(to capabilities: EntryCapabilities) {
        capabilities.provide(CartAccess { [weak self] requests in await self?.add(requests) })
    }

    /// The cart's item count, when it has items.
    public var badge: String? {
        let count = cart.itemCount
        return count > 0 ? "\(count)" : nil
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
    /// (`CheckoutSettings.isExpressShippingOn`, else this launch's).
    public func makeCheckoutCoordinator(shippingOptions: [ShippingOption]) -> CheckoutCoordinator {
        CheckoutCoordinator(
            cart: cart, orders: makeOrderRepository(),
            payments: LivePaymentRepository(client: context.client, logger: context.logger),
            drafts: LiveCheckoutDraftRepository(database: context.database, logger: context.logger),
            submissions: makeSubmissionRepository(), clock: context.clock,
            shippingOptions: shippingOptions,
            isExpressShippingEnabled: settings?.isExpressShippingOn() ?? context.flags.isOn(Self.expressShippingFlag),
            makeIdentifier: context.makeIdentifier, currentDate: context.now, format: format, logger: context.logger)
    }

    /// The cart, the checkout flow, the orders or one order.
    public func makeScreen(for destination: CheckoutDestination, context screenContext: ScreenContext)
        -> any TerminalView
    {
        let theme = screenContext.theme
        switch destination {
        case .checkout:
            return makeCheckoutScreen(theme: theme, keyMap: screenContext.keyMap)
        case .orders:
            let viewModel = OrderHistoryViewModel(repository: makeOrderRepository(), format: format, pageSize: 20)
            viewModel.onOpenOrder = { [weak self] id in self?.open(.order(id)) }
            viewModel.onSignInNeeded = { [weak self] in self?.askForSignIn(thenOpen: .orders) }
            liveOrderScreens.append(WeakOrderScreen(screen: viewModel))
            viewModel.send(.load)
            return OrderHistoryView(viewModel: viewModel, theme: theme, keyMap: screenContext.keyMap)
        case .order(let id):
            let viewModel = OrderDetailViewModel(
                orderID: id, order: nil, repository: makeOrderRepository(), format: format)
            viewModel.onSignInNeeded = { [weak self] in self?.askForSignIn(thenOpen: destination) }
            liveOrderScreens.append(WeakOrderScreen(screen: viewModel))
            viewModel.send(.load)
            return OrderDetailView(viewModel: viewModel, theme: theme, keyMap: screenContext.keyMap)
        case .cart:
            let viewModel = CartViewModel(feature: cart, format: format)
            viewModel.onCheckout = { [weak self] in self?.open(.checkout) }
            viewModel.send(.load)
            return CartView(viewModel: viewModel, theme: theme, keyMap: screenContext.keyMap)
        }
    }

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

    /// The cart (also for the checkout link, with a hint), the orders or one order.
    public func print(_ destination: CheckoutDestination, to invocation: CommandInvocation) async -> ExitCode {
        switch destination {
        case .order(let id):
            return await run(invocation.redirected(to: CheckoutCommands.ordersShow, operands: [id.rawValue]))
        case .orders:
            return await run(invocation.redirected(to: CheckoutCommands.ordersList, operands: []))
        case .cart, .checkout:
            break
        }
        let status = await run(invocation.redirected(to: CheckoutCommands.cartList, operands: []))
        if destination == .checkout, status == .success, !invocation.json {
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
    public static func mergeGuestData(from guest: FeatureContext, into account: FeatureContext) async -> [String] {
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

    private func makeCheckoutScreen(theme: Theme, keyMap: KeyMap) -> any TerminalView {
        let coordinator = makeCheckoutCoordinator(shippingOptions: settings?.knownShippingOptions() ?? [])
        let route = CheckoutDestination.checkout.route
        coordinator.onOrderPlaced = { [weak self] id in
            self?.onIntent?(.finished(route, next: Self.orderRoute(id)))
        }
        coordinator.onFinished = { [weak self] end in
            if end == .cancelled { self?.onIntent?(.finished(route, next: nil)) }
        }
        coordinator.onSignInNeeded = { [weak self] in self?.askForSignIn(thenOpen: .checkout) }
        Task { await coordinator.start() }
        activeCheckout = coordinator
        return CheckoutFlowView(coordinator: coordinator, theme: theme, keyMap: keyMap)
    }

    private func askForSignIn(thenOpen destination: CheckoutDestination) {
        let route = destination.route
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
