import DesignSystem
import Foundation
import NetworkingTestSupport
import TerminalUI
import Testing

@testable import Account

@MainActor
@Suite("SignInViewModel and SignInView: the user name field, its validation and the banner")
struct SignInViewModelTests {
    @Test func anEmptyNameIsFlaggedOnlyOnceTheUserTriesToSubmit() throws {
        let harness = try Harness()
        let viewModel = SignInViewModel(feature: harness.makeFeature(), prompt: nil, userName: "")

        #expect(viewModel.validationMessage == nil)
        #expect(!viewModel.canSubmit)

        #expect(viewModel.submit() == nil)

        #expect(viewModel.validationMessage == "Enter a user name.")
        #expect(harness.transport.requests.isEmpty)
    }

    @Test func aNameStopsAtTheAPIsLengthAndTheFieldSaysSo() throws {
        let harness = try Harness()
        let viewModel = SignInViewModel(feature: harness.makeFeature(), prompt: nil, userName: "")

        viewModel.setUserName(String(repeating: "x", count: 65))

        #expect(viewModel.userName.count == 64)
        #expect(viewModel.userName.limitReached)
        let text = SignInView(viewModel: viewModel, theme: .ascii).render(size: TerminalSize(columns: 80, rows: 20))
            .map(\.plainText)
        #expect(text.contains { $0.contains("Up to 64 characters") })
        #expect(viewModel.canSubmit)
    }

    @Test func typedKeysEditTheFieldAndSubmitSignsIn() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let viewModel = SignInViewModel(feature: feature, prompt: "Sign in to like posts.", userName: "")
        let view = SignInView(viewModel: viewModel, theme: .ascii)
        for character in "qdx" {
            #expect(view.handle(.character(character)) == .handled, "every printable key is typed, q included")
        }
        #expect(view.handle(KeyEvent(.backspace)) == .handled)
        #expect(view.handle(.control("u")) == .handled)
        #expect(viewModel.userName.isEmpty)
        #expect(view.handle(KeyEvent(.tab)) == .ignored, "Tab is the App's")
        #expect(view.handle(KeyEvent(.escape)) == .ignored, "Escape is the App's")
        for character in "ada" { _ = view.handle(.character(character)) }
        #expect(view.keyHelp.map(\.key) == ["enter", "ctrl-u", "esc"])
        harness.enqueueSession(token: "tok-from-screen")

        let task = try #require(viewModel.submit())
        #expect(viewModel.isSigningIn)
        #expect(viewModel.statusLine == "Signing in…")
        let user = await task.value

        #expect(user?.name == "ada")
        #expect(harness.transport.requests.first?.jsonBody == .object(["user_name": .string("ada")]))
        #expect(!viewModel.isSigningIn)
        #expect(viewModel.message == Notice(.info, message: "Signed in as ada."))
        #expect(!viewModel.canSubmit)
    }

    @Test func aFailedSignInShowsItsMessageInTheBanner() async throws {
        let harness = try Harness()
        let viewModel = SignInViewModel(feature: harness.makeFeature(), prompt: nil, userName: "ada")
        harness.transport.enqueue(.failure(.notConnectedToInternet))

        let user = await viewModel.submit()?.value

        #expect(user == nil)
        #expect(viewModel.message == Notice(.error, message: AccountError.unreachable.message))
        #expect(viewModel.canSubmit)
    }

    @Test func theViewShowsTheFieldPromptValidationAndHints() throws {
        let harness = try Harness()
        let viewModel = SignInViewModel(feature: harness.makeFeature(), prompt: "Sign in to like posts.", userName: "")
        let view = SignInView(viewModel: viewModel, theme: .ascii)

        #expect(view.handle(KeyEvent(.enter)) == .handled)
        #expect(view.handle(.character("a")) == .handled)
        #expect(view.handle(KeyEvent(.escape)) == .ignored)
        viewModel.setUserName("")
        let lines = view.render(size: TerminalSize(columns: 50, rows: 16))

        let text = lines.map(\.plainText)
        #expect(lines.count == 16)
        #expect(lines.allSatisfy { $0.width <= 50 })
        #expect(text.first == "Sign in")
        #expect(text.contains("Sign in to like posts."))
        #expect(text.contains("User name"))
        #expect(text.contains { $0.contains("Enter a user name.") })
        #expect(text.last?.contains("sign in") == true)
        #expect(text.last?.contains("back") == true)
    }
}
