import Foundation
import Glibc
import TerminalTesting
import Testing

/// A storm of 1,000 window size changes leaves the screen exactly as a fresh start at the final size draws it.
///
/// The terminal is tmux (a real terminal emulator, Debian's package; `capture-pane -e` reads its screen back with
/// the colours, compared cell by cell: `TerminalScreen`): `gallery --results 10000` runs in a 120x40 pane. The test first tells it the window is 80x24 (so
/// its screen shows `80×24`, and a screen that never saw the storm cannot pass), then sets 999 other sizes on the
/// pane's terminal (`TIOCSWINSZ`, each a SIGWINCH to the gallery), then 120x40. Most come back to back, so their
/// signals coalesce; every hundred sizes the test makes frames of other sizes really reach the terminal: 300x80
/// (waiting until the screen changes: tmux keeps its 120x40 grid, so that frame leaves wrapped, clipped and
/// scrolled rows behind, as a terminal mid-resize does), then a small size (waiting until it shows). A second pane
/// started at 120x40 is the fresh render; the two screens (text, colours, cursor) must become equal, and stay
/// equal when both are then given the same keys.
@Suite("A resize storm under tmux", .timeLimit(.minutes(3)))
struct ResizeStormTests {
    static let final = (columns: 120, rows: 40)

    @Test("1,000 resizes back to back leave the screen a fresh start at the final size draws")
    func stormLeavesFreshScreen() throws {
        let gallery = try TestProcess.builtProduct("gallery")
        let tmux = try TmuxServer(columns: Self.final.columns, rows: Self.final.rows)
        let command = "'\(gallery)' --results 10000"
        let sizeText = "\(Self.final.columns)×\(Self.final.rows)"
        try tmux.start("storm", command)
        try tmux.waitForScreen("storm") { $0.contains(sizeText) && $0.contains("10,000") }
        let paneTerminal = try tmux.run(["display-message", "-p", "-t", "storm", "#{pane_tty}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let descriptor = open(paneTerminal, O_RDWR | O_NOCTTY)
        try #require(descriptor >= 0, "cannot open \(paneTerminal)")
        defer { close(descriptor) }
        func resize(_ size: (columns: Int, rows: Int)) {
            var window = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
            #expect(ioctl(descriptor, UInt(TIOCSWINSZ), &window) == 0)
        }
        resize((columns: 80, rows: 24))
        try tmux.waitForScreen("storm") { $0.contains("80×24") }
        var sizes: [(columns: Int, rows: Int)] = []
        var index = 0
        while sizes.count < 999 {
            let size = (columns: 40 + (index * 97) % 261, rows: 12 + (index * 31) % 69)
            if size != Self.final { sizes.append(size) }
            index += 1
        }
        for (index, size) in (sizes + [Self.final]).enumerated() {
            switch index % 100 {
            case 50:
                let before = try tmux.screen("storm")
                resize((columns: 300, rows: 80))
                try tmux.waitForScreen("storm") { $0 != before }
            case 51:
                let small = (columns: 60 + index / 100, rows: 20)
                resize(small)
                try tmux.waitForScreen("storm") { $0.contains("\(small.columns)×\(small.rows)") }
            default:
                resize(size)
            }
        }
        try tmux.start("fresh", command)
        let fresh = try tmux.waitForScreen("fresh") { $0.contains(sizeText) && $0.contains("10,000") }
        var stormed = ""
        do {
            stormed = try tmux.waitForScreen("storm") { $0 == fresh }
        } catch {
            Issue.record(
                "after the storm the screen is not the fresh one:\n\(try tmux.screen("storm"))\nfresh:\n\(fresh)")
        }
        #expect(stormed == fresh)
        // Not trivially equal: the screen has the list, its colours, and the frame of the final size.
        #expect(fresh.contains("fg ") && fresh.contains("Desk lamp No. 1") && fresh.contains(sizeText))
        // Both still answer alike: the same keys give the same screen.
        for session in ["storm", "fresh"] { try tmux.run(["send-keys", "-t", session, "-l", "/crème"]) }
        let typed = try tmux.waitForScreen("fresh") { $0.contains("1,000 of 10,000") }
        try tmux.waitForScreen("storm") { $0 == typed }
    }
}
