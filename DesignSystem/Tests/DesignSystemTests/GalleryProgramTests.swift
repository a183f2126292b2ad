import Glibc
import TerminalTesting
import TerminalUI
import Testing

/// Runs the `gallery` program: piped, where it prints plain text, and under a pseudo-terminal, where it is
/// interactive.
@Suite("gallery program", .timeLimit(.minutes(3)))
struct GalleryProgramTests {
    static let componentNames = [
        "Text", "Heading", "TabBar", "Menu", "KeyHints", "ListRow", "List", "FilterList", "Table", "Badge", "Banner",
        "Spinner", "ProgressBar", "TextField", "Card", "EmptyState", "ScrollView",
    ]

    private func runGallery(_ arguments: [String], environment: [String: String]) throws -> (ProcessStatus, String) {
        let gallery = try TestProcess.builtProduct("gallery")
        let result = try TestProcess.run(gallery, arguments, environment: environment)
        return (result.status, result.outputText)
    }

    @Test("piped, it prints every component at the given width with no escape byte")
    func piped() throws {
        let (status, output) = try runGallery(
            [], environment: ["TERM": "xterm-256color", "COLUMNS": "72", "LANG": "C.UTF-8"])
        #expect(status == .exited(0))
        #expect(!output.utf8.contains(0x1B))
        for name in Self.componentNames { #expect(output.contains("\n\(name)  "), "\(name) missing") }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { CellWidth.of($0) <= 72 })
        #expect(lines.contains { CellWidth.of($0) == 72 })
    }

    @Test("forced colour has the same layout as plain text")
    func forcedColour() throws {
        let environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8"]
        let (_, plain) = try runGallery(["--width", "50"], environment: environment)
        var colourEnvironment = environment
        colourEnvironment["FORCE_COLOR"] = "3"
        let (status, colored) = try runGallery(["--width", "50"], environment: colourEnvironment)
        #expect(status == .exited(0))
        #expect(colored.contains("\u{1B}[0;1;38;2;"))
        #expect(colored.replacing(#/\x1B\[[0-9;]*m/#, with: "") == plain)
        colourEnvironment["NO_COLOR"] = "1"
        let (_, noColor) = try runGallery(["--width", "50"], environment: colourEnvironment)
        #expect(noColor == plain)
    }

    @Test("without a UTF-8 locale it uses ASCII symbols only")
    func asciiLocale() throws {
        let (status, output) = try runGallery(["--width", "60"], environment: ["LANG": "C"])
        #expect(status == .exited(0))
        // The samples' own text has non-ASCII characters; the symbols the components draw must not.
        let unicodeSymbols = Set("•›─│┃╭╮╯╰◉○ℹ⚠✖✓█░◌⠋".unicodeScalars)
        #expect(!output.unicodeScalars.contains { unicodeSymbols.contains($0) })
        #expect(output.contains("+- Order 1042 "))
    }

    @Test("an unknown option is a usage error (EX_USAGE)")
    func usage() throws {
        let (status, _) = try runGallery(["--bogus"], environment: [:])
        #expect(status == .exited(64))
    }

    @Test("on a terminal it is interactive: pages switch with keys, q quits, the settings come back")
    func interactive() throws {
        let terminal = try PseudoTerminal(columns: 90, rows: 30)
        let before = try terminal.sttySettings()
        let gallery = try TestProcess.builtProduct("gallery")
        let process = try terminal.spawn(
            gallery,
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no"]
        )
        var mark = try terminal.waitForOutput("Heading")
        terminal.type("\u{1B}[C")  // right arrow: the Navigation page
        mark = try terminal.waitForOutput("TabBar", after: mark)
        terminal.type("4")
        mark = try terminal.waitForOutput("Table", after: mark)
        #expect(try terminal.sttySettings() != before)
        terminal.type("q")
        #expect(try process.wait() == .exited(0))
        #expect(try terminal.sttySettings() == before)
    }

    @Test("--results N --mouse: a typed filter, a clicked row and the wheel, and mouse reporting off after q")
    func resultsWithMouse() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        let before = try terminal.sttySettings()
        let gallery = try TestProcess.builtProduct("gallery")
        // Without colour, so each row's text is contiguous in the output.
        let process = try terminal.spawn(
            gallery, ["--results", "10000", "--mouse"],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "NO_COLOR": "1", "SWIFT_BACKTRACE": "enable=no"]
        )
        var mark = try terminal.waitForOutput("10,000")
        #expect(terminal.transcriptText.contains("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"))
        terminal.type("/lamp")
        mark = try terminal.waitForOutput("1,000 of 10,000", after: mark)
        terminal.type("\r")
        // Screen row 6 (from 1): the title, the filter line, then the fourth match.
        terminal.type("\u{1B}[<0;5;6M\u{1B}[<0;5;6m")
        mark = try terminal.waitForOutput("› Brass lamp No. 4", after: mark)
        terminal.type("\u{1B}[<65;5;6M")
        mark = try terminal.waitForOutput("› Crème lamp No. 5", after: mark)
        terminal.type("q")
        #expect(try process.wait() == .exited(0))
        try terminal.waitForOutput("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l", after: mark)
        #expect(try terminal.sttySettings() == before)
    }
}
