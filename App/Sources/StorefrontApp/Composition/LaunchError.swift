/// The app cannot start: the storage roots or the log cannot be set up. The message is one line for the user.
public struct LaunchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// Creates the error.
    public init(_ description: String) {
        self.description = description
    }
}
