import FeatureKit
import Foundation
import TerminalUI

/// The Account package's entry: the account and sign-in screens and the `login`, `logout` and `whoami` commands.
/// Unlike the other entries it lives as long as the app (the session outlasts every account's data), over the
/// app-wide `AccountFeature`.
@MainActor
public final class AccountEntry: FeatureEntry {
    /// The entry's name in routes and actions.
    public nonisolated static let name = "account"
    /// Who is signed in, with sign-out: `storefront://account`.
    public nonisolated static let accountPattern = RoutePattern(
        feature: name, screen: "account", summary: "who is signed in; sign out")
    /// The sign-in screen: `storefront://sign-in`.
    public nonisolated static let signInPattern = RoutePattern(feature: name, screen: "sign-in", summary: "sign in")

    /// The routes and commands of Account.
    public nonisolated static let descriptor = FeatureDescriptor(
        name: name, routes: [accountPattern, signInPattern], commands: AccountCommands.specs)

    /// The account screen's route.
    public nonisolated static var accountRoute: Route { accountPattern.route() }

    /// The sign-in screen's route.
    public nonisolated static var signInRoute: Route { signInPattern.route() }

    /// Whether `route` is a sign-in screen.
    public nonisolated static func isSignIn(_ route: Route) -> Bool { signInPattern.matches(route) }

    /// Where the entry's intents go.
    public var onIntent: (@MainActor (FeatureIntent) -> Void)?
    /// Sign-in, sign-out and the session.
    public let feature: AccountFeature
    private let signInMessages: @MainActor () -> [String]
    private let signInPrompt: @MainActor () -> String?

    /// Creates the entry over the app's account feature.
    ///
    /// - Parameters:
    ///   - feature: Sign-in, sign-out and the session.
    ///   - signInMessages: What the App did at the last sign-in that the user should hear about (the guest cart
    ///     joining the account's cart); `login` prints it.
    ///   - signInPrompt: Why sign-in is asked for now (what waits behind it), shown on the sign-in screen.
    public init(
        feature: AccountFeature, signInMessages: @escaping @MainActor () -> [String],
        signInPrompt: @escaping @MainActor () -> String?
    ) {
        self.feature = feature
        self.signInMessages = signInMessages
        self.signInPrompt = signInPrompt
    }

    /// The account screen or the sign-in screen.
    public func makeScreen(for route: Route, context: ScreenContext) -> any TerminalView {
        if Self.signInPattern.matches(route) {
            let viewModel = SignInViewModel(feature: feature, prompt: signInPrompt(), userName: "")
            return SignInView(viewModel: viewModel, theme: context.theme)
        }
        let viewModel = AccountViewModel(feature: feature)
        viewModel.onSignInRequested = { [weak self] in self?.onIntent?(.open(Self.signInRoute)) }
        Task { await viewModel.refresh().value }
        return AccountView(viewModel: viewModel, theme: context.theme)
    }

    /// Runs `login`, `logout` or `whoami`.
    public func run(_ invocation: CommandInvocation) async -> ExitCode {
        await AccountCommands(feature: feature, invocation: invocation, signInMessages: signInMessages).run()
    }

    /// Who is signed in.
    public func print(_ route: Route, to invocation: CommandInvocation) async -> ExitCode {
        let spec = AccountCommands.specs.first { $0.name == "whoami" } ?? AccountCommands.specs[0]
        return await AccountCommands(
            feature: feature, invocation: invocation.redirected(to: spec, operands: []),
            signInMessages: signInMessages
        ).run()
    }
}

/// The Account commands: `login NAME`, `logout [--force]`, `whoami`, `accounts` and `accounts delete ID`.
@MainActor
struct AccountCommands {
    /// The commands, as `storefront --help` lists them.
    nonisolated static let specs: [CommandSpec] = [
        CommandSpec(["login"], operands: ["NAME"], help: "Sign in as NAME."),
        CommandSpec(
            ["logout"],
            options: [.init("--force", help: "Sign out even when changes have not reached the server.")],
            help: "Sign out and delete this account's data on this device."),
        CommandSpec(["whoami"], help: "Show who is signed in."),
        CommandSpec(
            ["accounts"],
            help: "List the accounts whose data is on this device (also ones whose session ended, such as after a "
                + "server reset)."),
        CommandSpec(
            ["accounts", "delete"], operands: ["ID"],
            help: "Delete the data of account ID on this device (not the signed-in one: logout deletes that)."),
    ]

