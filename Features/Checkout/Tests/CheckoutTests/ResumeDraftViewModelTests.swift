import DesignSystem
import TerminalUI
import Testing

@testable import Checkout

@MainActor
@Suite("Resume offer", .timeLimit(.minutes(2)))
struct ResumeDraftViewModelTests {
    @Test("a confirmed draft says resuming will not order twice; n starts over")
    func confirmedDraft() async throws {
        let harness = try Harness()
        try await harness.leaveConfirmedDraft()
        harness.transport.enqueue(.apiError(status: 404, code: "not_found"))

        let second = harness.makeCoordinator()
        await second.start()
        let offer = try #require(second.screen.resumeOffer)
        #expect(offer.wasConfirmed)
        #expect(offer.detail.hasSuffix("3 items · at Placing your order"))
        let view = ResumeDraftView(viewModel: offer, theme: .ascii, keyMap: .defaults)
        #expect(plainText(view).contains("Resuming will not order twice"))

        await offer.startOver()
        #expect(second.step == .reviewCart)
        #expect(try await harness.drafts.latest() == nil)
        #expect(view.handle(.character("z")) == .ignored)
    }
}
