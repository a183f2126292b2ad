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

    /// Keys that work on every screen, even one that is typing text: Alt-1 to Alt-4 and F1.
    static func beforeScreen(_ key: KeyEvent) -> Command? {
        switch (key.key, key.modifiers) {
        case (.character("1"), .option): .select(.feed)
        case (.character("2"), .option): .select(.search)
        case (.character("3"), .option): .select(.cart)
        case (.character("4"), .option): .select(.lists)
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
        case .character("4"): return .select(.lists)
        case .character("/"): return .search
        case .character("a"): return .account
        case .character("o"): return .orders
        case .right: return .nextTab(1)
        case .left: return .nextTab(-1)
        case .escape: return .back
        default: return nil
        }
    }

    /// The shell's own keys that work where the user is: while a text field has the focus only those that are
    /// never typed; otherwise the shell's keys the screen does not use itself (the screen's own meaning wins).
    static func help(screenKeys: [KeyHelpItem], isEditingText: Bool) -> [KeyHelpItem] {
        let always = [
            KeyHelpItem(key: "alt-1 … alt-4", action: "Feed, Search, Cart, Lists"),
            KeyHelpItem(key: "tab / shift-tab", action: "next / previous tab"),
            KeyHelpItem(key: "F1", action: "this help"),
            KeyHelpItem(key: "ctrl-c", action: "quit"),
        ]
        guard !isEditingText else { return always }
        let taken = Set(screenKeys.flatMap { $0.key.split(separator: " ").map(String.init) } + screenKeys.map(\.key))
        let shell = [
            KeyHelpItem(key: "1 2 3 4", action: "Feed, Search, Cart, Lists"),
            KeyHelpItem(key: "← →", action: "previous / next tab"),
            KeyHelpItem(key: "/", action: "search"),
            KeyHelpItem(key: "esc", action: "back"),
            KeyHelpItem(key: "a", action: "account: sign in, sign out"),
            KeyHelpItem(key: "o", action: "your orders"),
            KeyHelpItem(key: "?", action: "this help"),
            KeyHelpItem(key: "q", action: "quit"),
        ]
        return shell.filter { !taken.contains($0.key) } + always.filter { $0.key != "F1" }
            + [KeyHelpItem(key: "F1", action: "this help")]
    }
}

/// The help screen: the keys of the screen the user is on (its own, then those other features add to it), then
/// the app's keys that work there.
enum HelpScreen {
    /// The help's lines for `width`.
    static func lines(
        screenKeys: [KeyHelpItem], contributed: [KeyHelpItem], isEditingText: Bool, width: Int, theme: Theme
    ) -> [StyledLine] {
        var components: [any Component] = [Heading("Keys", subtitle: "Press any key to close this help.")]
        let sections: [(String, [KeyHelpItem])] = [
            ("On this screen", screenKeys + contributed),
            (
                isEditingText ? "While typing" : "Everywhere",
                AppKeys.help(screenKeys: screenKeys, isEditingText: isEditingText)
            ),
        ]
        for (section, keys) in sections where !keys.isEmpty {
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
