import FeatureKit

extension SearchError: UserFacingError {
    /// The API's failure with its code, or the description.
    public var userFacingDescription: String {
        if case .api(let apiError) = self { return ErrorText.describe(apiError) }
        return description
    }
}
