import Foundation

/// Reads Swift Testing's event stream: the JSON Lines file `swift test --event-stream-output-path PATH` writes,
/// one record per line, each written and flushed as it happens (so it is complete up to the moment a hung test
/// process is killed, where the console output sent to a file is still in a buffer and the xunit file holds its
/// header only).
///
/// Records (Swift Testing's ABI, `"version": "6.3.0"` on this toolchain; older `0` streams have the same fields):
/// `{"kind": "test", "payload": {"id", "kind": "suite"|"function", "name", "sourceLocation"}}` for every test, then
/// `{"kind": "event", "payload": {"kind": "testStarted"|"testEnded"|"testSkipped"|"issueRecorded", "testID",
/// "instant": {"since1970"}, "issue": {"isFailure", "isKnown"}, "messages": [{"text"}]}}`. Unknown kinds and
/// lines that do not decode (the half-written last line of a killed process) are skipped.
public enum SwiftTestingEvents {
    /// A test function that started and did not end.
    public struct Unfinished: Sendable, Equatable {
        /// The suite (`StuckTests.StuckTests`), as in the xunit file's `classname`.
        public var suite: String
        /// The test's name (`waitsForever()`).
        public var name: String
        /// The name given in `@Test("…")`, when there is one.
        public var displayName: String?
        /// Where it is declared (`StuckTests/StuckTests.swift:15`), when the stream says.
        public var location: String?
        /// Seconds since 1970 at which it started, when the stream says.
        public var startedAt: Double?

        /// `suite.name`, as the report prints test names.
        public var qualifiedName: String { suite.isEmpty ? name : "\(suite).\(name)" }

        /// Creates a record of a test that did not end.
        public init(
            suite: String, name: String, displayName: String? = nil, location: String? = nil, startedAt: Double? = nil
        ) {
            self.suite = suite
            self.name = name
            self.displayName = displayName
            self.location = location
            self.startedAt = startedAt
        }
    }

    /// What one event stream says.
    public struct Summary: Sendable, Equatable {
        /// Every test function that ended (passed, failed, skipped), in the order they ended.
        public var cases: [TestCaseResult] = []
        /// The test functions that started and never ended, in the order they started.
        public var unfinished: [Unfinished] = []
        /// Seconds since 1970 of the last event, when any.
        public var lastEventAt: Double?
    }

    /// Reads the event stream in `data`.
    public static func parse(_ data: Data) -> Summary {
        var summary = Summary()
        var tests: [String: TestRecord] = [:]
        var open: Set<String> = []
        var startedAt: [String: Double] = [:]
        var order: [String] = []
        var failures: [String: String] = [:]
        let decoder = JSONDecoder()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? decoder.decode(Record.self, from: Data(line)) else { continue }
            let payload = record.payload
            if record.kind == "test", let id = payload.id {
                tests[id] = TestRecord(
                    isFunction: payload.kind == "function", name: payload.name ?? id,
                    displayName: payload.displayName, location: payload.location)
                continue
            }
            if record.kind == "event", let instant = payload.instant?.since1970 {
                summary.lastEventAt = instant
            }
            guard record.kind == "event", let id = payload.testID, tests[id]?.isFunction ?? false else { continue }
            let test = tests[id] ?? TestRecord(isFunction: true, name: id)
            let suite = suiteName(of: id)
            switch payload.kind {
            case "testStarted":
                open.insert(id)
                startedAt[id] = payload.instant?.since1970
                order.append(id)
            case "issueRecorded" where payload.issue?.isFailure ?? true && !(payload.issue?.isKnown ?? false):
                if failures[id] == nil {
                    let texts = (payload.messages ?? []).compactMap(\.text)
                    failures[id] = texts.isEmpty ? "an issue was recorded" : texts.joined(separator: ": ")
                }
            case "testEnded":
                open.remove(id)
                let message = failures[id]
                summary.cases.append(
                    TestCaseResult(
                        suite: suite, name: test.name, outcome: message == nil ? .passed : .failed, message: message))
            case "testSkipped":
                open.remove(id)
                summary.cases.append(
                    TestCaseResult(
                        suite: suite, name: test.name, outcome: .skipped, message: payload.messages?.first?.text))
            default:
                break
            }
        }
        for id in order {
            guard open.remove(id) != nil, let test = tests[id] else { continue }  // NB: each open test once.
            summary.unfinished.append(
                Unfinished(
                    suite: suiteName(of: id), name: test.name, displayName: test.displayName, location: test.location,
                    startedAt: startedAt[id]))
        }
        return summary
    }

    /// `StuckTests.StuckTests/waitsForever()/StuckTests.swift:15:6` → `StuckTests.StuckTests`.
    private static func suiteName(of id: String) -> String {
        guard let slash = id.firstIndex(of: "/") else { return "" }
        return String(id[..<slash])
    }

    private struct TestRecord {
        var isFunction: Bool
        var name: String
        var displayName: String?
        var location: String?
    }

    private struct Record: Decodable {
        var kind: String
        var payload: Payload
    }

    private struct Payload: Decodable {
        struct Instant: Decodable {
            var since1970: Double?
        }
        struct Issue: Decodable {
            var isFailure: Bool?
            var isKnown: Bool?
        }
        struct Message: Decodable {
            var text: String?
        }
        struct SourceLocation: Decodable {
            var fileID: String?
            var line: Int?
        }

        var id: String?
        var kind: String?
        var name: String?
        var displayName: String?
        var testID: String?
        var instant: Instant?
        var issue: Issue?
        var messages: [Message]?
        var sourceLocation: SourceLocation?

        var location: String? {
            guard let file = sourceLocation?.fileID else { return nil }
            return sourceLocation?.line.map { "\(file):\($0)" } ?? file
        }
    }
}
