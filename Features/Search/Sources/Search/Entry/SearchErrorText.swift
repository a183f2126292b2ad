import FeatureKit
import Networking

extension SearchError: UserFacingError {
    /// The API's failure with its code; a full disk (of the saved products' store, or the server's own
    /// `disk_full`) as FeatureKit words it, naming the file; a product not saved offline as the network failure's
    /// sentence and code (`ErrorText.describe`: `You're offline. (offline)`, never the transport's `URLError`
    /// number) and that it is not saved (saved products that could not stand in likewise); or the description.
    public var userFacingDescription: String {
        if let network = networkDiskFull { return ErrorText.describe(network) }
        switch self {
        case .api(let apiError): return ErrorText.describe(apiError)
        case .diskFull(let full, _): return full.description
        case .productNotSaved(let network):
            return "\(ErrorText.describe(network)); the product is not saved on this device"
        case .savedProductsUnavailable(let reason, let network?):
            return "\(ErrorText.describe(network)); saved products unavailable: \(reason)"
        default: return description
        }
    }

    /// The API's code or failure kind; `disk_full` for a full disk (of the saved products' store, or the server's
    /// own `disk_full` when the saved products could not stand in); `saved_products_unavailable` offline; or, for a
    /// product not saved offline, the network failure's code (`offline`, `timeout`, `connection_dropped`, …), so a
    /// program tells a server that is not running from one that failed.
    public var errorCode: String {
        switch self {
        case .api(let apiError): return ErrorText.code(apiError)
        case .diskFull: return DiskFull.code
        case _ where networkDiskFull != nil: return DiskFull.code
        case .savedProductsUnavailable: return "saved_products_unavailable"
        case .productNotSaved(let network): return ErrorText.code(network)
        case .unexpected: return "unexpected"
        }
    }

    /// The id of the server's answer behind the error (`APIError.requestID`: the 404 of a product that does not
    /// exist, the 5xx the saved products stood in for), so `--json` errors carry `request_id` for 4xx and 5xx alike.
    public var requestID: String? {
        switch self {
        case .api(let error), .productNotSaved(let error): error.requestID
        case .savedProductsUnavailable(_, let network), .diskFull(_, let network): network?.requestID
        case .unexpected: nil
        }
    }

    /// The server's failure behind an offline answer when it was a full disk (`disk_full`, the embedded server's
    /// data on a full disk).
    private var networkDiskFull: APIError? {
        switch self {
        case .savedProductsUnavailable(_, let network?):
            return network.code == DiskFull.code ? network : nil
        case .productNotSaved(let network):
            return network.code == DiskFull.code ? network : nil
        default:
            return nil
        }
    }
}
