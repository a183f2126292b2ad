import Foundation
import Networking
import Primitives
import TerminalUI

/// One run of a command: its spec, its arguments, where its output goes and who is signed in; with the helpers
/// every command uses to print results (text, or one JSON document with `--json`) and failures (one line on
/// standard error, prefixed with the program's name).
@MainActor
public struct CommandInvocation {
    /// The command being run.
    public let spec: CommandSpec
    /// The parsed command line (options included).
    public let arguments: ParsedArguments
    /// The operands after the command's words.
    public let operands: [String]
    /// Standard output, through `TerminalSafeOutput`: control characters other than line feeds and tabs are
    /// escaped, whoever wrote the text.
    public let output: any TextOutput
    /// Standard error, through `TerminalSafeOutput` like `output`.
    public let errorOutput: any TextOutput
    /// Standard output as given, for what the terminal renderer drew (`emitDrawing`).
    private let rawOutput: any TextOutput
    /// Whether standard input is a terminal (a command may then ask a question).
    public let isInputTerminal: Bool
    /// The program's name for messages (`storefront`).
    public let programName: String
    /// Whether a user is signed in.
    public let isSignedIn: Bool
    /// Why the last session ended, when the server ended it (shown instead of "sign in").
    public let sessionEndedMessage: String?
    /// The whole usage text (`storefront --help`); a usage error points to it instead of printing it.
    public let usageText: @MainActor () -> String
    /// The colours standard output shows (`ColorCapability.detect` on the process's environment and standard
    /// output, `.none` with `--no-color`); `.none` means no escape byte at all.
    public let outputColor: ColorCapability
    /// The process's environment, for commands that read what the terminal is (`TERM`, `TERM_PROGRAM`,
    /// `KITTY_WINDOW_ID`); empty unless the caller passed it.
    public let environment: [String: String]
    /// The terminal standard input and output both are, for a command that asks it something (its size, which
    /// graphics it draws: `Terminal.query`); nil when either is not a terminal, and unless the caller passed it.
    public let terminal: Terminal?

    /// Creates an invocation; `outputColor` is `.none` (plain text) unless the caller detected more.
    public init(
        spec: CommandSpec, arguments: ParsedArguments, operands: [String], output: any TextOutput,
        errorOutput: any TextOutput, isInputTerminal: Bool, programName: String, isSignedIn: Bool,
        sessionEndedMessage: String?, usageText: @escaping @MainActor () -> String,
        outputColor: ColorCapability = .none, environment: [String: String] = [:], terminal: Terminal? = nil
    ) {
        self.outputColor = outputColor
        self.environment = environment
        self.terminal = terminal
        self.spec = spec
        self.arguments = arguments
        self.operands = operands
        self.rawOutput = (output as? TerminalSafeOutput)?.base ?? output
        self.output = TerminalSafeOutput(rawOutput)
        self.errorOutput = (errorOutput as? TerminalSafeOutput) ?? TerminalSafeOutput(errorOutput)
        self.isInputTerminal = isInputTerminal
        self.programName = programName
        self.isSignedIn = isSignedIn
        self.sessionEndedMessage = sessionEndedMessage
        self.usageText = usageText
    }

    /// Whether `--json` was given.
    public var json: Bool { arguments.has("--json") }

    /// The first operand, or an empty string (the parser checked the count against the spec).
    public var firstOperand: String { operands.first ?? "" }

    /// The same invocation as the command `spec` with `operands` (a deep link run as the command it names).
    public func redirected(to spec: CommandSpec, operands: [String]) -> CommandInvocation {
        CommandInvocation(
            spec: spec, arguments: arguments, operands: operands, output: rawOutput, errorOutput: errorOutput,
            isInputTerminal: isInputTerminal, programName: programName, isSignedIn: isSignedIn,
            sessionEndedMessage: sessionEndedMessage, usageText: usageText, outputColor: outputColor,
            environment: environment, terminal: terminal)
    }

    /// Prints `text` and a newline on standard output; a control character in `text` (a line break included) is
    /// shown escaped (`ControlCharacters.escaped`), so one call prints one line.
    public func print(_ text: String) {
        output.write(ControlCharacters.escaped(text) + "\n")
    }

