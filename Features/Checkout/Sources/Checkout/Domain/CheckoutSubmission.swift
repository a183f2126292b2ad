import Foundation
import Models

/// What one order submission asks for, in the terms that decide whether a later checkout is "the same order": the
/// products and quantities, the shipping address and option, and the payment choice (a card by brand and last four
/// digits, never its single-use token, so a card tokenized again is still the same choice).
public struct SubmissionBasis: Hashable, Sendable, Codable {
    /// One product and its quantity.
    public struct Item: Hashable, Sendable, Codable {
        /// The product's id.
        public let productID: String
        /// How many, 1 to 99.
        public let quantity: Int

        /// Creates an item.
        public init(productID: String, quantity: Int) {
            self.productID = productID
            self.quantity = quantity
        }

        private enum CodingKeys: String, CodingKey {
            case productID = "product_id"
            case quantity
        }
    }

    /// The products and quantities, sorted by product id.
    public let items: [Item]
    /// The normalized shipping address.
    public let address: ShippingAddress
    /// The shipping option's id.
    public let shippingOptionID: String
    /// The payment choice: `invoice`, or `card <brand> <last4>`.
    public let payment: String

    /// The basis of `request`, with `payment` naming the choice as `PaymentMethod.summary` would not change across
    /// tokenizations (`card visa 4242`).
    public init(request: OrderRequest, paymentChoice: String) {
        items = request.items.map { Item(productID: $0.productID.rawValue, quantity: $0.quantity) }
            .sorted { $0.productID < $1.productID }
        address = request.shippingAddress
        shippingOptionID = request.shippingOptionID
        payment = paymentChoice
    }

    /// The payment choice of `method` as a basis names it: `invoice`, or `card <brand> <last4>` for a card.
    public static func paymentChoice(of method: any PaymentMethod) -> String {
        if let card = method as? CardPayment { return "card \(card.brand) \(card.last4)" }
        return method.method
    }

    /// A short, stable digest of the basis: FNV-1a (64 bits, in hex) over its JSON with sorted keys. Equal bases
    /// have equal fingerprints; it detects changes, it is not a security measure.
    public var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonicalJSON.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The basis as JSON with sorted keys (what the fingerprint digests and the store keeps).
    public var canonicalJSON: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// What differs from `earlier`, in words for people ("the items", "the shipping address", "the shipping
    /// option", "the payment"); empty when nothing does.
    public func changes(since earlier: SubmissionBasis) -> [String] {
        var changed: [String] = []
        if items != earlier.items { changed.append("the items") }
        if address != earlier.address { changed.append("the shipping address") }
        if shippingOptionID != earlier.shippingOptionID { changed.append("the shipping option") }
        if payment != earlier.payment { changed.append("the payment") }
        return changed
    }

    private enum CodingKeys: String, CodingKey {
        case items
        case address
        case shippingOptionID = "shipping_option_id"
        case payment
    }
}

/// Where one submission stands, as the account's `checkout_submissions` table records it.
public enum SubmissionState: String, Hashable, Sendable, Codable {
    /// A process claimed it and is sending it (or died while doing so: see `CheckoutSubmission.ownerPID`).
    case pending
    /// It was sent and no answer said what happened: the order may exist. Reconciled by the next checkout.
    case unknown
    /// The server created the order (`CheckoutSubmission.orderID`).
    case placed
    /// The server answered that it did not create an order (a price change, missing stock, a rejection).
    case failed
    /// The user chose to start over while its outcome was unknown; kept as evidence (the order may still arrive).
    case abandoned

    /// Whether it is the account's open submission (at most one is).
    public var isOpen: Bool { self == .pending || self == .unknown }
}

/// One order submission of the account: its idempotency key (`clientID`, also the order's `client_id`), what it
/// orders, and where it stands.
public struct CheckoutSubmission: Hashable, Sendable {
    /// The idempotency key and `client_id` every attempt of this submission sends.
    public let clientID: String
    /// `basis.fingerprint` as stored.
    public let fingerprint: String
    /// What it orders.
    public let basis: SubmissionBasis
    /// Where it stands.
    public let state: SubmissionState
    /// The order the server created, once known.
    public let orderID: OrderID?
    /// The process that claimed it while it is pending.
    public let ownerPID: Int32?
    /// When it was first claimed.
    public let createdAt: Date
    /// When its state or owner last changed.
    public let updatedAt: Date

