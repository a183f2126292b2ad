import DesignSystem
import TerminalUI

/// The list of cart lines both cart screens show, and the keys that edit it.
enum CartLinesList {
    /// The hints for the editing keys.
    static let editingHints = [
        KeyHelpItem(key: "↑↓", action: "select"), KeyHelpItem(key: "+/-", action: "quantity"),
        KeyHelpItem(key: "x", action: "remove"),
    ]

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

    /// Handles the editing keys on the editor (which starts the change in a task of its own); `.ignored` for other
    /// keys.
    @MainActor
    static func handle(_ key: KeyEvent, editor: CartLineEditor, visibleCount: Int) -> KeyHandling {
        if key.isCharacter("+") || key.isCharacter("=") {
            editor.start(.increase)
        } else if key.isCharacter("-") {
            editor.start(.decrease)
        } else if key.isCharacter("x") || key.key == .delete {
            editor.start(.remove)
        } else {
            guard let move = ListState.Move(key) else { return .ignored }
            return editor.moveSelection(move, visibleCount: visibleCount) ? .handled : .ignored
        }
        return .handled
    }
}
