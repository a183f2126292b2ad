import Foundation
import TestSupport
import Testing

@Suite("Temporary directories")
struct TemporaryDirectoryTests {
    private struct Failure: Error, Equatable {}

    private func exists(_ url: URL) -> Bool {
        FileManager().fileExists(atPath: url.path(percentEncoded: false))
    }

    private func writeFile(in directory: URL) throws {
        let nested = directory.appendingPathComponent("nested", isDirectory: true)
        try FileManager().createDirectory(at: nested, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: nested.appendingPathComponent("file.txt"))
    }

    @Test func theDirectoryExistsDuringTheBodyAndIsRemovedAfter() throws {
        let used = try withTemporaryDirectory { url in
            #expect(exists(url))
            #expect(try FileManager().contentsOfDirectory(atPath: url.path(percentEncoded: false)).isEmpty)
            try writeFile(in: url)
            return url
        }
        #expect(!exists(used))
    }

    @Test func theDirectoryIsRemovedWhenTheBodyThrows() throws {
        var used: URL?
        #expect(throws: Failure()) {
            try withTemporaryDirectory { url in
                used = url
                try writeFile(in: url)
                throw Failure()
            }
        }
        let url = try #require(used)
        #expect(!exists(url))
    }

    @Test func theAsyncVariantRemovesTheDirectoryAfterTheBody() async throws {
        let used = try await withTemporaryDirectory { url in
            await Task.yield()
            try writeFile(in: url)
            return url
        }
        #expect(!exists(used))
    }

    @MainActor
    @Test func theAsyncVariantRemovesTheDirectoryWhenTheBodyThrows() async throws {
        var used: URL?
        await #expect(throws: Failure()) {
            try await withTemporaryDirectory { url in
                MainActor.assertIsolated()
                await Task.yield()
                used = url
                try writeFile(in: url)
                throw Failure()
            }
        }
        let url = try #require(used)
        #expect(!exists(url))
    }

    @Test func aDirectoryIsRemovedWhenReleasedAndRemovingTwiceIsHarmless() throws {
        var directory: TemporaryDirectory? = try TemporaryDirectory()
        let url = try #require(directory?.url)
        try writeFile(in: url)
        #expect(exists(url))
        directory = nil
        #expect(!exists(url))

        let removed = try TemporaryDirectory()
        try removed.remove()
        try removed.remove()
        #expect(!exists(removed.url))
    }

    @Test func everyDirectoryIsNewAndUnderTheSystemTemporaryDirectory() throws {
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        #expect(first.url != second.url)
        let systemTemporary = FileManager().temporaryDirectory.resolvingSymlinksInPath().path(percentEncoded: false)
        #expect(first.url.path(percentEncoded: false).hasPrefix(systemTemporary))
    }
}
