import TerminalUI

/// The semantic colours of the design system. Screens pick a colour by what it means, never by its value.
///
/// Each token is mapped by hand for every colour capability (`TerminalColor`): on a 16-colour terminal it is one
/// of the user's own theme colours, on 256-colour and truecolor terminals a fixed value. `color` is the token's
/// colour in the dark theme, named after the token (`TerminalColor.paletteName`), so the renderer draws the chosen
/// theme's colour for it (`ColorTheme`, `theme.json`). Without colour (`ColorCapability.none`) the meaning has to
/// come from the text itself: components pair every colour with a symbol or a word.
public enum ColorToken: String, Hashable, Sendable, CaseIterable {
    /// The brand colour: titles, the selected tab, the selected row.
    case primary
    /// A quieter companion to `primary`: section headings, secondary actions.
    case secondary
    /// Draws the eye without meaning success or trouble: key names in hints, code, highlights.
    case accent
    /// Something went well or is available: in stock, order confirmed.
    case success
    /// Needs attention but is not an error: low stock, offline, a retry is pending.
    case warning
    /// An error or a destructive action: failed requests, out of stock, validation messages.
    case danger
    /// Supporting text: captions, subtitles, placeholders, disabled items.
    case muted

    /// The colour for every capability: the dark theme's, named after the token.
    public var color: TerminalColor {
        let name = rawValue
        return switch self {
        case .primary: TerminalColor(ansi16: .brightBlue, ansi256: 33, rgb: RGB(hex: 0x3B82F6), paletteName: name)
        case .secondary: TerminalColor(ansi16: .cyan, ansi256: 37, rgb: RGB(hex: 0x06B6D4), paletteName: name)
        case .accent: TerminalColor(ansi16: .magenta, ansi256: 170, rgb: RGB(hex: 0xD946EF), paletteName: name)
        case .success: TerminalColor(ansi16: .green, ansi256: 34, rgb: RGB(hex: 0x22C55E), paletteName: name)
        case .warning: TerminalColor(ansi16: .yellow, ansi256: 214, rgb: RGB(hex: 0xF59E0B), paletteName: name)
        case .danger: TerminalColor(ansi16: .red, ansi256: 196, rgb: RGB(hex: 0xEF4444), paletteName: name)
        case .muted: TerminalColor(ansi16: .brightBlack, ansi256: 244, rgb: RGB(hex: 0x8A8F98), paletteName: name)
        }
    }
}
