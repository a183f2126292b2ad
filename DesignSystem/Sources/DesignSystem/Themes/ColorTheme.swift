import TerminalUI

/// The colours of the design system's tokens for one kind of terminal background: a built-in theme (`dark`,
/// `light`, `highContrast`), or one a theme file starts from and changes (`ThemeFile`).
///
/// The app does not paint the background. `background` is the colour the text colours are chosen to read on (the
/// terminal's own background, which the person picks the theme for), and the colour every text token's contrast is
/// measured against: at least 4.5:1 in every built-in theme and 7:1 in `highContrast` (WCAG 2.2 success criteria
/// 1.4.3 and 1.4.6), on both the 256-colour value (as xterm draws it, `XtermPalette`) and the truecolour value. The
/// 16-colour value is the terminal's own theme colour, whose look only the terminal knows.
///
/// The renderer applies a theme through its `palette` (`TerminalSession.Configuration.palette`): every token's
/// colour is named after the token (`ColorToken.color`), and the palette draws the theme's colour for the name.
public struct ColorTheme: Hashable, Sendable {
    /// A built-in theme, by the name a theme file gives it (`"base"`).
    public enum Base: String, Hashable, Sendable, CaseIterable {
        /// For dark backgrounds: the tokens' own colours (`ColorToken.color`), on `#121212` (xterm 233) or darker.
        case dark
        /// For light backgrounds: darker tokens, on white.
        case light
        /// For a black background, every text token at 7:1 or more.
        case highContrast = "high-contrast"
    }

    /// The name a theme file gives the background among the colours (`"background"`).
    public static let backgroundName = "background"

    /// The names a theme file may set under `"colors"`: every token's (`ColorToken.rawValue`) and `background`.
    public static var colorNames: [String] { ColorToken.allCases.map(\.rawValue) + [backgroundName] }

    /// The built-in theme it starts from.
    public let base: Base
    /// The colour the text colours are chosen to read on (not painted by the app).
    public private(set) var background: TerminalColor
    private var colors: [ColorToken: TerminalColor]

    private init(base: Base, background: TerminalColor, colors: [ColorToken: TerminalColor]) {
        self.base = base
        self.background = background
        self.colors = colors
    }

    /// The colour of `token` in this theme.
    public subscript(token: ColorToken) -> TerminalColor {
        colors[token] ?? token.color
    }

    /// Sets the colour named `name` (a token's or `background`, see `colorNames`).
    ///
    /// - Returns: false, changing nothing, when `name` is none of `colorNames`.
    @discardableResult
    public mutating func setColor(_ color: TerminalColor, named name: String) -> Bool {
        if name == Self.backgroundName {
            background = color
        } else if let token = ColorToken(rawValue: name) {
            colors[token] = TerminalColor(
                ansi16: color.ansi16, ansi256: color.ansi256, rgb: color.rgb, paletteName: token.rawValue)
        } else {
            return false
        }
        return true
    }

    /// The palette the renderer draws the tokens with.
    public var palette: ColorPalette {
        ColorPalette(Dictionary(uniqueKeysWithValues: ColorToken.allCases.map { ($0.rawValue, self[$0]) }))
    }

    /// The built-in theme `base`.
    public static func builtIn(_ base: Base) -> ColorTheme {
        switch base {
        case .dark: dark
        case .light: light
        case .highContrast: highContrast
        }
    }

    /// For dark backgrounds: each token's own colour.
    public static let dark = ColorTheme(
        base: .dark, background: color(.black, 233, 0x121212),
        colors: Dictionary(uniqueKeysWithValues: ColorToken.allCases.map { ($0, $0.color) }))

    /// For light backgrounds.
    public static let light = ColorTheme(
        base: .light, background: color(.brightWhite, 231, 0xFFFFFF),
        colors: [
            .primary: color(.blue, 25, 0x1D4ED8, .primary), .secondary: color(.cyan, 24, 0x0E7490, .secondary),
            .accent: color(.magenta, 127, 0xA21CAF, .accent), .success: color(.green, 22, 0x15803D, .success),
            .warning: color(.yellow, 130, 0xB45309, .warning), .danger: color(.red, 124, 0xB91C1C, .danger),
            .muted: color(.brightBlack, 241, 0x57606A, .muted),
        ])

    /// For a black background, at 7:1 or more.
    public static let highContrast = ColorTheme(
        base: .highContrast, background: color(.black, 16, 0x000000),
        colors: [
            .primary: color(.brightBlue, 117, 0x7CC4FF, .primary),
            .secondary: color(.brightCyan, 86, 0x5EEAD4, .secondary),
            .accent: color(.brightMagenta, 219, 0xF0ABFC, .accent),
            .success: color(.brightGreen, 120, 0x86EFAC, .success),
            .warning: color(.brightYellow, 227, 0xFDE047, .warning),
            .danger: color(.brightRed, 210, 0xFF8A8A, .danger), .muted: color(.white, 252, 0xD4D4D8, .muted),
        ])

    private static func color(_ ansi16: ANSIColor, _ ansi256: UInt8, _ hex: UInt32, _ token: ColorToken? = nil)
        -> TerminalColor
    {
        TerminalColor(ansi16: ansi16, ansi256: ansi256, rgb: RGB(hex: hex), paletteName: token?.rawValue)
    }
}
