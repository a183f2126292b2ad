/// Reads test results from the console output of `swift test`.
///
/// XCTest writes no xunit file without `--parallel`, so its results come from its `Test Case '…' passed` lines.
/// Swift Testing's lines (`✔ Test name() passed after …`) are read only when its xunit file is missing or
/// incomplete, which happens when the test process crashes.
public enum TestLogParser {
    /// What a console line says about a test.
    enum Event: Equatable {
        case started
        case ended(TestCaseResult.Outcome)
    }

    /// XCTest results: one per `Test Case 'Suite.test' passed|failed|skipped (N seconds)` line.
    public static func xctestCases(in log: String) -> [TestCaseResult] {
        log.split(separator: "\n").compactMap { line in
            guard let (qualified, event, rest) = xctestLine(line), case .ended(let outcome) = event else { return nil }
            let (suite, name) = split(qualified)
            return TestCaseResult(suite: suite, name: name, outcome: outcome, seconds: seconds(in: rest))
        }
    }

    /// XCTest test cases that started and never ended (the one running when the process crashed).
    public static func unfinishedXCTestCases(in log: String) -> [String] {
        unfinished(log.split(separator: "\n").compactMap { xctestLine($0).map { (String($0.0), $0.1) } })
    }

    /// Swift Testing results from console lines: `Test name() passed after`, `failed after`, `skipped`.
    public static func swiftTestingCases(in log: String) -> [TestCaseResult] {
        log.split(separator: "\n").compactMap { line in
            guard let (name, event) = swiftTestingLine(line), case .ended(let outcome) = event else { return nil }
            return TestCaseResult(suite: "", name: name, outcome: outcome)
        }
    }

    /// Swift Testing tests that started and did not end (candidates for the one that crashed the process).
    public static func unfinishedSwiftTestingCases(in log: String) -> [String] {
        unfinished(log.split(separator: "\n").compactMap { swiftTestingLine($0) })
    }

    private static func unfinished(_ events: [(String, Event)]) -> [String] {
        var open: [String] = []
        for (name, event) in events {
            if event == .started {
                open.append(name)
            } else {
                open.removeAll { $0 == name }
            }
        }
        return open
    }

    /// `Test Case 'X.testA' passed (0.004 seconds)` → (`X.testA`, passed, `(0.004 seconds)`).
    private static func xctestLine(_ line: Substring) -> (Substring, Event, Substring)? {
        guard let open = line.range(of: "Test Case '"), let close = line[open.upperBound...].firstIndex(of: "'")
        else { return nil }
        let rest = line[line.index(after: close)...].drop { $0 == " " }
        let words: [(String, Event)] = [
            ("started", .started), ("passed", .ended(.passed)), ("failed", .ended(.failed)),
            ("skipped", .ended(.skipped)),
        ]
        guard let (word, event) = words.first(where: { rest.hasPrefix($0.0) }) else { return nil }
        return (line[open.upperBound..<close], event, rest.dropFirst(word.count))
    }

    /// `✔ Test fail() failed after…` → (`fail()`, failed); `nil` for other lines (suites, the run summary,
    /// the test cases of a parameterized test, issue reports).
    private static func swiftTestingLine(_ line: Substring) -> (String, Event)? {
        guard let marker = line.range(of: " Test "), line[..<marker.lowerBound].count <= 2 else { return nil }
        let body = line[marker.upperBound...]
        if body.hasPrefix("run ") || body.hasPrefix("case ") { return nil }
        let name: String
        var rest: Substring
        if body.hasPrefix("\"") {
            let quoted = body.dropFirst()
            guard let closing = quoted.firstIndex(of: "\"") else { return nil }
            name = String(quoted[..<closing])
            rest = quoted[quoted.index(after: closing)...].drop { $0 == " " }
        } else {
            guard let space = body.firstIndex(of: " ") else { return nil }
            name = String(body[..<space])
            rest = body[body.index(after: space)...]
        }
        if rest.hasPrefix("with "), let range = rest.range(of: " test cases ") ?? rest.range(of: " test case ") {
            rest = rest[range.upperBound...]  // NB: "param(x:) with 2 test cases passed after …"
        }
        if rest.hasPrefix("started") { return (name, .started) }
        if rest.hasPrefix("passed after") { return (name, .ended(.passed)) }
        if rest.hasPrefix("failed after") { return (name, .ended(.failed)) }
        if rest.hasPrefix("skipped") { return (name, .ended(.skipped)) }
        return nil
    }

    /// `Suite.test` → (`Suite`, `test`); `-[Suite test]` → (`Suite`, `test`).
    private static func split(_ qualified: Substring) -> (String, String) {
        var text = qualified
        if text.hasPrefix("-["), text.hasSuffix("]") {
            text = text.dropFirst(2).dropLast()
            if let space = text.firstIndex(of: " ") {
                return (String(text[..<space]), String(text[text.index(after: space)...]))
            }
        }
        guard let dot = text.lastIndex(of: ".") else { return ("", String(text)) }
        return (String(text[..<dot]), String(text[text.index(after: dot)...]))
    }

    /// ` (0.004 seconds)` → 0.004.
    private static func seconds(in text: Substring) -> Double? {
        guard let open = text.firstIndex(of: "("), let space = text[open...].firstIndex(of: " ") else { return nil }
        return Double(text[text.index(after: open)..<space])
    }
}
