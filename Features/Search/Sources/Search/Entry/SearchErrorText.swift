import FeatureKit

extension SearchError: UserFacingError {
    /// The API's failure with its code, or the description.
    public var userFacingDescription: String {
        if case .api(let apiError) = self { return ErrorText.describe(apiError) }
        return description
    }

    /// The API's code or failure kind, or `saved_products_unavailable` / `not_saved` offline.
    public var errorCode: String {
        switch self {
        case .api(let apiError): return ErrorText.code(apiError)
        case .savedProductsUnavailable: return "saved_products_unavailable"
        case .productNotSaved: return "not_saved"
        case .unexpected: return "unexpected"
        }
    }
}
