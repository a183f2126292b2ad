/// Width-aware editing of lines: truncation, clipping, padding and wrapping, all measured in cells (`CellWidth`)
/// and never splitting a grapheme cluster.
extension StyledLine {
    /// The line shortened to at most `width` cells, ending in `ellipsis` when anything was cut.
    ///
    /// A line that fits comes back unchanged. A line that does not comes back exactly `width` cells wide: as many
    /// whole grapheme clusters as fit before the ellipsis, the ellipsis right after the last of them (in the style
    /// of the text it replaces), then a space for the cell a two-cell character left when it did not fit. A cluster
    /// is never split: one that does not fit whole (a wide character, an emoji sequence, a letter with its combining
    /// marks) goes with the rest. When even the ellipsis does not fit, the line is clipped without one. A `width` of
    /// 0 or less gives an empty line.
    public func truncated(toWidth width: Int, ellipsis: String) -> StyledLine {
        guard width > 0 else { return .empty }
        guard self.width > width else { return self }
        let ellipsisWidth = CellWidth.of(ellipsis)
        guard ellipsisWidth > 0, ellipsisWidth <= width else { return clipped(toWidth: width) }
        let cut = StyledCells(self).prefix(width: width - ellipsisWidth)
        var result = cut.cells.line
        let ellipsisStyle = cut.firstDropped?.style ?? spans.last?.style ?? .plain
        result.append(ellipsis, style: ellipsisStyle)
        if cut.width < width - ellipsisWidth {
            result.append(String(repeating: " ", count: width - ellipsisWidth - cut.width), style: ellipsisStyle)
        }
        return result
    }

    /// The line cut to at most `width` cells, with no ellipsis. Where a two-cell character would straddle the
    /// edge, a space takes its one remaining cell, so a line wider than `width` comes back exactly `width` wide.
    public func clipped(toWidth width: Int) -> StyledLine {
        guard width > 0 else { return .empty }
        guard self.width > width else { return self }
        let cut = StyledCells(self).prefix(width: width)
        var result = cut.cells.line
        if cut.width < width {
            result.append(" ", style: cut.firstDropped?.style ?? .plain)
        }
        return result
    }

    /// The line padded with spaces to at least `width` cells. The padding takes `style` (plain by default), so a
    /// highlighted row can extend its background to the edge.
    public func padded(toWidth width: Int, alignment: HorizontalAlignment = .leading, style: Style = .plain)
        -> StyledLine
    {
        let missing = width - self.width
        guard missing > 0 else { return self }
        let left: Int
        switch alignment {
        case .leading: left = 0
        case .center: left = missing / 2
        case .trailing: left = missing
        }
        var result = StyledLine()
        if left > 0 { result.append(String(repeating: " ", count: left), style: style) }
        result.append(self)
        if missing - left > 0 { result.append(String(repeating: " ", count: missing - left), style: style) }
        return result
    }

    /// The line made exactly `width` cells wide: truncated (with `ellipsis`, or clipped when it is `nil`) when it
    /// is wider, padded by `alignment` when it is narrower.
    public func fitted(
        toWidth width: Int,
        alignment: HorizontalAlignment = .leading,
        ellipsis: String? = nil,
        padding: Style = .plain
    ) -> StyledLine {
        guard width > 0 else { return .empty }
        let short = ellipsis.map { truncated(toWidth: width, ellipsis: $0) } ?? clipped(toWidth: width)
        return short.padded(toWidth: width, alignment: alignment, style: padding)
    }

    /// The line broken into lines of at most `width` cells.
    ///
    /// Breaks go at spaces; a word wider than `width` is broken between grapheme clusters. Spaces at a break are
    /// dropped, so no wrapped line starts or ends with the space it broke at. An empty line gives one empty line; a
    /// `width` of 0 or less gives none.
    public func wrapped(toWidth width: Int) -> [StyledLine] {
        guard width > 0 else { return [] }
        guard self.width > width else { return [self] }
        var wrapper = LineWrapper(width: width)
        for token in StyledCells(self).tokens() {
            wrapper.add(token)
        }
        return wrapper.finish()
    }
}

