/// The escape sequences this package writes, in one place (ECMA-48 and the DEC private modes xterm documents in
/// "XTerm Control Sequences").
enum ControlSequence {
    /// Control Sequence Introducer.
    static let csi = "\u{1B}["
    /// Select Graphic Rendition with parameters, such as `sgr([0, 1])`.
    static func sgr(_ parameters: [Int]) -> String {
        csi + parameters.map(String.init).joined(separator: ";") + "m"
    }
    /// SGR 0: every attribute and colour back to the default.
    static let resetStyle = csi + "0m"
    /// Cursor Position; `row` and `column` count from 1.
    static func moveCursor(row: Int, column: Int) -> String {
        "\(csi)\(row);\(column)H"
    }
    /// Erase in Line, from the cursor to the end of the line.
    static let eraseToEndOfLine = csi + "K"
    /// DECTCEM: hide the cursor.
    static let hideCursor = csi + "?25l"
    /// DECTCEM: show the cursor.
    static let showCursor = csi + "?25h"
    /// Switch to the alternate screen, saving the cursor (mode 1049).
    static let enterAlternateScreen = csi + "?1049h"
    /// Back to the normal screen, restoring the cursor (mode 1049).
    static let leaveAlternateScreen = csi + "?1049l"
    /// Bracketed paste on (mode 2004): pasted text arrives between `ESC [ 200 ~` and `ESC [ 201 ~`.
    static let enableBracketedPaste = csi + "?2004h"
    /// Bracketed paste off.
    static let disableBracketedPaste = csi + "?2004l"
    /// Synchronized output (mode 2026): the terminal shows the frame once it is complete. Terminals without it
    /// ignore the mode.
    static let beginSynchronizedUpdate = csi + "?2026h"
    /// End of a synchronized frame.
    static let endSynchronizedUpdate = csi + "?2026l"
    /// Cursor to the top left, then erase the whole screen.
    static let clearScreen = csi + "H" + csi + "2J"

    /// Mouse reporting of presses, releases and the wheel (mode 1000, "normal tracking").
    static let mouseButtons = "1000"
    /// Mouse reporting of motion while a button is held, on top of mode 1000 (mode 1002, "button-event tracking").
    static let mouseDrags = "1002"
    /// Mouse reports in the SGR form (mode 1006): decimal positions with no upper bound, and releases that name
    /// their button.
    static let mouseSGR = "1006"
    /// Sets DEC private modes (DECSET).
    static func setModes(_ modes: [String]) -> String {
        modes.map { csi + "?" + $0 + "h" }.joined()
    }
    /// Resets DEC private modes (DECRST), in the reverse order.
    static func resetModes(_ modes: [String]) -> String {
        modes.reversed().map { csi + "?" + $0 + "l" }.joined()
    }

    /// What entering a full-screen session writes.
    static let enterSession = enterAlternateScreen + hideCursor + enableBracketedPaste + clearScreen
    /// What leaving a full-screen session writes; written by signal handlers too, so it stays short.
    static let leaveSession = disableBracketedPaste + resetStyle + showCursor + leaveAlternateScreen

    /// What entering a session writes with mouse reporting (nothing more when it is off).
    static func enterSession(mouse: MouseReporting) -> String {
        enterSession + setModes(mouse.modes)
    }
    /// What leaving a session writes with mouse reporting: reporting off first, then the rest.
    static func leaveSession(mouse: MouseReporting) -> String {
        resetModes(mouse.modes) + leaveSession
    }
}
