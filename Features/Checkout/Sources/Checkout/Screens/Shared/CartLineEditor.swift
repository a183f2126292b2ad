import DesignSystem
import Models
import Observation
import TerminalUI

/// The selection and quantity editing that the Cart screen and the cart step of the checkout share: the list
/// state, the selected line, and `+`, `-` and remove on it through the cart feature.
@MainActor
@Observable
final class CartLineEditor {
    /// The selection and scroll position of the lines.
    var listState = ListState()
    /// The message of the last refused or failed change, or nil.
    private(set) var message: String?

    @ObservationIgnored private let feature: CartFeature
    @ObservationIgnored private let lines: @MainActor () -> [CartLine]
    @ObservationIgnored private let didChange: @MainActor () -> Void

    init(
        feature: CartFeature,
        lines: @escaping @MainActor () -> [CartLine],
        didChange: @escaping @MainActor () -> Void = {}
    ) {
        self.feature = feature
        self.lines = lines
        self.didChange = didChange
    }

    /// The selected line, or nil for an empty list.
    var selectedLine: CartLine? {
        let current = lines()
        guard !current.isEmpty else { return nil }
        return current[min(max(listState.selectedIndex, 0), current.count - 1)]
    }

    /// Moves the selection; returns whether there was a line to move to.
    @discardableResult
    func moveSelection(_ move: ListState.Move, visibleCount: Int) -> Bool {
        listState.apply(move, itemCount: lines().count, visibleCount: visibleCount)
    }

    /// An edit of the selected line.
    enum Edit: Hashable, Sendable {
        /// One more.
        case increase
        /// One fewer.
        case decrease
        /// Remove the line.
        case remove
    }

    /// Starts `edit` of the selected line in a task the editor owns, and returns it.
    @discardableResult
    func start(_ edit: Edit) -> Task<Void, Never> {
        Task {
            switch edit {
            case .increase: await increaseSelected()
            case .decrease: await decreaseSelected()
            case .remove: await removeSelected()
            }
        }
    }

    /// Adds one to the selected line's quantity (refused above 99, with a message).
    func increaseSelected() async {
        guard let line = selectedLine else { return }
        await apply { feature, id throws(CartError) in try await feature.setQuantity(line.quantity + 1, for: id) }
    }

    /// Takes one from the selected line's quantity; at 1 the line stays (remove it instead).
    func decreaseSelected() async {
        guard let line = selectedLine else { return }
        guard line.quantity > 1 else {
            message = "Press x to remove \(line.title) from the cart."
            return
        }
        await apply { feature, id throws(CartError) in try await feature.setQuantity(line.quantity - 1, for: id) }
    }

    /// Removes the selected line.
    func removeSelected() async {
        await apply { feature, id throws(CartError) in try await feature.remove(id) }
    }

    private func apply(
        _ change: @MainActor (CartFeature, ProductID) async throws(CartError) -> Void
    ) async {
        guard let line = selectedLine else { return }
        do throws(CartError) {
            try await change(feature, line.productID)
            message = nil
        } catch {
            message = error.description
        }
        listState.scrollToSelection(itemCount: lines().count, visibleCount: max(lines().count, 1))
        didChange()
    }
}
