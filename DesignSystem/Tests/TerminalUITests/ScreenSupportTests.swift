import Testing

@testable import TerminalUI

@Suite("Screen support", .timeLimit(.minutes(1)))
struct ScreenSupportTests {
    @Test("no TERM, an empty TERM and TERM=dumb print lines only, each with its reason")
    func linesOnly() {
        #expect(Terminal.screenSupport(environment: [:]) == .linesOnly(reason: "TERM is not set"))
        #expect(Terminal.screenSupport(environment: ["TERM": ""]) == .linesOnly(reason: "TERM is not set"))
        #expect(Terminal.screenSupport(environment: ["TERM": "dumb"]) == .linesOnly(reason: "TERM is \"dumb\""))
    }

    @Test("terminals that address the cursor, and names terminfo does not know, get the full screen")
    func fullScreen() {
        for name in ["xterm-256color", "screen", "tmux-256color", "linux", "storefront-unknown-terminal"] {
            #expect(Terminal.screenSupport(environment: ["TERM": name]) == .fullScreen, "\(name)")
        }
    }

    @Test("the terminfo lookup tells an entry without cursor addressing from one with it and from none")
    func terminfoLookup() {
        #expect(Terminal.cursorAddressing(ofTerminfoEntry: "dumb") == 0)
        #expect(Terminal.cursorAddressing(ofTerminfoEntry: "xterm-256color") == 1)
        #expect(Terminal.cursorAddressing(ofTerminfoEntry: "storefront-unknown-terminal") == -1)
    }
}
