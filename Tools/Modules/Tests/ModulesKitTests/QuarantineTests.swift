import Foundation
import Testing

@testable import ModulesKit

/// `quarantine` in modules.json: what the file may say, how an entry finds its test, and what `modules lint` reports
/// without building anything.
@Suite(.timeLimit(.minutes(10))) struct QuarantineTests {
    private func parse(_ entries: String) throws -> ModulesConfiguration {
        try ModulesConfiguration.parse(Data("{\"quarantine\": [\(entries)]}".utf8), path: "modules.json")
    }

    private func reason(_ entries: String) -> String? {
        do {
            _ = try parse(entries)
            return nil
        } catch let error as ConfigurationError {
            return error.reason
        } catch {
            return "\(error)"
        }
    }

    private static let good =
        #"{"test": "Core/Logging/LoggingTests/LoggerTests/levels()", "owner": "@ana", "#
        + #""reason": "issue 12", "expires": "2026-07-01"}"#

    @Test func entriesAreReadAndEveryMistakeIsNamed() throws {
        let configuration = try parse(Self.good)
        let entry = try #require(configuration.quarantine.first)
        #expect(entry.test == "Core/Logging/LoggingTests/LoggerTests/levels()")
        #expect(entry.owner == "@ana")
        #expect(entry.expiry == Date(timeIntervalSince1970: 1_782_864_000), "2026-07-01T00:00:00Z")
        #expect(entry.isInForce(at: entry.expiry.addingTimeInterval(-1)))
        #expect(!entry.isInForce(at: entry.expiry))

        #expect(
            reason(Self.good.replacingOccurrences(of: "2026-07-01", with: "2026-02-30"))
                == "quarantine[0].expires must be a date as YYYY-MM-DD, not '2026-02-30'")
        #expect(
            reason(Self.good.replacingOccurrences(of: "2026-07-01", with: "2026-7-1"))?.contains("'2026-7-1'") == true)
        #expect(
            reason(Self.good.replacingOccurrences(of: "\"@ana\"", with: "\" \""))
                == "quarantine[0].owner must not be empty")
        #expect(
            reason(#"{"test": "A/b()", "reason": "r", "expires": "2026-07-01"}"#) == "quarantine[0].owner is required")
        #expect(
            reason(#"{"test": "levels()", "owner": "o", "reason": "r", "expires": "2026-07-01"}"#)?.hasPrefix(
                "quarantine[0].test must name Package/TestTarget/Suite/test()") == true)
        #expect(reason(#"{"test": "A//b()", "owner": "o", "reason": "r", "expires": "2026-07-01"}"#) != nil)
        #expect(
            reason(Self.good.replacingOccurrences(of: "\"expires\"", with: "\"expiry\""))?.hasPrefix(
                "unknown key 'expiry' in quarantine[0]") == true)
        #expect(
            reason(Self.good + ", " + Self.good)
                == "quarantine[1].test 'Core/Logging/LoggingTests/LoggerTests/levels()' is quarantined twice (also quarantine[0])"
        )
    }

    @Test func anEntryFindsItsPackageTargetSuitesAndTest() throws {
        let entry = { (test: String) in
            ModulesConfiguration.QuarantineEntry(
                test: test, owner: "o", reason: "r", expires: "2026-07-01", expiry: testDate)
        }
        let packages = [".", "Core", "Core/Logging"]
        let nested = try #require(
            QuarantinedTest.resolve(entry("Core/Logging/LoggingTests/Outer/Inner/t()"), packages: packages))
        #expect([nested.package, nested.target, nested.name] == ["Core/Logging", "LoggingTests", "t()"])
        #expect(nested.suites == ["Outer", "Inner"])
        #expect(
            QuarantinedTest.resolve(entry("Core/Logging/LoggingTests/Outer.Inner/t()"), packages: packages)?.suites == [
                "Outer", "Inner",
            ])
        #expect(QuarantinedTest.resolve(entry("Core/CoreTests/S/t()"), packages: packages)?.package == "Core")
        #expect(QuarantinedTest.resolve(entry("AppTests/AppTests/launches()"), packages: packages)?.package == ".")
        #expect(QuarantinedTest.resolve(entry("./AppTests/free()"), packages: packages)?.suites == [])
        #expect(QuarantinedTest.resolve(entry("Features/Feed/FeedTests/S/t()"), packages: ["Core/Logging"]) == nil)

        #expect(nested.matches(TestCaseResult(suite: "LoggingTests.Outer.Inner", name: "t()", outcome: .failed)))
        #expect(!nested.matches(TestCaseResult(suite: "LoggingTests.Outer", name: "t()", outcome: .failed)))
        #expect(!nested.matches(TestCaseResult(suite: "OtherTests.Outer.Inner", name: "t()", outcome: .failed)))
        let xctest = try #require(
            QuarantinedTest.resolve(entry("Core/Logging/LoggingTests/LoggerXCTests/testLevels"), packages: packages))
        #expect(xctest.matches(TestCaseResult(suite: "LoggerXCTests", name: "testLevels", outcome: .failed)))
        #expect(
            QuarantinedTest.identifier(
                package: ".", target: "AppTests",
                testCase: .init(suite: "AppTests.Outer.Inner", name: "t()", outcome: .passed))
                == "./AppTests/Outer/Inner/t()")
    }

    @Test func lintReportsExpiredAndUnknownEntriesAtTheirLines() async throws {
        try await withTemporaryDirectory { directory in
            var builder = GraphBuilder(root: directory)
            try builder.add("Core/Logging")
            let text = """
                {
                  "quarantine": [
                    {"test": "Core/Logging/LoggingTests/S/old()", "owner": "o", "reason": "r", "expires": "2026-05-01"},
                    {"test": "Core/Logging/LoggingTests/S/current()", "owner": "o", "reason": "r", "expires": "2027-01-01"},
                    {"test": "Core/Nope/NopeTests/S/t()", "owner": "o", "reason": "r", "expires": "2027-01-01"},
                    {"test": "Core/Logging/Logging/S/t()", "owner": "o", "reason": "r", "expires": "2027-01-01"}
                  ]
                }
                """
            try Data(text.utf8).write(to: directory.appendingPathComponent("modules.json"))
            builder.configuration = try ModulesConfiguration.parse(Data(text.utf8), path: "modules.json")
            let swift = FakeSwift([:])
            let findings = await QuarantineRules(
                scan: builder.scan(), date: testDate, runner: swift.runner, swiftExecutable: "swift"
            ).findings(listTests: true)
            let summary = findings.map { "\($0.line ?? 0) \($0.rule.rawValue)" }
            #expect(summary == ["3 quarantine-expired", "5 unknown-quarantined-test", "6 unknown-quarantined-test"])
            #expect(findings[0].message.contains("until 2026-05-01, which has passed (owner o: r)"))
            #expect(
                findings[2].message.contains("Core/Logging has no test target Logging (its test targets: LoggingTests)")
            )
            #expect(findings.allSatisfy { $0.manifest == "modules.json" })
            #expect(swift.invocations.isEmpty, "no build directory exists, so nothing was listed")
        }
    }
}
