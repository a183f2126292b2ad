/// The exit status of a `storefront` invocation.
///
/// The values follow sysexits(3): `0` success, `1` an operation that failed (the message says why), `64`
/// (`EX_USAGE`) a command line that could not be understood.
public enum ExitCode: Int32, Sendable, Equatable {
    /// The command did what it was asked.
    case success = 0
    /// The command was understood but the operation failed.
    case failure = 1
    /// The command line was malformed: an unknown command or flag, or a missing or invalid value (`EX_USAGE`).
    case usage = 64
}
