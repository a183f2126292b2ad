import Foundation
import Lists
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(1))) struct ConflictCopyTests {
    /// A name a sync tool writes, and what it says: the file it copies, the tool, the device or person, the date.
    struct Named: Sendable, CustomTestStringConvertible {
        let name: String
        let original: String
        let tool: SyncTool
        let device: String?
        let date: String

        init(_ name: String, _ original: String, _ tool: SyncTool, _ device: String?, _ date: String) {
            (self.name, self.original, self.tool, self.device, self.date) = (name, original, tool, device, date)
        }

        var testDescription: String { name }
    }

    static let named: [Named] = [
        // Syncthing: `<stem>.sync-conflict-<date>-<time>-<device><.ext>`, the marker before the last extension.
        .init(
            "manifest.sync-conflict-20261201-101500-ABCDEFG.json", "manifest.json", .syncthing, "ABCDEFG", "20261201"),
        .init("manifest.sync-conflict-20261201-101500-.json", "manifest.json", .syncthing, nil, "20261201"),
        .init("notes.sync-conflict-20261201-101500.txt", "notes.txt", .syncthing, nil, "20261201"),
        .init("README.sync-conflict-20261201-101500-ABCDEFG", "README", .syncthing, "ABCDEFG", "20261201"),
        .init("README.sync-conflict-20261201-101500-", "README", .syncthing, nil, "20261201"),
        .init(
            "archive.tar.sync-conflict-20261201-101500-Q2RSTUV.gz", "archive.tar.gz", .syncthing, "Q2RSTUV", "20261201"),
        .init("v1.2.list.sync-conflict-20261231-235959-.json", "v1.2.list.json", .syncthing, nil, "20261231"),
        .init(".sync-conflict-20261201-101500-ABCDEFG.stignore", ".stignore", .syncthing, "ABCDEFG", "20261201"),
        .init(
            "Groceries (week 2).sync-conflict-20261130-000000-7ZZZZZZ.json", "Groceries (week 2).json", .syncthing,
            "7ZZZZZZ", "20261130"),
        // Nextcloud: ` (conflicted copy [<user> ]<date> <time>)` before the last extension.
        .init("manifest (conflicted copy 2026-12-01 101500).json", "manifest.json", .nextcloud, nil, "2026-12-01"),
        .init(
            "manifest (conflicted copy Jane Doe 2026-12-01 101500).json", "manifest.json", .nextcloud, "Jane Doe",
            "2026-12-01"),
        .init(
            "manifest (conflicted copy j.doe 2026-12-01 101500).json", "manifest.json", .nextcloud, "j.doe",
            "2026-12-01"),
        .init("README (conflicted copy 2026-12-01 101500)", "README", .nextcloud, nil, "2026-12-01"),
        .init(".hidden (conflicted copy 2026-12-01 101500)", ".hidden", .nextcloud, nil, "2026-12-01"),
        .init("archive.tar (conflicted copy 2026-12-01 101500).gz", "archive.tar.gz", .nextcloud, nil, "2026-12-01"),
        // ownCloud: `_conflict-<date>-<time>` before the last extension.
        .init("manifest_conflict-20261201-101500.json", "manifest.json", .ownCloud, nil, "20261201"),
        .init("README_conflict-20261201-101500", "README", .ownCloud, nil, "20261201"),
        .init("archive.tar_conflict-20261201-101500.gz", "archive.tar.gz", .ownCloud, nil, "20261201"),
        .init("my_notes_conflict-20261201-101500.txt", "my_notes.txt", .ownCloud, nil, "20261201"),
        // Dropbox: ` (<who>'s conflicted copy <date>[ (<n>)])` before the last extension.
        .init("manifest (Jane's conflicted copy 2026-12-01).json", "manifest.json", .dropbox, "Jane", "2026-12-01"),
        .init(
            "manifest (Jane Doe's conflicted copy 2026-12-01 (1)).json", "manifest.json", .dropbox, "Jane Doe",
            "2026-12-01"),
        .init(
            "manifest (LAPTOP-7's conflicted copy 2026-12-01).json", "manifest.json", .dropbox, "LAPTOP-7",
            "2026-12-01"),
        .init("README (Jane's conflicted copy 2026-12-01)", "README", .dropbox, "Jane", "2026-12-01"),
        .init("archive.tar (Jane's conflicted copy 2026-12-01).gz", "archive.tar.gz", .dropbox, "Jane", "2026-12-01"),
        // A copy of a copy: the outermost marker names the tool, and the original is the inner copy.
        .init(
            "a.sync-conflict-20261201-101500-ABCDEFG (conflicted copy 2026-12-02 090000).json",
            "a.sync-conflict-20261201-101500-ABCDEFG.json", .nextcloud, nil, "2026-12-02"),
        .init(
            "a (conflicted copy 2026-12-01 101500).sync-conflict-20261202-090000-ABCDEFG.json",
            "a (conflicted copy 2026-12-01 101500).json", .syncthing, "ABCDEFG", "20261202"),
    ]

    @Test(arguments: named)
    func conflictNamesAreRecognised(_ named: Named) throws {
        let copy = try #require(ConflictCopy(fileName: named.name, folder: "items"))
        #expect(copy.path == "items/\(named.name)")
        #expect(copy.originalPath == "items/\(named.original)")
        #expect(copy.tool == named.tool)
        #expect(copy.device == named.device)
        #expect(copy.date == named.date)
    }

    @Test(arguments: [
        "manifest.json", "conflict.json", "sync-conflict.json", "conflicted copy.json", ".manifest.json.123.456.tmp",
        "Conflict resolution (final).md", "notes_conflict.txt", "my_conflict-notes.txt", "a_conflict-2026-12-01.txt",
        "a_conflict-20261201.txt", "a_conflict-20261201-1015.txt", "_conflict-20261201-101500",
        "a.sync-conflict-2026-101500-ABCDEFG.json", "a.sync-conflict-20261201-101500-AB CD.json",
        "a.sync-conflict-20261301-101500-ABCDEFG.json", "a.sync-conflict-20261200-101500-ABCDEFG.json",
        "a.sync-conflict-20261201-241500-ABCDEFG.json", ".sync-conflict-20261201-101500-ABCDEFG",
        "notes (copy 2026-12-01).json", "notes (conflicted copy).json", "notes (conflicted copy 2026-12-01 10:15).json",
        "notes (conflicted copy 2026-13-01 101500).json", "notes (Jane's conflicted copy).json",
        "notes (conflicted copy 2026-12-01).json", "notes (Jane's conflicted copy 2026-12-01.json",
        "notes conflicted copy 2026-12-01.json",
        "How to resolve a conflicted copy (2026-12-01).md",
    ])
    func ordinaryNamesAreNotConflicts(name: String) {
        #expect(ConflictCopy(fileName: name) == nil)
    }

    @Test func everyToolHasItsOwnLabel() {
        #expect(SyncTool.allCases.map(\.displayName) == ["Syncthing", "Nextcloud", "ownCloud", "Dropbox"])
        #expect(Set(Self.named.map(\.tool)) == Set(SyncTool.allCases))
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
