/// A message a screen shows in a banner: what kind it is and its text, ready to show.
public struct ScreenMessage: Sendable, Hashable {
    /// How the banner presents the message.
    public enum Kind: Sendable, Hashable {
        /// Information: nothing is wrong.
        case info
        /// Something needs attention.
        case warning
        /// Something failed.
        case error
    }

    /// How the banner presents the message.
    public let kind: Kind
    /// The message.
    public let text: String

    /// Creates a message.
    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }
}
