import Foundation
import Logging
import Testing

@Suite("levels and filtering")
struct LevelTests {
    @Test("levels are ordered from trace to critical")
    func order() {
        #expect(Logger.Level.allCases == [.trace, .debug, .info, .notice, .warning, .error, .critical])
        #expect(Logger.Level.allCases.sorted() == Logger.Level.allCases)
        #expect(Logger.Level.trace < .debug)
        #expect(Logger.Level.error < .critical)
        #expect(!(Logger.Level.warning < .info))
    }

    @Test("names parse ignoring case and blanks; warn means warning")
    func parsing() throws {
        #expect(Logger.Level(name: "INFO") == .info)
        #expect(Logger.Level(name: " debug\n") == .debug)
        #expect(Logger.Level(name: "Warn") == .warning)
        #expect(Logger.Level(name: "loud") == nil)
        #expect(Logger.Level(name: "") == nil)
        #expect(try Logger.Level(parsing: "Critical") == .critical)
    }

    @Test("a bad level name throws an error that lists the accepted names")
    func parsingError() {
        #expect(throws: LogLevelParseError(text: "loud")) { try Logger.Level(parsing: "loud") }
        let message = LogLevelParseError(text: "loud").description
        #expect(
            message
                == "invalid log level 'loud' (expected one of: trace, debug, info, notice, warning, error, critical)")
    }

    @Test("levels encode and decode as their names")
    func codable() throws {
        let data = try JSONEncoder().encode([Logger.Level.notice, .error])
        #expect(String(decoding: data, as: UTF8.self) == #"["notice","error"]"#)
        #expect(try JSONDecoder().decode([Logger.Level].self, from: data) == [.notice, .error])
    }

    @Test("a logger writes exactly the records at or above its level", arguments: Logger.Level.allCases)
    func filtering(threshold: Logger.Level) {
        let capture = CapturingLogHandler()
        var logger = Logger(label: "test", handler: capture)
        logger.logLevel = threshold
        logger.trace("trace")
        logger.debug("debug")
        logger.info("info")
        logger.notice("notice")
        logger.warning("warning")
        logger.error("error")
        logger.critical("critical")
        for level in Logger.Level.allCases {
            logger.log(level: level, "via log")
        }
        let expected = Logger.Level.allCases.filter { $0 >= threshold }
        #expect(capture.records.map(\.level) == expected + expected)
        #expect(Array(capture.messages.prefix(expected.count)) == expected.map(\.rawValue))
    }

    @Test("the logger's level is the handler's level")
    func levelLivesInHandler() {
        var logger = Logger(label: "test", handler: CapturingLogHandler(logLevel: .error))
        #expect(logger.logLevel == .error)
        logger.logLevel = .debug
        #expect(logger.handler.logLevel == .debug)
    }
}
