import Logging
import Testing

@Suite("logger values, metadata and multiplexing")
struct LoggerTests {
    @Test("record metadata wins over logger metadata; the source defaults to the calling module")
    func metadataMerge() {
        let capture = CapturingLogHandler()
        var logger = Logger(label: "merge", handler: capture)
        logger[metadataKey: "a"] = "logger"
        logger[metadataKey: "b"] = "logger"
        logger.info("one", metadata: ["b": "record", "c": ["x", ["y": "z"]]])
        let record = capture.records[0]
        #expect(record.metadata == ["a": "logger", "b": "record", "c": ["x", ["y": "z"]]])
        #expect(record.source == "LoggingTests")
        #expect(logger[metadataKey: "a"] == "logger")
    }

    @Test("copies of a logger keep their own level and metadata but share the destination")
    func valueSemantics() {
        let capture = CapturingLogHandler()
        let base = Logger(label: "base", handler: capture)
        var copy = base
        copy.logLevel = .error
        copy[metadataKey: "only"] = "copy"
        base.info("from base")
        copy.info("filtered")
        copy.error("from copy")
        #expect(capture.messages == ["from base", "from copy"])
        #expect(capture.records[0].metadata.isEmpty)
        #expect(capture.records[1].metadata == ["only": "copy"])
    }

    @Test("a child logger has its own label and extra metadata; the parent is unchanged")
    func child() {
        let capture = CapturingLogHandler()
        var parent = Logger(label: "app", handler: capture)
        parent[metadataKey: "run"] = "1"
        let child = parent.child(label: "app.feed", metadata: ["screen": "feed", "run": "2"])
        child.notice("child")
        parent.notice("parent")
        parent.child(metadata: ["extra": "yes"]).notice("same label")
        #expect(capture.records.map(\.label) == ["app.feed", "app", "app"])
        #expect(capture.records[0].metadata == ["screen": "feed", "run": "2"])
        #expect(capture.records[1].metadata == ["run": "1"])
        #expect(capture.records[2].metadata == ["run": "1", "extra": "yes"])
    }

    @Test("metadata values describe themselves and compare by content")
    func metadataValues() {
        let value: Logger.MetadataValue = ["b": ["1", .stringConvertible(2)], "a": .private("x")]
        #expect(value.description == "[a: <private>, b: [1, 2]]")
        #expect(Logger.MetadataValue.stringConvertible(3) == .stringConvertible("3"))
        #expect(Logger.MetadataValue.string("3") != .stringConvertible(3))
    }

    @Test("the capturing handler can be emptied")
    func capturingRemoveAll() {
        let capture = CapturingLogHandler()
        let logger = Logger(label: "c", handler: capture)
        logger.info("one")
        capture.removeAll()
        logger.info("two")
        #expect(capture.messages == ["two"])
        #expect(capture.text == "info [c] two (LoggingTests/LoggerTests.swift:\(#line - 2))")
    }

    @Test("a multiplexer sends each record to the children whose level it reaches")
    func multiplexLevels() {
        let verbose = CapturingLogHandler(logLevel: .debug)
        let quiet = CapturingLogHandler(logLevel: .error)
        let logger = Logger(label: "multi", handler: MultiplexLogHandler([verbose, quiet]))
        #expect(logger.logLevel == .debug)
        logger.trace("dropped by all")
        logger.info("verbose only")
        logger.error("both")
        #expect(verbose.messages == ["verbose only", "both"])
        #expect(quiet.messages == ["both"])
    }

    @Test("setting level or metadata on a multiplexer sets it on every child")
    func multiplexSettings() {
        let first = CapturingLogHandler(logLevel: .info)
        let second = CapturingLogHandler(logLevel: .error)
        var logger = Logger(label: "multi", handler: MultiplexLogHandler([first, second]))
        logger.logLevel = .warning
        logger[metadataKey: "request"] = "r1"
        logger.warning("shared")
        #expect(first.records.map(\.metadata) == [["request": "r1"]])
        #expect(second.records.map(\.metadata) == [["request": "r1"]])
        #expect(logger[metadataKey: "request"] == "r1")
        #expect(MultiplexLogHandler([]).logLevel == .critical)
    }
}
