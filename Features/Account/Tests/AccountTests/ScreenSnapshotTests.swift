import DesignSystem
import FeatureKit
import Foundation
import NetworkingTestSupport
import SnapshotTestSupport
import TerminalUI
import Testing

@testable import Account

/// Every Account screen in its states at the four layouts of every screen (80x24, 120x40, 40x12 without colour,
/// 120x40 with 256 colours), as text and style grids in `Snapshots/` (`<Screen>.<state>.<layout>.snap`). The
/// screens show no times; the harness's scripted transport stands in for the server. Re-record with
/// `RECORD_SNAPSHOTS=1` (see DesignSystem/README.md, "Snapshot tests").
@MainActor
@Suite("Account screen snapshots", .timeLimit(.minutes(2)))
struct ScreenSnapshotTests {
    /// The sign-in screen: an empty field, the field with the reason the App asked for a sign-in, an empty name
    /// submitted, a typed name, a name at the API's length limit, a sign-in that failed offline, and signed in.
    enum SignInState: String, CaseIterable, Sendable {
        case empty, prompt, invalid, typed, long, offline
        case signedIn = "signed_in"
    }

    @Test("the sign-in screen", arguments: SignInState.allCases, SnapshotLayout.everyScreen)
    func signIn(state: SignInState, layout: SnapshotLayout) async throws {
        let harness = try Harness()
        let prompt = state == .prompt ? "Sign in to like posts." : nil
        let viewModel = SignInViewModel(feature: harness.makeFeature(), prompt: prompt, userName: "")
        switch state {
        case .empty, .prompt:
            break
        case .invalid:
            #expect(viewModel.submit() == nil)
        case .typed:
            viewModel.setUserName("ada")
        case .long:
            viewModel.setUserName(String(repeating: "lovelace", count: 9))
        case .offline:
            viewModel.setUserName("ada")
            harness.transport.enqueue(.failure(.notConnectedToInternet))
            #expect(await viewModel.submit()?.value == nil)
        case .signedIn:
            viewModel.setUserName("ada")
            harness.enqueueSession(token: "tok-ada-1")
            #expect(await viewModel.submit()?.value?.name == "ada")
        }
        let view = SignInView(viewModel: viewModel, theme: .unicode)
        expectSnapshot(of: view.render(size: layout.size), named: "SignIn.\(state.rawValue)", layout: layout)
    }

    /// The account screen: a guest, signed in with nothing unsent, signed in with unsent changes, and the
    /// question asked before a sign-out that would lose them.
    enum AccountState: String, CaseIterable, Sendable {
        case guest
        case signedIn = "signed_in"
        case unsent
        case confirmSignOut = "confirm_sign_out"
    }

    @Test("the account screen", arguments: AccountState.allCases, SnapshotLayout.everyScreen)
    func account(state: AccountState, layout: SnapshotLayout) async throws {
        let harness = try Harness()
        let feature = harness.makeFeature()
        if state != .guest {
            let user = try await harness.signIn(feature)
            if state != .signedIn {
                try await harness.storage.enqueueChanges(2, kind: "feed.like", for: user.storageAccount)
            }
        }
        let viewModel = AccountViewModel(feature: feature)
        await viewModel.refresh().value
        if state == .confirmSignOut {
            #expect(await viewModel.signOut()?.value == .confirmationRequired(.count(2)))
        }
        let view = AccountView(viewModel: viewModel, theme: .unicode)
        expectSnapshot(of: view.render(size: layout.size), named: "Account.\(state.rawValue)", layout: layout)
    }

    /// Issue 29's contract: every destination of the entry has snapshots, each under the screen name given here.
    @Test("every destination of the entry has a snapshot in each of its states at the four layouts")
    func everyDestinationHasSnapshots() {
        let screens = [AccountEntry.accountPattern: "Account", AccountEntry.signInPattern: "SignIn"]
        expectSnapshotCoverage(feature: AccountEntry.name, destinations: AccountDestination.patterns, screens: screens)
    }
}
