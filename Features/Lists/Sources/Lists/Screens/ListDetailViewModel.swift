import DesignSystem
import Foundation
import Observation

/// One list's screen model: its items as rows, the selection, and the changes the keys make through the list's
/// content session.
@MainActor
@Observable
public final class ListDetailViewModel {
    /// The feature shown.
    public let feature: ListsFeature
    /// The list's name.
    public let name: String
    /// The selection and scroll position.
    public private(set) var listState = ListState()
    /// Puts the list's items in the cart (set by the entry).
    @ObservationIgnored public var onAddToCart: (@MainActor () -> Void)?

    /// The model of list `name`.
    public init(feature: ListsFeature, name: String) {
        self.feature = feature
        self.name = name
    }

    /// The list's state when it is open.
    public var state: ListSessionState? {
        feature.openList?.name == name ? feature.openList?.state : nil
    }

    /// The live items, oldest first.
    public var items: [ListItem] { state?.document.liveItems ?? [] }

    /// The title, or the name while loading.
    public var title: String { state?.document.manifest.title.value ?? name }

    /// One row per item: `sku_12 × 2`, the note, ticked off or not.
    public var rows: [ListRow] {
        items.enumerated().map { index, item in
            ListRow(
                "[\(item.done.value ? "x" : " ")] \(item.productID) × \(item.quantity.value)",
                subtitle: item.note.value.isEmpty ? nil : item.note.value, isSelected: index == listState.selectedIndex)
        }
    }

    /// The notice: deleted elsewhere, changes set aside, unreadable files, or the last message.
    public var notice: Notice? {
        guard let state else { return feature.message.map { Notice(.error, message: $0.text) } }
        if state.isDeleted {
            return Notice(
                .warning, message: "This list was deleted elsewhere.", actionHint: "Press s to save it as a copy")
        }
        if let conflict = state.conflicts.last {
            return Notice(
                .info,
                message: "Changed here and elsewhere at once: \(ListsText.conflictLine(conflict))"
                    + (state.conflicts.count > 1 ? " (and \(state.conflicts.count - 1) more)" : ""))
        }
        if let problem = state.problems.first {
            return Notice(.warning, message: "\(problem) (left as it is)")
        }
        return feature.message.map { Notice($0.isError ? .error : .info, message: $0.text) }
    }

    /// The selected item.
    public var selected: ListItem? {
        items.indices.contains(listState.selectedIndex) ? items[listState.selectedIndex] : nil
    }

    /// Moves the selection; false when it did not move.
    public func moveSelection(_ move: ListState.Move, visibleCount: Int) -> Bool {
        listState.apply(move, itemCount: items.count, visibleCount: visibleCount)
    }

    /// Ticks the selected item off, or unticks it.
    public func toggleDone() {
        guard let item = selected else { return }
        let done = !item.done.value
        Task { await feature.edit("Ticking off") { try $0.editItem(item.id, done: done, stamp: $1) } }
    }

    /// Changes the selected item's quantity by `delta` (within 1...9999).
    public func changeQuantity(by delta: Int) {
        guard let item = selected else { return }
        let quantity = min(max(item.quantity.value + delta, 1), 9999)
        guard quantity != item.quantity.value else { return }
        Task { await feature.edit("Changing the quantity") { try $0.editItem(item.id, quantity: quantity, stamp: $1) } }
    }

    /// Removes the selected item.
    public func removeSelected() {
        guard let item = selected else { return }
        Task { await feature.edit("Removing the item") { try $0.removeItem(item.id, stamp: $1) } }
    }

    /// Saves the list (deleted elsewhere) as a copy.
    public func saveCopy() {
        Task { await feature.saveOpenListAsCopy() }
    }

    /// Puts the items not ticked off in the cart.
    public func addToCart() {
        onAddToCart?()
    }
}
