import DesignSystem
import FeatureKit
import Foundation
import Logging
import SnapshotTestSupport
import TerminalUI
import TestSupport
import Testing

@testable import Lists

/// Every Lists screen in its states at the four layouts of every screen (80x24, 120x40, 40x12 without colour,
/// 120x40 with 256 colours), as text and style grids in `Snapshots/` (`<Screen>.<state>.<layout>.snap`). Changes
/// are stamped from `Self.start` (2026-01-01T12:00:00Z) and the folder's clock reads two hours later, so ages never
/// depend on today. The lists screen's subtitle is the folder's path, a new temporary directory each run: its row is
/// recorded as `‹lists folder›`. Re-record with `RECORD_SNAPSHOTS=1` (see DesignSystem/README.md, "Snapshot tests").
@MainActor
@Suite("Lists screen snapshots", .timeLimit(.minutes(2)))
struct ScreenSnapshotTests {
    /// 2026-01-01T12:00:00Z in milliseconds: the first stamp.
    nonisolated private static let start: Int64 = 1_767_268_800_000
    /// Two hours after `start`: the folder's "now".
    nonisolated private static let now = Date(timeIntervalSince1970: TimeInterval(start / 1_000 + 7_200))

    /// The catalog of the snapshots: `sku_100`… are "Product 0"… at 1.00 EUR, 2.00 EUR, …, except `sku_101`, which
    /// it does not know.
    private static func catalog() -> CatalogDouble {
        var answers: [String: CatalogDouble.Answer] = [:]
        for index in 0..<30 {
            answers["sku_\(100 + index)"] = .product(title: "Product \(index)", priceMinor: Int64(100 * (index + 1)))
        }
        answers["sku_101"] = .notFound
        return CatalogDouble(answers)
    }

    private func feature(_ folder: URL) -> ListsFeature {
        ListsFeature(
            makeFolder: { ListsFolder(url: folder, device: device("device-a"), now: { Self.now }) },
            productNames: Self.catalog().names(in: folder),
            logger: Logger(label: "test", handler: CapturingLogHandler()))
    }

    /// A stamp `minutes` after `start`.
    private func at(_ minutes: Int64) -> ChangeStamp {
        stamp(Self.start + minutes * 60_000)
    }

    /// A list `name` in `folder` with `count` items (every third done, every fourth with a note, quantities 1–3).
    @discardableResult
    private func makeList(in folder: URL, name: String, title: String, count: Int, longNotes: Bool = false) throws
        -> ListPackage
    {
        let package = try ListPackage.create(in: folder, name: name, title: title, stamp: at(0))
        let note =
            longNotes
            ? String(repeating: "the ripe ones from the market stall by the station, ", count: 3) : "ripe ones"
        for index in 0..<count {
            let minutes = Int64(index + 1)
            let item = try package.update {
                try $0.addItem(
                    productID: "sku_\(100 + index)", quantity: index % 3 + 1, note: index.isMultiple(of: 4) ? note : "",
                    stamp: at(minutes))
            }
            if index % 3 == 2 { try package.update { try $0.editItem(item.id, done: true, stamp: at(minutes)) } }
        }
        return package
    }

    /// The lines with the row showing the temporary folder's path (whole or cut short) replaced by a fixed label.
    private func masked(_ lines: [StyledLine], folder: URL) -> [StyledLine] {
        let path = folder.path
        return lines.map { line in
            let text = line.plainText
            let shown = text.hasSuffix("…") ? String(text.dropLast()) : text
            guard shown.count > 8, path.hasPrefix(shown) else { return line }
            return StyledLine("‹lists folder›", style: line.spans.first?.style ?? .plain)
        }
    }

    /// The lists screen: reading the folder, no lists, two lists, a list with a sync tool's conflict copy, typing a
    /// new list's title, retitling one and asking before a delete.
    enum OverviewState: String, CaseIterable, Sendable {
        case loading, empty, loaded, conflicts, creating, renaming, deleting
    }

