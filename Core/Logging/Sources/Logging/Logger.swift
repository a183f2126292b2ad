/// A labelled logger that hands redacted records at or above its level to a `LogHandler`.
///
/// The API follows apple/swift-log (`logger.info("…", metadata: [...])`, `logger[metadataKey:]`, `logLevel`) with no
/// global bootstrap: whoever creates a logger chooses its handler, normally the composition root, which passes
/// loggers down through initialisers.
///
/// Messages, metadata and sources are autoclosures: below the active level a call compares two levels and returns,
/// without building the message or the metadata and without allocating.
///
/// Redaction happens here, in one place that every handler goes through: every message and metadata value is passed
/// through `Redaction` before the handler sees it, and so is the handler's own metadata whenever the logger's
/// handler is set or changed. Every record a handler receives from a logger is therefore already redacted, whatever
/// the handler does with it. `Logger` is a value: copies share the handler's destination but not its level or
/// metadata.
public struct Logger: Sendable {
    /// The logger's name, written with every record (`"storefront.feed"`).
    public let label: String

    /// The handler that writes this logger's records. Setting or mutating it redacts its metadata.
    public var handler: any LogHandler {
        didSet {
            if let redacted = Redaction.redactedEntries(handler.metadata) {
                handler.metadata = redacted
            }
        }
    }

    /// Creates a logger that writes through `handler`; metadata already set on the handler is redacted.
    public init(label: String, handler: any LogHandler) {
        var redactedHandler = handler
        if let redacted = Redaction.redactedEntries(handler.metadata) {
            redactedHandler.metadata = redacted
        }
        self.label = label
        self.handler = redactedHandler
    }

    /// The lowest level this logger writes, read from and written to its handler.
    @inlinable
    public var logLevel: Level {
        get { handler.logLevel }
        set { handler.logLevel = newValue }
    }

    /// One entry of the metadata written with every record of this logger; a stored value is redacted.
    public subscript(metadataKey key: String) -> MetadataValue? {
        get { handler[metadataKey: key] }
        set { handler[metadataKey: key] = newValue }
    }

    /// Returns a logger that writes through a copy of this logger's handler, with a new label (when given) and
    /// `metadata` merged over the handler's metadata.
    public func child(label: String? = nil, metadata: Metadata = [:]) -> Logger {
        var childHandler = handler
        childHandler.metadata.merge(metadata, uniquingKeysWith: { _, new in new })
        return Logger(label: label ?? self.label, handler: childHandler)
    }

    /// Writes a record at `level` when `level` is at least `logLevel`; otherwise evaluates none of the autoclosures.
    ///
    /// - Parameters:
    ///   - level: The record's level.
    ///   - message: The message, built only when the level is enabled.
    ///   - metadata: Metadata for this record only, merged over the handler's metadata.
    ///   - source: The emitting module; nil derives it from `file` (the part of `#fileID` before the first `/`).
    ///   - file: The emitting file; leave the default `#fileID`.
    ///   - function: The emitting function; leave the default `#function`.
    ///   - line: The emitting line; leave the default `#line`.
    @inlinable
    public func log(
        level: Level,
        _ message: @autoclosure () -> Message,
        metadata: @autoclosure () -> Metadata? = nil,
        source: @autoclosure () -> String? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        guard level >= handler.logLevel else { return }
        write(
            level: level,
            message: message(),
            metadata: metadata(),
            source: source(),
            file: file,
            function: function,
            line: line
        )
    }

    /// Redacts an enabled record and passes it to the handler.
    @usableFromInline
    func write(
        level: Level,
        message: Message,
        metadata: Metadata?,
        source: String?,
        file: String,
        function: String,
        line: UInt
    ) {
        handler.log(
            label: label,
            level: level,
            message: Redaction.redact(message),
            metadata: metadata.map(Redaction.redact),
            source: source ?? Logger.module(fromFileID: file),
            file: file,
            function: function,
            line: line
        )
    }

    /// The module part of a `#fileID` (`"Feed"` for `"Feed/FeedFeature.swift"`), or the whole text when it has no
    /// `/`.
    static func module(fromFileID fileID: String) -> String {
        guard let slash = fileID.utf8.firstIndex(of: UInt8(ascii: "/")) else { return fileID }
        return String(fileID[..<slash])
    }
}
