import Logging
import Testing

@Suite("disabled levels cost nothing")
struct LazinessTests {
    /// Counts how often the autoclosures of a log call run.
    final class Counter: @unchecked Sendable {
        // Sound because every test uses its own counter from one thread only.
        var messages = 0
        var metadata = 0
        var sources = 0

        func message() -> Logger.Message {
            messages += 1
            return "built"
        }

        func metadataValue() -> Logger.Metadata {
            metadata += 1
            return ["key": "value"]
        }

        func source() -> String {
            sources += 1
            return "Source"
        }
    }

    @Test("below the level, no message, metadata or source is built", arguments: Logger.Level.allCases.dropFirst())
    func disabledLevelsEvaluateNothing(threshold: Logger.Level) {
        let capture = CapturingLogHandler(logLevel: threshold)
        let logger = Logger(label: "test", handler: capture)
        let counter = Counter()
        for level in Logger.Level.allCases where level < threshold {
            logger.log(level: level, counter.message(), metadata: counter.metadataValue(), source: counter.source())
        }
        logger.trace(counter.message(), metadata: counter.metadataValue(), source: counter.source())
        if threshold > .debug {
            logger.debug(counter.message(), metadata: counter.metadataValue(), source: counter.source())
        }
        #expect(counter.messages == 0)
        #expect(counter.metadata == 0)
        #expect(counter.sources == 0)
        #expect(capture.records.isEmpty)
    }

    @Test("at an enabled level, each autoclosure runs exactly once")
    func enabledLevelEvaluatesOnce() {
        let capture = CapturingLogHandler(logLevel: .info)
        let logger = Logger(label: "test", handler: capture)
        let counter = Counter()
        logger.warning(counter.message(), metadata: counter.metadataValue(), source: counter.source())
        #expect(counter.messages == 1)
        #expect(counter.metadata == 1)
        #expect(counter.sources == 1)
        #expect(capture.records.count == 1)
    }

    @Test("an interpolated message below the level is never described")
    func interpolationIsLazy() {
        struct Expensive: CustomStringConvertible {
            let counter: Counter
            var description: String {
                counter.messages += 1
                return "expensive"
            }
        }
        let counter = Counter()
        let logger = Logger(label: "test", handler: CapturingLogHandler(logLevel: .error))
        logger.info("value \(Expensive(counter: counter))")
        #expect(counter.messages == 0)
        logger.error("value \(Expensive(counter: counter))")
        #expect(counter.messages == 1)
    }
}
