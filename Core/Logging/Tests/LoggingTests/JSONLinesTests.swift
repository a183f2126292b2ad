import Foundation
import Logging
import Testing

@Suite("JSON Lines file handler")
struct JSONLinesTests {
    /// A handler writing to `app.log` in `directory`, stamped with `now`.
    static func handler(
        in directory: URL,
        now: @escaping @Sendable () -> Date = { fixedInstant },
        rotation: LogRotation? = nil
    ) throws -> JSONLinesFileLogHandler {
        try JSONLinesFileLogHandler(
            fileURL: directory.appendingPathComponent("app.log"),
            rotation: rotation ?? LogRotation(maxFileBytes: 1 << 20, maxFiles: 3),
            fallback: MemoryOutput(),
            now: now,
            logLevel: .trace
        )
    }

    /// One parsed line, with the fields the format promises pulled out of the JSON object.
    struct ParsedLine {
        let object: [String: Any]
        var timestamp: String? { object["timestamp"] as? String }
        var level: String? { object["level"] as? String }
        var label: String? { object["label"] as? String }
        var message: String? { object["message"] as? String }
        var metadata: [String: Any]? { object["metadata"] as? [String: Any] }
        var source: String? { object["source"] as? String }
        var file: String? { object["file"] as? String }
        var function: String? { object["function"] as? String }
        var line: Int? { object["line"] as? Int }
    }

    /// Every line of the file at `url`, each parsed with `JSONSerialization` as a JSON object.
    static func records(at url: URL) throws -> [ParsedLine] {
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        return try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return ParsedLine(object: try #require(object as? [String: Any]))
        }
    }

    @Test("every line parses and carries timestamp, level, label, message, metadata, source, file and line")
    func fields() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let logger = Logger(label: "storefront.feed", handler: try Self.handler(in: directory))
        let writeLine: UInt = #line + 1
        logger.info("page loaded", metadata: ["count": "20", "ids": ["a", "b"], "page": ["cursor": "c1"]])
        logger.warning("tab\tquote\" backslash\\ newline\n unicode ü 🎉 slash /", source: "Custom")
        logger.critical("no metadata")

        let records = try Self.records(at: directory.appendingPathComponent("app.log"))
        #expect(records.count == 3)
        for record in records {
            #expect(record.timestamp == "2024-05-01T12:34:56.789Z")
            #expect(record.label == "storefront.feed")
            #expect(record.file == "LoggingTests/JSONLinesTests.swift")
            #expect(record.function == "fields()")
            #expect(record.line != nil)
            #expect(record.metadata != nil)
        }
        #expect(records.map(\.level) == ["info", "warning", "critical"])
        #expect(records[0].message == "page loaded")
        #expect(records[0].line == Int(writeLine))
        #expect(records[0].source == "LoggingTests")
        let metadata = try #require(records[0].metadata)
        #expect(metadata["count"] as? String == "20")
        #expect(metadata["ids"] as? [String] == ["a", "b"])
        #expect(metadata["page"] as? [String: String] == ["cursor": "c1"])
        #expect(records[1].message == "tab\tquote\" backslash\\ newline\n unicode ü 🎉 slash /")
        #expect(records[1].source == "Custom")
        #expect(records[2].metadata?.isEmpty == true)
    }

    @Test(
        "timestamps are RFC 3339 in UTC with milliseconds",
        arguments: [
            (0.0, "1970-01-01T00:00:00.000Z"),
            (1_709_251_199.999, "2024-02-29T23:59:59.999Z"),
            (946_684_800.0, "2000-01-01T00:00:00.000Z"),
            (-0.5, "1969-12-31T23:59:59.500Z"),
            (1_714_566_896.7894, "2024-05-01T12:34:56.789Z"),
            (4_102_444_800.0, "2100-01-01T00:00:00.000Z"),
        ]
    )
    func timestamps(seconds: Double, expected: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let logger = Logger(
            label: "clock",
            handler: try Self.handler(in: directory, now: { Date(timeIntervalSince1970: seconds) })
        )
        logger.info("tick")
        let record = try #require(try Self.records(at: directory.appendingPathComponent("app.log")).first)
        let timestamp = try #require(record.timestamp)
        #expect(timestamp == expected)
        #expect(timestamp.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil)
    }

    @Test("records written from many tasks at once each land as one whole line")
    func concurrentWriters() async throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let logger = Logger(label: "concurrent", handler: try Self.handler(in: directory))
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<50 {
                        logger.info(
                            "task \(task) record \(index)",
                            metadata: ["padding": .string(String(repeating: "x", count: 200))])
                    }
                }
            }
        }
        let records = try Self.records(at: directory.appendingPathComponent("app.log"))
        #expect(records.count == 400)
        #expect(Set(records.compactMap(\.message)).count == 400)
    }

    @Test("a handler needs a file URL")
    func rejectsNonFileURL() throws {
        let url = try #require(URL(string: "https://example.com/app.log"))
        #expect(throws: LogConfigurationError.self) {
            try JSONLinesFileLogHandler(
                fileURL: url,
                rotation: LogRotation(maxFileBytes: 10, maxFiles: 1),
                fallback: MemoryOutput(),
                now: { fixedInstant }
            )
        }
    }
}
