import DesignSystem
import FeatureKit
import Foundation
import Observation
import TerminalUI

/// The lists screen's model: the lists as ready-to-show rows, the selection, and what Enter and `c` do.
@MainActor
@Observable
public final class ListsViewModel {
    /// The feature shown.
    public let feature: ListsFeature
    /// The selection and scroll position.
    public private(set) var listState = ListState()
    /// Opens a list (set by the entry).
    @ObservationIgnored public var onOpen: (@MainActor (String) -> Void)?
    /// Opens the conflicts screen (set by the entry).
    @ObservationIgnored public var onOpenConflicts: (@MainActor () -> Void)?

    /// What the screen is doing besides showing the lists: typing a title, or asking before a delete.
    public enum Mode: Hashable, Sendable {
        /// Showing the lists.
        case browsing
        /// Typing the title of a new list.
        case creating(TextFieldState)
        /// Typing a new title for list `name`.
        case renaming(name: String, TextFieldState)
        /// Asking whether to delete list `name` (`y` deletes, any other key keeps it).
        case confirmingDelete(name: String)
    }

    /// What the screen is doing now.
    public private(set) var mode = Mode.browsing

    /// The most a title holds here (what `lists new` accepts is checked again when it is written).
    nonisolated static let titleLength = 200

    /// The model of `feature`'s lists.
    public init(feature: ListsFeature) {
        self.feature = feature
    }

    /// `Lists` with the folder under it.
    public var subtitle: String? { feature.folder.map { $0.url.path } }

    /// One row per list: the title (with the folder name beside a title other lists have too), then items, last
    /// change and conflict copies.
    public var rows: [ListRow] {
        let now = feature.folder?.now() ?? Date()
        let duplicates = ListsText.duplicateTitles(feature.summaries)
        return feature.summaries.enumerated().map { index, summary in
            let line = ListsText.summaryLine(summary, now: now)
            let title = ListsText.displayTitle(summary, duplicates: duplicates)
            let detail = line.components(separatedBy: " — ").dropFirst().joined(separator: " — ")
            return ListRow(
                title, subtitle: summary.problem ?? detail,
                accessory: summary.conflictCount > 0
                    ? .badge(Badge(ListsText.copies(summary.conflictCount), tone: .warning)) : nil,
                isSelected: index == listState.selectedIndex)
        }
    }

    /// Conflict copies in every list.
    public var conflictCount: Int { feature.summaries.reduce(0) { $0 + $1.conflictCount } }

    /// The notice: why the folder cannot be used, or the last message.
    public var notice: Notice? {
        if let failure = feature.failure { return Notice(.error, message: "Lists cannot be used: \(failure)") }
        if conflictCount > 0 {
            return Notice(
                .warning, message: "Sync tools left \(ListsText.copies(conflictCount)).",
                actionHint: "Press c to resolve")
        }
        return feature.message.map { Notice($0.isError ? .error : .info, message: $0.text) }
    }

    /// The selected list's name.
    public var selectedName: String? {
        feature.summaries.indices.contains(listState.selectedIndex)
            ? feature.summaries[listState.selectedIndex].name : nil
    }

    // MARK: - Intents

    /// What the lists screen asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Start watching the lists folder (the screen was opened).
        case load
        /// Move the selection; `visibleCount` rows fit on the screen.
        case move(ListState.Move, visibleCount: Int)
        /// Open the selected list.
        case openSelected
        /// Open the conflicts screen (when a list has copies).
        case openConflicts
        /// Start typing a new list's title.
        case beginCreate
        /// Start typing a new title for the selected list.
        case beginRename
        /// Ask whether to delete the selected list.
        case beginDelete
        /// A key while typing a title (edits the field).
        case edit(KeyEvent)
        /// Create or retitle with the typed title, or delete the list asked about.
        case confirm
        /// Leave typing or asking without a change.
        case cancel
    }

    /// The screen's one entry point: does `intent`, starting (and owning) the task of what waits.
    ///
    /// - Returns: Whether it applied (a move that does not move, opening with nothing selected or the conflicts with
    ///   none, does not), and the task reading the folder for `.load`.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .load:
            let feature = feature
            return .started(Task { await feature.start() })
        case .move(let move, let visibleCount):
            let moved = listState.apply(move, itemCount: feature.summaries.count, visibleCount: visibleCount)
            return moved ? .handled : .ignored
        case .openSelected:
            guard let selectedName, let onOpen else { return .ignored }
            onOpen(selectedName)
            return .handled
        case .openConflicts:
            guard conflictCount > 0, let onOpenConflicts else { return .ignored }
            onOpenConflicts()
            return .handled
        case .beginCreate:
            guard mode == .browsing, canCreate else { return .ignored }
            mode = .creating(TextFieldState(maximumLength: Self.titleLength))
            return .handled
        case .beginRename:
            guard mode == .browsing, let summary = selectedSummary else { return .ignored }
            let field = TextFieldState(text: summary.title ?? summary.name, maximumLength: Self.titleLength)
            mode = .renaming(name: summary.name, field)
            return .handled
        case .beginDelete:
            guard mode == .browsing, let selectedName else { return .ignored }
            mode = .confirmingDelete(name: selectedName)
            return .handled
        case .edit(let key):
            switch mode {
            case .creating(var field):
                let handling = field.handle(key)
                mode = .creating(field)
                return handling == .handled ? .handled : .ignored
            case .renaming(let name, var field):
                let handling = field.handle(key)
                mode = .renaming(name: name, field)
                return handling == .handled ? .handled : .ignored
            case .browsing, .confirmingDelete: return .ignored
            }
        case .confirm:
            return confirm()
        case .cancel:
            guard mode != .browsing else { return .ignored }
            mode = .browsing
            return .handled
        }
    }

    /// Whether a list can be created now: the folder was read and can be used.
    public var canCreate: Bool { feature.hasLoaded && feature.failure == nil }

    /// The list selected, when there is one.
    private var selectedSummary: ListSummary? {
        feature.summaries.indices.contains(listState.selectedIndex) ? feature.summaries[listState.selectedIndex] : nil
    }

    /// Creates, retitles or deletes as the mode says (a blank title does nothing and keeps typing).
    private func confirm() -> IntentOutcome {
        let feature = feature
        switch mode {
        case .browsing: return .ignored
        case .creating(let field):
            let title = field.text.trimmingCharacters(in: .whitespaces)
            guard !title.isEmpty else { return .ignored }
            mode = .browsing
            return .started(Task { await feature.create(title: title) })
        case .renaming(let name, let field):
            let title = field.text.trimmingCharacters(in: .whitespaces)
            guard !title.isEmpty else { return .ignored }
            mode = .browsing
            return .started(Task { await feature.rename(name, to: title) })
        case .confirmingDelete(let name):
            mode = .browsing
            return .started(Task { await feature.delete(name) })
        }
    }
}
