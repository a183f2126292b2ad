import Foundation
import Models

/// The one place deep links are read and written: `storefront://` URLs to `Route`s and back.
///
/// | link | route |
/// | --- | --- |
/// | `storefront://feed` | `.feed` |
/// | `storefront://post/ID` | `.post(ID)` |
/// | `storefront://product/ID` | `.product(ID)` |
/// | `storefront://search?q=TEXT` | `.search(query: TEXT)` (no `q`: an empty query) |
/// | `storefront://cart` | `.cart` |
/// | `storefront://checkout` | `.checkout` |
/// | `storefront://orders` | `.orders` |
/// | `storefront://orders/ID` | `.order(ID)` |
/// | `storefront://account` | `.account` |
/// | `storefront://sign-in` | `.signIn` |
///
/// The scheme and host are case-insensitive; an id is one percent-encoded path segment (`%2F` stays part of the id).
/// Unknown query items are ignored; anything else (another scheme, an unknown screen, a missing id, extra segments)
/// is refused with a reason, never guessed at.
public enum DeepLink {
    /// The URL scheme of the app's links.
    public static let scheme = "storefront"

    /// The route `text` links to.
    ///
    /// - Throws: `DeepLinkError` saying what is wrong with the link.
    public static func route(from text: String) throws(DeepLinkError) -> Route {
        guard let components = URLComponents(string: text), let scheme = components.scheme else {
            throw DeepLinkError(link: text, reason: "it is not a URL")
        }
        guard scheme.lowercased() == Self.scheme else {
            throw DeepLinkError(link: text, reason: "links start with \(Self.scheme)://")
        }
        let screen = (components.percentEncodedHost ?? "").lowercased()
        let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
            .dropFirst()
            .map(String.init)
        let ids = try segments.map { segment throws(DeepLinkError) -> String in
            guard let id = segment.removingPercentEncoding, !id.isEmpty else {
                throw DeepLinkError(link: text, reason: "'\(segment)' is not an id")
            }
            return id
        }
        switch (screen, ids.count) {
        case ("feed", 0): return .feed
        case ("post", 1): return .post(PostID(rawValue: ids[0]))
        case ("product", 1): return .product(ProductID(rawValue: ids[0]))
        case ("search", 0):
            return .search(query: components.queryItems?.first { $0.name == "q" }?.value ?? "")
        case ("cart", 0): return .cart
        case ("checkout", 0): return .checkout
        case ("orders", 0): return .orders
        case ("orders", 1): return .order(OrderID(rawValue: ids[0]))
        case ("account", 0): return .account
        case ("sign-in", 0): return .signIn
        case ("post", 0), ("product", 0):
            throw DeepLinkError(link: text, reason: "a \(screen) link needs an id: \(Self.scheme)://\(screen)/ID")
        case ("", _):
            throw DeepLinkError(link: text, reason: "the link names no screen")
        case (_, 0) where !knownScreens.contains(screen):
            throw DeepLinkError(link: text, reason: "there is no screen '\(screen)'")
        default:
            throw DeepLinkError(link: text, reason: "too many path segments for '\(screen)'")
        }
    }

    /// The link that opens `route` (`route(from:)` of it gives `route` back).
    public static func url(for route: Route) -> String {
        switch route {
        case .feed: return "\(scheme)://feed"
        case .post(let id): return "\(scheme)://post/\(encode(id.rawValue))"
        case .product(let id): return "\(scheme)://product/\(encode(id.rawValue))"
        case .search(let query):
            var components = URLComponents()
            components.queryItems = [URLQueryItem(name: "q", value: query)]
            let encoded = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
            return "\(scheme)://search?\(encoded)"
        case .cart: return "\(scheme)://cart"
        case .checkout: return "\(scheme)://checkout"
        case .orders: return "\(scheme)://orders"
        case .order(let id): return "\(scheme)://orders/\(encode(id.rawValue))"
        case .account: return "\(scheme)://account"
        case .signIn: return "\(scheme)://sign-in"
        }
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static let knownScreens: Set<String> = [
        "feed", "post", "product", "search", "cart", "checkout", "orders", "account", "sign-in",
    ]

    /// `id` as one path segment: everything but unreserved characters percent-encoded (RFC 3986 §2.3).
    private static func encode(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: unreserved) ?? id
    }
}

/// A deep link that names no route, with the reason.
public struct DeepLinkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The link as given.
    public let link: String
    /// Why it names no route.
    public let reason: String

    /// Creates the error.
    public init(link: String, reason: String) {
        self.link = link
        self.reason = reason
    }

    /// `cannot open 'storefront://nope': there is no screen 'nope'`.
    public var description: String { "cannot open '\(link)': \(reason)" }
}
