import Logging
import Testing

@Suite("stream handler and colour")
struct StreamTests {
    @Test(
        "colour needs a terminal, NO_COLOR unset or empty, and TERM other than dumb",
        arguments: [
            (true, [:], true),
            (true, ["TERM": "xterm-256color"], true),
            (true, ["NO_COLOR": ""], true),
            (true, ["NO_COLOR": "1"], false),
            (true, ["NO_COLOR": "false"], false),
            (true, ["TERM": "dumb"], false),
            (true, ["TERM": "dumb", "NO_COLOR": ""], false),
            (false, [:], false),
            (false, ["TERM": "xterm"], false),
        ] as [(Bool, [String: String], Bool)]
    )
    func colorDecision(isTerminal: Bool, environment: [String: String], expected: Bool) {
        #expect(ColorPolicy.allowsColor(isTerminal: isTerminal, environment: environment) == expected)
        let handler = StreamLogHandler.writing(to: .standardError, isTerminal: isTerminal, environment: environment)
        #expect(handler.useColor == expected)
    }

    @Test("the standard-stream factories ask the stream itself and honour the environment")
    func standardFactories() {
        #expect(!StreamLogHandler.standardError(environment: ["NO_COLOR": "1"]).useColor)
        #expect(!StreamLogHandler.standardOutput(environment: ["TERM": "dumb"]).useColor)
        let expected = StandardStream.standardError.isTerminal()
        #expect(StreamLogHandler.standardError(environment: [:]).useColor == expected)
    }

    @Test("a line holds level, label, message, sorted metadata and the call site")
    func lineFormat() {
        let output = MemoryOutput()
        var logger = Logger(label: "storefront.feed", handler: StreamLogHandler(output: output, useColor: false))
        logger[metadataKey: "request"] = "r1"
        let line = #line + 1
        logger.warning("page dropped a post", metadata: ["reason": "missing id", "count": "2", "empty": ""])
        logger.debug("below the default level")
        #expect(
            output.text
                == "warning [storefront.feed] page dropped a post count=2 empty=\"\" reason=\"missing id\" request=r1 "
                + "(LoggingTests/StreamTests.swift:\(line))\n"
        )
    }

    @Test("colour wraps the level in an SGR sequence only when enabled")
    func colorEscapes() {
        let plain = MemoryOutput()
        let colored = MemoryOutput()
        Logger(label: "c", handler: StreamLogHandler(output: plain, useColor: false)).error("boom")
        Logger(label: "c", handler: StreamLogHandler(output: colored, useColor: true)).error("boom")
        #expect(!plain.text.contains("\u{1B}"))
        #expect(colored.text.hasPrefix("\u{1B}[31merror\u{1B}[0m [c] boom"))
    }

    @Test("control characters are escaped so one record is one line and cannot drive the terminal")
    func controlCharacters() {
        let output = MemoryOutput()
        let logger = Logger(label: "multi\nline", handler: StreamLogHandler(output: output, useColor: false))
        logger.info("first\nsecond\r\u{1B}[2Jcleared\u{85}", metadata: ["key\t": "va\"lue"])
        #expect(output.lines.count == 1)
        #expect(!output.text.contains("\u{1B}"))
        #expect(output.text.contains(#"[multi\nline] first\nsecond\r\u{1B}[2Jcleared\u{85} key\t="va\"lue""#))
    }
}
