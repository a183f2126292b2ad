import FeatureKit
import Observation

/// Step 6: the order being sent, and what came of it. A failure keeps the draft; "try again" sends the same
/// submission, so the server creates at most one order.
@MainActor
@Observable
public final class PlaceOrderViewModel {
    /// What the step shows.
    public enum Status: Hashable, Sendable {
        /// Confirmed, not sent in this session yet (a resumed checkout): sending uses the same submission.
        case ready
        /// On its way.
        case sending
        /// Placed: the order's id and total.
        case placed(orderID: String, total: String)
        /// Not placed: why, and whether trying again is offered.
        case failed(message: String, canRetry: Bool)
    }

    @ObservationIgnored private let placement: @MainActor () -> PlacementState
    @ObservationIgnored private let origin: @MainActor () -> PlacementOrigin
    @ObservationIgnored private let startOverAction: @MainActor () async -> Void
    @ObservationIgnored private let format: DisplayFormat
    @ObservationIgnored private let placeAction: @MainActor () async -> Void
    @ObservationIgnored private let backAction: @MainActor () -> Void
    @ObservationIgnored private let cancelAction: @MainActor () async -> Void

    init(
        placement: @escaping @MainActor () -> PlacementState,
        origin: @escaping @MainActor () -> PlacementOrigin,
        format: DisplayFormat,
        place: @escaping @MainActor () async -> Void,
        back: @escaping @MainActor () -> Void,
        startOver: @escaping @MainActor () async -> Void,
        cancel: @escaping @MainActor () async -> Void
    ) {
        self.placement = placement
        self.origin = origin
        self.startOverAction = startOver
        self.format = format
        self.placeAction = place
        self.backAction = back
        self.cancelAction = cancel
    }

    /// What to show.
    public var status: Status {
        switch placement() {
        case .notStarted: .ready
        case .placing: .sending
        case .placed(let order): .placed(orderID: order.id.rawValue, total: format.money(order.total))
        case .failed(let failure): .failed(message: failure.message, canRetry: failure.canRetry)
        }
    }

    /// For a placed order that is not this checkout's own submission, where it came from; nil otherwise.
    public var placedNote: String? {
        guard case .placed = placement() else { return nil }
        switch origin() {
        case .thisCheckout: return nil
        case .earlierSubmission: return "Your earlier order went through; nothing was ordered twice."
        case .anotherCheckout: return "Another checkout of this cart placed it; nothing was ordered twice."
        }
    }

    /// Whether starting over is offered: an earlier order's outcome is unknown and the order changed since.
    public var canStartOver: Bool {
        if case .failed(.earlierOutcomeUnknown) = placement() { return true }
        return false
    }

    /// What the send step asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Send the order (or try again).
        case place
        /// Place a new order although an earlier one's outcome is unknown.
        case startOver
        /// Back to the review.
        case goBack
        /// Leave the flow.
        case cancel
    }

    /// The step's one entry point: does `intent`, starting (and owning) the task of what waits.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .place: return .started(Task { await self.place() })
        case .startOver:
            guard canStartOver else { return .ignored }
            return .started(Task { await self.startOver() })
        case .goBack:
            goBack()
            return .handled
        case .cancel: return .started(Task { await self.cancel() })
        }
    }

    /// Sends this order as a new submission although the earlier one may still arrive (only when offered).
    func startOver() async {
        guard canStartOver else { return }
        await startOverAction()
    }

    /// Sends the order (or sends it again after a retryable failure), with the same submission id.
    func place() async {
        switch status {
        case .ready, .failed(_, true): await placeAction()
        case .sending, .placed, .failed: break
        }
    }

    /// Goes back to the review (not while sending).
    func goBack() {
        guard status != .sending else { return }
        backAction()
    }

    /// Leaves checkout (not while sending); the saved draft is deleted.
    func cancel() async { await cancelAction() }
}
