import Foundation

/// The one rule for image URLs that arrive from the server (a product's or a post's `image_url`).
public enum ImageURL {
    /// The URL when `wireValue` is an absolute `http` or `https` URL with a host, otherwise nil: a missing, empty,
    /// relative (`"//cdn/x.jpg"`, `"img/x.jpg"`), host-less (`"https://"`) or non-web (`"ftp://..."`) value is a
    /// broken image, shown as a placeholder, and never a reason to drop the item that carries it.
    public static func parse(_ wireValue: String?) -> URL? {
        guard let wireValue, let url = URL(string: wireValue),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            return nil
        }
        return url
    }
}
