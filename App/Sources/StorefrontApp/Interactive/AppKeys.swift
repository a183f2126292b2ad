import DesignSystem
import FeatureKit
import TerminalUI

/// The actions of the full-screen app's own keys, declared once: what the App handles, what its help and footer
/// list, and what `keys.json` rebinds (`app.quit`).
enum AppKeyAction: String, KeyActionSet {
    case quit
    case help
    case back
    case nextTab = "next-tab"
    case previousTab = "previous-tab"
    /// `j`: what ↓ does, for a screen that left the letter alone (one that is not typing text).
    case viDown = "vi-down"
    /// `k`: what ↑ does.
    case viUp = "vi-up"
    case tab1 = "tab-1"
    case tab2 = "tab-2"
    case tab3 = "tab-3"
    case tab4 = "tab-4"
    case tab5 = "tab-5"
    case tab6 = "tab-6"
    case tab7 = "tab-7"
    case tab8 = "tab-8"
    case tab9 = "tab-9"

    static let scope = "app"

    var defaultKeys: [KeyChord] {
        switch self {
        case .quit: ["q"]
        case .help: ["?", "f1"]
        case .back: ["esc"]
        case .nextTab: ["tab", "right"]
        case .previousTab: ["shift-tab", "left"]
        case .viDown: ["j"]
        case .viUp: ["k"]
        default:
            tabIndex.map { [KeyChord(name: "\($0 + 1)"), KeyChord(name: "alt-\($0 + 1)")].compactMap { $0 } } ?? []
        }
    }

    var help: String {
        switch self {
        case .quit: "quit"
        case .help: "this help"
        case .back: "back"
        case .nextTab: "next tab"
        case .previousTab: "previous tab"
        case .viDown: "down (as ↓)"
        case .viUp: "up (as ↑)"
        default: "tab \((tabIndex ?? 0) + 1)"
        }
    }

    /// The tab a `tab-N` action shows (0 for `tab-1`), nil for the other actions.
    var tabIndex: Int? {
        guard rawValue.hasPrefix("tab-"), let number = Int(rawValue.dropFirst(4)) else { return nil }
        return number - 1
    }
}

