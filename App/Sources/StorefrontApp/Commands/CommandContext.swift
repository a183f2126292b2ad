import Checkout
import Foundation
import Networking
import Search

/// What a command runs with: the graph, its arguments, and where its output goes; with the helpers every command
/// uses to print results (text, or one JSON document with `--json`) and failures (one line on standard error).
@MainActor
struct CommandContext {
    /// The graph.
    let dependencies: AppDependencies
    /// The parsed command line (options included).
    let arguments: ParsedArguments
    /// The operands after the command's words.
    let operands: [String]
    /// Standard output.
    let output: any TextOutput
    /// Standard error.
    let errorOutput: any TextOutput
    /// Whether standard input is a terminal (a command may then ask a question).
    let isInputTerminal: Bool

    /// Whether `--json` was given.
    var json: Bool { arguments.has("--json") }

    /// The same context with other operands (a deep link run as the command it names).
    func with(operands: [String]) -> CommandContext {
        CommandContext(
            dependencies: dependencies, arguments: arguments, operands: operands, output: output,
            errorOutput: errorOutput, isInputTerminal: isInputTerminal)
    }

    /// Prints `text` and a newline.
    func print(_ text: String) {
        output.write(text + "\n")
    }

    /// Prints `lines` as text, or `value` as JSON with `--json`, and succeeds.
    func emit(_ lines: [String], json value: some Encodable) -> ExitCode {
        if json {
            do {
                let data = try APIJSON.makeEncoder().encode(value)
                output.write(String(decoding: data, as: UTF8.self) + "\n")
            } catch {
                return fail("the result could not be written as JSON: \(error)")
            }
        } else {
            output.write(lines.map { $0 + "\n" }.joined())
        }
        return .success
    }

    /// Prints `storefront: <message>` on standard error and returns `.failure`.
    func fail(_ message: String) -> ExitCode {
        errorOutput.write("\(StorefrontCommandLine.programName): \(message)\n")
        return .failure
    }

    /// Prints `storefront: <what>: <why, with the API's error code>` and returns `.failure`.
    func fail(_ what: String, _ error: any Error) -> ExitCode {
        fail("\(what): \(ErrorText.describe(error))")
    }

    /// Prints a warning on standard error (the command goes on).
    func warn(_ message: String) {
        errorOutput.write("\(StorefrontCommandLine.programName): warning: \(message)\n")
    }

    /// Prints the usage error `message` with the usage and returns `.usage`.
    func usage(_ message: String) -> ExitCode {
        errorOutput.write("\(StorefrontCommandLine.programName): \(message)\n\n" + CommandCatalog.usage())
        return .usage
    }

    /// The integer value of option `name` when it was given.
    ///
    /// - Throws: `UsageError` when it is not a whole number in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("option '\(name)' needs a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// Fails unless a user is signed in, saying how to sign in; nil when one is.
    func requireSignIn(to action: String) -> ExitCode? {
        guard dependencies.account.current.isSignedIn else {
            if let ended = dependencies.account.sessionEnded {
                return fail(ended.message)
            }
            return fail("sign in to \(action): \(StorefrontCommandLine.programName) login NAME")
        }
        return nil
    }
}

/// Error text for people, with the API's error code when there is one.
enum ErrorText {
    /// `the server refused it: post not found (HTTP 404 not_found)` and the like.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as APIError:
            return describe(error)
        case let error as CheckoutError:
            return "\(error.message) (\(code(of: error)))"
        case let error as SearchError:
            if case .api(let apiError) = error { return describe(apiError) }
            return error.description
        case let error as CartError:
            if case .storeUnavailable(let reason) = error {
                return "\(error.description) The local store cannot be used: \(reason)"
            }
            return error.description
        case is CancellationError:
            return "cancelled"
        default:
            return String(describing: error)
        }
    }

    /// One line for an API failure, ending with its code.
    static func describe(_ error: APIError) -> String {
        switch error {
        case .http(let status, let body, _):
            let message = body.message.isEmpty ? "the server refused the request" : body.message
            return "\(message) (HTTP \(status) \(body.code))"
        case .unexpectedBody(let status, _, _):
            return "the server answered HTTP \(status) without the API's error body (HTTP \(status))"
        case .transport, .cancelled:
            return "the server could not be reached (\(error.category.rawValue))"
        case .timeout:
            return "the server did not answer in time (timeout)"
        case .unauthorized:
            return "the server needs a signed-in user (unauthorized)"
        case .decoding, .invalidRequest:
            return "the server's answer could not be used: \(error) (unexpected)"
        }
    }

    /// The API's error code behind a checkout error (or the kind of failure when none was sent).
    static func code(of error: CheckoutError) -> String {
        switch error {
        case .signInRequired: "unauthorized"
        case .offline: "offline"
        case .timedOut: "timeout"
        case .serverUnavailable: "unavailable"
        case .priceChanged: "price_changed"
        case .outOfStock: "out_of_stock"
        case .cardInvalid: "card_invalid"
        case .cardDeclined: "card_declined"
        case .submissionReused: "idempotency_key_reused"
        case .notFound: "not_found"
        case .rejected(let code, _): code
        case .unexpected: "unexpected"
        }
    }
}