    let feature: AccountFeature
    let invocation: CommandInvocation
    let signInMessages: @MainActor () -> [String]

    /// Runs the invocation's command.
    func run() async -> ExitCode {
        switch invocation.spec.name {
        case "login": return await login()
        case "logout": return await logout()
        case "whoami": return whoami()
        case "accounts": return accounts()
        case "accounts delete": return await deleteAccount()
        default: return invocation.usage("unknown command '\(invocation.spec.name)'")
        }
    }

    /// `storefront login NAME`: signs in; the guest cart joins the account's cart.
    private func login() async -> ExitCode {
        let user: AccountUser
        do {
            user = try await feature.signIn(userName: invocation.firstOperand)
        } catch {
            if case .invalidUserName(let problem) = error {
                return invocation.usage(problem.message)
            }
            return invocation.fail("could not sign in", error)
        }
        let lines = ["Signed in as \(user.name)."] + signInMessages()
        return invocation.emit(lines, json: feature.status)
    }

    /// `storefront logout [--force]`: pushes unsent changes, signs out and deletes the account's data on this
    /// device; refuses without `--force` when changes would be lost.
    private func logout() async -> ExitCode {
        let outcome = await feature.signOut(force: invocation.arguments.has("--force"))
        switch outcome {
        case .signedOut, .notSignedIn:
            return invocation.emit(
                [outcome.message], json: SignOutOutput(signedOut: outcome.didSignOut, message: outcome.message))
        case .confirmationRequired, .localDataWouldBeDeleted:
            return invocation.fail(
                outcome.message + " Run '\(invocation.programName) logout --force' to sign out anyway.",
                code: "confirmation_required")
        case .busy, .cancelled:
            return invocation.fail(outcome.message)
        }
    }

    /// `storefront whoami`: who is signed in.
    private func whoami() -> ExitCode {
        let status = feature.status
        return invocation.emit([status.message], json: status)
    }
}

extension AccountCommands {
    /// `storefront accounts`: `{"accounts": [{"id", "instance_id", "user_id", "active", "roots", "bytes"}]}`.
    fileprivate func accounts() -> ExitCode {
        let accounts: [LocalAccount]
        do {
            accounts = try feature.localAccounts()
        } catch {
            return invocation.fail("the accounts on this device could not be listed", error)
        }
        var lines = accounts.map { account in
            "\(account.active ? "*" : " ") \(account.id)  user \(account.userId)"
                + (account.instanceId.map { " on server data set \($0)" } ?? " (earlier version's layout)")
                + ", \(ByteCountFormatter.string(fromByteCount: account.bytes, countStyle: .file))"
                + (account.active ? " (signed in)" : "")
        }
        if accounts.isEmpty { lines = ["No account data on this device (the guest's is not listed)."] }
        if accounts.contains(where: { !$0.active }) {
            lines.append("Delete one with: \(invocation.programName) accounts delete ID")
        }
        return invocation.emit(lines, json: ["accounts": accounts])
    }

    /// `storefront accounts delete ID`: refuses the signed-in account (exit 1, `active_account`).
    fileprivate func deleteAccount() async -> ExitCode {
        let id = invocation.firstOperand
        do {
            let deleted = try await feature.deleteLocalAccount(id: id)
            return invocation.emit(
                ["Deleted the data of \(deleted.id) on this device."], json: ["deleted": deleted.id])
        } catch {
            let code =
                switch error {
                case .notFound: "not_found"
                case .active: "active_account"
                case .deletion: "io"
                }
            return invocation.fail(error.message, code: code)
        }
    }
}

/// What `logout --json` prints.
struct SignOutOutput: Encodable {
    let signedOut: Bool
    let message: String
}

extension AccountError: UserFacingError {
    /// The message, as a screen shows it.
    public var userFacingDescription: String { message }

    /// The `--json` error code of a failed `login`: the API client's categories where the cause is the network
    /// (`offline`, `timeout`, as `feed` and `search` report them), an interrupted answer's own code
    /// (`connection_dropped`, `truncated_response`, `response_too_large`, `tls`), `failed` for the rest.
    public var errorCode: String {
        switch self {
        case .unreachable: "offline"
        case .interrupted(let interruption): interruption.code
        case .timedOut: "timeout"
        default: "failed"
        }
    }
}
