import FeatureKit
import Models

/// Why a cart operation was refused or failed. Every message names the value concerned and is fit to show.
public enum CartError: Error, Hashable, Sendable {
    /// A quantity outside `Cart.quantityRange` (1 to 99) was asked for; the cart is unchanged.
    case invalidQuantity(Int)
    /// The product is priced in another currency than the cart's lines; a cart holds one currency.
    case mixedCurrency(cart: Currency, product: Currency)
    /// The cart has no line for the product.
    case lineNotFound(ProductID)
    /// The product is out of stock (as its summary says), so it was not added; the cart is unchanged.
    case outOfStock(title: String)
    /// A subtotal does not fit in `Int64` minor units.
    case amountOverflow
    /// The cart's store cannot be opened or written (a corrupt file, a newer schema, a full disk); the reason is
    /// for diagnostics, and `diskFull` names the file when a full disk is the cause. The cart on disk is left as it
    /// is.
    case storeUnavailable(reason: String, diskFull: DiskFull? = nil)
}

extension CartError: CustomStringConvertible {
    /// One sentence for the user.
    public var description: String {
        switch self {
        case .invalidQuantity(let quantity):
            return "A quantity must be between \(Cart.quantityRange.lowerBound) and "
                + "\(Cart.quantityRange.upperBound) (not \(quantity))."
        case .mixedCurrency(let cart, let product):
            return "This product is priced in \(product.code), but the cart is in \(cart.code); "
                + "a cart holds one currency."
        case .lineNotFound(let productID):
            return "The cart has no product \(productID)."
        case .outOfStock(let title):
            return "\u{201C}\(title)\u{201D} is out of stock, so it wasn't added to the cart."
        case .amountOverflow:
            return "The amount is too large to compute."
        case .storeUnavailable(_, let full?):
            return full.sentence
        case .storeUnavailable:
            return "The cart could not be opened on this device."
        }
    }
}
