import TerminalUI

/// The filter of a `FilterList`: the typed text, the rows it matches and the selection among them, the state a view
/// model keeps next to its rows.
///
/// A row matches when its text contains the filter text, ignoring case and diacritics (`cafe` finds "Café crème",
/// `STRASSE` finds "Hauptstraße"), anywhere in it; the text is taken literally (no wildcard, `%` and `*` are
/// characters). Matches keep the rows' order, and each records where the text first occurs, for the row to
/// highlight. An empty filter matches every row.
///
/// Keys, through `handle(_:visibleCount:)`:
/// - while editing (after `startEditing()`, which a screen binds to a key of its own such as `/`): text and the
///   readline keys of `TextFieldState` edit the filter and the matches follow at once; Up, Down, Page Up and
///   Page Down move the selection; Enter stops editing and keeps the filter; Escape clears it and stops editing;
/// - otherwise: the navigation keys of `ListState` move the selection, and Escape clears a filter that is set
///   (with none set it is `.ignored`, so the screen can go back).
///
/// The rows' texts are folded once, in `init(texts:)` and `setTexts(_:)`; each edit of the filter then costs a
/// search of the folded bytes, so filtering 10,000 rows keeps up with typing (`FrameLatencyBenchmarks`).
public struct ListFilter: Equatable, Sendable {
    /// One row the filter matches.
    public struct Match: Hashable, Sendable {
        /// The row's index among the texts.
        public var row: Int
        /// The characters of its text the filter matched (empty for an empty filter).
        public var highlight: Range<Int>

        /// Creates a match.
        public init(row: Int, highlight: Range<Int>) {
            self.row = row
            self.highlight = highlight
        }
    }

    /// The filter text and its cursor.
    public private(set) var field: TextFieldState
    /// Whether keys are typed into the filter.
    public private(set) var isEditing = false
    /// The rows the filter matches, in the rows' order.
    public private(set) var matches: [Match] = []
    /// The selection among `matches` (its `selectedIndex` counts matches, not rows).
    public var selection = ListState()

    private var folded: [FoldedText] = []

    /// Creates a filter over the rows' texts, with nothing typed.
    ///
    /// - Parameter maximumLength: The most characters the filter takes (`TextFieldState(maximumLength:)`).
    public init(texts: [String], maximumLength: Int? = 200) {
        field = TextFieldState(maximumLength: maximumLength)
        setTexts(texts)
    }

    /// How many rows there are, matched or not.
    public var rowCount: Int { folded.count }

    /// The filter text.
    public var text: String { field.text }

    /// Whether a filter is set (some text typed), so that not every row may show.
    public var isFiltering: Bool { !field.isEmpty }

    /// The index among the texts of the selected row, or `nil` when nothing matches.
    public var selectedRow: Int? {
        matches.isEmpty ? nil : matches[min(max(selection.selectedIndex, 0), matches.count - 1)].row
    }

    /// Replaces the rows (new results arrived); the filter stays, and so does the selected row when it still
    /// matches (rows are known by index).
    public mutating func setTexts(_ texts: [String]) {
        var cache: [Character: [UInt8]] = [:]
        let selected = selectedRow
        folded = texts.map { FoldedText($0, cache: &cache) }
        refilter(keeping: selected)
    }

    /// Replaces the filter text (cut to the maximum length); the selection goes to the first match.
    public mutating func setText(_ text: String) {
        field.setText(text)
        refilter(keeping: nil)
    }

    /// Starts typing into the filter.
    public mutating func startEditing() {
        isEditing = true
    }

    /// Stops typing into the filter; the filter stays.
    public mutating func stopEditing() {
        isEditing = false
    }

    /// Empties the filter and stops editing; the selected row stays selected.
    public mutating func clear() {
        let selected = selectedRow
        field.setText("")
        isEditing = false
        refilter(keeping: selected)
    }

    /// Selects a row by its index among the texts.
    ///
    /// - Returns: Whether it matches the filter (otherwise the selection stays).
    @discardableResult
    public mutating func select(row: Int, visibleCount: Int) -> Bool {
        guard let index = matches.firstIndex(where: { $0.row == row }) else { return false }
        selection.selectedIndex = index
        selection.scrollToSelection(itemCount: matches.count, visibleCount: visibleCount)
        return true
    }

    /// Edits the filter or moves the selection for a key (see the type's documentation).
    ///
    /// - Parameter visibleCount: How many rows are in view (a page), as the last layout had them.
    /// - Returns: `.handled` when the key edited, moved, cleared or stopped editing; `.ignored` otherwise.
    public mutating func handle(_ key: KeyEvent, visibleCount: Int) -> KeyHandling {
        if key == KeyEvent(.escape) {
            guard isEditing || isFiltering else { return .ignored }
            clear()
            return .handled
        }
        if isEditing {
            switch (key.key, key.modifiers) {
            case (.enter, []):
                stopEditing()
                return .handled
            case (.up, []), (.down, []), (.pageUp, []), (.pageDown, []):
                return selection.handle(key, itemCount: matches.count, visibleCount: visibleCount)
            default:
                let before = field.text
                guard field.handle(key) == .handled else { return .ignored }
                if field.text != before { refilter(keeping: nil) }
                return .handled
            }
        }
        return selection.handle(key, itemCount: matches.count, visibleCount: visibleCount)
    }

    /// Handles a mouse report over a filter list drawn with `layout` (the position relative to its top left): a
    /// left press on the filter line starts editing; on the rows, what `ListState.handle(_:in:)` does.
    ///
    /// - Returns: `.handled` when the report did something; `.ignored` otherwise.
    public mutating func handle(_ event: MouseEvent, in layout: FilterList.Layout) -> KeyHandling {
        if event.row == 0, (0..<layout.list.width).contains(event.column), event.isPrimaryPress {
            startEditing()
            return .handled
        }
        return selection.handle(event.translated(rows: layout.listTop), in: layout.list)
    }

    // MARK: - Private

    /// Matches the rows against the filter text; selects `row` when it matches, else the first match.
    private mutating func refilter(keeping row: Int?) {
        let query = FoldedText.query(field.text)
        var next: [Match] = []
        next.reserveCapacity(query.isEmpty ? folded.count : min(folded.count, 1024))
        for (index, text) in folded.enumerated() {
            if let range = text.firstMatch(of: query) { next.append(Match(row: index, highlight: range)) }
        }
        matches = next
        let kept = row.flatMap { row in matches.firstIndex { $0.row == row } }
        selection = ListState(
            selectedIndex: kept ?? 0, firstVisibleIndex: kept == nil ? 0 : selection.firstVisibleIndex)
    }
}
