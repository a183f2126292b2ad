import Foundation

@testable import ModulesKit

/// What the scripted `swift` does for one package.
enum FakeOutcome: Sendable {
    /// Builds; `passed` tests pass, `failed` fail, `skipped` are skipped.
    case tests(passed: Int, failed: Int = 0, skipped: Int = 0)
    /// The build fails with a compiler error.
    case buildFails
    /// The test process crashes while `boom()` runs.
    case crashes
    /// `pass()` passes, then `stuck()` never ends: the run ends only by the invocation's timeout (as the live
    /// runner reports it: killed, `timedOut`), leaving a xunit header and, when asked, an event stream.
    case hangs
    /// Swift Testing tests of `suite` (`FeedTests.FeedTests`) by name, each behaving as given every time it runs;
    /// `swift test --filter` patterns select among them as Swift Testing matches its test IDs
    /// (`FeedTests.FeedTests/alternates()/…`).
    case named(suite: String, [String: FakeTest])
}

/// How one scripted test behaves.
enum FakeTest: Sendable {
    /// Passes every time.
    case passes
    /// Fails every time.
    case fails
    /// Fails on its 1st, 3rd, … run (of this `FakeSwift`), passes on the others.
    case alternates
}

/// A scripted `swift` for `modules test`: answers `swift build` and `swift test` for packages named by their
/// directory, writing the xunit files and log lines the real one writes, and records every invocation.
final class FakeSwift: @unchecked Sendable {
    // Sound: `recorded` and `runs` are only touched while `lock` is held; `outcomes` and `names` are immutable.
    private let lock = NSLock()
    private var recorded: [ProcessInvocation] = []
    private var runs: [String: Int] = [:]
    private let outcomes: [String: FakeOutcome]
    private let names: [String: String]
    private let withTests: Bool

    /// - Parameters:
    ///   - outcomes: by package directory name.
    ///   - names: manifest names by directory name, for `dump-package`.
    ///   - withTests: whether each manifest `dump-package` answers declares a test target `<Name>Tests`.
    init(_ outcomes: [String: FakeOutcome], names: [String: String] = [:], withTests: Bool = false) {
        self.outcomes = outcomes
        self.names = names
        self.withTests = withTests
    }

    var invocations: [ProcessInvocation] {
        lock.withLock { recorded }
    }

    var runner: ScriptedRunner {
        ScriptedRunner { [self] invocation in try self.answer(invocation) }
    }

