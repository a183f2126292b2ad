import CTerminfo
import Primitives

extension Terminal {
    /// Whether a terminal can show a full-screen interface, and why not when it cannot.
    public enum ScreenSupport: Hashable, Sendable {
        /// The terminal can address the cursor: a full-screen session works on it.
        case fullScreen
        /// The terminal prints lines only; `reason` says why, in words for a one-line note (`TERM is "dumb"`).
        case linesOnly(reason: String)
    }

    /// Whether this terminal can show a full-screen interface (see `screenSupport(environment:)`). Says nothing
    /// about whether the descriptors are terminals: check `isInteractive` for that.
    public var screenSupport: ScreenSupport {
        Terminal.screenSupport(environment: environment)
    }

    /// Whether the terminal `TERM` names can address the cursor, which a full-screen session needs.
    ///
    /// In order:
    /// - `TERM` unset or empty: lines only (POSIX.1-2017, 8.3 leaves the terminal type unknown; ncurses refuses
    ///   to start).
    /// - `TERM=dumb`: lines only. This is what editors' shell buffers (Emacs `M-x shell`), some CI runners and
    ///   `script` without a terminal type set; terminfo's `dumb` entry has no cursor motion at all.
    /// - A terminfo entry for `TERM` (read through ncurses' libtinfo, terminfo(5)) without the `cup` (cursor
    ///   address) capability: lines only, as `tput cup` would fail on it.
    /// - Any other name, including one the local terminfo database does not know (a new terminal emulator whose
    ///   entry is not installed): full screen. The session writes ECMA-48 sequences itself, which every terminal
    ///   emulator in use understands, so a missing entry is no reason to refuse.
    public static func screenSupport(environment: [String: String]) -> ScreenSupport {
        guard let name = environment["TERM"], !name.isEmpty else {
            return .linesOnly(reason: "TERM is not set")
        }
        if name == "dumb" {
            return .linesOnly(reason: "TERM is \"dumb\"")
        }
        if cursorAddressing(ofTerminfoEntry: name) == 0 {
            return .linesOnly(reason: "the terminal \"\(name)\" cannot move the cursor")
        }
        return .fullScreen
    }
}

extension Terminal {
    /// Whether the terminfo entry `name` has the `cup` capability: 1 it has, 0 it exists without it, -1 there is no
    /// such entry. Every lookup goes through here, under `terminfoLock`.
    static func cursorAddressing(ofTerminfoEntry name: String) -> Int32 {
        terminfoLock.withLock { _ in cterminfo_has_cursor_addressing(name) }
    }
}

/// Serializes terminfo lookups: `setupterm(3X)` loads an entry into ncurses' one current-terminal global, so two
/// lookups on different threads at once would race on it. A lock over a C library's process-wide state is the
/// one static here; it holds no value.
private let terminfoLock = Locked(())