/// One grapheme cluster with its style and width.
struct StyledCell {
    let character: Character
    let style: Style
    let width: Int
}

/// A line as a sequence of grapheme clusters.
struct StyledCells {
    var cells: [StyledCell]

    init(_ cells: [StyledCell]) {
        self.cells = cells
    }

    init(_ line: StyledLine) {
        var cells: [StyledCell] = []
        for span in line.spans {
            for character in span.text {
                cells.append(StyledCell(character: character, style: span.style, width: CellWidth.of(character)))
            }
        }
        self.cells = cells
    }

    var width: Int { cells.reduce(0) { $0 + $1.width } }

    /// The longest prefix of at most `width` cells, and the first cell that did not fit.
    func prefix(width: Int) -> (cells: [StyledCell], width: Int, firstDropped: StyledCell?) {
        var used = 0
        for (index, cell) in cells.enumerated() {
            if used + cell.width > width {
                return (Array(cells[..<index]), used, cell)
            }
            used += cell.width
        }
        return (cells, used, nil)
    }

    /// Words and runs of spaces, in order.
    func tokens() -> [(cells: StyledCells, isSpace: Bool)] {
        var tokens: [(cells: StyledCells, isSpace: Bool)] = []
        for cell in cells {
            let isSpace = cell.character == " "
            if let last = tokens.last, last.isSpace == isSpace {
                tokens[tokens.count - 1].cells.cells.append(cell)
            } else {
                tokens.append((StyledCells([cell]), isSpace))
            }
        }
        return tokens
    }
}

extension [StyledCell] {
    /// The cells as a line, one span per run of equal style.
    var line: StyledLine {
        var spans: [Span] = []
        var text = ""
        var style: Style?
        for cell in self {
            if cell.style != style, let current = style {
                spans.append(Span(text, style: current))
                text = ""
            }
            style = cell.style
            text.append(cell.character)
        }
        if let style { spans.append(Span(text, style: style)) }
        return StyledLine(spans)
    }
}

/// Greedy word wrapping over styled cells.
private struct LineWrapper {
    let width: Int
    var lines: [StyledLine] = []
    var current: [StyledCell] = []
    var currentWidth = 0
    var pendingSpaces: StyledCells?

    init(width: Int) {
        self.width = width
    }

    mutating func add(_ token: (cells: StyledCells, isSpace: Bool)) {
        if token.isSpace {
            pendingSpaces = token.cells
            return
        }
        let spaces = current.isEmpty ? nil : pendingSpaces
        pendingSpaces = nil
        let wordWidth = token.cells.width
        let spacesWidth = spaces?.width ?? 0
        if currentWidth + spacesWidth + wordWidth <= width {
            current += (spaces?.cells ?? []) + token.cells.cells
            currentWidth += spacesWidth + wordWidth
            return
        }
        flush()
        var rest = token.cells.cells[...]
        while StyledCells(Array(rest)).width > width {
            let piece = StyledCells(Array(rest)).prefix(width: width)
            guard !piece.cells.isEmpty else {
                // A two-cell character cannot be shown in a one-cell line: it becomes a blank cell.
                lines.append(StyledLine(" ", style: rest[rest.startIndex].style))
                rest = rest.dropFirst()
                continue
            }
            current = piece.cells
            currentWidth = piece.width
            rest = rest.dropFirst(piece.cells.count)
            flush()
        }
        current = Array(rest)
        currentWidth = StyledCells(current).width
    }

    mutating func flush() {
        if !current.isEmpty { lines.append(current.line) }
        current = []
        currentWidth = 0
    }

    mutating func finish() -> [StyledLine] {
        flush()
        return lines.isEmpty ? [.empty] : lines
    }
}
