import CChafa
import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

/// A terminal graphics protocol chafa writes pictures in, pixel for pixel rather than in cell symbols.
public enum TerminalGraphicsProtocol: String, Sendable, CaseIterable {
    /// DEC sixel graphics (a DCS string, `ESC P … q … ESC \`): xterm `-ti vt340`, mlterm, foot, WezTerm, iTerm2.
    case sixel
    /// The kitty graphics protocol (APC strings, `ESC _G … ESC \`): kitty, WezTerm, Ghostty, Konsole.
    case kitty

    /// The protocol the terminal of `environment` is known to speak, or nil when it says nothing.
    ///
    /// Kitty's own variables first (`KITTY_WINDOW_ID`, `TERM=xterm-kitty`), then `TERM_PROGRAM` (WezTerm and
    /// Ghostty speak kitty's protocol; iTerm.app sixel), then `TERM` names whose terminals draw sixels (`foot`,
    /// `mlterm`, `yaft`, `contour`). Nothing under `NO_COLOR` or `TERM=dumb`: those get no escape byte.
    public static func detect(environment: [String: String]) -> TerminalGraphicsProtocol? {
        let term = environment["TERM"] ?? ""
        if !(environment["NO_COLOR"] ?? "").isEmpty || term == "dumb" { return nil }
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" { return .kitty }
        switch environment["TERM_PROGRAM"] ?? "" {
        case "WezTerm", "ghostty": return .kitty
        case "iTerm.app": return .sixel
        default: break
        }
        if ["foot", "mlterm", "yaft", "contour"].contains(where: { term.hasPrefix($0) }) { return .sixel }
        return nil
    }

    /// Whether a primary device attributes answer (DA1: `ESC [ ? Ps ; … c`, the terminal's reply to `ESC [ c`)
    /// lists attribute 4, sixel graphics (VT340 and the terminals that emulate it); read with
    /// `TerminalGraphicsReply`.
    public static func answerListsSixel(_ answer: String) -> Bool {
        var reply = TerminalGraphicsReply()
        reply.consume(answer.utf8)
        return reply.deviceAttributes?.contains(4) == true
    }
}

extension TerminalImageRenderer {
    /// `pixels` (RGBA, 8 bits per channel, straight alpha, `width` x `height`) as one string of `graphics`
    /// sequences covering `columns` x `rows` cells, written by chafa's own printer with the sequences of a terminal
    /// of chafa's database that speaks the protocol. Returns nil for sizes that do not match the pixels.
    public func renderGraphics(
        pixels: [UInt8], width: Int, height: Int, columns: Int, rows: Int, graphics: TerminalGraphicsProtocol
    ) -> String? {
        guard width > 0, height > 0, columns > 0, rows > 0, pixels.count == width * height * 4 else { return nil }
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_pixel_mode(
            config, graphics == .sixel ? CHAFA_PIXEL_MODE_SIXELS : CHAFA_PIXEL_MODE_KITTY)
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        // The pixels a cell covers: chafa sizes the picture in pixels from the cell geometry and this.
        chafa_canvas_config_set_cell_geometry(config, 10, Int32((10 / cellAspect).rounded()))
        guard let canvas = Self.drawnCanvas(config, pixels: pixels, width: width, height: height) else { return nil }
        defer { chafa_canvas_unref(canvas) }
        // A terminal of chafa's database that has the protocol's sequences stands in for the real one.
        let term = graphics == .sixel ? "TERM=mlterm" : "TERM=xterm-kitty"
        guard let database = chafa_term_db_new() else { return nil }
        defer { chafa_term_db_unref(database) }
        let info: OpaquePointer? = term.withCString { variable in
            var environment: [UnsafeMutablePointer<CChar>?] = [strdup(variable), nil]
            defer { free(environment[0]) }
            return environment.withUnsafeMutableBufferPointer { chafa_term_db_detect(database, $0.baseAddress) }
        }
        guard let info else { return nil }
        defer { chafa_term_info_unref(info) }
        guard let printed = chafa_canvas_print(canvas, info) else { return nil }
        defer { g_string_free(printed, 1) }
        return String(cString: printed.pointee.str)
    }
}
