import Foundation
import TestSupport
import Testing

@testable import Lists

/// Writes `value` as JSON to `path` in `directory`, as a sync tool leaves a conflict copy.
func dropCopy(_ value: some Encodable, at path: String, in directory: URL) throws {
    try JSONEncoder().encode(value).write(to: directory.appendingPathComponent(path))
}

@Suite struct ConflictResolutionTests {
    /// A list with one item and conflict copies of that item (note changed later elsewhere) and of the manifest
    /// (title changed later elsewhere).
    private func listWithCopies(in folder: URL) throws -> (ListPackage, ItemID) {
        let package = try ListPackage.create(in: folder, name: "Weekly", title: "Weekly", stamp: stamp(1))
        let item = try package.update { try $0.addItem(productID: "p-1", quantity: 2, stamp: stamp(2)) }
        var elsewhere = item
        elsewhere.note = Stamped("from the laptop", changed: stamp(50, "laptop"))
        try dropCopy(
            elsewhere, at: "items/\(item.id).sync-conflict-20261201-101500-LAPTOP1.json", in: package.directory)
        var manifest = try package.readManifest()
        manifest.title = Stamped("Weekly shop", changed: stamp(40, "laptop"))
        try dropCopy(manifest, at: "manifest (Ann's conflicted copy 2026-12-01).json", in: package.directory)
        return (package, item.id)
    }

    @Test func mergeTakesTheLaterFieldsAndRemovesTheCopies() throws {
        try withTemporaryDirectory { folder in
            let (package, item) = try listWithCopies(in: folder)
            try package.update { try $0.editItem(item, quantity: 7, note: "mine", stamp: stamp(30)) }
            #expect(try package.conflictCopies().count == 2, "listing the copies deletes nothing")
            let resolution = try package.resolveConflicts(.merge)
            #expect(resolution.removed.count == 2)
            #expect(resolution.kept.isEmpty)
            let document = try package.load().document
            #expect(document.items[item]?.quantity.value == 7, "a field changed only here stays")
            #expect(document.items[item]?.note.value == "from the laptop", "the later note wins")
            #expect(document.manifest.title.value == "Weekly shop")
            // A copy has no common base with the list, so every field whose values differ is recorded.
            #expect(Set(resolution.conflicts.map(\.field)) == [.note, .quantity, .title])
            #expect(resolution.conflicts.first { $0.field == .note }?.discarded == .text("mine"))
            #expect(try package.conflictCopies().isEmpty)
        }
    }

    @Test func keepMineDiscardsTheCopiesAndKeepTheirsTakesThem() throws {
        try withTemporaryDirectory { folder in
            let (mine, item) = try listWithCopies(in: folder.appendingPathComponent("a"))
            _ = try mine.resolveConflicts(.keepMine)
            #expect(try mine.load().document.items[item]?.note.value == "")
            #expect(try mine.conflictCopies().isEmpty)

            let (theirs, other) = try listWithCopies(in: folder.appendingPathComponent("b"))
            _ = try theirs.resolveConflicts(.keepTheirs)
            #expect(try theirs.load().document.items[other]?.note.value == "from the laptop")
            #expect(try theirs.load().document.manifest.title.value == "Weekly shop")
            #expect(try theirs.conflictCopies().isEmpty)
        }
    }

    @Test func anUnreadableCopyStaysUntilThePersonDiscardsIt() throws {
        try withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "L", title: "L", stamp: stamp(1))
            let name = "items/\(ItemID().rawValue).sync-conflict-20261201-101500-ABCDEFG.json"
            try put("torn {", at: name, in: package.directory)
            let merged = try package.resolveConflicts(.merge)
            #expect(merged.removed.isEmpty)
            #expect(merged.kept.map(\.path) == [name])
            #expect(try package.conflictCopies().count == 1)
            #expect(try package.resolveConflicts(.keepMine).removed.count == 1)
            #expect(try package.conflictCopies().isEmpty)
        }
    }
}
