import Foundation
import Persistence
import TestSupport
import Testing

@Suite("File locks on a directory", .timeLimit(.minutes(2)))
struct FileLockTests {
    private let clock = ContinuousClock()

    private func timedOut(_ directory: URL, after: Duration) -> FileLockError {
        .timedOut(path: directory.path(percentEncoded: false), after: after)
    }

    @Test("two descriptors: shared locks coexist, an exclusive one waits for them, and they wait for it")
    func modesInOneProcess() throws {
        let directory = try TemporaryDirectory()
        let first = try FileLock.acquire(directory: directory.url, mode: .shared, timeout: .seconds(1), clock: clock)
        let second = try FileLock.acquire(directory: directory.url, mode: .shared, timeout: .seconds(1), clock: clock)
        #expect(first.mode == .shared && second.mode == .shared)
        #expect(throws: timedOut(directory.url, after: .milliseconds(20))) {
            try FileLock.acquire(directory: directory.url, mode: .exclusive, timeout: .milliseconds(20), clock: clock)
        }
        first.unlock()
        #expect(throws: timedOut(directory.url, after: .milliseconds(20)), "one reader left is enough to wait for") {
            try FileLock.acquire(directory: directory.url, mode: .exclusive, timeout: .milliseconds(20), clock: clock)
        }
        second.unlock()
        let writer = try FileLock.acquire(
            directory: directory.url, mode: .exclusive, timeout: .seconds(1), clock: clock)
        for mode in [FileLock.Mode.shared, .exclusive] {
            #expect(throws: timedOut(directory.url, after: .milliseconds(20)), "\(mode) waits for the writer") {
                try FileLock.acquire(directory: directory.url, mode: mode, timeout: .milliseconds(20), clock: clock)
            }
        }
        writer.unlock()
        writer.unlock()
        try FileLock.acquire(directory: directory.url, mode: .exclusive, timeout: .seconds(1), clock: clock).unlock()
        #expect(treeListing(directory.url) == [], "locking a directory creates no file in it")
    }

    @Test("another process: its shared lock admits ours and excludes a writer; its exclusive one excludes both")
    func modesAcrossProcesses() async throws {
        let directory = try TemporaryDirectory()
        let reader = try ProbeProcess(["hold-lock", directory.url.path(percentEncoded: false), "shared"])
        #expect(try await reader.firstLine() == "locked shared")
        try FileLock.acquire(directory: directory.url, mode: .shared, timeout: .seconds(1), clock: clock).unlock()
        #expect(throws: timedOut(directory.url, after: .milliseconds(50))) {
            try FileLock.acquire(directory: directory.url, mode: .exclusive, timeout: .milliseconds(50), clock: clock)
        }
        reader.kill()
        _ = await reader.exit()
        try FileLock.acquire(directory: directory.url, mode: .exclusive, timeout: .seconds(5), clock: clock).unlock()

        let writer = try ProbeProcess(["hold-lock", directory.url.path(percentEncoded: false), "exclusive"])
        #expect(try await writer.firstLine() == "locked exclusive")
        for mode in [FileLock.Mode.shared, .exclusive] {
            #expect(throws: timedOut(directory.url, after: .milliseconds(50))) {
                try FileLock.acquire(directory: directory.url, mode: mode, timeout: .milliseconds(50), clock: clock)
            }
        }
        writer.kill()
        #expect(await writer.exit() == SIGKILL)
        let after = try FileLock.acquire(
            directory: directory.url, mode: .exclusive, timeout: .seconds(5), clock: clock)
        #expect(after.mode == .exclusive, "the kernel dropped the killed holder's lock")
    }

    @Test("a missing directory or a file is a clear error naming the path, and nothing is created")
    func notADirectory() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.url.appending(path: "absent")
        let error = try #require(throws: FileOperationError.self) {
            try FileLock.acquire(directory: missing, mode: .shared, timeout: .seconds(1), clock: clock)
        }
        #expect(error.path == missing.path(percentEncoded: false) && error.code == ENOENT)
        let file = directory.url.appending(path: "plain")
        try Data().write(to: file)
        let notDirectory = try #require(throws: FileOperationError.self) {
            try FileLock.acquire(directory: file, mode: .exclusive, timeout: .seconds(1), clock: clock)
        }
        #expect(notDirectory.code == ENOTDIR)
        #expect("\(notDirectory)".contains("Not a directory"))
        #expect(treeListing(directory.url) == ["plain"])
    }
}
