import Account
import FeaturePreview
import Foundation
import Logging
import Persistence
import TerminalUI

/// Every Account screen in its states over preview data: the sign-in screen (empty, with the App's reason, an empty
/// name submitted, typed, at the length limit, signing in, offline, signed in) and the account screen (a guest,
/// signed in, with unsent changes, the question before a sign-out that would lose them). No server: sessions come
/// from a preview repository, secrets stay in memory, and the storage roots are a directory of the state's own
/// (`PreviewEnvironment.makeDirectory`) (a sign-out deletes the account's directories there).
public enum AccountPreviews {
    /// The catalog `AccountPreview` shows.
    public static let catalog = PreviewCatalog(feature: "Account", screens: [signIn, account])

    static let signIn = PreviewScreen(
        "Sign in", routes: [AccountEntry.signInPattern],
        states: [
            PreviewState("empty") { try signInView($0) },
            PreviewState("prompt") { try signInView(prompt: "Sign in to like posts.", $0) },
            PreviewState("invalid") { environment in
                let viewModel = try signInModel(environment)
                _ = viewModel.send(.submit)
                return SignInView(viewModel: viewModel, theme: environment.theme)
            },
            PreviewState("typed") { try signInView(typing: "ada", $0) },
            PreviewState("long") { try signInView(typing: String(repeating: "lovelace", count: 9), $0) },
            PreviewState("signing in") { try await signInView(typing: "ada", submitting: .pending, $0) },
            PreviewState("offline") { try await signInView(typing: "ada", submitting: .offline, $0) },
            PreviewState("signed in") { try await signInView(typing: "ada", submitting: .server, $0) },
        ])

    static let account = PreviewScreen(
        "Account", routes: [AccountEntry.accountPattern],
        states: [
            PreviewState("guest") { try await accountView(signedIn: false, $0) },
            PreviewState("signed in") { try await accountView(signedIn: true, $0) },
            PreviewState("unsent") { try await accountView(signedIn: true, pending: 2, $0) },
            PreviewState("confirm sign-out") { environment in
                let (view, viewModel) = try await accountScreen(signedIn: true, pending: 2, environment)
                await viewModel.send(.signOut).task?.value
                return view
            },
        ])

    /// A feature over preview stores in a temporary directory of its own.
    @MainActor
    static func feature(
        answer: PreviewSessionRepository.Answer = .server, pending: Int = 0, _ environment: PreviewEnvironment
    ) throws -> AccountFeature {
        let logger = Logger(label: "account-preview", handler: CapturingLogHandler(logLevel: .critical))
        let directory = try environment.makeDirectory("account")
        let layout = StorageLayout(rootDirectory: directory)
        let secrets = InMemorySecrets()
        let now = environment.now
        let feature = AccountFeature(
            repository: PreviewSessionRepository(answer: answer),
            tokens: AccountTokenProvider(secretStores: { _ in secrets }, logger: logger),
            preferences: PreferencesStore(
                fileURL: layout.url(of: .config).appending(path: "app.json"), now: { now }, logger: logger),
            storageOwner: PreviewStorageOwner(pending: pending), layout: layout, logger: logger)
        return feature
    }

    @MainActor
    static func signInModel(
        prompt: String? = nil, typing name: String = "", _ environment: PreviewEnvironment
    ) throws -> SignInViewModel {
        let viewModel = SignInViewModel(feature: try feature(environment), prompt: prompt, userName: "")
        viewModel.setUserName(name)
        return viewModel
    }

    @MainActor
    static func signInView(
        prompt: String? = nil, typing name: String = "", _ environment: PreviewEnvironment
    ) throws -> SignInView {
        SignInView(viewModel: try signInModel(prompt: prompt, typing: name, environment), theme: environment.theme)
    }

    /// The sign-in screen with `name` typed and submitted to a server that answers as `answer` says (waiting for it
    /// unless it never answers).
    @MainActor
    static func signInView(
        typing name: String, submitting answer: PreviewSessionRepository.Answer, _ environment: PreviewEnvironment
    ) async throws -> SignInView {
        let viewModel = SignInViewModel(
            feature: try feature(answer: answer, environment), prompt: nil, userName: "")
        viewModel.setUserName(name)
        let submission = viewModel.send(.submit).task
        if case .pending = answer {} else { await submission?.value }
        return SignInView(viewModel: viewModel, theme: environment.theme)
    }

    @MainActor
    static func accountScreen(signedIn: Bool, pending: Int, _ environment: PreviewEnvironment) async throws
        -> (AccountView, AccountViewModel)
    {
        let feature = try feature(pending: pending, environment)
        if signedIn { try await feature.signIn(userName: "ada") }
        let viewModel = AccountViewModel(feature: feature)
        viewModel.onSignInRequested = { environment.report("open the sign-in screen") }
        await viewModel.send(.refresh).task?.value
        return (AccountView(viewModel: viewModel, theme: environment.theme), viewModel)
    }

    @MainActor
    static func accountView(signedIn: Bool, pending: Int = 0, _ environment: PreviewEnvironment) async throws
        -> any TerminalView
    {
        try await accountScreen(signedIn: signedIn, pending: pending, environment).0
    }
}
