import Foundation
import Testing

@testable import ModulesKit

/// Reading captured `swift test` outputs (Samples/: real files from this toolchain).
@Suite(.timeLimit(.minutes(10))) struct ResultParsingTests {
    @Test func swiftTestingXUnitCountsEveryCaseWhateverTheTestsAttributeSays() throws {
        let cases = try XUnitParser.parse(try sample("swift-testing.xml"))
        #expect(cases.count == 4)
        #expect(cases.count { $0.outcome == .passed } == 2)
        let failure = try #require(cases.first { $0.outcome == .failed })
        #expect(failure.suite == "LibTests.S")
        #expect(failure.name == "fail()")
        #expect(failure.message?.contains("(one() → 1) == 2") == true)
        let skipped = try #require(cases.first { $0.outcome == .skipped })
        #expect(skipped.message == "skip me")
    }

    @Test func xctestParallelXUnitIsRead() throws {
        let cases = try XUnitParser.parse(try sample("xctest-parallel.xml"))
        #expect(cases.map(\.name) == ["testA", "testB"])
        #expect(cases.allSatisfy { $0.suite == "LibTests.X" })
    }

    @Test func aCrashLeavesAnIncompleteXUnitFile() throws {
        #expect(throws: XUnitParser.Incomplete.self) {
            try XUnitParser.parse(try sample("swift-testing-after-crash.xml"))
        }
        #expect(throws: XUnitParser.Incomplete.self) {
            try XUnitParser.parse(Data("<testsuites><testsuite><testcase".utf8))
        }
    }

    @Test func xctestResultsComeFromTheLogIncludingSkips() throws {
        let log = String(decoding: try sample("console-xctest-and-swift-testing.log"), as: UTF8.self)
        let cases = TestLogParser.xctestCases(in: log)
        #expect(cases.map(\.name) == ["testA", "testB"])
        #expect(cases.map(\.outcome) == [.passed, .skipped])
        #expect(cases.first?.suite == "X")
        #expect(cases.first?.seconds == 0.004)
        #expect(TestLogParser.unfinishedXCTestCases(in: log).isEmpty)
    }

    @Test func swiftTestingConsoleLinesAreReadWhenNeeded() throws {
        let log = String(decoding: try sample("console-xctest-and-swift-testing.log"), as: UTF8.self)
        let cases = TestLogParser.swiftTestingCases(in: log)
        #expect(cases.map(\.name) == ["skipped()", "pass()", "param(x:)", "fail()"])
        #expect(cases.map(\.outcome) == [.skipped, .passed, .passed, .failed])
    }

    @Test func theTestsRunningWhenTheProcessCrashedAreNamed() throws {
        let log = String(decoding: try sample("console-crash.log"), as: UTF8.self)
        #expect(TestLogParser.unfinishedSwiftTestingCases(in: log) == ["boom()", "fail()", "pass()", "param(x:)"])
        #expect(TestLogParser.swiftTestingCases(in: log).map(\.outcome) == [.skipped])
    }

    @Test func aCrashIsClassifiedAsSuchWithTheUnfinishedTestsFailed() throws {
        let log = String(decoding: try sample("console-crash.log"), as: UTF8.self)
        let result = TestOutcomeClassifier(filtered: false).classify(
            PackageTestResult(package: "Core/Lib", status: .passed, log: "log"),
            exit: .init(succeeded: false, exitStatus: 1, note: "swift test exited 1"),
            swiftTestingXUnit: try sample("swift-testing-after-crash.xml"),
            log: log
        )
        #expect(result.status == .crashed)
        #expect(result.note?.contains("crashed while running boom()") == true)
        #expect(result.failed == 4)
        #expect(result.skipped == 1)
    }

    @Test(arguments: [
        (false, false, PackageTestStatus.noTests),
        (true, false, PackageTestStatus.noMatchingTests),
        (false, true, PackageTestStatus.noTests),
    ])
    func aRunWithoutTestsIsNamed(filtered: Bool, exitFailed: Bool, expected: PackageTestStatus) {
        let empty = "<testsuites><testsuite name=\"TestResults\" tests=\"0\"></testsuite></testsuites>"
        let result = TestOutcomeClassifier(filtered: filtered).classify(
            PackageTestResult(package: "Core/Lib", status: .passed, log: "log"),
            exit: .init(succeeded: !exitFailed, exitStatus: exitFailed ? 1 : 0, note: exitFailed ? "exited 1" : nil),
            swiftTestingXUnit: Data(empty.utf8),
            log: ""
        )
        #expect(result.status == expected)
        #expect(result.status.isFailure == !filtered)
    }

    @Test func aNonZeroExitWithOnlyPassingTestsStillFails() throws {
        let result = TestOutcomeClassifier(filtered: false).classify(
            PackageTestResult(package: "Core/Lib", status: .passed, log: "log"),
            exit: .init(succeeded: false, exitStatus: 1, note: "swift test exited 1"),
            swiftTestingXUnit: try sample("xctest-parallel.xml"),
            log: ""
        )
        #expect(result.status == .failed)
        #expect(result.note?.contains("exited 1") == true)
    }

    @Test func junitOutputReadsBackAndEscapes() throws {
        let result = PackageTestResult(
            package: "Core/Lib",
            status: .failed,
            cases: [
                .init(suite: "LibTests.S", name: "a()", outcome: .passed, seconds: 0.5),
                .init(suite: "LibTests.S", name: "b()", outcome: .failed, message: "1 < 2 & \"x\"\nnext"),
                .init(suite: "LibTests.S", name: "c()", outcome: .skipped, message: "later"),
            ],
            testSeconds: 1.25,
            log: "log"
        )
        let document = JUnitWriter.document(for: result)
        #expect(
            document.contains(
                "<testsuite name=\"Core/Lib\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\" time=\"1.250\">"))
        let cases = try XUnitParser.parse(Data(document.utf8))
        #expect(cases == result.cases)
    }

    @Test func aBuildFailureIsOneFailedCaseInJUnit() throws {
        let result = PackageTestResult(
            package: "Core/Lib", status: .buildFailed, log: "log", note: "swift build exited 1")
        let cases = try XUnitParser.parse(Data(JUnitWriter.document(for: result).utf8))
        #expect(
            cases == [.init(suite: "Core/Lib", name: "build-failed", outcome: .failed, message: "swift build exited 1")]
        )
    }
}
