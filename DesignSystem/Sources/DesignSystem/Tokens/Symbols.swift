/// The symbols components draw, in a Unicode set and an ASCII set for terminals whose locale is not UTF-8.
///
/// Every Unicode symbol here takes one cell (none is East Asian wide; the Ambiguous ones count as narrow, see
/// `CellWidth`). ASCII fallbacks may take more cells; components measure the symbols of the set they are given.
public struct Symbols: Hashable, Sendable {
    /// Marks text that was cut short: `…` or `...`.
    public var ellipsis: String
    /// Starts an item in running text: `•` or `*`.
    public var bullet: String
    /// Separates items on one line, such as key hints: `·` or `|`.
    public var separator: String
    /// Marks the selected row of a list or menu: `›` or `>`.
    public var selectionMarker: String
    /// Draws horizontal rules and box edges: `─` or `-`.
    public var horizontalLine: String
    /// Draws vertical box edges: `│` or `|`.
    public var verticalLine: String
    /// Box corners, clockwise from the top left: `╭ ╮ ╯ ╰` or `+ + + +`.
    public var corners: [String]
    /// A chosen option of a picker: `◉` or `(*)`.
    public var optionOn: String
    /// An option not chosen: `○` or `( )`.
    public var optionOff: String
    /// Information: `ℹ` or `i`.
    public var info: String
    /// A warning: `⚠` or `!`.
    public var warning: String
    /// An error: `✖` or `x`.
    public var error: String
    /// Success: `✓` or `v`.
    public var success: String
    /// Up, down, left and right arrows: `↑ ↓ ← →` or `^ v < >`.
    public var arrows: [String]
    /// The filled part of a progress bar: `█` or `#`.
    public var progressFilled: String
    /// The empty part of a progress bar: `░` or `-`.
    public var progressEmpty: String
    /// The frames of a spinner, in order.
    public var spinnerFrames: [String]
    /// Stands for "nothing here" in an empty state: `◌` or `o`.
    public var empty: String
    /// The track of a scroll bar: `│` or `|`.
    public var scrollTrack: String
    /// The thumb of a scroll bar, the part in view: `┃` or `#`.
    public var scrollThumb: String

    /// The Unicode set, for UTF-8 locales.
    public static let unicode = Symbols(
        ellipsis: "…",
        bullet: "•",
        separator: "·",
        selectionMarker: "›",
        horizontalLine: "─",
        verticalLine: "│",
        corners: ["╭", "╮", "╯", "╰"],
        optionOn: "◉",
        optionOff: "○",
        info: "ℹ",
        warning: "⚠",
        error: "✖",
        success: "✓",
        arrows: ["↑", "↓", "←", "→"],
        progressFilled: "█",
        progressEmpty: "░",
        spinnerFrames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
        empty: "◌",
        scrollTrack: "│",
        scrollThumb: "┃"
    )

    /// The ASCII set, for every other locale.
    public static let ascii = Symbols(
        ellipsis: "...",
        bullet: "*",
        separator: "|",
        selectionMarker: ">",
        horizontalLine: "-",
        verticalLine: "|",
        corners: ["+", "+", "+", "+"],
        optionOn: "(*)",
        optionOff: "( )",
        info: "i",
        warning: "!",
        error: "x",
        success: "v",
        arrows: ["^", "v", "<", ">"],
        progressFilled: "#",
        progressEmpty: "-",
        spinnerFrames: ["|", "/", "-", "\\"],
        empty: "o",
        scrollTrack: "|",
        scrollThumb: "#"
    )

    /// The set for a locale: Unicode when its encoding is UTF-8 (`Terminal.isUTF8`), ASCII otherwise.
    public static func forLocale(isUTF8: Bool) -> Symbols {
        isUTF8 ? .unicode : .ascii
    }
}
