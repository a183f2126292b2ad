import DesignSystem
import FeatureKit
import Foundation
import Observation

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
        }
    }
}
