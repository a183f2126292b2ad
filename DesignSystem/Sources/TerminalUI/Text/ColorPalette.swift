/// Colours that stand in for named colours when lines are rendered: a colour theme, as the renderer sees it.
///
/// Lines carry colours with a `TerminalColor.paletteName` (the design system's tokens do); a renderer given a
/// palette draws the palette's colour for every name it has, and a colour's own value for every other. The empty
/// palette changes nothing.
public struct ColorPalette: Hashable, Sendable {
    /// The colours by palette name.
    public var colors: [String: TerminalColor]

    /// A palette of `colors` by name.
    public init(_ colors: [String: TerminalColor]) {
        self.colors = colors
    }

    /// The palette that changes nothing.
    public static let empty = ColorPalette([:])

    /// The colour to draw for `color`: the palette's colour under its name, or `color` itself.
    public func resolve(_ color: TerminalColor) -> TerminalColor {
        guard let name = color.paletteName, let replacement = colors[name] else { return color }
        return replacement
    }
}
