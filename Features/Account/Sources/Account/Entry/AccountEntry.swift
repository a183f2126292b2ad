import DesignSystem
import FeatureKit
import Foundation
import TerminalUI

/// The screens of Account: who is signed in, and the sign-in screen.
public enum AccountDestination: EntryDestination {
    /// Who is signed in, with sign-out: `storefront://account`.
    case account
    /// The sign-in screen: `storefront://sign-in`.
    case signIn

    /// The two links.
    public static var patterns: [RoutePattern] { [AccountEntry.accountPattern, AccountEntry.signInPattern] }

    /// The destination of `route`, when it is Account's.
    public init?(route: Route) {
        if AccountEntry.accountPattern.matches(route) {
            self = .account
        } else if AccountEntry.signInPattern.matches(route) {
            self = .signIn
        } else {
            return nil
        }
    }

    /// The erased route.
    public var route: Route {
        switch self {
        case .account: AccountEntry.accountPattern.route()
        case .signIn: AccountEntry.signInPattern.route()
        }
    }
}

/// What the Account entry is built with besides its context, provided by the App as a capability: the app-wide
/// session, and what the App knows about the sign-in in progress.
public struct AccountServices: Sendable {
    /// Sign-in, sign-out and the session (it outlasts every account's data).
    public let feature: AccountFeature
    /// What the App did at the last sign-in that the user should hear about (the guest cart joining the account's
    /// cart); `login` prints it.
    public let signInMessages: @MainActor @Sendable () -> [String]
    /// Why sign-in is asked for now (what waits behind it), shown on the sign-in screen.
    public let signInPrompt: @MainActor @Sendable () -> String?

    /// Creates the services.
    public init(
        feature: AccountFeature, signInMessages: @escaping @MainActor @Sendable () -> [String],
        signInPrompt: @escaping @MainActor @Sendable () -> String?
    ) {
        self.feature = feature
        self.signInMessages = signInMessages
        self.signInPrompt = signInPrompt
    }
}

/// The Account package's entry: the account and sign-in screens (`a` from anywhere) and the `login`, `logout`,
/// `whoami` and `accounts` commands. Unlike the other entries it lives as long as the app (the session outlasts every
/// account's data), over the app-wide `AccountFeature` its context's `AccountServices` capability gives it.
@MainActor
public final class AccountEntry: FeatureEntry {
    /// Account's screens.
    public typealias Destination = AccountDestination

    /// The entry's name in routes and actions.
    public nonisolated static let name = "account"
    /// Who is signed in, with sign-out: `storefront://account`.
    public nonisolated static let accountPattern = RoutePattern(
        feature: name, screen: "account", summary: "who is signed in; sign out")
    /// The sign-in screen: `storefront://sign-in`.
    public nonisolated static let signInPattern = RoutePattern(feature: name, screen: "sign-in", summary: "sign in")

    /// The routes, commands and shortcut of Account; it lives as long as the app.
    public nonisolated static let descriptor = FeatureDescriptor(
        name: name, routes: AccountDestination.patterns, commands: AccountCommands.specs,
        shortcuts: [
            EntryShortcut(key: "a", title: "account: sign in, sign out", route: AccountDestination.account.route)
        ],
        lifetime: .app)

    /// The account screen's route.
    public nonisolated static var accountRoute: Route { AccountDestination.account.route }

    /// The sign-in screen's route.
    public nonisolated static var signInRoute: Route { AccountDestination.signIn.route }

    /// Whether `route` is a sign-in screen.
    public nonisolated static func isSignIn(_ route: Route) -> Bool { signInPattern.matches(route) }

    /// Where the entry's intents go.
    public var onIntent: (@MainActor (FeatureIntent) -> Void)?
    /// The session and what the App knows about sign-in, or nil in an app that provides none.
    let services: AccountServices?

    /// Creates the entry over the context's `AccountServices`.
    public init(context: FeatureContext) {
        services = context.capability(AccountServices.self)
    }

    /// Sign-in, sign-out and the session, when the App provided them.
    public var feature: AccountFeature? { services?.feature }

