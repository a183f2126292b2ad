import CChafa
import TerminalUI

/// A colour of an image cell as chafa chose it for the canvas mode: 24-bit RGB, an index of xterm's 256-colour
/// palette, or one of the 16 ANSI colours; `nil` where the cell is transparent (the terminal's default colour).
public enum ImageCellColor: Hashable, Sendable {
    /// 24-bit RGB.
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
    /// An xterm 256-colour palette index (0...255).
    case indexed(UInt8)
}

/// One terminal cell of a rendered picture: the symbol chafa picked and its two colours.
///
/// A transparent symbol (`foreground` nil) on a coloured background (`background` set) must show the terminal's
/// default *background* through the symbol's shape, which no colour pair can say: writers draw it in inverse video
/// (SGR 7) with the background's colour as the foreground and the default background (`isInverted`), as chafa's
/// own printer does. A cell transparent in both colours is a space (in colour modes), so no symbol is ever drawn in
/// the terminal's default foreground colour at the edge of a transparent area.
public struct ImageCell: Hashable, Sendable {
    /// The symbol (a space, a block, a sextant, an ASCII character for plain output).
    public let symbol: Character
    /// The symbol's colour; nil for the terminal's default (transparent or plain output).
    public let foreground: ImageCellColor?
    /// The cell's background; nil for the terminal's default (transparent or plain output).
    public let background: ImageCellColor?

    /// Whether writers draw the cell in inverse video: a symbol other than a space whose shape is transparent on a
    /// coloured background (see the type's comment).
    public var isInverted: Bool {
        foreground == nil && background != nil && symbol != " "
    }
}

/// A picture drawn as terminal cells: rows of `ImageCell`, and the text to write for them.
public struct TerminalImage: Sendable, Equatable {
    /// Rows of cells, top to bottom, each `columns` wide.
    public let cells: [[ImageCell]]
    /// The colour capability the cells were made for.
    public let capability: ColorCapability

    /// Width in cells.
    public var columns: Int { cells.first?.count ?? 0 }
    /// Height in cells.
    public var rows: Int { cells.count }

    /// The lines to write, one per row: SGR colour sequences (ECMA-48 §8.3.117) for the capability followed by the
    /// symbol, and a reset at the end of each line, so a line never leaks its colour. With `.none` the lines are
    /// plain text with no escape byte.
    public var lines: [String] {
        cells.map { row in
            guard capability != .none else { return String(row.map(\.symbol)) }
            var line = ""
            var current: (ImageCellColor?, ImageCellColor?, Bool)? = nil
            for cell in row {
                // An inverted cell: the background's colour drawn as the foreground, the symbol's shape showing the
                // default background.
                let (foreground, background) =
                    cell.isInverted ? (cell.background, nil) : (cell.foreground, cell.background)
                if current == nil || current?.0 != foreground || current?.1 != background
                    || current?.2 != cell.isInverted
                {
                    line += Self.sequence(
                        foreground: foreground, background: background,
                        inverse: cell.isInverted ? true : current?.2 == true ? false : nil)
                    current = (foreground, background, cell.isInverted)
                }
                line.append(cell.symbol)
            }
            return line + "\u{1B}[0m"
        }
    }

    /// SGR for a cell: the two colours, then inverse video on (7), off (27) or left as it is (nil).
    private static func sequence(foreground: ImageCellColor?, background: ImageCellColor?, inverse: Bool?) -> String {
        func parameters(_ color: ImageCellColor?, isForeground: Bool) -> String {
            switch color {
            case nil: return isForeground ? "39" : "49"
            case .rgb(let red, let green, let blue): return "\(isForeground ? 38 : 48);2;\(red);\(green);\(blue)"
            case .indexed(let index) where index < 8: return String((isForeground ? 30 : 40) + Int(index))
            case .indexed(let index) where index < 16: return String((isForeground ? 90 : 100) + Int(index) - 8)
            case .indexed(let index): return "\(isForeground ? 38 : 48);5;\(index)"
            }
        }
        let video = inverse.map { $0 ? ";7" : ";27" } ?? ""
        return "\u{1B}[" + parameters(foreground, isForeground: true) + ";"
            + parameters(background, isForeground: false) + video + "m"
    }
}

/// Draws RGBA pictures as terminal cells through libchafa, in symbols mode: truecolor, 256 or 16 colours by the
/// terminal's `ColorCapability`, and plain ASCII shapes with no escape byte for `.none` (`NO_COLOR`, `TERM=dumb`, a
/// pipe). The cells are read back from chafa's canvas and written by `TerminalImage`, so the escape codes do not
/// depend on chafa's terminal database and frames stay diffable cell by cell.
public struct TerminalImageRenderer: Sendable {
    /// The capability the output is made for.
    public let capability: ColorCapability
    /// Width over height of one terminal cell; 0.5 for the usual fonts.
    public let cellAspect: Double

