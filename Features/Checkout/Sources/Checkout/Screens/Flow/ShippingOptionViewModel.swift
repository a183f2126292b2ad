import DesignSystem
import FeatureKit
import Observation
import TerminalUI

/// Step 3: the shipping options on offer, with prices and delivery times.
@MainActor
@Observable
public final class ShippingOptionViewModel {
    /// One option ready to show.
    public struct Item: Hashable, Sendable {
        /// The option's id.
        public let id: String
        /// `"Express"`.
        public let title: String
        /// `"€14.90 · 1 day"`.
        public let detail: String
    }

    /// The options, in the config's order (express only when the flag enables it).
    public let items: [Item]
    /// The option the keyboard is on.
    public private(set) var highlightedIndex: Int
    /// Why the flow could not go on last time, or nil.
    public private(set) var problem: String?

    @ObservationIgnored private let draft: CheckoutDraft
    @ObservationIgnored private let advance: @MainActor () async throws(CheckoutStepError) -> Void
    @ObservationIgnored private let back: @MainActor () -> Void

    init(
        draft: CheckoutDraft,
        options: [ShippingOption],
        format: DisplayFormat,
        advance: @escaping @MainActor () async throws(CheckoutStepError) -> Void,
        back: @escaping @MainActor () -> Void
    ) {
        self.draft = draft
        self.items = options.map { option in
            let days = option.days == 1 ? "1 day" : "\(option.days) days"
            return Item(id: option.id, title: option.title, detail: "\(format.money(option.price)) · \(days)")
        }
        self.highlightedIndex = options.firstIndex { $0.id == draft.shippingOptionID } ?? 0
        self.advance = advance
        self.back = back
    }

    /// The index of the chosen option, or nil.
    public var chosenIndex: Int? { items.firstIndex { $0.id == draft.shippingOptionID } }

    /// What the shipping step asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Move the highlight by `offset` options.
        case moveHighlight(by: Int)
        /// Choose the highlighted option and go on.
        case chooseHighlightedAndContinue
        /// Back to the address.
        case goBack
    }

    /// The step's one entry point: does `intent`, starting (and owning) the task of what waits.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .moveHighlight(let offset):
            moveHighlight(by: offset)
            return .handled
        case .chooseHighlightedAndContinue:
            return .started(Task { _ = await self.chooseHighlightedAndContinue() })
        case .goBack:
            goBack()
            return .handled
        }
    }

    /// Moves the highlight by `offset`, staying within the options.
    func moveHighlight(by offset: Int) {
        guard !items.isEmpty else { return }
        highlightedIndex = min(max(highlightedIndex + offset, 0), items.count - 1)
    }

    /// Chooses the option at `index`.
    public func choose(_ index: Int) {
        guard items.indices.contains(index) else { return }
        highlightedIndex = index
        draft.shippingOptionID = items[index].id
    }

    /// Chooses the highlighted option and goes on to payment.
    ///
    /// - Returns: Whether the flow moved on.
    @discardableResult
    func chooseHighlightedAndContinue() async -> Bool {
        choose(highlightedIndex)
        let failure = await StepAttempt.run(advance)
        problem = failure?.message
        return failure == nil
    }

    /// Goes back to the address.
    func goBack() { back() }
}
