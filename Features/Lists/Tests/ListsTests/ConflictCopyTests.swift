import Foundation
import Lists
import TestSupport
import Testing

@Suite struct ConflictCopyTests {
    @Test(
        arguments: [
            (
                "manifest.sync-conflict-20261201-101500-ABCDEFG.json", "manifest.json", SyncTool.syncthing,
                "ABCDEFG", "20261201"
            ),
            ("notes.sync-conflict-20261201-101500.txt", "notes.txt", .syncthing, nil, "20261201"),
            (
                "archive.tar.sync-conflict-20261201-101500-Q2RSTUV.gz", "archive.tar.gz", .syncthing, "Q2RSTUV",
                "20261201"
            ),
            ("README.sync-conflict-20261201-101500-ABCDEFG", "README", .syncthing, "ABCDEFG", "20261201"),
            (
                "manifest (Jane's conflicted copy 2026-12-01).json", "manifest.json", .conflictedCopy, "Jane",
                "2026-12-01"
            ),
            (
                "manifest (Jane Doe's conflicted copy 2026-12-01 (1)).json", "manifest.json", .conflictedCopy,
                "Jane Doe", "2026-12-01"
            ),
            ("manifest (conflicted copy 2026-12-01 101500).json", "manifest.json", .conflictedCopy, nil, "2026-12-01"),
        ] as [(String, String, SyncTool, String?, String)])
    func conflictNamesAreRecognised(name: String, original: String, tool: SyncTool, device: String?, date: String)
        throws
    {
        let copy = try #require(ConflictCopy(fileName: name, folder: "items"))
        #expect(copy.path == "items/\(name)")
        #expect(copy.originalPath == "items/\(original)")
        #expect(copy.tool == tool)
        #expect(copy.device == device)
        #expect(copy.date == date)
    }

    @Test(arguments: [
        "manifest.json", "sync-conflict.json", "a.sync-conflict-2026-101500-ABCDEFG.json", "conflicted copy.json",
        "notes (copy 2026-12-01).json", ".manifest.json.123.456.tmp",
    ])
    func ordinaryNamesAreNotConflicts(name: String) {
        #expect(ConflictCopy(fileName: name) == nil)
    }

    @Test func copiesInAListAreListedAndLeftAlone() throws {
        try withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "L", title: "L", stamp: stamp(1))
            let item = try package.update { try $0.addItem(productID: "p", stamp: stamp(2)) }
            let itemCopy = "items/\(item.id).sync-conflict-20261201-101500-ABCDEFG.json"
            let manifestCopy = "manifest (Jane's conflicted copy 2026-12-01).json"
            try FileManager().copyItem(
                at: package.itemURL(item.id), to: package.directory.appendingPathComponent(itemCopy))
            try FileManager().copyItem(
                at: package.manifestURL, to: package.directory.appendingPathComponent(manifestCopy))
            let copies = try package.conflictCopies()
            #expect(copies.map(\.path) == [itemCopy, manifestCopy].sorted())
            #expect(Set(copies.map(\.originalPath)) == ["items/\(item.id).json", "manifest.json"])
            let loaded = try package.load()
            #expect(loaded.document.liveItems.map(\.id) == [item.id], "a copy is not a second item")
            #expect(loaded.problems.isEmpty)
            try package.update { try $0.addItem(productID: "q", stamp: stamp(3)) }
            #expect(try package.conflictCopies() == copies, "writes never touch the copies")
        }
    }
}
