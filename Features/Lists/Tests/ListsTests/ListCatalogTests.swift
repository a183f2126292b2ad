import Foundation
import TestSupport
import Testing

@testable import Lists

/// The first summaries from `updates` that satisfy `condition`, waiting at most `seconds` (then an issue is
/// recorded and nil returned). The catalog publishes on its own as the watcher reports changes; the test only waits.
func firstSummaries(
    of catalog: ListCatalog, within seconds: Int, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    where condition: @escaping @Sendable ([ListSummary]) -> Bool
) async -> [ListSummary]? {
    let updates = await catalog.updates()
    let found: [ListSummary]?? = await bounded(
        seconds: seconds, what: "summaries where \(what)", sourceLocation: sourceLocation
    ) {
        for await summaries in updates where condition(summaries) { return summaries }
        return nil
    }
    return found ?? nil
}

@Suite struct ListCatalogTests {
    @Test func summariesCountLiveItemsAndConflictCopiesAndNameABrokenManifest() async throws {
        try await withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "Weekly", title: "Groceries", stamp: stamp(1))
            let removed = try package.update { document in
                try document.addItem(productID: "p1", stamp: stamp(2))
                try document.addItem(productID: "p2", stamp: stamp(3))
                return try document.addItem(productID: "p3", stamp: stamp(4))
            }
            try package.update { try $0.removeItem(removed.id, stamp: stamp(5)) }
            try put("{}", at: "manifest.sync-conflict-20261201-101500-ABCDEFG.json", in: package.directory)
            let broken = try ListPackage.create(in: folder, name: "Broken", title: "B", stamp: stamp(1))
            try put("not json", at: "manifest.json", in: broken.directory)
            try FileManager().createDirectory(
                at: folder.appendingPathComponent("notes"), withIntermediateDirectories: false)

            let summaries = await ListCatalog(folder: folder).refresh()
            #expect(summaries.map(\.name) == ["Broken", "Weekly"])
            let weekly = try #require(summaries.last)
            #expect(weekly.title == "Groceries")
            #expect(weekly.itemCount == 2)
            #expect(weekly.conflictCount == 1)
            #expect(weekly.problem == nil)
            #expect(weekly.modifiedAtMilliseconds >= 5)
            let bad = try #require(summaries.first)
            #expect(bad.title == nil)
            #expect(bad.problem?.contains("manifest.json") == true)
        }
    }

    @Test func theWatcherShowsAnotherProcesssWritesAListCreatedAndOneDeleted() async throws {
        try await withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "Shared", title: "Shared", stamp: stamp(1))
            let watcher = try ListFolderWatcher(folder: folder, mode: .inotify)
            defer { watcher.stop() }
            #expect(watcher.backend == .inotify)
            let catalog = ListCatalog(folder: folder)
            await catalog.watch(watcher)
            _ = await firstSummaries(of: catalog, within: 30, "the list is listed") { $0.map(\.name) == ["Shared"] }

            let writer = try WriterProcess([package.directory.path, "3", "writer-a"])
            #expect(await writer.readLines(within: 60).count == 3)
            #expect(await writer.exit(within: 10) == 0)
            _ = await firstSummaries(of: catalog, within: 30, "the writer's 3 items count") {
                $0.first?.itemCount == 3
            }

            _ = try ListPackage.create(in: folder, name: "Later", title: "A later list", stamp: stamp(9))
            _ = await firstSummaries(of: catalog, within: 30, "the new list appears") {
                $0.map(\.name) == ["Later", "Shared"]
            }
            try put(
                "{}", at: "items/\(ItemID().rawValue).sync-conflict-20261201-101500-ABCDEFG.json",
                in: package.directory)
            _ = await firstSummaries(of: catalog, within: 30, "the conflict copy is counted") {
                $0.last?.conflictCount == 1
            }
            try FileManager().removeItem(at: package.directory)
            _ = await firstSummaries(of: catalog, within: 30, "the deleted list is gone") {
                $0.map(\.name) == ["Later"]
            }
            await catalog.stopWatching()
        }
    }

    @Test func pollingSeesAReplacedFileWhenItsClockTicks() async throws {
        try await withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "Polled", title: "Polled", stamp: stamp(1))
            let clock = ManualClock()
            let watcher = try ListFolderWatcher(
                folder: folder, mode: .polling(interval: .seconds(2), clock: clock))
            defer { watcher.stop() }
            #expect(watcher.backend == .polling)
            let catalog = ListCatalog(folder: folder)
            await catalog.watch(watcher)
            _ = await firstSummaries(of: catalog, within: 30, "the list is listed") { $0.first?.itemCount == 0 }
            try await clock.waitForSleepers(count: 1)
            try package.update { try $0.addItem(productID: "p1", stamp: stamp(2)) }
            clock.advance(by: .seconds(2))
            _ = await firstSummaries(of: catalog, within: 30, "the polled change is seen") {
                $0.first?.itemCount == 1
            }
        }
    }
}
