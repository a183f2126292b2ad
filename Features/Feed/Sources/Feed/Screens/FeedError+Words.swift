import Networking

extension FeedError {
    /// A sentence for the person using the app (never the technical detail): Networking's sentence for the
    /// failure's category (`APIError.Category.userMessage`), an interrupted answer's sentence naming `host:port`
    /// (`TransferInterruption.sentence`), the feed's own for what only the feed knows, or a full disk as FeatureKit
    /// words it, naming the file (`DiskFull.sentence`).
    public var userMessage: String {
        if let diskFull { return diskFull.sentence }
        if let interruption { return interruption.sentence }
        return switch kind {
        case .offline: APIError.Category.offline.userMessage
        case .interrupted: "The answer from the server did not arrive whole."
        case .timedOut: APIError.Category.timeout.userMessage
        case .rateLimited: APIError.Category.rateLimited.userMessage
        case .server: APIError.Category.server.userMessage
        case .notFound: "This post is no longer available."
        case .signInRequired: APIError.Category.unauthorized.userMessage
        case .storeUnavailable: "Saved posts are unavailable on this device."
        case .unexpected: APIError.Category.unexpected.userMessage
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
