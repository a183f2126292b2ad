import DesignSystem
import GalleryCatalog
import TerminalUI
import Testing

@Suite("Gallery view")
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

    @Test("keys switch pages and scroll; other keys are left to the program")
    func keys() {
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
        #expect(view.handle(KeyEvent(.down)) == .handled)
        #expect(view.scrollOffset == 1)
        #expect(view.handle(KeyEvent(.end)) == .handled)
        _ = view.render(size: size)
        let bottom = view.scrollOffset
        #expect(bottom > 1)
        #expect(view.handle(KeyEvent(.down)) == .handled)
        _ = view.render(size: size)
        #expect(view.scrollOffset == bottom)
        #expect(view.handle(.character("q")) == .ignored)
        #expect(view.handle(.character("9")) == .ignored)
    }
}