    /// The account screen or the sign-in screen.
    public func makeScreen(for destination: AccountDestination, context: ScreenContext) -> any TerminalView {
        guard let services else {
            return NoSessionView(theme: context.theme)
        }
        switch destination {
        case .signIn:
            let viewModel = SignInViewModel(feature: services.feature, prompt: services.signInPrompt(), userName: "")
            return SignInView(viewModel: viewModel, theme: context.theme)
        case .account:
            let viewModel = AccountViewModel(feature: services.feature)
            viewModel.onSignInRequested = { [weak self] in self?.open(.signIn) }
            viewModel.send(.refresh)
            return AccountView(viewModel: viewModel, theme: context.theme)
        }
    }

    /// Who is signed in.
    public func print(_ destination: AccountDestination, to invocation: CommandInvocation) async -> ExitCode {
        await run(invocation.redirected(to: AccountCommands.whoamiCommand, operands: []))
    }
}

/// What the account screens show in an app that provides no session.
@MainActor
private final class NoSessionView: TerminalView {
    private let theme: Theme

    init(theme: Theme) {
        self.theme = theme
    }

    func render(size: TerminalSize) -> [StyledLine] {
        Text("Signing in is not part of this app.").render(width: size.columns, theme: theme)
    }

    func handle(_ key: KeyEvent) -> KeyHandling { .ignored }
}

/// The Account commands: `login NAME`, `logout [--force]`, `whoami`, `accounts` and `accounts delete ID`.
@MainActor
struct AccountCommands {
    /// `login NAME`.
    nonisolated static let loginCommand = CommandSpec(
        ["login"], operands: ["NAME"], help: "Sign in as NAME.", run: handler { await $0.login() })
    /// `logout [--force]`.
    nonisolated static let logoutCommand = CommandSpec(
        ["logout"],
        options: [.init("--force", help: "Sign out even when changes have not reached the server.")],
        help: "Sign out and delete this account's data on this device.", run: handler { await $0.logout() })
    /// `whoami`.
    nonisolated static let whoamiCommand = CommandSpec(
        ["whoami"], help: "Show who is signed in.", run: handler { $0.whoami() })
    /// `accounts`.
    nonisolated static let accountsCommand = CommandSpec(
        ["accounts"],
        help: "List the accounts whose data is on this device (also ones whose session ended, such as after a "
            + "server reset).",
        run: handler { $0.accounts() })
    /// `accounts delete ID`.
    nonisolated static let deleteCommand = CommandSpec(
        ["accounts", "delete"], operands: ["ID"],
        help: "Delete the data of account ID on this device (not the signed-in one: logout deletes that).",
        run: handler { await $0.deleteAccount() })

    /// The commands, as `storefront --help` lists them.
    nonisolated static let specs: [CommandSpec] = [
        loginCommand, logoutCommand, whoamiCommand, accountsCommand, deleteCommand,
    ]

    /// The handler that runs `body` with the entry's session; without one the command fails.
    private nonisolated static func handler(
        _ body: @escaping @MainActor @Sendable (AccountCommands) async -> ExitCode
    ) -> CommandHandler {
        .on(AccountEntry.self) { entry, invocation in
            guard let services = entry.services else { return invocation.fail("this app has no session") }
            return await body(
                AccountCommands(
                    feature: services.feature, invocation: invocation, signInMessages: services.signInMessages))
        }
    }

    let feature: AccountFeature
    let invocation: CommandInvocation
    let signInMessages: @MainActor () -> [String]

    /// `storefront login NAME`: signs in; the guest cart joins the account's cart.
    func login() async -> ExitCode {
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
    func logout() async -> ExitCode {
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
    func whoami() -> ExitCode {
        let status = feature.status
        return invocation.emit([status.message], json: status)
    }
}

extension AccountCommands {
    /// `storefront accounts`: `{"accounts": [{"id", "instance_id", "user_id", "active", "roots", "bytes"}]}`.
    func accounts() -> ExitCode {
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
    func deleteAccount() async -> ExitCode {
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
