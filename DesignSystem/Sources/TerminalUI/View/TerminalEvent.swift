/// What a `TerminalSession` reports.
public enum TerminalEvent: Hashable, Sendable {
    /// A key was pressed (or text pasted).
    case key(KeyEvent)
    /// The window changed size; render again for the new size.
    case resize(TerminalSize)
    /// The process was resumed after Ctrl-Z and the session has the terminal again; render again (the session has
    /// already repainted the last frame).
    case resume(TerminalSize)
}
