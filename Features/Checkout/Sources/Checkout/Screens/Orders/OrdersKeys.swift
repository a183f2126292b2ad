import DesignSystem
import TerminalUI

/// The keys of the order history and of one order's screen; `ScrollKeys` move the history's selection.
public enum OrdersKeys: String, KeyActionSet {
    /// Open the selected order (the history).
    case open
    /// Load the orders, or the order, again.
    case refresh

    /// `orders`.
    public static let scope = "orders"

    /// Enter, `r`.
    public var defaultKeys: [KeyChord] {
        switch self {
        case .open: ["enter"]
        case .refresh: ["r"]
        }
    }

    /// What each does.
    public var help: String {
        switch self {
        case .open: "open"
        case .refresh: "refresh"
        }
    }
}
