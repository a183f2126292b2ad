/// A message a feed screen shows about its state (offline, a failure, sign-in), ready to render.
public struct FeedNotice: Sendable, Hashable {
    /// How serious the message is.
    public enum Tone: Sendable, Hashable {
        /// Information: nothing is wrong.
        case info
        /// Needs attention: stale posts, offline, the local store.
        case warning
        /// Something failed.
        case error
    }

    /// How serious the message is.
    public var tone: Tone
    /// The message, one or two sentences.
    public var message: String
    /// What the user can do, such as `"Press r to retry"`, or nil.
    public var actionHint: String?

    /// Creates a notice.
    public init(tone: Tone, message: String, actionHint: String? = nil) {
        self.tone = tone
        self.message = message
        self.actionHint = actionHint
    }
}

extension FeedError {
    /// A sentence for the person using the app (never the technical detail).
    public var userMessage: String {
        switch kind {
        case .offline: "You're offline."
        case .timedOut: "The server took too long to answer."
        case .rateLimited: "Too many requests; try again in a moment."
        case .server: "The server had a problem."
        case .notFound: "This post is no longer available."
        case .signInRequired: "Sign in to continue."
        case .storeUnavailable: "Saved posts are unavailable on this device."
        case .unexpected: "Something went wrong."
        }
    }
}

extension PostKind {
    /// The kind as a label: `"Photo"`, `"Video"`, `"Carousel"`, and `"Post"` for a kind this version does not know.
    public var label: String {
        switch self {
        case .photo: "Photo"
        case .video: "Video"
        case .carousel: "Carousel"
        case .unknown: "Post"
        }
    }
}
