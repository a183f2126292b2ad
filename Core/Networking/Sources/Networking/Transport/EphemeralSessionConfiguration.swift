import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionConfiguration {
    /// The configuration of the live transports' sessions: ephemeral, keeping nothing between requests (no cookie
    /// storage, cookies neither sent nor stored, no URL cache, no credential storage), with an idle timeout of
    /// `idleTimeoutSeconds` (whole seconds, at least 1) and `additionalHeaders` on every request.
    static func storefrontEphemeral(idleTimeoutSeconds: Int, additionalHeaders: [String: String])
        -> URLSessionConfiguration
    {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = TimeInterval(max(idleTimeoutSeconds, 1))
        configuration.httpAdditionalHeaders = additionalHeaders.isEmpty ? nil : additionalHeaders
        return configuration
    }
}
