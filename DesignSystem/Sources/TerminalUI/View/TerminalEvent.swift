/// What a `TerminalSession` reports.
///
/// Switch over it with a `default:` case: later versions may report more kinds of input (as `.mouse` was added).
public enum TerminalEvent: Hashable, Sendable {
    /// A key was pressed (or text pasted).
    case key(KeyEvent)
    /// A mouse report: only while the session asked for them (`TerminalSession.Configuration.mouse`).
    case mouse(MouseEvent)
    /// The window changed size; render again for the new size.
    case resize(TerminalSize)
    /// The process was resumed after Ctrl-Z and the session has the terminal again; render again (the session has
    /// already repainted the last frame).
    case resume(TerminalSize)
}
