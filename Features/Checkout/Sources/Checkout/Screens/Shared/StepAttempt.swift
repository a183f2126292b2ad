/// Runs a step's action (going on, confirming) for a view model and hands back what stopped it.
enum StepAttempt {
    /// Runs `action`.
    ///
    /// - Returns: nil when it went through; otherwise the `CheckoutStepError` that stopped it, whose `message` the
    ///   view model shows.
    @MainActor
    static func run(_ action: @MainActor () async throws(CheckoutStepError) -> Void) async -> CheckoutStepError? {
        do throws(CheckoutStepError) {
            try await action()
            return nil
        } catch {
            return error
        }
    }
}
