/// What a view model's `send(_:)` did with one intent: whether it applied (a view then reports the key as handled),
/// and the task it started for work that waits, which the view model owns; tests may await it, a view never starts
/// one of its own.
public struct IntentOutcome: Sendable {
    /// Whether the intent applied (false: nothing to do, such as a like with nothing selected).
    public let isHandled: Bool
    /// The work it started, or nil when it finished at once.
    public let task: Task<Void, Never>?

    /// An outcome.
    public init(isHandled: Bool, task: Task<Void, Never>? = nil) {
        self.isHandled = isHandled
        self.task = task
    }

    /// Applied, with nothing left running.
    public static let handled = IntentOutcome(isHandled: true)
    /// Not applied.
    public static let ignored = IntentOutcome(isHandled: false)

    /// Applied, with `task` running.
    public static func started(_ task: Task<Void, Never>) -> IntentOutcome {
        IntentOutcome(isHandled: true, task: task)
    }
}
