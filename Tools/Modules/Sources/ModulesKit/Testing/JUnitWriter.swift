import Foundation

/// Writes one package's results as a JUnit XML document, the shape CI systems read (one `<testsuite>` per
/// package, named by its path, holding every test case; a crash, a timeout or a build failure is one failed test
/// case, and a test that started and did not end before a crash or a timeout is a failed test case of its own).
///
/// Reruns are written as Maven Surefire writes them (its `surefire-test-report-3.0.xsd`): a flaky test is a passing
/// `<testcase>` holding one `<flakyFailure>` (a recorded issue) or `<flakyError>` (a thrown error, a crash, a
/// timeout) per failed run, each with `message`, `type` and a `<stackTrace>`; a test that failed every time holds
/// its `<failure>` followed by a `<rerunFailure>` or `<rerunError>` per rerun. A quarantined failure is a
/// `<skipped>` whose message says it failed and who owns it, so report readers do not fail the build on it.
public enum JUnitWriter {
    /// The JUnit XML for `result`.
    public static func document(for result: PackageTestResult) -> String {
        var cases = result.cases
        if result.status == .buildFailed || result.status == .crashed || result.status == .timedOut
            || result.status == .noTests
            || result.status == .failed && result.failed == 0
        {
            let note = result.note ?? result.status.rawValue
            cases.append(
                TestCaseResult(suite: result.package, name: result.status.rawValue, outcome: .failed, message: note))
        }
        let failures = cases.count { $0.outcome == .failed }
        let skipped = cases.count { $0.outcome == .skipped || $0.outcome == .quarantined }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"\(escape(result.package))\" tests=\"\(cases.count)\" failures=\"\(failures)\" "
                + "errors=\"0\" skipped=\"\(skipped)\" time=\"\(format(result.seconds))\">",
            "  <testsuite name=\"\(escape(result.package))\" tests=\"\(cases.count)\" failures=\"\(failures)\" "
                + "errors=\"0\" skipped=\"\(skipped)\" time=\"\(format(result.testSeconds))\">",
        ]
        for testCase in cases {
            let time = testCase.seconds.map { " time=\"\(format($0))\"" } ?? ""
            let opening =
                "    <testcase classname=\"\(escape(testCase.suite))\" name=\"\(escape(testCase.name))\"\(time)"
            let children = elements(of: testCase)
            if children.isEmpty {
                lines.append(opening + " />")
            } else {
                lines.append(opening + ">")
                lines += children.map { "      " + $0 }
                lines.append("    </testcase>")
            }
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The child elements of one `<testcase>`, in the order of Surefire's schema: `failure`, `rerunFailure`,
    /// `flakyFailure`, `skipped`, `rerunError`, `flakyError`.
    private static func elements(of testCase: TestCaseResult) -> [String] {
        let failures = testCase.attempts.filter { $0.kind == .failure }
        let errors = testCase.attempts.filter { $0.kind != .failure }
        switch testCase.outcome {
        case .passed:
            return []
        case .failed:
            let expired = testCase.quarantine.map { " (its quarantine expired on \($0.expires))" } ?? ""
            let message = (testCase.message ?? "failed") + expired
            return ["<failure message=\"\(escape(message))\" type=\"failure\" />"]
                + failures.map { rerun("rerunFailure", $0) } + errors.map { rerun("rerunError", $0) }
        case .flaky:
            return failures.map { rerun("flakyFailure", $0) } + errors.map { rerun("flakyError", $0) }
        case .skipped:
            return ["<skipped message=\"\(escape(testCase.message ?? "skipped"))\" />"]
        case .quarantined:
            let entry = testCase.quarantine?.describe(inForce: true)
            let message = (entry ?? "quarantined") + "; it failed: " + (testCase.message ?? "failed")
            return ["<skipped message=\"\(escape(message))\" />"]
        }
    }

    /// A rerun element: `<NAME message="…" type="KIND"><stackTrace>run: message</stackTrace></NAME>` (the schema
    /// requires the stack trace; Swift Testing reports none, so it holds which run failed and how).
    private static func rerun(_ element: String, _ attempt: TestAttempt) -> String {
        let message = attempt.message ?? "failed"
        return "<\(element) message=\"\(escape(message))\" type=\"\(attempt.kind.rawValue)\">"
            + "<stackTrace>\(escape("\(attempt.run): \(message)"))</stackTrace></\(element)>"
    }

    /// Escapes the five XML special characters and control characters for use in an attribute value (or text).
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n": escaped += "&#10;"
            case "\t": escaped += "&#9;"
            case "\r": escaped += "&#13;"
            default:
                // XML 1.0 forbids other control characters even as references; drop them.
                if scalar.value >= 0x20 { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }

    private static func format(_ seconds: Double) -> String {
        String(format: "%.3f", seconds)
    }
}
