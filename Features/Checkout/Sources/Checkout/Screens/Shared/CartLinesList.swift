import DesignSystem
import TerminalUI

/// The list of cart lines both cart screens show, and the keys that edit it.
enum CartLinesList {
    /// The hints for the editing keys (`CartKeys`, then the selection's `ScrollKeys`, the longest and plainest, which a
    /// narrow footer drops first), as `keyMap` binds them.
    static func editingHints(_ keyMap: KeyMap) -> [KeyHelpItem] {
        keyMap.help([CartKeys.increase, .decrease, .remove]) + [keyMap.selectionHelp()]
    }

    /// A list of `rows` with the selection of `state`, at most `height` lines.
    static func list(_ rows: [CartLineRow], state: ListState, height: Int) -> List {
        let listRows = rows.map { row in
            ListRow(
                row.title,
                subtitle: row.quantityText,
                accessory: row.status.map { .badge(Badge($0.label, tone: $0 == .outOfStock ? .danger : .warning)) }
                    ?? .text(row.lineTotal)
            )
        }
        return List(rows: listRows, state: state, height: max(height, 3), emptyMessage: "Your cart is empty")
    }

    /// The number of rows that fit in `height` lines (two lines each).
    static func visibleCount(height: Int) -> Int { max(height / 2, 1) }

    /// Handles the editing keys (`CartKeys` but checkout, then the selection's `ScrollKeys`) on the editor, which
    /// starts the change in a task of its own; `.ignored` for other keys.
    @MainActor
    static func handle(_ key: KeyEvent, keyMap: KeyMap, editor: CartLineEditor, visibleCount: Int) -> KeyHandling {
        switch keyMap.action(CartKeys.self, for: key) {
        case .increase: editor.start(.increase)
        case .decrease: editor.start(.decrease)
        case .remove: editor.start(.remove)
        case .checkout, nil:
            guard let move = keyMap.action(ScrollKeys.self, for: key)?.listMove else { return .ignored }
            return editor.moveSelection(move, visibleCount: visibleCount) ? .handled : .ignored
        }
        return .handled
    }
}
