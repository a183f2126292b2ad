/// Writes human-readable lines, one per record, to a text output such as standard error:
///
/// `warning [storefront.feed] page dropped a post reason=missing_id (Feed/FeedRepository.swift:88)`
///
/// Metadata is sorted by key; values that are empty or hold blanks, quotes or `=` are quoted. Control characters
/// (line breaks, escape sequences) are written as visible escapes (`\n`, `\u{1B}`), so a record stays on one line
/// and logged text cannot drive the terminal. The level is coloured (ANSI SGR, ECMA-48 §8.3.117) when `useColor` is
/// true; the factories decide that with `ColorPolicy` from the stream's terminal status and the environment.
public struct StreamLogHandler: RecordWritingLogHandler {
    /// The lowest level written; `.info` unless set.
    public var logLevel: Logger.Level
    /// Metadata written with every record.
    public var metadata: Logger.Metadata = [:]
    /// Whether the level is coloured with ANSI escape sequences.
    public let useColor: Bool
    private let output: any LogTextOutput
    private let format: HumanReadableFormat

    /// Creates a handler that writes to `output`, coloured or not as `useColor` says.
    public init(output: any LogTextOutput, useColor: Bool, logLevel: Logger.Level = .info) {
        self.output = output
        self.useColor = useColor
        self.logLevel = logLevel
        self.format = HumanReadableFormat(useColor: useColor)
    }

    /// A handler for `stream`, coloured when `ColorPolicy` allows it for `isTerminal` and `environment`.
    ///
    /// This is the factory tests use: they state whether the stream is a terminal instead of asking the real one.
    public static func writing(
        to stream: StandardStream,
        isTerminal: Bool,
        environment: [String: String]
    ) -> StreamLogHandler {
        StreamLogHandler(
            output: StandardStreamOutput(stream),
            useColor: ColorPolicy.allowsColor(isTerminal: isTerminal, environment: environment)
        )
    }

    /// A handler for standard error, coloured when standard error is a terminal (asked with `isatty(3)`) and
    /// `environment` (normally the process environment, passed in by the composition root) allows colour.
    public static func standardError(environment: [String: String]) -> StreamLogHandler {
        writing(to: .standardError, isTerminal: StandardStream.standardError.isTerminal(), environment: environment)
    }

    /// A handler for standard output, coloured under the same rules as `standardError(environment:)`.
    public static func standardOutput(environment: [String: String]) -> StreamLogHandler {
        writing(to: .standardOutput, isTerminal: StandardStream.standardOutput.isTerminal(), environment: environment)
    }

    /// Writes `record` as one line.
    public func write(_ record: LogRecord) {
        output.write(format.line(for: record) + "\n")
    }
}
