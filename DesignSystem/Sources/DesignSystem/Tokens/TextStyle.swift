import TerminalUI

/// The text styles of the design system: the terminal's counterpart of a type scale.
///
/// A terminal has one font size, so hierarchy comes from weight, colour and case: a title is bold in the primary
/// colour, a caption is dim. Combine a text style with a colour token with `Style.text(_:color:)`.
public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    /// The title of a screen: bold, primary colour.
    case title
    /// The heading of a section: bold.
    case heading
    /// Running text: the terminal's default look.
    case body
    /// Supporting text under or beside other text: dim, muted colour.
    case caption
    /// Text stressed within body text: italic.
    case emphasis
    /// Identifiers, commands and keys: accent colour.
    case code

    /// The style the text style stands for.
    public var style: Style {
        switch self {
        case .title: Style(foreground: ColorToken.primary.color, attributes: .bold)
        case .heading: Style(attributes: .bold)
        case .body: Style.plain
        case .caption: Style(foreground: ColorToken.muted.color, attributes: .dim)
        case .emphasis: Style(attributes: .italic)
        case .code: Style(foreground: ColorToken.accent.color)
        }
    }
}

extension Style {
    /// A text style, with its colour replaced by `color` when one is given.
    public static func text(_ textStyle: TextStyle, color: ColorToken? = nil) -> Style {
        var style = textStyle.style
        if let color { style.foreground = color.color }
        return style
    }

    /// Body text in a colour.
    public static func color(_ color: ColorToken) -> Style {
        Style(foreground: color.color)
    }
}
