import Foundation
import Testing

@testable import ModulesKit

/// `modules test --timeout`: a hung test process is killed with everything it started, the tests that did not end
/// are named, and the run goes on.
@Suite(.timeLimit(.minutes(10))) struct TestTimeoutTests {
    @Test func theEventStreamOfAKilledRunNamesTheTestThatDidNotEnd() throws {
        // NB: captured from this toolchain: Fixtures/HangRun's Core/Stuck, killed while waitsForever() waited.
        let summary = SwiftTestingEvents.parse(try sample("swift-testing-events-killed.jsonl"))
        #expect(summary.cases.map(\.name) == ["doublesANumber()", "failsOnPurpose()"])
        #expect(summary.cases.map(\.outcome) == [.passed, .failed])
        #expect(summary.cases.allSatisfy { $0.suite == "StuckTests.StuckTests" })
        #expect(summary.cases[1].message?.contains("this fixture test fails on purpose") == true)
        #expect(
            summary.unfinished == [
                .init(
                    suite: "StuckTests.StuckTests", name: "waitsForever()", location: "StuckTests/StuckTests.swift:15",
                    startedAt: 1_796_208_321.5725825)
            ])
    }

    @Test func aHalfWrittenLastLineAndUnknownRecordsAreSkipped() {
        let text = """
            {"kind":"test","payload":{"id":"A.B/one()/B.swift:1:1","kind":"function","name":"one()"}}
            {"kind":"somethingNew","payload":{}}
            {"kind":"event","payload":{"kind":"testStarted","testID":"A.B/one()/B.swift:1:1"}}
            {"kind":"event","payload":{"kind":"testEnded","testID":"A.B/one()/B.sw
            """
        let summary = SwiftTestingEvents.parse(Data(text.utf8))
        #expect(summary.cases.isEmpty)
        #expect(summary.unfinished.map(\.qualifiedName) == ["A.B.one()"])
    }

    @Test func aTimedOutRunIsClassifiedWithTheUnfinishedTestsFailedAndTheOthersKept() throws {
        let result = TestOutcomeClassifier(filtered: false, timeout: .seconds(600)).classify(
            PackageTestResult(package: "Core/Stuck", status: .passed, log: "log"),
            exit: .init(succeeded: false, exitStatus: 9, note: "killed", timedOut: true),
            swiftTestingXUnit: try sample("swift-testing-after-crash.xml"),
            events: try sample("swift-testing-events-killed.jsonl"),
            log: "[0/1] Planning build\n"
        )
        #expect(result.status == .timedOut)
        #expect(result.status.isFailure)
        #expect(
            result.note
                == "the test process ran past the 600 s timeout and was killed with every process it started "
                + "while running StuckTests.StuckTests.waitsForever()")
        #expect(result.passed == 1)
        #expect(result.failed == 2)
        let hung = try #require(result.cases.last)
        #expect(hung.name == "waitsForever()")
        #expect(hung.message == "did not finish within the 600 s timeout (StuckTests/StuckTests.swift:15)")
        let junit = JUnitWriter.document(for: result)
        #expect(junit.contains(#"<testcase classname="StuckTests.StuckTests" name="waitsForever()">"#))
        #expect(junit.contains(#"name="timed-out""#))
    }

    @Test func aHungPackageFailsWithItsTestNamedAndTheNextPackageStillRuns() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A", "Core/B"])
            let swift = FakeSwift(["A": .hangs, "B": .tests(passed: 2)])
            let run = await runModules(
                ["test", "--timeout", "1.5", "--format", "json", "--repo", repo.path], in: directory,
                runner: swift.runner)
            #expect(run.status == 1, "\(run.errorOutput)")
            let tests = swift.invocations.filter { $0.arguments.first == "test" && $0.arguments.count > 2 }
            #expect(tests.map(\.timeout) == [.milliseconds(1500), .milliseconds(1500)])
            #expect(tests.allSatisfy { $0.arguments.contains("--event-stream-output-path") })
            #expect(swift.invocations.filter { $0.arguments.first == "build" }.allSatisfy { $0.timeout == nil })
            let json = try jsonObject(run.output)
            let packages = try #require(json["packages"] as? [[String: Any]])
            #expect(packages.map { $0["status"] as? String } == ["timed-out", "passed"])
            let failures = try #require(packages[0]["failures"] as? [[String: Any]])
            #expect(failures.map { $0["name"] as? String } == ["stuck()"])
            #expect(failures.first?["message"] as? String == "did not finish within the 1.5 s timeout (T/S.swift:5)")
            #expect(packages[0]["passed"] as? Int == 1)
            #expect((packages[0]["note"] as? String)?.hasSuffix("while running T.S.stuck()") == true)
            #expect(run.errorOutput.contains("[1/2] Core/A: timed-out, 1 passed, 1 failed, 0 skipped"))
            let junit = try String(
                contentsOf: repo.appendingPathComponent(".build/modules/junit/Core-A.xml"), encoding: .utf8)
            #expect(junit.contains(#"name="stuck()""#))
            let log = try String(
                contentsOf: repo.appendingPathComponent(".build/modules/logs/Core-A.log"), encoding: .utf8)
            #expect(log.contains("[test ran past the 1.5 s timeout and was killed with every process it started]"))
        }
    }

    @Test func theTextReportNamesTheHungTest() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A"])
            let run = await runModules(
                ["test", "--timeout", "600", "--repo", repo.path], in: directory,
                runner: FakeSwift(["A": .hangs]).runner)
            #expect(run.status == 1)
            #expect(run.output.contains("── Core/A: timed-out"))
            #expect(run.output.contains("   ✘ T.S.stuck(): did not finish within the 600 s timeout (T/S.swift:5)"))
            #expect(run.output.hasSuffix("\n1 passed, 1 failed\n"), "\(run.output)")
        }
    }

    @Test(arguments: ["0", "-3", "soon", "inf", "nan", "1e10", "99999999999999999999", "604801"])
    func aBadTimeoutIsAUsageError(value: String) async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A"])
            let swift = FakeSwift(["A": .tests(passed: 1)])
            let run = await runModules(
                ["test", "--timeout", value, "--repo", repo.path], in: directory, runner: swift.runner)
            #expect(run.status == 64)
            #expect(
                run.errorOutput.contains(
                    "--timeout needs a number of seconds above 0 and at most 604800 (or none), not '\(value)'"))
            #expect(swift.invocations.isEmpty)
        }
    }

    @Test func modulesJSONSetsTheTimeoutAndTheCommandLineOverridesIt() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A"])
            try Data(#"{"schemaVersion": 1, "test": {"timeout": 900}}"#.utf8).write(
                to: repo.appendingPathComponent("modules.json"))
            for (arguments, expected) in [([], Duration?.some(.seconds(900))), (["--timeout", "none"], nil)] {
                let swift = FakeSwift(["A": .tests(passed: 1)])
                let run = await runModules(
                    ["test", "--repo", repo.path] + arguments, in: directory, runner: swift.runner)
                #expect(run.status == 0, "\(run.errorOutput)")
                let test = try #require(swift.invocations.last { $0.arguments.first == "test" })
                #expect(test.timeout == expected)
            }
        }
        #expect(throws: ConfigurationError.self) {
            try ModulesConfiguration.parse(Data(#"{"test": {"timeout": 0}}"#.utf8), path: "modules.json")
        }
        #expect(throws: ConfigurationError.self) {
            try ModulesConfiguration.parse(Data(#"{"test": {"timeout": 1e300}}"#.utf8), path: "modules.json")
        }
        #expect(throws: ConfigurationError.self) {
            try ModulesConfiguration.parse(Data(#"{"test": {"timout": 10}}"#.utf8), path: "modules.json")
        }
    }

    @Test func theLiveRunnerKillsTheChildAndEveryProcessItStartedEvenInAnotherGroup() async throws {
        try await withTemporaryDirectory { directory in
            let pids = directory.appendingPathComponent("pids")
            // NB: one grandchild in the shell's group, one in a session (and group) of its own, as swift-test
            // starts the test bundle.
            let script = "sleep 300 & echo $! > '\(pids.path)'; setsid sleep 300 & echo $! >> '\(pids.path)'; wait"
            let start = ContinuousClock.now
            let result = try await liveRunner(directory).run(
                ProcessInvocation(executable: "sh", arguments: ["-c", script], timeout: .seconds(2)))
            #expect(result.timedOut)
            #expect(!result.succeeded)
            // NB: the children sleep 300 s: ending well before is the kill's doing. The bound is loose because this
            // test itself resumes late when other tests keep the thread pools busy (73 s once, with a 2 s timeout).
            #expect(ContinuousClock.now - start < .seconds(200))
            let children = try String(contentsOf: pids, encoding: .utf8).split(separator: "\n").compactMap {
                pid_t($0)
            }
            #expect(children.count == 2)
            for child in children {
                #expect(try await ended(child), "process \(child) still runs")
            }
        }
    }

    @Test func aChildThatEndsInTimeIsNotReportedAsTimedOut() async throws {
        try await withTemporaryDirectory { directory in
            let result = try await liveRunner(directory).run(
                ProcessInvocation(executable: "sh", arguments: ["-c", "exit 3"], timeout: .seconds(60)))
            #expect(result.status == 3)
            #expect(!result.timedOut)
        }
    }

    /// Whether `pid` has ended (gone, or a zombie nobody reaped yet), polled for at most 10 s: a killed process
    /// leaves the table once its new parent reaps it.
    private func ended(_ pid: pid_t) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let entry = ProcessTree.entry(pid: pid, stat: stat), entry.state != "Z"
            else { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
