import FeatureKit
import Observation

/// The offer to resume a saved checkout, shown when checkout starts and a draft was saved earlier.
@MainActor
@Observable
public final class ResumeDraftViewModel {
    /// `"Continue your checkout?"`.
    public let title = "Continue your checkout?"
    /// What was saved: `"Saved Jan 2, 2026 at 10:00 AM · 3 items · at Payment"`.
    public let detail: String
    /// Whether the saved order was already confirmed (resuming sends the same submission, never a second order).
    public let wasConfirmed: Bool

    @ObservationIgnored private let resumeAction: @MainActor () async -> Void
    @ObservationIgnored private let startOverAction: @MainActor () async -> Void
    @ObservationIgnored private let cancelAction: @MainActor () async -> Void

    init(
        saved: SavedCheckoutDraft,
        format: DisplayFormat,
        resume: @escaping @MainActor () async -> Void,
        startOver: @escaping @MainActor () async -> Void,
        cancel: @escaping @MainActor () async -> Void
    ) {
        let items = saved.itemCount == 1 ? "1 item" : "\(saved.itemCount) items"
        detail = "Saved \(format.dateTime(saved.savedAt)) · \(items) · at \(saved.step.title)"
        wasConfirmed = saved.submissionID != nil
        resumeAction = resume
        startOverAction = startOver
        cancelAction = cancel
    }

    /// What the resume step asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Resume the saved checkout.
        case resume
        /// Start a new checkout.
        case startOver
        /// Leave the flow.
        case cancel
    }

    /// The step's one entry point: does `intent` in a task it starts (and owns).
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .resume: .started(Task { await self.resume() })
        case .startOver: .started(Task { await self.startOver() })
        case .cancel: .started(Task { await self.cancel() })
        }
    }

    /// Continues the saved checkout where it was left.
    func resume() async { await resumeAction() }

    /// Deletes the saved checkout and starts a new one.
    func startOver() async { await startOverAction() }

    /// Leaves checkout; the saved draft stays for next time.
    func cancel() async { await cancelAction() }
}