    private func answer(_ invocation: ProcessInvocation) throws -> ProcessResult {
        lock.withLock { recorded.append(invocation) }
        if invocation.arguments.contains("dump-package") {
            let directory = invocation.workingDirectory?.lastPathComponent ?? ""
            let name = names[directory] ?? directory
            let targets = withTests ? #"[{"name": "\#(name)Tests", "type": "test", "dependencies": []}]"# : "[]"
            let json = #"{"name": "\#(name)", "dependencies": [], "products": [], "targets": \#(targets)}"#
            return ProcessResult(status: 0, standardOutput: Data(json.utf8))
        }
        if invocation.arguments == ["test", "--help-hidden"] {
            return ProcessResult(status: 0, standardOutput: Data("  --event-stream-output-path <path>\n".utf8))
        }
        let package = URL(fileURLWithPath: invocation.value(of: "--package-path") ?? "/").lastPathComponent
        let outcome = outcomes[package] ?? .tests(passed: 1)
        let log = invocation.logFile ?? URL(fileURLWithPath: "/dev/null")
        switch (invocation.arguments.first, outcome) {
        case ("build", .buildFails):
            FileAppending.append("error: cannot find 'x' in scope\n", to: log)
            return ProcessResult(status: 1)
        case ("build", _):
            FileAppending.append("Build complete!\n", to: log)
            return ProcessResult(status: 0)
        case ("test", .crashes):
            let xunit = try swiftTestingPath(invocation)
            try Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n".utf8).write(to: xunit)
            FileAppending.append(
                "◇ Test boom() started.\nFatal error: Index out of range\n"
                    + "error: Process 'x.xctest' exited with unexpected signal code 4\n",
                to: log
            )
            return ProcessResult(status: 1)
        case ("test", .hangs):
            guard invocation.timeout != nil else {
                throw ProcessLaunchError(commandLine: invocation.commandLine, reason: "would hang: no timeout")
            }
            try Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n".utf8).write(
                to: try swiftTestingPath(invocation))
            if let events = invocation.value(of: "--event-stream-output-path") {
                let lines = [
                    #"{"kind":"test","payload":{"id":"T.S/pass()/S.swift:3:6","kind":"function","name":"pass()"}}"#,
                    #"{"kind":"test","payload":{"id":"T.S/stuck()/S.swift:5:6","kind":"function","name":"stuck()","sourceLocation":{"fileID":"T/S.swift","line":5}}}"#,
                    #"{"kind":"event","payload":{"kind":"testStarted","testID":"T.S/pass()/S.swift:3:6"}}"#,
                    #"{"kind":"event","payload":{"kind":"testStarted","testID":"T.S/stuck()/S.swift:5:6"}}"#,
                    #"{"kind":"event","payload":{"kind":"testEnded","testID":"T.S/pass()/S.swift:3:6"}}"#,
                ]
                try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: events))
            }
            return ProcessResult(status: 9, terminatedBySignal: true, timedOut: true)
        case ("test", .named(let suite, let tests)):
            let filters = invocation.arguments.indices.filter { invocation.arguments[$0] == "--filter" }
                .map { invocation.arguments[$0 + 1] }
            let module = suite.split(separator: ".", maxSplits: 1).first.map(String.init) ?? suite
            var cases: [String] = []
            var anyFailed = false
            for name in tests.keys.sorted() {
                let id = "\(module).\(suite.dropFirst(module.count + 1))/\(name)/\(module)/S.swift:1:1"
                guard
                    filters.isEmpty || filters.contains(where: { id.range(of: $0, options: .regularExpression) != nil })
                else { continue }
                let run = lock.withLock {
                    runs[id, default: 0] += 1
                    return runs[id] ?? 1
                }
                let passes: Bool =
                    switch tests[name] {
                    case .passes?: true
                    case .fails?, nil: false
                    case .alternates?: run % 2 == 0
                    }
                anyFailed = anyFailed || !passes
                cases.append(
                    "<testcase classname=\"\(suite)\" name=\"\(name)\" time=\"0.1\">"
                        + (passes ? "" : "<failure message=\"Expectation failed: run \(run)\" />") + "</testcase>")
            }
            let document = "<testsuites><testsuite name=\"TestResults\">\(cases.joined())</testsuite></testsuites>"
            try Data(document.utf8).write(to: try swiftTestingPath(invocation))
            FileAppending.append("✘ Test run with \(cases.count) tests\n", to: log)
            return ProcessResult(status: anyFailed ? 1 : 0)
        case ("test", .tests(let passed, let failed, let skipped)):
            var cases: [String] = []
            cases += (0..<passed).map { "<testcase classname=\"T.S\" name=\"pass\($0)()\" time=\"0.1\" />" }
            cases += (0..<failed).map {
                "<testcase classname=\"T.S\" name=\"fail\($0)()\"><failure message=\"Expectation failed\" /></testcase>"
            }
            cases += (0..<skipped).map {
                "<testcase classname=\"T.S\" name=\"skip\($0)()\"><skipped>off</skipped></testcase>"
            }
            let document = "<testsuites><testsuite name=\"TestResults\">\(cases.joined())</testsuite></testsuites>"
            try Data(document.utf8).write(to: try swiftTestingPath(invocation))
            FileAppending.append("✘ Test run with \(passed + failed) tests\n", to: log)
            return ProcessResult(status: failed > 0 ? 1 : 0)
        default:
            return ProcessResult(status: 2)
        }
    }

    /// `--xunit-output X.xml` → `X-swift-testing.xml`, where Swift Testing writes.
    private func swiftTestingPath(_ invocation: ProcessInvocation) throws -> URL {
        guard let path = invocation.value(of: "--xunit-output") else {
            throw ProcessLaunchError(commandLine: invocation.commandLine, reason: "no --xunit-output")
        }
        return URL(fileURLWithPath: String(path.dropLast(".xml".count)) + "-swift-testing.xml")
    }
}

/// Creates an empty repository with a `Package.swift` in each of `packages`.
func makeRepository(in directory: URL, packages: [String]) throws -> URL {
    let repo = directory.appendingPathComponent("repo", isDirectory: true)
    for path in packages {
        let url = RepoPath.url(path, in: repo)
        try FileManager().createDirectory(at: url, withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.2\n".utf8).write(to: url.appendingPathComponent("Package.swift"))
    }
    return repo
}
