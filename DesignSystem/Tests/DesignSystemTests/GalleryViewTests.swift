import DesignSystem
import Foundation
import GalleryCatalog
import Observation
import TerminalUI
import Testing

@Suite("Gallery view", .timeLimit(.minutes(1)))
@MainActor
struct GalleryViewTests {
    @Test("a frame is exactly the screen's height, with the tab bar on top and the hints at the bottom")
    func frame() {
        let view = GalleryView(theme: .unicode)
        let lines = view.render(size: TerminalSize(columns: 60, rows: 20))
        #expect(lines.count == 20)
        #expect(lines[0].plainText.hasPrefix("[Text]"))
        #expect(lines[19].plainText == "←→ page · ↑↓ scroll · q quit")
        #expect(lines.allSatisfy { $0.width <= 60 })
    }

    @Test("rendering does not change observed state, so a redraw never triggers another")
    func renderingIsObservationNeutral() {
        let view = GalleryView(theme: .unicode)
        let size = TerminalSize(columns: 60, rows: 12)
        let changed = ChangeFlag()
        _ = withObservationTracking {
            view.render(size: size)
        } onChange: {
            changed.raise()
        }
        _ = view.render(size: size)
        #expect(!changed.isRaised)
        _ = view.handle(KeyEvent(.down))
        #expect(changed.isRaised)
    }

    @Test("keys switch pages and scroll; other keys are left to the program")
    func keys() throws {
        let view = GalleryView(theme: .unicode)
        let size = TerminalSize(columns: 60, rows: 12)
        _ = view.render(size: size)
        #expect(view.handle(KeyEvent(.right)) == .handled)
        #expect(view.pageIndex == 1)
        #expect(view.render(size: size)[0].plainText.contains("[Navigation]"))
        #expect(view.handle(KeyEvent(.left)) == .handled)
        #expect(view.handle(KeyEvent(.left)) == .handled)
        #expect(view.pageIndex == GalleryCatalog.pages().count - 1)
        #expect(view.handle(.character("4")) == .handled)
        #expect(view.pageIndex == 3)
        #expect(view.handle(.character("1")) == .handled)
        _ = view.render(size: size)
        #expect(view.handle(KeyEvent(.down)) == .handled)
        #expect(view.scrollOffset == 1)
        #expect(view.handle(KeyEvent(.end)) == .handled)
        let bottom = view.scrollOffset
        try #require(bottom > 8)
        #expect(view.handle(KeyEvent(.down)) == .handled)
        #expect(view.scrollOffset == bottom)
        #expect(view.handle(KeyEvent(.pageUp)) == .handled)
        #expect(view.scrollOffset == bottom - 8)
        #expect(view.handle(.character("q")) == .ignored)
        #expect(view.handle(.character("9")) == .ignored)
    }
}

/// A flag an observation callback raises from any thread.
private final class ChangeFlag: @unchecked Sendable {
    // @unchecked Sendable: `raised` is only read and written under `lock`.
    private let lock = NSLock()
    private var raised = false

    func raise() {
        lock.withLock { raised = true }
    }

    var isRaised: Bool { lock.withLock { raised } }
}
