import DesignSystem
import TerminalUI

/// The keys of the full-screen app that belong to no screen, and the help that lists every key.
enum AppKeys {
    /// What a global key does.
    enum Command: Hashable {
        /// Leave the app.
        case quit
        /// Show the help.
        case help
        /// Show a tab.
        case select(Tab)
        /// Show the next (1) or previous (-1) tab.
        case nextTab(Int)
        /// Show the Search tab.
        case search
        /// Go back one screen.
        case back
        /// Show who is signed in.
        case account
        /// Show the orders.
        case orders
    }

    /// Keys that work on every screen, even one that is typing text: Alt-1 to Alt-3 and F1.
    static func beforeScreen(_ key: KeyEvent) -> Command? {
        switch (key.key, key.modifiers) {
        case (.character("1"), .option): .select(.feed)
        case (.character("2"), .option): .select(.search)
        case (.character("3"), .option): .select(.cart)
        case (.function(1), []): .help
        default: nil
        }
    }

    /// The arrow a vi-style key stands for (`j` down, `k` up), offered to a screen that left the letter alone (one
    /// that is not typing text).
    static func arrow(for key: KeyEvent) -> KeyEvent? {
        guard key.modifiers.isEmpty else { return nil }
        switch key.key {
        case .character("j"): return KeyEvent(.down)
        case .character("k"): return KeyEvent(.up)
        default: return nil
        }
    }

    /// The shell's keys, for keys the screen left alone.
    static func afterScreen(_ key: KeyEvent) -> Command? {
        if key.key == .tab {
            return key.modifiers.contains(.shift) ? .nextTab(-1) : .nextTab(1)
        }
        guard key.modifiers.isEmpty else { return nil }
        switch key.key {
        case .character("q"): return .quit
        case .character("?"): return .help
        case .character("1"): return .select(.feed)
        case .character("2"): return .select(.search)
        case .character("3"): return .select(.cart)
        case .character("/"): return .search
        case .character("a"): return .account
        case .character("o"): return .orders
        case .right: return .nextTab(1)
        case .left: return .nextTab(-1)
        case .escape, .backspace: return .back
        default: return nil
        }
    }

    /// Every key, for the help screen.
    static let help: [(section: String, keys: [KeyHint])] = [
        (
            "Everywhere",
            [
                KeyHint(key: "1 2 3", action: "Feed, Search, Cart (Alt-1 to Alt-3 while typing)"),
                KeyHint(key: "tab / shift-tab, ← →", action: "next / previous tab"),
                KeyHint(key: "/", action: "search"),
                KeyHint(key: "esc, backspace", action: "back"),
                KeyHint(key: "a", action: "account: sign in, sign out"),
                KeyHint(key: "o", action: "your orders"),
                KeyHint(key: "? or F1", action: "this help (any key closes it)"),
                KeyHint(key: "q", action: "quit (ctrl-c too)"),
            ]
        ),
        (
            "Lists",
            [
                KeyHint(key: "↑ ↓ j k, pgup pgdn, home end", action: "move"),
                KeyHint(key: "enter", action: "open"),
            ]
        ),
        (
            "Feed",
            [
                KeyHint(key: "l", action: "like or unlike (asks you to sign in first)"),
                KeyHint(key: "p", action: "the product of the post"),
                KeyHint(key: "r", action: "refresh"),
            ]
        ),
        (
            "Search",
            [
                KeyHint(key: "type", action: "results update as you type"),
                KeyHint(key: "enter, ↓", action: "to the results"),
                KeyHint(key: "a", action: "add the selected product to the cart"),
                KeyHint(key: "esc", action: "clear the query"),
                KeyHint(key: "ctrl-r", action: "retry"),
            ]
        ),
        (
            "Cart and checkout",
            [
                KeyHint(key: "+ -, x", action: "quantity, remove"),
                KeyHint(key: "enter", action: "check out; next step"),
                KeyHint(key: "esc", action: "previous step or back"),
            ]
        ),
    ]
}

/// The help screen: every key, by section.
enum HelpScreen {
    /// The help's lines for `width`.
    static func lines(width: Int, theme: Theme) -> [StyledLine] {
        var components: [any Component] = [Heading("Keys", subtitle: "Press any key to close this help.")]
        for (section, keys) in AppKeys.help {
            components.append(Text(section, style: .heading))
            let keyWidth = keys.map { CellWidth.of($0.key) }.max() ?? 0
            for hint in keys {
                let padding = String(repeating: " ", count: max(keyWidth - CellWidth.of(hint.key), 0))
                components.append(Text("  " + hint.key + padding + "  " + hint.action))
            }
        }
        return components.flatMap { $0.render(width: width, theme: theme) }
    }
}
