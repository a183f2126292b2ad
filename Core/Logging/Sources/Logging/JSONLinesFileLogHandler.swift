import Foundation

/// Writes one JSON object per record to a file (JSON Lines), rotating the file by size.
///
/// Each line is an object with, in this order: `timestamp` (RFC 3339 §5.6, UTC, milliseconds:
/// `2024-05-01T12:34:56.789Z`), `level`, `label`, `message`, `metadata` (an object; arrays and dictionaries nest,
/// every other value is a string), `source`, `file`, `function` and `line` (a number). Lines end with `\n`.
///
/// Copies of a handler share one file and one lock, so records from any thread land as whole lines. Use one handler
/// (and its copies) per file: two handlers rotating the same file would race.
///
/// Writing never throws and never stops the program: a record that cannot be written is dropped and counted
/// (`failedWrites`), and the first failure after a success is reported once through the `fallback` output
/// (normally standard error), so a full or read-only disk is noticed without flooding the fallback.
public struct JSONLinesFileLogHandler: RecordWritingLogHandler {
    /// The lowest level written; `.info` unless set.
    public var logLevel: Logger.Level
    /// Metadata written with every record.
    public var metadata: Logger.Metadata = [:]
    private let file: RotatingLogFile
    private let now: @Sendable () -> Date

    /// Creates a handler that appends to the file at `fileURL`, which is opened (and its directory made) on the
    /// first record.
    ///
    /// - Parameters:
    ///   - fileURL: The live file, such as `$XDG_STATE_HOME/storefront/logs/storefront.log`; older files get
    ///     `.1`, `.2`, … appended to its name.
    ///   - rotation: The size limit and the number of files kept.
    ///   - fallback: Where the first of a run of write failures is reported.
    ///   - now: The clock that stamps each record; the composition root passes `{ Date() }`, tests a fixed time.
    ///   - logLevel: The lowest level written.
    /// - Throws: `LogConfigurationError` when `fileURL` is not a file URL.
    public init(
        fileURL: URL,
        rotation: LogRotation,
        fallback: any LogTextOutput,
        now: @escaping @Sendable () -> Date,
        logLevel: Logger.Level = .info
    ) throws(LogConfigurationError) {
        guard fileURL.isFileURL else {
            throw LogConfigurationError("the log file must be a file URL, got \(fileURL.absoluteString)")
        }
        self.file = RotatingLogFile(path: fileURL.path, rotation: rotation, fallback: fallback)
        self.now = now
        self.logLevel = logLevel
    }

    /// The number of records dropped so far because the file could not be written, across every copy.
    public var failedWrites: Int {
        file.failedWrites
    }

    /// Stamps `record` with the clock's time and appends it as one line.
    public func write(_ record: LogRecord) {
        file.append(JSONLineFormat.line(for: record, at: now()))
    }
}
