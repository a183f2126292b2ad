/// The size of a terminal's screen, or of the part of it a view draws, in cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Cells across.
    public var columns: Int
    /// Lines down.
    public var rows: Int

    /// Creates a size; negative values count as 0.
    public init(columns: Int, rows: Int) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
    }

    /// `"80x24"`: columns, then rows.
    public var description: String { "\(columns)x\(rows)" }
}
