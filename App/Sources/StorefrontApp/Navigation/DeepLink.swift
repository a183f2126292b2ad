import FeatureKit
import Foundation
import Primitives

/// The one place deep links are read and written: `storefront://` URLs to `Route`s and back, over the route
/// patterns the entries registered.
///
/// A link is `storefront://<screen>/<id>/…?<parameter>=…`: the screen and the number of ids pick the one pattern
/// that owns it (`storefront://product/sku_12` is Search's product screen; `storefront://orders` and
/// `storefront://orders/ID` are two patterns of Checkout). `storefront open --help` lists every pattern.
///
/// The scheme and host are case-insensitive; an id is one percent-encoded path segment (`%2F` stays part of the id).
/// Query items the pattern does not declare are ignored; anything else (another scheme, an unknown screen, a missing
/// id, extra segments) is refused with a reason, never guessed at.
public struct DeepLink: Sendable {
    /// The URL scheme of the app's links.
    public static let scheme = "storefront"

    private let registry: FeatureRegistry

    /// Creates the parser over the registered patterns.
    public init(registry: FeatureRegistry) {
        self.registry = registry
    }

    /// The route `text` links to.
    ///
    /// - Throws: `DeepLinkError` saying what is wrong with the link.
    public func route(from text: String) throws(DeepLinkError) -> Route {
        guard let components = URLComponents(string: text), let scheme = components.scheme else {
            throw DeepLinkError(link: text, reason: "it is not a URL")
        }
        guard scheme.lowercased() == Self.scheme else {
            throw DeepLinkError(link: text, reason: "links start with \(Self.scheme)://")
        }
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil, components.port == nil
        else {
            throw DeepLinkError(link: text, reason: "a link names a screen, not a user or a port")
        }
        let screen = (components.percentEncodedHost ?? "").lowercased()
        var segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
            .dropFirst()
            .map(String.init)
        // One trailing slash (`storefront://feed/`, `…/product/sku_1/`) names the same screen.
        if segments.last == "" { segments.removeLast() }
        let ids = try segments.map { segment throws(DeepLinkError) -> String in
            // `.` and `..` (also percent-encoded) as an id would name this or the parent path on the server or on
            // disk (RFC 3986 §5.2.4), so like an empty one they are no id; an encoded `/` stays part of the id.
            guard let id = segment.removingPercentEncoding, !id.isEmpty, id != ".", id != ".." else {
                throw DeepLinkError(link: text, reason: "'\(segment)' is not an id")
            }
            try Self.refuseControlCharacters(in: id, link: text, what: "the id '\(segment)'")
            return id
        }
        guard !screen.isEmpty else {
            throw DeepLinkError(link: text, reason: "the link names no screen")
        }
        if let pattern = registry.pattern(screen: screen, idCount: ids.count) {
            var parameters: [String: String] = [:]
            for item in components.queryItems ?? [] where pattern.parameterNames.contains(item.name) {
                try Self.refuseControlCharacters(in: item.value ?? "", link: text, what: "the parameter '\(item.name)'")
                parameters[item.name] = item.value ?? ""
            }
            return pattern.route(ids: ids, parameters: parameters)
        }
        let known = registry.routePatterns.filter { $0.screen == screen }
        guard !known.isEmpty else {
            throw DeepLinkError(link: text, reason: "there is no screen '\(screen)'")
        }
        if let longer = known.first(where: { $0.idNames.count > ids.count }) {
            let missing = longer.idNames.count - ids.count
            throw DeepLinkError(
                link: text,
                reason: "a \(screen) link needs \(missing == 1 ? "an id" : "\(missing) ids"): \(longer.linkTemplate)")
        }
        throw DeepLinkError(link: text, reason: "too many path segments for '\(screen)'")
    }

    /// The link that opens `route` (`route(from:)` of it gives `route` back).
    public func url(for route: Route) -> String {
        var text = "\(Self.scheme)://\(route.screen)"
        for id in route.ids {
            text += "/" + Self.encode(id)
        }
        if !route.parameters.isEmpty {
            var components = URLComponents()
            components.queryItems = route.parameters.sorted { $0.key < $1.key }.map {
                URLQueryItem(name: $0.key, value: $0.value)
            }
            text += "?" + (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        }
        return text
    }

    /// A percent-encoded control character (`%00`, `%1B`) would reach the screen or a file name through the
    /// route's ids; such a link names no route.
    private static func refuseControlCharacters(in value: String, link: String, what: String) throws(DeepLinkError) {
        guard let scalar = ControlCharacters.first(in: value) else { return }
        throw DeepLinkError(
            link: link, reason: "\(what) contains the control character \(ControlCharacters.name(of: scalar))")
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

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
