import Foundation
import Logging
import Testing

@Suite("no handler writes a secret")
struct HandlerPrivacyTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case stream, colorStream, jsonLines, capturing, multiplex

        var testDescription: String { rawValue }
    }

    /// Every secret the scenario logs; none may appear in any output.
    static let secrets = (1...12).map { "s3cr3t-\($0)-value" }

    /// A handler of `kind` writing under `directory`, and a function that reads everything it has written.
    static func makeHandler(_ kind: Kind, in directory: URL) throws -> (any LogHandler, () throws -> String) {
        let fileURL = directory.appendingPathComponent("app.log")
        let rotation = try LogRotation(maxFileBytes: 1 << 20, maxFiles: 2)
        let readFile = { try String(contentsOf: fileURL, encoding: .utf8) }
        switch kind {
        case .stream, .colorStream:
            let output = MemoryOutput()
            return (StreamLogHandler(output: output, useColor: kind == .colorStream, logLevel: .trace), { output.text })
        case .jsonLines:
            let handler = try JSONLinesFileLogHandler(
                fileURL: fileURL,
                rotation: rotation,
                fallback: MemoryOutput(),
                now: { fixedInstant },
                logLevel: .trace
            )
            return (handler, readFile)
        case .capturing:
            let capture = CapturingLogHandler()
            return (capture, { capture.text + "\n" + String(describing: capture.records) })
        case .multiplex:
            let output = MemoryOutput()
            let capture = CapturingLogHandler()
            let file = try JSONLinesFileLogHandler(
                fileURL: fileURL,
                rotation: rotation,
                fallback: output,
                now: { fixedInstant },
                logLevel: .trace
            )
            let stream = StreamLogHandler(output: output, useColor: false, logLevel: .trace)
            let handler = MultiplexLogHandler([stream, capture, file])
            return (handler, { try output.text + capture.text + String(describing: capture.records) + readFile() })
        }
    }

    /// Logs every kind of secret through a logger built on `handler`, in every place a secret can travel.
    static func logSecrets(through handler: any LogHandler) {
        let s = secrets
        var prepared = handler
        prepared.metadata["Cookie"] = .string(s[0])
        prepared.metadata["session"] = .private(.string(s[1]))
        var logger = Logger(label: "privacy", handler: prepared)
        logger[metadataKey: "SET-COOKIE"] = .string("sid=\(s[2])")
        logger[metadataKey: "user"] = .private(["email": .string(s[3])])
        logger.handler.metadata["Proxy-Authorization"] = .string(s[4])
        let child = logger.child(label: "privacy.child", metadata: ["authorization": .string(s[5])])
        child.info(
            "calling with Bearer \(s[6]) for \(private: s[7])",
            metadata: [
                "headers": [
                    "AUTHORIZATION": .string("Basic \(s[8])"),
                    "cookie": .string(s[9]),
                    "Accept": "application/json",
                ],
                "note": .string("retry with bEaReR \(s[10])"),
                "list": ["visible", .privateString(s[11])],
            ]
        )
        logger.error("failed; request had Authorization: \(s[8]) and cookie: \(s[9])")
    }

    @Test("private values, credential headers and bearer tokens never reach the output", arguments: Kind.allCases)
    func noSecretInOutput(kind: Kind) throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let (handler, read) = try Self.makeHandler(kind, in: directory)
        Self.logSecrets(through: handler)
        let output = try read()
        for secret in Self.secrets {
            #expect(!output.contains(secret), "\(kind) wrote \(secret)")
        }
        #expect(output.contains(Redaction.marker))
        #expect(output.contains("application/json"))
        #expect(output.contains("visible"))
        #expect(output.contains("failed; request had Authorization: "))
    }

    @Test("the capturing handler keeps the redacted values where the secrets were")
    func capturedRecordsHoldTheMarker() {
        let capture = CapturingLogHandler()
        Self.logSecrets(through: capture)
        let record = capture.records[0]
        #expect(record.label == "privacy.child")
        #expect(record.metadata["Cookie"] == .string(Redaction.marker))
        #expect(record.metadata["session"] == .string(Redaction.marker))
        #expect(record.metadata["SET-COOKIE"] == .string(Redaction.marker))
        #expect(record.metadata["user"] == .string(Redaction.marker))
        #expect(record.metadata["Proxy-Authorization"] == .string(Redaction.marker))
        #expect(record.metadata["authorization"] == .string(Redaction.marker))
        #expect(record.metadata["note"] == "retry with bEaReR <private>")
        #expect(record.message.description == "calling with Bearer <private> for <private>")
    }
}
