import TerminalUI

/// Which keys trigger which declared action: each action's default keys, except where `keys.json` rebinds it
/// (`KeyMapFile`).
///
/// A view asks `action(_:for:)` for the action of a key among its own set, and makes its help and footer with
/// `help(_:)`, so what it handles and what it lists come from one declaration.
public struct KeyMap: Sendable {
    /// The keys of the rebound actions, by action name; an action not here has its default keys.
    public let bindings: [String: [KeyChord]]

    /// The map with every action on its default keys.
    public static let defaults = KeyMap(bindings: [:])

    /// Creates a map that rebinds the actions named in `bindings`.
    public init(bindings: [String: [KeyChord]]) {
        self.bindings = bindings
    }

    /// The keys that trigger `action` now.
    public func keys<Action: KeyActionSet>(for action: Action) -> [KeyChord] {
        bindings[action.name] ?? action.defaultKeys
    }

    /// The keys of the action named `name` (one declared outside a `KeyActionSet`, such as an entry's shortcut)
    /// whose default keys are `defaults`.
    public func keys(named name: String, defaults: [KeyChord]) -> [KeyChord] {
        bindings[name] ?? defaults
    }

    /// The action of `Action` that `event` triggers, if any (the first in declaration order when several would).
    public func action<Action: KeyActionSet>(_ set: Action.Type, for event: KeyEvent) -> Action? {
        set.allCases.first { action in keys(for: action).contains { $0.matches(event) } }
    }

    /// The help row (and footer hint) of `action`: its keys as the user reads them (`a / +`), and its help text.
    public func help<Action: KeyActionSet>(_ action: Action, as text: String? = nil) -> KeyHelpItem {
        KeyHelpItem(key: keys(for: action).map(\.label).joined(separator: " / "), action: text ?? action.help)
    }

    /// The help rows of `actions`, in order.
    public func help<Action: KeyActionSet>(_ actions: [Action]) -> [KeyHelpItem] {
        actions.map { help($0) }
    }
}
