import Foundation

/// Writes one package's results as a JUnit XML document, the shape CI systems read (one `<testsuite>` per
/// package, named by its path, holding every test case; a crash, a timeout or a build failure is one failed test
/// case, and a test that started and did not end before a crash or a timeout is a failed test case of its own).
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
        let skipped = cases.count { $0.outcome == .skipped }
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
            switch testCase.outcome {
            case .passed:
                lines.append(opening + " />")
            case .failed:
                lines.append(opening + ">")
                lines.append("      <failure message=\"\(escape(testCase.message ?? "failed"))\" />")
                lines.append("    </testcase>")
            case .skipped:
                lines.append(opening + ">")
                lines.append("      <skipped message=\"\(escape(testCase.message ?? "skipped"))\" />")
                lines.append("    </testcase>")
            }
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Escapes the five XML special characters and control characters for use in an attribute value.
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
