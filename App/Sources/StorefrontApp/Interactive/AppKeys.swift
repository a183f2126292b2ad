import DesignSystem
import FeatureKit
import TerminalUI

/// The keys of the full-screen app that belong to no screen, and the help that lists every key. The tabs and the
/// shortcuts are the entries' declarations (`FeatureRegistry.tabs`, `.shortcuts`): the first nine tabs get the digit
/// keys in order, a tab past the ninth gets none.
struct AppKeys {
    /// What a global key does.
    enum Command: Hashable {
        /// Leave the app.
        case quit
        /// Show the help.
        case help
        /// Show the tab at this index.
        case select(Int)
        /// Show the next (1) or previous (-1) tab.
        case nextTab(Int)
        /// Go back one screen.
        case back
        /// Open an entry's screen (a shortcut).
        case open(Route)
    }

    /// The most tabs that get a digit key.
    static let digitTabs = 9

    /// The tabs' titles, in order.
    let tabTitles: [String]
    /// The entries' shortcuts.
    let shortcuts: [EntryShortcut]

    /// The number of tabs with a digit key.
    private var digitCount: Int { min(tabTitles.count, Self.digitTabs) }

    /// The tab index of a digit key (`1` is the first tab), when that tab exists and has a digit.
    private func tabIndex(of key: Key) -> Int? {
        guard case .character(let character) = key, let digit = character.wholeNumberValue, character.isASCII,
            (1...digitCount).contains(digit)
        else { return nil }
        return digit - 1
    }

    /// Keys that work on every screen, even one that is typing text: Alt and a tab's digit, and F1.
    func beforeScreen(_ key: KeyEvent) -> Command? {
        if key.modifiers == .option, let index = tabIndex(of: key.key) {
            return .select(index)
        }
        if key.key == .function(1), key.modifiers.isEmpty {
            return .help
        }
        return nil
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
    func afterScreen(_ key: KeyEvent) -> Command? {
        if key.key == .tab {
            return key.modifiers.contains(.shift) ? .nextTab(-1) : .nextTab(1)
        }
        guard key.modifiers.isEmpty else { return nil }
        if let index = tabIndex(of: key.key) {
            return .select(index)
        }
        switch key.key {
        case .character("q"): return .quit
        case .character("?"): return .help
        case .character(let character):
            return shortcuts.first { $0.key == character }.map { .open($0.route) }
        case .right: return .nextTab(1)
        case .left: return .nextTab(-1)
        case .escape: return .back
        default: return nil
        }
    }

    /// The shell's own keys that work where the user is: while a text field has the focus only those that are
    /// never typed; otherwise the shell's keys the screen does not use itself (the screen's own meaning wins).
    func help(screenKeys: [KeyHelpItem], isEditingText: Bool) -> [KeyHelpItem] {
        let titles = tabTitles.prefix(digitCount).joined(separator: ", ")
        var always: [KeyHelpItem] = []
        if digitCount > 0 {
            always.append(KeyHelpItem(key: digitCount == 1 ? "alt-1" : "alt-1 … alt-\(digitCount)", action: titles))
        }
        always += [
            KeyHelpItem(key: "tab / shift-tab", action: "next / previous tab"),
            KeyHelpItem(key: "F1", action: "this help"),
            KeyHelpItem(key: "ctrl-c", action: "quit"),
        ]
        guard !isEditingText else { return always }
        let taken = Set(screenKeys.flatMap { $0.key.split(separator: " ").map(String.init) } + screenKeys.map(\.key))
        var shell: [KeyHelpItem] = []
        if digitCount > 0 {
            shell.append(KeyHelpItem(key: (1...digitCount).map(String.init).joined(separator: " "), action: titles))
        }
        shell += [
            KeyHelpItem(key: "← →", action: "previous / next tab")
        ]
        shell += shortcuts.map { KeyHelpItem(key: String($0.key), action: $0.title) }
        shell += [
            KeyHelpItem(key: "esc", action: "back"),
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
        keys appKeys: AppKeys, screenKeys: [KeyHelpItem], contributed: [KeyHelpItem], isEditingText: Bool,
        width: Int, theme: Theme
    ) -> [StyledLine] {
        var components: [any Component] = [Heading("Keys", subtitle: "Press any key to close this help.")]
        let sections: [(String, [KeyHelpItem])] = [
            ("On this screen", screenKeys + contributed),
            (
                isEditingText ? "While typing" : "Everywhere",
                appKeys.help(screenKeys: screenKeys, isEditingText: isEditingText)
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
