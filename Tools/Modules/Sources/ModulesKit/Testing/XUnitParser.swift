import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads the xunit (JUnit-style) XML that `swift test --xunit-output` writes, for Swift Testing
/// (`<path>-swift-testing.xml`) and for XCTest (`<path>`, written only with `--parallel`).
///
/// Each `<testcase>` is one result: with a `<failure>` or `<error>` child it failed, with `<skipped>` it was
/// skipped, otherwise it passed. A parameterized Swift Testing test is one test case. The `tests` attribute
/// of `<testsuite>` is not trusted: Swift Testing leaves skipped tests out of it.
public enum XUnitParser {
    /// The document is not XML, or holds no `<testsuite>` (a test process that crashed leaves only the header).
    public struct Incomplete: Error, Equatable, CustomStringConvertible {
        /// What was wrong.
        public var reason: String

        /// The reason.
        public var description: String { reason }
    }

    /// Parses a xunit document.
    /// - Returns: the test cases in document order.
    /// - Throws: ``Incomplete`` when the XML is malformed or has no `<testsuite>` element.
    public static func parse(_ data: Data) throws -> [TestCaseResult] {
        let parser = XMLParser(data: data)
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "malformed XML"
            throw Incomplete(reason: "the xunit file is not well-formed XML (\(reason))")
        }
        guard collector.closedSuites > 0, collector.depth == 0 else {
            throw Incomplete(reason: "the xunit file has no <testsuite> (the test process probably crashed)")
        }
        return collector.cases
    }
}

/// Collects test cases while `XMLParser` walks the document. Used by one parse on one thread only.
private final class Collector: NSObject, XMLParserDelegate {
    var cases: [TestCaseResult] = []
    /// How many `<testsuite>` elements were closed: a truncated document closes none.
    var closedSuites = 0
    /// How many elements are open; not zero at the end of a truncated document (the parser may not complain).
    var depth = 0
    private var current: TestCaseResult?
    private var text = ""
    private var capturingText = false

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        switch elementName {
        case "testcase":
            current = TestCaseResult(
                suite: attributes["classname"] ?? "",
                name: attributes["name"] ?? "",
                outcome: .passed,
                seconds: attributes["time"].flatMap(Double.init)
            )
        case "failure", "error":
            current?.outcome = .failed
            current?.message = attributes["message"]
            startText()
        case "skipped":
            current?.outcome = .skipped
            current?.message = attributes["message"]
            startText()
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if capturingText { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        switch elementName {
        case "testsuite":
            closedSuites += 1
        case "testcase":
            if let current { cases.append(current) }
            current = nil
        case "failure", "error", "skipped":
            let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if current?.message == nil, !body.isEmpty {
                current?.message = body
            }
            capturingText = false
        default:
            break
        }
    }

    private func startText() {
        text = ""
        capturingText = true
    }
}
