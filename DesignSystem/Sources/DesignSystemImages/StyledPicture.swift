import TerminalUI

extension TerminalImage {
    /// The picture as styled lines for a full-screen frame: each cell is a span whose foreground and background are
    /// `TerminalColor`s carrying all three forms (24-bit, xterm 256 and ANSI 16), so the frame renderer picks the one
    /// of the terminal's `ColorCapability` and frames stay diffable cell by cell. Render with `.truecolor` for the
    /// most faithful colours; indexed cells are expanded through xterm's palette. Cells without a colour keep the
    /// terminal's default; a transparent symbol on a coloured background is drawn inverse (`ImageCell.isInverted`).
    /// Runs of cells with the same colours share one span.
    public var styledLines: [StyledLine] {
        cells.map { row in
            var line = StyledLine()
            var text = ""
            var style: Style?
            for cell in row {
                let cellStyle =
                    cell.isInverted
                    ? Style(foreground: cell.background.map(TerminalColor.init(picture:)), attributes: .inverse)
                    : Style(
                        foreground: cell.foreground.map(TerminalColor.init(picture:)),
                        background: cell.background.map(TerminalColor.init(picture:)))
                if let current = style, current != cellStyle {
                    line.append(text, style: current)
                    text = ""
                }
                style = cellStyle
                text.append(cell.symbol)
            }
            if let style, !text.isEmpty { line.append(text, style: style) }
            return line
        }
    }
}

extension TerminalColor {
    /// The colour of a picture's cell in the three forms: the 24-bit colour itself, the nearest entry of xterm's
    /// 6×6×6 cube or grey ramp (indices 16–255), and the nearest of the 16 ANSI colours as xterm draws them.
    public init(picture color: ImageCellColor) {
        let rgb: RGB
        switch color {
        case .rgb(let red, let green, let blue): rgb = RGB(red: red, green: green, blue: blue)
        case .indexed(let index): rgb = XtermPalette.rgb(of: index)
        }
        self.init(ansi16: XtermPalette.nearestANSI16(rgb), ansi256: XtermPalette.nearest256(rgb), rgb: rgb)
    }
}

/// xterm's default palette (its `256colres.h` and the 16 colours of its resources), used to move picture colours
/// between capabilities.
enum XtermPalette {
    /// The six levels of each channel of the 6×6×6 cube (indices 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The 16 ANSI colours as xterm shows them by default, in `ANSIColor` order.
    static let ansi16: [RGB] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ].map { RGB(hex: $0) }

    /// The 24-bit colour of palette entry `index`.
    static func rgb(of index: UInt8) -> RGB {
        switch Int(index) {
        case 0..<16: return ansi16[Int(index)]
        case 16..<232:
            let value = Int(index) - 16
            return RGB(
                red: UInt8(cubeLevels[value / 36]), green: UInt8(cubeLevels[(value / 6) % 6]),
                blue: UInt8(cubeLevels[value % 6]))
        default:
            let level = UInt8(8 + (Int(index) - 232) * 10)
            return RGB(red: level, green: level, blue: level)
        }
    }

    /// The nearest cube or grey-ramp entry (16–255) by squared distance in RGB.
    static func nearest256(_ color: RGB) -> UInt8 {
        func level(_ channel: UInt8) -> Int {
            let value = Int(channel)
            return value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
        }
        let cube = 16 + 36 * level(color.red) + 6 * level(color.green) + level(color.blue)
        let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        let grey = 232 + min(23, max(0, (average - 3) / 10))
        return distance(rgb(of: UInt8(cube)), color) <= distance(rgb(of: UInt8(grey)), color)
            ? UInt8(cube) : UInt8(grey)
    }

    /// The nearest of the 16 ANSI colours by squared distance in RGB.
    static func nearestANSI16(_ color: RGB) -> ANSIColor {
        var best = 0
        for index in 1..<16 where distance(ansi16[index], color) < distance(ansi16[best], color) { best = index }
        return ANSIColor(rawValue: UInt8(best)) ?? .white
    }

    private static func distance(_ left: RGB, _ right: RGB) -> Int {
        let red = Int(left.red) - Int(right.red)
        let green = Int(left.green) - Int(right.green)
        let blue = Int(left.blue) - Int(right.blue)
        return red * red + green * green + blue * blue
    }
}
