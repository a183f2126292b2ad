import Foundation

/// The shared cache's base URL, checked once wherever it comes from (`--cache-url`, `MODULES_CACHE_URL`,
/// `cache.url`): an absolute `http` or `https` URL (RFC 3986) with a host, a port from 1 to 65535 when one is given,
/// and no user information, query or fragment. Credentials never travel in the URL: a URL is printed in warnings
/// and kept in shell histories, so they come from the environment variable `cache.credentials` names.
enum CacheURL {
    /// Why `text` is not a usable cache URL, or nil when it is. The reason never repeats a password.
    static func problem(_ text: String) -> String? {
        // RFC 3986 §2: spaces and control characters are never part of a URL (libcurl refuses them as well).
        if let bad = text.unicodeScalars.first(where: {
            $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
        }) {
            return "'\(redacted(text))' contains U+\(String(bad.value, radix: 16, uppercase: true)), which a URL cannot"
                + " (percent-encode it)"
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            return "'\(redacted(text))' is not a URL"
        }
        guard scheme == "http" || scheme == "https" else {
            return "it must start with http:// or https://, not '\(redacted(text))'"
        }
        if components.user != nil || components.password != nil {
            return "it must not carry credentials ('\(redacted(text))'); put them in the environment variable that "
                + "cache.credentials in modules.json names"
        }
        guard let host = components.host, !host.isEmpty else {
            return "'\(text)' names no host"
        }
        if let port = components.port, !(1...65535).contains(port) {
            return "'\(text)' has port \(port), outside 1 to 65535"
        }
        if components.query != nil || components.fragment != nil {
            return "'\(text)' must have no query or fragment"
        }
        return nil
    }

    /// `text` with the password of its user information (`user:password@`) replaced by `***`.
    static func redacted(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://"),
            let at = text[schemeEnd.upperBound...].firstIndex(of: "@"),
            !text[schemeEnd.upperBound..<at].contains("/")
        else { return text }
        let userInfo = text[schemeEnd.upperBound..<at]
        let user = userInfo.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        return String(text[..<schemeEnd.upperBound]) + user + ":***" + String(text[at...])
    }
}
