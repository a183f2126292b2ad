import Foundation

/// Where an image lives, relative to the API base: the key of both caches, stable while the embedded server's
/// port changes every launch.
public enum ImageLocation {
    /// The part of `url` after `base` (path and query, no leading slash), e.g. `v1/images/products/sku_1.jpg`, or
    /// nil when `url` is not under `base` (another scheme, host, port or path prefix). A `base` without a port
    /// stands for the API's host on whatever port it is served (the app's embedded backend: its client's base is a
    /// placeholder without a port, and its transport sends each request to the port of this launch), so then any
    /// port of that host matches.
    public static func relativePath(of url: URL, base: URL) -> String? {
        let absolute = url.absoluteURL
        guard let scheme = absolute.scheme?.lowercased(), scheme == base.scheme?.lowercased(),
            absolute.host?.lowercased() == base.host?.lowercased(), base.port == nil || absolute.port == base.port
        else { return nil }
        let basePath = directoryPath(of: base)
        let path = absolute.path
        guard path.hasPrefix(basePath), path.count > basePath.count else { return nil }
        var relative = String(path.dropFirst(basePath.count))
        if let query = absolute.query, !query.isEmpty { relative += "?" + query }
        return relative
    }

    /// The path (and query) on the server of the image at `relativePath` under `base`, as it appears in the image's
    /// URL: `/v1/images/posts/post_97.jpg` for `v1/images/posts/post_97.jpg` under `http://host:8080/`, or
    /// `/api/v1/images/posts/post_97.jpg` under `http://host/api`. Used where a person reads the location (error
    /// messages), never as a cache key.
    public static func serverPath(of relativePath: String, base: URL) -> String {
        directoryPath(of: base) + relativePath
    }

    /// The base's path with one trailing slash (`/` for a base without a path).
    private static func directoryPath(of base: URL) -> String {
        var basePath = base.path
        if !basePath.hasSuffix("/") { basePath += "/" }
        return basePath
    }
}
