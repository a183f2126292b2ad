import DesignSystem
import FeatureKit
import Observation
import TerminalUI

/// The conflicts screen's model: the lists with sync-tool conflict copies, and the person's choice for the
/// selected one. Nothing is removed until a choice is made.
@MainActor
@Observable
public final class ConflictsViewModel {
    /// The feature shown.
    public let feature: ListsFeature
    /// The selection and scroll position.
    public private(set) var listState = ListState()

    /// The model of `feature`'s conflicts.
    public init(feature: ListsFeature) {
        self.feature = feature
    }

    /// The lists that have copies.
    public var lists: [ListSummary] { feature.summaries.filter { $0.conflictCount > 0 } }

    /// One row per list: its title and count, then the copies' file names.
    public var rows: [ListRow] {
        lists.enumerated().map { index, summary in
            let copies = feature.conflictCopies(of: summary.name).map { ListsText.copyLine($0) }
            return ListRow(
                "\(summary.title ?? summary.name): \(ListsText.copies(summary.conflictCount))",
                subtitle: copies.joined(separator: "; "), isSelected: index == listState.selectedIndex)
        }
    }

    /// The selected list's name.
    public var selectedName: String? {
        lists.indices.contains(listState.selectedIndex) ? lists[listState.selectedIndex].name : nil
    }

    // MARK: - Intents

    /// What the conflicts screen asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Start watching the lists folder (the screen was opened).
        case load
        /// Move the selection; `visibleCount` rows fit on the screen.
        case move(ListState.Move, visibleCount: Int)
        /// Resolve the selected list's copies as `choice` says.
        case resolveSelected(ConflictChoice)
    }

    /// The screen's one entry point: does `intent`, starting (and owning) the task of what waits.
    ///
    /// - Returns: Whether it applied (a move that does not move, or resolving with no list selected, does not), and
    ///   the task reading the folder or writing the resolution (off the main actor; the notice says when it is
    ///   done).
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        let feature = feature
        switch intent {
        case .load:
            return .started(Task { await feature.start() })
        case .move(let move, let visibleCount):
            return listState.apply(move, itemCount: lists.count, visibleCount: visibleCount) ? .handled : .ignored
        case .resolveSelected(let choice):
            guard let selectedName else { return .ignored }
            feature.say("Resolving \(selectedName)\u{2026}", isError: false)
            return .started(Task { await feature.resolve(selectedName, choice) })
        }
    }
}

/// The console view of the conflict copies in the lists, found by the folder watcher as sync tools leave them.
///
/// Keys: ↑/↓ move; `m` merges the selected list's copies into it; `k` keeps the list and discards them; `t` takes
/// the copies instead.
@MainActor
public final class ConflictsView: TerminalView {
    /// The model rendered.
    public let viewModel: ConflictsViewModel
    /// The symbols to draw with.
    public let theme: Theme

    /// Creates the view.
    public init(viewModel: ConflictsViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
    }

    /// The screen's lines for `size`.
    public func render(size: TerminalSize) -> [StyledLine] {
        let notice = viewModel.feature.message.map { Notice($0.isError ? .error : .info, message: $0.text) }
        return ScreenScaffold(
            header: [Heading("Conflict copies")], notice: notice,
            body: .fill { room in
                let rows = self.viewModel.rows
                guard !rows.isEmpty else {
                    return EmptyState(title: "No conflict copies", message: "Sync tools left none in your lists.")
                        .render(width: room.columns, theme: self.theme)
                }
                return List(rows: rows, state: self.viewModel.listState, height: room.rows)
                    .render(width: room.columns, theme: self.theme)
            }, hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// Handles the screen's keys (see the type's documentation).
    public func handle(_ key: KeyEvent) -> KeyHandling {
        guard key.modifiers.isEmpty else { return .ignored }
        let intent: ConflictsViewModel.Intent
        switch key.key {
        case .up, .down, .pageUp, .pageDown, .home, .end:
            guard let move = ListState.Move(key) else { return .ignored }
            intent = .move(move, visibleCount: 5)
        case .character("m"): intent = .resolveSelected(.merge)
        case .character("k"): intent = .resolveSelected(.keepMine)
        case .character("t"): intent = .resolveSelected(.keepTheirs)
        default: return .ignored
        }
        return viewModel.send(intent).isHandled ? .handled : .ignored
    }

    /// The choices, when a list has copies.
    public var keyHelp: [KeyHelpItem] {
        guard viewModel.selectedName != nil else { return [] }
        return [
            KeyHelpItem(key: "↑↓", action: "move"), KeyHelpItem(key: "m", action: "merge"),
            KeyHelpItem(key: "k", action: "keep mine"), KeyHelpItem(key: "t", action: "keep theirs"),
        ]
    }
}
