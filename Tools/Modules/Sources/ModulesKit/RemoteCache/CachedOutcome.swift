import Foundation

/// The outcome record of one test target's run: a CAS blob (`outcome.json`) that its AC entry names, with the
/// JUnit XML and the log beside it. A passing run is stored under the target's action key; a failure under its
/// own key (``failureKey(for:)``), never under the passing one.
public struct CachedOutcome: Codable, Sendable, Equatable {
    /// The version of this JSON shape.
    public var schemaVersion = 1
    /// The action key the run had.
    public var key: String
    /// `<package>:<target>`.
    public var target: String
    /// The package's status in that run (`passed`, `failed`, `build-failed`, `crashed`, `no-tests`).
    public var status: String
    /// The target's test cases that passed, failed and were skipped.
    public var passed: Int
    /// See ``passed``.
    public var failed: Int
    /// See ``passed``.
    public var skipped: Int
    /// The failed test cases (`Suite.test()`).
    public var failures: [String]
    /// The package's build and test seconds.
    public var seconds: Double
    /// The commit the run tested (`git rev-parse HEAD`), `unknown` outside git.
    public var commit: String
    /// The branch (`git rev-parse --abbrev-ref HEAD`).
    public var branch: String
    /// The machine's name.
    public var machine: String
    /// When it was recorded (ISO 8601, UTC).
    public var recordedAt: String
    /// The canonical description of the inputs that was hashed into ``key`` (for `explain`).
    public var inputs: String
    /// Every test case of the target in that run with how it ended there (`passed`, `failed` (a quarantined
    /// failure too), `flaky` (failed, then passed on a rerun of that run), `skipped`); `nil` in records written
    /// before this field existed. The shared cache's run history reads it to find flaky tests.
    public var tests: [TestRecord]?
    /// The own part of the inputs of every target it reaches (``ActionKey/dependencyParts``), by id, so `explain`
    /// can name the file that changed inside a dependency; `nil` in records written before this field existed.
    public var dependencyInputs: [String: String]?

    /// One test case of a recorded run.
    public struct TestRecord: Codable, Sendable, Equatable {
        /// The suite: the xunit `classname` (`FlakyTests.FlakyTests`).
        public var suite: String
        /// The test's name (`alternates()`).
        public var name: String
        /// How it ended in that run: `passed`, `failed`, `flaky` or `skipped`.
        public var outcome: String
        /// The (first) failure's message, for `failed` and `flaky`.
        public var message: String?

        /// Creates a record.
        public init(suite: String, name: String, outcome: String, message: String? = nil) {
            self.suite = suite
            self.name = name
            self.outcome = outcome
            self.message = message
        }
    }

    /// The AC key a failure of the run keyed `key` is stored under: the SHA-256 of `modules failure 1\n<key>\n`.
    public static func failureKey(for key: String) -> String {
        BlobDigest.sha256("modules failure 1\n\(key)\n")
    }

    /// The record's bytes: sorted keys, no escaped slashes.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
