/// Draws whole screens of styled lines and writes only the rows that changed since the previous frame.
///
/// The renderer is a value that remembers the last frame it produced; the session owns one and writes what
/// `render(_:size:)` returns to the terminal. Each frame:
/// - is exactly `size.rows` rows: extra lines are dropped, missing lines are blank;
/// - has every row clipped to `size.columns` cells (a line never wraps onto the next row) and erased to the end
///   of the row when it is shorter, so nothing of the previous frame shows through;
/// - is drawn with the cursor hidden, inside a synchronized update (DEC mode 2026, ignored by terminals that lack
///   it), after which the cursor is shown again at the first cell styled `TextAttributes.cursor`, or stays hidden
///   when no cell is.
/// A frame identical to the previous one produces no output at all. A new size, or `invalidate()`, repaints
/// every row.
public struct FrameRenderer: Sendable {
    /// The renderer that encodes each row.
    public let textRenderer: StyledTextRenderer
    private var previousRows: [String]?
    private var previousSize: TerminalSize?
    private var previousCursor: CursorPosition?

    /// Creates a renderer that has drawn nothing yet, for a colour capability, drawing named colours from
    /// `palette` (a theme).
    public init(capability: ColorCapability, palette: ColorPalette = .empty) {
        self.textRenderer = StyledTextRenderer(capability: capability, palette: palette)
    }

    /// The output that turns the previous frame into this one; empty when nothing changed.
    public mutating func render(_ lines: [StyledLine], size: TerminalSize) -> String {
        var rows: [String] = []
        var cursor: CursorPosition?
        rows.reserveCapacity(size.rows)
        for index in 0..<size.rows {
            let line = index < lines.count ? lines[index].clipped(toWidth: size.columns) : .empty
            if cursor == nil, let column = line.cursorColumn {
                cursor = CursorPosition(row: index, column: column)
            }
            var encoded = textRenderer.render(line)
            if line.width < size.columns { encoded += ControlSequence.eraseToEndOfLine }
            rows.append(encoded)
        }
        let repaint = previousRows == nil || previousSize != size
        let changed = rows.indices.filter { repaint || previousRows?[$0] != rows[$0] }
        defer {
            previousRows = rows
            previousSize = size
            previousCursor = cursor
        }
        guard !changed.isEmpty || cursor != previousCursor || repaint else { return "" }
        var output = ControlSequence.beginSynchronizedUpdate + ControlSequence.hideCursor
        for row in changed {
            output += ControlSequence.moveCursor(row: row + 1, column: 1) + rows[row]
        }
        if let cursor {
            output += ControlSequence.moveCursor(row: cursor.row + 1, column: cursor.column + 1)
            output += ControlSequence.showCursor
        }
        return output + ControlSequence.endSynchronizedUpdate
    }

    /// Forgets the previous frame, so the next one repaints every row (after the screen was cleared or lost, as
    /// after a suspension).
    public mutating func invalidate() {
        previousRows = nil
        previousCursor = nil
    }
}

/// A cell on the screen, counted from 0 at the top left.
public struct CursorPosition: Hashable, Sendable {
    /// The row, from 0 at the top.
    public var row: Int
    /// The column in cells, from 0 at the left.
    public var column: Int

    /// Creates a position.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

extension StyledLine {
    /// The column of the first cell styled `TextAttributes.cursor`, if any.
    var cursorColumn: Int? {
        var column = 0
        for span in spans {
            if span.style.attributes.contains(.cursor), !span.text.isEmpty { return column }
            column += span.width
        }
        return nil
    }
}
