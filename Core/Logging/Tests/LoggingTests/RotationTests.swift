import Foundation
import Logging
import Testing

@Suite("file rotation and write failures")
struct RotationTests {
    static func handler(in directory: URL, maxFileBytes: Int, maxFiles: Int, fallback: MemoryOutput = MemoryOutput())
        throws -> JSONLinesFileLogHandler
    {
        try JSONLinesFileLogHandler(
            fileURL: directory.appendingPathComponent("app.log"),
            rotation: LogRotation(maxFileBytes: maxFileBytes, maxFiles: maxFiles),
            fallback: fallback,
            now: { fixedInstant },
            logLevel: .trace
        )
    }

    /// The messages in the file at `url`, in order.
    static func messages(at url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try #require(object?["message"] as? String)
        }
    }

    @Test(
        "rotation keeps exactly N files, each within the size limit, newest in the live file", arguments: [1, 2, 3, 5])
    func keepsExactlyNFiles(maxFiles: Int) throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let maxFileBytes = 1000
        let logger = Logger(
            label: "rotation",
            handler: try Self.handler(in: directory, maxFileBytes: maxFileBytes, maxFiles: maxFiles)
        )
        for index in 0..<200 {
            logger.info("record \(index)")
        }
        let expected = ["app.log"] + (1..<maxFiles).map { "app.log.\($0)" }
        #expect(try fileNames(in: directory) == expected)

        var kept: [String] = []
        for name in expected.reversed() {
            let url = directory.appendingPathComponent(name)
            let size = try #require(try FileManager().attributesOfItem(atPath: url.path)[.size] as? Int)
            #expect(size <= maxFileBytes)
            kept += try Self.messages(at: url)
        }
        #expect(kept.last == "record 199")
        let firstKept = try #require(kept.first.flatMap { Int($0.dropFirst("record ".count)) })
        #expect(kept == (firstKept..<200).map { "record \($0)" })
    }

    @Test("a record larger than the limit is still written, alone in its file")
    func oversizedRecord() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let logger = Logger(label: "big", handler: try Self.handler(in: directory, maxFileBytes: 100, maxFiles: 2))
        logger.info("small")
        logger.info("\(String(repeating: "x", count: 500))")
        #expect(try fileNames(in: directory) == ["app.log", "app.log.1"])
        #expect(try Self.messages(at: directory.appendingPathComponent("app.log.1")) == ["small"])
        #expect(try Self.messages(at: directory.appendingPathComponent("app.log")).first?.count == 500)
    }

    @Test("the file's directory is made on the first record")
    func makesDirectory() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let nested = directory.appendingPathComponent("state/logs")
        let logger = Logger(label: "dir", handler: try Self.handler(in: nested, maxFileBytes: 1000, maxFiles: 2))
        #expect(!FileManager().fileExists(atPath: nested.path))
        logger.info("first")
        #expect(try Self.messages(at: nested.appendingPathComponent("app.log")) == ["first"])
    }

    @Test("rotation settings below 1 are rejected with a message")
    func invalidRotation() {
        #expect(throws: LogConfigurationError("maxFiles must be at least 1, got 0")) {
            try LogRotation(maxFileBytes: 10, maxFiles: 0)
        }
        #expect(throws: LogConfigurationError("maxFileBytes must be at least 1 byte, got -5")) {
            try LogRotation(maxFileBytes: -5, maxFiles: 3)
        }
    }

    @Test("write failures do not crash, are counted, and are reported once per run of failures")
    func failuresAreCountedAndReportedOnce() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let blocked = directory.appendingPathComponent("blocked")
        // A regular file where the handler needs a directory: every open fails.
        try Data("not a directory".utf8).write(to: blocked)
        let fallback = MemoryOutput()
        // Room for one record only, so the second one after recovery rotates and has to touch the directory.
        let handler = try Self.handler(in: blocked, maxFileBytes: 250, maxFiles: 2, fallback: fallback)
        let logger = Logger(label: "failing", handler: handler)
        logger.info("one")
        logger.info("two")
        logger.info("three")
        #expect(handler.failedWrites == 3)
        #expect(fallback.lines.count == 1)
        #expect(fallback.text.contains(blocked.appendingPathComponent("app.log").path))

        // The obstacle goes away: the next record is written, and a later failure is reported again.
        try FileManager().removeItem(at: blocked)
        logger.info("four")
        #expect(try Self.messages(at: blocked.appendingPathComponent("app.log")) == ["four"])
        #expect(handler.failedWrites == 3)
        try FileManager().removeItem(at: blocked)
        try Data().write(to: blocked)
        logger.info("five")
        #expect(handler.failedWrites == 4)
        #expect(fallback.lines.count == 2)
    }
}
