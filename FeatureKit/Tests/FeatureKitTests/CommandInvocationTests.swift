import FeatureKit
import Foundation
import Networking
import Primitives
import Testing

/// Collects what a command writes.
final class Collected: TextOutput {
    private let collected = Locked("")

    func write(_ text: String) {
        collected.withLock { $0 += text }
    }

    var text: String { collected.withLock { $0 } }
}

@Suite("command invocations", .timeLimit(.minutes(1)))
/// What the test command runs on.
@MainActor
final class Receiver {
    var runs = 0
}

@MainActor
struct CommandInvocationTests {
    private func invocation(_ arguments: [String], signedIn: Bool = false) throws -> (
        CommandInvocation, Collected, Collected
    ) {
        let spec = CommandSpec(
            ["cart", "add"], operands: ["ID"],
            options: [.init("--quantity", valueName: "N", help: "How many.")], help: "Add.",
            run: .on(Receiver.self) { receiver, _ in
                receiver.runs += 1
                return .success
            })
        let parsed = try CommandOptions(spec.options + [.init("--json", help: "JSON.")]).parse(arguments)
        let output = Collected()
        let errors = Collected()
        let invocation = CommandInvocation(
            spec: spec, arguments: parsed, operands: parsed.operands, output: output, errorOutput: errors,
            isInputTerminal: false, programName: "storefront", isSignedIn: signedIn, sessionEndedMessage: nil,
            usageText: { "Usage: storefront\n" })
        return (invocation, output, errors)
    }

    @Test("text by default, one JSON document with --json (snake_case)")
    func emit() throws {
        let (text, output, _) = try invocation(["sku_1"])
        #expect(text.emit(["Added."], json: ["productId": "sku_1"]) == .success)
        #expect(output.text == "Added.\n")
        let (json, jsonOutput, _) = try invocation(["sku_1", "--json"])
        #expect(json.emit(["Added."], json: ["product_id": "sku_1"]) == .success)
        #expect(jsonOutput.text == "{\"product_id\":\"sku_1\"}\n")
    }

    @Test(
        "failures go to standard error with the program's name; usage errors exit 64 with one line and where the usage is"
    )
    func failures() throws {
        let (invocation, output, errors) = try invocation(["sku_1"])
        #expect(invocation.fail("it broke") == .failure)
        #expect(invocation.usage("bad flag") == .usage)
        #expect(output.text.isEmpty)
        #expect(errors.text == "storefront: it broke\nstorefront: bad flag\nRun 'storefront --help' for usage.\n")
    }

    @Test(
        "an interrupted answer fails with its own code and a sentence naming host:port, never offline",
        arguments: [
            (TransferInterruption.Kind.connectionDropped, "connection_dropped", "dropped before the answer"),
            (.truncatedResponse, "truncated_response", "was cut short"),
            (.responseTooLarge, "response_too_large", "is larger than the 4096 bytes"),
            (.tls, "tls", "The secure connection to 127.0.0.1:8443 failed"),
        ])
    func interruptedAnswers(kind: TransferInterruption.Kind, code: String, words: String) throws {
        let error = APIError.interrupted(
            TransferInterruption(
                kind: kind, server: "127.0.0.1:8443", limit: kind == .responseTooLarge ? 4096 : nil))
        #expect(ErrorText.code(error) == code)
        let line = ErrorText.describe(error)
        #expect(line.contains("127.0.0.1:8443") && line.contains(words) && line.hasSuffix("(\(code))"), "\(line)")
        let (invocation, output, errors) = try invocation(["sku_1", "--json"])
        #expect(invocation.fail("the feed could not be loaded", error) == .failure)
        #expect(errors.text.hasPrefix("storefront: the feed could not be loaded: "), "\(errors.text)")
        #expect(!errors.text.contains("offline"))
        let document = try JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [String: [String: String]]
        #expect(document?["error"]?["code"] == code, "\(output.text)")
        #expect(document?["error"]?["message"]?.contains("127.0.0.1:8443") == true)
    }

    @Test("bidi controls in a JSON string are \\u escapes: the exact text for a program, nothing reordered on screen")
    func bidiInJSON() throws {
        let (json, output, _) = try invocation(["sku_1", "--json"])
        #expect(json.emit([], json: ["title": "gift\u{202E}txt.exe"]) == .success)
        #expect(output.text == "{\"title\":\"gift\\u202etxt.exe\"}\n")
        let decoded = try JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [String: String]
        #expect(decoded?["title"] == "gift\u{202E}txt.exe")
    }

    @Test("text from outside cannot drive the terminal: controls in lines, failures and direct writes are escaped")
    func controlCharactersEscaped() throws {
        let (text, output, errors) = try invocation(["sku_1"])
        _ = text.emit(["\u{1B}[31mred", "two\nlines"], json: [String]())
        text.print("bell\u{7}")
        text.output.write("prompt\r\u{9B}2J? [y/N]\n")
        _ = text.fail("server said \u{1B}]0;title\u{7}")
        #expect(output.text == "\u{241B}[31mred\ntwo\u{240A}lines\nbell\u{2407}\nprompt\u{240D}\u{FFFD}2J? [y/N]\n")
        #expect(errors.text == "storefront: server said \u{241B}]0;title\u{2407}\n")
        let (drawing, drawn, _) = try invocation(["sku_1"])
        _ = drawing.emitDrawing(["\u{1B}[38;5;1m\u{2588}\u{1B}[0m"], json: [String]())
        #expect(drawn.text == "\u{1B}[38;5;1m\u{2588}\u{1B}[0m\n")
    }

    @Test("JSON keeps every character and escapes each control, DEL and C1 included")
    func jsonEscapesControls() throws {
        let (json, output, _) = try invocation(["sku_1", "--json"])
        _ = json.emit([], json: ["note": "\u{1B}[31m\u{7F}\u{9B}"])
        #expect(output.text == "{\"note\":\"\\u001b[31m\\u007f\\u009b\"}\n")
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(output.text.utf8))
        #expect(decoded["note"] == "\u{1B}[31m\u{7F}\u{9B}")
    }

    @Test("integer options are checked against their range")
    func integers() throws {
        let (good, _, _) = try invocation(["sku_1", "--quantity", "3"])
        #expect(try good.integer("--quantity", in: 1...99) == 3)
        let (bad, _, _) = try invocation(["sku_1", "--quantity", "300"])
        #expect(throws: UsageError.self) { try bad.integer("--quantity", in: 1...99) }
    }

    @Test("signed out, a command that needs sign-in says how to sign in")
    func signIn() throws {
        let (signedOut, _, errors) = try invocation(["sku_1"])
        #expect(signedOut.requireSignIn(to: "check out") == .failure)
        #expect(errors.text.contains("sign in to check out: storefront login NAME"))
        let (signedIn, _, _) = try invocation(["sku_1"], signedIn: true)
        #expect(signedIn.requireSignIn(to: "check out") == nil)
    }
}
