import TerminalUI

/// A viewport of a fixed height over content that may be taller: the body of a detail screen.
///
/// The content is a column of elements (components, one below the other, `spacing` empty lines between them), or
/// lines drawn already (a picture). When it fits in `height` lines it is shown whole, as a `Stack` would show it.
/// When it does not, the view shows `height` lines from the state's offset and draws a scroll bar in its last
/// column (a track `│` with a thumb `┃`, `|` and `#` in ASCII): the thumb's length is the share of the content in
/// view and its place the position, at the very top only at the first line and at the very bottom only at the last.
/// The content is then laid out one column narrower, so nothing runs under the bar.
///
/// With a `focusedElement` and `state.revealsFocus`, the view scrolls as little as needed to show that element
/// (its top, when it is taller than the view). Rendering is pure: the position shown is worked out from the state
/// each time, and `layout(width:theme:)` says what it was, for the next move and for hit-testing.
///
/// ```
/// Order 1042 · placed 3 May           ┃
/// 2 × Desk lamp            €59.80     ┃
/// 1 × Lamp shade           €19.90     │
/// Delivery to 12 Rue …                │
/// ```
public struct ScrollView: Component {
    /// The elements, top to bottom.
    public var content: [any Component]
    /// The lines the view takes when the content is taller.
    public var height: Int
    /// The scroll position.
    public var state: ScrollState
    /// The element to keep in view while `state.revealsFocus`, by its index in `content`.
    public var focusedElement: Int?
    /// Empty lines between two elements.
    public var spacing: Int

    /// Creates a view over elements.
    public init(
        _ content: [any Component], height: Int, state: ScrollState, focusedElement: Int? = nil, spacing: Int = 0
    ) {
        self.content = content
        self.height = height
        self.state = state
        self.focusedElement = focusedElement
        self.spacing = spacing
    }

    /// Creates a view over lines drawn already (a picture's `styledLines`, a text laid out elsewhere); each line
    /// is clipped to the width.
    public init(lines: [StyledLine], height: Int, state: ScrollState) {
        self.init([DrawnLines(lines: lines)], height: height, state: state)
    }

