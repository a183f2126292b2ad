extension Logger {
    /// Writes a `trace` record; see `log(level:_:metadata:source:file:function:line:)`.
    @inlinable
    public func trace(
        _ message: @autoclosure () -> Message,
        metadata: @autoclosure () -> Metadata? = nil,
        source: @autoclosure () -> String? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        log(
            level: .trace, message(), metadata: metadata(), source: source(), file: file, function: function, line: line
        )
    }

    /// Writes a `debug` record; see `log(level:_:metadata:source:file:function:line:)`.
    @inlinable
    public func debug(
        _ message: @autoclosure () -> Message,
        metadata: @autoclosure () -> Metadata? = nil,
        source: @autoclosure () -> String? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        log(
            level: .debug, message(), metadata: metadata(), source: source(), file: file, function: function, line: line
        )
    }

    /// Writes an `info` record; see `log(level:_:metadata:source:file:function:line:)`.
    @inlinable
    public func info(
        _ message: @autoclosure () -> Message,
        metadata: @autoclosure () -> Metadata? = nil,
        source: @autoclosure () -> String? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        log(level: .info, message(), metadata: metadata(), source: source(), file: file, function: function, line: line)
    }

    /// Writes a `notice` record; see `log(level:_:metadata:source:file:function:line:)`.
    @inlinable
    public func notice(
        _ message: @autoclosure () -> Message,
        metadata: @autoclosure () -> Metadata? = nil,
        source: @autoclosure () -> String? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        log(
            level: .notice, message(), metadata: metadata(), source: source(), file: file, function: function,
            line: line)
    }

    /// Writes a `warning` record; see `log(level:_:metadata:source:file:function:line:)`.
    @inlinable
    public func warning(
        _ message: @autoclosure () -> Message,
        metadata: @autoclosure () -> Metadata? = nil,
        source: @autoclosure () -> String? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        log(
            level: .warning, message(), metadata: metadata(), source: source(), file: file, function: function,
            line: line)
    }

    /// Writes an `error` record; see `log(level:_:metadata:source:file:function:line:)`.
    @inlinable
    public func error(
        _ message: @autoclosure () -> Message,
        metadata: @autoclosure () -> Metadata? = nil,
        source: @autoclosure () -> String? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        log(
            level: .error, message(), metadata: metadata(), source: source(), file: file, function: function, line: line
        )
    }

    /// Writes a `critical` record; see `log(level:_:metadata:source:file:function:line:)`.
    @inlinable
    public func critical(
        _ message: @autoclosure () -> Message,
        metadata: @autoclosure () -> Metadata? = nil,
        source: @autoclosure () -> String? = nil,
        file: String = #fileID,
        function: String = #function,
        line: UInt = #line
    ) {
        log(
            level: .critical, message(), metadata: metadata(), source: source(), file: file, function: function,
            line: line)
    }
}
