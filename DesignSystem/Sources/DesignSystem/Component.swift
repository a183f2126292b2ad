import TerminalUI

/// A piece of interface that renders to styled lines for a width: the building block of every screen.
///
/// Components are values: they hold what to show (strings, a selection index, a fraction) and no state of their
/// own, so a view builds them fresh from its view model every frame. Rendering is pure: the same component, width
/// and theme give the same lines. Every line a component returns is at most `width` cells wide (`CellWidth`); a
/// width of 0 or less gives no lines.
public protocol Component: Sendable {
    /// The component's lines for a width in cells, top to bottom.
    func render(width: Int, theme: Theme) -> [StyledLine]
}

/// Empty lines: vertical space between components.
public struct Spacer: Component {
    /// How many empty lines.
    public var lines: Int

    /// Creates a spacer of `lines` empty lines (1 by default).
    public init(lines: Int = 1) {
        self.lines = lines
    }

    /// `lines` empty lines.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        width > 0 ? Array(repeating: .empty, count: max(lines, 0)) : []
    }
}

/// Components one below the other.
public struct Stack: Component {
    /// The components, top to bottom.
    public var children: [any Component]
    /// Empty lines between two children.
    public var spacing: Int

    /// Creates a stack.
    public init(spacing: Int = 0, _ children: [any Component]) {
        self.children = children
        self.spacing = spacing
    }

    /// The children's lines in order, `spacing` empty lines between them.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        var lines: [StyledLine] = []
        for (index, child) in children.enumerated() {
            if index > 0 { lines += Array(repeating: .empty, count: max(spacing, 0)) }
            lines += child.render(width: width, theme: theme)
        }
        return lines
    }
}

extension StyledLine {
    /// The line moved right within `width` cells by left padding only (no trailing spaces): unchanged for
    /// `.leading`, half the free cells for `.center`, all of them for `.trailing`.
    func aligned(_ alignment: HorizontalAlignment, width: Int) -> StyledLine {
        let free = width - self.width
        guard free > 0 else { return self }
        switch alignment {
        case .leading: return self
        case .center: return free / 2 > 0 ? StyledLine(String(repeating: " ", count: free / 2)) + self : self
        case .trailing: return StyledLine(String(repeating: " ", count: free)) + self
        }
    }
}
