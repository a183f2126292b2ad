import DesignSystem
import TerminalUI

/// The keys that edit the cart's lines and check out, on the Cart screen and (except checking out) on the checkout's
/// cart step; `ScrollKeys` move the selection.
public enum CartKeys: String, KeyActionSet {
    /// One more of the selected line (at most 99).
    case increase
    /// One fewer of the selected line (a line at 1 stays; remove it instead).
    case decrease
    /// Remove the selected line.
    case remove
    /// Start checkout (the Cart screen only).
    case checkout

    /// `cart`.
    public static let scope = "cart"

    /// `+` or `=` (the unshifted `+` key), `-`, `x` or Delete, Enter.
    public var defaultKeys: [KeyChord] {
        switch self {
        case .increase: ["+", "="]
        case .decrease: ["-"]
        case .remove: ["x", "delete"]
        case .checkout: ["enter"]
        }
    }

    /// What each does.
    public var help: String {
        switch self {
        case .increase: "one more"
        case .decrease: "one fewer"
        case .remove: "remove"
        case .checkout: "checkout"
        }
    }
}
