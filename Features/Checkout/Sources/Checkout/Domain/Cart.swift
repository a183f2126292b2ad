import Models

/// The rules of the cart, as a value: one line per product, quantities of 1 to 99, one currency.
///
/// `CartFeature` applies these rules inside one store transaction (read the lines, change them, write them), so a
/// refused change leaves the stored cart as it was.
public struct Cart: Hashable, Sendable {
    /// The quantities a line may have: 1 to 99 (the API contract's limit per product and order).
    public static let quantityRange = 1...99

    /// The lines, in the order they were first added.
    public private(set) var lines: [CartLine]

    /// A cart with `lines` as they are (lines read back from the store).
    public init(lines: [CartLine] = []) {
        self.lines = lines
    }

    /// The cart's currency: its first line's; nil for an empty cart.
    public var currency: Currency? { lines.first?.unitPrice.currency }

    /// The number of items, all quantities added up.
    public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }

    /// The sum of every line's unit price times quantity; nil for an empty cart.
    ///
    /// - Throws: `CartError.amountOverflow` when the sum does not fit in `Int64` minor units,
    ///   `CartError.mixedCurrency` when stored lines disagree on the currency.
    public func subtotal() throws(CartError) -> Money? {
        guard let currency else { return nil }
        do throws(MoneyError) {
            return try Money.sum(lines.map { line throws(MoneyError) in try line.lineTotal() }, currency: currency)
        } catch {
            if case .currencyMismatch(let expected, let found) = error {
                throw .mixedCurrency(cart: expected, product: found)
            }
            throw .amountOverflow
        }
    }

    /// Adds `quantity` items of `product`: a new line at the end, or more of an existing line (whose title, price,
    /// availability and image are refreshed from `product`).
    ///
    /// - Returns: The line as it is now.
    /// - Throws: `CartError.invalidQuantity` when `quantity` or the new total is outside `quantityRange`;
    ///   `CartError.mixedCurrency` when `product` is priced in another currency than the cart;
    ///   `CartError.outOfStock` when the product's availability is `.outOfStock` (an unknown availability is left to
    ///   the server to decide at checkout).
    @discardableResult
    public mutating func add(_ product: ProductSummary, quantity: Int = 1) throws(CartError) -> CartLine {
        guard product.availability != .outOfStock else { throw .outOfStock(title: product.title) }
        guard Self.quantityRange.contains(quantity) else { throw .invalidQuantity(quantity) }
        try checkCurrency(of: product.price)
        guard let index = lines.firstIndex(where: { $0.productID == product.id }) else {
            let line = CartLine(product: product, quantity: quantity)
            lines.append(line)
            return line
        }
        let total = lines[index].quantity + quantity
        guard Self.quantityRange.contains(total) else { throw .invalidQuantity(total) }
        lines[index] = CartLine(product: product, quantity: total)
        return lines[index]
    }

    /// Sets the quantity of the line for `productID`.
    ///
    /// - Throws: `CartError.invalidQuantity` outside `quantityRange` (remove a line with `remove(_:)`);
    ///   `CartError.lineNotFound` when there is no such line.
    public mutating func setQuantity(_ quantity: Int, for productID: ProductID) throws(CartError) {
        guard Self.quantityRange.contains(quantity) else { throw .invalidQuantity(quantity) }
        guard let index = lines.firstIndex(where: { $0.productID == productID }) else {
            throw .lineNotFound(productID)
        }
        lines[index].quantity = quantity
    }

    /// Removes the line for `productID`.
    ///
    /// - Throws: `CartError.lineNotFound` when there is no such line.
    public mutating func remove(_ productID: ProductID) throws(CartError) {
        guard let index = lines.firstIndex(where: { $0.productID == productID }) else {
            throw .lineNotFound(productID)
        }
        lines.remove(at: index)
    }

    /// Takes ordered quantities out of the cart: each line loses the quantity ordered of its product, and goes when
    /// nothing is left. Products the cart does not have are ignored (so items added while checking out stay).
    public mutating func removeOrdered(_ ordered: [CartLine]) {
        removeOrdered(quantities: ordered.map { ($0.productID, $0.quantity) })
    }

    /// Takes ordered quantities out of the cart, given as product ids and quantities (an order's items); see
    /// `removeOrdered(_:)`.
    public mutating func removeOrdered(quantities ordered: [(productID: ProductID, quantity: Int)]) {
        for item in ordered {
            guard let index = lines.firstIndex(where: { $0.productID == item.productID }) else { continue }
            let left = lines[index].quantity - item.quantity
            if left >= Self.quantityRange.lowerBound {
                lines[index].quantity = left
            } else {
                lines.remove(at: index)
            }
        }
    }

    /// Whether the cart still has every product of `ordered` in at least the quantity given (what an order about
    /// to be sent takes out of it afterwards).
    public func holds(_ ordered: [(productID: ProductID, quantity: Int)]) -> Bool {
        ordered.allSatisfy { item in
            lines.contains { $0.productID == item.productID && $0.quantity >= item.quantity }
        }
    }

    /// Removes every line.
    public mutating func removeAll() {
        lines.removeAll()
    }

    /// Merges `incoming` lines into the cart, in order: a product the cart lacks becomes a new line; for a product
    /// it has, the quantities add up, capped at `quantityRange.upperBound` (99). A line in another currency than the
    /// cart, or with a quantity outside `quantityRange`, is skipped. An empty cart takes the first mergeable line's
    /// currency. Nothing is dropped silently: the report says what happened to every incoming line.
    public mutating func merge(_ incoming: [CartLine]) -> CartMergeReport {
        var entries: [CartMergeReport.Entry] = []
        for line in incoming {
            let outcome: CartMergeReport.Outcome
            if !Self.quantityRange.contains(line.quantity) {
                outcome = .skippedInvalidQuantity(line.quantity)
            } else if let currency, currency != line.unitPrice.currency {
                outcome = .skippedMixedCurrency(cart: currency, line: line.unitPrice.currency)
            } else if let index = lines.firstIndex(where: { $0.productID == line.productID }) {
                let requested = lines[index].quantity + line.quantity
                let kept = min(requested, Self.quantityRange.upperBound)
                lines[index].quantity = kept
                outcome = kept == requested ? .combined(quantity: kept) : .capped(requested: requested, kept: kept)
            } else {
                lines.append(line)
                outcome = .added(quantity: line.quantity)
            }
            entries.append(CartMergeReport.Entry(productID: line.productID, title: line.title, outcome: outcome))
        }
        return CartMergeReport(entries: entries)
    }

    private func checkCurrency(of price: Money) throws(CartError) {
        if let currency, currency != price.currency {
            throw .mixedCurrency(cart: currency, product: price.currency)
        }
    }
}
