import DesignSystem
import Foundation
import NetworkingTestSupport
import TerminalUI
import Testing

@testable import Account

@MainActor
@Suite("AccountViewModel and AccountView: who is signed in, unsent changes and sign-out")
struct AccountViewModelTests {
    @Test func aGuestSeesWhatWorksSignedOutAndCanAskToSignIn() throws {
        let harness = try Harness()
        let viewModel = AccountViewModel(feature: harness.makeFeature())
        var requests = 0
        viewModel.onSignInRequested = { requests += 1 }

        #expect(viewModel.headline == "Not signed in")
        #expect(viewModel.details.first?.contains("Browsing as a guest") == true)
        #expect(viewModel.unsentChangesLine == nil)
        #expect(!viewModel.canSignOut)
        #expect(viewModel.signOut() == nil)

        let view = AccountView(viewModel: viewModel, theme: .ascii)
        #expect(view.handle(.character("l")) == .handled)
        #expect(view.handle(.character("s")) == .ignored)
        #expect(requests == 1)
    }

    @Test func theSignedInUserSeesUnsentChangesAndConfirmsTheSignOut() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        let user = try await harness.signIn(feature)
        try await harness.storage.enqueueChanges(2, kind: "feed.like", for: user.storageAccount)
        let viewModel = AccountViewModel(feature: feature)
        let view = AccountView(viewModel: viewModel, theme: .ascii)

        #expect(viewModel.headline == "Signed in as ada")
        #expect(viewModel.details == ["User id: user_1"])
        await viewModel.refresh().value
        #expect(viewModel.unsentChangesLine == "2 changes have not reached the server yet.")

        let refused = await viewModel.signOut()?.value
        #expect(refused == .confirmationRequired(.count(2)))
        #expect(viewModel.needsConfirmation)
        #expect(viewModel.message?.kind == .warning)
        #expect(viewModel.message?.message.contains("Sign out anyway and lose them?") == true)
        let confirming = render(view)
        #expect(confirming.last?.contains("sign out anyway") == true)
        #expect(confirming.contains("Signed in as ada"))

        #expect(view.handle(.character("n")) == .handled)
        #expect(!viewModel.needsConfirmation)
        #expect(viewModel.confirmSignOut() == nil)

        #expect(await viewModel.signOut()?.value == .confirmationRequired(.count(2)))
        harness.transport.enqueue(.noContent)
        let outcome = await viewModel.confirmSignOut()?.value

        #expect(outcome?.didSignOut == true)
        #expect(viewModel.headline == "Not signed in")
        #expect(viewModel.message?.kind == .info)
        #expect(viewModel.message?.message.hasPrefix("Signed out of ada.") == true)
        #expect(render(view).joinedText.contains("2 changes that had not reached the server were discarded"))
    }

    @Test func anEndedSessionShowsItsNotice() async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        try await harness.signIn(feature)
        _ = try? await harness.sendAuthenticatedRequest(answeredWith: 401)
        let viewModel = AccountViewModel(feature: feature)

        #expect(viewModel.headline == "Not signed in")
        #expect(viewModel.message?.kind == .warning)
        #expect(viewModel.message?.message.contains("Your session as ada has ended") == true)
    }

    private func render(_ view: AccountView) -> [String] {
        let lines = view.render(size: TerminalSize(columns: 60, rows: 20))
        #expect(lines.count == 20)
        #expect(lines.allSatisfy { $0.width <= 60 })
        return lines.map(\.plainText)
    }
}

extension [String] {
    /// The lines as one text, wrapped words joined again and runs of spaces collapsed.
    var joinedText: String {
        joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
