import Foundation
import Lists
import TestSupport
import Testing

@Suite("list text written here is plain text", .timeLimit(.minutes(1)))
struct ListInputTests {
    @Test("a control character in a new title, a rename, a note or a product id is refused and nothing is written")
    func controlCharactersRefused() throws {
        try withTemporaryDirectory { folder in
            #expect(
                throws: ListError.invalidValue(
                    field: "title", reason: "contains the control character U+000A (line feed)")
            ) {
                try ListPackage.create(in: folder, name: "L", title: "two\nlines", stamp: stamp(1))
            }
            let package = try ListPackage.create(in: folder, name: "L", title: "L", stamp: stamp(1))
            #expect(
                throws: ListError.invalidValue(field: "title", reason: "contains the control character U+001B (ESC)")
            ) {
                try package.update { try $0.rename(to: "\u{1B}[31mL", stamp: stamp(2)) }
            }
            #expect(
                throws: ListError.invalidValue(field: "note", reason: "contains the control character U+0007 (bell)")
            ) {
                try package.update { try $0.addItem(productID: "p", note: "ding\u{7}", stamp: stamp(3)) }
            }
            #expect(
                throws: ListError.invalidValue(
                    field: "product_id", reason: "contains the control character U+0000 (NUL)")
            ) {
                try package.update { try $0.addItem(productID: "a\u{0}b", stamp: stamp(4)) }
            }
            let item = try package.update { try $0.addItem(productID: "p", note: "fine", stamp: stamp(5)) }
            #expect(throws: ListError.invalidValue(field: "note", reason: "contains the control character U+009B")) {
                try package.update { try $0.editItem(item.id, note: "\u{9B}2J", stamp: stamp(6)) }
            }
            let document = try package.load().document
            #expect(document.manifest.title.value == "L")
            #expect(document.liveItems.map(\.note.value) == ["fine"])
        }
    }

    @Test("a bidirectional control in a title, a rename or a note is refused like a control character")
    func bidiControlsRefused() throws {
        try withTemporaryDirectory { folder in
            #expect(
                throws: ListError.invalidValue(
                    field: "title", reason: "contains the control character U+202E (right-to-left override)")
            ) {
                try ListPackage.create(in: folder, name: "L", title: "gift\u{202E}txt.exe", stamp: stamp(1))
            }
            let package = try ListPackage.create(in: folder, name: "L", title: "L", stamp: stamp(1))
            #expect(
                throws: ListError.invalidValue(
                    field: "title", reason: "contains the control character U+2067 (right-to-left isolate)")
            ) {
                try package.update { try $0.rename(to: "a\u{2067}b", stamp: stamp(2)) }
            }
            #expect(
                throws: ListError.invalidValue(
                    field: "note", reason: "contains the control character U+200F (right-to-left mark)")
            ) {
                try package.update { try $0.addItem(productID: "p", note: "x\u{200F}", stamp: stamp(3)) }
            }
            #expect(try package.load().document.manifest.title.value == "L")
            #expect(try package.load().document.liveItems.isEmpty)
        }
    }
}