    /// A renderer for `capability`.
    public init(capability: ColorCapability, cellAspect: Double = 0.5) {
        self.capability = capability
        self.cellAspect = cellAspect
    }

    /// The size in cells of a `width` x `height` picture drawn `columns` wide (at most `maxRows` high), keeping the
    /// aspect ratio for cells of `cellAspect`.
    public func geometry(width: Int, height: Int, columns: Int, maxRows: Int) -> (columns: Int, rows: Int) {
        var destinationWidth = Int32(max(1, columns))
        var destinationHeight = Int32(max(1, maxRows))
        chafa_calc_canvas_geometry(
            Int32(width), Int32(height), &destinationWidth, &destinationHeight, Float(cellAspect), 1, 0)
        return (Int(max(1, destinationWidth)), Int(max(1, destinationHeight)))
    }

    /// `pixels` (RGBA, 8 bits per channel, straight alpha, `width` x `height`, no row padding) drawn in `columns` x
    /// `rows` cells. Returns nil when the pixel count does not match the size or a size is not positive.
    public func render(pixels: [UInt8], width: Int, height: Int, columns: Int, rows: Int) -> TerminalImage? {
        guard width > 0, height > 0, columns > 0, rows > 0, pixels.count == width * height * 4 else { return nil }
        let map = chafa_symbol_map_new()
        let config = chafa_canvas_config_new()
        defer {
            chafa_canvas_config_unref(config)
            chafa_symbol_map_unref(map)
        }
        let plain = capability == .none
        let tags: ChafaSymbolTags =
            plain
            ? ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_ASCII.rawValue)
            : ChafaSymbolTags(
                rawValue: CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_BLOCK.rawValue
                    | CHAFA_SYMBOL_TAG_SEXTANT.rawValue)
        chafa_symbol_map_add_by_tags(map, tags)
        chafa_canvas_config_set_symbol_map(config, map)
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS)
        let mode: ChafaCanvasMode =
            switch capability {
            case .none: CHAFA_CANVAS_MODE_FGBG
            case .ansi16: CHAFA_CANVAS_MODE_INDEXED_16
            case .ansi256: CHAFA_CANVAS_MODE_INDEXED_240
            case .truecolor: CHAFA_CANVAS_MODE_TRUECOLOR
            }
        chafa_canvas_config_set_canvas_mode(config, mode)
        guard let canvas = Self.drawnCanvas(config, pixels: pixels, width: width, height: height) else { return nil }
        defer { chafa_canvas_unref(canvas) }
        var cells: [[ImageCell]] = []
        cells.reserveCapacity(rows)
        for y in 0..<rows {
            var row: [ImageCell] = []
            row.reserveCapacity(columns)
            for x in 0..<columns {
                let code = chafa_canvas_get_char_at(canvas, Int32(x), Int32(y))
                let symbol = Unicode.Scalar(code).map(Character.init) ?? " "
                guard !plain else {
                    row.append(ImageCell(symbol: symbol, foreground: nil, background: nil))
                    continue
                }
                var foreground: Int32 = -1
                var background: Int32 = -1
                chafa_canvas_get_raw_colors_at(canvas, Int32(x), Int32(y), &foreground, &background)
                // Transparent in both colours: nothing to draw, whatever symbol chafa kept.
                let isClear = foreground < 0 && background < 0
                row.append(
                    ImageCell(
                        symbol: isClear ? " " : symbol, foreground: color(foreground), background: color(background)))
            }
            cells.append(row)
        }
        return TerminalImage(cells: cells, capability: capability)
    }

    /// A new canvas of `config` with `pixels` (RGBA, straight alpha, no row padding) drawn on it; the caller unrefs
    /// it. Nil when chafa refuses the configuration.
    static func drawnCanvas(_ config: OpaquePointer?, pixels: [UInt8], width: Int, height: Int) -> OpaquePointer? {
        guard let canvas = chafa_canvas_new(config) else { return nil }
        pixels.withUnsafeBufferPointer { buffer in
            chafa_canvas_draw_all_pixels(
                canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, buffer.baseAddress, Int32(width), Int32(height),
                Int32(width * 4))
        }
        return canvas
    }

    private func color(_ raw: Int32) -> ImageCellColor? {
        guard raw >= 0 else { return nil }
        if capability == .truecolor {
            return .rgb(
                red: UInt8((raw >> 16) & 0xFF), green: UInt8((raw >> 8) & 0xFF), blue: UInt8(raw & 0xFF))
        }
        return .indexed(UInt8(raw & 0xFF))
    }
}