    @Test("the lists screen", arguments: OverviewState.allCases, SnapshotLayout.everyScreen)
    func overview(state: OverviewState, layout: SnapshotLayout) async throws {
        try await withTemporaryDirectory { folder in
            if ![.loading, .empty].contains(state) {
                let party = try makeList(in: folder, name: "Party", title: "Party", count: 3)
                try makeList(in: folder, name: "weekly", title: "Weekly shop", count: 12)
                if state == .conflicts {
                    try put("{}", at: "manifest.sync-conflict-20261201-101500-ABCDEFG.json", in: party.directory)
                }
            }
            let feature = feature(folder)
            defer { feature.stop() }
            if state != .loading { await feature.start() }
            switch state {
            case .loading: break
            case .empty: try await waitUntil("the folder is read") { feature.hasLoaded }
            case .loaded, .creating, .renaming, .deleting:
                try await waitUntil("both lists are shown") { feature.summaries.count == 2 }
            case .conflicts:
                try await waitUntil("the copy is counted") { feature.summaries.contains { $0.conflictCount == 1 } }
            }
            let view = ListsView(viewModel: ListsViewModel(feature: feature), theme: .unicode)
            switch state {
            case .creating:
                for key in [KeyEvent(.character("n"))] + "Picnic".map({ KeyEvent(.character($0)) }) {
                    _ = view.handle(key)
                }
            case .renaming: _ = view.handle(KeyEvent(.character("r")))
            case .deleting: _ = view.handle(KeyEvent(.character("d")))
            default: break
            }
            expectSnapshot(
                of: masked(view.render(size: layout.size), folder: folder), named: "Lists.\(state.rawValue)",
                layout: layout)
        }
    }

    /// One list: opening, empty, a few items, and a long list with long notes.
    enum DetailState: String, CaseIterable, Sendable {
        case opening, empty, loaded, long, adding
    }

    @Test("a list", arguments: DetailState.allCases, SnapshotLayout.everyScreen)
    func detail(state: DetailState, layout: SnapshotLayout) async throws {
        try await withTemporaryDirectory { folder in
            let count = [DetailState.opening: 3, .empty: 0, .loaded: 5, .long: 30, .adding: 2][state] ?? 0
            try makeList(in: folder, name: "Party", title: "Party", count: count, longNotes: state == .long)
            let feature = feature(folder)
            defer { feature.stop() }
            if state != .opening {
                await feature.open("Party")
                try await waitUntil("the list is open with its products named") {
                    feature.openList != nil && feature.productLabels.count == count
                        && !feature.productLabels.values.contains(.notChecked)
                }
            }
            let view = ListDetailView(viewModel: ListDetailViewModel(feature: feature, name: "Party"), theme: .unicode)
            if state == .adding {
                for key in [KeyEvent(.character("a"))] + "sku_12".map({ KeyEvent(.character($0)) }) {
                    _ = view.handle(key)
                }
            }
            expectSnapshot(of: view.render(size: layout.size), named: "List.\(state.rawValue)", layout: layout)
        }
    }

    /// The conflict copies: none, and one list with a copy.
    enum ConflictState: String, CaseIterable, Sendable {
        case none, copies
    }

    @Test("the conflict copies", arguments: ConflictState.allCases, SnapshotLayout.everyScreen)
    func conflicts(state: ConflictState, layout: SnapshotLayout) async throws {
        try await withTemporaryDirectory { folder in
            let party = try makeList(in: folder, name: "Party", title: "Party", count: 2)
            if state == .copies {
                try put("{}", at: "manifest.sync-conflict-20261201-101500-ABCDEFG.json", in: party.directory)
            }
            let feature = feature(folder)
            defer { feature.stop() }
            await feature.start()
            try await waitUntil("the list is shown with its copies") {
                feature.summaries.first?.conflictCount == (state == .copies ? 1 : 0)
            }
            if state == .copies {
                try await waitUntil("the copy's details are read") { !feature.conflictCopies(of: "Party").isEmpty }
            }
            let view = ConflictsView(viewModel: ConflictsViewModel(feature: feature), theme: .unicode)
            expectSnapshot(of: view.render(size: layout.size), named: "Conflicts.\(state.rawValue)", layout: layout)
        }
    }

    /// Issue 29's contract: every destination of the entry has snapshots, each under the screen name given here.
    @Test("every destination of the entry has a snapshot in each of its states at the four layouts")
    func everyDestinationHasSnapshots() {
        let screens = [
            ListsEntry.listsPattern: "Lists", ListsEntry.listPattern: "List", ListsEntry.conflictsPattern: "Conflicts",
        ]
        expectSnapshotCoverage(feature: ListsEntry.name, destinations: ListsDestination.patterns, screens: screens)
    }
}
