import Glibc

/// Why a full-screen session could not start.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file, `/dev/null`), so there is no screen to take
    /// over; use the plain-text output instead.
    case notATerminal
    /// Another session of this process is still active; a process has one terminal to take over.
    case sessionAlreadyActive
    /// A system call failed; `errno` is the error number it set.
    case systemCallFailed(name: String, errno: Int32)

    /// A message for a person.
    public var description: String {
        switch self {
        case .notATerminal:
            return "standard input and output must both be a terminal for the full-screen interface"
        case .sessionAlreadyActive:
            return "a full-screen terminal session is already active in this process"
        case .systemCallFailed(let name, let number):
            return "\(name) failed: \(String(cString: strerror(number)))"
        }
    }
}
