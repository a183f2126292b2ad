/// Which test targets of a package's run passed: all of them when the package passed; in a package that failed
/// only because of some test cases (or that is flaky or has quarantined failures), each target all of whose cases
/// ran and passed the first time. Test cases belong to a target by their suite (`LoggingTests.LoggerTests` belongs
/// to `LoggingTests`, the target's module name). A crash, a build failure or a failure no test case explains passes
/// nothing, so a failing target is never recorded as passing; neither is a target with a flaky or quarantined test.
enum PassingTargets {
    /// The names of the targets of `targets` (names, as run) that passed in `result`.
    static func names(in result: PackageTestResult, among targets: [String]) -> Set<String> {
        switch result.status {
        case .passed: return Set(targets)
        case .failed, .flaky, .quarantined: break
        default: return []
        }
        let modules = Dictionary(targets.map { (module(of: $0), $0) }) { first, _ in first }
        func target(of testCase: TestCaseResult) -> String? {
            testCase.suite.split(separator: ".", maxSplits: 1).first.flatMap { modules[String($0)] }
        }
        let failed = result.cases.filter { $0.outcome != .passed && $0.outcome != .skipped }
        // NB: a failure that belongs to no target run (or no failed case at all) explains nothing: none passed.
        guard !failed.isEmpty, failed.allSatisfy({ target(of: $0) != nil }) else { return [] }
        let failing = Set(failed.compactMap(target(of:)))
        let ran = Set(result.cases.filter { $0.outcome == .passed }.compactMap(target(of:)))
        return ran.subtracting(failing)
    }

    /// The module name SwiftPM gives a target: its name with every character that cannot start or continue a
    /// C identifier replaced by `_`.
    static func module(of target: String) -> String {
        String(target.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }
}
