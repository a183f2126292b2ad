/// Which mouse reports a session asks the terminal for (`TerminalSession.Configuration.mouse`).
///
/// Reporting is a terminal mode: while it is on, the terminal sends clicks to the program instead of selecting
/// text with them (most terminals still select with Shift held). So a session turns it on only when asked, with its
/// other modes when it takes the terminal, and off again on every way out: `end()`, `exit(3)`, the terminating
/// signals, a crash, and Ctrl-Z (on again after `fg`). The reports are always asked for in the SGR form (mode 1006),
/// which carries columns past 223 and says which button was released.
public enum MouseReporting: Hashable, Sendable {
    /// No reports: the terminal keeps the mouse for its own text selection. The default.
    case off
    /// Presses, releases and wheel steps (modes 1000 and 1006).
    case buttons
    /// Presses, releases, wheel steps, and motion while a button is held (modes 1000, 1002 and 1006).
    case drags

    /// The DEC private modes this setting turns on, in the order they are set.
    var modes: [String] {
        switch self {
        case .off: return []
        case .buttons: return [ControlSequence.mouseButtons, ControlSequence.mouseSGR]
        case .drags: return [ControlSequence.mouseButtons, ControlSequence.mouseDrags, ControlSequence.mouseSGR]
        }
    }
}
