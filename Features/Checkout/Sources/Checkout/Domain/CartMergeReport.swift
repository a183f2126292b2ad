import Models

/// What merging lines into a cart did with each incoming line (see `Cart.merge(_:)`), for the App to tell the user
/// after sign-in ("2 items were added to your cart; Lamp was capped at 99").
public struct CartMergeReport: Hashable, Sendable {
    /// What happened to one incoming line.
    public enum Outcome: Hashable, Sendable {
        /// The cart had no line for the product; the line was added with `quantity`.
        case added(quantity: Int)
        /// The cart had the product; its quantity is now `quantity`, the two added up.
        case combined(quantity: Int)
        /// The quantities added up to `requested`, more than 99; the line keeps `kept` (99).
        case capped(requested: Int, kept: Int)
        /// The line is in another currency than the cart and was left out.
        case skippedMixedCurrency(cart: Currency, line: Currency)
        /// The line's quantity is outside 1 to 99 and it was left out.
        case skippedInvalidQuantity(Int)
    }

    /// One incoming line and its outcome.
    public struct Entry: Hashable, Sendable {
        /// The product.
        public let productID: ProductID
        /// The product's title, for messages.
        public let title: String
        /// What happened to it.
        public let outcome: Outcome

        /// Creates an entry.
        public init(productID: ProductID, title: String, outcome: Outcome) {
            self.productID = productID
            self.title = title
            self.outcome = outcome
        }
    }

    /// One entry per incoming line, in the order given.
    public let entries: [Entry]

    /// Creates a report.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The entries whose quantity was capped at 99.
    public var capped: [Entry] {
        entries.filter { if case .capped = $0.outcome { true } else { false } }
    }

    /// The entries that were left out.
    public var skipped: [Entry] {
        entries.filter {
            switch $0.outcome {
            case .skippedMixedCurrency, .skippedInvalidQuantity: true
            default: false
            }
        }
    }

    /// Whether every incoming line went into the cart whole.
    public var isComplete: Bool { capped.isEmpty && skipped.isEmpty }

    /// One sentence per entry that did not go in whole, such as `"Lamp: capped at 99 (you had 120)."`; empty when
    /// everything was merged.
    public var messages: [String] {
        entries.compactMap { entry in
            switch entry.outcome {
            case .added, .combined:
                return nil
            case .capped(let requested, let kept):
                return "\(entry.title): capped at \(kept) (the carts held \(requested) together)."
            case .skippedMixedCurrency(let cart, let line):
                return "\(entry.title): left out, priced in \(line.code) while the cart is in \(cart.code)."
            case .skippedInvalidQuantity(let quantity):
                return "\(entry.title): left out, quantity \(quantity) is not between 1 and 99."
            }
        }
    }
}
