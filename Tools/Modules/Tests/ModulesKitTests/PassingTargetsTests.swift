import Testing

@testable import ModulesKit

/// Green is recorded per test target: one failing target no longer reruns its passing siblings.
@Suite(.timeLimit(.minutes(1))) struct PassingTargetsTests {
    private func result(_ status: PackageTestStatus, _ cases: [(String, TestCaseResult.Outcome)]) -> PackageTestResult {
        PackageTestResult(
            package: "Core/Kit", status: status,
            cases: cases.map { TestCaseResult(suite: $0.0, name: "t()", outcome: $0.1) }, log: "")
    }

    @Test func aFailingTargetKeepsItsPassingSiblingsGreen() {
        let targets = ["KitTests", "Kit-IntegrationTests", "KitSnapshotTests"]
        let failed = result(
            .failed,
            [
                ("KitTests.ParserTests", .passed), ("KitTests.ParserTests", .passed),
                ("Kit_IntegrationTests.StoreTests", .failed), ("Kit_IntegrationTests.StoreTests", .passed),
                ("KitSnapshotTests.Snapshots", .skipped),
            ])
        #expect(PassingTargets.names(in: failed, among: targets) == ["KitTests"])
        #expect(PassingTargets.names(in: result(.passed, []), among: targets) == Set(targets))
    }

    @Test func aFailureNoTargetExplainsOrACrashPassesNothing() {
        let targets = ["KitTests", "OtherTests"]
        let unexplained = result(.failed, [("KitTests.A", .passed), ("Elsewhere.B", .failed)])
        #expect(PassingTargets.names(in: unexplained, among: targets).isEmpty)
        let exitOnly = result(.failed, [("KitTests.A", .passed)])
        #expect(PassingTargets.names(in: exitOnly, among: targets).isEmpty, "exited non-zero with no failed case")
        for status in [PackageTestStatus.crashed, .buildFailed, .noTests] {
            #expect(PassingTargets.names(in: result(status, [("KitTests.A", .passed)]), among: targets).isEmpty)
        }
    }
}
