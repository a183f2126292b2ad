import Glibc

/// The terminal a process talks to: whether its streams are terminals, its size, colour capability and locale.
///
/// A value built from file descriptors and an environment, so nothing here reaches for process-wide state; the
/// composition root makes one with `Terminal(inputDescriptor: STDIN_FILENO, outputDescriptor: STDOUT_FILENO,
/// environment: ProcessInfo.processInfo.environment)`, and tests make one with a pseudo-terminal's descriptors and
/// an environment of their own. `startSession(configuration:)` takes the terminal over full-screen.
public struct Terminal: Sendable {
    /// The descriptor keys are read from (usually 0, standard input).
    public let inputDescriptor: Int32
    /// The descriptor output is written to (usually 1, standard output).
    public let outputDescriptor: Int32
    /// The environment the capability and locale are read from.
    public let environment: [String: String]

    /// Creates a terminal over two descriptors and an environment. Nothing is read or changed yet.
    public init(inputDescriptor: Int32, outputDescriptor: Int32, environment: [String: String]) {
        self.inputDescriptor = inputDescriptor
        self.outputDescriptor = outputDescriptor
        self.environment = environment
    }

    /// Whether the input descriptor is a terminal (`isatty(3)`).
    public var isInputTerminal: Bool { isatty(inputDescriptor) == 1 }

    /// Whether the output descriptor is a terminal (`isatty(3)`).
    public var isOutputTerminal: Bool { isatty(outputDescriptor) == 1 }

    /// Whether both are terminals: the condition for an interactive, full-screen front end.
    public var isInteractive: Bool { isInputTerminal && isOutputTerminal }

    /// The colour capability of the output (see `ColorCapability.detect(environment:isTerminal:)`).
    public var colorCapability: ColorCapability {
        ColorCapability.detect(environment: environment, isTerminal: isOutputTerminal)
    }

    /// Whether the locale's character encoding is UTF-8 (see `Terminal.localeIsUTF8(environment:)`); when it is
    /// not, screens use ASCII symbols.
    public var isUTF8: Bool { Terminal.localeIsUTF8(environment: environment) }

    /// The size now: the output's window size (`TIOCGWINSZ`), else the input's, else `COLUMNS` and `LINES` from the
    /// environment, else 80×24. A reported dimension of 0 (a pseudo-terminal nobody sized) also falls back.
    public func size() -> TerminalSize {
        for descriptor in [outputDescriptor, inputDescriptor] {
            var window = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
                return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
            }
        }
        let columns = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        let rows = environment["LINES"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        return TerminalSize(columns: columns ?? 80, rows: rows ?? 24)
    }

    /// Whether an environment's locale uses UTF-8.
    ///
    /// The locale category that decides the encoding is `LC_CTYPE`, set by the first non-empty of `LC_ALL`,
    /// `LC_CTYPE` and `LANG` (POSIX.1-2017, 8.2 "Internationalization Variables"). It is UTF-8 when its codeset is
    /// `UTF-8` or `utf8`, in any case (`en_US.UTF-8`, `C.utf8`). No variable at all means the POSIX locale, which
    /// is ASCII.
    public static func localeIsUTF8(environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let codeset = locale?.split(separator: ".").dropFirst().first else { return false }
        let name = codeset.split(separator: "@").first.map { $0.lowercased() } ?? ""
        return name == "utf-8" || name == "utf8"
    }
}
