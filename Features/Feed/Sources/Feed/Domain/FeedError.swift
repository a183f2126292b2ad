import FeatureKit
import Foundation
import Networking

/// Feed's local store could not be used (it cannot be opened, is corrupt, was written by a newer version, or a
/// statement failed). Only the operations that need the store fail with it; the store is never deleted or replaced.
public struct FeedStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the store reported, for logs (no stored values).
    public var reason: String
    /// The full disk behind the failure, when that is the cause (it names the file).
    public var diskFull: DiskFull?

    /// Creates the error.
    public init(reason: String, diskFull: DiskFull? = nil) {
        self.reason = reason
        self.diskFull = diskFull
    }

    /// The error wrapping `error`'s description, and the full disk in it when there is one.
    init(_ error: any Error) {
        self.init(reason: String(describing: error), diskFull: DiskFull(in: error))
    }

    /// `feed store unavailable: …`.
    public var description: String { "feed store unavailable: \(reason)" }
}

/// Why a feed operation failed, as the Feature keeps it in its state and a screen words it.
public struct FeedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure a screen tells apart.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The server could not be reached.
        case offline
        /// The answer did not arrive whole (the connection dropped, the body was cut short or over the cap) or TLS
        /// failed: said as such, never as being offline (`interruption` names the server's `host:port`).
        case interrupted
        /// The server took too long.
        case timedOut
        /// The server asks the app to slow down (429).
        case rateLimited
        /// The server failed (5xx).
        case server
        /// The post does not exist (any more).
        case notFound
        /// The action needs a signed-in user.
        case signInRequired
        /// Feed's local store cannot be used.
        case storeUnavailable
        /// Anything else: an answer the app did not expect.
        case unexpected
    }

    /// The kind of failure.
    public var kind: Kind
    /// The underlying error's description, for logs.
    public var detail: String
    /// The full disk behind a `storeUnavailable` failure, when that is the cause (it names the file).
    public var diskFull: DiskFull?
    /// What went wrong and with which server, for an `interrupted` failure (its `code` and `sentence`).
    public var interruption: TransferInterruption?

    /// Creates an error.
    public init(kind: Kind, detail: String, diskFull: DiskFull? = nil, interruption: TransferInterruption? = nil) {
        self.kind = kind
        self.detail = detail
        self.diskFull = diskFull
        self.interruption = interruption
    }

    /// The Feature's view of `error`: `APIError` by its category (an interrupted answer as `interrupted`, whatever
    /// its category), `FeedStoreError` as `storeUnavailable`; nil for a
    /// cancellation (`CancellationError`, or `APIError.cancelled` from the transport), which is never shown as an
    /// error.
    public init?(_ error: any Error) {
        switch error {
        case is CancellationError, APIError.cancelled:
            return nil
        case let error as FeedError:
            self = error
        case let error as FeedStoreError:
            self.init(kind: .storeUnavailable, detail: error.reason, diskFull: error.diskFull)
        case APIError.interrupted(let interruption):
            self.init(kind: .interrupted, detail: "\(error)", interruption: interruption)
        case let error as APIError:
            self.init(kind: Self.kind(of: error.category), detail: error.description)
        default:
            self.init(kind: .unexpected, detail: String(describing: error))
        }
    }

    /// `offline: transport failure (URLError -1009)`.
    public var description: String { "\(kind.rawValue): \(detail)" }

    private static func kind(of category: APIError.Category) -> Kind {
        switch category {
        case .offline: .offline
        case .timeout: .timedOut
        case .rateLimited: .rateLimited
        case .server: .server
        case .notFound: .notFound
        case .unauthorized: .signInRequired
        case .forbidden, .conflict, .invalidInput, .cancelled, .unexpected: .unexpected
        }
    }
}

/// The loading operations of the Feature that can fail.
public enum FeedOperation: String, Sendable, Hashable, CaseIterable {
    /// Fetching the first page again.
    case refresh
    /// Fetching the page after the loaded posts.
    case nextPage
}

/// The last loading failure the Feature shows: which operation failed and why.
public struct FeedFailure: Sendable, Hashable {
    /// The operation that failed.
    public var operation: FeedOperation
    /// Why it failed.
    public var error: FeedError

    /// Creates a failure.
    public init(operation: FeedOperation, error: FeedError) {
        self.operation = operation
        self.error = error
    }
}
