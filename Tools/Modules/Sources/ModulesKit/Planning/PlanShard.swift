import Foundation

/// One job of a plan: exactly which packages, test targets and suites it runs, as `modules plan` computed them once.
/// A CI job hands it to `modules test --plan-shard FILE-OR-JSON`, which runs exactly that and never works out
/// `affected` again (a CI job's clone is often shallow).
///
/// JSON (schema version 1), one line:
/// `{"schemaVersion":1,"plan":"3f1c…","index":1,"count":4,"estSeconds":412,"buildSeconds":380,"testSeconds":32,
/// "packages":[{"package":".","targets":["StorefrontTests"],"suites":["StorefrontTests.IntegrationTests.ShellTests"]},
/// {"package":"Core/Logging"}]}`
public struct PlanShard: Sendable, Equatable, Codable {
    /// One package of the shard.
    public struct Package: Sendable, Equatable, Codable {
        /// The repository-relative path.
        public var package: String
        /// The test targets to run whole; absent (and no ``suites``): every test target of the package.
        public var targets: [String]?
        /// Single suites to run as well (xunit class names, `StorefrontTests.IntegrationTests.ShellTests`), of test
        /// targets split by suite across shards.
        public var suites: [String]?
        /// Suites of ``targets`` not to run here (the shard that runs the rest of a target split by suite, so a
        /// suite added since the durations were recorded still runs, exactly once).
        public var skipSuites: [String]?

        /// Creates an entry.
        public init(package: String, targets: [String]? = nil, suites: [String]? = nil, skipSuites: [String]? = nil) {
            self.package = package
            self.targets = targets
            self.suites = suites
            self.skipSuites = skipSuites
        }

        /// The `swift test --filter` values (any of them selects a test): one per test target and one per suite;
        /// none (everything) when neither is given.
        public var filters: [String] {
            (targets ?? []).map { "^" + NSRegularExpression.escapedPattern(for: PassingTargets.module(of: $0)) + "\\." }
                + (suites ?? []).map(Self.suiteFilter)
        }

        /// The `swift test --skip` values.
        public var skips: [String] { (skipSuites ?? []).map(Self.suiteFilter) }

        /// The pattern selecting one suite and everything in it, for Swift Testing (`Module.Outer/Inner/test()`) and
        /// XCTest (`Module.Class/test`) alike: the suite's xunit class name `Module.Outer.Inner` with the module
        /// first, then the nested names joined by `/`.
        static func suiteFilter(_ suite: String) -> String {
            let parts = suite.split(separator: ".").map { NSRegularExpression.escapedPattern(for: String($0)) }
            guard let module = parts.first else { return "^$" }
            let rest = parts.dropFirst().joined(separator: "/")
            return "^" + module + (rest.isEmpty ? "\\." : "\\." + rest + "(/|$)")
        }
    }

    /// The version of this shape.
    public var schemaVersion = 1
    /// The plan's identity: the first 16 hexadecimal digits of the SHA-256 of its shards; shards of one plan share
    /// it, and `modules durations merge` derives the keys of their records from it.
    public var plan: String
    /// 1-based.
    public var index: Int
    /// How many shards the plan has.
    public var count: Int
    /// The estimate, in seconds: `buildSeconds` plus `testSeconds`, rounded.
    public var estSeconds: Int
    /// The cold build of the shard's dependency closure on a fresh machine.
    public var buildSeconds: Int
    /// Its tests.
    public var testSeconds: Int
    /// The packages, in repository order.
    public var packages: [Package]

    /// Creates a shard.
    public init(
        plan: String, index: Int, count: Int, buildSeconds: Double, testSeconds: Double, packages: [Package]
    ) {
        self.plan = plan
        self.index = index
        self.count = count
        self.buildSeconds = Int(buildSeconds.rounded())
        self.testSeconds = Int(testSeconds.rounded())
        self.estSeconds = Int((buildSeconds + testSeconds).rounded())
        self.packages = packages
    }

    /// One line of JSON, keys sorted.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // NB: every field is a string, an integer or an array of strings, which always encode.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// What `--plan-shard` was given: JSON when it starts with `{` (after blanks), else the path of a file holding
    /// it (relative to `directory`).
    /// - Throws: ``CommandFailure`` naming the file or what is wrong with the JSON (exit 66 for a missing file, 65
    ///   for JSON that is not a shard).
    static func read(_ argument: String, relativeTo directory: URL) throws -> PlanShard {
        let trimmed = argument.trimmingCharacters(in: .whitespacesAndNewlines)
        let data: Data
        let source: String
        if trimmed.hasPrefix("{") {
            data = Data(trimmed.utf8)
            source = "the --plan-shard JSON"
        } else {
            let url = URL(fileURLWithPath: argument, relativeTo: directory).standardizedFileURL
            guard let contents = try? Data(contentsOf: url) else {
                throw CommandFailure(
                    message: "--plan-shard \(argument): no such file (give a plan shard's JSON or a file holding it)",
                    status: ExitStatus.noInput)
            }
            data = contents
            source = url.path
        }
        let shard: PlanShard
        do {
            shard = try JSONDecoder().decode(PlanShard.self, from: data)
        } catch {
            throw CommandFailure(
                message: "\(source) is not a plan shard of `modules plan`: \(Self.describe(error))",
                status: ExitStatus.dataError)
        }
        guard shard.schemaVersion == 1, shard.index >= 1, shard.index <= shard.count,
            BlobDigest.isWellFormed(shard.plan + String(repeating: "0", count: max(0, 64 - shard.plan.count))),
            shard.plan.count == 16
        else {
            throw CommandFailure(
                message: "\(source): schemaVersion must be 1, index within 1...count and plan 16 hexadecimal digits",
                status: ExitStatus.dataError)
        }
        return shard
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "it has no \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context): context.debugDescription
        default: "\(error)"
        }
    }
}
