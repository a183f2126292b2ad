import TerminalUI

/// The colours a snapshot records: the colour modes issue 29 asks every screen to be recorded in.
public enum SnapshotColour: String, Hashable, Sendable, CaseIterable {
    /// No colour: the style grid keeps the attributes (bold, dim, italic, underline, inverse, strikethrough,
    /// cursor) and leaves colours out.
    case none
    /// xterm's 256-colour palette: the style grid also keeps each colour's 256-colour index (`TerminalColor.ansi256`).
    case ansi256 = "256"
}

/// One size and colour mode a screen is recorded at.
public struct SnapshotLayout: Hashable, Sendable, CustomStringConvertible {
    /// The screen's size in cells.
    public var size: TerminalSize
    /// The colours recorded.
    public var colour: SnapshotColour

    /// Creates a layout of `columns` × `rows` cells in `colour`.
    public init(columns: Int, rows: Int, colour: SnapshotColour) {
        self.size = TerminalSize(columns: columns, rows: rows)
        self.colour = colour
    }

    /// `"80x24.none"`, `"120x40.256"`: the part of a snapshot's file name that names its layout.
    public var description: String { "\(size).\(colour.rawValue)" }

    /// The four layouts issue 29 asks of every screen: 80×24, 120×40 and 40×12 without colour, and 120×40 with
    /// 256 colours.
    public static let everyScreen = [
        SnapshotLayout(columns: 80, rows: 24, colour: .none),
        SnapshotLayout(columns: 120, rows: 40, colour: .none),
        SnapshotLayout(columns: 40, rows: 12, colour: .none),
        SnapshotLayout(columns: 120, rows: 40, colour: .ansi256),
    ]
}

/// A rendered screen as a snapshot file holds it: a grid of text and a parallel grid of style codes, one code per
/// cell, with a legend of the styles used (the format is in DesignSystem/README.md, "Snapshot tests").
///
/// Rendering is the caller's: a snapshot is made of the lines a view returned, so anything clock-dependent in them
/// (a relative time, "ships in 2 days") must come from a clock the view was given, never from the system clock.
public struct ScreenSnapshot: Hashable, Sendable {
    /// The first line of every snapshot file; the number is the format's version.
    public static let formatLine = "terminal snapshot 1"
    /// The code of the plain style (no colour, no attribute): the padding's code too.
    public static let plainCode: Character = "."
    /// The codes given to the other styles, in the order they first appear (row by row, left to right).
    public static let codes = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#$%&*+=?@^~")

    /// What the snapshot is of: a screen and its state, such as `"Cart.loaded"`.
    public let name: String
    /// The size and colours recorded.
    public let layout: SnapshotLayout
    /// The text rows, each `layout.size.columns` cells wide (padded with spaces), `layout.size.rows` of them
    /// unless the screen drew more.
    public let text: [String]
    /// The style rows: one code per cell of the text row of the same index.
    public let styles: [String]
    /// One line of the legend: a code and the style it stands for, in words (see `describe(_:colour:)`).
    public struct LegendEntry: Hashable, Sendable {
        /// The code in the style grid.
        public let code: Character
        /// The style in words.
        public let style: String
    }

    /// The codes used and the style each stands for, in the order they first appear.
    public let legend: [LegendEntry]
    /// What is wrong with the rendered lines: a line wider than the screen, more lines than its rows, more styles
    /// than there are codes. A snapshot with problems should fail its test even when it matches.
    public let problems: [String]

    /// Lays `lines` (a screen's rendering at `layout.size`, top to bottom) out as cells.
    ///
    /// Rows missing at the bottom are blank; a wide character's two cells both get its style's code; a zero-width
    /// character adds to its row's text and takes no cell.
    public init(name: String, lines: [StyledLine], layout: SnapshotLayout) {
        self.name = name
        self.layout = layout
        var problems: [String] = []
        if lines.count > layout.size.rows {
            problems.append("\(lines.count) lines on a screen of \(layout.size.rows) rows")
        }
        var codeOfStyle: [String: Character] = [:]
        var legend: [LegendEntry] = []
        func code(for style: Style) -> Character {
            let description = Self.describe(style, colour: layout.colour)
            if let known = codeOfStyle[description] { return known }
            let next: Character
            if description == "plain" {
                next = Self.plainCode
            } else {
                let used = legend.count(where: { $0.code != Self.plainCode })
                if used < Self.codes.count {
                    next = Self.codes[used]
                } else {
                    problems.append("more than \(Self.codes.count) styles: \(description) has no code of its own")
                    next = "!"
                }
            }
            codeOfStyle[description] = next
            legend.append(LegendEntry(code: next, style: description))
            return next
        }
        var text: [String] = []
        var styles: [String] = []
        let padded = lines + Array(repeating: StyledLine.empty, count: max(layout.size.rows - lines.count, 0))
        for (index, line) in padded.enumerated() {
            var rowText = ""
            var rowStyles = ""
            for span in line.spans {
                let spanCode = code(for: span.style)
                for character in span.text {
                    rowText.append(character)
                    rowStyles += String(repeating: spanCode, count: CellWidth.of(character))
                }
            }
            if rowStyles.count > layout.size.columns {
                problems.append("row \(index + 1) is \(rowStyles.count) cells on a screen of \(layout.size.columns)")
            }
            let padding = max(layout.size.columns - rowStyles.count, 0)
            if padding > 0 {
                rowText += String(repeating: " ", count: padding)
                rowStyles += String(repeating: code(for: .plain), count: padding)
            }
            text.append(rowText)
            styles.append(rowStyles)
        }
        self.text = text
        self.styles = styles
        self.legend = legend
        self.problems = problems
    }

    /// The snapshot file's contents, as DesignSystem/README.md describes them; ends with a line break.
    public var fileContents: String {
        var lines = [
            Self.formatLine,
            "name: \(name)",
            "size: \(layout.size)",
            "colour: \(layout.colour.rawValue)",
            "text:",
        ]
        lines += text.map { "|\($0)|" }
        lines.append("styles:")
        lines += styles.map { "|\($0)|" }
        lines.append("legend:")
        lines += legend.map { "\($0.code) \($0.style)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The legend's words for a style: its attributes in a fixed order, then `fg N` and `bg N` (256-colour indices)
    /// in `.ansi256`; `"plain"` for none of them.
    public static func describe(_ style: Style, colour: SnapshotColour) -> String {
        let names: [(TextAttributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.inverse, "inverse"),
            (.strikethrough, "strikethrough"), (.cursor, "cursor"),
        ]
        var words = names.filter { style.attributes.contains($0.0) }.map(\.1)
        if colour == .ansi256 {
            if let foreground = style.foreground { words.append("fg \(foreground.ansi256)") }
            if let background = style.background { words.append("bg \(background.ansi256)") }
        }
        return words.isEmpty ? "plain" : words.joined(separator: " ")
    }
}
