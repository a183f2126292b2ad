import Foundation
import Testing

@testable import ModulesKit

/// A JUnit file as Python's `xml.etree.ElementTree` reads it (an independent, well-kept XML parser): the counts of
/// each `<testsuite>` and, per test case name, its child elements in document order.
struct JUnitDocument: Decodable {
    struct Suite: Decodable {
        var tests: String?
        var failures: String?
        var errors: String?
        var skipped: String?
    }

    struct Element: Decodable {
        var tag: String
        var type: String?
        var message: String?
        /// The tags of its children.
        var children: [String]
        /// The text of its `<stackTrace>` child.
        var stackTrace: String?
    }

    var suites: [Suite]
    var cases: [String: [Element]]

    /// The tags of the children of test case `name`, in order.
    func tags(_ name: String) -> [String] {
        cases[name]?.map(\.tag) ?? []
    }

    private static let script = """
        import json, sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        out = {"suites": [], "cases": {}}
        for suite in root.iter("testsuite"):
            out["suites"].append({k: suite.get(k) for k in ("tests", "failures", "errors", "skipped")})
            for case in suite.iter("testcase"):
                out["cases"][case.get("name")] = [
                    {"tag": c.tag, "type": c.get("type"), "message": c.get("message"),
                     "children": [g.tag for g in c], "stackTrace": c.findtext("stackTrace")} for c in case]
        print(json.dumps(out))
        """

    /// Parses `file` with `python3`; a document that is not well-formed fails the parse (and the test).
    static func read(_ file: URL) async throws -> JUnitDocument {
        let result = try await liveRunner(file.deletingLastPathComponent()).run(
            ProcessInvocation(executable: "python3", arguments: ["-c", script, file.path]))
        #expect(result.succeeded, "python3 could not parse \(file.path): \(result.standardErrorText)")
        return try JSONDecoder().decode(JUnitDocument.self, from: result.standardOutput)
    }
}
