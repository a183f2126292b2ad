import Foundation
import TestSupport
import Testing

@testable import Lists

@Suite struct ListSessionTests {
    /// A list `Shared` with one item (quantity 1, no note).
    private func sharedList(in folder: URL) throws -> (ListPackage, ItemID) {
        let package = try ListPackage.create(in: folder, name: "Shared", title: "Shared", stamp: stamp(1))
        let item = try package.update { try $0.addItem(productID: "p-1", stamp: stamp(2)) }
        return (package, item.id)
    }

    private func fixedNow(_ milliseconds: Int64) -> @Sendable () -> Date {
        { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
    }

    @Test func twoProcessesChangingTheQuantityAndTheNoteOfOneItemKeepBoth() async throws {
        try await withTemporaryDirectory { folder in
            let (package, item) = try sharedList(in: folder)
            let writers = try ["device-a", "device-b"].map {
                try WriterProcess(["session", package.directory.path, $0])
            }
            for writer in writers { #expect(await writer.readLines(1, within: 60) == ["opened"]) }
            // Both opened the same version; each changes one field without having seen the other's change.
            writers[0].send("quantity \(item) 5")
            #expect(await writers[0].readLines(1, within: 60) == ["saved conflicts=0"])
            writers[1].send("note \(item) ripe ones")
            #expect(await writers[1].readLines(1, within: 60) == ["saved conflicts=0"])
            let merged = try #require(try package.load().document.items[item])
            #expect(merged.quantity.value == 5)
            #expect(merged.note.value == "ripe ones")

            // The same field on both sides: the later change is kept, the other recorded by the later writer.
            writers[0].send("refresh")
            writers[1].send("refresh")
            #expect(await writers[0].readLines(1, within: 60) == ["refreshed conflicts=0"])
            #expect(await writers[1].readLines(1, within: 60) == ["refreshed conflicts=0"])
            writers[0].send("note \(item) from a")
            #expect(await writers[0].readLines(1, within: 60) == ["saved conflicts=0"])
            writers[1].send("note \(item) from b")
            #expect(await writers[1].readLines(1, within: 60) == ["saved conflicts=1"])
            #expect(try package.load().document.items[item]?.note.value == "from b")
            for writer in writers {
                writer.closeInput()
                #expect(await writer.exit(within: 10) == 0)
            }
        }
    }

    @Test func aPeersChangeSeenByTheWatcherIsMergedIntoTheOpenSession() async throws {
        try await withTemporaryDirectory { folder in
            let (package, item) = try sharedList(in: folder)
            let watcher = try ListFolderWatcher(folder: folder, mode: .inotify)
            defer { watcher.stop() }
            let catalog = ListCatalog(folder: folder)
            let session = try ListSession(package: package, device: device("device-a"), now: fixedNow(10))
            await session.follow(catalog)
            await catalog.watch(watcher)
            let updates = await session.updates()
            try await session.edit { document, stamp in try document.editItem(item, quantity: 3, stamp: stamp) }
            // Another process (a second package value has its own lock) changes the note.
            try ListPackage(directory: package.directory).update {
                try $0.editItem(item, note: "peer", stamp: stamp(20, "device-b"))
            }
            let seen = await bounded(seconds: 30, what: "the peer's note in the session") { () -> ListSessionState? in
                for await state in updates where state.document.items[item]?.note.value == "peer" { return state }
                return nil
            }
            #expect(seen??.document.items[item]?.quantity.value == 3)
            await session.close()
            await catalog.stopWatching()
        }
    }

    @Test func anItemChangeLeavesTheManifestAloneAndARenameWritesIt() async throws {
        try await withTemporaryDirectory { folder in
            let (package, item) = try sharedList(in: folder)
            let before = try #require(FileStamp(path: package.manifestURL.path))
            let session = try ListSession(package: package, device: device("device-a"), now: fixedNow(10))
            try await session.edit { document, stamp in try document.editItem(item, quantity: 4, stamp: stamp) }
            try await session.edit { document, stamp in
                try document.addItem(productID: "p-2", stamp: stamp)
            }
            #expect(FileStamp(path: package.manifestURL.path) == before, "the manifest was not rewritten")
            #expect(try package.load().document.liveItems.count == 2)
            try await session.edit { document, stamp in try document.rename(to: "Renamed", stamp: stamp) }
            #expect(FileStamp(path: package.manifestURL.path) != before)
            #expect(try package.load().document.manifest.title.value == "Renamed")
        }
    }

    @Test func aListDeletedWhileOpenIsReportedAndCanBeSavedAsACopy() async throws {
        try await withTemporaryDirectory { folder in
            let (package, item) = try sharedList(in: folder)
            let session = try ListSession(package: package, device: device("device-a"), now: fixedNow(10))
            try await session.edit { document, stamp in try document.editItem(item, note: "keep me", stamp: stamp) }
            try FileManager().removeItem(at: package.directory)
            await session.peerChanged()
            #expect(await session.state.isDeleted)
            await #expect(throws: ListError.listDeleted(path: package.directory.path)) {
                try await session.edit { document, stamp in try document.editItem(item, quantity: 2, stamp: stamp) }
            }
            let copy = try await session.saveCopy(named: "Shared copy")
            let loaded = try copy.load().document
            #expect(loaded.manifest.title.value == "Shared")
            #expect(loaded.items[item]?.note.value == "keep me")
        }
    }
}
