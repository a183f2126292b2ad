import Glibc
import Testing

@testable import TerminalUI

@Suite("Colour capability and locale", .timeLimit(.minutes(1)))
struct ColorCapabilityTests {
    @Test(
        "capability from the environment",
        arguments: [
            ([:], true, ColorCapability.none),
            (["TERM": "xterm"], true, .ansi16),
            (["TERM": "xterm"], false, .none),
            (["TERM": "xterm-256color"], true, .ansi256),
            (["TERM": "screen-256color"], true, .ansi256),
            (["TERM": "xterm-direct"], true, .truecolor),
            (["TERM": "xterm-256color", "COLORTERM": "truecolor"], true, .truecolor),
            (["TERM": "xterm", "COLORTERM": "24bit"], true, .truecolor),
            (["TERM": "dumb"], true, .none),
            (["TERM": "dumb", "COLORTERM": "truecolor"], true, .none),
            (["TERM": "xterm-256color", "NO_COLOR": "1"], true, .none),
            (["TERM": "xterm-256color", "NO_COLOR": ""], true, .ansi256),  // empty NO_COLOR is not set
            (["TERM": "xterm", "NO_COLOR": "1", "FORCE_COLOR": "3"], true, .none),  // NO_COLOR wins
            (["FORCE_COLOR": "1"], false, .ansi16),
            (["FORCE_COLOR": ""], false, .ansi16),
            (["FORCE_COLOR": "2"], false, .ansi256),
            (["FORCE_COLOR": "3"], false, .truecolor),
            (["FORCE_COLOR": "1", "TERM": "xterm-256color"], false, .ansi256),
            (["FORCE_COLOR": "0", "TERM": "xterm-256color"], true, .none),
            (["FORCE_COLOR": "false", "TERM": "xterm"], true, .none),
            (["CLICOLOR_FORCE": "1"], false, .ansi16),
            (["CLICOLOR_FORCE": "0", "TERM": "xterm"], false, .none),
            (["FORCE_COLOR": "1", "TERM": "dumb"], false, .ansi16),
        ] as [([String: String], Bool, ColorCapability)]
    )
    func detect(environment: [String: String], isTerminal: Bool, expected: ColorCapability) {
        #expect(ColorCapability.detect(environment: environment, isTerminal: isTerminal) == expected)
    }

    @Test(
        "UTF-8 locale from LC_ALL, LC_CTYPE and LANG, in that order",
        arguments: [
            ([:], false),
            (["LANG": "C.UTF-8"], true),
            (["LANG": "en_US.utf8"], true),
            (["LANG": "de_DE.UTF-8@euro"], true),
            (["LANG": "C"], false),
            (["LANG": "POSIX"], false),
            (["LANG": "en_US.ISO-8859-1"], false),
            (["LANG": "en_US.UTF-8", "LC_ALL": "C"], false),
            (["LANG": "C", "LC_CTYPE": "en_US.UTF-8"], true),
            (["LANG": "C", "LC_CTYPE": "en_US.UTF-8", "LC_ALL": ""], true),  // empty does not count
        ] as [([String: String], Bool)]
    )
    func locale(environment: [String: String], expected: Bool) {
        #expect(Terminal.localeIsUTF8(environment: environment) == expected)
    }

    @Test("a terminal over pipes is not interactive, has no colour, and takes its size from the environment")
    func terminalOverPipes() throws {
        var descriptors: [Int32] = [-1, -1]
        #expect(pipe(&descriptors) == 0)
        defer {
            for descriptor in descriptors { close(descriptor) }
        }
        let terminal = Terminal(
            inputDescriptor: descriptors[0],
            outputDescriptor: descriptors[1],
            environment: ["TERM": "xterm-256color", "COLUMNS": "132", "LINES": "40"]
        )
        #expect(!terminal.isInteractive)
        #expect(terminal.colorCapability == .none)
        #expect(terminal.size() == TerminalSize(columns: 132, rows: 40))
        let bare = Terminal(inputDescriptor: descriptors[0], outputDescriptor: descriptors[1], environment: [:])
        #expect(bare.size() == TerminalSize(columns: 80, rows: 24))
        #expect(throws: TerminalError.notATerminal) { try TerminalSession(terminal: terminal) }
    }
}
