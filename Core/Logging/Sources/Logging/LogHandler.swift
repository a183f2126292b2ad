/// A destination for log records: a stream, a file, memory, or several of these.
///
/// The shape follows apple/swift-log's `LogHandler`, with one difference: the logger's label arrives with every
/// record (`label:`) instead of being captured when the handler is made, so one handler value serves loggers with
/// different labels and `Logger.child(label:metadata:)` needs no factory.
///
/// A handler is a value: `logLevel` and `metadata` belong to the copy a `Logger` holds, while the destination it
/// writes to (a file, a buffer) is shared by every copy and must be safe to use from any thread.
///
/// `Logger` redacts every message and metadata value before a handler sees it (see `Redaction`), and filters by
/// `logLevel` before it calls `log`, so a handler only formats and writes.
public protocol LogHandler: Sendable {
    /// Writes one record.
    ///
    /// - Parameters:
    ///   - label: The label of the logger that emitted the record (`"storefront.feed"`).
    ///   - level: The record's level; at least `logLevel` when called by `Logger`.
    ///   - message: The redacted message.
    ///   - metadata: The record's own redacted metadata; the handler merges it over `metadata`, and the record's
    ///     value wins when a key is in both.
    ///   - source: The module that emitted the record (`"Feed"`).
    ///   - file: The file that emitted the record, as `#fileID` writes it (`"Feed/FeedFeature.swift"`).
    ///   - function: The function that emitted the record, as `#function` writes it.
    ///   - line: The line that emitted the record, counted from 1.
    func log(
        label: String,
        level: Logger.Level,
        message: Logger.Message,
        metadata: Logger.Metadata?,
        source: String,
        file: String,
        function: String,
        line: UInt
    )

    /// The lowest level this handler writes.
    var logLevel: Logger.Level { get set }

    /// Metadata written with every record of this handler value.
    var metadata: Logger.Metadata { get set }

    /// One entry of `metadata`.
    subscript(metadataKey key: String) -> Logger.MetadataValue? { get set }
}

extension LogHandler {
    /// One entry of `metadata`: reads and writes `metadata[key]`.
    public subscript(metadataKey key: String) -> Logger.MetadataValue? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
}

/// A handler that writes whole records: it implements `write(_:)`, and gets `log` from this protocol, which merges
/// the record's metadata over the handler's `metadata` (the record's value wins) into a `LogRecord`.
public protocol RecordWritingLogHandler: LogHandler {
    /// Writes one merged, redacted record.
    func write(_ record: LogRecord)
}

extension RecordWritingLogHandler {
    /// Builds the merged `LogRecord` and passes it to `write(_:)`.
    public func log(
        label: String,
        level: Logger.Level,
        message: Logger.Message,
        metadata: Logger.Metadata?,
        source: String,
        file: String,
        function: String,
        line: UInt
    ) {
        write(
            LogRecord(
                label: label,
                level: level,
                message: message,
                handlerMetadata: self.metadata,
                recordMetadata: metadata,
                source: source,
                file: file,
                function: function,
                line: line
            )
        )
    }
}
