import FeatureKit
import Testing

@testable import StorefrontApp

@Suite("argument parser")
struct ArgumentParserTests {
    private let options = CommandOptions([
        .init("--json", help: "JSON output."),
        .init("--limit", valueName: "N", help: "Page size."),
        .init("--fault", valueName: "RULE", repeatable: true, help: "Fault rule."),
    ])

    @Test("values in both spellings, flags and operands in order")
    func mixed() throws {
        let parsed = try options.parse(["feed", "--limit", "5", "--json", "extra", "--limit=7"])
        #expect(parsed.operands == ["feed", "extra"])
        #expect(parsed.value("--limit") == "7")
        #expect(parsed.has("--json"))
    }

    @Test("repeatable options keep every value; -- ends the options")
    func repeatableAndTerminator() throws {
        let parsed = try options.parse(["--fault", "a", "--fault=b", "--", "--json", "-"])
        #expect(parsed.values["--fault"] == ["a", "b"])
        #expect(parsed.operands == ["--json", "-"])
        #expect(!parsed.has("--json"))
    }

    @Test("an empty inline value is a value, not a missing one")
    func emptyInlineValue() throws {
        #expect(try options.parse(["--limit="]).value("--limit") == "")
    }

    @Test("errors name the option")
    func errors() {
        #expect(throws: UsageError("unknown option '--limt'")) { try options.parse(["--limt", "3"]) }
        #expect(throws: UsageError("option '--limit' needs a value")) { try options.parse(["--limit"]) }
        #expect(throws: UsageError("option '--json' takes no value")) { try options.parse(["--json=1"]) }
    }
}
