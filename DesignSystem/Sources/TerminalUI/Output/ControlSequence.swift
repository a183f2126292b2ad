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

    /// What entering a full-screen session writes.
    static let enterSession = enterAlternateScreen + hideCursor + enableBracketedPaste + clearScreen
    /// What leaving a full-screen session writes; written by signal handlers too, so it stays short.
    static let leaveSession = disableBracketedPaste + resetStyle + showCursor + leaveAlternateScreen
}
