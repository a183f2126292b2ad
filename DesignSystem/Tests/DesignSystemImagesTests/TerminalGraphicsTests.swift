import DesignSystemImages
import TerminalUI
import Testing

@Suite("Pictures in sixel and kitty graphics (libchafa)", .timeLimit(.minutes(3)))
struct TerminalGraphicsTests {
    @Test("sixel output is one DCS string and kitty output APC strings, each ended by ST")
    func protocolsFrameTheirSequences() throws {
        let renderer = TerminalImageRenderer(capability: .truecolor)
        let sixel = try #require(
            renderer.renderGraphics(
                pixels: TerminalImageRendererTests.quadrants, width: 160, height: 80, columns: 20, rows: 10,
                graphics: .sixel))
        #expect(sixel.contains("\u{1B}P") && sixel.contains("q"), "\(sixel.prefix(40).debugDescription)")
        #expect(sixel.contains("\u{1B}\\"))
        // A sixel image of red, green, blue and white declares those colours in its palette (percentages).
        #expect(sixel.contains(";2;100;0;0") && sixel.contains(";2;0;0;100"), "\(sixel.prefix(200).debugDescription)")

        let kitty = try #require(
            renderer.renderGraphics(
                pixels: TerminalImageRendererTests.quadrants, width: 160, height: 80, columns: 20, rows: 10,
                graphics: .kitty))
        #expect(kitty.hasPrefix("\u{1B}_G"), "\(kitty.prefix(40).debugDescription)")
        #expect(kitty.contains("\u{1B}\\"))
        #expect(
            renderer.renderGraphics(pixels: [0, 0], width: 4, height: 4, columns: 2, rows: 2, graphics: .kitty)
                == nil)
    }

    @Test(
        "the protocol comes from the environment; NO_COLOR and TERM=dumb get none",
        arguments: [
            (["KITTY_WINDOW_ID": "1", "TERM": "xterm-256color"], TerminalGraphicsProtocol.kitty),
            (["TERM": "xterm-kitty"], .kitty),
            (["TERM_PROGRAM": "WezTerm", "TERM": "xterm-256color"], .kitty),
            (["TERM_PROGRAM": "iTerm.app"], .sixel),
            (["TERM": "foot"], .sixel),
            (["TERM": "mlterm"], .sixel),
        ])
    func detection(environment: [String: String], expected: TerminalGraphicsProtocol) {
        #expect(TerminalGraphicsProtocol.detect(environment: environment) == expected)
    }

    @Test("nothing is detected for plain terminals, NO_COLOR or TERM=dumb; DA1 answers are read for attribute 4")
    func noDetection() {
        #expect(TerminalGraphicsProtocol.detect(environment: ["TERM": "xterm-256color"]) == nil)
        #expect(TerminalGraphicsProtocol.detect(environment: ["TERM": "foot", "NO_COLOR": "1"]) == nil)
        #expect(TerminalGraphicsProtocol.detect(environment: ["KITTY_WINDOW_ID": "3", "TERM": "dumb"]) == nil)
        #expect(TerminalGraphicsProtocol.answerListsSixel("\u{1B}[?63;1;2;4;6;9;15;22c"))
        #expect(!TerminalGraphicsProtocol.answerListsSixel("\u{1B}[?62;1;2;6;22c"))
        #expect(!TerminalGraphicsProtocol.answerListsSixel("\u{1B}[?64;14c"))
        #expect(!TerminalGraphicsProtocol.answerListsSixel("garbage"))
    }
}
