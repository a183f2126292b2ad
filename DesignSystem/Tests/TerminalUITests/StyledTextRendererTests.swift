import Testing

@testable import TerminalUI

@Suite("Styled text renderer", .timeLimit(.minutes(1)))
struct StyledTextRendererTests {
    static let color = TerminalColor(ansi16: .brightBlue, ansi256: 33, rgb: RGB(hex: 0x3B82F6))
    static let line = StyledLine([
        Span("plain "),
        Span("bold blue", style: Style(foreground: color, attributes: .bold)),
        Span(" on ", style: .plain),
        Span("inverse", style: Style(background: color, attributes: [.inverse, .underline])),
    ])

    @Test("SGR parameters per capability (ECMA-48 8.3.117)")
    func sgrPerCapability() {
        let esc = "\u{1B}"
        #expect(StyledTextRenderer(capability: .none).render(Self.line) == "plain bold blue on inverse")
        #expect(
            StyledTextRenderer(capability: .ansi16).render(Self.line)
                == "plain \(esc)[0;1;94mbold blue\(esc)[0m on \(esc)[0;4;7;104minverse\(esc)[0m"
        )
        #expect(
            StyledTextRenderer(capability: .ansi256).render(Self.line)
                == "plain \(esc)[0;1;38;5;33mbold blue\(esc)[0m on \(esc)[0;4;7;48;5;33minverse\(esc)[0m"
        )
        #expect(
            StyledTextRenderer(capability: .truecolor).render(Self.line)
                == "plain \(esc)[0;1;38;2;59;130;246mbold blue\(esc)[0m on \(esc)[0;4;7;48;2;59;130;246minverse\(esc)[0m"
        )
    }

    @Test("basic colours use 30–37 and 40–47", arguments: ANSIColor.allCases)
    func basicColours(color: ANSIColor) {
        let terminalColor = TerminalColor(ansi16: color, ansi256: 0, rgb: RGB(hex: 0))
        let line = StyledLine("x", style: Style(foreground: terminalColor, background: terminalColor))
        let index = Int(color.rawValue)
        let (foreground, background) = index < 8 ? (30 + index, 40 + index) : (90 + index - 8, 100 + index - 8)
        #expect(
            StyledTextRenderer(capability: .ansi16).render(line) == "\u{1B}[0;\(foreground);\(background)mx\u{1B}[0m")
    }

    @Test("every capability has the plain layout once SGR sequences are removed", arguments: ColorCapability.allCases)
    func sameLayout(capability: ColorCapability) {
        let lines = [Self.line, StyledLine("東京 👩‍💻", style: .init(attributes: .cursor)), .empty]
        let plain = StyledTextRenderer(capability: .none).render(lines)
        let colored = StyledTextRenderer(capability: capability).render(lines)
        #expect(removingSGR(colored) == plain)
        #expect(!plain.utf8.contains(0x1B))
    }

    @Test("lines end in a newline each, and a plain span after a styled one resets")
    func blockOutput() {
        let renderer = StyledTextRenderer(capability: .ansi16)
        #expect(renderer.render([StyledLine("a"), StyledLine("b")]) == "a\nb\n")
        let line = StyledLine([Span("x", style: Style(attributes: .dim)), Span("y")])
        #expect(renderer.render(line) == "\u{1B}[0;2mx\u{1B}[0my")
    }
}

/// The text with every SGR sequence (`ESC [ digits and semicolons m`) removed.
func removingSGR(_ text: String) -> String {
    text.replacing(#/\x1B\[[0-9;]*m/#, with: "")
}
