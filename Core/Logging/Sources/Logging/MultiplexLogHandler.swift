/// Passes every record to several handlers, such as standard error and a JSON Lines file.
///
/// Each child keeps its own level: a record goes to the children whose `logLevel` it reaches, and the multiplexer's
/// `logLevel` is the lowest of theirs, so a `Logger` filters no record that some child wants. Setting `logLevel`,
/// `metadata` or a metadata key sets it on every child (the semantics of apple/swift-log's `MultiplexLogHandler`).
public struct MultiplexLogHandler: LogHandler {
    /// The children, in the order records reach them.
    public private(set) var handlers: [any LogHandler]
    private var lowestLevel: Logger.Level

    /// Creates a handler that forwards to `handlers`; with none, it writes nothing.
    public init(_ handlers: [any LogHandler]) {
        self.handlers = handlers
        self.lowestLevel = handlers.map(\.logLevel).min() ?? .critical
    }

    /// The lowest level of the children; setting it sets every child's level.
    public var logLevel: Logger.Level {
        get { lowestLevel }
        set {
            lowestLevel = newValue
            for index in handlers.indices {
                handlers[index].logLevel = newValue
            }
        }
    }

    /// The children's metadata merged in order (a later child wins a key); setting it sets every child's metadata.
    public var metadata: Logger.Metadata {
        get {
            handlers.reduce(into: [:]) { merged, handler in
                merged.merge(handler.metadata, uniquingKeysWith: { _, later in later })
            }
        }
        set {
            for index in handlers.indices {
                handlers[index].metadata = newValue
            }
        }
    }

    /// One metadata entry: read from the last child that has it, written to every child.
    public subscript(metadataKey key: String) -> Logger.MetadataValue? {
        get { handlers.lazy.reversed().compactMap { $0[metadataKey: key] }.first }
        set {
            for index in handlers.indices {
                handlers[index][metadataKey: key] = newValue
            }
        }
    }

    /// Passes the record to every child whose level it reaches.
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
        for handler in handlers where level >= handler.logLevel {
            handler.log(
                label: label,
                level: level,
                message: message,
                metadata: metadata,
                source: source,
                file: file,
                function: function,
                line: line
            )
        }
    }
}
