import DesignSystem
import TerminalUI

/// The key of the whole checkout flow: Backspace (a step that has no text to edit uses it for nothing), so a
/// Backspace meant for a field never leaves checkout. On a text field Backspace is the field's, deleting text.
public enum CheckoutKeys: String, KeyActionSet {
    /// Stay on the step (going back is Escape, or the key a step names).
    case stay

    /// `checkout`.
    public static let scope = "checkout"

    /// Backspace.
    public var defaultKeys: [KeyChord] { ["backspace"] }

    /// `stay (esc goes back)`.
    public var help: String { "stay (esc goes back)" }
}

/// The keys of the resume offer.
public enum ResumeDraftKeys: String, KeyActionSet {
    /// Resume the saved checkout.
    case resume
    /// Start a new checkout.
    case startOver = "start-over"
    /// Leave checkout.
    case leave

    /// `checkout.resume`.
    public static let scope = "checkout.resume"

    /// Enter or `r`, `n`, Escape.
    public var defaultKeys: [KeyChord] {
        switch self {
        case .resume: ["enter", "r"]
        case .startOver: ["n"]
        case .leave: ["esc"]
        }
    }

    /// What each does.
    public var help: String {
        switch self {
        case .resume: "resume"
        case .startOver: "start over"
        case .leave: "leave"
        }
    }
}

/// The keys of step 1, the cart (besides `CartKeys`' editing keys and the `ScrollKeys`, which move the selection).
public enum ReviewCartKeys: String, KeyActionSet {
    /// Go on to the address.
    case `continue`
    /// Cancel checkout.
    case cancel

    /// `checkout.cart`.
    public static let scope = "checkout.cart"

    /// Enter, Escape.
    public var defaultKeys: [KeyChord] {
        switch self {
        case .continue: ["enter"]
        case .cancel: ["esc"]
        }
    }

    /// What each does.
    public var help: String {
        switch self {
        case .continue: "continue"
        case .cancel: "cancel"
        }
    }
}

/// The keys of step 2, the address form; every other key is the focused text field's (typing, Backspace).
public enum ShippingAddressKeys: String, KeyActionSet {
    /// The next field.
    case nextField = "next-field"
    /// The previous field.
    case previousField = "previous-field"
    /// The next field, or continue from the last one.
    case advance
    /// Continue from any field.
    case `continue`
    /// Back to the cart.
    case back

    /// `checkout.address`.
    public static let scope = "checkout.address"

    /// Tab or ↓, Shift-Tab or ↑, Enter, Ctrl-S, Escape.
    public var defaultKeys: [KeyChord] {
        switch self {
        case .nextField: ["tab", "down"]
        case .previousField: ["shift-tab", "up"]
        case .advance: ["enter"]
        case .continue: ["ctrl-s"]
        case .back: ["esc"]
        }
    }

    /// What each does.
    public var help: String {
        switch self {
        case .nextField: "next field"
        case .previousField: "previous field"
        case .advance: "next field"
        case .continue: "continue"
        case .back: "back to the cart"
        }
    }
}

/// The keys of step 3, the shipping options (besides `ScrollKeys`' line up and down, which move the highlight).
public enum ShippingOptionKeys: String, KeyActionSet {
    /// Choose the highlighted option and continue.
    case choose
    /// Back to the address.
    case back

    /// `checkout.shipping`.
    public static let scope = "checkout.shipping"

    /// Enter, Escape.
    public var defaultKeys: [KeyChord] {
        switch self {
        case .choose: ["enter"]
        case .back: ["esc"]
        }
    }

    /// What each does.
    public var help: String {
        switch self {
        case .choose: "choose"
        case .back: "back"
        }
    }
}

/// The keys of step 4, the payment; on a card field every other key is the field's (typing, Backspace).
public enum PaymentKeys: String, KeyActionSet {
    /// Pay by card (on the methods).
    case card
    /// Pay by invoice (on the methods).
    case invoice
    /// The next of the methods and the card's fields.
    case next
    /// The previous of them.
    case previous
    /// Continue to the review.
    case `continue`
    /// Back to the shipping.
    case back

    /// `checkout.payment`.
    public static let scope = "checkout.payment"

    /// ↑, ↓, Tab, Shift-Tab, Enter, Escape.
    public var defaultKeys: [KeyChord] {
        switch self {
        case .card: ["up"]
        case .invoice: ["down"]
        case .next: ["tab"]
        case .previous: ["shift-tab"]
        case .continue: ["enter"]
        case .back: ["esc"]
        }
    }

    /// What each does.
    public var help: String {
        switch self {
        case .card: "card"
        case .invoice: "invoice"
        case .next: "next"
        case .previous: "previous"
        case .continue: "continue"
        case .back: "back"
        }
    }
}

/// The keys of step 5, the review.
public enum OrderReviewKeys: String, KeyActionSet {
    /// Place the order.
    case place
    /// Edit the cart.
    case editCart = "edit-cart"
    /// Edit the address.
    case editAddress = "edit-address"
    /// Edit the shipping.
    case editShipping = "edit-shipping"
    /// Edit the payment.
    case editPayment = "edit-payment"
    /// Back to the payment.
    case back

    /// `checkout.review`.
    public static let scope = "checkout.review"

    /// Enter, `c`, `a`, `s`, `p`, Escape.
    public var defaultKeys: [KeyChord] {
        switch self {
        case .place: ["enter"]
        case .editCart: ["c"]
        case .editAddress: ["a"]
        case .editShipping: ["s"]
        case .editPayment: ["p"]
        case .back: ["esc"]
        }
    }

    /// What each does.
    public var help: String {
        switch self {
        case .place: "place order"
        case .editCart: "edit cart"
        case .editAddress: "edit address"
        case .editShipping: "edit shipping"
        case .editPayment: "edit payment"
        case .back: "back"
        }
    }

    /// The step an edit action goes to; nil for the others.
    var step: CheckoutStep? {
        switch self {
        case .editCart: .reviewCart
        case .editAddress: .shippingAddress
        case .editShipping: .shippingOption
        case .editPayment: .payment
        case .place, .back: nil
        }
    }
}

/// The keys of step 6, sending the order.
public enum PlaceOrderKeys: String, KeyActionSet {
    /// Send the order, or try again.
    case send
    /// Start over when an earlier order's outcome is unknown.
    case startOver = "start-over"
    /// Back to the review.
    case back
    /// Leave checkout.
    case leave

    /// `checkout.place`.
    public static let scope = "checkout.place"

    /// Enter or `r`, `o`, Escape, `q`.
    public var defaultKeys: [KeyChord] {
        switch self {
        case .send: ["enter", "r"]
        case .startOver: ["o"]
        case .back: ["esc"]
        case .leave: ["q"]
        }
    }

    /// What each does.
    public var help: String {
        switch self {
        case .send: "send"
        case .startOver: "start over"
        case .back: "back to review"
        case .leave: "leave"
        }
    }
}

extension CheckoutKeys {
    /// Every action of the flow and its steps, for the entry's descriptor.
    static var flowDeclarations: [KeyDeclaration] {
        CheckoutKeys.declarations + ResumeDraftKeys.declarations + ReviewCartKeys.declarations
            + ShippingAddressKeys.declarations + ShippingOptionKeys.declarations + PaymentKeys.declarations
            + OrderReviewKeys.declarations + PlaceOrderKeys.declarations
    }
}
