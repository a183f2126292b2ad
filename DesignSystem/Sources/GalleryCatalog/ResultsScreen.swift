import DesignSystem
import Observation
import TerminalUI

/// A full screen of search results to filter: a title line with the screen size, a
/// `FilterList` over synthetic rows, and a footer. What `gallery --results N` shows, what the frame latency
/// benchmark drives through a pseudo-terminal, and what the resize test compares.
///
/// Keys: `/` starts typing a filter (then text edits it, Enter keeps it, Escape clears it); Up, Down, Page Up,
/// Page Down, Home and End move the selection; Escape clears a filter. Mouse: a click on a row selects it, on the
/// filter line starts typing, and the wheel moves the selection. Every other key (`q` when not typing) is left to
/// the program.
@MainActor
@Observable
public final class ResultsScreen: TerminalView {
    /// The filter, its matches and the selection.
    public private(set) var filter: ListFilter

    @ObservationIgnored private let rows: [ListRow]
    @ObservationIgnored private let theme: Theme
    // The filter list as last drawn, for the page size and hit-testing. Not observed: rendering writes it.
    @ObservationIgnored private var lastLayout: FilterList.Layout?

    /// The line of the screen the filter list starts on.
    static let listTop = 1

    /// Creates the screen over `rowCount` synthetic results (`GalleryCatalog.syntheticResults(count:)`).
    public init(rowCount: Int, theme: Theme) {
        let rows = GalleryCatalog.syntheticResults(count: rowCount)
        self.rows = rows
        self.theme = theme
        self.filter = ListFilter(texts: rows.map(\.title))
    }

    /// The title line, the filter list and the footer, for the screen size.
    public func render(size: TerminalSize) -> [StyledLine] {
        let width = size.columns
        let title =
            StyledLine("Results", style: .text(.title))
            + StyledLine(" · \(size.columns)×\(size.rows)", style: .text(.caption))
        let footer = KeyHints(keyHelp).render(width: width, theme: theme)
        let listHeight = max(size.rows - Self.listTop - footer.count, 1)
        let layout = FilterList(rows: rows, filter: filter, height: listHeight).layout(width: width, theme: theme)
        lastLayout = layout
        let filler = Array(repeating: StyledLine.empty, count: max(listHeight - layout.lines.count, 0))
        let lines = [title.truncated(toWidth: width, ellipsis: theme.symbols.ellipsis)] + layout.lines + filler + footer
        return Array(lines.prefix(size.rows))
    }

    /// Filters and moves the selection; `.ignored` for the keys the program has.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        if !filter.isEditing && key == .character("/") {
            filter.startEditing()
            return .handled
        }
        return filter.handle(key, visibleCount: lastLayout?.visibleCount ?? 1)
    }

    /// Clicks and the wheel over the list and the filter line.
    public func handleMouse(_ event: MouseEvent) -> KeyHandling {
        guard let lastLayout else { return .ignored }
        return filter.handle(event.translated(rows: Self.listTop), in: lastLayout)
    }

    /// The keys that work now.
    public var keyHelp: [KeyHelpItem] {
        if filter.isEditing {
            return [
                KeyHelpItem(key: "↑↓", action: "move"), KeyHelpItem(key: "enter", action: "keep filter"),
                KeyHelpItem(key: "esc", action: "clear"),
            ]
        }
        var items = [KeyHelpItem(key: "/", action: "filter"), KeyHelpItem(key: "↑↓", action: "move")]
        if filter.isFiltering { items.append(KeyHelpItem(key: "esc", action: "clear")) }
        items.append(KeyHelpItem(key: "q", action: "quit"))
        return items
    }

    /// Whether keys are typed into the filter.
    public var isEditingText: Bool { filter.isEditing }
}

extension GalleryCatalog {
    /// `count` search results made up from a few word lists, the same every time: titles in several scripts and
    /// with accents (so filtering folds them), prices, and a subtitle on every fifth row.
    public static func syntheticResults(count: Int) -> [ListRow] {
        let adjectives = ["Desk", "Café", "Floor", "Brass", "Crème", "Travel", "東京", "Garden", "Noise-free", "Wool"]
        let nouns = ["lamp", "mug", "shelf", "chair", "blanket", "guide", "kettle", "speaker", "pot", "rug"]
        return (0..<max(count, 0)).map { index in
            let title = "\(adjectives[index % 10]) \(nouns[(index / 10) % 10]) No. \(index + 1)"
            let cents = 499 + (index * 7_919) % 20_000
            let price = "€\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
            return ListRow(
                title, subtitle: index % 5 == 4 ? "Ships in \(index % 9 + 2) days" : nil, accessory: .text(price))
        }
    }
}