/// The keys of the full-screen app that belong to no screen, and the help that lists every key. The actions are
/// `AppKeyAction` and the entries' shortcuts (`FeatureRegistry.shortcuts`, each an action `app.open-SCREEN`), on
/// the keys `keyMap` gives them; the first nine tabs get `tab-1`…`tab-9`, a tab past the ninth gets none.
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
    /// The keys of every action.
    var keyMap: KeyMap = .defaults

    /// The declarations of the App's own actions and of the entries' `shortcuts`, for `keys.json`.
    static func declarations(shortcuts: [EntryShortcut]) -> [KeyDeclaration] {
        AppKeyAction.declarations + ScrollKeys.declarations
            + shortcuts.map { shortcut in
                KeyDeclaration(
                    scope: AppKeyAction.scope, name: shortcutName(shortcut), defaultKeys: [shortcutChord(shortcut)],
                    help: shortcut.title)
            }
    }

    /// The action name of a shortcut: `app.open-SCREEN` (`app.open-orders`).
    static func shortcutName(_ shortcut: EntryShortcut) -> String {
        "\(AppKeyAction.scope).open-\(shortcut.route.screen)"
    }

    private static func shortcutChord(_ shortcut: EntryShortcut) -> KeyChord {
        KeyChord(.character(shortcut.key))
    }

    /// The keys that open `shortcut`.
    func keys(of shortcut: EntryShortcut) -> [KeyChord] {
        keyMap.keys(named: Self.shortcutName(shortcut), defaults: [Self.shortcutChord(shortcut)])
    }

    /// The number of tabs with a digit key.
    private var digitCount: Int { min(tabTitles.count, Self.digitTabs) }

    /// The App's action of `key`, leaving out tabs that do not exist.
    private func action(for key: KeyEvent) -> AppKeyAction? {
        guard let action = keyMap.action(AppKeyAction.self, for: key) else { return nil }
        if let index = action.tabIndex, index >= digitCount { return nil }
        return action
    }

    /// Keys that work on every screen, even one that is typing text: the App's keys that are never typed (with
    /// Alt, or a function key: Alt and a tab's digit, F1).
    func beforeScreen(_ key: KeyEvent) -> Command? {
        guard !Self.isTyped(KeyChord(key.key, modifiers: key.modifiers)), let action = action(for: key) else {
            return nil
        }
        return command(action)
    }

    /// Whether a text field would take `chord` as typing: anything but a function key or an Alt chord.
    private static func isTyped(_ chord: KeyChord) -> Bool {
        if case .function = chord.key { return false }
        return !chord.modifiers.contains(.option)
    }

    /// The arrow a vi-style key stands for (`j` down, `k` up), offered to a screen that left the letter alone (one
    /// that is not typing text).
    func arrow(for key: KeyEvent) -> KeyEvent? {
        switch action(for: key) {
        case .viDown: KeyEvent(.down)
        case .viUp: KeyEvent(.up)
        default: nil
        }
    }

    /// The shell's keys, for keys the screen left alone.
    func afterScreen(_ key: KeyEvent) -> Command? {
        // The keys that are never typed were the App's before the screen had them.
        guard Self.isTyped(KeyChord(key.key, modifiers: key.modifiers)) else { return nil }
        if let action = action(for: key) { return command(action) }
        return shortcuts.first { shortcut in keys(of: shortcut).contains { $0.matches(key) } }.map { .open($0.route) }
    }

    private func command(_ action: AppKeyAction) -> Command? {
        switch action {
        case .quit: .quit
        case .help: .help
        case .back: .back
        case .nextTab: .nextTab(1)
        case .previousTab: .nextTab(-1)
        case .viDown, .viUp: nil
        default: action.tabIndex.map { .select($0) }
        }
    }

    /// The shell's own keys that work where the user is: while a text field has the focus only those that are
    /// never typed; otherwise the shell's keys the screen does not use itself (the screen's own meaning wins).
    func help(screenKeys: [KeyHelpItem], isEditingText: Bool) -> [KeyHelpItem] {
        let taken = Set(screenKeys.flatMap { $0.key.components(separatedBy: " / ") })
        var rows: [KeyHelpItem] = []
        for action in AppKeyAction.allCases {
            if let index = action.tabIndex, index >= digitCount { continue }
            let keys = keyMap.keys(for: action).filter { chord in
                !(isEditingText && Self.isTyped(chord)) && !taken.contains(chord.label)
            }
            guard !keys.isEmpty else { continue }
            let text = action.tabIndex.map { tabTitles[$0] } ?? action.help
            rows.append(KeyHelpItem(key: keys.map(\.label).joined(separator: " / "), action: text))
        }
        if !isEditingText {
            for shortcut in shortcuts {
                let keys = keys(of: shortcut).filter { !taken.contains($0.label) }
                guard !keys.isEmpty else { continue }
                rows.append(KeyHelpItem(key: keys.map(\.label).joined(separator: " / "), action: shortcut.title))
            }
        }
        return rows + [KeyHelpItem(key: "ctrl-c", action: "quit")]
    }

    /// The footer's hints of the App's own keys: the tabs, back, the shortcuts shown in the key bar, help, quit.
    func footerHints(tabCount: Int) -> [KeyHint] {
        let first = keyMap.keys(for: AppKeyAction.tab1).first?.label ?? "1"
        let last = min(tabCount, Self.digitTabs)
        let lastKey = AppKeyAction.allCases.first { $0.tabIndex == last - 1 }.flatMap { keyMap.keys(for: $0).first }
        let tabs = last > 1 ? "\(first)-\(lastKey?.label ?? "\(last)")" : first
        return [KeyHint(key: tabs, action: "tabs"), primary(.back)]
            + shortcuts.filter(\.isInKeyBar).compactMap { shortcut in
                keys(of: shortcut).first.map { KeyHint(key: $0.label, action: shortcut.title) }
            } + [primary(.help), primary(.quit)]
    }

    /// The first key of `action` and its shortest text, for the footer.
    private func primary(_ action: AppKeyAction) -> KeyHint {
        let text = action == .help ? "help" : action.help
        return KeyHint(key: keyMap.keys(for: action).first?.label ?? "", action: text)
    }
}

/// The help screen: the keys of the screen the user is on (its own, then those other features add to it), then
/// the app's keys that work there; it scrolls when it is taller than the screen.
enum HelpScreen {
    /// The help's content for the screen the user is on.
    static func content(
        keys appKeys: AppKeys, screenKeys: [KeyHelpItem], contributed: [KeyHelpItem], isEditingText: Bool
    ) -> [any Component] {
        let scroll = ScrollKeys.help(in: appKeys.keyMap)
        var components: [any Component] = [
            Heading("Keys", subtitle: "\(scroll.key) scroll this help; any other key closes it.")
        ]
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
        return components
    }
}
