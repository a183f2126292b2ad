import DesignSystem
import GalleryCatalog
import SnapshotTestSupport
import TerminalUI
import Testing

/// Snapshots of the plain-text rendering of every component in its states at two widths, and of the whole
/// gallery in ANSI for each colour capability. Re-record with `RECORD_SNAPSHOTS=1` (see DesignSystem/README.md).
@Suite("Snapshots", .timeLimit(.minutes(1)))
struct SnapshotTests {
    static let entryNames = GalleryCatalog.entries().map(\.name)
    static let widths = [40, 80]

    @Test("plain text of every component at two widths", arguments: entryNames, widths)
    func componentPlainText(name: String, width: Int) throws {
        let entry = try #require(GalleryCatalog.entries().first { $0.name == name })
        let text = StyledTextRenderer(capability: .none).render(entry.render(width: width, theme: .unicode))
        expectSnapshot(text, fileName: "\(name).\(width).txt")
    }

    @Test(
        "the gallery in ANSI for each colour capability",
        arguments: [ColorCapability.ansi16, .ansi256, .truecolor]
    )
    func galleryANSI(capability: ColorCapability) {
        let text = StyledTextRenderer(capability: capability).render(Self.gallery(width: 80, theme: .unicode))
        expectSnapshot(text, fileName: "gallery.\(capability).ansi")
    }

    @Test("the gallery with ASCII symbols, as for a locale that is not UTF-8")
    func galleryASCII() {
        let text = StyledTextRenderer(capability: .none).render(Self.gallery(width: 60, theme: .ascii))
        expectSnapshot(text, fileName: "gallery.ascii.60.txt")
    }

    @Test("plain text has no escape byte, and every capability has its layout", arguments: ColorCapability.allCases)
    func sameLayoutEverywhere(capability: ColorCapability) {
        let lines = Self.gallery(width: 72, theme: .unicode)
        let plain = StyledTextRenderer(capability: .none).render(lines)
        #expect(!plain.utf8.contains(0x1B))
        let colored = StyledTextRenderer(capability: capability).render(lines)
        #expect(colored.replacing(#/\x1B\[[0-9;]*m/#, with: "") == plain)
    }

    static func gallery(width: Int, theme: Theme) -> [StyledLine] {
        GalleryCatalog.pages().flatMap { page in
            Heading(page.title).render(width: width, theme: theme) + page.render(width: width, theme: theme)
        }
    }
}
