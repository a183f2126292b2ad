/// A message for the status line: what happened, and whether it is a failure.
public struct AppNotice: Sendable, Hashable {
    /// The message.
    public let text: String
    /// Whether something failed.
    public let isError: Bool

    /// Creates a notice.
    public init(_ text: String, isError: Bool) {
        self.text = text
        self.isError = isError
    }
}
