import Logging
import Models
import Observation

/// The cart: the app-scoped capability of the checkout package. It owns the lines (persisted in the account
/// database through a `CartRepository`), their loading state and the last error; the checkout flow itself is owned
/// by a `CheckoutCoordinator`, created per flow.
///
/// Changes run one at a time, in the order they were asked for, each as one store transaction; a change the cart's
/// rules refuse (`Cart`) throws with a message and changes nothing. When the store cannot be opened, the operations
/// fail with `CartError.storeUnavailable`, `error` says so and the lines stay as last loaded; nothing falls back to
/// an empty cart that would be lost.
@MainActor
@Observable
public final class CartFeature {
    /// The cart's lines, in the order they were added; empty until loaded.
    public private(set) var lines: [CartLine] = []
    /// Whether the lines were loaded at least once (an empty cart and a cart never loaded are different).
    public private(set) var hasLoaded = false
    /// Whether a load or change is running.
    public private(set) var isWorking = false
    /// The last failure of a load or change; nil once one succeeds.
    public private(set) var error: CartError?

    @ObservationIgnored private let repository: any CartRepository
    @ObservationIgnored private let logger: Logger
    @ObservationIgnored private var lastOperation: Task<Void, Never>?
    @ObservationIgnored private var runningCount = 0

    /// Creates the feature; nothing is read until `load()` or the first change.
    ///
    /// - Parameters:
    ///   - repository: The cart's store (`LiveCartRepository` over the account database in the App).
    ///   - logger: Receives failures.
    public init(repository: any CartRepository, logger: Logger) {
        self.repository = repository
        self.logger = logger
    }

    /// The cart as a value (for its rules and subtotal).
    public var cart: Cart { Cart(lines: lines) }

    /// The number of items, all quantities added up.
    public var itemCount: Int { cart.itemCount }

    /// Reads the lines from the store. A failure keeps the lines last loaded and sets `error`.
    public func load() async {
        _ = try? await run { repository throws(CartError) in
            let lines = try await repository.lines()
            return (lines, ())
        }
    }

    /// Adds `quantity` of `product` (more of its line when the cart has it).
    ///
    /// - Returns: The product's line as it is now.
    /// - Throws: `CartError.invalidQuantity` (1 to 99, also for the new total), `.mixedCurrency`, `.outOfStock`,
    ///   `.storeUnavailable`.
    @discardableResult
    public func add(_ product: ProductSummary, quantity: Int = 1) async throws(CartError) -> CartLine {
        try await change { cart throws(CartError) in try cart.add(product, quantity: quantity) }
    }

    /// Sets the quantity of a line.
    ///
    /// - Throws: `CartError.invalidQuantity` outside 1 to 99, `.lineNotFound`, `.storeUnavailable`.
    public func setQuantity(_ quantity: Int, for productID: ProductID) async throws(CartError) {
        try await change { cart throws(CartError) in try cart.setQuantity(quantity, for: productID) }
    }

    /// Removes a line.
    ///
    /// - Throws: `CartError.lineNotFound`, `.storeUnavailable`.
    public func remove(_ productID: ProductID) async throws(CartError) {
        try await change { cart throws(CartError) in try cart.remove(productID) }
    }

    /// Takes the quantities of a placed order out of the cart (see `Cart.removeOrdered(_:)`): what was added while
    /// checking out stays.
    ///
    /// - Throws: `CartError.storeUnavailable`.
    public func removeOrdered(_ ordered: [CartLine]) async throws(CartError) {
        try await change { cart throws(CartError) in cart.removeOrdered(ordered) }
    }

    /// Removes every line.
    ///
    /// - Throws: `CartError.storeUnavailable`.
    public func removeAll() async throws(CartError) {
        try await change { cart throws(CartError) in cart.removeAll() }
    }

    /// Every line as stored now, read from the store (whether or not this feature has loaded): what the App hands
    /// to the account's cart at sign-in.
    ///
    /// - Throws: `CartError.storeUnavailable`.
    public func allLines() async throws(CartError) -> [CartLine] {
        try await run { repository throws(CartError) in
            let lines = try await repository.lines()
            return (lines, lines)
        }
    }

    /// Merges `incoming` lines (another cart's, such as the guest cart at sign-in) into this cart: quantities of the
    /// same product add up, capped at 99; a line in another currency or with an invalid quantity is left out. The
    /// report says what happened to each line. One transaction: all of it is stored, or nothing.
    ///
    /// - Throws: `CartError.storeUnavailable`.
    @discardableResult
    public func merge(_ incoming: [CartLine]) async throws(CartError) -> CartMergeReport {
        let report = try await change { cart throws(CartError) in cart.merge(incoming) }
        if !report.isComplete {
            logger.info(
                "merged cart lines with changes",
                metadata: ["capped": "\(report.capped.count)", "skipped": "\(report.skipped.count)"])
        }
        return report
    }

    // MARK: - Private

    private func change<Value: Sendable>(_ body: @escaping @Sendable (inout Cart) throws(CartError) -> Value)
        async throws(CartError) -> Value
    {
        try await run { repository throws(CartError) in try await repository.update(body) }
    }

    /// Runs `operation` after every operation asked for before it, then stores the lines it returns, or records its
    /// error (rule errors leave `error` alone: they are answered to the caller, the cart is fine).
    private func run<Value: Sendable>(
        _ operation:
            @escaping @Sendable (any CartRepository) async throws(CartError) -> (lines: [CartLine], value: Value)
    ) async throws(CartError) -> Value {
        let previous = lastOperation
        let repository = self.repository
        let task = Task { () -> Result<(lines: [CartLine], value: Value), CartError> in
            await previous?.value
            do throws(CartError) {
                return .success(try await operation(repository))
            } catch {
                return .failure(error)
            }
        }
        lastOperation = Task { _ = await task.value }
        runningCount += 1
        isWorking = true
        let result = await task.value
        runningCount -= 1
        isWorking = runningCount > 0
        switch result {
        case .success(let outcome):
            lines = outcome.lines
            hasLoaded = true
            error = nil
            return outcome.value
        case .failure(let failure):
            if case .storeUnavailable = failure {
                error = failure
            }
            throw failure
        }
    }
}
