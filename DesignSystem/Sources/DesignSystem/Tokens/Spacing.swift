/// Horizontal spacing in terminal cells; vertical spacing is whole lines.
public enum Spacing: Int, Hashable, Sendable, CaseIterable {
    /// No space.
    case none = 0
    /// One cell: between a symbol and its text.
    case xSmall = 1
    /// Two cells: between table columns, before a row's accessory, the indent of nested text.
    case small = 2
    /// Four cells: between groups.
    case medium = 4
    /// Eight cells: rarely; large insets on wide screens.
    case large = 8

    /// The number of cells.
    public var cells: Int { rawValue }

    /// That many spaces.
    public var spaces: String { String(repeating: " ", count: rawValue) }
}
