/// The forms of a request target (RFC 9112 §3.2) the server reads besides the usual origin-form (`/v1/feed?...`).
enum RequestTarget {
    /// An absolute-form target (`http://shop.example:8443/v1/feed`, RFC 9112 §3.2.2, which a server MUST accept)
    /// split into its path (`/` when it names none) and its authority; nil for any other form. The scheme is
    /// matched without regard to case (RFC 3986 §3.1); the query is not part of `target` (libmicrohttpd splits it
    /// off).
    static func absoluteForm(_ target: String) -> (path: String, authority: String)? {
        for scheme in ["http://", "https://"] {
            guard target.count > scheme.count, target.prefix(scheme.count).lowercased() == scheme else { continue }
            let rest = target.dropFirst(scheme.count)
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            let authority = String(rest[..<slash])
            guard !authority.isEmpty else { return nil }
            let path = String(rest[slash...])
            return (path.isEmpty ? "/" : path, authority)
        }
        return nil
    }
}
