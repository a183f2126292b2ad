/// Where text sits in a space wider than the text.
public enum HorizontalAlignment: Hashable, Sendable {
    /// Against the left edge; padding goes on the right.
    case leading
    /// In the middle; an odd cell of padding goes on the right.
    case center
    /// Against the right edge; padding goes on the left.
    case trailing
}
