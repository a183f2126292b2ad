import FeatureKit
import Networking

/// Why a search or a product could not be shown. Cancellation is never one of these: a cancelled call ends in
/// `CancellationError`, which screens ignore.
public enum SearchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server could not answer (or answered with an error) and no saved copy could stand in.
    case api(APIError)
    /// The saved products could not be read, because the account's store cannot be opened (`reason` says why:
    /// corrupt, newer schema, unreadable), when they were needed: the server could not be reached (`network`), or
    /// the next page of offline results was asked for (`network` is nil). The store is left as it is.
    case savedProductsUnavailable(reason: String, network: APIError?)
    /// The saved products could not be read because the disk of the account's store is full (`full` names the
    /// file), when they were needed as for `savedProductsUnavailable`.
    case diskFull(DiskFull, network: APIError?)
    /// The product is neither on the server (which could not be reached) nor among the saved products.
    case productNotSaved(network: APIError)
    /// Something the feature did not expect (a bug in a collaborator); `reason` is its description.
    case unexpected(reason: String)

    /// The user-facing category of the network failure behind the error (see `APIError.Category`): `.offline`
    /// for saved products that could not be read without a network failure, `.unexpected` for `unexpected`.
    public var category: APIError.Category {
        switch self {
        case .api(let error), .productNotSaved(let error):
            return error.category
        case .savedProductsUnavailable(_, let network), .diskFull(_, let network):
            return network?.category ?? .offline
        case .unexpected:
            return .unexpected
        }
    }

    /// A one-line summary for logs.
    public var description: String {
        switch self {
        case .api(let error):
            return "\(error)"
        case .savedProductsUnavailable(let reason, let network):
            return (network.map { "\($0); " } ?? "") + "saved products unavailable: \(reason)"
        case .diskFull(let full, let network):
            return (network.map { "\($0); " } ?? "") + "saved products unavailable: \(full)"
        case .productNotSaved(let network):
            return "\(network); the product is not saved for offline use"
        case .unexpected(let reason):
            return "unexpected: \(reason)"
        }
    }

    /// The failure to read the saved products: `diskFull` when `error` is (or wraps) a full disk, else
    /// `savedProductsUnavailable` with its description.
    static func savedProducts(_ error: any Error, network: APIError?) -> SearchError {
        if let full = DiskFull(in: error) { return .diskFull(full, network: network) }
        return .savedProductsUnavailable(reason: "\(error)", network: network)
    }

    /// Whether an API failure means the server could not be reached or could not answer now (offline, timeout,
    /// rate limited, 5xx), so that saved products may stand in; a rejected request (4xx), an undecodable answer or
    /// an interrupted one (`APIError.interrupted`: a dropped connection, a cut or oversized body, TLS) does not
    /// qualify: it is reported as it is, with its code and the sentence naming `host:port`, never as being offline.
    static func allowsSavedFallback(_ error: APIError) -> Bool {
        if case .interrupted = error { return false }
        switch error.category {
        case .offline, .timeout, .server, .rateLimited: return true
        default: return false
        }
    }
}
