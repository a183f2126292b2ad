import Foundation
import Logging
import Persistence
import Primitives
import TestSupport
import Testing

@Suite("Atomic files")
struct AtomicFileTests {
    private struct Unencodable: Encodable {
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "refused"))
        }
    }

    @Test("a write replaces the content whole, creates new files 0600 and keeps an existing file's mode")
    func replacesAndKeepsMode() throws {
        let directory = try TemporaryDirectory()
        let file = AtomicFile(url: directory.url.appending(path: "notes.json"))
        #expect(try file.read() == nil)
        try file.write(Data("first".utf8))
        #expect(try permissions(of: file.url) == 0o600)
        try FileManager().setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.url.path(percentEncoded: false))
        try file.write(["a": 1], encoder: JSONEncoder())
        #expect(try file.read() == Data("{\"a\":1}".utf8))
        #expect(try permissions(of: file.url) == 0o640)
        #expect(treeListing(directory.url) == ["notes.json"])
    }

    @Test("a failed encode leaves the old file untouched and no temporary file")
    func failedEncode() throws {
        let directory = try TemporaryDirectory()
        let file = AtomicFile(url: directory.url.appending(path: "notes.json"))
        try file.write(Data("old".utf8))
        #expect(throws: EncodingError.self) { try file.write(Unencodable(), encoder: JSONEncoder()) }
        #expect(try file.read() == Data("old".utf8))
        #expect(treeListing(directory.url) == ["notes.json"])
    }

    @Test("a failed write names the file and leaves the old content and no temporary file")
    func failedWrite() throws {
        let directory = try TemporaryDirectory()
        let missing = AtomicFile(url: directory.url.appending(path: "absent/notes.json"))
        let error = try #require(throws: FileOperationError.self) { try missing.write(Data("new".utf8)) }
        #expect(error.path == missing.url.path(percentEncoded: false))
        #expect("\(error)".contains("No such file or directory"))
        let target = directory.url.appending(path: "target")
        try FileManager().createDirectory(at: target.appending(path: "occupied"), withIntermediateDirectories: true)
        let blocked = AtomicFile(url: target)
        #expect(throws: FileOperationError.self) { try blocked.write(Data("new".utf8)) }
        #expect(treeListing(directory.url) == ["target", "target/occupied"])
    }
}

@Suite("Atomic file creation and stale temporary files", .timeLimit(.minutes(1)))
struct AtomicFileCreationTests {
    @Test("create writes only when no file exists, with the given mode, and leaves no temporary file")
    func createOnce() throws {
        let directory = try TemporaryDirectory()
        let file = AtomicFile(url: directory.url.appending(path: "device-id"))
        #expect(try file.create(Data("first\n".utf8), newFilePermissions: 0o644))
        #expect(try permissions(of: file.url) == 0o644)
        #expect(try !file.create(Data("second\n".utf8)), "an existing file is kept")
        #expect(try file.read() == Data("first\n".utf8))
        #expect(treeListing(directory.url) == ["device-id"])
        let missing = AtomicFile(url: directory.url.appending(path: "absent/device-id"))
        let error = try #require(throws: FileOperationError.self) { try missing.create(Data("x".utf8)) }
        #expect(error.path == missing.url.path(percentEncoded: false) && error.code == ENOENT)
    }

    @Test("of many threads creating one file, exactly one wins and every one reads the winner's content")
    func createRace() throws {
        let directory = try TemporaryDirectory()
        let file = AtomicFile(url: directory.url.appending(path: "id"))
        let outcomes = Locked([Int: Bool]())
        let failures = Locked([String]())
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            do {
                let created = try file.create(Data("\(index)".utf8))
                outcomes.withLock { $0[index] = created }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let winners = outcomes.withLock { $0 }.filter(\.value).map(\.key)
        #expect(winners.count == 1)
        #expect(try file.read() == Data("\(winners.first ?? -1)".utf8))
        #expect(treeListing(directory.url) == ["id"])
    }

    @Test(
        "a write's temporary name is recognised, other tools' names are not",
        arguments: [
            (".notes.json.tmp-a1B2c3", true), (".a.tmp-000000", true), (".x.tmp-abc.tmp-Zz09Aa", true),
            (".syncthing.notes.json.tmp", false), ("~syncthing~notes.json.tmp", false), (".notes.tmp", false),
            ("notes.json.tmp-a1B2c3", false), (".tmp-a1B2c3", false), (".notes.json.tmp-a1B2c", false),
            (".notes.json.tmp-a1B2c3d", false), (".notes.json.tmp-a1-2c3", false), (".manifest.json.9.10.tmp", false),
        ])
    func temporaryNames(name: String, isTemporary: Bool) {
        #expect(AtomicFile.isTemporary(name) == isTemporary)
    }

    @Test("a killed writer's temporary file is removed by removeStaleTemporaries; other files stay")
    func staleTemporaries() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appending(path: "big.bin")
        let probe = try ProbeProcess(["atomic-write", url.path(percentEncoded: false)])
        var lines = probe.lines.makeAsyncIterator()
        #expect(await lines.next() == "ready")
        // A write is under way at once and stays under way most of the time (256 KiB, fsync), so after the kill a
        // temporary file is usually left; the foreign files are there in any case.
        _ = await lines.next()
        probe.kill()
        _ = await probe.exit()
        for name in [".big.bin.tmp-zzzzzz", ".syncthing.big.bin.tmp", "notes.txt"] {
            try Data("x".utf8).write(to: directory.url.appending(path: name))
        }
        let before = Set(treeListing(directory.url))
        let removed = try AtomicFile.removeStaleTemporaries(in: directory.url)
        #expect(removed.contains(".big.bin.tmp-zzzzzz"))
        #expect(removed.allSatisfy(AtomicFile.isTemporary))
        #expect(Set(treeListing(directory.url)) == before.subtracting(removed))
        #expect(Set(treeListing(directory.url)).isSuperset(of: ["big.bin", ".syncthing.big.bin.tmp", "notes.txt"]))
        #expect(try AtomicFile.removeStaleTemporaries(in: directory.url) == [])
        #expect(throws: FileOperationError.self) {
            try AtomicFile.removeStaleTemporaries(in: directory.url.appending(path: "absent"))
        }
    }
}

