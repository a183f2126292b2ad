/// One log record as a handler writes it: the handler's metadata merged with the record's own.
///
/// Records are built by handlers from what `Logger` passed them, so their message and metadata are already redacted.
public struct LogRecord: Sendable, Equatable, CustomStringConvertible {
    /// The label of the logger that emitted the record.
    public var label: String
    /// The record's level.
    public var level: Logger.Level
    /// The message.
    public var message: Logger.Message
    /// The handler's metadata with the record's metadata merged over it.
    public var metadata: Logger.Metadata
    /// The module that emitted the record.
    public var source: String
    /// The emitting file, as `#fileID` writes it.
    public var file: String
    /// The emitting function, as `#function` writes it.
    public var function: String
    /// The emitting line, counted from 1.
    public var line: UInt

    /// Creates a record from its parts.
    public init(
        label: String,
        level: Logger.Level,
        message: Logger.Message,
        metadata: Logger.Metadata,
        source: String,
        file: String,
        function: String,
        line: UInt
    ) {
        self.label = label
        self.level = level
        self.message = message
        self.metadata = metadata
        self.source = source
        self.file = file
        self.function = function
        self.line = line
    }

    /// Creates a record from the arguments of `LogHandler.log`, merging `recordMetadata` over `handlerMetadata`.
    init(
        label: String,
        level: Logger.Level,
        message: Logger.Message,
        handlerMetadata: Logger.Metadata,
        recordMetadata: Logger.Metadata?,
        source: String,
        file: String,
        function: String,
        line: UInt
    ) {
        var merged = handlerMetadata
        if let recordMetadata {
            if merged.isEmpty {
                merged = recordMetadata
            } else {
                merged.merge(recordMetadata, uniquingKeysWith: { _, record in record })
            }
        }
        self.init(
            label: label,
            level: level,
            message: message,
            metadata: merged,
            source: source,
            file: file,
            function: function,
            line: line
        )
    }

    /// The record as one human-readable line without colour, as `StreamLogHandler` writes it (without the newline).
    public var description: String {
        HumanReadableFormat(useColor: false).line(for: self)
    }
}
