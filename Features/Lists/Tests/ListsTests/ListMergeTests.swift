import Foundation
import Lists
import TestSupport
import Testing

@Suite struct ListMergeTests {
    private func base() throws -> (ListDocument, ItemID) {
        var document = ListDocument(
            manifest: ListManifest(
                title: Stamped("Weekly", changed: stamp(1)), createdAtMilliseconds: 1, updatedAtMilliseconds: 1))
        let item = try document.addItem(productID: "p-1", quantity: 1, note: "", stamp: stamp(10))
        return (document, item.id)
    }

    @Test func itemsAddedOnBothSidesAreAllKept() throws {
        let (base, _) = try base()
        var mine = base
        var theirs = base
        let a = try mine.addItem(productID: "mine", stamp: stamp(20, "device-a"))
        let b = try theirs.addItem(productID: "theirs", stamp: stamp(21, "device-b"))
        let result = ListMerge.merge(base: base, mine: mine, theirs: theirs)
        #expect(Set(result.document.items.keys) == Set(base.items.keys).union([a.id, b.id]))
        #expect(result.conflicts.isEmpty)
        #expect(result.document.modifiedAtMilliseconds == 21)
    }

    @Test func differentFieldsOfOneItemBothSurvive() throws {
        let (base, id) = try base()
        var mine = base
        var theirs = base
        try mine.editItem(id, quantity: 4, stamp: stamp(20, "device-a"))
        try theirs.editItem(id, note: "the big one", stamp: stamp(30, "device-b"))
        let result = ListMerge.merge(base: base, mine: mine, theirs: theirs)
        let merged = try #require(result.document.items[id])
        #expect(merged.quantity == Stamped(4, changed: stamp(20, "device-a")))
        #expect(merged.note == Stamped("the big one", changed: stamp(30, "device-b")))
        #expect(result.conflicts.isEmpty)
    }

    @Test func theSameFieldKeepsTheLaterChangeAndRecordsTheOther() throws {
        let (base, id) = try base()
        var mine = base
        var theirs = base
        try mine.editItem(id, quantity: 2, stamp: stamp(40, "device-a"))
        try theirs.editItem(id, quantity: 7, stamp: stamp(30, "device-b"))
        let result = ListMerge.merge(base: base, mine: mine, theirs: theirs)
        #expect(result.document.items[id]?.quantity.value == 2)
        #expect(
            result.conflicts == [
                ListMergeConflict(
                    item: id, field: .quantity, kept: .number(2), keptStamp: stamp(40, "device-a"),
                    discarded: .number(7), discardedStamp: stamp(30, "device-b"))
            ])
    }

    @Test func equalTimesAreOrderedByDeviceId() throws {
        let (base, id) = try base()
        var mine = base
        var theirs = base
        try mine.editItem(id, note: "from a", stamp: stamp(50, "device-a"))
        try theirs.editItem(id, note: "from b", stamp: stamp(50, "device-b"))
        let result = ListMerge.merge(base: base, mine: mine, theirs: theirs)
        #expect(result.document.items[id]?.note.value == "from b")
        #expect(result.conflicts.map(\.discarded) == [.text("from a")])
    }

    @Test func theSameChangeOnBothSidesIsNoConflict() throws {
        let (base, id) = try base()
        var mine = base
        var theirs = base
        try mine.editItem(id, done: true, stamp: stamp(50, "device-a"))
        try theirs.editItem(id, done: true, stamp: stamp(60, "device-b"))
        let result = ListMerge.merge(base: base, mine: mine, theirs: theirs)
        #expect(result.document.items[id]?.done == Stamped(true, changed: stamp(60, "device-b")))
        #expect(result.conflicts.isEmpty)
    }

    @Test func theMergeIsSymmetric() throws {
        let (base, id) = try base()
        var mine = base
        var theirs = base
        try mine.editItem(id, quantity: 3, note: "a", stamp: stamp(50, "device-a"))
        try mine.rename(to: "Mine", stamp: stamp(55, "device-a"))
        try theirs.editItem(id, quantity: 5, done: true, stamp: stamp(50, "device-b"))
        try theirs.rename(to: "Theirs", stamp: stamp(52, "device-b"))
        try theirs.addItem(productID: "extra", stamp: stamp(53, "device-b"))
        let one = ListMerge.merge(base: base, mine: mine, theirs: theirs)
        let other = ListMerge.merge(base: base, mine: theirs, theirs: mine)
        #expect(one.document == other.document)
        #expect(one.document.manifest.title.value == "Mine")
        #expect(one.conflicts.map(\.field) == [.title, .quantity])
    }

    @Test func aDeletionMergesWithAnEditOfAnotherField() throws {
        let (base, id) = try base()
        var mine = base
        var theirs = base
        try mine.removeItem(id, stamp: stamp(20, "device-a"))
        try theirs.editItem(id, note: "later note", stamp: stamp(30, "device-b"))
        let result = ListMerge.merge(base: base, mine: mine, theirs: theirs)
        let merged = try #require(result.document.items[id])
        #expect(merged.deleted.value, "the deletion stands")
        #expect(merged.note.value == "later note", "and the tombstone keeps the other side's note")
        #expect(result.conflicts.isEmpty)
    }

    @Test func aPurgedItemStaysGoneUnlessTheOtherSideChangedIt() throws {
        let (base, id) = try base()
        var purged = base
        purged.items[id] = nil
        let untouched = ListMerge.merge(base: base, mine: base, theirs: purged)
        #expect(untouched.document.items[id] == nil)
        var edited = base
        try edited.editItem(id, quantity: 9, stamp: stamp(99, "device-a"))
        let kept = ListMerge.merge(base: base, mine: edited, theirs: purged)
        #expect(kept.document.items[id]?.quantity.value == 9)
    }

    @Test func aSessionMergesAnotherProcessesChangeOnSave() throws {
        try withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "L", title: "L", stamp: stamp(1))
            let item = try package.update { try $0.addItem(productID: "p", stamp: stamp(2)) }
            let loaded = try package.load().document
            // Another writer changes the note on disk while this session changes the quantity in memory.
            try package.update { try $0.editItem(item.id, note: "on disk", stamp: stamp(10, "device-b")) }
            var mine = loaded
            try mine.editItem(item.id, quantity: 6, stamp: stamp(11, "device-a"))
            let conflicts = try package.update { disk in
                let result = ListMerge.merge(base: loaded, mine: mine, theirs: disk)
                disk = result.document
                return result.conflicts
            }
            #expect(conflicts.isEmpty)
            let saved = try #require(try package.load().document.items[item.id])
            #expect(saved.quantity.value == 6)
            #expect(saved.note.value == "on disk")
        }
    }
}
