import FeatureKit

/// A command's progress line for a server that is slow to answer: `storefront: waiting for the server…` on standard
/// error while an API request has waited `ServerWait.threshold` (2 s) or more, erased (carriage return, then erase to
/// the end of the line) once the answer or the failure comes, before the command prints anything about it.
///
/// Only for a terminal: the composition root passes standard error here only when it is one (`isatty`), so nothing
/// of it reaches a pipe, a file or a log, and standard output (the results, `--json`) never carries it.
@MainActor
struct ServerWaitLine {
    /// The line, without a newline: it stays until erased.
    static let text = "\(StorefrontCommandLine.programName): waiting for the server\u{2026}"
    /// Back to the start of the line, then erase to its end (ECMA-48 CR and EL).
    static let erase = "\r\u{1B}[K"

    /// Shows and erases the line on `terminal` as `wait` says.
    static func attach(to wait: ServerWait, terminal: any TextOutput) {
        wait.onChange = { waiting in
            terminal.write(waiting ? text : erase)
        }
    }
}
