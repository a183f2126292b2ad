import Foundation

/// Where an image lives, relative to the API base: the key of both caches, stable while the embedded server's
/// port changes every launch.
public enum ImageLocation {
    /// The part of `url` after `base` (path and query, no leading slash), e.g. `v1/images/products/sku_1.jpg`, or
    /// nil when `url` is not under `base` (another host, port or path prefix). Relative URLs resolve against `base`.
    public static func relativePath(of url: URL, base: URL) -> String? {
        let absolute = url.absoluteURL
        guard let scheme = absolute.scheme?.lowercased(), scheme == base.scheme?.lowercased(),
            absolute.host?.lowercased() == base.host?.lowercased(), absolute.port == base.port
        else { return nil }
        var basePath = base.path
        if !basePath.hasSuffix("/") { basePath += "/" }
        let path = absolute.path
        guard path.hasPrefix(basePath), path.count > basePath.count else { return nil }
        var relative = String(path.dropFirst(basePath.count))
        if let query = absolute.query, !query.isEmpty { relative += "?" + query }
        return relative
    }
}