    /// Prints `lines` as text, one line each (control characters inside a line, line breaks included, escaped), or
    /// `value` as JSON with `--json` (the API's snake_case names; a DEL or C1 character in a string is written as a
    /// `\u` escape, RFC 8259 §7), and succeeds.
    public func emit(_ lines: [String], json value: some Encodable) -> ExitCode {
        emit(lines.map { ControlCharacters.escaped($0) }, to: output, json: value)
    }

    /// Like `emit(_:json:)` for lines the terminal renderer drew (a picture's cells and colours, sixel or kitty
    /// graphics): written as they are, escape sequences included. Never pass text from outside here.
    public func emitDrawing(_ lines: [String], json value: some Encodable) -> ExitCode {
        emit(lines, to: rawOutput, json: value)
    }

    private func emit(_ lines: [String], to destination: any TextOutput, json value: some Encodable) -> ExitCode {
        if json {
            do {
                let data = try APIJSON.makeEncoder().encode(value)
                rawOutput.write(Self.escapingRemainingControls(String(decoding: data, as: UTF8.self)) + "\n")
            } catch {
                return fail("the result could not be written as JSON: \(error)")
            }
        } else {
            destination.write(lines.map { $0 + "\n" }.joined())
        }
        return .success
    }

    /// `json` with DEL, the C1 controls, the bidirectional controls and the invisible format characters (which JSON
    /// allows raw inside strings, and a terminal acts on or hides: `ControlCharacters.isShownByCodePoint`) as `\uXXXX`
    /// escapes, so a program decodes the exact text and a terminal shows nothing reordered; the encoder already
    /// escaped C0 inside strings, and a line feed between documents stays.
    private static func escapingRemainingControls(_ json: String) -> String {
        let isRaw: (Unicode.Scalar) -> Bool = {
            ($0.value >= 0x7F && $0.value < 0xA0) || ControlCharacters.isShownByCodePoint($0)
        }
        guard json.unicodeScalars.contains(where: isRaw) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            if isRaw(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Prints `<program>: <message>` on standard error and returns `.failure`; with `--json` also prints
    /// `{"error": {"code", "message", "request_id"?}}` on standard output, so a program reading the output learns
    /// what failed.
    ///
    /// - Parameters:
    ///   - message: One line for people.
    ///   - code: The API's error code, or the kind of failure (`failed` when nothing more is known).
    ///   - requestID: The server's id of the request that failed, when there is one.
    public func fail(_ message: String, code: String = "failed", requestID: String? = nil) -> ExitCode {
        errorOutput.write("\(programName): \(ControlCharacters.escaped(message))\n")
        if json {
            printError(code: code, message: message, requestID: requestID)
        }
        return .failure
    }

    /// Prints `<program>: <what>: <why, with the API's error code>` and returns `.failure` (see `fail(_:code:)`);
    /// with `--json` the document carries the server's request id when `error` is an `APIError` that has one.
    public func fail(_ what: String, _ error: any Error) -> ExitCode {
        fail(
            "\(what): \(ErrorText.describe(error))", code: ErrorText.code(error),
            requestID: ErrorText.requestID(error))
    }

    /// Prints a warning on standard error (the command goes on).
    public func warn(_ message: String) {
        errorOutput.write("\(programName): warning: \(ControlCharacters.escaped(message))\n")
    }

    /// Prints the usage error `message` and where the usage is (`Run '<program> --help' for usage.`) and returns
    /// `.usage` (64); with `--json` also the error (code `usage`) on standard output.
    public func usage(_ message: String) -> ExitCode {
        errorOutput.write(UsageText.error(message, programName: programName))
        if json {
            printError(code: "usage", message: message, requestID: nil)
        }
        return .usage
    }

    private func printError(code: String, message: String, requestID: String?) {
        rawOutput.write(
            Self.escapingRemainingControls(ErrorDocument.line(code: code, message: message, requestID: requestID)))
    }

    /// The integer value of option `name` when it was given.
    ///
    /// - Throws: `UsageError` when it is not a whole number in `range`.
    public func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("option '\(name)' needs a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// Fails unless a user is signed in, saying how to sign in; nil when one is.
    public func requireSignIn(to action: String) -> ExitCode? {
        guard isSignedIn else {
            if let sessionEndedMessage {
                return fail(sessionEndedMessage)
            }
            return fail("sign in to \(action): \(programName) login NAME")
        }
        return nil
    }
}

/// One line for a failure, for people, with the API's error code when there is one.
public enum ErrorText {
    /// `the server refused it: post not found (HTTP 404 not_found)` and the like; a full disk anywhere in the error
    /// is said as one (`DiskFull`); an error of a feature describes itself (`CustomStringConvertible`).
    public static func describe(_ error: any Error) -> String {
        if let full = DiskFull(in: error) { return full.description }
        switch error {
        case let error as APIError:
            return describe(error)
        case let error as any UserFacingError:
            return error.userFacingDescription
        case is CancellationError:
            return "cancelled"
        default:
            return String(describing: error)
        }
    }

    /// One line for an API failure, ending with its code: the server's own message for an answer with the API's
    /// error body, otherwise the category's sentence from Core/Networking (`APIError.Category.userMessage`, the one
    /// place those words live) with what a person debugging needs.
    public static func describe(_ error: APIError) -> String {
        let sentence = error.category.userMessage
        switch error {
        case .http(let status, let body, _):
            let message = body.message.isEmpty ? sentence : body.message
            return "\(message) (HTTP \(status) \(body.code))"
        case .unexpectedBody(let status, _, _):
            return "\(sentence) The server answered without the API's error body (HTTP \(status))"
        case .decoding, .invalidRequest:
            return "\(sentence) The server's answer could not be used: \(error) (unexpected)"
        case .interrupted(let interruption):
            return "\(interruption.sentence) (\(interruption.code))"
        case .transport, .cancelled, .timeout, .unauthorized:
            return "\(sentence) (\(error.category.rawValue))"
        }
    }

    /// The server's id of the failed request, for `--json` errors: `APIError.requestID`, or a feature error's own
    /// (`UserFacingError.requestID`, the id of the server's answer behind it); nil when no answer carried one.
    public static func requestID(_ error: any Error) -> String? {
        switch error {
        case let error as APIError: error.requestID
        case let error as any UserFacingError: error.requestID
        default: nil
        }
    }

    /// The code of a failure for programs: `disk_full` for a full disk anywhere in it (`DiskFull`), the API's error
    /// code (`price_changed`), an interrupted answer's (`connection_dropped`, `truncated_response`,
    /// `response_too_large`, `tls`), the kind of API failure (`offline`, `timeout`, …), a feature's own code,
    /// `cancelled`, or `failed`.
    public static func code(_ error: any Error) -> String {
        if DiskFull(in: error) != nil { return DiskFull.code }
        switch error {
        case APIError.interrupted(let interruption):
            return interruption.code
        case let error as APIError:
            return error.code ?? error.category.rawValue
        case let error as any UserFacingError:
            return error.errorCode
        case is CancellationError:
            return "cancelled"
        default:
            return "failed"
        }
    }
}

/// What a failed command prints on standard output with `--json`:
/// `{"error": {"code": "…", "message": "…", "request_id": "…"}}` (`request_id` only when the server gave one), the
/// shape of the API's own error body (the API contract, `openapi.yaml`).
public struct ErrorDocument: Encodable {
    struct Body: Encodable {
        let code: String
        let message: String
        let requestId: String?
    }

    let error: Body

    /// The document for one failure as one line of JSON, with its newline.
    public static func line(code: String, message: String, requestID: String?) -> String {
        let document = ErrorDocument(error: Body(code: code, message: message, requestId: requestID))
        guard let data = try? APIJSON.makeEncoder().encode(document) else { return "" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// An error of a feature that knows how to describe itself for people in one line, with the API's error code when
/// there is one (`ErrorText.describe` uses it).
public protocol UserFacingError: Error {
    /// One line for people, such as `the price changed (price_changed)`.
    var userFacingDescription: String { get }
    /// The API's error code behind it, or the kind of failure (`failed` when nothing more is known).
    var errorCode: String { get }
    /// The server's id of the request behind it (`APIError.requestID`), when the server answered with one; nil by
    /// default. `--json` errors carry it as `request_id` whatever the status (4xx or 5xx).
    var requestID: String? { get }
}

extension UserFacingError {
    /// No request id: the error did not come from a server's answer.
    public var requestID: String? { nil }
}