@Suite("Preferences")
struct PreferencesTests {
    private enum Sort: String, Codable, Sendable { case newest, popular }
    private static let sort = PreferenceKey("feed.sort", default: Sort.newest)
    private static let pageSize = PreferenceKey("feed.page_size", default: 20)
    private static let bigNumber = PreferenceKey("big", default: Int64(0))

    private func makeStore(_ url: URL) -> (PreferencesStore, CapturingLogHandlerBox) {
        let (logger, handler) = makeLogger()
        let store = PreferencesStore(
            fileURL: url, now: { Date(timeIntervalSince1970: 1_714_566_600) }, logger: logger)
        return (store, CapturingLogHandlerBox(handler: handler))
    }

    @Test("never set reads as the default; a stored value, even the default's, reads as stored; remove restores")
    func storedVersusDefault() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appending(path: "config/feed.json")
        let (store, _) = makeStore(url)
        #expect(try store.value(for: Self.sort) == .defaulted(.newest))
        try store.set(.newest, for: Self.sort)
        try store.set(50, for: Self.pageSize)
        try store.set(Int64.max, for: Self.bigNumber)
        #expect(try store.value(for: Self.sort) == .stored(.newest))
        let reopened = makeStore(url).0
        #expect(try reopened.value(for: Self.pageSize) == .stored(50))
        #expect(try reopened.value(for: Self.bigNumber).value == .max)
        try reopened.remove(Self.sort)
        #expect(try makeStore(url).0.value(for: Self.sort) == .defaulted(.newest))
        #expect(try permissions(of: url) == 0o600)
        #expect(try permissions(of: url.deletingLastPathComponent()) == 0o700)
    }

    @Test("a corrupt file is moved aside with a timestamp, reported, and defaults are used")
    func corruptFile() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appending(path: "feed.json")
        try Data("{\"feed.sort\": \"popular\", truncated".utf8).write(to: url)
        let (store, log) = makeStore(url)
        #expect(try store.value(for: Self.sort) == .defaulted(.newest))
        #expect(store.recoveredCorruptFile?.lastPathComponent == "feed.json.corrupt-20240501T123000Z")
        #expect(log.handler.messages.contains("preferences file is corrupt; moved aside and using defaults"))
        #expect(treeListing(directory.url) == ["feed.json.corrupt-20240501T123000Z"])
        try store.set(.popular, for: Self.sort)
        #expect(treeListing(directory.url) == ["feed.json", "feed.json.corrupt-20240501T123000Z"])
    }

    @Test("a value of another type reads as the default; a failed write changes nothing")
    func mismatchAndFailedWrite() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appending(path: "feed.json")
        try Data("{\"feed.page_size\": \"many\"}".utf8).write(to: url)
        let (store, _) = makeStore(url)
        #expect(try store.value(for: Self.pageSize) == .defaulted(20))
        try FileManager().removeItem(at: url)
        try FileManager().createDirectory(at: url.appending(path: "blocker"), withIntermediateDirectories: true)
        #expect(throws: FileOperationError.self) { try store.set(30, for: Self.pageSize) }
        #expect(try store.value(for: Self.pageSize) == .defaulted(20))
    }
}

/// Wraps the capturing handler so it can be returned beside a store.
struct CapturingLogHandlerBox {
    let handler: CapturingLogHandler
}
