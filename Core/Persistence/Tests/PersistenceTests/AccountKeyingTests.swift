import Foundation
import Persistence
import TestSupport
import Testing

@Suite("Accounts keyed by server instance, legacy adoption and the file lock")
struct AccountKeyingTests {
    @Test("a legacy account's directories move under every root; a root where the new one exists keeps both")
    func adoptLegacy() throws {
        let directory = try TemporaryDirectory()
        let layout = StorageLayout(rootDirectory: directory.url)
        let legacy = try StorageAccount(userID: "user_1")
        let keyed = try StorageAccount(instanceID: "srv_ab12", userID: "user_1")
        for root in [StorageLayout.Root.data, .config, .cache] {
            let file = layout.accountDirectory(for: legacy, in: root).appending(path: "\(root).txt")
            try FileManager().createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("old \(root)".utf8).write(to: file)
        }
        let existing = layout.accountDirectory(for: keyed, in: .cache).appending(path: "new.txt")
        try FileManager().createDirectory(at: existing.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("new".utf8).write(to: existing)
        #expect(try layout.hasFiles(of: legacy))

        let moved = try layout.adoptLegacyAccount(legacy, as: keyed)

        #expect(moved == [.data, .config])
        let data = layout.accountDirectory(for: keyed, in: .data).appending(path: "data.txt")
        #expect(try String(contentsOf: data, encoding: .utf8) == "old data")
        #expect(FileManager().fileExists(atPath: existing.path(percentEncoded: false)))
        let leftInCache = layout.accountDirectory(for: legacy, in: .cache).appending(path: "cache.txt")
        #expect(FileManager().fileExists(atPath: leftInCache.path(percentEncoded: false)))
        #expect(try layout.adoptLegacyAccount(legacy, as: keyed) == [], "nothing is merged into an existing directory")
        #expect(keyed.directoryName == "srv_ab12-user_1")
        #expect(
            layout.databaseURL(for: keyed).path(percentEncoded: false).hasSuffix(
                "accounts/srv_ab12-user_1/storefront.sqlite"))
    }

    @Test("the file lock is exclusive between open files, times out with the path, and is taken again once released")
    func fileLock() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appending(path: "data/session.lock")
        let held = try FileLock.acquire(url, timeout: .seconds(1), clock: ContinuousClock())
        #expect(throws: FileLockError.timedOut(path: url.path(percentEncoded: false), after: .milliseconds(20))) {
            try FileLock.acquire(url, timeout: .milliseconds(20), clock: ContinuousClock())
        }
        held.unlock()
        let again = try FileLock.acquire(url, timeout: .seconds(1), clock: ContinuousClock())
        again.unlock()
        again.unlock()
    }
}
