import Glibc

/// Why a full-screen session could not start.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file, `/dev/null`), so there is no screen to take
    /// over; use the plain-text output instead.
    case notATerminal
    /// Another session of this process is still active; a process has one terminal to take over.
    case sessionAlreadyActive
    /// The process is not in the terminal's foreground process group (a job in the background, `command &`):
    /// changing the terminal's settings would stop it (SIGTTOU), and its input belongs to another job.
    case notInForeground
    /// A system call failed; `errno` is the error number it set.
    case systemCallFailed(name: String, errno: Int32)

    /// A message for a person.
    public var description: String {
        switch self {
        case .notATerminal:
            return "standard input and output must both be a terminal for the full-screen interface"
        case .notInForeground:
            return "the process runs in the background of its terminal, so it cannot ask the terminal anything"
        case .sessionAlreadyActive:
            return "a full-screen terminal session is already active in this process"
        case .systemCallFailed(let name, let number):
            return "\(name) failed: \(String(cString: strerror(number)))"
        }
    }
}