    /// Creates a submission value.
    public init(
        clientID: String, fingerprint: String, basis: SubmissionBasis, state: SubmissionState, orderID: OrderID?,
        ownerPID: Int32?, createdAt: Date, updatedAt: Date
    ) {
        self.clientID = clientID
        self.fingerprint = fingerprint
        self.basis = basis
        self.state = state
        self.orderID = orderID
        self.ownerPID = ownerPID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// The answer to claiming the account's one open submission.
public enum SubmissionClaim: Hashable, Sendable {
    /// No submission was open: this one is now, pending and owned by the caller. Send it.
    case claimed(CheckoutSubmission)
    /// An earlier submission's outcome is unknown (it was recorded so, or its claim was left by a process that is
    /// gone or older than the claim lifetime); the caller now owns it and must reconcile before anything is sent.
    case adopted(CheckoutSubmission)
    /// A live process holds the open submission; its claim lapses at `expiresAt` unless it finishes first.
    case heldElsewhere(CheckoutSubmission, expiresAt: Date)
    /// What the caller asked to send is already ordered: the submission it named was recorded placed, or the cart no
    /// longer holds its lines because a submission of the same order (same fingerprint) was recorded placed after
    /// the caller's flow read the cart. Nothing was claimed; report that submission's order.
    case alreadyPlaced(CheckoutSubmission)
    /// The cart no longer holds the lines the caller asked to send, and no placement of the same order since the
    /// flow read the cart explains it (the cart was changed elsewhere): nothing was claimed; review the cart again.
    case cartChanged
}

/// How many submissions of an account were recorded placed: a flow reads it before it reads the cart, so a claim can
/// tell a placement made after that (another run ordering the same cart) from an older one.
public struct PlacementMark: Hashable, Sendable, Comparable {
    /// The `placed_seq` of the latest placement recorded (0 when there is none).
    public let sequence: Int64

    /// Creates a mark.
    public init(sequence: Int64) {
        self.sequence = sequence
    }

    /// A mark no placement comes after: a claim that uses it counts no placement as explaining a changed cart.
    public static let unknown = PlacementMark(sequence: .max)

    /// Orders marks by their sequence.
    public static func < (lhs: PlacementMark, rhs: PlacementMark) -> Bool { lhs.sequence < rhs.sequence }
}

/// The flow that claims a submission: what a claim checks a new submission against.
public struct ClaimingFlow: Hashable, Sendable {
    /// The flow's id (its draft's key).
    public let flowID: String
    /// The placements recorded before the flow read the cart (`CheckoutSubmissionRepository.placementMark()`).
    public let cartReadAfter: PlacementMark

    /// Creates the value.
    public init(flowID: String, cartReadAfter: PlacementMark) {
        self.flowID = flowID
        self.cartReadAfter = cartReadAfter
    }
}

/// A submission's order, to be recorded with everything that follows from it in one transaction.
public struct PlacedOrderRecord: Hashable, Sendable {
    /// The submission (idempotency key).
    public let clientID: String
    /// The order the server created for it.
    public let orderID: OrderID
    /// The order's products and quantities: what leaves the cart.
    public let items: [SubmissionBasis.Item]
    /// The flow whose draft retires with it, or nil (the drafts carrying `clientID` are deleted either way).
    public let flowID: String?

    /// Creates the record of `order`, placed as `clientID`, from the flow `flowID`.
    public init(order: Order, clientID: String, flowID: String?) {
        self.clientID = clientID
        orderID = order.id
        items = order.items.map { SubmissionBasis.Item(productID: $0.productID.rawValue, quantity: $0.quantity) }
        self.flowID = flowID
    }
}

/// Why the submission store could not be used.
public enum SubmissionStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The account database cannot be opened, read or written; the reason is for diagnostics.
    case unavailable(reason: String)

    /// One sentence for the user.
    public var description: String {
        "This device could not record the order's submission, so nothing was sent."
    }
}