    /// The lines in view, with the scroll bar when the content is taller than `height`.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        layout(width: width, theme: theme).lines
    }

    /// What the view shows at a width and where: the lines of `render(width:theme:)`, the position shown and
    /// where each element is, for `ScrollState`'s moves and for hit-testing.
    public func layout(width: Int, theme: Theme) -> Layout {
        guard width > 0, height > 0 else { return Layout(width: max(width, 0), viewportHeight: max(height, 0)) }
        var (lines, ranges) = stacked(width: width, theme: theme)
        var layout = Layout(width: width, viewportHeight: height)
        guard lines.count > height, width > 1 else {
            layout.lines = Array(lines.prefix(height))
            layout.contentHeight = lines.count
            layout.elementLines = ranges
            layout.contentWidth = width
            return layout
        }
        (lines, ranges) = stacked(width: width - 1, theme: theme)
        layout.contentHeight = lines.count
        layout.elementLines = ranges
        layout.contentWidth = width - 1
        layout.indicatorColumn = width - 1
        var offset = min(max(state.offset, 0), layout.maximumOffset)
        if state.revealsFocus, let focus = focusedElement, ranges.indices.contains(focus) {
            offset = Self.revealing(ranges[focus], from: offset, height: height, maximum: layout.maximumOffset)
        }
        layout.offset = offset
        layout.thumb = Self.thumb(offset: offset, maximum: layout.maximumOffset, content: lines.count, height: height)
        let symbols = theme.symbols
        let track = StyledLine(symbols.scrollTrack, style: .text(.caption))
        let thumb = StyledLine(symbols.scrollThumb, style: .color(.primary))
        layout.lines = (0..<height).map { row in
            let line = lines[offset + row].clipped(toWidth: width - 1).padded(toWidth: width - 1)
            return line + (layout.thumb.contains(row) ? thumb : track)
        }
        return layout
    }

    /// Where a scroll view's content went: what `ScrollView.layout(width:theme:)` gives.
    public struct Layout: Hashable, Sendable {
        /// The lines, as `render(width:theme:)` gives them: the content when it fits, else `viewportHeight` lines.
        public var lines: [StyledLine] = []
        /// The width laid out for, in cells.
        public var width: Int
        /// The lines the view takes when the content is taller (its `height`).
        public var viewportHeight: Int
        /// The content's height in lines, at `contentWidth`.
        public var contentHeight = 0
        /// The width the content was laid out at: `width`, or one less beside the scroll bar.
        public var contentWidth = 0
        /// The first content line in view.
        public var offset = 0
        /// The content lines of each element, by its index in `ScrollView.content`.
        public var elementLines: [Range<Int>] = []
        /// The column of the scroll bar, when there is one.
        public var indicatorColumn: Int?
        /// The rows of the scroll bar's thumb, counted from the view's top; empty without a bar.
        public var thumb: Range<Int> = 0..<0

        /// Creates an empty layout for a size; `ScrollView.layout(width:theme:)` makes the real ones.
        public init(width: Int, viewportHeight: Int) {
            self.width = width
            self.viewportHeight = viewportHeight
        }

        /// Whether the content is taller than the view (so it scrolls and has a scroll bar).
        public var isScrollable: Bool { indicatorColumn != nil }

        /// The largest offset: the one that shows the last content line at the bottom.
        public var maximumOffset: Int { max(contentHeight - viewportHeight, 0) }

        /// The content lines in view.
        public var visibleContent: Range<Int> { offset..<min(offset + lines.count, contentHeight) }

        /// The content line drawn on `line` (counted from the view's top), or `nil` outside the view.
        public func contentLine(atLine line: Int) -> Int? {
            (0..<lines.count).contains(line) ? offset + line : nil
        }

        /// The element drawn on `line` (counted from the view's top), or `nil` for spacing or outside the view:
        /// what a click on a form's field hits.
        public func element(atLine line: Int) -> Int? {
            guard let contentLine = contentLine(atLine: line) else { return nil }
            return elementLines.firstIndex { $0.contains(contentLine) }
        }
    }

    // MARK: - Private

    /// The elements' lines one below the other, with the range of each.
    private func stacked(width: Int, theme: Theme) -> ([StyledLine], [Range<Int>]) {
        var lines: [StyledLine] = []
        var ranges: [Range<Int>] = []
        for (index, element) in content.enumerated() {
            if index > 0 { lines += Array(repeating: .empty, count: max(spacing, 0)) }
            let start = lines.count
            lines += element.render(width: width, theme: theme)
            ranges.append(start..<lines.count)
        }
        return (lines, ranges)
    }

    /// The offset nearest `offset` that shows `element` (its top when it is taller than the view).
    static func revealing(_ element: Range<Int>, from offset: Int, height: Int, maximum: Int) -> Int {
        var next = offset
        if element.count >= height || element.lowerBound < offset {
            next = element.lowerBound
        } else if element.upperBound > offset + height {
            next = element.upperBound - height
        }
        return min(max(next, 0), maximum)
    }

    /// The thumb's rows: its length the share in view (at least one row), its place the position, touching the
    /// top only at offset 0 and the bottom only at the last offset.
    static func thumb(offset: Int, maximum: Int, content: Int, height: Int) -> Range<Int> {
        let length = min(max(height * height / max(content, 1), 1), height)
        let travel = height - length
        guard maximum > 0, travel > 0 else { return 0..<length }
        var start = (offset * travel + maximum / 2) / maximum
        if offset > 0 && offset < maximum && travel >= 2 { start = min(max(start, 1), travel - 1) }
        return start..<(start + length)
    }
}

/// Lines drawn already, as an element of a `ScrollView`: each clipped to the width.
struct DrawnLines: Component {
    let lines: [StyledLine]

    func render(width: Int, theme: Theme) -> [StyledLine] {
        width > 0 ? lines.map { $0.clipped(toWidth: width) } : []
    }
}
