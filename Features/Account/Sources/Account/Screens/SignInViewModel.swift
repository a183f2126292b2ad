import DesignSystem
import FeatureKit
import Observation
import TerminalUI

/// The sign-in screen's state, ready to show: the user name field with its validation message, whether a sign-in
/// is running, and the banner (the last failure, or the notice of a session that ended).
///
/// The App shows the screen when the user asks to sign in or when an action needs a signed-in user (it parks the
/// action and sets `prompt`, such as "Sign in to like posts."); the feature's `onSignedIn` tells it when to resume.
@MainActor
@Observable
public final class SignInViewModel {
    /// The screen's title.
    public let title = "Sign in"
    /// The field's label.
    public let fieldLabel = "User name"
    /// What the empty field shows.
    public let placeholder = "the name to sign in with"
    /// Why sign-in is asked for, set by the App when it parked an action; nil when the user came on their own.
    public var prompt: String?
    /// The user name as typed, with its cursor.
    public private(set) var userName: TextFieldState

    @ObservationIgnored private let feature: AccountFeature
    private var hasTriedToSubmit = false
    /// The sign-in this screen started, from `submit()` until it has finished.
    private var submission: Task<AccountUser?, Never>?

    /// Creates the screen's model. The field starts with `userName`, or the name of the user whose session ended.
    ///
    /// - Parameters:
    ///   - feature: The account feature.
    ///   - prompt: Why sign-in is asked for, if the App knows.
    ///   - userName: The text the field starts with.
    public init(feature: AccountFeature, prompt: String?, userName: String) {
        self.feature = feature
        self.prompt = prompt
        let initial = userName.isEmpty ? feature.sessionEnded?.user.name ?? "" : userName
        self.userName = TextFieldState(text: initial, maximumLength: UserName.maximumLength)
    }

    // MARK: - State to show

    /// What is wrong with the name, under the field: shown as soon as the text has a problem, and for an empty field
    /// once the user tried to submit it.
    public var validationMessage: String? {
        do {
            _ = try UserName(validating: userName.text)
            return nil
        } catch .empty {
            return hasTriedToSubmit ? UserNameProblem.empty.message : nil
        } catch {
            return error.message
        }
    }

    /// Whether a sign-in is on its way (from the moment it is submitted).
    public var isSigningIn: Bool { submission != nil || feature.activity == .signingIn }

    /// `Signing in…` while the request is on its way.
    public var statusLine: String? { isSigningIn ? "Signing in…" : nil }

    /// Whether Enter would send the name: it is valid and nothing else runs.
    public var canSubmit: Bool {
        submission == nil && feature.activity == .idle && !feature.current.isSignedIn
            && (try? UserName(validating: userName.text)) != nil
    }

    /// The banner: who is signed in already, the last failure (other than the name's, which shows under the field),
    /// or the notice of a session that ended.
    public var message: Notice? {
        if let user = feature.current.user {
            return Notice(.info, message: "Signed in as \(user.name).")
        }
        if let error = feature.error {
            if case .invalidUserName = error { return nil }
            return Notice(.error, message: error.message)
        }
        if let sessionEnded = feature.sessionEnded {
            return Notice(.warning, message: sessionEnded.message)
        }
        return nil
    }

    // MARK: - Intents

    /// What the sign-in screen asks of its view model.
    public enum Intent {
        /// The field's state after the view edited it.
        case edit(TextFieldState)
        /// Sign in with the field's name.
        case submit
    }

    /// The screen's one entry point: does `intent`, starting (and owning) the task of what waits.
    ///
    /// - Returns: Whether it applied (an invalid name sends nothing), and the task.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .edit(let state):
            update(state)
            return .handled
        case .submit:
            return submit().map { task in .started(Task { _ = await task.value }) } ?? .ignored
        }
    }

    // MARK: - Actions

    /// Takes the field's state after an edit (the view edits; the model sees no key).
    func update(_ state: TextFieldState) {
        userName = state
    }

    /// Replaces the field's text (a paste, or a name the App knows).
    public func setUserName(_ text: String) {
        userName.setText(text)
    }

    /// Signs in with the field's name (Enter). An invalid name only shows its validation message.
    ///
    /// - Returns: The sign-in's task, whose value is the signed-in user or nil when it failed (the banner says why);
    ///   nil when nothing was sent.
    @discardableResult
    func submit() -> Task<AccountUser?, Never>? {
        hasTriedToSubmit = true
        guard canSubmit else { return nil }
        let name = userName.text
        let task = Task { [feature] in
            let user = try? await feature.signIn(userName: name)
            self.submission = nil
            return user
        }
        submission = task
        return task
    }
}
