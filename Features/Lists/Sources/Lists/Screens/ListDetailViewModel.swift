import DesignSystem
import FeatureKit
import Foundation
import Observation
import TerminalUI

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
    /// Puts the list's items not ticked off in the cart and returns once that is done (set by the entry).
    @ObservationIgnored public var onAddToCart: (@MainActor () async -> Void)?

    /// The product id being typed to add (`a`), or nil.
    public private(set) var adding: TextFieldState?

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

    /// One row per item: `Bananas · 1.99 EUR × 2` (the id marked unknown or not checked yet when the catalog has
    /// no name for it, see `ProductLabel`), the note, ticked off or not.
    public var rows: [ListRow] {
        items.enumerated().map { index, item in
            let product = (feature.productLabels[item.productID] ?? .notChecked).text(productID: item.productID)
            return ListRow(
                "[\(item.done.value ? "x" : " ")] \(product) × \(item.quantity.value)",
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

    // MARK: - Intents

    /// What the list's screen asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Open the list in a content session (the screen was opened).
        case load
        /// Move the selection; `visibleCount` rows fit on the screen.
        case move(ListState.Move, visibleCount: Int)
        /// Tick the selected item off, or untick it.
        case toggleDone
        /// Change the selected item's quantity by `delta` (kept within 1...9999).
        case changeQuantity(by: Int)
        /// Remove the selected item.
        case removeSelected
        /// Save the list, deleted elsewhere, as a copy.
        case saveCopy
        /// Put the items not ticked off in the cart.
        case addToCart
        /// Start typing a product id to add.
        case beginAdd
        /// A key while typing the product id.
        case editAdd(KeyEvent)
        /// Add the typed product (checked with the catalog first).
        case confirmAdd
        /// Leave typing without adding.
        case cancelAdd
    }

    /// The screen's one entry point: does `intent`, starting (and owning) the task of what waits.
    ///
    /// - Returns: Whether it applied (an item change with no item selected or on a list deleted elsewhere, a
    ///   quantity already at its limit, saving a list that was not deleted, the cart with nothing on the list, do
    ///   not), and the task writing the change.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        let feature = feature
        switch intent {
        case .load:
            let name = name
            return .started(Task { await feature.open(name) })
        case .move(let move, let visibleCount):
            return listState.apply(move, itemCount: items.count, visibleCount: visibleCount) ? .handled : .ignored
        case .toggleDone:
            guard let item = editableItem else { return .ignored }
            let done = !item.done.value
            return .started(
                Task { await feature.edit("Ticking off") { try $0.editItem(item.id, done: done, stamp: $1) } })
        case .changeQuantity(let delta):
            guard let item = editableItem else { return .ignored }
            let quantity = min(max(item.quantity.value + delta, 1), 9999)
            guard quantity != item.quantity.value else { return .ignored }
            return .started(
                Task {
                    await feature.edit("Changing the quantity") {
                        try $0.editItem(item.id, quantity: quantity, stamp: $1)
                    }
                })
        case .removeSelected:
            guard let item = editableItem else { return .ignored }
            return .started(Task { await feature.edit("Removing the item") { try $0.removeItem(item.id, stamp: $1) } })
        case .saveCopy:
            guard state?.isDeleted == true else { return .ignored }
            return .started(Task { await feature.saveOpenListAsCopy() })
        case .addToCart:
            guard !items.isEmpty, let onAddToCart else { return .ignored }
            return .started(Task { await onAddToCart() })
        case .beginAdd:
            guard adding == nil, state?.isDeleted == false else { return .ignored }
            adding = TextFieldState(maximumLength: 200)
            return .handled
        case .editAdd(let key):
            guard var field = adding else { return .ignored }
            let handling = field.handle(key)
            adding = field
            return handling == .handled ? .handled : .ignored
        case .confirmAdd:
            let id = adding?.text.trimmingCharacters(in: .whitespaces) ?? ""
            guard !id.isEmpty else { return .ignored }
            adding = nil
            return .started(Task { await feature.addToOpenList(productID: id) })
        case .cancelAdd:
            guard adding != nil else { return .ignored }
            adding = nil
            return .handled
        }
    }

    /// The selected item, when the list was not deleted elsewhere (its items can change).
    private var editableItem: ListItem? {
        guard state?.isDeleted == false else { return nil }
        return selected
    }
}
